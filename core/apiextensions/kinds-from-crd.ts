/**
 * The KindDefinitions a CustomResourceDefinition serves: one per served version, under its
 * accepted names, all stored as the storage version (`None` conversion: only `apiVersion`
 * changes). Custom resources go through the same registry and handlers as built-in kinds; what
 * is theirs (codec, validation, published schema, table, subresources) comes from here.
 */
import type { FieldError } from '../errors/field-error.ts';
import { StatusError } from '../errors/status-error.ts';
import type { FeatureGates } from '../features/feature-gates.ts';
import type { KindDefinition, ObjectCodec, StoredAs, Subresource } from '../registry/definition.ts';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from '../registry/types/apiextensions-v1.ts';
import { compareVersions } from '../discovery/groups.ts';
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { customResourceCodec } from './codec.ts';
import { customResourceStrategy } from './cr-strategy.ts';
import { parseSimplePath } from './jsonpath.ts';
import { printerColumns } from './printer-columns.ts';
import { publishedSchema } from './published-schema.ts';
import { missingDefaults } from './stored-defaults.ts';
import type { SchemaProps } from './schema-props.ts';
import { definitionName, toObjectSchema } from './to-orch-schema.ts';

/** Rules beyond the schema's own (CEL `x-orch-validations`), checked on every write of a version. */
export interface RuleChecker {
  /** Compiles a version's rules once; returns the check of a written object (old: its stored form, on update). */
  compile(schema: SchemaProps): ((obj: JsonObject, old: JsonObject | undefined, warnings?: string[]) => FieldError[]) | undefined;
}

const SMP = 'application/strategic-merge-patch+json';

function storageVersionOf(crd: CustomResourceDefinition): CustomResourceDefinitionVersion | undefined {
  return (crd.spec?.versions ?? []).find((v) => v.storage);
}

/** The real default warning: `<group>/<version> <Kind> is deprecated; use <group>/<newest served, not deprecated> <Kind>`. */
function defaultDeprecationWarning(crd: CustomResourceDefinition, version: string, kind: string): string {
  const group = crd.spec?.group ?? '';
  const msg = `${group}/${version} ${kind} is deprecated`;
  const others = (crd.spec?.versions ?? [])
    .filter((v) => v.served && !v.deprecated)
    .map((v) => v.name ?? '')
    .sort(compareVersions);
  return others.length ? `${msg}; use ${group}/${others[0]} ${kind}` : msg;
}

function subresources(version: CustomResourceDefinitionVersion): Record<string, Subresource> {
  const out: Record<string, Subresource> = {};
  const sub = version.subresources;
  if (sub?.status) out.status = { kind: 'partial', paths: [['status']], verbs: ['get', 'patch', 'update'] };
  if (sub?.scale) {
    const spec = parseSimplePath(sub.scale.specReplicasPath ?? '');
    const status = parseSimplePath(sub.scale.statusReplicasPath ?? '');
    const selector = sub.scale.labelSelectorPath ? parseSimplePath(sub.scale.labelSelectorPath) : undefined;
    if (spec && status)
      out.scale = {
        kind: 'scale',
        specReplicasPath: spec,
        statusReplicasPath: status,
        ...(selector ? { labelSelectorPath: selector } : {}),
        table: printerColumns(version),
      };
  }
  return out;
}

function fieldSelectors(version: CustomResourceDefinitionVersion): Record<string, (obj: JsonObject) => string> {
  const out: Record<string, (obj: JsonObject) => string> = {};
  for (const f of version.selectableFields ?? []) {
    const segments = parseSimplePath(f.jsonPath ?? '');
    if (!segments) continue;
    out[segments.join('.')] = (obj) => {
      let v: JsonValue | undefined = obj;
      for (const s of segments) v = isObject(v) ? v[s] : undefined;
      return v === undefined || v === null ? '' : String(v);
    };
  }
  return out;
}

function withApiVersion(obj: JsonObject, apiVersion: string): JsonObject {
  return { ...obj, apiVersion };
}

/**
 * Defaults on read: those of the schema of the version an object is stored in (its apiVersion,
 * which stays that of an older storage version until the object is written again), as the real
 * storage decoder fills them. Undefined when no version's schema has a default.
 */
function storedDefaultsOf(crd: CustomResourceDefinition): KindDefinition['storedDefaults'] {
  const group = crd.spec?.group ?? '';
  const byApiVersion = new Map<string, { missing: (obj: JsonObject) => boolean; codec: ObjectCodec }>();
  for (const v of crd.spec?.versions ?? []) {
    const schema: SchemaProps = isObject(v.schema?.openAPIV3Schema) ? (v.schema.openAPIV3Schema as SchemaProps) : { type: 'object' };
    const missing = missingDefaults(schema);
    if (missing) byApiVersion.set(`${group}/${v.name ?? ''}`, { missing, codec: customResourceCodec(schema) });
  }
  if (!byApiVersion.size) return undefined;
  return (stored) => {
    const version = typeof stored.apiVersion === 'string' ? byApiVersion.get(stored.apiVersion) : undefined;
    // Filled by the codec, which also puts what it fills in its canonical (key) order.
    return version?.missing(stored) ? version.codec.decode(stored, { defaults: true }).value : undefined;
  };
}

/**
 * One KindDefinition per served version of an established CRD (none for versions not served).
 * `storage` is the definition objects are stored as (the storage version's, served or not).
 */
export function kindsFromCRD(crd: CustomResourceDefinition, gates: FeatureGates, rules?: RuleChecker): KindDefinition[] {
  const spec = crd.spec ?? {};
  const group = spec.group ?? '';
  const names = crd.status?.acceptedNames?.kind ? crd.status.acceptedNames : (spec.names ?? {});
  const kind = names.kind ?? '';
  const storageResource = `${spec.names?.plural ?? names.plural ?? ''}.${group}`;
  const multi = (spec.versions ?? []).length > 1;
  const storedDefaults = storedDefaultsOf(crd);

  const build = (v: CustomResourceDefinitionVersion): KindDefinition => {
    const version = v.name ?? '';
    const schema: SchemaProps = isObject(v.schema?.openAPIV3Schema) ? (v.schema.openAPIV3Schema as SchemaProps) : { type: 'object' };
    const check = rules?.compile(schema);
    const warning = v.deprecated ? (v.deprecationWarning ?? defaultDeprecationWarning(crd, version, kind)) : undefined;
    const selectors = gates.enabled('CustomResourceFieldSelectors') ? fieldSelectors(v) : {};
    return {
      group,
      version,
      kind,
      listKind: names.listKind ?? `${kind}List`,
      resource: names.plural ?? '',
      singular: names.singular ?? kind.toLowerCase(),
      ...(names.shortNames?.length ? { shortNames: [...names.shortNames] } : {}),
      ...(names.categories?.length ? { categories: [...names.categories] } : {}),
      namespaced: spec.scope === 'Namespaced',
      schema: toObjectSchema(schema, group, version, kind),
      codec: customResourceCodec(schema),
      publishedSchema: publishedSchema(schema, definitionName(group, version, kind)),
      refusedPatchTypes: [SMP],
      // Decoded as unstructured JSON, with the custom resource strategy's rules for writes.
      requireTypeMeta: true,
      requireResourceVersionOnUpdate: true,
      unqualifiedFinalizers: 'warn',
      ...(storedDefaults ? { storedDefaults } : {}),
      subresources: subresources(v),
      generation: true,
      storageResource,
      table: printerColumns(v),
      ...(Object.keys(selectors).length ? { fieldSelectors: selectors } : {}),
      ...(warning !== undefined ? { deprecated: { deprecatedIn: '' }, deprecationWarning: warning } : {}),
      strategy: customResourceStrategy(schema, v.subresources?.scale, check),
    };
  };

  const storageVersion = storageVersionOf(crd);
  if (!storageVersion) return [];
  const storageDef = build(storageVersion);
  const storageApiVersion = `${group}/${storageVersion.name}`;
  return (spec.versions ?? [])
    .filter((v) => v.served)
    .map((v) => {
      const def = v === storageVersion ? storageDef : build(v);
      if (!multi) return def;
      // Objects are stored in the storage version; each served version reads and writes them with its own apiVersion.
      const apiVersion = `${group}/${v.name}`;
      const webhook = spec.conversion?.strategy === 'Webhook' && v !== storageVersion;
      const convert = (obj: JsonObject, to: string): JsonObject => {
        // Conversion webhooks are accepted and stored, but this server calls none: a conversion that needs one fails.
        if (webhook && obj.apiVersion !== to) {
          throw StatusError.serviceUnavailable(
            `conversion webhook for ${to}, Kind=${kind} failed: this server does not call conversion webhooks`,
          );
        }
        return withApiVersion(obj, to);
      };
      const storedAs: StoredAs = {
        def: storageDef,
        toStorage: (obj) => convert(obj, storageApiVersion),
        fromStorage: (obj) => convert(obj, apiVersion),
      };
      return { ...def, storedAs };
    });
}
