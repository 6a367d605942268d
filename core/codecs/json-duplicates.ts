/**
 * Duplicate keys in a JSON text (JSON.parse silently keeps the last one). A cheap native-regex
 * count of keys is compared with the keys in the parsed value; only when they differ is the text
 * walked to name the duplicates, so a normal request pays almost nothing.
 */
import { isObject } from '../util/json.ts';

const TOKEN = /"(?:[^"\\]|\\.)*"(\s*:)?/g;

function countParsedKeys(v: unknown): number {
  if (Array.isArray(v)) {
    let n = 0;
    for (const x of v) n += countParsedKeys(x);
    return n;
  }
  if (isObject(v)) {
    let n = 0;
    for (const k of Object.keys(v)) n += 1 + countParsedKeys(v[k]);
    return n;
  }
  return 0;
}

export function findDuplicateKeys(text: string, parsed: unknown): string[] {
  let keys = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) if (m[1] !== undefined) keys++;
  if (keys === countParsedKeys(parsed)) return [];
  return walk(text);
}

/** A small JSON scanner that tracks key paths (only run when duplicates exist). */
function walk(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const seen = new Set<string>();
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        const key = readString();
        const p = path ? `${path}.${key}` : key;
        if (seen.has(key)) out.push(p);
        seen.add(key);
        ws();
        i++; // ':'
        value(p);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        i++; // '}'
        return;
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let n = 0; ; n++) {
        value(`${path}[${n}]`);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        i++;
        return;
      }
    } else if (c === '"') {
      readString();
    } else {
      while (i < text.length && !/[,}\]\s]/.test(text[i])) i++;
    }
  };
  value('');
  return out;
}
