/**
 * The open watches a write's event may go to, counted as the real watch tracker counts them for
 * a write's work estimate: watches are told apart only by group, resource, namespace and name
 * (their selectors are evaluated per event anyway, so they do not change the cost), and a write
 * is charged for the watches of its whole resource, of its namespace, and of its one object.
 * A create names no object (its path has no name), so only the first two count for it.
 *
 * The watch cache indexes pods by `spec.nodeName`, so a pod watch that selects one node is only
 * told of its node's pods. The real tracker does not know a write's node, and counts as if every
 * pod were unbound: a pod watch selecting a node is not counted at all, one selecting no node
 * (`spec.nodeName=`) is.
 */

/** The value a watch's field selector requires a field to equal, if it does (`field=value`, `field==value`). */
export type ExactField = (field: string) => string | undefined;

/** The indexed field of each resource: a watch selecting a value of it is told only of objects with that value. */
const INDEXED_FIELDS: ReadonlyMap<string, string> = new Map([['pods', 'spec.nodeName']]);

/** The watches of one namespace ('' for the whole resource): those of all its objects, and those of one object by name. */
interface Scope {
  all: number;
  readonly named: Map<string, number>;
}

/**
 * The name the real request-info resolver gives a watch: its path's, or, for a watch of a
 * collection asked for with `?watch=true` (not by the legacy `/watch/` prefix, which the
 * resolver takes as the verb at once), the `metadata.name` its field selector requires — when
 * that could be a path segment (not `.` or `..`, no `/` or `%`).
 */
export function watchedName(pathName: string, viaWatchPrefix: boolean, exact: ExactField | undefined): string {
  if (pathName || viaWatchPrefix || !exact) return pathName;
  const name = exact('metadata.name');
  if (name === undefined || name === '.' || name === '..' || /[/%]/.test(name)) return '';
  return name;
}

export class WatchTracker {
  /** group → resource → namespace → scope: a write looks up at most three scopes, whatever else is watched. */
  private readonly groups = new Map<string, Map<string, Map<string, Scope>>>();

  /**
   * Counts an open watch (`name` '' unless it watches one object; `exact` reads its field
   * selector); answers the function that forgets it, which does nothing after its first call.
   */
  register(group: string, resource: string, namespace: string, name: string, exact?: ExactField): () => void {
    const indexed = INDEXED_FIELDS.get(resource);
    const value = indexed === undefined ? undefined : exact?.(indexed);
    if (value !== undefined && value !== '') return () => undefined;
    this.add(group, resource, namespace, name, 1);
    let forgotten = false;
    return () => {
      if (forgotten) return;
      forgotten = true;
      this.add(group, resource, namespace, name, -1);
    };
  }

  /** How many open watches a write of an object (`name` '' for a create) may have to tell of it. */
  interested(group: string, resource: string, namespace: string, name: string): number {
    const byNamespace = this.groups.get(group)?.get(resource);
    if (!byNamespace) return 0;
    const cluster = byNamespace.get('');
    let n = cluster?.all ?? 0;
    const scope = namespace ? byNamespace.get(namespace) : cluster;
    if (namespace) n += scope?.all ?? 0;
    if (name) n += scope?.named.get(name) ?? 0;
    return n;
  }

  private add(group: string, resource: string, namespace: string, name: string, delta: number): void {
    let resources = this.groups.get(group);
    if (!resources) this.groups.set(group, (resources = new Map()));
    let byNamespace = resources.get(resource);
    if (!byNamespace) resources.set(resource, (byNamespace = new Map()));
    let scope = byNamespace.get(namespace);
    if (!scope) byNamespace.set(namespace, (scope = { all: 0, named: new Map() }));
    if (!name) scope.all += delta;
    else {
      const n = (scope.named.get(name) ?? 0) + delta;
      if (n > 0) scope.named.set(name, n);
      else scope.named.delete(name);
    }
    // Watches of names and namespaces come and go: forget empty entries, or they would pile up.
    if (scope.all > 0 || scope.named.size > 0) return;
    byNamespace.delete(namespace);
    if (byNamespace.size > 0) return;
    resources.delete(resource);
    if (resources.size === 0) this.groups.delete(group);
  }
}
