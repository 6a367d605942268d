/**
 * The server's OpenAPI v3 documents, fetched when a completion first needs one: `/openapi/v3`
 * lists the group-versions (`api/v1`, `apis/apps/v1`) with the URL of each document, and each
 * document is fetched once and kept (a CustomResourceDefinition made later changes its group's
 * document: a document that lacks the kind asked for is fetched again, once the index says it
 * changed). A failed fetch gives no document, so the editor offers no completion, never an error.
 */
import type { OpenApiDocument } from './schema-walk.ts';

export type Fetcher = (path: string) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

interface OpenApiIndex {
  readonly paths?: Readonly<Record<string, { readonly serverRelativeURL?: string }>>;
}

/** The index key of an apiVersion: `v1` is `api/v1`, `apps/v1` is `apis/apps/v1`. */
export function groupVersionKey(apiVersion: string): string {
  return apiVersion.includes('/') ? `apis/${apiVersion}` : `api/${apiVersion}`;
}

export class OpenApiSource {
  /** Documents by their URL (which carries the document's hash: a changed document has a new URL). */
  private readonly documents = new Map<string, Promise<OpenApiDocument | undefined>>();
  private index: Promise<OpenApiIndex | undefined> | undefined;

  constructor(private readonly fetcher: Fetcher) {}

  private async json(path: string): Promise<unknown> {
    try {
      const r = await this.fetcher(path);
      return r.ok ? await r.json() : undefined;
    } catch {
      return undefined;
    }
  }

  private loadIndex(fresh: boolean): Promise<OpenApiIndex | undefined> {
    if (fresh || !this.index) {
      // A failed index is not kept: the next completion asks again.
      const loading: Promise<OpenApiIndex | undefined> = this.json('/openapi/v3').then((j) => {
        const i = typeof j === 'object' && j !== null ? (j as OpenApiIndex) : undefined;
        if (!i && this.index === loading) this.index = undefined;
        return i;
      });
      this.index = loading;
    }
    return this.index;
  }

  /** The document of `apiVersion`'s group-version; `fresh` reads the index again first. */
  async document(apiVersion: string, fresh = false): Promise<OpenApiDocument | undefined> {
    const url = (await this.loadIndex(fresh))?.paths?.[groupVersionKey(apiVersion)]?.serverRelativeURL;
    if (!url) return undefined;
    let doc = this.documents.get(url);
    if (!doc) {
      doc = this.json(url).then((j) => (typeof j === 'object' && j !== null ? (j as OpenApiDocument) : undefined));
      this.documents.set(url, doc);
      void doc.then((d) => {
        if (!d) this.documents.delete(url);
      });
    }
    return doc;
  }
}
