/**
 * Field selectors (`metadata.name=x,spec.nodeName!=y`): only `=`, `==` and `!=`, on the fields a
 * kind supports (metadata.name, metadata.namespace, plus the kind's own).
 */
import { SelectorParseError } from './label-selector.ts';

export interface FieldRequirement {
  readonly field: string;
  readonly operator: '=' | '!=';
  readonly value: string;
}

export interface FieldSelector {
  readonly requirements: readonly FieldRequirement[];
  readonly empty: boolean;
  matches(fields: (name: string) => string | undefined): boolean;
  /** The value this selector pins a field to with `=` (for indexed lookups such as metadata.name). */
  exact(field: string): string | undefined;
  toString(): string;
}

/** Splits on unescaped commas; values may escape `\,` `\=` `\\`. */
function splitTerms(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      cur += c + text[++i];
    } else if (c === ',') {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  out.push(cur);
  return out;
}

function unescapeValue(v: string): string {
  return v.replace(/\\(.)/g, (_, c: string) => {
    if (c === ',' || c === '=' || c === '\\') return c;
    throw new SelectorParseError(`invalid field selector: invalid escape sequence: \\${c}`);
  });
}

export function parseFieldSelector(text: string): FieldSelector {
  const reqs: FieldRequirement[] = [];
  if (text.trim() !== '') {
    for (const term of splitTerms(text)) {
      if (term === '') continue;
      const m = /^([^=!]*?)(==|!=|=)(.*)$/s.exec(term);
      if (!m) throw new SelectorParseError(`invalid selector: '${text}'; can't understand '${term}'`);
      const field = m[1].trim();
      const value = unescapeValue(m[3]);
      reqs.push({ field, operator: m[2] === '!=' ? '!=' : '=', value });
    }
  }
  return {
    requirements: reqs,
    empty: reqs.length === 0,
    matches: (get) =>
      reqs.every((r) => {
        const v = get(r.field) ?? '';
        return r.operator === '=' ? v === r.value : v !== r.value;
      }),
    exact: (field) => reqs.find((r) => r.field === field && r.operator === '=')?.value,
    toString: () => text,
  };
}
