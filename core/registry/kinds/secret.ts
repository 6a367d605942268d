/**
 * Secret (core v1, namespaced): data of a type. `stringData` is write-only (merged into `data`
 * when decoded), `type` defaults to Opaque and is immutable, `immutable: true` freezes `data`,
 * and the well-known types require their keys, as in the real platform (v1.32). The well-known
 * types are checked in either spelling, orch's (`orchestrator.io/tls`) or the real platform's
 * (`kubernetes.io/tls`, which kubectl's `create secret tls` and `docker-registry` write), and
 * kept as written.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isConfigMapKey } from '../../meta/names.ts';
import { deepEqual, isObject } from '../../util/json.ts';
import { defineKind } from '../definition.ts';
import { Secret } from '../types/core-v1-misc.ts';
import { base64Bytes, immutable, utf8Base64 } from '../kind-support/field-checks.ts';
import { AGE_COLUMN } from '../table.ts';

/** The real platform's limit on the total size of a Secret's values. */
export const MAX_SECRET_SIZE = 1024 * 1024;
const IMMUTABLE = 'field is immutable when `immutable` is set';
const REDACTED = '<secret contents redacted>';

export const SECRET_TYPES = {
  opaque: 'Opaque',
  serviceAccountToken: 'orchestrator.io/service-account-token',
  dockercfg: 'orchestrator.io/dockercfg',
  dockerConfigJson: 'orchestrator.io/dockerconfigjson',
  basicAuth: 'orchestrator.io/basic-auth',
  sshAuth: 'orchestrator.io/ssh-auth',
  tls: 'orchestrator.io/tls',
} as const;
export const SERVICE_ACCOUNT_NAME_ANNOTATION = 'orchestrator.io/service-account.name';

const ORCH_PREFIX = 'orchestrator.io/';
/** The real platform's prefix of the well-known types and of the service account annotation. */
const ALIAS_PREFIX = 'kubernetes.io/';

/** A type in orch's spelling, so that one rule checks both spellings of a well-known type. */
function inOrchSpelling(type: string | undefined): string | undefined {
  return type?.startsWith(ALIAS_PREFIX) ? ORCH_PREFIX + type.slice(ALIAS_PREFIX.length) : type;
}

/**
 * A service account token Secret names its account in the annotation spelled as its type is
 * (`kubernetes.io/service-account.name` for `kubernetes.io/service-account-token`); the other
 * spelling counts too, as orch's controllers write orch's.
 */
function serviceAccountNameProblems(obj: Secret): FieldError[] {
  const annotations = obj.metadata.annotations ?? {};
  const key = SERVICE_ACCOUNT_NAME_ANNOTATION.slice(ORCH_PREFIX.length);
  if (annotations[ORCH_PREFIX + key] || annotations[ALIAS_PREFIX + key]) return [];
  const prefix = obj.type?.startsWith(ALIAS_PREFIX) ? ALIAS_PREFIX : ORCH_PREFIX;
  return [fieldErrors.required(`metadata.annotations[${prefix}${key}]`)];
}

function dataOf(obj: Secret): Record<string, string> {
  return obj.data ?? {};
}

/** `stringData` values replace `data` values of the same key; only `data` is kept. */
function mergeStringData(obj: Secret): void {
  const stringData = obj.stringData;
  delete obj.stringData;
  if (!stringData || !Object.keys(stringData).length) return;
  const data = { ...dataOf(obj) };
  for (const [k, v] of Object.entries(stringData)) data[k] = utf8Base64(v);
  obj.data = Object.fromEntries(
    Object.keys(data)
      .sort()
      .map((k) => [k, data[k]]),
  );
}

/** The error Go's JSON decoder reports for text that is not a JSON object. */
function jsonObjectProblem(bytes: Uint8Array): string | undefined {
  const text = new TextDecoder().decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const first = text.trim()[0];
    return first === undefined ? 'unexpected end of JSON input' : `invalid character '${first}' looking for beginning of value`;
  }
  if (value === null || isObject(value)) return undefined;
  const what = Array.isArray(value) ? 'array' : typeof value === 'boolean' ? 'bool' : typeof value;
  return `json: cannot unmarshal ${what} into Go value of type map[string]interface {}`;
}

function requireJsonKey(data: Record<string, string>, key: string): FieldError[] {
  if (!(key in data)) return [fieldErrors.required(`data[${key}]`)];
  const problem = jsonObjectProblem(base64Bytes(data[key]));
  return problem ? [fieldErrors.invalid(`data[${key}]`, REDACTED, problem)] : [];
}

function validateType(obj: Secret, data: Record<string, string>): FieldError[] {
  switch (inOrchSpelling(obj.type)) {
    case SECRET_TYPES.serviceAccountToken:
      return serviceAccountNameProblems(obj);
    case SECRET_TYPES.dockercfg:
      return requireJsonKey(data, '.dockercfg');
    case SECRET_TYPES.dockerConfigJson:
      return requireJsonKey(data, '.dockerconfigjson');
    case SECRET_TYPES.basicAuth:
      // Either may be empty, but one of the two keys must be there.
      return 'username' in data || 'password' in data
        ? []
        : [fieldErrors.required('data[username]'), fieldErrors.required('data[password]')];
    case SECRET_TYPES.sshAuth:
      return data['ssh-privatekey'] ? [] : [fieldErrors.required('data[ssh-privatekey]')];
    case SECRET_TYPES.tls:
      return ['tls.crt', 'tls.key'].filter((k) => !(k in data)).map((k) => fieldErrors.required(`data[${k}]`));
    default:
      return [];
  }
}

function validateSecret(obj: Secret): FieldError[] {
  const errs: FieldError[] = [];
  const data = dataOf(obj);
  let total = 0;
  for (const [key, value] of Object.entries(data)) {
    for (const m of isConfigMapKey(key)) errs.push(fieldErrors.invalid(`data[${key}]`, key, m));
    total += base64Bytes(value).length;
  }
  if (total > MAX_SECRET_SIZE) errs.push(fieldErrors.tooLong('data', MAX_SECRET_SIZE));
  errs.push(...validateType(obj, data));
  return errs;
}

function validateSecretUpdate(obj: Secret, old: Secret): FieldError[] {
  const errs = immutable('type', obj.type, old.type);
  if (old.immutable === true) {
    if (obj.immutable !== true) errs.push(fieldErrors.forbidden('immutable', IMMUTABLE));
    if (!deepEqual(obj.data ?? {}, old.data ?? {})) errs.push(fieldErrors.forbidden('data', IMMUTABLE));
  }
  return errs;
}

export const secretKind = defineKind<Secret>({
  group: '',
  version: 'v1',
  kind: 'Secret',
  resource: 'secrets',
  singular: 'secret',
  namespaced: true,
  schema: Secret,
  fieldSelectors: { type: (obj) => obj.type ?? '' },
  table: [
    {
      name: 'Type',
      type: 'string',
      description: 'Used to facilitate programmatic handling of secret data.',
      cell: (obj) => obj.type ?? '',
    },
    { name: 'Data', type: 'string', description: 'Data contains the secret data.', cell: (obj) => Object.keys(dataOf(obj)).length },
    AGE_COLUMN,
  ],
  strategy: { defaults: mergeStringData, validate: validateSecret, validateUpdate: validateSecretUpdate },
});
