/**
 * `/openapi/v2` (one Swagger 2.0 document) and `/openapi/v3` (an index of group/versions, each
 * an OpenAPI 3.0 document), generated from the kind definitions and cached per server.
 */
import { groupsOf } from '../discovery/groups.ts';
import type { KindDefinition } from '../registry/definition.ts';
import { VERSION_INFO } from '../handlers/version.ts';
import type { JsonObject } from '../util/json.ts';
import { buildPaths } from './paths.ts';
import { DefinitionCollector } from './schemas.ts';
import { swaggerToProtobuf } from './v2-protobuf.ts';
import { openApiV3ToProtobuf } from './v3-protobuf.ts';

const INFO = { title: 'Orchestrator', version: VERSION_INFO.gitVersion };

function sortObject(o: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}

async function hashOf(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text)));
  return [...d]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

export class OpenApiDocuments {
  private v2?: string;
  private readonly v3 = new Map<string, string>();
  private v3Index?: string;

  constructor(private readonly kinds: readonly KindDefinition[]) {}

  swagger(): string {
    if (!this.v2) {
      const c = new DefinitionCollector('v2');
      const paths = buildPaths(this.kinds, c, 'v2');
      c.addPrimitives();
      this.v2 = JSON.stringify({
        swagger: '2.0',
        info: INFO,
        paths: sortObject(paths),
        definitions: sortObject(Object.fromEntries(c.definitions)),
      });
    }
    return this.v2;
  }

  /** `group/version` keys as `/openapi/v3` lists them: `api/v1`, `apis/apps/v1`. */
  private groupVersionKinds(): Map<string, KindDefinition[]> {
    const out = new Map<string, KindDefinition[]>();
    for (const g of groupsOf(this.kinds)) {
      for (const v of g.versions) out.set(g.name ? `apis/${g.name}/${v}` : `api/${v}`, [...(g.kinds.get(v) ?? [])]);
    }
    return out;
  }

  groupVersion(key: string): string | undefined {
    const cached = this.v3.get(key);
    if (cached) return cached;
    const kinds = this.groupVersionKinds().get(key);
    if (!kinds) return undefined;
    const c = new DefinitionCollector('v3');
    const paths = buildPaths(kinds, c, 'v3');
    c.addPrimitives();
    const doc = JSON.stringify({
      openapi: '3.0.0',
      info: INFO,
      paths: sortObject(paths),
      components: { schemas: sortObject(Object.fromEntries(c.definitions)) },
    });
    this.v3.set(key, doc);
    return doc;
  }

  async index(): Promise<string> {
    if (!this.v3Index) {
      const paths: JsonObject = {};
      for (const key of this.groupVersionKinds().keys()) {
        // The document's ETag, kept for its answers: each document is hashed once.
        paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${await this.etag(this.groupVersion(key)!)}` };
      }
      this.v3Index = JSON.stringify({ paths });
    }
    return this.v3Index;
  }

  // The protobuf forms and ETags are made from the JSON text on first use and kept with it: a
  // server makes a new OpenApiDocuments whenever its kinds change (a CRD comes or goes), so they
  // never outlive the document they encode.
  private v2Protobuf?: Uint8Array<ArrayBuffer>;
  private readonly v3Protobuf = new Map<string, Uint8Array<ArrayBuffer>>();
  private readonly etags = new Map<string, string>();

  /** `/openapi/v2` as gnostic's `openapi.v2.Document`. */
  swaggerProtobuf(): Uint8Array<ArrayBuffer> {
    this.v2Protobuf ??= swaggerToProtobuf(JSON.parse(this.swagger()) as JsonObject);
    return this.v2Protobuf;
  }

  /** `/openapi/v3/<key>` as gnostic's `openapi.v3.Document`; undefined for a key not served. */
  groupVersionProtobuf(key: string): Uint8Array<ArrayBuffer> | undefined {
    const cached = this.v3Protobuf.get(key);
    if (cached) return cached;
    const doc = this.groupVersion(key);
    if (!doc) return undefined;
    const bytes = openApiV3ToProtobuf(JSON.parse(doc) as JsonObject);
    this.v3Protobuf.set(key, bytes);
    return bytes;
  }

  /**
   * The ETag of a document (unquoted): the SHA-512 of its JSON text in upper-case hex, the value
   * the v3 index's `hash` carries. Both forms share it, as responses vary by Accept.
   */
  async etag(json: string): Promise<string> {
    let tag = this.etags.get(json);
    if (!tag) {
      tag = await hashOf(json);
      this.etags.set(json, tag);
    }
    return tag;
  }
}
