/**
 * Names and namespaces taken from the request path, checked before anything acts on them: the
 * real platform refuses a segment that is `.` or `..` or holds `/` or `%` (it could never be
 * stored under that name, and a client or proxy that normalises paths would act on another
 * object), whatever the verb.
 */
import { goQuote } from '../errors/go-quote.ts';
import { StatusError } from '../errors/status-error.ts';
import type { ResourceRequestInfo } from '../http/request-info.ts';
import { nameIsPathSegment } from '../meta/names.ts';

function check(what: 'Name' | 'Namespace', value: string): void {
  if (!value) return;
  const errs = nameIsPathSegment(value, false);
  if (errs.length) throw StatusError.badRequest(`${what} parameter invalid: ${goQuote(value)}: ${errs.join(';')}`);
}

/** 400 `Name parameter invalid: "..": may not be '..'` (the name first, as the real platform checks it). */
export function checkPathNames(info: Pick<ResourceRequestInfo, 'name' | 'namespace'>): void {
  check('Name', info.name);
  check('Namespace', info.namespace);
}
