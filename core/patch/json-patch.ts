/**
 * JSON patch (RFC 6902), as the platform applies `application/json-patch+json`: a patch that is
 * not a list of operations is 400, more than 10,000 operations is 413, an operation that cannot
 * apply is 422 (and nothing of the patch is kept).
 */
import { clone as cloneJson, deepEqual, isObject, setOwn, type JsonObject, type JsonValue } from '../util/json.ts';
import { arrayIndex, parsePointer, PointerError } from './json-pointer.ts';
import { hasOwn } from './own-keys.ts';
import { guardDepth, PatchError } from './patch-error.ts';

/** The platform's cap on operations in one JSON patch. */
export const MAX_JSON_PATCH_OPERATIONS = 10_000;
/** The platform's default JSONPatchMaxCopyBytes: `copy` may not grow the document by more. */
export const MAX_JSON_PATCH_COPY_BYTES = 3 * 1024 * 1024;

export interface JsonPatchOptions {
  /** Total size (JSON bytes) that `copy` operations may add; guards against doubling attacks. */
  readonly maxCopyBytes?: number;
}

type OpName = 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
const OP_NAMES: ReadonlySet<string> = new Set<OpName>(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/** Thrown inside one operation; turned into the operation's 422 with its index. */
class OpFailure extends Error {}

export function applyJsonPatch(doc: JsonValue, patch: unknown, options: JsonPatchOptions = {}): JsonValue {
  const operations = decodeOperations(patch);
  if (operations.length > MAX_JSON_PATCH_OPERATIONS) {
    throw PatchError.tooLargeRequest(
      `The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${operations.length}`,
    );
  }
  const limit = options.maxCopyBytes ?? MAX_JSON_PATCH_COPY_BYTES;
  const copyBudget = { limit, left: limit };
  return guardDepth(() => {
    let root = cloneJson(doc);
    operations.forEach((op, index) => {
      try {
        root = applyOperation(root, op, copyBudget);
      } catch (e) {
        if (e instanceof OpFailure || e instanceof PointerError) {
          throw PatchError.unprocessable(`the patch operation at index ${index} (${opLabel(op)}) failed: ${e.message}`, index);
        }
        throw e;
      }
    });
    return root;
  });
}

/** Only the shape is checked here, as the platform's decoder does; member errors are per operation. */
function decodeOperations(patch: unknown): JsonObject[] {
  if (!Array.isArray(patch)) {
    throw PatchError.malformed(`json: cannot unmarshal ${shapeOf(patch)} into Go value of type jsonpatch.Patch`);
  }
  return patch.map((op: unknown) => {
    // `null` decodes to an operation without members, which then fails as one.
    if (op === null) return {};
    if (!isObject(op)) {
      throw PatchError.malformed(`json: cannot unmarshal ${shapeOf(op)} into Go value of type jsonpatch.Operation`);
    }
    return op;
  });
}

function shapeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : typeof v;
}

function opLabel(op: JsonObject): string {
  const name = hasOwn(op, 'op') ? op.op : undefined;
  return typeof name === 'string' ? name : 'unknown';
}

function applyOperation(root: JsonValue, op: JsonObject, copyBudget: { readonly limit: number; left: number }): JsonValue {
  const name = hasOwn(op, 'op') ? op.op : undefined;
  if (typeof name !== 'string' || !OP_NAMES.has(name)) {
    throw new OpFailure(name === undefined ? 'the operation has no "op"' : `unrecognized operation ${JSON.stringify(name)}`);
  }
  const path = pointerMember(op, 'path');
  switch (name as OpName) {
    case 'add':
      return add(root, path, cloneJson(valueMember(op)));
    case 'remove':
      return remove(root, path);
    case 'replace':
      return replace(root, path, cloneJson(valueMember(op)));
    case 'move': {
      const from = pointerMember(op, 'from');
      if (from.length < path.length && from.every((t, i) => t === path[i])) {
        throw new OpFailure('a value cannot be moved into one of its own children');
      }
      const value = get(root, from);
      return add(remove(root, from), path, value);
    }
    case 'copy': {
      const value = cloneJson(get(root, pointerMember(op, 'from')));
      const size = JSON.stringify(value).length;
      copyBudget.left -= size;
      if (copyBudget.left < 0) {
        throw new OpFailure(`the copies of this patch add more than the ${copyBudget.limit}-byte limit`);
      }
      return add(root, path, value);
    }
    case 'test': {
      const expected = valueMember(op);
      if (!deepEqual(get(root, path), expected))
        throw new OpFailure(`the value at ${JSON.stringify(op.path)} is not ${JSON.stringify(expected)}`);
      return root;
    }
  }
}

function pointerMember(op: JsonObject, member: 'path' | 'from'): string[] {
  const v = hasOwn(op, member) ? op[member] : undefined;
  if (v === undefined) throw new OpFailure(`the operation has no "${member}"`);
  if (typeof v !== 'string') throw new OpFailure(`"${member}" must be a string, not ${JSON.stringify(v)}`);
  return parsePointer(v);
}

function valueMember(op: JsonObject): JsonValue {
  // `null` is a value; only an absent member is missing.
  if (!hasOwn(op, 'value') || op.value === undefined) throw new OpFailure('the operation has no "value"');
  return op.value;
}

function pointerText(tokens: readonly string[]): string {
  return JSON.stringify(tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''));
}

/** The value at `tokens`; every step must exist. */
function get(root: JsonValue, tokens: readonly string[]): JsonValue {
  let node = root;
  tokens.forEach((token, i) => {
    node = child(node, token, () => pointerText(tokens.slice(0, i + 1)));
  });
  return node;
}

function child(node: JsonValue, token: string, where: () => string): JsonValue {
  if (Array.isArray(node)) return node[arrayIndex(token, node.length, false)];
  if (isObject(node) && hasOwn(node, token)) return node[token];
  throw new OpFailure(`the path ${where()} does not exist`);
}

/** The container that holds the last token; it must exist and be an object or an array. */
function parentOf(root: JsonValue, tokens: readonly string[]): JsonObject | JsonValue[] {
  const parent = get(root, tokens.slice(0, -1));
  if (Array.isArray(parent) || isObject(parent)) return parent;
  throw new OpFailure(`the path ${pointerText(tokens.slice(0, -1))} is not an object or an array`);
}

function add(root: JsonValue, tokens: readonly string[], value: JsonValue): JsonValue {
  if (tokens.length === 0) return value;
  const parent = parentOf(root, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(last, parent.length, true), 0, value);
  else setOwn(parent, last, value);
  return root;
}

function remove(root: JsonValue, tokens: readonly string[]): JsonValue {
  if (tokens.length === 0) throw new OpFailure('the whole document cannot be removed');
  const parent = parentOf(root, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    parent.splice(arrayIndex(last, parent.length, false), 1);
  } else {
    if (!hasOwn(parent, last)) throw new OpFailure(`the path ${pointerText(tokens)} does not exist`);
    delete parent[last];
  }
  return root;
}

function replace(root: JsonValue, tokens: readonly string[], value: JsonValue): JsonValue {
  if (tokens.length === 0) return value;
  const parent = parentOf(root, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    parent[arrayIndex(last, parent.length, false)] = value;
  } else {
    if (!hasOwn(parent, last)) throw new OpFailure(`the path ${pointerText(tokens)} does not exist`);
    setOwn(parent, last, value);
  }
  return root;
}
