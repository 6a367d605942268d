/**
 * The one error type the patch functions throw. It is a StatusError, so a handler that lets it
 * escape still answers with the status the real platform sends for the same failure.
 */
import { StatusError, type StatusCause } from '../errors/status-error.ts';

/** What the real platform says in place of the detail when it answers 422 to a patch. */
const GENERIC_UNPROCESSABLE = 'the server rejected our request due to an error in our request';

export class PatchError extends StatusError {
  /** Index of the failing JSON patch operation, when one operation is to blame. */
  readonly operation: number | undefined;
  /** The specific failure, also kept in `message`. */
  readonly detail: string;

  private constructor(code: number, reason: string, wireMessage: string, detail: string, causes?: StatusCause[], operation?: number) {
    super(code, reason, wireMessage, causes ? { causes } : undefined);
    this.name = 'PatchError';
    this.detail = detail;
    this.operation = operation;
    // The wire message of a 422 is generic (kubectl prints it as is); the detail travels as the
    // cause, but callers and logs want the specific text.
    this.message = detail;
  }

  /** 400: the patch document itself is malformed. */
  static malformed(detail: string): PatchError {
    return new PatchError(400, 'BadRequest', detail, detail);
  }

  /**
   * 422: a well-formed patch that cannot apply. Shaped like the real platform's answer
   * (NewGenericServerResponse): reason Invalid, a generic message, the detail as the cause.
   */
  static unprocessable(detail: string, operation?: number): PatchError {
    return new PatchError(
      422,
      'Invalid',
      GENERIC_UNPROCESSABLE,
      detail,
      [{ reason: 'UnexpectedServerResponse', message: detail }],
      operation,
    );
  }

  /** 413: more work than the platform accepts in one patch. */
  static tooLargeRequest(detail: string): PatchError {
    const message = `Request entity too large: ${detail}`;
    return new PatchError(413, 'RequestEntityTooLarge', message, message);
  }

  /** 500: not the client's fault (a stored object or a schema the patch code cannot use). */
  static internalError(detail: string): PatchError {
    return new PatchError(500, 'InternalError', `Internal error occurred: ${detail}`, detail, [{ message: detail }]);
  }
}

/**
 * Runs a recursive patch step. Documents nested deeper than the JS stack allows would otherwise
 * surface as a RangeError; the real platform refuses such documents while decoding them.
 */
export function guardDepth<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw PatchError.malformed('the patch or the object is nested too deeply');
    }
    throw e;
  }
}
