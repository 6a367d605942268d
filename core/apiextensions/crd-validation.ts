/**
 * Validation of a CustomResourceDefinition as the real platform's apiextensions validation does
 * it: the name is `<plural>.<group>`, names are DNS labels, exactly one storage version, a
 * structural schema per version, subresource paths, printer columns, selectable fields,
 * conversion, and on update the fields that may not change.
 */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { isDNS1035Label, isDNS1123Subdomain } from '../meta/names.ts';
import type {
  CustomResourceColumnDefinition,
  CustomResourceConversion,
  CustomResourceDefinition,
  CustomResourceDefinitionNames,
  CustomResourceSubresources,
  SelectableField,
} from '../registry/types/apiextensions-v1.ts';
import { isObject, type JsonValue } from '../util/json.ts';
import { ruleSchemaErrors } from './cel-rules.ts';
import { isCondition } from './conditions.ts';
import { parseSimplePath } from './jsonpath.ts';
import { propertiesOf, typeOf, type SchemaProps } from './schema-props.ts';
import { validateSchemaProps } from './structural.ts';

const PRINTER_TYPES = ['boolean', 'date', 'integer', 'number', 'string'];
const PRINTER_FORMATS = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];
const MAX_SELECTABLE_FIELDS = 8;
const MAX_DEPRECATION_WARNING = 256;

/** Groups that need the approval annotation, as the real platform's `*.k8s.io` and `*.kubernetes.io`. */
const PROTECTED = [/(^|\.)orch\.io$/, /(^|\.)orchestrator\.io$/];
export const API_APPROVED_ANNOTATION = 'api-approved.orchestrator.io';

export function validateCRD(crd: CustomResourceDefinition): FieldError[] {
  const spec = crd.spec ?? {};
  const errs: FieldError[] = [];
  const name = crd.metadata?.name ?? '';
  const want = `${spec.names?.plural ?? ''}.${spec.group ?? ''}`;
  if (name && name !== want) errs.push(fieldErrors.invalid('metadata.name', name, 'must be spec.names.plural+"."+spec.group'));
  const group = spec.group ?? '';
  if (PROTECTED.some((re) => re.test(group)) && !crd.metadata?.annotations?.[API_APPROVED_ANNOTATION]) {
    errs.push(
      fieldErrors.required(
        `metadata.annotations[${API_APPROVED_ANNOTATION}]`,
        `protected groups must have approval annotation "${API_APPROVED_ANNOTATION}", see https://github.com/kubernetes/enhancements/pull/1111`,
      ),
    );
  }
  errs.push(...validateSpec(crd));
  errs.push(...validateNames(crd.status?.acceptedNames, 'status.acceptedNames'));
  errs.push(...validateStoredVersions(crd));
  return errs;
}

export function validateCRDUpdate(crd: CustomResourceDefinition, old: CustomResourceDefinition): FieldError[] {
  const errs: FieldError[] = [];
  const established = (old.status?.conditions ?? []).some((c) => isCondition(c, 'Established', 'True'));
  const immutable = (path: string, now: unknown, before: unknown) => {
    if (now !== before) errs.push(fieldErrors.invalid(path, now, 'field is immutable'));
  };
  if (established) {
    immutable('spec.scope', crd.spec?.scope, old.spec?.scope);
    immutable('spec.names.kind', crd.spec?.names?.kind, old.spec?.names?.kind);
  }
  immutable('spec.group', crd.spec?.group, old.spec?.group);
  immutable('spec.names.plural', crd.spec?.names?.plural, old.spec?.names?.plural);
  return errs;
}

function validateSpec(crd: CustomResourceDefinition): FieldError[] {
  const spec = crd.spec ?? {};
  const errs: FieldError[] = [];
  const group = spec.group ?? '';
  if (!group) errs.push(fieldErrors.required('spec.group'));
  else {
    const bad = isDNS1123Subdomain(group);
    if (bad.length) errs.push(fieldErrors.invalid('spec.group', group, bad.join(',')));
    else if (group.split('.').length < 2) errs.push(fieldErrors.invalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  const scope = spec.scope ?? '';
  if (!scope) errs.push(fieldErrors.required('spec.scope'));
  else if (scope !== 'Cluster' && scope !== 'Namespaced')
    errs.push(fieldErrors.notSupported('spec.scope', scope, ['Cluster', 'Namespaced']));

  const versions = spec.versions ?? [];
  let storage = 0;
  const seen = new Set<string>();
  let unique = true;
  versions.forEach((v, i) => {
    const p = `spec.versions[${i}]`;
    if (v.storage) storage++;
    if (seen.has(v.name ?? '')) unique = false;
    seen.add(v.name ?? '');
    const bad = isDNS1035Label(v.name ?? '');
    if (bad.length) errs.push(fieldErrors.invalid(`${p}.name`, v.name ?? '', bad.join(',')));
    const statusEnabled = v.subresources?.status != null;
    const schema = v.schema?.openAPIV3Schema as JsonValue | undefined;
    const schemaErrors = validateSchemaProps(schema, `${p}.schema.openAPIV3Schema`, statusEnabled);
    errs.push(...schemaErrors);
    // Rules are compiled only in a structural schema, as the real platform does.
    if (!schemaErrors.length && isObject(schema)) errs.push(...ruleSchemaErrors(schema, `${p}.schema.openAPIV3Schema`));
    errs.push(...validateSubresources(v.subresources, `${p}.subresources`));
    (v.additionalPrinterColumns ?? []).forEach((c, j) => errs.push(...validateColumn(c, `${p}.additionalPrinterColumns[${j}]`)));
    if (v.selectableFields?.length) {
      if (!isObject(schema)) {
        errs.push(
          fieldErrors.invalid(
            `${p}.selectableFields`,
            '',
            'selectableFields may only be set when version.schema.openAPIV3Schema is not included',
          ),
        );
      } else errs.push(...validateSelectableFields(v.selectableFields, schema, `${p}.selectableFields`));
    }
    if (v.deprecationWarning != null) {
      const w = v.deprecationWarning;
      if (!v.deprecated) errs.push(fieldErrors.invalid(`${p}.deprecationWarning`, w, 'can only be set for deprecated versions'));
      else if ([...w].length > MAX_DEPRECATION_WARNING) {
        errs.push(fieldErrors.invalid(`${p}.deprecationWarning`, w, `must be <= ${MAX_DEPRECATION_WARNING} characters long`));
      } else if ([...w].some((ch) => /\p{C}/u.test(ch))) {
        errs.push(fieldErrors.invalid(`${p}.deprecationWarning`, w, 'must only contain printable UTF-8 characters'));
      }
    }
  });
  if (!unique) errs.push(fieldErrors.invalid('spec.versions', versions, 'must contain unique version names'));
  if (storage !== 1) errs.push(fieldErrors.invalid('spec.versions', versions, 'must have exactly one version marked as storage version'));

  const names = spec.names ?? {};
  for (const k of ['plural', 'singular', 'kind', 'listKind'] as const) if (!names[k]) errs.push(fieldErrors.required(`spec.names.${k}`));
  errs.push(...validateNames(names, 'spec.names'));
  errs.push(...validateConversion(spec.conversion, 'spec.conversion'));
  if (spec.preserveUnknownFields === true) {
    errs.push(
      fieldErrors.invalid(
        'spec.preserveUnknownFields',
        true,
        'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead',
      ),
    );
  }
  return errs;
}

export function validateNames(names: CustomResourceDefinitionNames | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!names) return errs;
  const label = (field: string, v: string | undefined, mixedCase = false) => {
    if (!v) return;
    const bad = isDNS1035Label(mixedCase ? v.toLowerCase() : v);
    if (bad.length)
      errs.push(
        fieldErrors.invalid(`${path}.${field}`, v, (mixedCase ? 'may have mixed case, but should otherwise match: ' : '') + bad.join(',')),
      );
  };
  label('plural', names.plural);
  label('singular', names.singular);
  label('kind', names.kind, true);
  label('listKind', names.listKind, true);
  (names.shortNames ?? []).forEach((s, i) => {
    const bad = isDNS1035Label(s);
    if (bad.length) errs.push(fieldErrors.invalid(`${path}.shortNames[${i}]`, s, bad.join(',')));
  });
  if (names.kind && names.kind === names.listKind) {
    errs.push(fieldErrors.invalid(`${path}.listKind`, names.listKind, 'kind and listKind may not be the same'));
  }
  (names.categories ?? []).forEach((c, i) => {
    const bad = isDNS1035Label(c);
    if (bad.length) errs.push(fieldErrors.invalid(`${path}.categories[${i}]`, c, bad.join(',')));
  });
  return errs;
}

function validateStoredVersions(crd: CustomResourceDefinition): FieldError[] {
  const stored = crd.status?.storedVersions ?? [];
  const path = 'status.storedVersions';
  if (!stored.length) return [fieldErrors.invalid(path, stored, 'must have at least one stored version')];
  const errs: FieldError[] = [];
  const versions = crd.spec?.versions ?? [];
  for (const v of versions)
    if (v.storage && !stored.includes(v.name ?? '')) errs.push(fieldErrors.invalid(path, v, `must have the storage version ${v.name}`));
  const names = new Set(versions.map((v) => v.name));
  stored.forEach((s, i) => {
    if (!names.has(s)) errs.push(fieldErrors.invalid(`${path}[${i}]`, s, 'must appear in spec.versions'));
  });
  return errs;
}

/** A path such as `.spec.replicas`: dot-separated field names only. */
function simplePathErrors(value: string, path: string): FieldError[] {
  if (!value) return [fieldErrors.invalid(path, value, 'must not be empty')];
  if (!value.startsWith('.')) return [fieldErrors.invalid(path, value, 'must be a simple json path starting with .')];
  return [];
}

function validateSubresources(sub: CustomResourceSubresources | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const scale = sub?.scale;
  if (!scale) return errs;
  const check = (field: string, v: string | undefined, prefixes: string[], word: string, required: boolean) => {
    const p = `${path}.scale.${field}`;
    if (!v) {
      if (required) errs.push(fieldErrors.required(p));
      return;
    }
    const bad = simplePathErrors(v, p);
    if (bad.length) errs.push(...bad);
    else if (!prefixes.some((x) => v.startsWith(x))) errs.push(fieldErrors.invalid(p, v, `should be a json path under ${word}`));
  };
  check('specReplicasPath', scale.specReplicasPath, ['.spec.'], '.spec', true);
  check('statusReplicasPath', scale.statusReplicasPath, ['.status.'], '.status', true);
  check('labelSelectorPath', scale.labelSelectorPath ?? undefined, ['.spec.', '.status.'], 'either .spec or .status', false);
  return errs;
}

function validateColumn(c: CustomResourceColumnDefinition, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!c.name) errs.push(fieldErrors.required(`${path}.name`));
  if (!c.type) errs.push(fieldErrors.required(`${path}.type`, `must be one of ${PRINTER_TYPES.join(',')}`));
  else if (!PRINTER_TYPES.includes(c.type))
    errs.push(fieldErrors.invalid(`${path}.type`, c.type, `must be one of ${PRINTER_TYPES.join(',')}`));
  if (c.format && !PRINTER_FORMATS.includes(c.format)) {
    errs.push(fieldErrors.invalid(`${path}.format`, c.format, `must be one of ${PRINTER_FORMATS.join(',')}`));
  }
  if (!c.jsonPath) errs.push(fieldErrors.required(`${path}.JSONPath`));
  else errs.push(...simplePathErrors(c.jsonPath, `${path}.JSONPath`));
  return errs;
}

function validateSelectableFields(fields: readonly SelectableField[], schema: SchemaProps, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const unique = new Set<string>();
  fields.forEach((f, i) => {
    const p = `${path}[${i}].jsonPath`;
    const jp = f.jsonPath ?? '';
    if (!jp) {
      errs.push(fieldErrors.required(p));
      return;
    }
    const segments = parseSimplePath(jp);
    if (!segments) {
      errs.push(fieldErrors.invalid(p, jp, 'is an invalid path: must be a simple json path starting with .'));
      return;
    }
    let node: SchemaProps | undefined = schema;
    for (const s of segments) node = node ? propertiesOf(node)?.[s] : undefined;
    if (!node) {
      errs.push(fieldErrors.invalid(p, jp, `is an invalid path: does not refer to a valid field`));
      return;
    }
    if (segments[0] === 'metadata') errs.push(fieldErrors.invalid(p, jp, 'must not point to fields in metadata'));
    if (!['string', 'boolean', 'integer'].includes(typeOf(node))) {
      errs.push(
        fieldErrors.invalid(
          p,
          jp,
          'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.',
        ),
      );
    }
    const key = segments.join('.');
    if (unique.has(key)) errs.push(fieldErrors.duplicate(p, jp));
    unique.add(key);
  });
  if (unique.size > MAX_SELECTABLE_FIELDS) errs.push(fieldErrors.tooMany(path, unique.size, MAX_SELECTABLE_FIELDS));
  return errs;
}

function validateConversion(c: CustomResourceConversion | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!c) return errs;
  const strategy = c.strategy ?? '';
  if (!strategy) errs.push(fieldErrors.required(`${path}.strategy`));
  else if (strategy !== 'None' && strategy !== 'Webhook')
    errs.push(fieldErrors.notSupported(`${path}.strategy`, strategy, ['None', 'Webhook']));
  if (strategy === 'Webhook') {
    const w = c.webhook;
    if (!w) errs.push(fieldErrors.required(`${path}.webhook`, 'required when strategy is set to Webhook'));
    else {
      const cc = w.clientConfig;
      if (!cc) errs.push(fieldErrors.required(`${path}.webhook.clientConfig`, 'required when strategy is set to Webhook'));
      else if ((cc.url == null) === (cc.service == null)) {
        errs.push(fieldErrors.required(`${path}.webhook.clientConfig`, 'exactly one of url or service is required'));
      } else if (cc.url != null && !/^https:\/\//.test(cc.url)) {
        errs.push(fieldErrors.invalid(`${path}.webhook.clientConfig.url`, cc.url, "'https' is the only allowed URL scheme"));
      }
      const review = w.conversionReviewVersions ?? [];
      if (!review.some((v) => v === 'v1' || v === 'v1beta1')) {
        errs.push(fieldErrors.invalid(`${path}.webhook.conversionReviewVersions`, review, 'must include at least one of v1, v1beta1'));
      }
    }
  } else if (c.webhook) {
    errs.push(fieldErrors.forbidden(`${path}.webhook`, 'should not be set when strategy is not set to Webhook'));
  }
  return errs;
}
