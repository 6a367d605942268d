/**
 * How a failure reaches the user: the real client's wording (`error: ...`, `Error from server
 * (Reason): ...`, the field list of an Invalid answer) and its exit code.
 */
import { ApiError } from '../controllers/runtime/client/index.ts';
import { IoError } from './io.ts';

/** A failure the command describes itself; `message` is printed as given (no prefix added). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** `error: <message>`, the usual wording of a client-side failure. */
export function usageError(message: string): CliError {
  return new CliError(`error: ${message}`);
}

/** The text printed for a failure (ending with a newline). */
export function errorText(err: unknown): string {
  const text = errorMessage(err);
  return text.endsWith('\n') ? text : `${text}\n`;
}

function errorMessage(err: unknown): string {
  if (err instanceof CliError) return err.message;
  if (err instanceof ApiError) return apiErrorText(err);
  if (err instanceof IoError) return err.message.startsWith('error: ') ? err.message : `error: ${err.message}`;
  const msg = err instanceof Error ? err.message : String(err);
  return msg.startsWith('error: ') ? msg : `error: ${msg}`;
}

export function apiErrorText(err: ApiError): string {
  const status = err.status;
  const details = status.details;
  if (err.code === 422 && details) {
    let head = 'The request is invalid';
    if (details.kind || details.name) head = `The ${details.kind ?? ''} "${details.name ?? ''}" is invalid`;
    const causes = details.causes ?? [];
    if (causes.length === 0) return head;
    const lines = causes.map((c) => (c.field ? `${c.field}: ${c.message ?? ''}` : (c.message ?? '')));
    return lines.length === 1 ? `${head}: ${lines[0]}` : `${head}: \n${lines.map((l) => `* ${l}`).join('\n')}`;
  }
  if (status.reason === 'Unauthorized') return `error: You must be logged in to the server (${status.message ?? ''})`;
  if (status.reason) return `Error from server (${status.reason}): ${status.message ?? ''}`;
  return `Error from server: ${status.message ?? ''}`;
}

export function exitCodeOf(err: unknown): number {
  return err instanceof CliError ? err.exitCode : 1;
}
