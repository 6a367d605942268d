/**
 * What the real platform's CBOR decoder refuses and cbor-x lets through (its decode mode:
 * duplicate map keys, invalid UTF-8 text, NaN and infinities, the simple value `undefined`,
 * integers outside int64). One walk over the encoded items, before decoding; each problem is
 * worded as that decoder words it. Malformed input is left for the decoder to describe: the walk
 * stops where it cannot go on.
 */

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const INT64_MAX = 0x7fff_ffff_ffff_ffffn;

/** An open container: items still to come (-1: indefinite, until a break), and for a map its keys so far. */
interface Open {
  remaining: number;
  readonly map: boolean;
  /** Items done so far (in a map, even ones are keys). */
  index: number;
  readonly keys: Set<string> | undefined;
  /** The chunks of an indefinite-length string (each chunk is part of the string, not an item). */
  readonly chunks: boolean;
}

function halfToNumber(h: number): number {
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0x1f) return frac ? Number.NaN : Number.POSITIVE_INFINITY;
  return 1; // finite: the value does not matter here
}

export function cborStrictError(bytes: Uint8Array): string | undefined {
  const open: Open[] = [];
  const n = bytes.length;
  let i = 0;
  /** The item just finished: counts it in its container, and closes those that are now complete. */
  const done = (): void => {
    for (;;) {
      const top = open[open.length - 1];
      if (!top) return;
      top.index++;
      if (top.remaining < 0) return;
      if (--top.remaining > 0) return;
      open.pop();
    }
  };
  /** Whether the next item is a key of the innermost map. */
  const isKey = (): Open | undefined => {
    const top = open[open.length - 1];
    return top?.map && top.index % 2 === 0 ? top : undefined;
  };
  while (i < n) {
    const b = bytes[i++];
    if (b === 0xff) {
      const top = open.pop();
      if (!top || top.remaining !== -1) return undefined;
      done(); // the indefinite string, array or map it ends is one item
      continue;
    }
    const major = b >> 5;
    const info = b & 0x1f;
    let arg = BigInt(info);
    if (info >= 24 && info <= 27) {
      const size = 1 << (info - 24);
      if (i + size > n) return undefined;
      arg = 0n;
      for (let k = 0; k < size; k++) arg = (arg << 8n) | BigInt(bytes[i++]);
    } else if (info > 27 && info !== 31) return undefined;
    const indefinite = info === 31;
    switch (major) {
      case 0:
        if (arg > INT64_MAX) return `cbor: cannot unmarshal positive integer into Go value of type int64 (${arg} overflows Go's int64)`;
        done();
        break;
      case 1:
        if (arg > INT64_MAX) return `cbor: cannot unmarshal negative integer into Go value of type int64 (-1-${arg} overflows Go's int64)`;
        done();
        break;
      case 2:
      case 3: {
        if (indefinite) {
          open.push({ remaining: -1, map: false, index: 0, keys: undefined, chunks: true });
          break;
        }
        const end = i + Number(arg);
        if (end > n) return undefined;
        if (major === 3) {
          let text: string;
          try {
            text = strictUtf8.decode(bytes.subarray(i, end));
          } catch {
            return 'cbor: invalid UTF-8 string';
          }
          const map = isKey();
          if (map?.keys) {
            if (map.keys.has(text)) return `cbor: found duplicate map key ${JSON.stringify(text)} at map element index ${map.index / 2}`;
            map.keys.add(text);
          }
        }
        i = end;
        // A chunk of an indefinite string is part of that string, not an item.
        if (open[open.length - 1]?.chunks) break;
        done();
        break;
      }
      case 4:
      case 5: {
        const items = indefinite ? -1 : major === 5 ? Number(arg) * 2 : Number(arg);
        if (items === 0) {
          done();
          break;
        }
        open.push({ remaining: items, map: major === 5, index: 0, keys: major === 5 ? new Set() : undefined, chunks: false });
        break;
      }
      case 6:
        // A tag wraps the one item that follows.
        open.push({ remaining: 1, map: false, index: 0, keys: undefined, chunks: false });
        break;
      default: {
        // Major type 7: simple values and floats.
        if (info === 23) return 'cbor: data item of cbor type primitives is not accepted by protocol: simple value 23 is not recognized';
        let value = 0;
        if (info === 25) value = halfToNumber(Number(arg));
        else if (info === 26) value = new DataView(new Uint32Array([Number(arg)]).buffer).getFloat32(0, true);
        else if (info === 27) value = new DataView(new BigUint64Array([arg]).buffer).getFloat64(0, true);
        if (Number.isNaN(value)) return 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point NaN';
        if (!Number.isFinite(value)) return 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point infinity';
        done();
      }
    }
  }
  return undefined;
}
