/**
 * Custom resources survive a restart of the server on the same storage: definitions stored
 * before are served as soon as the server is ready, with their objects. And they speak CBOR
 * where the gate turns it on.
 */
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../core/storage/memory-backend.ts';
import type { StorageBackend } from '../../../core/storage/backend.ts';
import { call, inProcess } from '../../support/targets.ts';
import { installCRD, WIDGETS, widget } from './crd-support.ts';

/** The backend, minus closing it: the next server opens the same objects. */
function kept(backend: MemoryBackend): StorageBackend {
  return new Proxy(backend, {
    get(target, prop) {
      if (prop === 'close') return async () => undefined;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

describe('custom resources across a restart', () => {
  it('are served as soon as the next server is ready', async () => {
    const backend = new MemoryBackend();
    const first = await inProcess({ storage: kept(backend) });
    await installCRD(first);
    expect((await call(first, 'POST', WIDGETS, widget('kept'))).status).toBe(201);
    await first.close();

    const second = await inProcess({ storage: kept(backend) });
    const got = await call(second, 'GET', `${WIDGETS}/kept`);
    expect(got.status).toBe(200);
    expect(got.body.spec).toEqual({ color: 'red', replicas: 1 });
    expect((await call(second, 'GET', '/apis/example.com/v1')).body.resources[0].name).toBe('widgets');
    await second.close();
  });
});

describe('custom resources in CBOR', () => {
  it('are read and written in CBOR with its gate', async () => {
    const t = await inProcess({ featureGates: 'CBORServingAndStorage=true' });
    await installCRD(t);
    await call(t, 'POST', WIDGETS, widget('cbor'));
    const res = await t.request(`${WIDGETS}/cbor`, { headers: { accept: 'application/cbor' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/cbor');
    expect(new Uint8Array(await res.arrayBuffer()).length).toBeGreaterThan(0);
    await t.close();
  });
});
