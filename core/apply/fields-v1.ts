/**
 * The FieldsV1 wire form of a field set, byte-compatible with the real platform: a JSON object
 * per level whose keys are element tokens in element order, `{}` for a member without children,
 * and a `"."` key (written last, as the real platform writes it) when an element is a member and
 * also has children.
 */
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { FieldSet } from './field-set.ts';
import { compareElements, elementToken, parseElementToken, PathElementError, type PathElement } from './path.ts';

export function toFieldsV1(set: FieldSet): JsonObject {
  return emit(set, false);
}

function emit(set: FieldSet, includeSelf: boolean): JsonObject {
  const out: JsonObject = {};
  const members = set.members();
  const children = set.children();
  let mi = 0;
  let ci = 0;
  while (mi < members.length || ci < children.length) {
    const m = members[mi];
    const c = children[ci];
    const order = m && c ? compareElements(m, c.pe) : m ? -1 : 1;
    if (order < 0) {
      out[elementToken(m)] = {};
      mi++;
    } else if (order > 0) {
      out[elementToken(c.pe)] = emit(c.set, false);
      ci++;
    } else {
      out[elementToken(c.pe)] = emit(c.set, true);
      mi++;
      ci++;
    }
  }
  if (includeSelf && Object.keys(out).length > 0) out['.'] = {};
  return out;
}

/** FieldsV1 that cannot be read (the real platform's "error decoding set"). */
export class FieldsV1Error extends Error {}

/** Reads FieldsV1; keys of unknown element kinds are dropped, malformed keys are errors. */
export function fromFieldsV1(fields: JsonValue | undefined): FieldSet {
  if (fields === undefined || fields === null) return new FieldSet();
  if (!isObject(fields)) throw new FieldsV1Error('ReadMapCB: expect { or n');
  try {
    return read(fields).children ?? new FieldSet();
  } catch (err) {
    // A client's fieldsV1 deeper than the stack: unusable, as a malformed one is.
    if (err instanceof RangeError) throw new FieldsV1Error('ReadMapCB: nested too deeply');
    throw err;
  }
}

function read(obj: JsonObject): { children: FieldSet | undefined; isMember: boolean } {
  let children: FieldSet | undefined;
  let isMember = false;
  for (const key of Object.keys(obj)) {
    if (key === '.') {
      isMember = true;
      continue;
    }
    let pe: PathElement | undefined;
    try {
      pe = parseElementToken(key);
    } catch (err) {
      throw new FieldsV1Error(`parsing key as path element: ${err instanceof PathElementError ? err.message : String(err)}`);
    }
    if (!pe) continue;
    const value = obj[key];
    if (value !== null && !isObject(value)) throw new FieldsV1Error('ReadMapCB: expect { or n');
    const sub = value === null ? { children: undefined, isMember: true } : read(value);
    if (sub.isMember) (children ??= new FieldSet()).addMember(pe);
    if (sub.children) (children ??= new FieldSet()).setChild(pe, sub.children);
  }
  if (!children) isMember = true;
  return { children, isMember };
}
