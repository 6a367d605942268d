/** ConfigMap (core v1, namespaced): configuration data; `immutable: true` freezes data and binaryData. */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isConfigMapKey } from '../../meta/names.ts';
import { deepEqual, utf8Length } from '../../util/json.ts';
import { defineKind } from '../definition.ts';
import { ConfigMap } from '../types/core-v1-misc.ts';
import { AGE_COLUMN } from '../table.ts';

/** The real platform's limit on the total size of a ConfigMap's values. */
const MAX_CONFIGMAP_SIZE = 1024 * 1024;
const IMMUTABLE = 'field is immutable when `immutable` is set';

function base64Length(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return (b64.length / 4) * 3 - pad;
}

function validateConfigMap(obj: ConfigMap): FieldError[] {
  const errs: FieldError[] = [];
  const data = obj.data ?? {};
  const binary = obj.binaryData ?? {};
  let total = 0;
  for (const key of Object.keys(data)) {
    for (const m of isConfigMapKey(key)) errs.push(fieldErrors.invalid(`data[${key}]`, key, m));
    if (Object.hasOwn(binary, key)) {
      errs.push(fieldErrors.invalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
    }
    total += utf8Length(data[key]);
  }
  for (const key of Object.keys(binary)) {
    for (const m of isConfigMapKey(key)) errs.push(fieldErrors.invalid(`binaryData[${key}]`, key, m));
    total += base64Length(binary[key]);
  }
  if (total > MAX_CONFIGMAP_SIZE) errs.push(fieldErrors.tooLong('', MAX_CONFIGMAP_SIZE));
  return errs;
}

export const configMapKind = defineKind<ConfigMap>({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  resource: 'configmaps',
  singular: 'configmap',
  shortNames: ['cm'],
  namespaced: true,
  schema: ConfigMap,
  table: [
    {
      name: 'Data',
      type: 'string',
      description: 'Data contains the configuration data.',
      cell: (obj) => Object.keys(obj.data ?? {}).length + Object.keys(obj.binaryData ?? {}).length,
    },
    AGE_COLUMN,
  ],
  strategy: {
    validate: validateConfigMap,
    validateUpdate(obj, old) {
      const errs: FieldError[] = [];
      if (old.immutable === true) {
        if (obj.immutable !== true) errs.push(fieldErrors.forbidden('immutable', IMMUTABLE));
        if (!deepEqual(obj.data ?? {}, old.data ?? {})) errs.push(fieldErrors.forbidden('data', IMMUTABLE));
        if (!deepEqual(obj.binaryData ?? {}, old.binaryData ?? {})) errs.push(fieldErrors.forbidden('binaryData', IMMUTABLE));
      }
      return errs;
    },
  },
});
