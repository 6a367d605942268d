/**
 * The protobuf envelope: the magic bytes `k8s\0` and a runtime.Unknown {typeMeta = 1
 * (runtime.TypeMeta: apiVersion = 1, kind = 2), raw = 2, contentEncoding = 3, contentType = 4}.
 * Go writes every Unknown field, the two empty strings included.
 */
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

export const PROTOBUF_MAGIC: Uint8Array = Uint8Array.of(0x6b, 0x38, 0x73, 0x00);

export interface TypeMeta {
  readonly apiVersion: string;
  readonly kind: string;
}

export interface Envelope extends TypeMeta {
  /** The object's message bytes. */
  readonly raw: Uint8Array;
  readonly contentEncoding: string;
  readonly contentType: string;
}

/** Bytes that are not an envelope; `message` is the real platform's wording. */
export class EnvelopeError extends Error {}

export function encodeEnvelope(typeMeta: TypeMeta, raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const w = new BinaryWriter();
  w.raw(PROTOBUF_MAGIC);
  w.tag(1, WireType.LengthDelimited).fork();
  w.tag(1, WireType.LengthDelimited).string(typeMeta.apiVersion);
  w.tag(2, WireType.LengthDelimited).string(typeMeta.kind);
  w.join();
  w.tag(2, WireType.LengthDelimited).bytes(raw);
  w.tag(3, WireType.LengthDelimited).string('');
  w.tag(4, WireType.LengthDelimited).string('');
  return w.finish();
}

const UNKNOWN_FIELDS: Readonly<Record<number, string>> = { 1: 'TypeMeta', 2: 'Raw', 3: 'ContentEncoding', 4: 'ContentType' };

export function hasMagic(bytes: Uint8Array): boolean {
  return bytes.length >= PROTOBUF_MAGIC.length && PROTOBUF_MAGIC.every((b, i) => bytes[i] === b);
}

export function decodeEnvelope(bytes: Uint8Array): Envelope {
  if (bytes.length === 0) throw new EnvelopeError('empty data');
  if (!hasMagic(bytes)) {
    throw new EnvelopeError(`provided data does not appear to be a protobuf message, expected prefix [${PROTOBUF_MAGIC.join(' ')}]`);
  }
  if (bytes.length === PROTOBUF_MAGIC.length) throw new EnvelopeError('empty body');
  let apiVersion = '';
  let kind = '';
  let raw: Uint8Array = new Uint8Array(0);
  let contentEncoding = '';
  let contentType = '';
  try {
    const r = new BinaryReader(bytes.subarray(PROTOBUF_MAGIC.length));
    while (r.pos < r.len) {
      const [no, wire] = r.tag();
      if (wire !== WireType.LengthDelimited) {
        const name = UNKNOWN_FIELDS[no];
        if (name) throw new EnvelopeError(`proto: wrong wireType = ${wire} for field ${name}`);
        r.skip(wire, no);
        continue;
      }
      if (no === 1) {
        const tm = new BinaryReader(r.bytes());
        while (tm.pos < tm.len) {
          const [tno, twire] = tm.tag();
          if (tno === 1 && twire === WireType.LengthDelimited) apiVersion = tm.string();
          else if (tno === 2 && twire === WireType.LengthDelimited) kind = tm.string();
          else tm.skip(twire, tno);
        }
      } else if (no === 2) raw = r.bytes();
      else if (no === 3) contentEncoding = r.string();
      else if (no === 4) contentType = r.string();
      else r.skip(wire, no);
    }
  } catch (err) {
    if (err instanceof EnvelopeError) throw err;
    throw new EnvelopeError(err instanceof RangeError ? 'unexpected EOF' : `proto: ${(err as Error).message}`);
  }
  return { apiVersion, kind, raw, contentEncoding, contentType };
}
