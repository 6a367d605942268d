/**
 * A failed request as the server described it: the `Status` it answered (or, when the body was
 * not a Status, one made from the HTTP code the way the real client does).
 */
import type { Status, StatusDetails } from '../../../core/registry/types/index.ts';
import { isStatus } from '../api/types.ts';

const REASONS: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Expired',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

export class ApiError extends Error {
  constructor(readonly status: Status) {
    super(status.message ?? `request failed with code ${status.code ?? 'unknown'}`);
    this.name = 'ApiError';
  }

  get code(): number {
    return this.status.code ?? 0;
  }
  get reason(): string {
    return this.status.reason ?? '';
  }
  get details(): StatusDetails | undefined {
    return this.status.details;
  }

  /** From a response body and HTTP code: the body's Status when it is one, else a Status made up. */
  static fromResponse(httpCode: number, body: string): ApiError {
    let parsed: unknown;
    try {
      parsed = body ? JSON.parse(body) : undefined;
    } catch {
      parsed = undefined;
    }
    if (isStatus(parsed) && parsed.status === 'Failure') {
      return new ApiError({ ...parsed, code: parsed.code ?? httpCode });
    }
    const message = body.trim()
      ? `the server responded with code ${httpCode}: ${body.trim().slice(0, 256)}`
      : `the server responded with code ${httpCode}`;
    return new ApiError({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: httpCode,
      reason: REASONS[httpCode] ?? 'Unknown',
      message,
    });
  }
}

function hasCode(err: unknown, code: number): boolean {
  return err instanceof ApiError && err.code === code;
}

export const isNotFound = (err: unknown): boolean => hasCode(err, 404);
export const isConflict = (err: unknown): boolean => hasCode(err, 409) && (err as ApiError).reason !== 'AlreadyExists';
export const isAlreadyExists = (err: unknown): boolean => hasCode(err, 409) && (err as ApiError).reason === 'AlreadyExists';
/** 410: the history asked for is gone (watch, continue token, Exact read). */
export const isGone = (err: unknown): boolean => hasCode(err, 410);
export const isInvalid = (err: unknown): boolean => hasCode(err, 422);
export const isForbidden = (err: unknown): boolean => hasCode(err, 403);
export const isMethodNotAllowed = (err: unknown): boolean => hasCode(err, 405);
export const isUnsupportedMediaType = (err: unknown): boolean => hasCode(err, 415);
