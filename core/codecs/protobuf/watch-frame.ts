/**
 * Protobuf watch streams (`;stream=watch`), as the real platform frames them: each event is a
 * 4-byte big-endian length followed by a meta.v1.WatchEvent {type = 1, object = 2
 * RawExtension {raw = 1}}. The WatchEvent itself is written bare (the "raw" protobuf serializer,
 * no envelope); the object inside it is a complete envelope (magic bytes + Unknown), so a client
 * decodes each embedded object exactly like a GET answer.
 */
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

const LENGTH_BYTES = 4;

export interface WatchFrame {
  readonly type: string;
  /** The embedded object: envelope bytes. */
  readonly object: Uint8Array;
}

export function encodeWatchFrame(type: string, envelopedObject: Uint8Array): Uint8Array<ArrayBuffer> {
  const w = new BinaryWriter();
  w.raw(new Uint8Array(LENGTH_BYTES)); // room for the length prefix
  w.tag(1, WireType.LengthDelimited).string(type);
  w.tag(2, WireType.LengthDelimited).fork();
  w.tag(1, WireType.LengthDelimited).bytes(envelopedObject);
  w.join();
  const frame = w.finish();
  new DataView(frame.buffer, frame.byteOffset, frame.byteLength).setUint32(0, frame.length - LENGTH_BYTES, false);
  return frame;
}

/** Reads one WatchEvent message (without its length prefix). */
export function decodeWatchEvent(bytes: Uint8Array): WatchFrame {
  const r = new BinaryReader(bytes);
  let type = '';
  let object: Uint8Array = new Uint8Array(0);
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1 && wire === WireType.LengthDelimited) type = r.string();
    else if (no === 2 && wire === WireType.LengthDelimited) {
      const ext = new BinaryReader(r.bytes());
      while (ext.pos < ext.len) {
        const [eno, ewire] = ext.tag();
        if (eno === 1 && ewire === WireType.LengthDelimited) object = ext.bytes();
        else ext.skip(ewire, eno);
      }
    } else r.skip(wire, no);
  }
  return { type, object };
}

/** Splits a byte stream into watch frames, whatever the chunk boundaries. */
export class WatchFrameReader {
  private pending: Uint8Array = new Uint8Array(0);

  /** Adds received bytes; returns the events completed by them. */
  push(chunk: Uint8Array): WatchFrame[] {
    const buf = new Uint8Array(this.pending.length + chunk.length);
    buf.set(this.pending);
    buf.set(chunk, this.pending.length);
    const out: WatchFrame[] = [];
    let off = 0;
    while (buf.length - off >= LENGTH_BYTES) {
      const len = new DataView(buf.buffer, buf.byteOffset + off, LENGTH_BYTES).getUint32(0, false);
      if (buf.length - off - LENGTH_BYTES < len) break;
      out.push(decodeWatchEvent(buf.subarray(off + LENGTH_BYTES, off + LENGTH_BYTES + len)));
      off += LENGTH_BYTES + len;
    }
    this.pending = buf.slice(off);
    return out;
  }

  /** Bytes of an unfinished frame still waiting for the rest. */
  get buffered(): number {
    return this.pending.length;
  }
}
