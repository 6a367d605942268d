/**
 * What JSON.parse made of a body, as Go's decoders would have read it: every JSON body (a request
 * body, JSON under the YAML media type, a patch) goes through this one place after parsing.
 */
import { StatusError } from '../errors/status-error.ts';
import { inexactJsonNumber, inexactNumberMessage } from './exact-numbers.ts';
import { wellFormedStrings } from './well-formed.ts';

/**
 * `value`, parsed from `text`: a number a double would change is a 400 naming it (after
 * `prefix`, the caller's words for a decoding error), and lone surrogates become U+FFFD.
 */
export function asGoDecodes<T>(text: string, value: T, prefix: string): T {
  const inexact = inexactJsonNumber(text, value);
  if (inexact !== undefined) throw StatusError.badRequest(`${prefix}${inexactNumberMessage(inexact)}`);
  return wellFormedStrings(text, value);
}
