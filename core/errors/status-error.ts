import type { ListMeta, Status as StatusObject, StatusCause, StatusDetails } from '../registry/types/meta-v1.ts';
import { errorBody, errorString, type FieldError } from './field-error.ts';

/**
 * metav1.Status as this server writes it: the generated type (one shape for the server, the
 * controllers' client and users), narrowed to the members every answer sets.
 */
export interface Status extends StatusObject {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: ListMeta;
  status: 'Success' | 'Failure';
}

export type { StatusCause, StatusDetails };

/** A group and plural resource, the way errors name what they are about (`statefulsets.apps`). */
export interface GroupResource {
  readonly group: string;
  readonly resource: string;
}

/** A group and kind, for Invalid errors (`StatefulSet.apps`). */
export interface GroupKind {
  readonly group: string;
  readonly kind: string;
}

function qualified(group: string, name: string): string {
  return group ? `${name}.${group}` : name;
}

/**
 * The one error type handlers throw. Anything else reaching the top is an internal error
 * (a bug), never the client's fault, and is answered as 500.
 */
export class StatusError extends Error {
  readonly status: Status;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;

  constructor(code: number, reason: string, message: string, details?: StatusDetails, headers: Record<string, string> = {}) {
    super(message);
    // Field order as the real platform writes it: details before code.
    this.status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message,
      reason,
      ...(details ? { details } : {}),
      code,
    };
    this.headers = headers;
  }

  get code(): number {
    return this.status.code ?? 500;
  }
  get reason(): string {
    return this.status.reason ?? '';
  }

  static notFound(gr: GroupResource, name: string): StatusError {
    return new StatusError(404, 'NotFound', `${qualified(gr.group, gr.resource)} "${name}" not found`, {
      name,
      ...(gr.group ? { group: gr.group } : {}),
      kind: gr.resource,
    });
  }

  static alreadyExists(gr: GroupResource, name: string): StatusError {
    return new StatusError(409, 'AlreadyExists', `${qualified(gr.group, gr.resource)} "${name}" already exists`, {
      name,
      ...(gr.group ? { group: gr.group } : {}),
      kind: gr.resource,
    });
  }

  static conflict(gr: GroupResource, name: string, detail: string, causes?: StatusCause[]): StatusError {
    return new StatusError(409, 'Conflict', `Operation cannot be fulfilled on ${qualified(gr.group, gr.resource)} "${name}": ${detail}`, {
      name,
      ...(gr.group ? { group: gr.group } : {}),
      kind: gr.resource,
      ...(causes ? { causes } : {}),
    });
  }

  static optimisticConflict(gr: GroupResource, name: string): StatusError {
    return StatusError.conflict(gr, name, 'the object has been modified; please apply your changes to the latest version and try again');
  }

  static invalid(gk: GroupKind, name: string, errors: readonly FieldError[]): StatusError {
    const causes: StatusCause[] = errors.map((e) => ({ reason: e.type, message: errorBody(e), field: e.field }));
    const text = errors.length === 1 ? errorString(errors[0]) : `[${errors.map(errorString).join(', ')}]`;
    return new StatusError(422, 'Invalid', `${qualified(gk.group, gk.kind)} "${name}" is invalid: ${text}`, {
      name,
      ...(gk.group ? { group: gk.group } : {}),
      kind: gk.kind,
      causes,
    });
  }

  static badRequest(message: string): StatusError {
    return new StatusError(400, 'BadRequest', message);
  }

  static forbidden(gr: GroupResource, name: string, reason: string, causes?: StatusCause[]): StatusError {
    const target = name ? `${qualified(gr.group, gr.resource)} "${name}"` : qualified(gr.group, gr.resource);
    return new StatusError(403, 'Forbidden', `${target} is forbidden: ${reason}`, {
      ...(name ? { name } : {}),
      ...(gr.group ? { group: gr.group } : {}),
      kind: gr.resource,
      ...(causes ? { causes } : {}),
    });
  }

  static methodNotSupported(gr: GroupResource, action: string): StatusError {
    return new StatusError(
      405,
      'MethodNotAllowed',
      `${action} is not supported on resources of kind "${qualified(gr.group, gr.resource)}"`,
      {
        ...(gr.group ? { group: gr.group } : {}),
        kind: gr.resource,
      },
    );
  }

  static methodNotAllowed(): StatusError {
    return new StatusError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {});
  }

  static pathNotFound(): StatusError {
    return new StatusError(404, 'NotFound', 'the server could not find the requested resource', {});
  }

  static expired(message: string): StatusError {
    return new StatusError(410, 'Expired', message);
  }

  static gone(message: string): StatusError {
    return new StatusError(410, 'Gone', message);
  }

  /** With 0, no retry advice (no field, no header), as the real platform leaves them out. */
  static timeout(message: string, retryAfterSeconds: number): StatusError {
    if (retryAfterSeconds <= 0) return new StatusError(504, 'Timeout', message, {});
    return new StatusError(504, 'Timeout', message, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
  }

  static tooLarge(limit: number): StatusError {
    return new StatusError(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${limit}`);
  }

  static unsupportedMediaType(contentType: string, accepted: readonly string[]): StatusError {
    return new StatusError(
      415,
      'UnsupportedMediaType',
      `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
      contentType ? {} : undefined,
    );
  }

  static notAcceptable(accepted: readonly string[]): StatusError {
    return new StatusError(406, 'NotAcceptable', `only the following media types are accepted: ${accepted.join(', ')}`);
  }

  static tooManyRequests(message: string, retryAfterSeconds: number): StatusError {
    return new StatusError(429, 'TooManyRequests', message, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
  }

  static unauthorized(message = 'Unauthorized'): StatusError {
    return new StatusError(401, 'Unauthorized', message);
  }

  static serviceUnavailable(message: string): StatusError {
    return new StatusError(503, 'ServiceUnavailable', message);
  }

  static internal(err: unknown): StatusError {
    const text = err instanceof Error ? err.message : String(err);
    return new StatusError(500, 'InternalError', `Internal error occurred: ${text}`, { causes: [{ message: text }] });
  }
}

export function successStatus(details?: StatusDetails): Status {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', ...(details ? { details } : {}) };
}

export function toStatusError(err: unknown): StatusError {
  return err instanceof StatusError ? err : StatusError.internal(err);
}
