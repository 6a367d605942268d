/**
 * A boolean query parameter (`watch`, `allowWatchBookmarks`, `force`, `orphanDependents`, …) as
 * the real platform's parameter codec reads it: `0` and `false` (any case) are false, anything
 * else is true, the empty value and `yes` included. Never an error. (`pretty` is the exception,
 * read by strconv.ParseBool: see isPrettyPrint.)
 */
export function queryBool(value: string): boolean {
  return value !== '0' && value.toLowerCase() !== 'false';
}
