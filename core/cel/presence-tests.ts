/**
 * `has()` checked as cel-go checks it. cel-js type-checks only the variable a presence test starts
 * from, so `has(self.nope)` compiles and is then always false; cel-go's checker looks every
 * selected field up in the object type it is selected from, and a field the schema does not
 * declare is a compile error (`undefined field 'nope'`), which makes the real platform refuse the
 * CRD. This walks a checked program's presence tests and reports what cel-go would.
 */
import type { ASTNode } from '@marcbachmann/cel-js';
import { formatIssue } from './messages.ts';

/** The fields (CEL name → CEL type) of each object type of a schema, by type name. */
export type MessageFields = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** What the checker leaves on a node it checked (not in cel-js's published types). */
interface Checked {
  readonly checkedType?: { readonly name?: string };
}

/** Types that have no fields: selecting one is an error of its own in cel-go. */
const SCALARS = new Set(['string', 'int', 'uint', 'double', 'bool', 'bytes', 'google.protobuf.Timestamp', 'google.protobuf.Duration']);

type Select = Extract<ASTNode, { op: '.' | '.?' }>;

const isSelect = (node: ASTNode): node is Select => node.op === '.' || node.op === '.?';

interface Issue {
  readonly offset: number;
  readonly message: string;
}

/** cel-go's report of the presence tests of `ast` that select undeclared fields, or undefined. */
export function presenceTestErrors(ast: ASTNode, source: string, messages: MessageFields): string | undefined {
  const issues: Issue[] = [];
  visit(ast, (node) => {
    if (node.op !== 'call' || node.args[0] !== 'has' || node.args[1].length !== 1) return;
    const issue = presenceIssue(node, node.args[1][0], source, messages);
    if (issue) issues.push(issue);
  });
  if (!issues.length) return undefined;
  // cel-go lists its errors in source order.
  issues.sort((a, b) => a.offset - b.offset);
  return issues.map((i) => formatIssue(source, { message: i.message, node: { start: i.offset } })).join('\n');
}

function presenceIssue(call: ASTNode, arg: ASTNode, source: string, messages: MessageFields): Issue | undefined {
  // The selections from the variable outwards: has(self.a.b) → [.a, .b].
  const selects: Select[] = [];
  let node = arg;
  while (isSelect(node)) {
    selects.unshift(node);
    node = node.args[0];
  }
  let type = (node as Checked).checkedType?.name;
  if (node.op !== 'id' || type === undefined) return undefined;
  for (const [i, select] of selects.entries()) {
    const field = select.args[1];
    type = unwrap(type, 'optional<');
    if (type === 'dyn') return undefined;
    const map = unwrap(type, 'map<string, ');
    if (map !== type) {
      type = map;
      continue;
    }
    // The presence test itself is placed where cel-go expands the macro: at the call's '('.
    const last = i === selects.length - 1;
    const offset = last ? source.indexOf('(', call.pos) : source.lastIndexOf('.', select.pos - 1);
    const fields = messages.get(type);
    if (fields) {
      if (Object.hasOwn(fields, field)) {
        type = fields[field];
        continue;
      }
      return { offset, message: `undefined field '${field}'` };
    }
    if (SCALARS.has(type)) return { offset, message: `type '${type}' does not support field selection` };
    return undefined;
  }
  return undefined;
}

/** `map<string, T>` → `T` for prefix `map<string, `; the type itself when it is not of that form. */
function unwrap(type: string, prefix: string): string {
  return type.startsWith(prefix) && type.endsWith('>') ? type.slice(prefix.length, -1) : type;
}

function visit(v: unknown, f: (node: ASTNode) => void): void {
  if (Array.isArray(v)) {
    for (const x of v) visit(x, f);
    return;
  }
  if (typeof v !== 'object' || v === null || !('op' in v) || !('args' in v)) return;
  f(v as ASTNode);
  visit((v as ASTNode).args, f);
}
