/**
 * Protobuf watch framing, as the real platform writes `;stream=watch`: a 4-byte big-endian length,
 * then a bare meta.v1.WatchEvent {1 type, 2 object: RawExtension {1 raw}} whose raw is the
 * object's complete envelope (magic bytes included).
 */
import { describe, expect, it } from 'vitest';
import {
  decodeEnvelope,
  decodeMessage,
  encodeWatchFrame,
  protobufSerializer,
  PROTOBUF_MAGIC,
  WatchFrameReader,
} from '../../../../core/codecs/protobuf/index.ts';
import { configMapKind } from '../../../../core/registry/kinds/configmap.ts';
import { Status } from '../../../../core/registry/types/meta-v1.ts';
import { ascii, hex, toHex } from '../../../support/hex.ts';

describe('protobuf watch frames', () => {
  it('frames one event: length prefix, then WatchEvent {type, object {raw}}', () => {
    const object = hex(ascii('xyz'));
    const expected = hex(
      '00 00 00 0e', //                    length 14, big-endian
      '0a 05',
      ascii('ADDED'), //           1 type
      '12 05 0a 03',
      ascii('xyz'), //       2 object: RawExtension {1 raw}
    );
    expect(toHex(encodeWatchFrame('ADDED', object))).toBe(toHex(expected));
  });

  it('reads frames whatever the chunk boundaries', () => {
    const stream = new Uint8Array([...encodeWatchFrame('ADDED', hex('01')), ...encodeWatchFrame('DELETED', hex('02 03'))]);
    const reader = new WatchFrameReader();
    const got = [];
    for (const b of stream) got.push(...reader.push(Uint8Array.of(b)));
    expect(got.map((f) => [f.type, toHex(f.object)])).toEqual([
      ['ADDED', '01'],
      ['DELETED', '02 03'],
    ]);
    expect(reader.buffered).toBe(0);
  });

  it('an event object is a full envelope, so clients decode it like a GET answer', () => {
    const json = JSON.stringify({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name: 'a', creationTimestamp: null },
      data: { k: 'v' },
    });
    const [frame] = new WatchFrameReader().push(
      protobufSerializer.encodeWatchEvent('MODIFIED', json, { def: configMapKind, pretty: false }),
    );
    expect(frame.type).toBe('MODIFIED');
    expect(frame.object.subarray(0, 4)).toEqual(PROTOBUF_MAGIC);
    const env = decodeEnvelope(frame.object);
    expect(decodeMessage(env.raw, configMapKind.schema)).toEqual({ metadata: { name: 'a', creationTimestamp: null }, data: { k: 'v' } });
  });

  it('a BOOKMARK carries an object of the kind holding only the resourceVersion', () => {
    const json = JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: '12' } });
    const [frame] = new WatchFrameReader().push(
      protobufSerializer.encodeWatchEvent('BOOKMARK', json, { def: configMapKind, pretty: false }),
    );
    const env = decodeEnvelope(frame.object);
    expect([frame.type, env.kind]).toEqual(['BOOKMARK', 'ConfigMap']);
    expect(decodeMessage(env.raw, configMapKind.schema)).toEqual({ metadata: { resourceVersion: '12', creationTimestamp: null } });
  });

  it('an ERROR carries a Status', () => {
    const json = JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'too old resource version: 1 (5)',
      reason: 'Expired',
      code: 410,
    });
    const [frame] = new WatchFrameReader().push(protobufSerializer.encodeWatchEvent('ERROR', json, { def: configMapKind, pretty: false }));
    const env = decodeEnvelope(frame.object);
    expect(env.kind).toBe('Status');
    expect(decodeMessage(env.raw, Status)).toMatchObject({ reason: 'Expired', code: 410 });
  });
});
