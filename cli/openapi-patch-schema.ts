/**
 * The patch markers of a kind, read from the server's OpenAPI v3 document of its group version
 * as the real client reads them (`x-kubernetes-patch-strategy`, `x-kubernetes-patch-merge-key` on
 * a property, through `$ref` and `allOf`). A kind whose PATCH operation does not accept
 * `application/strategic-merge-patch+json` (a custom resource) has none: it is patched with a
 * JSON merge patch instead.
 */
import { ApiError } from '../controllers/runtime/client/index.ts';
import { type ApiResource, apiPath } from './discovery.ts';
import type { JsonObject } from './objects.ts';
import type { Session } from './session.ts';
import { type FieldPatchMeta, NO_SCHEMA, type PatchSchema } from './strategic-diff.ts';

interface OaSchema {
  $ref?: string;
  allOf?: OaSchema[];
  type?: string;
  properties?: Record<string, OaSchema>;
  items?: OaSchema;
  additionalProperties?: OaSchema | boolean;
  'x-kubernetes-patch-strategy'?: string;
  'x-kubernetes-patch-merge-key'?: string;
  'x-kubernetes-group-version-kind'?: Gvk | Gvk[];
}

interface Gvk {
  group?: string;
  version?: string;
  kind?: string;
}

interface Operation {
  'x-kubernetes-group-version-kind'?: Gvk | Gvk[];
  requestBody?: { content?: Record<string, unknown> };
}

export interface OpenApiDocument {
  paths?: Record<string, { patch?: Operation }>;
  components?: { schemas?: Record<string, OaSchema> };
}

const STRATEGIC = 'application/strategic-merge-patch+json';

function matches(ext: Gvk | Gvk[] | undefined, r: Pick<ApiResource, 'group' | 'version' | 'kind'>): boolean {
  const list = Array.isArray(ext) ? ext : ext ? [ext] : [];
  return list.some((g) => (g.group ?? '') === r.group && g.version === r.version && g.kind === r.kind);
}

class OpenApiPatchSchema implements PatchSchema {
  constructor(
    private readonly schemas: Record<string, OaSchema>,
    private readonly node: OaSchema,
  ) {}

  field(key: string): FieldPatchMeta {
    const node = resolve(this.schemas, this.node);
    const property = node.properties?.[key];
    // A map's values carry no markers (they exist only on struct fields).
    const value = property ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
    if (!value) return NO_SCHEMA.field(key);
    const strategies = (property?.['x-kubernetes-patch-strategy'] ?? '').split(',').filter(Boolean);
    const resolved = resolve(this.schemas, value);
    const inner = resolved.type === 'array' ? resolved.items : value;
    return {
      schema: inner ? new OpenApiPatchSchema(this.schemas, inner) : undefined,
      strategy: strategies.find((s) => s !== 'retainKeys') ?? '',
      retainKeys: strategies.includes('retainKeys'),
      mergeKey: property?.['x-kubernetes-patch-merge-key'] ?? '',
    };
  }
}

/** The schema with its `$ref` followed and its `allOf` parts folded in. */
function resolve(schemas: Record<string, OaSchema>, s: OaSchema, depth = 0): OaSchema {
  if (depth > 32) return s;
  let out: OaSchema = s;
  if (s.$ref)
    out = { ...resolve(schemas, schemas[s.$ref.replace(/^#\/components\/schemas\//, '')] ?? {}, depth + 1), ...without(s, '$ref') };
  if (out.allOf) {
    const parts = out.allOf.map((p) => resolve(schemas, p, depth + 1));
    out = Object.assign({}, ...parts, without(out, 'allOf'));
  }
  return out;
}

function without(s: OaSchema, key: keyof OaSchema): OaSchema {
  const { [key]: _omit, ...rest } = s;
  return rest;
}

/** The kind's markers when its PATCH takes a strategic merge patch; undefined when it does not. */
export function patchSchemaOf(doc: OpenApiDocument, r: Pick<ApiResource, 'group' | 'version' | 'kind'>): PatchSchema | undefined {
  const op = Object.values(doc.paths ?? {}).find((p) => matches(p.patch?.['x-kubernetes-group-version-kind'], r))?.patch;
  if (!op?.requestBody?.content || !(STRATEGIC in op.requestBody.content)) return undefined;
  const schemas = doc.components?.schemas ?? {};
  const top = Object.values(schemas).find((s) => matches(s['x-kubernetes-group-version-kind'], r));
  return top ? new OpenApiPatchSchema(schemas, top) : undefined;
}

/**
 * Fetches the document of the resource's group version and reads the kind's markers. A server
 * without the document gets JSON merge patches, which every server takes.
 */
export async function fetchPatchSchema(session: Session, r: ApiResource): Promise<PatchSchema | undefined> {
  const doc = await documentOf(session, `/openapi/v3${apiPath(r)}`);
  return doc ? patchSchemaOf(doc, r) : undefined;
}

/** One fetch per document and invocation: `apply -f` of many objects of a group version reads it once. */
const documents = new WeakMap<Session, Map<string, Promise<OpenApiDocument | undefined>>>();

function documentOf(session: Session, path: string): Promise<OpenApiDocument | undefined> {
  let cache = documents.get(session);
  if (!cache) documents.set(session, (cache = new Map()));
  let doc = cache.get(path);
  if (!doc) cache.set(path, (doc = session.json<OpenApiDocument>('GET', path).catch(() => undefined)));
  return doc;
}

/**
 * Sends a computed patch: strategic when the kind's markers were found, JSON merge otherwise. A
 * kind the OpenAPI document says takes strategic patches but whose server refuses them (415, as
 * for custom resources) gets `asMerge()`, the same change as a JSON merge patch.
 */
export async function sendPatch(
  session: Session,
  url: string,
  patch: Record<string, unknown>,
  strategic: boolean,
  asMerge: () => Record<string, unknown>,
): Promise<JsonObject> {
  const send = (body: Record<string, unknown>, contentType: string) =>
    session.json<JsonObject>('PATCH', url, { body: JSON.stringify(body), contentType });
  if (!strategic) return send(patch, 'application/merge-patch+json');
  try {
    return await send(patch, STRATEGIC);
  } catch (err) {
    if (err instanceof ApiError && err.code === 415) return send(asMerge(), 'application/merge-patch+json');
    throw err;
  }
}
