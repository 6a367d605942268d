/**
 * Takes a protobuf answer apart for the envelope picture: the magic bytes, then the fields of
 * the runtime.Unknown envelope (TypeMeta with apiVersion and kind, the raw object, content
 * encoding and type), each with its offset, tag and length bytes.
 */
import { BinaryReader } from '@bufbuild/protobuf/wire';

export interface Segment {
  readonly from: number;
  readonly to: number;
  /** What these bytes are. */
  readonly label: string;
  /** Their value, where it is text. */
  readonly value?: string;
  readonly part: 'magic' | 'tag' | 'typemeta' | 'raw' | 'string';
}

const FIELDS: Record<number, string> = { 1: 'typeMeta', 2: 'raw (the object)', 3: 'contentEncoding', 4: 'contentType' };
const decoder = new TextDecoder();

/** The envelope's segments; bytes that are not an envelope come back as one "raw" segment. */
export function envelopeSegments(bytes: Uint8Array): Segment[] {
  const magic = bytes.length >= 4 && bytes[0] === 0x6b && bytes[1] === 0x38 && bytes[2] === 0x73 && bytes[3] === 0;
  if (!magic) return [{ from: 0, to: bytes.length, label: 'not an envelope', part: 'raw' }];
  const out: Segment[] = [{ from: 0, to: 4, label: 'magic "k8s\\0"', part: 'magic' }];
  const r = new BinaryReader(bytes.subarray(4));
  try {
    while (r.pos < r.len) {
      const start = r.pos + 4;
      const [no] = r.tag();
      const content = r.bytes();
      const end = r.pos + 4;
      const at = end - content.length;
      const name = FIELDS[no] ?? `field ${no}`;
      out.push({ from: start, to: at, label: `field ${no} (${name}): tag and length ${content.length}`, part: 'tag' });
      if (no === 1) {
        const tm = new BinaryReader(content);
        while (tm.pos < tm.len) {
          const s = at + tm.pos;
          const [n] = tm.tag();
          const v = tm.string();
          out.push({
            from: s,
            to: at + tm.pos,
            label: n === 1 ? 'typeMeta.apiVersion' : n === 2 ? 'typeMeta.kind' : `typeMeta field ${n}`,
            value: v,
            part: 'typemeta',
          });
        }
      } else if (no === 2) {
        out.push({ from: at, to: end, label: `raw: the ConfigMap message (${content.length} bytes)`, part: 'raw' });
      } else {
        out.push({ from: at, to: end, label: name, value: decoder.decode(content), part: 'string' });
      }
    }
  } catch {
    out.push({ from: out.at(-1)?.to ?? 4, to: bytes.length, label: 'bytes that do not parse', part: 'raw' });
  }
  return out;
}
