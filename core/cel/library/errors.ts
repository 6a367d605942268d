import { EvaluationError } from '@marcbachmann/cel-js';

/** A runtime error raised by a library function; cel-js attaches the call's position. */
export function celError(message: string): EvaluationError {
  return new EvaluationError(message);
}
