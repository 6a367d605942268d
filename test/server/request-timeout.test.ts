/**
 * A client that stops sending its body half-way gets what the real platform answers a request
 * that outlives `--request-timeout`: 504 Timeout, as a Status; its connection is closed, nothing
 * is stored, and the server goes on serving everyone else meanwhile. A body that arrives in time,
 * however slowly, is served as usual.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/index.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, idleCompaction: false, requestTimeoutMs: 400 });
});
afterAll(async () => {
  await server.shutdown();
});

const CM = '/api/v1/namespaces/default/configmaps';
const BODY = '{"metadata":{"name":"slow"},"data":{"k":"v"}}';

/** Sends the head and the body's first `sent` bytes, then waits; resolves with all the server wrote and whether it closed. */
function stall(sent: number, rest?: { afterMs: number }): Promise<{ text: string; closed: boolean; ms: number }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`POST ${CM} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n`);
      socket.write(BODY.slice(0, sent));
      if (rest) setTimeout(() => socket.write(BODY.slice(sent)), rest.afterMs);
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => {
      text += c;
      // An answer in time leaves the connection open: done once the whole answer is in.
      if (rest && /\r\n\r\n\{.*\}\n$/s.test(text)) {
        socket.destroy();
        resolve({ text, closed: false, ms: performance.now() - t0 });
      }
    });
    socket.on('close', () => resolve({ text, closed: true, ms: performance.now() - t0 }));
    socket.on('error', reject);
  });
}

describe('a body that stops arriving', () => {
  it('is answered 504 Timeout once the request timeout passes, and the connection is closed', async () => {
    const pending = stall(10);
    // Meanwhile the server serves others at once.
    const meanwhile = await fetch(`${server.url}${CM}`);
    expect(meanwhile.status).toBe(200);
    const r = await pending;
    expect(r.closed).toBe(true);
    expect(r.text).toMatch(/^HTTP\/1\.1 504 /);
    const body = JSON.parse(r.text.slice(r.text.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Timeout: request did not complete within requested timeout - context deadline exceeded',
      reason: 'Timeout',
      details: {},
      code: 504,
    });
    expect(((await (await fetch(`${server.url}${CM}`)).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it('a body that arrives slowly but in time is served', async () => {
    const r = await stall(10, { afterMs: 100 });
    expect(r.text).toMatch(/^HTTP\/1\.1 201 /);
    expect(((await (await fetch(`${server.url}${CM}/slow`)).json()) as { data: unknown }).data).toEqual({ k: 'v' });
  });
});
