/**
 * The one generic registry. Every verb of every kind goes through here, driven by the kind's
 * definition: create, update (PUT, with create-on-update where the kind allows it), the
 * read-modify-write loop used by patch and apply, delete with finalizers and propagation, and
 * deletecollection. Reads are in `read.ts`.
 */
import type { Admission, AdmissionInput, KindAdmission } from '../admission/chain.ts';
import type { FieldError } from '../errors/field-error.ts';
import { StatusError, successStatus, type GroupKind, type GroupResource } from '../errors/status-error.ts';
import type { FeatureGates } from '../features/feature-gates.ts';
import { nameIsDNSSubdomain } from '../meta/names.ts';
import { finalizerWarnings, validateObjectMeta, validateObjectMetaUpdate, type MetaRules } from '../meta/validation.ts';
import { validateSchema } from '../schema/validate.ts';
import type { KeyValue, StorageBackend } from '../storage/backend.ts';
import type { Cache } from '../watch-cache/cache.ts';
import { REGISTRY_PREFIX } from '../watch-cache/cache.ts';
import type { ResourceStore } from '../watch-cache/resource-store.ts';
import type { Version } from '../watch-cache/types.ts';
import type { Clock } from '../util/clock.ts';
import { clone, deepEqual, flatText, type JsonObject } from '../util/json.ts';
import { formatTime } from '../util/time.ts';
import {
  apiVersionOf,
  decodeAs,
  storageResourceOf,
  type KindDefinition,
  type PartialSubresource,
  type StrategyContext,
} from './definition.ts';
import { generateName } from './generate-name.ts';
import { beforeDelete, markForDeletion } from './graceful-delete.ts';
import { decodeInput, type FieldValidation } from './input.ts';
import { finalizersOf, getPath, metaOf, setPath, specPart, str } from './object-meta.ts';

export type NamespaceState = 'active' | 'terminating' | 'missing';

/** Maintains `metadata.managedFields` on writes (server-side apply's bookkeeping). */
export interface ManagedFieldsHook {
  /** A non-apply write: ownership of changed fields moves to `manager`. */
  update(newObj: JsonObject, oldObj: JsonObject | undefined, manager: string, subresource: string, def: KindDefinition, now: number): void;
}

interface RegistryDeps {
  readonly backend: StorageBackend;
  readonly cache: Cache;
  readonly clock: Clock;
  readonly gates: FeatureGates;
  readonly namespaceState: (name: string) => NamespaceState;
  readonly managedFields?: ManagedFieldsHook;
  /** The server's admission plugins (`core/admission`). */
  readonly admission?: Admission;
}

export interface WriteOptions {
  readonly dryRun: boolean;
  readonly fieldManager?: string;
  readonly fieldValidation: FieldValidation;
  /** Collects `Warning` header texts. */
  readonly warnings: string[];
  readonly duplicateFields?: readonly string[];
  /** The User-Agent, from which the manager of a write without `fieldManager` is derived. */
  readonly userAgent?: string;
  /** A server-side apply: ownership is already recorded by the apply, the Update bookkeeping is skipped. */
  readonly apply?: boolean;
  /** The request's check of the object about to be stored (RBAC escalation prevention); throws to refuse. */
  readonly admit?: (obj: JsonObject, old: JsonObject | undefined) => void;
  /** Collects the audit annotations admission plugins add, when the request is audited. */
  readonly auditAnnotations?: Record<string, string>;
}

interface WriteOutcome {
  readonly json: string;
  readonly created: boolean;
}

export interface DeleteOptions {
  readonly preconditions?: { readonly uid?: string; readonly resourceVersion?: string };
  readonly propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  readonly orphanDependents?: boolean;
  readonly gracePeriodSeconds?: number;
  readonly ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
}

interface DeleteOutcome {
  /** The body: a Status (deleted, kind keeps no copy) or the object. */
  readonly json: string;
  /** True when the object is gone; false when it is terminating (finalizers pending). */
  readonly deleted: boolean;
}

/**
 * Computes the new object of a read-modify-write from the current one (undefined if absent).
 * Return undefined to say "nothing to write, answer with the current object".
 */
type TryUpdate = (current: JsonObject | undefined) => JsonObject | undefined;

/** Registries made so far (each one's viewKey is its own). */
let registries = 0;

const MAX_GENERATE_NAME_RETRIES = 7;
const MAX_CAS_RETRIES = 64;

export class ResourceRegistry {
  readonly store: ResourceStore;
  readonly prefix: string;
  readonly gr: GroupResource;
  readonly gk: GroupKind;
  readonly apiVersion: string;
  private readonly metaRules: MetaRules;
  private readonly partials: [string, PartialSubresource][];
  /** The admission plugins of this kind; undefined (and nothing to run) for most kinds. */
  private readonly admission: KindAdmission | undefined;
  /** Stored versions found to read as stored under this definition (see viewOf). */
  private readonly readAsStored = new WeakSet<Version>();
  /**
   * Names this registry's reading of stored objects: the views watch events keep of themselves
   * are this registry's alone (the same apiVersion is served anew, with another schema, when its
   * definition changes).
   */
  readonly viewKey: string;

  constructor(
    readonly def: KindDefinition,
    readonly deps: RegistryDeps,
  ) {
    this.prefix = `${REGISTRY_PREFIX}${storageResourceOf(def.storedAs?.def ?? def)}/`;
    this.store = deps.cache.register(this.prefix, def.namespaced, !def.createOnly);
    this.gr = { group: def.group, resource: def.resource };
    this.gk = { group: def.group, kind: def.kind };
    this.apiVersion = apiVersionOf(def);
    this.metaRules = {
      namespaced: def.namespaced,
      validateName: def.validateName ?? nameIsDNSSubdomain,
      ...(def.unqualifiedFinalizers ? { unqualifiedFinalizers: def.unqualifiedFinalizers } : {}),
    };
    this.partials = Object.entries(def.subresources ?? {}).filter((e): e is [string, PartialSubresource] => e[1].kind === 'partial');
    this.admission = deps.admission?.forKind(this.gk, this.gr);
    this.viewKey = `${this.apiVersion}#${++registries}`;
  }

  key(namespace: string, name: string): string {
    return this.prefix + this.store.keyOf(namespace, name);
  }

  strategyContext(subresource = '', operation: 'create' | 'update' = 'update'): StrategyContext {
    return { now: this.deps.clock.now(), gates: this.deps.gates, subresource, operation };
  }

  /** The current stored version (the cache is caught up with every write this server made). */
  current(namespace: string, name: string): Version | undefined {
    return this.store.get(this.store.keyOf(namespace, name));
  }

  /** The stored object as this version serves it. */
  parse(v: Version): JsonObject {
    let stored: JsonObject;
    try {
      stored = JSON.parse(v.json!) as JsonObject;
    } catch {
      throw StatusError.internal(new Error(`object of ${this.gr.resource} could not be decoded from storage (corrupt object)`));
    }
    return this.fromStored(stored);
  }

  /** Read from storage: the stored version's defaults filled, then converted to this version. */
  private fromStored(stored: JsonObject): JsonObject {
    return this.converted(this.def.storedDefaults?.(stored) ?? stored);
  }

  private converted(stored: JsonObject): JsonObject {
    const conv = this.def.storedAs;
    return conv ? decodeAs(this.def, conv.fromStorage(stored)).value : stored;
  }

  /** Whether a stored object may read differently from its stored text (conversion, defaults). */
  get transformsOnRead(): boolean {
    return this.def.storedAs !== undefined || this.def.storedDefaults !== undefined;
  }

  /**
   * Stored JSON text → this version's JSON text: the same string when reading changes nothing
   * (the kind is stored as served and no default is missing), which is the rule.
   */
  view(json: string): string {
    if (!this.transformsOnRead) return json;
    const stored = JSON.parse(json) as JsonObject;
    const defaulted = this.def.storedDefaults?.(stored);
    if (!this.def.storedAs) return defaulted ? JSON.stringify(defaulted) : json;
    return JSON.stringify(this.converted(defaulted ?? stored));
  }

  /** A stored version as this version serves it (see view); versions read as stored are remembered. */
  viewOf(v: Version): string {
    const json = v.json!;
    if (!this.transformsOnRead || this.readAsStored.has(v)) return json;
    const out = this.view(json);
    if (out === json) this.readAsStored.add(v);
    return out;
  }

  /** Stored text for a canonical object of this version, carrying revision `rev`. */
  /** `keep`: the text will be stored (flattened to its compact form) rather than compared and dropped. */
  private storedText(canonical: JsonObject, rev: number, keep = true): string {
    (canonical.metadata as JsonObject).resourceVersion = String(rev);
    const conv = this.def.storedAs;
    const text = conv ? JSON.stringify(decodeAs(conv.def, conv.toStorage(clone(canonical))).value) : JSON.stringify(canonical);
    return keep ? flatText(text) : text;
  }

  // ---------------------------------------------------------------------------- create

  async create(namespace: string, input: unknown, opts: WriteOptions): Promise<WriteOutcome> {
    const ctx = this.strategyContext('', 'create');
    const obj = decodeInput(input, this.def, ctx, {
      fieldValidation: opts.fieldValidation,
      warnings: opts.warnings,
      duplicateFields: opts.duplicateFields,
      body: true,
    });
    const meta = metaOf(obj);
    if (this.def.namespaced) {
      if (str(meta.namespace) && meta.namespace !== namespace) {
        throw StatusError.badRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
    }
    if (str(meta.resourceVersion)) throw StatusError.badRequest('resourceVersion should not be set on objects to be created');
    return this.createObject(namespace, obj, opts);
  }

  /** Creates an already decoded object (create, create-on-update, apply of a missing object). */
  async createObject(namespace: string, obj: JsonObject, opts: WriteOptions, subresource = ''): Promise<WriteOutcome> {
    const ctx = this.strategyContext(subresource, 'create');
    const meta = metaOf(obj);
    if (this.def.namespaced) meta.namespace = namespace;
    else delete meta.namespace;
    delete meta.resourceVersion;
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    delete meta.selfLink;
    meta.uid = crypto.randomUUID();
    meta.creationTimestamp = formatTime(ctx.now);
    if (this.def.generation) meta.generation = 1;
    else delete meta.generation;
    if (this.def.subresources?.status) delete obj.status;
    // The namespace is admitted first (the real NamespaceLifecycle plugin leads the chain); then the
    // mutating plugins see the decoded, defaulted object, before the kind prepares and validates it.
    if (this.def.namespaced) this.admitNamespace(namespace, str(meta.name) || str(meta.generateName));
    this.admission?.mutate(admissionInput('CREATE', namespace, str(meta.name), obj, undefined, subresource, opts));
    this.def.strategy?.prepareForCreate?.(obj, ctx);
    if (!opts.apply) this.deps.managedFields?.update(obj, undefined, this.managerName(opts), subresource, this.def, ctx.now);

    opts.admit?.(obj, undefined);

    const wantGenerated = !str(meta.name) && !!str(meta.generateName);
    for (let attempt = 0; ; attempt++) {
      if (wantGenerated) meta.name = generateName(str(meta.generateName));
      const canonical = this.finish(obj, this.validateCreate(obj, ctx));
      this.warnFinalizers(canonical, undefined, opts);
      const name = str(canonical.metadata && (canonical.metadata as JsonObject).name);
      // Validating admission sees the object as it would be stored, named (a generated name too).
      this.admission?.validate(admissionInput('CREATE', namespace, name, canonical, undefined, subresource, opts));
      if (opts.dryRun) {
        if (this.current(namespace, name)) throw StatusError.alreadyExists(this.gr, name);
        delete (canonical.metadata as JsonObject).resourceVersion; // nothing was stored
        return { json: JSON.stringify(canonical), created: true };
      }
      let stored = '';
      const res = await this.deps.backend.create(this.key(namespace, name), (rev) => (stored = this.storedText(canonical, rev)));
      if (res.ok) {
        await this.store.feed.waitFor(res.revision);
        return { json: this.answerText(canonical, res, stored), created: true };
      }
      if (!wantGenerated || attempt >= MAX_GENERATE_NAME_RETRIES) throw StatusError.alreadyExists(this.gr, name);
    }
  }

  private validateCreate(obj: JsonObject, ctx: StrategyContext): FieldError[] {
    return [
      ...validateObjectMeta(metaOf(obj), this.metaRules),
      ...validateSchema(withoutMeta(obj), this.def.schema),
      ...(this.def.strategy?.validate?.(obj, ctx) ?? []),
    ];
  }

  /** The warnings of a valid write that adds finalizer names the kind accepts but advises against. */
  private warnFinalizers(obj: JsonObject, old: JsonObject | undefined, opts: WriteOptions): void {
    if (this.def.unqualifiedFinalizers !== 'warn') return;
    opts.warnings.push(...finalizerWarnings(metaOf(obj).finalizers, old && metaOf(old).finalizers));
  }

  /** Canonical form (field order, omitempty) or 422 with every problem found. */
  private finish(obj: JsonObject, errors: FieldError[]): JsonObject {
    if (errors.length) throw StatusError.invalid(this.gk, str(metaOf(obj).name), errors);
    // A placeholder keeps resourceVersion at its canonical place; the real value is set on write.
    const meta = metaOf(obj);
    if (!str(meta.resourceVersion)) meta.resourceVersion = '0';
    return decodeAs(this.def, obj).value;
  }

  private encode(canonical: JsonObject, revision: number): string {
    (canonical.metadata as JsonObject).resourceVersion = String(revision);
    return JSON.stringify(canonical);
  }

  /**
   * The answer to a write: the stored text itself when this version is the storage version and
   * the backend stored it at the revision it was produced for, or the text the backend gives back
   * with the revision put in (a backend that learns the revision only from the write, as etcd):
   * no second serialization either way.
   */
  private answerText(canonical: JsonObject, res: { readonly revision: number; readonly kv?: KeyValue }, stored: string): string {
    const { revision } = res;
    if (!this.def.storedAs) {
      if (stored && (canonical.metadata as JsonObject).resourceVersion === String(revision)) return stored;
      if (res.kv && res.kv.modRevision === revision) return res.kv.value;
    }
    return this.encode(canonical, revision);
  }

  private admitNamespace(namespace: string, name: string): void {
    const state = this.deps.namespaceState(namespace);
    if (state === 'missing') throw StatusError.notFound({ group: '', resource: 'namespaces' }, namespace);
    if (state === 'terminating') {
      throw StatusError.forbidden(this.gr, name, `unable to create new content in namespace ${namespace} because it is being terminated`, [
        { reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' },
      ]);
    }
  }

  managerName(opts: WriteOptions): string {
    if (opts.fieldManager) return opts.fieldManager;
    return managerFromUserAgent(opts.userAgent);
  }

  /** A patched object, decoded as a request body would be (type checks, pruning, defaults). */
  decodePatched(obj: JsonObject, opts: WriteOptions, subresource = '', operation: 'create' | 'update' = 'update'): JsonObject {
    return decodeInput(obj, this.def, this.strategyContext(subresource, operation), {
      fieldValidation: opts.fieldValidation,
      warnings: opts.warnings,
      duplicateFields: opts.duplicateFields,
    });
  }

  // ---------------------------------------------------------------------------- update

  /** PUT: replace the object (or the subresource's part of it). */
  async update(namespace: string, name: string, input: unknown, opts: WriteOptions, subresource = ''): Promise<WriteOutcome> {
    const ctx = this.strategyContext(subresource, this.current(namespace, name) ? 'update' : 'create');
    const obj = decodeInput(input, this.def, ctx, {
      fieldValidation: opts.fieldValidation,
      warnings: opts.warnings,
      duplicateFields: opts.duplicateFields,
      body: true,
    });
    const meta = metaOf(obj);
    if (str(meta.name) !== name) {
      throw StatusError.badRequest(`the name of the object (${str(meta.name)}) does not match the name on the URL (${name})`);
    }
    if (this.def.namespaced && str(meta.namespace) && meta.namespace !== namespace) {
      throw StatusError.badRequest(
        `the namespace of the object (${str(meta.namespace)}) does not match the namespace on the URL (${namespace})`,
      );
    }
    // An empty namespace is taken from the URL, as the real platform does.
    if (this.def.namespaced) meta.namespace = namespace;
    return this.guaranteedUpdate(namespace, name, opts, subresource, () => clone(obj), {
      createIfMissing: this.def.allowCreateOnUpdate === true && subresource === '',
    });
  }

  /**
   * Read-modify-write with optimistic concurrency: `tryUpdate` gets the current object and
   * returns the new one; a concurrent write makes it run again on the newer object. A
   * `metadata.resourceVersion` in the new object must equal the stored one (else 409).
   */
  async guaranteedUpdate(
    namespace: string,
    name: string,
    opts: WriteOptions,
    subresource: string,
    tryUpdate: TryUpdate,
    mode: { createIfMissing: boolean; notFound?: () => StatusError },
  ): Promise<WriteOutcome> {
    const ctx = this.strategyContext(subresource);
    for (let attempt = 0; attempt < MAX_CAS_RETRIES; attempt++) {
      const cur = this.current(namespace, name);
      if (!cur) {
        if (await this.catchUp()) continue;
        if (!mode.createIfMissing) throw mode.notFound?.() ?? StatusError.notFound(this.gr, name);
        const created = tryUpdate(undefined);
        if (!created) throw StatusError.notFound(this.gr, name);
        const rv = str(metaOf(created).resourceVersion);
        if (rv) {
          // An update of an object that does not exist (any more): the client's version is stale.
          throw StatusError.conflict(
            this.gr,
            name,
            'the object has been modified; please apply your changes to the latest version and try again',
          );
        }
        return this.createObject(namespace, created, opts, subresource);
      }
      const old = this.parse(cur);
      const next = tryUpdate(clone(old));
      if (!next) return { json: this.view(cur.json!), created: false };
      const wantRv = str(metaOf(next).resourceVersion);
      // A Scale written without a version changes the replicas of whatever is stored (the real
      // scale handlers carry the stored version over), whatever the kind's rule.
      if (!wantRv && this.def.requireResourceVersionOnUpdate && subresource !== 'scale') throw this.resourceVersionRequired(name);
      if (wantRv && wantRv !== String(cur.rv)) {
        // A version newer than this cache's was written through another server sharing the store.
        if (Number(wantRv) > cur.rv && (await this.catchUp(Number(wantRv)))) continue;
        throw StatusError.optimisticConflict(this.gr, name);
      }

      this.admission?.mutate(admissionInput('UPDATE', namespace, name, next, old, subresource, opts));
      const obj = this.beforeUpdate(next, old, subresource, ctx);
      opts.admit?.(obj, old);
      if (!opts.apply) this.deps.managedFields?.update(obj, old, this.managerName(opts), subresource, this.def, ctx.now);
      const errs = [
        ...validateObjectMetaUpdate(metaOf(obj), metaOf(old), this.metaRules),
        ...validateSchema(withoutMeta(obj), this.def.schema),
        ...(this.def.strategy?.validate?.(obj, ctx) ?? []),
        ...(this.def.strategy?.validateUpdate?.(obj, old, ctx) ?? []),
      ];
      const canonical = this.finish(obj, errs);
      this.warnFinalizers(canonical, old, opts);
      this.admission?.validate(admissionInput('UPDATE', namespace, name, canonical, old, subresource, opts));
      const unchanged = this.storedText(canonical, cur.rv, false) === cur.json;
      if (unchanged) return { json: this.view(cur.json!), created: false };
      if (opts.dryRun) return { json: JSON.stringify(canonical), created: false };

      let stored = '';
      const res = await this.deps.backend.update(this.key(namespace, name), cur.rv, (rev) => (stored = this.storedText(canonical, rev)));
      if (!res.ok) {
        // Someone else wrote in between: redo on the newer object. A client's own stale version
        // (a PUT, or a patch that names a resourceVersion) meets the check above and gets its 409;
        // a patch carries the version it was applied to, so it is simply applied again.
        await this.catchUp(res.current?.modRevision);
        continue;
      }
      await this.store.feed.waitFor(res.revision);
      const json = this.answerText(canonical, res, stored);
      const after = metaOf(canonical);
      const grace = after.deletionGracePeriodSeconds;
      if (after.deletionTimestamp !== undefined && !this.hasPendingFinalizers(canonical) && (grace === undefined || grace === 0)) {
        // The last finalizer is gone from a terminating object: it is removed now (unless a
        // graceful deletion still waits for its node to confirm with a DELETE).
        const del = await this.deps.backend.delete(this.key(namespace, name), res.revision);
        if (del.ok) await this.store.feed.waitFor(del.revision);
      }
      return { json, created: false };
    }
    throw StatusError.conflict(this.gr, name, 'too many concurrent updates, please try again');
  }

  /**
   * The real store's answer to an unconditional update of a kind that allows none: a 422 whose
   * "kind" is the resource, and whose value is Go's rendering of the version number it parsed (0).
   */
  private resourceVersionRequired(name: string): StatusError {
    const { group, resource } = this.gr;
    const detail = 'Invalid value: 0x0: must be specified for an update';
    return new StatusError(
      422,
      'Invalid',
      `${group ? `${resource}.${group}` : resource} "${name}" is invalid: metadata.resourceVersion: ${detail}`,
      {
        name,
        ...(group ? { group } : {}),
        kind: resource,
        causes: [{ reason: 'FieldValueInvalid', message: detail, field: 'metadata.resourceVersion' }],
      },
    );
  }

  /** Fields the client may not set through this endpoint are taken from the stored object. */
  private beforeUpdate(next: JsonObject, old: JsonObject, subresource: string, ctx: StrategyContext): JsonObject {
    let obj = next;
    const part = subresource ? this.def.subresources?.[subresource] : undefined;
    if (part && part.kind === 'partial' && part.resets) {
      // An older kind's subresource: only what it resets is taken from the stored object.
      for (const p of part.resets) setPath(obj, p, clone(getPath(old, p)));
    } else if (part && part.kind === 'partial') {
      // A subresource write changes only its own part; metadata stays as stored (but managedFields).
      obj = clone(old);
      for (const p of part.paths) setPath(obj, p, clone(getPath(next, p)));
      const m = metaOf(obj);
      const nm = metaOf(next);
      if (nm.managedFields !== undefined) m.managedFields = nm.managedFields;
      else delete m.managedFields;
      m.resourceVersion = nm.resourceVersion ?? m.resourceVersion;
    } else if (part?.kind !== 'create') {
      // The main resource does not change what its partial subresources own (status, ...).
      // A POSTed subresource (binding) is the kind's own change, made on the stored object.
      for (const [, sub] of this.partials) for (const p of sub.paths) setPath(obj, p, clone(getPath(old, p)));
    }
    obj.apiVersion = this.apiVersion;
    obj.kind = this.def.kind;
    const m = metaOf(obj);
    const om = metaOf(old);
    if (!str(m.uid)) m.uid = om.uid;
    m.creationTimestamp = om.creationTimestamp;
    if (om.deletionTimestamp !== undefined) m.deletionTimestamp = om.deletionTimestamp;
    if (om.deletionGracePeriodSeconds !== undefined && m.deletionGracePeriodSeconds === undefined) {
      m.deletionGracePeriodSeconds = om.deletionGracePeriodSeconds;
    }
    delete m.selfLink;
    if (this.def.generation) {
      const gen = typeof om.generation === 'number' ? om.generation : 1;
      m.generation = deepEqual(specPart(obj), specPart(old)) ? gen : gen + 1;
    } else {
      delete m.generation;
    }
    this.def.strategy?.prepareForUpdate?.(obj, old, ctx);
    return obj;
  }

  hasPendingFinalizers(obj: JsonObject): boolean {
    return finalizersOf(obj).length > 0 || this.def.strategy?.pendingFinalizers?.(obj) === true;
  }

  // ---------------------------------------------------------------------------- delete

  async delete(namespace: string, name: string, options: DeleteOptions, opts: WriteOptions): Promise<DeleteOutcome> {
    for (let attempt = 0; attempt < MAX_CAS_RETRIES; attempt++) {
      let cur = this.current(namespace, name);
      if (!cur) {
        if (await this.catchUp()) continue;
        throw StatusError.notFound(this.gr, name);
      }
      let obj: JsonObject;
      try {
        obj = this.parse(cur);
      } catch (err) {
        if (options.ignoreStoreReadErrorWithClusterBreakingPotential) return this.unsafeDelete(namespace, name, cur);
        throw err;
      }
      const meta = metaOf(obj);
      this.checkPreconditions(name, meta, String(cur.rv), options);
      const undeletable = this.def.undeletable;
      if (undeletable?.names.includes(name)) throw StatusError.forbidden(this.gr, name, undeletable.reason);

      const ctx = this.strategyContext();
      const wasTerminating = meta.deletionTimestamp !== undefined;
      const grace = beforeDelete(obj, options.gracePeriodSeconds, this.def.strategy, ctx.now);
      // Finalizers cannot be changed through DeleteOptions once a graceful deletion is pending.
      if (grace.pending) return { json: this.view(cur.json!), deleted: false };

      const finalizers = this.gcFinalizers(finalizersOf(obj), options);
      const changedFinalizers = !deepEqual(finalizers, finalizersOf(obj));
      const pendingFinalizers = finalizers.length > 0 || this.def.strategy?.pendingFinalizers?.(obj) === true;
      let last = cur.json!;

      if (grace.graceful || pendingFinalizers) {
        if (!grace.graceful) {
          // Kept by finalizers: marked as deleting (period 0). Already marked, nothing to write.
          if (wasTerminating && !changedFinalizers) return { json: this.view(cur.json!), deleted: false };
          if (!wasTerminating) markForDeletion(meta, ctx.now, 0);
        }
        if (finalizers.length) meta.finalizers = finalizers;
        else delete meta.finalizers;
        // After the finalizers are set: a kind may add its own when deletion starts (CRDs' cleanup).
        if (!wasTerminating) this.def.strategy?.beginDeletion?.(obj, ctx);
        const canonical = decodeAs(this.def, obj).value;
        (canonical.metadata as JsonObject).resourceVersion = String(cur.rv);
        let json: string;
        if (opts.dryRun) json = JSON.stringify(canonical);
        else {
          const res = await this.deps.backend.update(this.key(namespace, name), cur.rv, (rev) => this.storedText(canonical, rev));
          if (!res.ok) continue;
          await this.store.feed.waitFor(res.revision);
          json = this.encode(canonical, res.revision);
        }
        // Finalizers keep it, or the node has a grace period to stop it in.
        if (pendingFinalizers || grace.period > 0) return { json, deleted: false };
        // Graceful with period 0: marked, and now removed.
        if (opts.dryRun) return { json: this.deletedBody(json, meta), deleted: true };
        cur = this.current(namespace, name);
        if (!cur) return { json: this.deletedBody(json, meta), deleted: true };
        last = cur.json!;
      }

      if (opts.dryRun) return { json: this.deletedBody(this.view(last), meta), deleted: true };
      const res = await this.deps.backend.delete(this.key(namespace, name), cur.rv);
      if (!res.ok) {
        await this.catchUp(res.current?.modRevision);
        continue;
      }
      await this.store.feed.waitFor(res.revision);
      return { json: this.deletedBody(this.view(last), meta), deleted: true };
    }
    throw StatusError.conflict(this.gr, name, 'too many concurrent updates, please try again');
  }

  /**
   * On a store shared with other API servers (etcd), this server's cache may not have seen a write
   * just made through another: before deciding on what the cache holds (absent, older than the
   * client's version, changed under a guarded write), wait for it to reach `rev` (the store's
   * current revision when not given). True if it had to wait; always false on a backend whose
   * events are synchronous, where the cache is never behind.
   */
  private async catchUp(rev?: number): Promise<boolean> {
    const { backend } = this.deps;
    const feed = this.store.feed;
    if (backend.synchronousEvents) return false;
    const target = rev ?? (await backend.currentRevision());
    if (feed.revision >= target) return false;
    await feed.waitFor(target);
    return feed.revision >= target;
  }

  private deletedBody(json: string, meta: JsonObject): string {
    if (this.def.returnDeletedObject) return json;
    return JSON.stringify(
      successStatus({
        name: str(meta.name),
        ...(this.def.group ? { group: this.def.group } : {}),
        kind: this.def.resource,
        uid: str(meta.uid),
      }),
    );
  }

  /** Removes an object that cannot be read, skipping finalizers and preconditions (alpha, gated). */
  private async unsafeDelete(namespace: string, name: string, cur: Version): Promise<DeleteOutcome> {
    const res = await this.deps.backend.delete(this.key(namespace, name), cur.rv);
    if (res.ok) await this.store.feed.waitFor(res.revision);
    return {
      json: JSON.stringify(successStatus({ name, ...(this.def.group ? { group: this.def.group } : {}), kind: this.def.resource })),
      deleted: true,
    };
  }

  private checkPreconditions(name: string, meta: JsonObject, rv: string, options: DeleteOptions): void {
    const pre = options.preconditions;
    if (!pre) return;
    if (pre.uid && pre.uid !== meta.uid) {
      throw StatusError.conflict(
        this.gr,
        name,
        `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${str(meta.uid)}`,
      );
    }
    if (pre.resourceVersion && pre.resourceVersion !== rv) {
      throw StatusError.conflict(
        this.gr,
        name,
        `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${rv}`,
      );
    }
  }

  /** The garbage collector's finalizers that the propagation policy asks for. */
  private gcFinalizers(current: string[], options: DeleteOptions): string[] {
    let policy = options.propagationPolicy;
    if (!policy && options.orphanDependents !== undefined) policy = options.orphanDependents ? 'Orphan' : 'Background';
    const out = current.filter((f) => !(policy && (f === 'orphan' || f === 'foregroundDeletion')));
    if (policy === undefined) return current;
    if (policy === 'Orphan') out.push('orphan');
    if (policy === 'Foreground') out.push('foregroundDeletion');
    return out;
  }
}

function admissionInput(
  operation: AdmissionInput['operation'],
  namespace: string,
  name: string,
  object: JsonObject,
  oldObject: JsonObject | undefined,
  subresource: string,
  opts: WriteOptions,
): AdmissionInput {
  return {
    operation,
    namespace,
    name,
    object,
    oldObject,
    subresource,
    dryRun: opts.dryRun,
    warnings: opts.warnings,
    auditAnnotations: opts.auditAnnotations,
  };
}

/** The object minus metadata (validated separately by ObjectMeta rules). */
function withoutMeta(obj: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(obj)) if (k !== 'metadata') out[k] = obj[k];
  return out;
}

/**
 * The manager of a write without `fieldManager`: the User-Agent's product, as the real platform
 * derives it (`kubectl/v1.32.4 (linux/amd64) kubernetes/abc` → `kubectl`).
 */
function managerFromUserAgent(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown';
  const first = userAgent.split('/')[0];
  const trimmed = first.length > 128 ? first.slice(0, 128) : first;
  return trimmed || 'unknown';
}
