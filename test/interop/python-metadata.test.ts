/**
 * Metadata-only reads through the python client (/usr/bin/python3 with the `kubernetes` package)
 * against orch-apiserver over HTTP: the Accept headers a metadata informer sends, for a list
 * (paged too), a get and a watch, and the 406 of a single-object form asked of a list. The
 * script is python/metadata_only.py.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PYTHON, runPython } from '../support/python.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';

const SCRIPT = fileURLToPath(new URL('./python/metadata_only.py', import.meta.url));

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server?.shutdown();
});

const partial = (kind: string) => ({ kind, apiVersion: 'meta.k8s.io/v1', keys: ['apiVersion', 'kind', 'metadata'] });

it('the python client gets metadata only: list, page, get, watch, and a 406 for the wrong form', async () => {
  expect(existsSync(PYTHON), `${PYTHON} (with the kubernetes package) is needed`).toBe(true);
  const { code, stdout, stderr } = await runPython(SCRIPT, server.url);
  expect(code, stderr).toBe(0);
  expect(JSON.parse(stdout)).toEqual({
    list: { kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1', keys: ['apiVersion', 'items', 'kind', 'metadata'] },
    listHasResourceVersion: true,
    items: [
      { ...partial('PartialObjectMetadata'), name: 'm1', labels: { app: 'm1' } },
      { ...partial('PartialObjectMetadata'), name: 'm2', labels: { app: 'm2' } },
    ],
    page: { items: 1, hasContinue: true },
    get: { ...partial('PartialObjectMetadata'), name: 'm1' },
    mismatch: {
      status: 406,
      message: 'you requested PartialObjectMetadata, but the requested object is a list (*core.ConfigMapList)',
    },
    watchContentType: 'application/json',
    watch: { ...partial('PartialObjectMetadata'), type: 'ADDED', name: 'm3' },
  });
});
