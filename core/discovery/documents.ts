/**
 * Discovery documents: `/api` (APIVersions), `/apis` (APIGroupList), `/apis/{group}` (APIGroup),
 * `/api/v1` and `/apis/{group}/{version}` (APIResourceList), and the aggregated form
 * (APIGroupDiscoveryList, `apidiscovery.orch.io/v2`, also in the `apidiscovery.k8s.io` spelling
 * kubectl asks for).
 */
import type { KindDefinition } from '../registry/definition.ts';
import type { JsonObject } from '../util/json.ts';
import { groupsOf, subresourcesOf, verbsOf, type GroupInfo } from './groups.ts';
import { storageVersionHashOf } from './storage-version-hash.ts';

function gv(group: string, version: string) {
  return { groupVersion: group ? `${group}/${version}` : version, version };
}

export class DiscoveryDocuments {
  private readonly groups: GroupInfo[];

  constructor(kinds: readonly KindDefinition[]) {
    this.groups = groupsOf(kinds);
  }

  private named(): GroupInfo[] {
    return this.groups.filter((g) => g.name !== '');
  }

  apiVersions(serverAddress: string): JsonObject {
    const core = this.groups.find((g) => g.name === '');
    return {
      kind: 'APIVersions',
      versions: core ? [...core.versions] : [],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
    };
  }

  private groupEntry(g: GroupInfo): JsonObject {
    return {
      name: g.name,
      versions: g.versions.map((v) => gv(g.name, v)),
      preferredVersion: gv(g.name, g.versions[0]),
    };
  }

  groupList(): JsonObject {
    return { kind: 'APIGroupList', apiVersion: 'v1', groups: this.named().map((g) => this.groupEntry(g)) };
  }

  group(name: string): JsonObject | undefined {
    const g = this.named().find((x) => x.name === name);
    return g ? { kind: 'APIGroup', apiVersion: 'v1', ...this.groupEntry(g) } : undefined;
  }

  hasGroupVersion(group: string, version: string): boolean {
    return !!this.groups.find((g) => g.name === group)?.kinds.has(version);
  }

  resourceList(group: string, version: string): JsonObject | undefined {
    const kinds = this.groups.find((g) => g.name === group)?.kinds.get(version);
    if (!kinds) return undefined;
    const resources: JsonObject[] = [];
    for (const def of kinds) {
      resources.push({
        name: def.resource,
        singularName: def.singular,
        namespaced: def.namespaced,
        kind: def.kind,
        verbs: verbsOf(def),
        ...(def.shortNames?.length ? { shortNames: [...def.shortNames] } : {}),
        ...(def.categories?.length ? { categories: [...def.categories] } : {}),
        storageVersionHash: storageVersionHashOf(def),
      });
      for (const sub of subresourcesOf(def)) {
        resources.push({
          name: `${def.resource}/${sub.name}`,
          singularName: '',
          namespaced: def.namespaced,
          ...(sub.group !== group || sub.version !== version ? { group: sub.group, version: sub.version } : {}),
          kind: sub.kind,
          verbs: sub.verbs,
        });
      }
    }
    return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv(group, version).groupVersion, resources };
  }

  /** The aggregated document for `/api` (legacy) or `/apis`, in the spelling asked for. */
  aggregated(legacy: boolean, discoveryGroup: string): JsonObject {
    const groups = legacy ? this.groups.filter((g) => g.name === '') : this.named();
    return {
      kind: 'APIGroupDiscoveryList',
      apiVersion: `${discoveryGroup}/v2`,
      metadata: {},
      items: groups.map((g) => ({
        metadata: { ...(g.name ? { name: g.name } : {}), creationTimestamp: null },
        versions: g.versions.map((v) => ({
          version: v,
          resources: (g.kinds.get(v) ?? []).map((def) => ({
            resource: def.resource,
            responseKind: { group: def.group, version: def.version, kind: def.kind },
            scope: def.namespaced ? 'Namespaced' : 'Cluster',
            singularResource: def.singular,
            verbs: verbsOf(def),
            ...(def.shortNames?.length ? { shortNames: [...def.shortNames] } : {}),
            ...(def.categories?.length ? { categories: [...def.categories] } : {}),
            ...(subresourcesOf(def).length
              ? {
                  subresources: subresourcesOf(def).map((s) => ({
                    subresource: s.name,
                    responseKind: { group: s.group, version: s.version, kind: s.kind },
                    verbs: s.verbs,
                  })),
                }
              : {}),
          })),
          freshness: 'Current',
        })),
      })),
    };
  }
}
