/** OpenAPI paths of the served kinds: every verb of every resource and subresource, with its parameters. */
import { listKindOf, apiVersionOf, type KindDefinition, type Verb } from '../registry/definition.ts';
import { listType } from '../registry/types/object.ts';
import { DeleteOptions, ObjectMeta, Status, WatchEvent } from '../registry/types/meta-v1.ts';
import type { JsonObject } from '../util/json.ts';
import { subresourcesOf, verbsOf } from '../discovery/groups.ts';
import { refTo, type DefinitionCollector, type RefStyle } from './schemas.ts';

const PATCH_TYPES = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
  'application/apply-patch+yaml',
];
/** The patch types a kind accepts: custom resources refuse strategic merge patch, and do not list it. */
function patchTypesOf(def: KindDefinition): string[] {
  const refused = def.refusedPatchTypes ?? [];
  return PATCH_TYPES.filter((t) => !refused.includes(t));
}

const PRODUCES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

function q(name: string, type: string, description: string, uniqueItems = true): JsonObject {
  return { name, in: 'query', description, type, uniqueItems };
}

const QUERY: Record<string, JsonObject> = {
  pretty: q('pretty', 'string', "If 'true', then the output is pretty printed."),
  dryRun: q(
    'dryRun',
    'string',
    'When present, indicates that modifications should not be persisted. Valid values are: - All: all dry run stages will be processed',
  ),
  fieldManager: q('fieldManager', 'string', 'fieldManager is a name associated with the actor or entity that is making these changes.'),
  fieldValidation: q(
    'fieldValidation',
    'string',
    'fieldValidation instructs the server on how to handle objects in the request containing unknown or duplicate fields. Valid values are: Ignore, Warn (default), Strict.',
  ),
  force: q('force', 'boolean', 'Force is going to "force" Apply requests. It must be unset for non-apply patch requests.'),
  gracePeriodSeconds: q('gracePeriodSeconds', 'integer', 'The duration in seconds before the object should be deleted.'),
  orphanDependents: q('orphanDependents', 'boolean', 'Deprecated: please use the PropagationPolicy.'),
  propagationPolicy: q(
    'propagationPolicy',
    'string',
    "Whether and how garbage collection will be performed: 'Orphan', 'Background' or 'Foreground'.",
  ),
  ignoreStoreReadErrorWithClusterBreakingPotential: q(
    'ignoreStoreReadErrorWithClusterBreakingPotential',
    'boolean',
    'if set to true, it will trigger an unsafe deletion of the resource in case the normal deletion flow fails with a corrupt object error.',
  ),
  allowWatchBookmarks: q('allowWatchBookmarks', 'boolean', 'allowWatchBookmarks requests watch events with type "BOOKMARK".'),
  continue: q('continue', 'string', 'The continue option should be set when retrieving more results from the server.'),
  fieldSelector: q('fieldSelector', 'string', 'A selector to restrict the list of returned objects by their fields.'),
  labelSelector: q('labelSelector', 'string', 'A selector to restrict the list of returned objects by their labels.'),
  limit: q('limit', 'integer', 'limit is a maximum number of responses to return for a list call.'),
  resourceVersion: q(
    'resourceVersion',
    'string',
    'resourceVersion sets a constraint on what resource versions a request may be served from.',
  ),
  resourceVersionMatch: q(
    'resourceVersionMatch',
    'string',
    'resourceVersionMatch determines how resourceVersion is applied to list calls.',
  ),
  sendInitialEvents: q(
    'sendInitialEvents',
    'boolean',
    '`sendInitialEvents=true` may be set together with `watch=true`: the stream begins with synthetic events for the current state.',
  ),
  timeoutSeconds: q('timeoutSeconds', 'integer', 'Timeout for the list/watch call.'),
  watch: q(
    'watch',
    'boolean',
    'Watch for changes to the described resources and return them as a stream of add, update, and remove notifications.',
  ),
};
const LIST_PARAMS = [
  'allowWatchBookmarks',
  'continue',
  'fieldSelector',
  'labelSelector',
  'limit',
  'resourceVersion',
  'resourceVersionMatch',
  'sendInitialEvents',
  'timeoutSeconds',
  'watch',
];

function opIdPart(def: KindDefinition): string {
  const group = def.group ? def.group.replace(/\.orch\.io$/, '') : 'core';
  const camel = group
    .split(/[.-]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
  return `${camel}${def.version.charAt(0).toUpperCase()}${def.version.slice(1)}`;
}

export function buildPaths(kinds: readonly KindDefinition[], collector: DefinitionCollector, style: RefStyle): JsonObject {
  const paths: JsonObject = {};
  const ref = (name: string) => ({ $ref: refTo(name, style) });
  collector.add(Status);
  collector.add(DeleteOptions);
  collector.add(WatchEvent);
  const body = (schemaRef: JsonObject, types = ['*/*']): JsonObject =>
    style === 'v3'
      ? { requestBody: { content: Object.fromEntries(types.map((t) => [t, { schema: schemaRef }])), required: true } }
      : { parameters: [{ name: 'body', in: 'body', required: true, schema: schemaRef }], consumes: types };
  const response = (schemaRef: JsonObject, codes: string[]): JsonObject => {
    const out: JsonObject = {};
    for (const c of codes) {
      out[c] =
        style === 'v3'
          ? {
              description: c === '201' ? 'Created' : c === '202' ? 'Accepted' : 'OK',
              content: Object.fromEntries(PRODUCES.map((t) => [t, { schema: schemaRef }])),
            }
          : { description: c === '201' ? 'Created' : c === '202' ? 'Accepted' : 'OK', schema: schemaRef };
    }
    out['401'] = { description: 'Unauthorized' };
    return out;
  };
  const param = (p: JsonObject): JsonObject => {
    if (style === 'v2') return p;
    const { type, uniqueItems, ...rest } = p as JsonObject & { type: string; uniqueItems: boolean };
    void uniqueItems;
    return { ...rest, schema: { type } };
  };
  const params = (...names: string[]) => names.map((n) => param(QUERY[n]));
  const pathParam = (name: string, description: string) =>
    param({ name, in: 'path', description, required: true, type: 'string', uniqueItems: true });

  for (const def of kinds) {
    const gvkExtensions = {
      'x-kubernetes-group-version-kind': [{ group: def.group, kind: def.kind, version: def.version }],
      'x-orch-group-version-kind': [{ group: def.group, kind: def.kind, version: def.version }],
    };
    const kindName = def.publishedSchema
      ? collector.addPublished(def.schema.name, def.publishedSchema, ObjectMeta, gvkExtensions)
      : collector.add(def.schema, gvkExtensions);
    const listName = collector.add(listType(def.schema), {
      'x-kubernetes-group-version-kind': [{ group: def.group, kind: listKindOf(def), version: def.version }],
    });
    const gvk = { group: def.group, version: def.version, kind: def.kind };
    const x = (action: string) => ({
      'x-kubernetes-action': action,
      'x-kubernetes-group-version-kind': gvk,
      'x-orch-group-version-kind': gvk,
    });
    const base = def.group ? `/apis/${apiVersionOf(def)}` : `/api/${def.version}`;
    const scope = def.namespaced ? `${base}/namespaces/{namespace}/${def.resource}` : `${base}/${def.resource}`;
    const id = opIdPart(def);
    const nsWord = def.namespaced ? 'Namespaced' : '';
    const verbs = new Set<Verb>(verbsOf(def));
    const commonPath = [
      pathParam('name', `name of the ${def.kind}`),
      ...(def.namespaced ? [pathParam('namespace', 'object name and auth scope, such as for teams and projects')] : []),
      param(QUERY.pretty),
    ];

    const collection: JsonObject = {
      parameters: [
        ...(def.namespaced ? [pathParam('namespace', 'object name and auth scope, such as for teams and projects')] : []),
        param(QUERY.pretty),
      ],
    };
    if (verbs.has('list'))
      collection.get = {
        operationId: `list${id}${nsWord}${def.kind}`,
        parameters: params(...LIST_PARAMS),
        responses: response(ref(listName), ['200']),
        ...x('list'),
      };
    if (verbs.has('create'))
      collection.post = {
        operationId: `create${id}${nsWord}${def.kind}`,
        ...body(ref(kindName)),
        parameters: [
          ...(style === 'v2' ? (body(ref(kindName)).parameters as JsonObject[]) : []),
          ...params('dryRun', 'fieldManager', 'fieldValidation'),
        ],
        responses: response(ref(kindName), ['200', '201', '202']),
        ...x('post'),
      };
    if (verbs.has('deletecollection'))
      collection.delete = {
        operationId: `delete${id}Collection${nsWord}${def.kind}`,
        ...(style === 'v3' ? body(ref(DeleteOptions.name)) : {}),
        parameters: params(
          'continue',
          'dryRun',
          'fieldSelector',
          'gracePeriodSeconds',
          'ignoreStoreReadErrorWithClusterBreakingPotential',
          'labelSelector',
          'limit',
          'orphanDependents',
          'propagationPolicy',
          'resourceVersion',
          'resourceVersionMatch',
          'sendInitialEvents',
          'timeoutSeconds',
        ),
        responses: response(ref(Status.name), ['200']),
        ...x('deletecollection'),
      };
    paths[scope] = collection;

    const item: JsonObject = { parameters: commonPath };
    if (verbs.has('get'))
      item.get = { operationId: `read${id}${nsWord}${def.kind}`, responses: response(ref(kindName), ['200']), ...x('get') };
    if (verbs.has('update'))
      item.put = {
        operationId: `replace${id}${nsWord}${def.kind}`,
        ...body(ref(kindName)),
        parameters: [
          ...(style === 'v2' ? (body(ref(kindName)).parameters as JsonObject[]) : []),
          ...params('dryRun', 'fieldManager', 'fieldValidation'),
        ],
        responses: response(ref(kindName), ['200', '201']),
        ...x('put'),
      };
    if (verbs.has('patch')) {
      const patchBody = body({ type: 'object' }, patchTypesOf(def));
      item.patch = {
        operationId: `patch${id}${nsWord}${def.kind}`,
        ...patchBody,
        parameters: [
          ...(style === 'v2' ? (patchBody.parameters as JsonObject[]) : []),
          ...params('dryRun', 'fieldManager', 'fieldValidation', 'force'),
        ],
        responses: response(ref(kindName), ['200', '201']),
        ...x('patch'),
      };
    }
    if (verbs.has('delete'))
      item.delete = {
        operationId: `delete${id}${nsWord}${def.kind}`,
        ...(style === 'v3' ? body(ref(DeleteOptions.name)) : {}),
        parameters: params(
          'dryRun',
          'gracePeriodSeconds',
          'ignoreStoreReadErrorWithClusterBreakingPotential',
          'orphanDependents',
          'propagationPolicy',
        ),
        responses: response(ref(def.returnDeletedObject ? kindName : Status.name), ['200', '202']),
        ...x('delete'),
      };
    paths[`${scope}/{name}`] = item;

    for (const sub of subresourcesOf(def)) {
      const subPath: JsonObject = { parameters: commonPath };
      const target = sub.kind === 'Scale' ? { type: 'object' } : ref(kindName);
      const sx = { ...x('get'), 'x-kubernetes-group-version-kind': { group: sub.group, version: sub.version, kind: sub.kind } };
      const title = sub.name.charAt(0).toUpperCase() + sub.name.slice(1);
      if (sub.verbs.includes('get'))
        subPath.get = { operationId: `read${id}${nsWord}${def.kind}${title}`, responses: response(target, ['200']), ...sx };
      if (sub.verbs.includes('update'))
        subPath.put = {
          operationId: `replace${id}${nsWord}${def.kind}${title}`,
          ...body(target),
          parameters: params('dryRun', 'fieldManager', 'fieldValidation'),
          responses: response(target, ['200', '201']),
          ...sx,
          'x-kubernetes-action': 'put',
        };
      if (sub.verbs.includes('create'))
        subPath.post = {
          operationId: `create${id}${nsWord}${def.kind}${title}`,
          ...body({ type: 'object' }),
          parameters: params('dryRun', 'fieldManager'),
          responses: response(ref(Status.name), ['200', '201', '202']),
          ...sx,
          'x-kubernetes-action': 'post',
        };
      if (sub.verbs.includes('patch'))
        subPath.patch = {
          operationId: `patch${id}${nsWord}${def.kind}${title}`,
          ...body({ type: 'object' }, patchTypesOf(def)),
          parameters: params('dryRun', 'fieldManager', 'fieldValidation', 'force'),
          responses: response(target, ['200', '201']),
          ...sx,
          'x-kubernetes-action': 'patch',
        };
      paths[`${scope}/{name}/${sub.name}`] = subPath;
    }
    if (def.namespaced && verbs.has('list')) {
      paths[`${base}/${def.resource}`] = {
        parameters: [param(QUERY.pretty), ...params(...LIST_PARAMS)],
        get: { operationId: `list${id}${def.kind}ForAllNamespaces`, responses: response(ref(listName), ['200']), ...x('list') },
      };
    }
    if (verbs.has('watch')) {
      paths[`${base}/watch/${def.namespaced ? 'namespaces/{namespace}/' : ''}${def.resource}`] = {
        parameters: [
          ...(def.namespaced ? [pathParam('namespace', 'object name and auth scope, such as for teams and projects')] : []),
          param(QUERY.pretty),
          ...params(...LIST_PARAMS),
        ],
        get: { operationId: `watch${id}${nsWord}${def.kind}List`, responses: response(ref(WatchEvent.name), ['200']), ...x('watchlist') },
      };
    }
  }
  return paths;
}
