/**
 * Which form of an OpenAPI document a request gets, by its Accept header, the way the real
 * server's OpenAPI handlers choose (not the resource handlers' negotiation): the clauses ordered by
 * quality and then by being specific, the first clause that any form matches wins, `*` matches any
 * type or subtype, parameters are ignored, an absent header is `*∕*`, and nothing matching is a
 * 406 with no body. JSON comes first among the forms, so wildcards get JSON.
 */

export interface OpenApiForm {
  readonly type: string;
  readonly subType: string;
  /** The Content-Type answered: both protobuf spellings answer the dotted one. */
  readonly contentType: string;
  readonly protobuf: boolean;
}

const json: OpenApiForm = { type: 'application', subType: 'json', contentType: 'application/json', protobuf: false };

function protobufForms(v: 'v2' | 'v3'): OpenApiForm[] {
  const contentType = `application/com.github.proto-openapi.spec.${v}.v1.0+protobuf`;
  return [
    // The `@` spelling is what kubectl 1.32 sends; the server calls it deprecated but answers it.
    { type: 'application', subType: `com.github.proto-openapi.spec.${v}@v1.0+protobuf`, contentType, protobuf: true },
    { type: 'application', subType: `com.github.proto-openapi.spec.${v}.v1.0+protobuf`, contentType, protobuf: true },
  ];
}

export const OPENAPI_V2_FORMS: readonly OpenApiForm[] = [json, ...protobufForms('v2')];
export const OPENAPI_V3_FORMS: readonly OpenApiForm[] = [json, ...protobufForms('v3')];

interface Clause {
  readonly type: string;
  readonly subType: string;
  readonly q: number;
}

/**
 * The clauses of an Accept header, best first. A clause without a `/` (other than a bare `*`) is
 * dropped; a `q` that does not parse counts as 0 (and a q=0 clause still matches, as there). Clauses of equal rank keep their order.
 */
export function acceptClauses(header: string): Clause[] {
  const out: Clause[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const sp = range.split('/');
    const type = sp[0]!.trim();
    let subType: string;
    if (sp.length === 1 && type === '*') subType = '*';
    else if (sp.length === 2) subType = sp[1]!.trim();
    else continue;
    let q = 1;
    for (const p of params) {
      const eq = p.indexOf('=');
      if (eq < 0 || p.slice(0, eq).trim() !== 'q') continue;
      // Go's float parser: the whole text is the number (no spaces), else the quality is 0.
      const text = p.slice(eq + 1);
      q = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : 0;
    }
    out.push({ type, subType, q });
  }
  const rank = (c: Clause) => [-c.q, c.type === '*' ? 1 : 0, c.subType === '*' ? 1 : 0] as const;
  return out
    .map((c, i) => ({ c, i, r: rank(c) }))
    .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.r[2] - b.r[2] || a.i - b.i)
    .map((x) => x.c);
}

/**
 * The form for `accept` among `forms`; `clauses` says how many clauses the header had (the v3
 * handler answers an empty 200 to a header with none).
 */
export function negotiateOpenApi(accept: string | null, forms: readonly OpenApiForm[]): { form?: OpenApiForm; clauses: number } {
  const clauses = acceptClauses(accept || '*/*');
  for (const c of clauses) {
    const form = forms.find((f) => (c.type === f.type || c.type === '*') && (c.subType === f.subType || c.subType === '*'));
    if (form) return { form, clauses: clauses.length };
  }
  return { clauses: clauses.length };
}
