/** RFC 6901 JSON pointers, as JSON patch (RFC 6902) uses them. */

/** Why a pointer or an array index is unusable; the caller words the error. */
export class PointerError extends Error {}

/** Splits a pointer into unescaped reference tokens; `""` is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PointerError(`JSON pointer ${JSON.stringify(pointer)} does not start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      if (/~(?![01])/.test(token))
        throw new PointerError(`JSON pointer ${JSON.stringify(pointer)} has an invalid escape (only ~0 and ~1 exist)`);
      // ~1 first: "~01" is the literal "~1", not "/".
      return token.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

/** An array index token: digits without a leading zero (RFC 6901 section 4); never `1e0`, `-1`, `01`. */
export function arrayIndex(token: string, length: number, allowEnd: boolean): number {
  if (token === '-') {
    if (allowEnd) return length;
    throw new PointerError('"-" names the element after the last one, which does not exist here');
  }
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PointerError(`${JSON.stringify(token)} is not an array index`);
  const index = Number(token);
  const limit = allowEnd ? length : length - 1;
  if (index > limit) throw new PointerError(`index ${token} is out of bounds (array length ${length})`);
  return index;
}
