/**
 * Code-point order, as Go's `sort.Strings` orders names. Not `localeCompare`: the real platform's
 * orderings are byte orders, and the first `localeCompare` call builds an ICU collator (~10 ms of a
 * server's start measured here).
 */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
