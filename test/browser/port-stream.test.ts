/**
 * HTTP over a MessagePort (the Service Worker ⇄ API worker link, here both ends in one
 * page): answers arrive whole or streamed; a reader that stops reading stops the sender after a
 * window of chunks; cancelling the body cancels the request at the other end.
 */
import { expect } from 'chai';
import type { ApiRequest, ApiResponse } from '../../core/index.ts';
import { PortConnection } from '../../worker/service-worker/port-client.ts';
import { STREAM_WINDOW } from '../../worker/protocol/port-protocol.ts';
import { servePort } from '../../worker/shared-worker/port-server.ts';
import { describe, it } from './support/mocha.ts';

function link(handler: (req: ApiRequest) => Promise<ApiResponse>): PortConnection {
  const ch = new MessageChannel();
  servePort(ch.port1, handler);
  return new PortConnection(ch.port2);
}

/** A body producing numbered chunks on demand (as a watch produces events), counting them. */
function counted(total: number) {
  const state = { produced: 0, cancelled: false };
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (state.produced >= total) return c.close();
        c.enqueue(enc.encode(`${state.produced++}\n`));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, state };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('HTTP over a MessagePort', () => {
  it('carries the method, URL, headers and body to the server and its whole answer back', async () => {
    let seen: { method: string; url: string; ct: string | null; body: string } | undefined;
    const conn = link(async (req) => {
      seen = {
        method: req.method,
        url: String(req.url),
        ct: req.headers.get('content-type'),
        body: new TextDecoder().decode(await req.readBody(1024)),
      };
      return { status: 201, headers: { 'content-type': 'application/json', warning: ['299 - "a"', '299 - "b"'] }, body: '{"ok":true}' };
    });
    const res = await conn.forward(
      new Request('http://orch.test/api/v1/x?y=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"in":1}' }),
    );
    expect(seen).to.deep.equal({ method: 'POST', url: 'http://orch.test/api/v1/x?y=1', ct: 'application/json', body: '{"in":1}' });
    expect(res.status).to.equal(201);
    expect(res.statusText).to.equal('Created');
    expect(res.headers.get('warning')).to.equal('299 - "a", 299 - "b"');
    expect(await res.json()).to.deep.equal({ ok: true });
  });

  it('a body over the size limit is refused with 413 by the server side', async () => {
    const conn = link(async (req) => {
      try {
        await req.readBody(4);
        return { status: 200, headers: {}, body: 'read' };
      } catch (err) {
        return { status: (err as { status?: { code?: number } }).status?.code ?? 500, headers: {}, body: String(err) };
      }
    });
    const res = await conn.forward(new Request('http://orch.test/api', { method: 'POST', body: 'more than four bytes' }));
    expect(res.status).to.equal(413);
  });

  it(`a reader that stops reading holds the sender to ${STREAM_WINDOW} chunks ahead, then gets everything`, async () => {
    const { body, state } = counted(STREAM_WINDOW * 3);
    const conn = link(async () => ({ status: 200, headers: { 'content-type': 'application/json' }, body }));
    const res = await conn.forward(new Request('http://orch.test/api/v1/configmaps?watch=1'));
    await settle();
    expect(state.produced).to.be.at.most(STREAM_WINDOW + 2);
    const text = await res.text();
    expect(text.split('\n').filter(Boolean)).to.have.lengthOf(STREAM_WINDOW * 3);
  });

  it('cancelling the body cancels the stream at the server', async () => {
    const { body, state } = counted(1_000_000);
    const conn = link(async () => ({ status: 200, headers: {}, body }));
    const res = await conn.forward(new Request('http://orch.test/api/v1/configmaps?watch=1'));
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    for (let i = 0; i < 20 && !state.cancelled; i++) await settle();
    expect(state.cancelled).to.equal(true);
    expect(conn.inFlight).to.equal(0);
  });

  it('a failure of the server side is a network error in the page, not a hang', async () => {
    const conn = link(async () => {
      throw new Error('boom');
    });
    let err: unknown;
    try {
      await conn.forward(new Request('http://orch.test/api'));
    } catch (e) {
      err = e;
    }
    expect(String(err)).to.include('boom');
  });
});
