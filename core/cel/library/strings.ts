/**
 * The string extensions CRD authors use that cel-js lacks (it has lowerAscii, upperAscii, trim,
 * indexOf, lastIndexOf, substring, split and join): charAt, replace, reverse, strings.quote and
 * format.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { celError } from './errors.ts';
import { registerNamespace } from './namespace.ts';

function replace(s: string, from: string, to: string, n: bigint): string {
  if (n < 0n) return s.split(from).join(to);
  let out = '';
  let rest = s;
  for (let i = 0n; i < n; i++) {
    const at = rest.indexOf(from);
    if (at < 0) break;
    out += rest.slice(0, at) + to;
    rest = rest.slice(at + Math.max(from.length, 1));
    if (from.length === 0) out += s[s.length - rest.length - 1] ?? '';
  }
  return out + rest;
}

function quote(s: string): string {
  let out = '"';
  for (const c of s) {
    switch (c) {
      case '"':
        out += '\\"';
        break;
      case '\\':
        out += '\\\\';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\r':
        out += '\\r';
        break;
      case '\t':
        out += '\\t';
        break;
      default:
        out += c;
    }
  }
  return `${out}"`;
}

/** How %s prints a value, as cel-go does. */
export function display(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return v.toISOString().replace('.000Z', 'Z');
  if (v instanceof Duration) return `${Number(v.valueOf()) / 1000}s`;
  if (Array.isArray(v)) return `[${v.map(display).join(', ')}]`;
  if (v instanceof Map) return `{${[...v].map(([k, e]) => `${display(k)}: ${display(e)}`).join(', ')}}`;
  if (v instanceof Uint8Array) return new TextDecoder().decode(v);
  return String(v);
}

function num(v: unknown, verb: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  throw celError(`error during formatting: ${verb} format verb requires a number`);
}

function format(fmt: string, args: readonly unknown[]): string {
  let out = '';
  let next = 0;
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    if (fmt[i + 1] === '%') {
      out += '%';
      i++;
      continue;
    }
    const m = /^(?:\.(\d+))?([sdfeboxX])/.exec(fmt.slice(i + 1));
    if (!m) throw celError(`could not parse formatting clause: unrecognized formatting clause "${fmt[i + 1] ?? ''}"`);
    i += m[0].length;
    if (next >= args.length) throw celError(`index ${next} out of range`);
    const v = args[next++];
    const precision = m[1] === undefined ? undefined : Number(m[1]);
    switch (m[2]) {
      case 's':
        out += display(v);
        break;
      case 'd':
        if (typeof v !== 'bigint') throw celError('error during formatting: decimal clause can only be used on integers');
        out += v.toString();
        break;
      case 'f':
        out += num(v, 'fixed-point').toFixed(precision ?? 6);
        break;
      case 'e':
        out += num(v, 'scientific')
          .toExponential(precision ?? 6)
          .replace(/e([+-])(\d)$/, 'e$10$2');
        break;
      case 'b':
        out += typeof v === 'boolean' ? String(v) : BigInt(num(v, 'binary')).toString(2);
        break;
      case 'o':
        out += BigInt(num(v, 'octal')).toString(8);
        break;
      case 'x':
      case 'X': {
        let hex: string;
        if (typeof v === 'string') hex = [...new TextEncoder().encode(v)].map((b) => b.toString(16).padStart(2, '0')).join('');
        else if (v instanceof Uint8Array) hex = [...v].map((b) => b.toString(16).padStart(2, '0')).join('');
        else hex = BigInt(num(v, 'hex')).toString(16);
        out += m[2] === 'X' ? hex.toUpperCase() : hex;
        break;
      }
    }
  }
  return out;
}

export function registerStrings(env: Environment): void {
  env.registerFunction('string.charAt(int): string', (s: string, i: bigint) => {
    const chars = [...s];
    if (i < 0n || i > BigInt(chars.length)) throw celError(`index out of range: ${i}`);
    return chars[Number(i)] ?? '';
  });
  env.registerFunction('string.replace(string, string): string', (s: string, a: string, b: string) => replace(s, a, b, -1n));
  env.registerFunction('string.replace(string, string, int): string', (s: string, a: string, b: string, n: bigint) => replace(s, a, b, n));
  env.registerFunction('string.reverse(): string', (s: string) => [...s].reverse().join(''));
  env.registerFunction('string.format(list<dyn>): string', (s: string, args: readonly unknown[]) => format(s, args));
  registerNamespace(env, 'strings', 'kubernetes.StringsNamespace');
  env.registerFunction('kubernetes.StringsNamespace.quote(string): string', (_: unknown, s: string) => quote(s));
}
