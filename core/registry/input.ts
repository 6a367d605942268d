/** Turning a request body into a canonical object of the endpoint's kind (decode, prune, default). */
import { MAX_OBJECT_DEPTH, nestedDeeperThan } from '../codecs/depth.ts';
import { isYamlDuplicateReport, strictDecodingWarnings } from '../codecs/yaml-duplicates.ts';
import { orchGroup } from '../auth/attributes.ts';
import { fieldErrors } from '../errors/field-error.ts';
import { StatusError } from '../errors/status-error.ts';
import { DecodeError, type DecodeResult } from '../schema/decode.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { apiVersionOf, decodeAs, type KindDefinition, type StrategyContext } from './definition.ts';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export interface DecodeInputOptions {
  readonly fieldValidation: FieldValidation;
  /** Collects `Warning` header texts. */
  readonly warnings: string[];
  /** Fields found twice in the body (found by the codec, which saw the raw text). */
  readonly duplicateFields?: readonly string[];
  /**
   * The object is the body of a create or an update: a strict decoding error then names the kind
   * and version it could not be read as, as the real create and update handlers word every decode
   * error (transformDecodeError).
   */
  readonly body?: boolean;
}

/**
 * kubectl's generators (`create role`, `create rolebinding`, `create ingress`, …) write the real
 * platform's spelling of a group into the body (`rbac.authorization.k8s.io/v1`) whatever path they
 * post to: it names the served `rbac.authorization.orch.io/v1`, as the `k8s.io` paths and media
 * types are aliases of the `orch.io` ones.
 */
export function spellsAsOrch(apiVersion: unknown, served: string): apiVersion is string {
  if (typeof apiVersion !== 'string') return false;
  const slash = apiVersion.indexOf('/');
  return slash > 0 && `${orchGroup(apiVersion.slice(0, slash))}${apiVersion.slice(slash)}` === served;
}

/**
 * Checks `apiVersion`/`kind` against the endpoint; absent ones are taken from it, as the real
 * platform does for its typed kinds (see requireTypeMeta for the others).
 */
export function checkTypeMeta(input: unknown, def: KindDefinition): JsonObject {
  if (!isObject(input)) {
    throw StatusError.badRequest(
      `couldn't get version/kind; json parse error: json: cannot unmarshal ${Array.isArray(input) ? 'array' : typeof input === 'string' ? 'string' : typeof input === 'number' ? 'number' : typeof input === 'boolean' ? 'bool' : 'null'} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`,
    );
  }
  const want = apiVersionOf(def);
  const av = input.apiVersion;
  const kind = input.kind;
  if (av !== undefined && av !== null && av !== '' && av !== want && !spellsAsOrch(av, want)) {
    throw StatusError.badRequest(`the API version in the data (${String(av)}) does not match the expected API version (${want})`);
  }
  if (kind !== undefined && kind !== null && kind !== '' && kind !== def.kind) {
    if (def.requireTypeMeta) {
      // Unstructured JSON decodes whatever kind it names: the kind's validation refuses it.
      const meta = isObject(input.metadata) ? input.metadata : {};
      const name = typeof meta.name === 'string' ? meta.name : '';
      throw StatusError.invalid({ group: def.group, kind: def.kind }, name, [fieldErrors.invalid('kind', kind, `must be ${def.kind}`)]);
    }
    throw StatusError.badRequest(`the kind in the data (${String(kind)}) does not match the expected kind (${def.kind})`);
  }
  return input;
}

/**
 * A body decoded as unstructured JSON (custom resources: `requireTypeMeta`) must name its kind,
 * then its apiVersion, as the real JSON serializer and create/update handlers require them: the
 * serializer's missing-kind error (worded by the handler as for an unrecognized object when it
 * decoded strictly, as fieldValidation Warn and Strict do, else as a kind it cannot handle, and
 * quoting the body, here as compact JSON), and the handler's check of the group and version.
 */
function requireTypeMeta(input: JsonObject, def: KindDefinition, fieldValidation: FieldValidation): void {
  const named = (v: unknown): v is string => typeof v === 'string' && v !== '';
  if (!named(input.kind)) {
    const text = JSON.stringify(input);
    const missing = `Object 'Kind' is missing in '${text}'`;
    if (fieldValidation === 'Ignore') {
      throw StatusError.badRequest(
        `${def.kind} in version "${versionIn(input.apiVersion, def)}" cannot be handled as a ${def.kind}: ${missing}`,
      );
    }
    throw StatusError.badRequest(`the object provided is unrecognized (must be of type ${def.kind}): ${missing} (${summary(text)})`);
  }
  if (!named(input.apiVersion)) {
    throw StatusError.badRequest(`the API version in the data () does not match the expected API version (${apiVersionOf(def)})`);
  }
}

/** The version a body's apiVersion names, the endpoint's filling what it leaves out (Go's gvkWithDefaults). */
function versionIn(apiVersion: unknown, def: KindDefinition): string {
  const parts = typeof apiVersion === 'string' && apiVersion ? apiVersion.split('/') : [];
  if (parts.length === 1) return parts[0];
  if (parts.length === 2 && (parts[1] || parts[0] !== def.group)) return parts[1];
  return def.version;
}

/** The start of a body as the real handler quotes it in a decoding error: 30 bytes, then ` ...`. */
function summary(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return bytes.length > 30 ? `${new TextDecoder().decode(bytes.subarray(0, 30))} ...` : text;
}

export function decodeInput(input: unknown, def: KindDefinition, ctx: StrategyContext, opts: DecodeInputOptions): JsonObject {
  if (opts.body && def.requireTypeMeta && isObject(input)) requireTypeMeta(input, def, opts.fieldValidation);
  const raw = checkTypeMeta(input, def);
  let decoded: DecodeResult;
  try {
    decoded = decodeAs(def, raw, { defaults: true, collectUnknown: opts.fieldValidation !== 'Ignore' });
  } catch (err) {
    if (err instanceof DecodeError) {
      throw StatusError.badRequest(`${def.kind} in version "${def.version}" cannot be handled as a ${def.kind}: ${err.message}`);
    }
    throw err;
  }
  if (nestedDeeperThan(decoded.value, MAX_OBJECT_DEPTH)) {
    throw StatusError.badRequest(
      `${def.kind} in version "${def.version}" cannot be handled as a ${def.kind}: the object nests more than ${MAX_OBJECT_DEPTH} levels deep`,
    );
  }
  reportFieldProblems(decoded.unknownFields, opts.duplicateFields ?? [], opts, def);
  const obj = decoded.value;
  obj.apiVersion = apiVersionOf(def);
  obj.kind = def.kind;
  def.strategy?.defaults?.(obj, ctx);
  return obj;
}

/**
 * A Strict field validation failure: a 400 naming the kind for a create or update; a patch turns
 * it into the real platform's 422 on the field `patch` (see core/handlers/patchers.ts), so it
 * keeps the decoder's own text.
 */
export class StrictDecodingError extends StatusError {
  constructor(
    message: string,
    /** `strict decoding error: unknown field "spec.x", …` */
    readonly decodingError: string,
  ) {
    super(400, 'BadRequest', message);
  }
}

/** fieldValidation: Ignore drops silently, Warn adds one warning each, Strict fails listing them all. */
export function reportFieldProblems(
  unknown: readonly string[],
  duplicates: readonly string[],
  opts: DecodeInputOptions,
  def: KindDefinition,
): void {
  if (opts.fieldValidation === 'Ignore') return;
  const problems = [
    // A YAML body's repeats come as its decoder's own report, a JSON body's as field paths.
    ...duplicates.map((f) => (isYamlDuplicateReport(f) ? f : `duplicate field ${JSON.stringify(f)}`)),
    ...unknown.map((f) => `unknown field ${JSON.stringify(f)}`),
  ];
  if (!problems.length) return;
  if (opts.fieldValidation === 'Strict') {
    const error = `strict decoding error: ${problems.join(', ')}`;
    throw new StrictDecodingError(
      opts.body ? `${def.kind} in version "${def.version}" cannot be handled as a ${def.kind}: ${error}` : error,
      error,
    );
  }
  opts.warnings.push(...problems.flatMap(strictDecodingWarnings));
}
