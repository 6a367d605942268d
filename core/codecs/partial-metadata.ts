/**
 * The metadata-only representation (`Accept: <format>;as=PartialObjectMetadata;g=meta.orch.io;v=v1`,
 * `as=PartialObjectMetadataList` for lists; also `g=meta.k8s.io` and `v=v1beta1`), which
 * metadata informers and the garbage collector ask for: each object is reduced to its kind,
 * apiVersion and `metadata`, in any format the endpoint speaks (JSON, YAML, protobuf, CBOR).
 * A watch sends one PartialObjectMetadata per event (asked for the list form, it ends at its
 * first event). As in the real platform, the answer's Content-Type is the plain format's, and
 * asking for the list form of one object (or the single form of a list) is a 406 found after
 * the read.
 */
import { StatusError } from '../errors/status-error.ts';
import { listKindOf, type KindDefinition } from '../registry/definition.ts';
import { ListMeta } from '../registry/types/meta-v1.ts';
import { listType, objectType } from '../registry/types/object.ts';
import { field, list, str, struct } from '../schema/build.ts';
import type { ObjectSchema } from '../schema/types.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { essence, type MediaType } from './media-type.ts';
import type { VariantResolver } from './negotiate.ts';
import { encodeMessage } from './protobuf/encode.ts';
import { encodeEnvelope } from './protobuf/envelope.ts';
import { PROTOBUF_MEDIA_TYPE } from './protobuf/serializer.ts';
import { encodeWatchFrame } from './protobuf/watch-frame.ts';
import type { Body, EncodeContext, ListParts, Serializer } from './serializer.ts';

const META_GROUPS: ReadonlySet<string> = new Set(['meta.orch.io', 'meta.k8s.io']);
const META_VERSIONS: ReadonlySet<string> = new Set(['v1', 'v1beta1']);
const SINGLE = 'PartialObjectMetadata';
const LIST = 'PartialObjectMetadataList';
/** The parameters an entry for this form may carry; any other makes it one not offered, as for plain entries. */
const KNOWN_PARAMS: ReadonlySet<string> = new Set(['as', 'g', 'v', 'charset', 'pretty', 'stream']);

const PartialObjectMetadataSchema = objectType('io.orch.apimachinery.pkg.apis.meta.v1.PartialObjectMetadata', {});
const LIST_SCHEMAS: Readonly<Record<string, ObjectSchema>> = {
  v1: listType(PartialObjectMetadataSchema),
  // v1beta1's list was released with its two fields numbered the other way round, and kept so.
  v1beta1: struct('io.orch.apimachinery.pkg.apis.meta.v1beta1.PartialObjectMetadataList', {
    kind: field(undefined, str()),
    apiVersion: field(undefined, str()),
    items: field(1, list(PartialObjectMetadataSchema), { omitEmpty: false }),
    metadata: field(2, ListMeta),
  }),
};

/**
 * The Go type the real platform names when the form asked for does not fit the answer: the
 * internal type of the kind (its package is the schema's group package; a kind stored as
 * another, such as events.orch.io Events, is that kind), or Unstructured for custom resources.
 */
export function internalTypeName(def: KindDefinition | undefined, asList: boolean): string {
  if (!def) return asList ? '*metav1.List' : '*runtime.Unknown';
  if (def.codec) return asList ? '*unstructured.UnstructuredList' : '*unstructured.Unstructured';
  const stored = def.storedAs?.def ?? def;
  const parts = stored.schema.name.split('.');
  const pkg = parts.length >= 3 ? parts[parts.length - 3] : 'core';
  return `*${pkg}.${asList ? listKindOf(stored) : stored.kind}`;
}

function notAcceptable(message: string): StatusError {
  return new StatusError(406, 'NotAcceptable', message);
}

function metadataOf(obj: JsonObject): JsonObject {
  return isObject(obj.metadata) ? obj.metadata : {};
}

/** One variant: the form (single or list) in one group/version spelling, written by one format. */
class PartialMetadataSerializer implements Serializer {
  readonly aliases: readonly string[] = [];
  readonly mediaType: string;
  readonly contentType: string;
  readonly streamMediaType?: string;
  private readonly apiVersion: string;
  private readonly protobuf: boolean;

  constructor(
    private readonly base: Serializer,
    spelled: string,
    private readonly as: typeof SINGLE | typeof LIST,
    private readonly version: string,
    group: string,
  ) {
    // Unique per variant: watch events are shared between watchers by media type.
    this.mediaType = `${spelled};as=${as};g=${group};v=${version}`;
    this.contentType = spelled;
    if (base.streamMediaType) this.streamMediaType = base.streamMediaType.replace(base.mediaType, spelled);
    this.apiVersion = `${group}/${version}`;
    this.protobuf = base.mediaType === PROTOBUF_MEDIA_TYPE;
  }

  supports(def: KindDefinition | undefined): boolean {
    return def !== undefined;
  }

  private partial(obj: JsonObject): JsonObject {
    return { kind: SINGLE, apiVersion: this.apiVersion, metadata: metadataOf(obj) };
  }

  /** A metadata-only value (PartialObjectMetadata or its list) in the base format. */
  private write(value: JsonObject, ctx: EncodeContext): Uint8Array | string {
    if (this.protobuf) {
      const schema = value.kind === LIST ? LIST_SCHEMAS[this.version] : PartialObjectMetadataSchema;
      return encodeEnvelope({ apiVersion: this.apiVersion, kind: String(value.kind) }, encodeMessage(value, schema));
    }
    // Not of the endpoint's kind: the format must not read it with the kind's schema.
    return this.base.encodeValue(value, { ...ctx, def: undefined });
  }

  encodeObject(json: string, ctx: EncodeContext): Body {
    const obj = JSON.parse(json) as JsonObject;
    // A Status (a delete's answer) is never transformed, whatever the form asked for.
    if (obj.kind === 'Status' && obj.apiVersion === 'v1') return this.base.encodeValue(obj, ctx);
    if (this.as === LIST) {
      throw notAcceptable(`you requested ${LIST}, but the requested object is not a list (${internalTypeName(ctx.def, false)})`);
    }
    return this.write(this.partial(obj), ctx);
  }

  encodeValue(value: JsonObject, ctx: EncodeContext): Body {
    // Not an object of the kind (a Status): passed through untransformed, in the base format.
    return this.base.encodeValue(value, ctx);
  }

  encodeList(parts: ListParts, ctx: EncodeContext): Body {
    if (this.as === SINGLE) {
      throw notAcceptable(`you requested ${SINGLE}, but the requested object is a list (${internalTypeName(ctx.def, true)})`);
    }
    const items = parts.items.map((i) => this.partial(JSON.parse(i) as JsonObject));
    // Go builds this list afresh, appending item by item: with none, its items are nil (JSON null).
    return this.write({ kind: LIST, apiVersion: this.apiVersion, metadata: parts.metadata, items: items.length ? items : null }, ctx);
  }

  encodeWatchEvent(type: string, objectJson: string, ctx: EncodeContext): Uint8Array {
    // An ERROR's Status passes through untransformed.
    if (type === 'ERROR') return this.base.encodeWatchEvent(type, objectJson, ctx);
    if (this.as === LIST) {
      // The real platform cannot make a list of an event's object, nor write the object itself in
      // the metadata scheme: its watch ends there. Throwing ends this one the same way.
      throw notAcceptable(`you requested ${LIST}, but the requested object is not a list (${internalTypeName(ctx.def, false)})`);
    }
    const partial = this.partial(JSON.parse(objectJson) as JsonObject);
    if (this.protobuf) return encodeWatchFrame(type, this.write(partial, ctx) as Uint8Array);
    return this.base.encodeWatchEvent(type, JSON.stringify(partial), { ...ctx, def: undefined });
  }

  decode(): unknown {
    throw StatusError.unsupportedMediaType(this.mediaType, [this.base.mediaType]);
  }
}

/**
 * Resolves Accept entries asking for PartialObjectMetadata(List) in one of `formats` (the
 * endpoint's plain formats, so whatever it can answer, it can answer metadata-only).
 * A wildcard type means the first format, as for plain answers.
 */
export function partialMetadataVariant(formats: readonly Serializer[]): VariantResolver {
  const cache = new Map<string, PartialMetadataSerializer>();
  return {
    resolve(mt: MediaType, def: KindDefinition | undefined, watch: boolean): Serializer | undefined {
      const as = mt.params.get('as');
      if ((as !== SINGLE && as !== LIST) || !def) return undefined;
      const g = mt.params.get('g') ?? '';
      const v = mt.params.get('v') ?? '';
      if (!META_GROUPS.has(g) || !META_VERSIONS.has(v)) return undefined;
      if ([...mt.params.keys()].some((k) => !KNOWN_PARAMS.has(k))) return undefined;
      const e = essence(mt);
      const base = e === '*/*' || e === 'application/*' ? formats[0] : formats.find((s) => s.mediaType === e || s.aliases.includes(e));
      if (!base) return undefined;
      if (watch && !base.streamMediaType) return undefined;
      if (mt.params.has('stream') && (!watch || mt.params.get('stream') !== 'watch')) return undefined;
      const spelled = e === '*/*' || e === 'application/*' ? base.mediaType : e;
      const key = `${spelled};${as};${g};${v}`;
      let s = cache.get(key);
      if (!s) {
        s = new PartialMetadataSerializer(base, spelled, as, v, g);
        cache.set(key, s);
      }
      return s;
    },
  };
}
