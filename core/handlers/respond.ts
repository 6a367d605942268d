/** Building answers in the negotiated format: objects, lists, Status errors, warnings. */
import type { Negotiated } from '../codecs/negotiate.ts';
import type { Codecs } from '../codecs/negotiate.ts';
import type { EncodeContext, ListParts } from '../codecs/serializer.ts';
import type { StatusError, Status } from '../errors/status-error.ts';
import type { ApiResponse } from '../http/api-request.ts';
import type { KindDefinition } from '../registry/definition.ts';
import type { JsonObject } from '../util/json.ts';

const BASE_HEADERS = { 'cache-control': 'no-cache, private' };

/** `Warning` header values in RFC 7234 form, as the real platform sends them. */
export function warningHeaders(warnings: readonly string[]): Record<string, string[]> {
  if (!warnings.length) return {};
  return { warning: [...new Set(warnings)].map((w) => `299 - ${JSON.stringify(w)}`) };
}

/** The headers of an answer: built as one literal, as most answers carry no warning (the hot path). */
function answerHeaders(contentType: string, warnings: readonly string[]): Record<string, string | string[]> {
  if (!warnings.length) return { 'cache-control': BASE_HEADERS['cache-control'], 'content-type': contentType };
  return { 'cache-control': BASE_HEADERS['cache-control'], 'content-type': contentType, ...warningHeaders(warnings) };
}

/** The encoding context, indented also when the Accept entry that matched says `pretty=1`. */
function withAccepted(n: Negotiated, ctx: EncodeContext): EncodeContext {
  return !ctx.pretty && n.accepted.params.get('pretty') === '1' ? { ...ctx, pretty: true } : ctx;
}

export function objectResponse(
  n: Negotiated,
  status: number,
  json: string,
  ctx: EncodeContext,
  warnings: readonly string[] = [],
): ApiResponse {
  return { status, headers: answerHeaders(n.contentType, warnings), body: n.serializer.encodeObject(json, withAccepted(n, ctx)) };
}

export function valueResponse(
  n: Negotiated,
  status: number,
  value: JsonObject,
  ctx: EncodeContext,
  warnings: readonly string[] = [],
): ApiResponse {
  return { status, headers: answerHeaders(n.contentType, warnings), body: n.serializer.encodeValue(value, withAccepted(n, ctx)) };
}

export function listResponse(n: Negotiated, list: ListParts, ctx: EncodeContext, warnings: readonly string[] = []): ApiResponse {
  return { status: 200, headers: answerHeaders(n.contentType, warnings), body: n.serializer.encodeList(list, withAccepted(n, ctx)) };
}

/** A Status error in the format the client accepts (JSON when it accepts nothing we have). */
export function statusResponse(
  codecs: Codecs,
  accept: string | null,
  err: StatusError,
  def?: KindDefinition,
  warnings: readonly string[] = [],
  pretty = false,
): ApiResponse {
  let n: Negotiated;
  try {
    // Negotiated for the endpoint's kind: a kind without protobuf gets its errors in JSON too.
    // Never as a variant (a Table, metadata only): the real platform negotiates errors with no
    // transformations allowed, so such entries are passed over (JSON when nothing else fits).
    n = codecs.forResponse(accept, def, false, false);
  } catch {
    n = {
      serializer: codecs.default,
      contentType: codecs.default.mediaType,
      accepted: { type: 'application', subtype: 'json', params: new Map(), q: 1 },
    };
  }
  if (!n.serializer.supports(undefined)) {
    n = { ...n, serializer: codecs.default, contentType: codecs.default.mediaType };
  }
  return {
    status: err.code,
    headers: { ...BASE_HEADERS, 'content-type': n.contentType, ...err.headers, ...warningHeaders(warnings) },
    body: n.serializer.encodeValue(err.status as unknown as JsonObject, withAccepted(n, { pretty })),
  };
}

export function statusValue(s: Status): JsonObject {
  return s as unknown as JsonObject;
}
