/**
 * The tokens controller of kube-controller-manager (its `serviceaccount-token` controller, v1.32):
 * a Secret of type `service-account-token` that names a ServiceAccount in its
 * `service-account.name` annotation gets a long-lived token of that account (`data.token`, signed
 * with the ServiceAccount signing key), `data.namespace`, `data["ca.crt"]` when the host has a
 * root CA, and the account's uid in the `service-account.uid` annotation. Such a Secret goes when
 * its account goes, or when the uid it names is not the account's any more; a deleted one drops
 * out of its account's `secrets` list. The type and the annotations are read in either spelling,
 * `orchestrator.io/` or the real `kubernetes.io/`, and written in the type's (kubectl finds the
 * Secrets it made, `kubectl describe sa` lists their tokens).
 *
 * As the real one, it works two queues whose keys carry what a deleted object no longer tells: a
 * ServiceAccount's uid, and a Secret's uid with the account it named.
 */
import type { ObjectReference, Secret, ServiceAccount } from '../../core/registry/types/index.ts';
import { SECRETS, SERVICE_ACCOUNTS } from '../runtime/api/resources.ts';
import { isConflict, isNotFound } from '../runtime/client/index.ts';
import { retryOnConflict } from '../runtime/client/retry.ts';
import { type Runnable, startWorkers } from '../runtime/controller/controller.ts';
import type { Manager, RunnableFactory } from '../runtime/controller/manager.ts';
import type { InformerEvent } from '../runtime/informer/store.ts';
import { WorkQueue } from '../runtime/workqueue/workqueue.ts';

export const TOKENS_CONTROLLER = 'serviceaccount-token';

/** What signs the tokens: the API server's ServiceAccount token signer, with the host's key. */
export interface LegacyTokenSigner {
  legacyToken(subject: { namespace: string; name: string; uid: string; secretName: string }): Promise<string>;
}

export interface TokensControllerOptions {
  readonly signer: LegacyTokenSigner;
  /** The CA clients verify the API server with (PEM), put in every token Secret as `ca.crt` (`--root-ca-file`). */
  readonly rootCA?: string;
}

const TOKEN_TYPE = 'service-account-token';
const NAME_ANNOTATION = 'service-account.name';
const UID_ANNOTATION = 'service-account.uid';
const PREFIXES = ['orchestrator.io/', 'kubernetes.io/'] as const;

/** `orchestrator.io/` or `kubernetes.io/` for a token Secret (as its type is spelled), else undefined. */
function tokenPrefix(secret: Secret): string | undefined {
  return PREFIXES.find((p) => secret.type === p + TOKEN_TYPE);
}

/** An annotation of a token Secret, in its type's spelling first, else the other. */
function annotation(secret: Secret, key: string): string {
  const own = tokenPrefix(secret) ?? PREFIXES[0];
  const annotations = secret.metadata.annotations ?? {};
  return annotations[own + key] || annotations[PREFIXES.find((p) => p !== own) + key] || '';
}

/** The real `IsServiceAccountToken`: a token Secret naming this account, and no other uid. */
function isTokenOf(secret: Secret, sa: { name: string; uid: string }): boolean {
  if (!tokenPrefix(secret) || annotation(secret, NAME_ANNOTATION) !== sa.name) return false;
  const uid = annotation(secret, UID_ANNOTATION);
  return !uid || uid === sa.uid;
}

function base64Of(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

interface AccountKey {
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
}

interface SecretKey extends AccountKey {
  readonly saName: string;
  /** Blank for a Secret not yet given its account's uid. */
  readonly saUid: string;
}

class TokensController implements Runnable {
  readonly name = TOKENS_CONTROLLER;
  private readonly accountQueue: WorkQueue<string>;
  private readonly secretQueue: WorkQueue<string>;
  private readonly accounts;
  private readonly secrets;
  private subscriptions: { unsubscribe(): void }[] = [];
  private workers: Promise<void>[] = [];
  private running = false;

  constructor(
    private readonly mgr: Manager,
    private readonly opts: TokensControllerOptions,
  ) {
    this.accountQueue = new WorkQueue<string>({ clock: mgr.clock });
    this.secretQueue = new WorkQueue<string>({ clock: mgr.clock });
    this.accounts = mgr.informer(SERVICE_ACCOUNTS);
    this.secrets = mgr.informer(SECRETS);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.subscriptions = [
      this.accounts.events().subscribe((ev: InformerEvent<ServiceAccount>) => {
        const { namespace = '', name = '', uid = '' } = ev.object.metadata;
        if (namespace && name && uid) this.accountQueue.add(JSON.stringify({ namespace, name, uid } satisfies AccountKey));
      }),
      this.secrets.events().subscribe((ev: InformerEvent<Secret>) => {
        const s = ev.object;
        const { namespace = '', name = '', uid = '' } = s.metadata;
        const saName = annotation(s, NAME_ANNOTATION);
        // Secrets of other types, and token Secrets naming no account, are not this controller's.
        if (!tokenPrefix(s) || !namespace || !name || !uid || !saName) return;
        const key: SecretKey = { namespace, name, uid, saName, saUid: annotation(s, UID_ANNOTATION) };
        this.secretQueue.add(JSON.stringify(key));
      }),
    ];
    await Promise.all([this.accounts.waitForSync(), this.secrets.waitForSync()]);
    if (!this.running) return;
    const onError = (what: string) => (key: string, err: unknown) => {
      if (this.running) this.mgr.logger.error(`${this.name}: syncing ${what} ${key} failed; retrying after backoff`, err);
      return this.running;
    };
    this.workers = [
      ...startWorkers(this.accountQueue, 1, (key) => this.syncAccount(JSON.parse(key) as AccountKey), onError('service account')),
      ...startWorkers(this.secretQueue, 1, (key) => this.syncSecret(JSON.parse(key) as SecretKey), onError('secret')),
    ];
  }

  isIdle(): boolean {
    return this.accountQueue.isIdle && this.secretQueue.isIdle;
  }

  async whenIdle(): Promise<void> {
    await Promise.all([this.accountQueue.whenIdle(), this.secretQueue.whenIdle()]);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    for (const s of this.subscriptions.splice(0)) s.unsubscribe();
    await Promise.all([this.accountQueue.shutDownWithDrain(), this.secretQueue.shutDownWithDrain()]);
    await Promise.all(this.workers);
  }

  /** An account that is gone (or is another one now, by uid) takes its token Secrets along. */
  private async syncAccount(key: AccountKey): Promise<void> {
    if (this.cachedAccount(key.namespace, key.name, key.uid)) return;
    const tokens = this.secrets.store.byIndex('namespace', key.namespace).filter((s) => isTokenOf(s, key));
    const failures: unknown[] = [];
    for (const s of tokens)
      await this.deleteToken(s.metadata.namespace ?? '', s.metadata.name ?? '', s.metadata.uid ?? '').catch((e) => failures.push(e));
    if (failures.length) throw failures[0];
  }

  private async syncSecret(key: SecretKey): Promise<void> {
    const cached = this.secrets.store.get(`${key.namespace}/${key.name}`);
    const secret = cached?.metadata.uid === key.uid ? cached : undefined;
    if (!secret) {
      // Deleted: its account (the one it named, if still there) drops it from its `secrets`.
      if (this.cachedAccount(key.namespace, key.saName, key.saUid)) {
        await retryOnConflict(() => this.removeReference(key));
      }
      return;
    }
    const account = await this.account(key.namespace, key.saName, key.saUid);
    if (!account) {
      await this.deleteToken(key.namespace, key.name, key.uid);
      return;
    }
    await this.fill(account, secret);
  }

  private cachedAccount(namespace: string, name: string, uid: string): ServiceAccount | undefined {
    const sa = this.accounts.store.get(`${namespace}/${name}`);
    return sa && (!uid || sa.metadata.uid === uid) ? sa : undefined;
  }

  /** The account by name (and uid, when given): from the cache, else read, as the cache may be behind. */
  private async account(namespace: string, name: string, uid: string): Promise<ServiceAccount | undefined> {
    const cached = this.cachedAccount(namespace, name, uid);
    if (cached) return cached;
    try {
      const live = await this.mgr.client.resource(SERVICE_ACCOUNTS, namespace).get(name);
      return !uid || live.metadata.uid === uid ? live : undefined;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Deletes a token Secret of this uid only; gone already, or another one by now, is done. */
  private async deleteToken(namespace: string, name: string, uid: string): Promise<void> {
    try {
      await this.mgr.client.resource(SECRETS, namespace).delete(name, uid ? { preconditions: { uid } } : {});
    } catch (err) {
      if (!isNotFound(err) && !isConflict(err)) throw err;
    }
  }

  private needs(secret: Secret): { ca: boolean; namespace: boolean; token: boolean } {
    const data = secret.data ?? {};
    return {
      ca: Boolean(this.opts.rootCA) && data['ca.crt'] !== base64Of(this.opts.rootCA ?? ''),
      namespace: !data.namespace,
      token: !data.token,
    };
  }

  /** Fills what the Secret lacks, on the stored copy, and only if the cache has seen that copy. */
  private async fill(account: ServiceAccount, cached: Secret): Promise<void> {
    const wanted = this.needs(cached);
    if (!wanted.ca && !wanted.namespace && !wanted.token) return;
    const namespace = cached.metadata.namespace ?? '';
    const client = this.mgr.client.resource(SECRETS, namespace);
    let live: Secret;
    try {
      live = await client.get(cached.metadata.name ?? '');
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    // The cache is behind: the event of the newer copy brings the Secret back.
    if (live.metadata.resourceVersion !== cached.metadata.resourceVersion) return;
    const need = this.needs(live);
    if (!need.ca && !need.namespace && !need.token) return;
    const data = { ...(live.data ?? {}) };
    if (need.ca) data['ca.crt'] = base64Of(this.opts.rootCA ?? '');
    if (need.namespace) data.namespace = base64Of(namespace);
    if (need.token) {
      const name = account.metadata.name ?? '';
      const uid = account.metadata.uid ?? '';
      data.token = base64Of(await this.opts.signer.legacyToken({ namespace, name, uid, secretName: live.metadata.name ?? '' }));
    }
    const prefix = tokenPrefix(live) ?? PREFIXES[0];
    const annotations = {
      ...(live.metadata.annotations ?? {}),
      [prefix + NAME_ANNOTATION]: account.metadata.name ?? '',
      [prefix + UID_ANNOTATION]: account.metadata.uid ?? '',
    };
    try {
      await client.update({ ...live, metadata: { ...live.metadata, annotations }, data });
    } catch (err) {
      // Changed meanwhile (its event comes) or deleted (nothing to fill).
      if (!isConflict(err) && !isNotFound(err)) throw err;
    }
  }

  private async removeReference(key: SecretKey): Promise<void> {
    const client = this.mgr.client.resource(SERVICE_ACCOUNTS, key.namespace);
    let sa: ServiceAccount;
    try {
      sa = await client.get(key.saName);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (key.saUid && sa.metadata.uid !== key.saUid) return;
    const refs: ObjectReference[] = sa.secrets ?? [];
    if (!refs.some((r) => r.name === key.name)) return;
    try {
      await client.update({ ...sa, secrets: refs.filter((r) => r.name !== key.name) });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}

/** The tokens controller, signing with `signer` (run it only where the host has a signing key). */
export function tokensController(opts: TokensControllerOptions): RunnableFactory {
  return (mgr) => new TokensController(mgr, opts);
}
