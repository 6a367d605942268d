/**
 * Property names as CEL sees them. The real platform escapes `__`, `.`, `-` and `/`, wraps CEL
 * reserved words in underscores, and hides properties whose names cannot be escaped.
 */

const RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);

const IDENT = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

/** The CEL field name of a property, or undefined when the property is not reachable from CEL. */
export function escapeName(name: string): string | undefined {
  if (RESERVED.has(name)) return `__${name}__`;
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '_' && name[i + 1] === '_') {
      out += '__underscores__';
      i++;
    } else if (c === '.') out += '__dot__';
    else if (c === '-') out += '__dash__';
    else if (c === '/') out += '__slash__';
    else if (/[_a-zA-Z0-9]/.test(c)) out += c;
    else return undefined;
  }
  return IDENT.test(out) ? out : undefined;
}
