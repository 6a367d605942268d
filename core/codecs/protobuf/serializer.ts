/**
 * `application/vnd.orchestrator.protobuf` (also spelled `application/vnd.kubernetes.protobuf`,
 * which kubectl and client-go send): objects, lists, Status answers and watch streams in the
 * real platform's protobuf wire format, for every kind whose schema carries field numbers.
 */
import { StatusError } from '../../errors/status-error.ts';
import { apiVersionOf, type KindDefinition } from '../../registry/definition.ts';
import { DecodeError } from '../../schema/decode.ts';
import { isObject, type JsonObject } from '../../util/json.ts';
import type { EncodeContext, ListParts, Serializer } from '../serializer.ts';
import { decodeMessage, ProtobufDecodeError } from './decode.ts';
import { encodeMessage } from './encode.ts';
import { decodeEnvelope, encodeEnvelope, EnvelopeError, type Envelope } from './envelope.ts';
import { listSchemaOf, messageSchema } from './message-types.ts';
import { hasProtobuf } from './proto-fields.ts';
import { encodeWatchFrame } from './watch-frame.ts';

export const PROTOBUF_MEDIA_TYPE = 'application/vnd.orchestrator.protobuf';
/** The spelling of the upstream platform, which its clients use. */
export const PROTOBUF_MEDIA_TYPE_ALIAS = 'application/vnd.kubernetes.protobuf';

/** The real platform answers 406 when an object has no protobuf form. */
function notMarshalable(kind: string): StatusError {
  return new StatusError(
    406,
    'NotAcceptable',
    `object ${kind || '<unknown>'} does not implement the protobuf marshalling interface and cannot be encoded to a protobuf message`,
  );
}

function encodeTyped(obj: JsonObject, def: KindDefinition | undefined): Uint8Array<ArrayBuffer> {
  const kind = typeof obj.kind === 'string' && obj.kind ? obj.kind : (def?.kind ?? '');
  const apiVersion = typeof obj.apiVersion === 'string' && obj.apiVersion ? obj.apiVersion : def ? apiVersionOf(def) : '';
  const schema = messageSchema(kind, def);
  if (!schema || !hasProtobuf(schema)) throw notMarshalable(kind);
  return encodeEnvelope({ apiVersion, kind }, encodeMessage(obj, schema));
}

function parseObject(json: string): JsonObject {
  const v: unknown = JSON.parse(json);
  if (!isObject(v)) throw new TypeError('protobuf: only objects can be encoded');
  return v;
}

/** Go's summary of an unreadable body in decode errors: hex of its first 30 bytes. */
function summarize(body: Uint8Array): string {
  if (body.length === 0) return '<empty>';
  const max = 30;
  const head = body.subarray(0, max);
  if (head[0] === 0x7b) return `${new TextDecoder().decode(head)}${body.length > max ? ' ...' : ''}`;
  const hex = Array.from(head, (b) => b.toString(16).padStart(2, '0')).join('');
  return body.length > max ? `${hex} ...` : hex;
}

function versionOf(apiVersion: string, def: KindDefinition | undefined): string {
  if (!apiVersion) return def?.version ?? '';
  return apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
}

function readEnvelope(body: Uint8Array, def: KindDefinition | undefined): Envelope {
  try {
    return decodeEnvelope(body);
  } catch (err) {
    if (!(err instanceof EnvelopeError)) throw err;
    throw StatusError.badRequest(
      def ? `the object provided is unrecognized (must be of type ${def.kind}): ${err.message} (${summarize(body)})` : err.message,
    );
  }
}

function decodeBody(body: Uint8Array, def: KindDefinition | undefined): JsonObject {
  const env = readEnvelope(body, def);
  const kind = env.kind || def?.kind || '';
  const typeMeta: JsonObject = {
    ...(env.kind ? { kind: env.kind } : {}),
    ...(env.apiVersion ? { apiVersion: env.apiVersion } : {}),
  };
  const schema = messageSchema(kind, def);
  // A kind this endpoint does not serve: the type meta alone lets the registry name the mismatch.
  if (!schema) return typeMeta;
  try {
    return { ...typeMeta, ...decodeMessage(env.raw, schema) };
  } catch (err) {
    if (!(err instanceof ProtobufDecodeError || err instanceof DecodeError)) throw err;
    throw StatusError.badRequest(
      `${kind} in version ${JSON.stringify(versionOf(env.apiVersion, def))} cannot be handled as a ${def?.kind ?? kind}: ${err.message}`,
    );
  }
}

export const protobufSerializer: Serializer = {
  mediaType: PROTOBUF_MEDIA_TYPE,
  aliases: [PROTOBUF_MEDIA_TYPE_ALIAS],
  streamMediaType: `${PROTOBUF_MEDIA_TYPE};stream=watch`,
  supports: (def: KindDefinition | undefined) => !def || hasProtobuf(def.schema),
  encodeObject: (json: string, ctx: EncodeContext) => encodeTyped(parseObject(json), ctx.def),
  encodeValue: (value: JsonObject, ctx: EncodeContext) => encodeTyped(value, ctx.def),
  encodeList(list: ListParts, ctx: EncodeContext) {
    if (!ctx.def) throw notMarshalable(list.kind);
    const schema = listSchemaOf(ctx.def.schema);
    if (!hasProtobuf(schema)) throw notMarshalable(list.kind);
    const value: JsonObject = { metadata: list.metadata, items: list.items.map(parseObject) };
    return encodeEnvelope({ apiVersion: list.apiVersion, kind: list.kind }, encodeMessage(value, schema));
  },
  encodeWatchEvent(type: string, objectJson: string, ctx: EncodeContext) {
    return encodeWatchFrame(type, encodeTyped(parseObject(objectJson), ctx.def));
  },
  decode: (body: Uint8Array, ctx: EncodeContext) => decodeBody(body, ctx.def),
};
