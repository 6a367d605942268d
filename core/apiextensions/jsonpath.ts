/**
 * The JSONPath subset CRDs use (printer columns, scale paths, selectable fields): member access
 * (`.spec.replicas`, `['a.b']`), indexes (`[0]`, `[-1]`), wildcards (`[*]`) and equality filters
 * (`[?(@.type=="Ready")]`), written without the surrounding braces.
 */
import { isObject, type JsonValue } from '../util/json.ts';

type Step =
  | { readonly kind: 'member'; readonly name: string }
  | { readonly kind: 'index'; readonly index: number }
  | { readonly kind: 'all' }
  | { readonly kind: 'filter'; readonly path: readonly string[]; readonly equals: JsonValue };

/** `.spec.replicas` → `['spec', 'replicas']`; undefined for anything but dotted member names. */
export function parseSimplePath(path: string): string[] | undefined {
  if (!path.startsWith('.') || path === '.') return undefined;
  const parts = path.slice(1).split('.');
  return parts.every((p) => /^[A-Za-z0-9_$-]+$/.test(p)) ? parts : undefined;
}

const parsed = new Map<string, Step[] | null>();

function parse(path: string): Step[] | null {
  const steps: Step[] = [];
  let i = 0;
  let p = path.trim();
  if (p.startsWith('{') && p.endsWith('}')) p = p.slice(1, -1);
  if (p.startsWith('$')) p = p.slice(1);
  while (i < p.length) {
    if (p[i] === '.') {
      i++;
      let j = i;
      while (j < p.length && p[j] !== '.' && p[j] !== '[') j++;
      if (j > i) steps.push({ kind: 'member', name: p.slice(i, j) });
      i = j;
    } else if (p[i] === '[') {
      const end = p.indexOf(']', i);
      if (end < 0) return null;
      const inner = p.slice(i + 1, end).trim();
      i = end + 1;
      if (inner === '*') steps.push({ kind: 'all' });
      else if (/^-?\d+$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
      else if (/^'.*'$|^".*"$/.test(inner)) steps.push({ kind: 'member', name: inner.slice(1, -1) });
      else {
        const m = /^\?\(@((?:\.[A-Za-z0-9_$-]+)+)\s*==\s*(.+)\)$/.exec(inner);
        if (!m) return null;
        let equals: JsonValue;
        const lit = m[2].trim();
        if (/^'.*'$/.test(lit)) equals = lit.slice(1, -1);
        else {
          try {
            equals = JSON.parse(lit) as JsonValue;
          } catch {
            return null;
          }
        }
        steps.push({ kind: 'filter', path: m[1].slice(1).split('.'), equals });
      }
    } else return null;
  }
  return steps;
}

/** Every value the path selects in `root` (none when a member is missing). */
export function evaluate(root: JsonValue, path: string): JsonValue[] {
  let steps = parsed.get(path);
  if (steps === undefined) parsed.set(path, (steps = parse(path)));
  if (!steps) return [];
  let current: JsonValue[] = [root];
  for (const step of steps) {
    const next: JsonValue[] = [];
    for (const v of current) {
      switch (step.kind) {
        case 'member':
          if (isObject(v) && Object.hasOwn(v, step.name)) next.push(v[step.name]);
          break;
        case 'index':
          if (Array.isArray(v)) {
            const at = step.index < 0 ? v.length + step.index : step.index;
            if (at >= 0 && at < v.length) next.push(v[at]);
          }
          break;
        case 'all':
          if (Array.isArray(v)) next.push(...v);
          else if (isObject(v)) next.push(...Object.values(v));
          break;
        case 'filter':
          if (Array.isArray(v)) {
            for (const item of v) {
              let x: JsonValue | undefined = item;
              for (const k of step.path) x = isObject(x) ? x[k] : undefined;
              if (x !== undefined && JSON.stringify(x) === JSON.stringify(step.equals)) next.push(item);
            }
          }
          break;
      }
    }
    current = next;
  }
  return current;
}
