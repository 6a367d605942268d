/**
 * A CRD's schema as rows of a tree (field, type, constraints, the CEL rules on it), with the rule
 * a refused write broke marked: the server's 422 names the field a rule sits on and says the
 * rule's message, which is how the picture finds it.
 */

export interface SchemaRule {
  readonly rule: string;
  readonly message: string;
  /** The refused write's message for this rule (it failed), if one did. */
  readonly failed?: string;
}

export interface SchemaRow {
  readonly depth: number;
  /** The field's dotted path from the object's root (`spec.replicas`); empty for the root. */
  readonly path: string;
  readonly name: string;
  readonly type: string;
  readonly notes: readonly string[];
  readonly rules: readonly SchemaRule[];
}

/** One cause of a 422 (`details.causes[]`). */
export interface Cause {
  readonly field?: string;
  readonly message?: string;
}

type Node = Record<string, unknown>;

const CONSTRAINTS = ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format', 'default', 'enum'] as const;

function isNode(x: unknown): x is Node {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

function rulesOf(node: Node, path: string, causes: readonly Cause[]): SchemaRule[] {
  const raw = [node['x-kubernetes-validations'], node['x-orch-validations']].flatMap((r) => (Array.isArray(r) ? r : []));
  return raw.filter(isNode).map((r) => {
    const rule = String(r.rule ?? '');
    const message = String(r.message ?? r.messageExpression ?? `failed rule: ${rule}`);
    // A fieldPath moves the error from the rule's field to one below it.
    const fieldPath = typeof r.fieldPath === 'string' ? r.fieldPath : '';
    const at = `${path}${fieldPath}`.replace(/^\./, '');
    const failed = causes.find((c) => (c.field ?? '') === at && (typeof r.message !== 'string' || (c.message ?? '').includes(r.message)));
    return { rule, message, ...(failed ? { failed: failed.message ?? '' } : {}) };
  });
}

/** The rows of `schema` (an openAPIV3Schema), depth first, properties in their order. */
export function schemaRows(schema: unknown, causes: readonly Cause[] = []): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const visit = (node: unknown, name: string, path: string, depth: number, required: boolean) => {
    if (!isNode(node)) return;
    const notes: string[] = [];
    if (required) notes.push('required');
    for (const c of CONSTRAINTS) if (node[c] !== undefined) notes.push(`${c}: ${JSON.stringify(node[c])}`);
    const items = node.items;
    const type = node.type === 'array' && isNode(items) ? `array of ${String(items.type ?? 'any')}` : String(node.type ?? 'any');
    rows.push({ depth, path, name, type, notes, rules: rulesOf(node, path, causes) });
    const req = Array.isArray(node.required) ? node.required.map(String) : [];
    if (isNode(node.properties)) {
      for (const [k, v] of Object.entries(node.properties)) visit(v, k, path ? `${path}.${k}` : k, depth + 1, req.includes(k));
    }
  };
  visit(schema, '(object)', '', 0, false);
  return rows;
}

/** The causes of a 422 answer's Status, if it is one. */
export function causesOf(status: number, json: unknown): Cause[] {
  if (status !== 422 || !isNode(json) || !isNode(json.details) || !Array.isArray(json.details.causes)) return [];
  return json.details.causes.filter(isNode).map((c) => ({
    ...(typeof c.field === 'string' ? { field: c.field } : {}),
    ...(typeof c.message === 'string' ? { message: c.message } : {}),
  }));
}
