/**
 * Where an object lives in etcd, as the real platform lays its keys out: the API server's own
 * resources at `<prefix>/<resource>/[<namespace>/]<name>` whatever their group (statefulsets at
 * `/registry/statefulsets/...`), with the real platform's historical exceptions (Services at
 * `services/specs`, Endpoints at `services/endpoints`, Nodes at `minions`, ReplicationControllers
 * at `controllers`, Ingresses at `ingress`); CustomResourceDefinitions, APIServices and custom
 * resources, served by the extension servers, at `<prefix>/<group>/<resource>/...`.
 *
 * The core names a resource's keys `<resource>` (core group) or `<resource>.<group>`; this maps
 * those names to etcd's and back, from the table of built-in kinds (any other dotted group is a
 * custom resource's).
 */
import { BUILTIN_KINDS } from '../../core/index.ts';

const CORE_PREFIX = '/registry/';

/** The real platform's exceptions to `<resource>`, by the core's name of the resource. */
const SPECIAL: Readonly<Record<string, string>> = {
  services: 'services/specs',
  endpoints: 'services/endpoints',
  nodes: 'minions',
  replicationcontrollers: 'controllers',
  'ingresses.networking.orch.io': 'ingress',
  'ingresses.extensions': 'ingress',
};

/** Groups served by the extension servers, whose keys carry the group as the real platform's do. */
const EXTENSION_GROUPS = new Set(['apiextensions.orch.io', 'apiregistration.orch.io']);

export interface KindNames {
  readonly group: string;
  readonly resource: string;
  readonly storageResource?: string;
}

export class EtcdKeyLayout {
  private readonly toEtcdSegment = new Map<string, string>();
  private readonly toCoreSegment = new Map<string, string>();

  constructor(
    /** `--etcd-prefix` without its trailing slash. */
    readonly prefix: string,
    kinds: readonly KindNames[] = BUILTIN_KINDS,
  ) {
    for (const k of kinds) {
      const core = k.storageResource ?? (k.group ? `${k.resource}.${k.group}` : k.resource);
      const etcd = this.segmentToEtcd(core);
      this.toEtcdSegment.set(core, etcd);
      if (!this.toCoreSegment.has(etcd)) this.toCoreSegment.set(etcd, core);
    }
    for (const [core, etcd] of Object.entries(SPECIAL)) if (!this.toCoreSegment.has(etcd)) this.toCoreSegment.set(etcd, core);
  }

  /** A core key or key prefix (`/registry/`, `/registry/<resource>/...`) as etcd's. */
  toEtcd(key: string): string {
    const end = key.indexOf('/', CORE_PREFIX.length);
    if (end < 0) return `${this.prefix}/${key.slice(CORE_PREFIX.length)}`;
    const seg = key.slice(CORE_PREFIX.length, end);
    const etcd = this.toEtcdSegment.get(seg) ?? this.segmentToEtcd(seg);
    return `${this.prefix}/${etcd}${key.slice(end)}`;
  }

  /** An etcd key as the core's. */
  toCore(key: string): string {
    const rest = key.slice(this.prefix.length + 1);
    const first = rest.indexOf('/');
    if (first < 0) return CORE_PREFIX + rest;
    const a = rest.slice(0, first);
    const second = rest.indexOf('/', first + 1);
    const two = second < 0 ? undefined : rest.slice(0, second);
    // Two segments: a historical name (services/specs) or a group and its resource.
    if (two !== undefined && this.toCoreSegment.has(two)) return CORE_PREFIX + this.toCoreSegment.get(two) + rest.slice(second);
    if (two !== undefined && a.includes('.')) return `${CORE_PREFIX}${rest.slice(first + 1, second)}.${a}${rest.slice(second)}`;
    return CORE_PREFIX + (this.toCoreSegment.get(a) ?? a) + rest.slice(first);
  }

  private segmentToEtcd(core: string): string {
    const special = SPECIAL[core];
    if (special) return special;
    const dot = core.indexOf('.');
    if (dot < 0) return core;
    const resource = core.slice(0, dot);
    const group = core.slice(dot + 1);
    // The API server's own groups: `apps`, `batch`, `policy`, ... and `*.orch.io`.
    const builtIn = !group.includes('.') || (group.endsWith('.orch.io') && !EXTENSION_GROUPS.has(group));
    return builtIn ? resource : `${group}/${resource}`;
  }
}
