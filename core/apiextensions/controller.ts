/**
 * The apiextensions controllers, inside the API server as the real platform runs them: naming
 * (NamesAccepted, acceptedNames, conflicts between definitions of one group), establishing
 * (Established once the names are accepted), serving (the custom resource's kinds appear and
 * disappear with the definition) and finalizing (`customresourcecleanup.apiextensions.orch.io`:
 * every custom resource is deleted before the definition goes).
 *
 * Serving follows the stored definition synchronously, in the watch cache's own event, so a
 * client that reads `Established` can use the resource at once. The status writes are queued and
 * made one definition at a time.
 */
import type { Subscription } from 'rxjs';
import { StatusError } from '../errors/status-error.ts';
import type { FeatureGates } from '../features/feature-gates.ts';
import type { KindDefinition } from '../registry/definition.ts';
import type { ResourceRegistry, WriteOptions } from '../registry/resource-registry.ts';
import type { CustomResourceDefinition, CustomResourceDefinitionNames } from '../registry/types/apiextensions-v1.ts';
import type { Clock } from '../util/clock.ts';
import { clone, deepEqual, type JsonObject } from '../util/json.ts';
import { conditionOf, isEstablished, setCondition } from './conditions.ts';
import { kindsFromCRD, type RuleChecker } from './kinds-from-crd.ts';

export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.orch.io';

const MANAGER = 'orch-apiserver';

export interface CustomResourceHost {
  readonly gates: FeatureGates;
  readonly clock: Clock;
  /** The CustomResourceDefinition registry. */
  readonly crds: ResourceRegistry;
  /** A registry over a kind's storage with the server's dependencies (it serves nothing by itself). */
  registry(def: KindDefinition): ResourceRegistry;
  /** Serves exactly these kinds for the named definition, replacing what it served before (none: stops serving). */
  serve(crdName: string, defs: readonly KindDefinition[]): void;
  /** CEL rules, once the engine is there. */
  readonly rules?: RuleChecker;
  /** Reports a failure of the background work (the next event retries). */
  log?(message: string, err: unknown): void;
}

interface Served {
  /** The definition text it was built from (rebuilt only when that changes). */
  readonly json: string;
  readonly storage: ResourceRegistry | undefined;
  readonly watch: Subscription | undefined;
}

const asCRD = (o: JsonObject): CustomResourceDefinition => o as unknown as CustomResourceDefinition;
const asJson = (c: CustomResourceDefinition): JsonObject => c as unknown as JsonObject;

const writeOptions = (): WriteOptions => ({ dryRun: false, fieldManager: MANAGER, fieldValidation: 'Ignore', warnings: [] });

export class CustomResourceController {
  private readonly served = new Map<string, Served>();
  private readonly queue = new Set<string>();
  private running: Promise<void> | undefined;
  private subscription: Subscription | undefined;
  private stopped = false;

  constructor(private readonly host: CustomResourceHost) {}

  /** Registers the stores of definitions already stored (before the watch cache loads them). */
  preload(crds: readonly JsonObject[]): void {
    for (const obj of crds) {
      const crd = asCRD(obj);
      try {
        this.sync(crd.metadata?.name ?? '', crd, JSON.stringify(crd));
      } catch (err) {
        this.host.log?.(`apiextensions: cannot serve ${crd.metadata?.name ?? ''}`, err);
      }
    }
  }

  start(): void {
    const store = this.host.crds.store;
    this.subscription = store.events$.subscribe((ev) => {
      const name = ev.name;
      // Inside the watch cache's own event: nothing may escape from here.
      try {
        if (ev.type === 'DELETED') this.sync(name, undefined, '');
        else {
          const v = this.host.crds.current('', name);
          if (v) this.sync(name, asCRD(this.host.crds.parse(v)), v.json!);
        }
        // Names another definition gave up may now be free: look again at those still waiting for theirs.
        if (ev.type === 'DELETED' || ev.type === 'MODIFIED') this.enqueueWaiting(name);
      } catch (err) {
        this.host.log?.(`apiextensions: cannot serve ${name}`, err);
      }
      this.enqueue(name);
    });
    store.scan({ atRevision: this.host.crds.deps.cache.revision }, (item) => {
      try {
        this.sync(item.name, asCRD(this.host.crds.parse(item.version)), item.version.json!);
      } catch (err) {
        this.host.log?.(`apiextensions: cannot serve ${item.name}`, err);
      }
      this.enqueue(item.name);
      return true;
    });
  }

  stop(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    for (const s of this.served.values()) s.watch?.unsubscribe();
  }

  /** Resolves when the queued work is done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private enqueueWaiting(changed: string): void {
    const crds = this.host.crds;
    crds.store.scan({ atRevision: crds.deps.cache.revision }, (item) => {
      if (item.name === changed) return true;
      try {
        if (conditionOf(asCRD(crds.parse(item.version)), 'NamesAccepted')?.status === 'False') this.enqueue(item.name);
      } catch {
        // An unreadable definition has nothing to wait for.
      }
      return true;
    });
  }

  private enqueue(name: string): void {
    this.queue.add(name);
    if (!this.running) {
      // Never inside the watch cache's event: a write from there would re-enter the cache.
      this.running = Promise.resolve()
        .then(() => this.drain())
        .finally(() => {
          this.running = undefined;
        });
    }
  }

  private async drain(): Promise<void> {
    while (this.queue.size && !this.stopped) {
      const name = this.queue.values().next().value as string;
      this.queue.delete(name);
      try {
        await this.reconcile(name);
      } catch (err) {
        if (this.stopped) return; // the server is closing: its storage may already be gone
        if (err instanceof StatusError && (err.code === 409 || err.code === 404)) {
          this.queue.add(name); // changed or gone meanwhile: look again
          continue;
        }
        this.host.log?.(`apiextensions: reconciling ${name} failed`, err);
      }
    }
  }

  // ------------------------------------------------------------------------------------ serving

  /** Serves what the stored definition says, now. */
  private sync(name: string, crd: CustomResourceDefinition | undefined, json: string): void {
    const before = this.served.get(name);
    if (!crd) {
      before?.watch?.unsubscribe();
      this.served.delete(name);
      this.host.serve(name, []);
      return;
    }
    if (before?.json === json) return;
    let defs: KindDefinition[] = [];
    try {
      defs = isEstablished(crd) ? kindsFromCRD(crd, this.host.gates, this.host.rules) : [];
    } catch (err) {
      this.host.log?.(`apiextensions: cannot serve ${name}`, err);
    }
    const terminating = crd.metadata?.deletionTimestamp != null;
    // While the definition is being deleted its objects may be read, changed and deleted, not created.
    if (terminating) defs = defs.map((d) => ({ ...d, terminating: true }));
    const storage = before?.storage ?? this.storageRegistry(crd);
    let watch = before?.watch;
    if (terminating && !watch && storage) {
      // Objects with finalizers go later: look again whenever one of them changes.
      watch = storage.store.events$.subscribe(() => this.enqueue(name));
    }
    this.served.set(name, { json, storage, watch });
    this.host.serve(name, defs);
  }

  /** A registry over the definition's storage (its storage version), served or not. */
  private storageRegistry(crd: CustomResourceDefinition): ResourceRegistry | undefined {
    const established: CustomResourceDefinition = clone(crd);
    established.status = { ...established.status, acceptedNames: crd.spec?.names ?? {} };
    const storageName = (crd.spec?.versions ?? []).find((v) => v.storage)?.name;
    if (!storageName) return undefined;
    const spec = established.spec!;
    const only: CustomResourceDefinition = {
      ...established,
      spec: { ...spec, versions: (spec.versions ?? []).filter((v) => v.name === storageName).map((v) => ({ ...v, served: true })) },
    };
    const [def] = kindsFromCRD(only, this.host.gates);
    return def ? this.host.registry(def) : undefined;
  }

  // ------------------------------------------------------------------------------------ status

  private async reconcile(name: string): Promise<void> {
    const v = this.host.crds.current('', name);
    if (!v) return;
    const crd = asCRD(this.host.crds.parse(v));
    if (crd.metadata?.deletionTimestamp != null) {
      await this.finalize(name, crd);
      return;
    }
    const next: CustomResourceDefinition = clone(crd);
    const now = this.host.clock.now();
    const { accepted, condition } = this.namesAndCondition(crd);
    const status = (next.status ??= {});
    status.acceptedNames = accepted;
    setCondition(next, { type: 'NamesAccepted', ...condition }, now);
    if (condition.status !== 'True') {
      if (!isEstablished(next))
        setCondition(next, { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' }, now);
    } else if (!isEstablished(next)) {
      setCondition(
        next,
        { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' },
        now,
      );
    }
    if (deepEqual(next.status, crd.status)) return;
    await this.writeStatus(name, crd, next);
  }

  private async writeStatus(name: string, crd: CustomResourceDefinition, next: CustomResourceDefinition): Promise<void> {
    const rv = crd.metadata?.resourceVersion;
    await this.host.crds.guaranteedUpdate(
      '',
      name,
      writeOptions(),
      'status',
      (current) => {
        if (!current) return undefined;
        const out = asCRD(clone(current));
        if (out.metadata?.resourceVersion !== rv) throw StatusError.optimisticConflict(this.host.crds.gr, name);
        out.status = next.status;
        return asJson(out);
      },
      { createIfMissing: false },
    );
  }

  /**
   * The names this definition gets and its NamesAccepted condition, as the real naming controller
   * works them out: each name it asks for (plural, singular, short names, kind, list kind, in that
   * order) is taken when it is the one it already has or no definition of the group (itself
   * included) has it accepted; a name that is not keeps the one accepted before, and the last such
   * conflict gives the reason and message (`ListKindConflict`, `"WidgetList" is already in use`).
   */
  private namesAndCondition(crd: CustomResourceDefinition): {
    accepted: CustomResourceDefinitionNames;
    condition: { status: 'True' | 'False'; reason: string; message: string };
  } {
    const group = crd.spec?.group;
    const resources = new Set<string>();
    const kinds = new Set<string>();
    this.host.crds.store.scan({ atRevision: this.host.crds.deps.cache.revision }, (item) => {
      const other = asCRD(this.host.crds.parse(item.version));
      if (other.spec?.group !== group) return true;
      const names: CustomResourceDefinitionNames = other.status?.acceptedNames ?? {};
      for (const n of [names.plural, names.singular, ...(names.shortNames ?? [])]) resources.add(n ?? '');
      kinds.add(names.kind ?? '');
      kinds.add(names.listKind ?? '');
      return true;
    });
    const requested: CustomResourceDefinitionNames = crd.spec?.names ?? {};
    const before: CustomResourceDefinitionNames = crd.status?.acceptedNames ?? {};
    const accepted: CustomResourceDefinitionNames = clone(before);
    let condition: { status: 'True' | 'False'; reason: string; message: string } | undefined;
    const conflict = (reason: string, message: string) => {
      condition = { status: 'False', reason, message };
    };
    const inUse = (want: string | undefined, had: string | undefined, used: Set<string>): string | undefined =>
      want !== had && used.has(want ?? '') ? `${JSON.stringify(want ?? '')} is already in use` : undefined;
    const single = (key: 'plural' | 'singular' | 'kind' | 'listKind', reason: string, used: Set<string>) => {
      const err = inUse(requested[key], before[key], used);
      if (err) conflict(reason, err);
      else if (requested[key] === undefined) delete accepted[key];
      else accepted[key] = requested[key];
    };
    single('plural', 'PluralConflict', resources);
    single('singular', 'SingularConflict', resources);
    if (!deepEqual(requested.shortNames ?? [], before.shortNames ?? [])) {
      const had = new Set(before.shortNames ?? []);
      const errs = (requested.shortNames ?? []).filter((n) => !had.has(n)).flatMap((n) => inUse(n, '', resources) ?? []);
      // Several errors read as Go's aggregate prints them.
      if (errs.length) conflict('ShortNamesConflict', errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);
      else if (requested.shortNames) accepted.shortNames = clone(requested.shortNames);
      else delete accepted.shortNames;
    }
    single('kind', 'KindConflict', kinds);
    single('listKind', 'ListKindConflict', kinds);
    if (requested.categories) accepted.categories = clone(requested.categories);
    else delete accepted.categories;
    return { accepted, condition: condition ?? { status: 'True', reason: 'NoConflicts', message: 'no conflicts found' } };
  }

  // ------------------------------------------------------------------------------------ finalizing

  private async finalize(name: string, crd: CustomResourceDefinition): Promise<void> {
    if (!(crd.metadata?.finalizers ?? []).includes(CRD_CLEANUP_FINALIZER)) return;
    const storage = this.served.get(name)?.storage;
    const now = this.host.clock.now();
    if (storage && storage.store.liveObjects() > 0) {
      const inProgress = clone(crd);
      if (
        setCondition(
          inProgress,
          { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' },
          now,
        )
      ) {
        await this.writeStatus(name, crd, inProgress);
        return; // the status write comes back as an event
      }
      const items: { namespace: string; name: string }[] = [];
      storage.store.scan({ atRevision: storage.deps.cache.revision }, (item) => {
        items.push({ namespace: item.namespace, name: item.name });
        return true;
      });
      for (const item of items) {
        try {
          await storage.delete(item.namespace, item.name, {}, writeOptions());
        } catch (err) {
          if (!(err instanceof StatusError && err.code === 404)) throw err;
        }
      }
      // Objects kept by their finalizers are deleted later; their events bring this back.
      if (storage.store.liveObjects() > 0) return;
    }
    const done = clone(crd);
    setCondition(
      done,
      { type: 'Terminating', status: 'False', reason: 'InstanceDeletionCompleted', message: 'removed all instances' },
      now,
    );
    if (!deepEqual(done.status, crd.status)) {
      await this.writeStatus(name, crd, done);
      return;
    }
    const current = conditionOf(crd, 'Terminating');
    if (current?.reason !== 'InstanceDeletionCompleted') return;
    await this.host.crds.guaranteedUpdate(
      '',
      name,
      writeOptions(),
      '',
      (cur) => {
        if (!cur) return undefined;
        const out = asCRD(clone(cur));
        out.metadata = { ...out.metadata, finalizers: (out.metadata?.finalizers ?? []).filter((f) => f !== CRD_CLEANUP_FINALIZER) };
        if (!out.metadata.finalizers?.length) delete out.metadata.finalizers;
        return asJson(out);
      },
      { createIfMissing: false },
    );
  }
}
