/**
 * Long-lived ServiceAccount tokens: the ones the tokens controller writes into Secrets of type
 * `service-account-token` (controllers/serviceaccount/tokens-controller.ts), as the real
 * platform's legacy tokens are made and checked (pkg/serviceaccount/legacy.go, v1.32). They carry
 * no expiry and no audience; the issuer is the fixed `kubernetes/serviceaccount` (no
 * `kubernetes.io` in it for this platform to respell), and the private claims name the namespace,
 * the ServiceAccount and the Secret, spelled `orchestrator.io/serviceaccount/...` as this platform
 * spells `kubernetes.io`. Such a token is good only while its Secret exists, is not being deleted
 * and still holds this very token, and its ServiceAccount exists with the uid it names; each use
 * labels the Secret with the day it was last used (at most once a day).
 */
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import type { JsonObject } from '../util/json.ts';
import { serviceAccountOf, serviceAccountUser, type UserInfo } from './user.ts';

export const LEGACY_ISSUER = 'kubernetes/serviceaccount';

/** The real `kubernetes.io/serviceaccount/...` private claims, in this platform's spelling. */
export const LEGACY_CLAIMS = {
  namespace: 'orchestrator.io/serviceaccount/namespace',
  serviceAccountName: 'orchestrator.io/serviceaccount/service-account.name',
  serviceAccountUid: 'orchestrator.io/serviceaccount/service-account.uid',
  secretName: 'orchestrator.io/serviceaccount/secret.name',
} as const;

/** Label keys, after the prefix a Secret spells `kubernetes.io` with (see `labelPrefixOf`). */
export const LAST_USED_LABEL = 'legacy-token-last-used';
export const INVALID_SINCE_LABEL = 'legacy-token-invalid-since';

/** Whose token it is, and the Secret that holds it. */
export interface LegacyTokenSubject {
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly secretName: string;
}

/** The claims of a legacy token (the issuer is added by the signer). */
export function legacyClaims(s: LegacyTokenSubject): { sub: string } & Record<string, string> {
  return {
    sub: `system:serviceaccount:${s.namespace}:${s.name}`,
    [LEGACY_CLAIMS.namespace]: s.namespace,
    [LEGACY_CLAIMS.secretName]: s.secretName,
    [LEGACY_CLAIMS.serviceAccountName]: s.name,
    [LEGACY_CLAIMS.serviceAccountUid]: s.uid,
  };
}

/** What the check reads of a stored Secret or ServiceAccount. */
export interface StoredObject {
  readonly metadata: {
    readonly uid?: string;
    readonly deletionTimestamp?: string;
    readonly labels?: Readonly<Record<string, string>>;
  };
  readonly type?: string;
  /** Base64 values, as stored. */
  readonly data?: Readonly<Record<string, string>>;
}

export interface LegacyTokenLookup {
  /** A stored object, or undefined when there is none. */
  objectOf(resource: 'secrets' | 'serviceaccounts', namespace: string, name: string): StoredObject | undefined;
  /** Sets labels on the Secret of this uid (a merge patch); failures are the caller's to swallow. */
  labelSecret?(namespace: string, name: string, uid: string, labels: Record<string, string>): Promise<void>;
  /** Now, in ms since the epoch (the last-used day is a UTC date). */
  now(): number;
}

/**
 * The prefix of the labels a Secret is marked with: `kubernetes.io/` on a Secret whose type is
 * spelled so (what kubectl writes and reads), else this platform's `orchestrator.io/`.
 */
export function labelPrefixOf(secret: Pick<StoredObject, 'type'>): string {
  return secret.type?.startsWith('kubernetes.io/') ? 'kubernetes.io/' : 'orchestrator.io/';
}

function claim(payload: Record<string, unknown>, key: string): string {
  const v = payload[key];
  return typeof v === 'string' ? v : '';
}

function decoded(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** Compares without stopping at the first difference, as the real check does. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The user of a legacy token whose signature and audiences are already checked, or why it is not
 * valid, in the real validator's order and words.
 */
export async function validateLegacyToken(
  token: string,
  payload: Record<string, unknown>,
  lookup: LegacyTokenLookup,
): Promise<{ user: UserInfo } | { error: string }> {
  const sub = claim(payload, 'sub');
  if (!sub) return { error: 'sub claim is missing' };
  const namespace = claim(payload, LEGACY_CLAIMS.namespace);
  if (!namespace) return { error: 'namespace claim is missing' };
  const secretName = claim(payload, LEGACY_CLAIMS.secretName);
  if (!secretName) return { error: 'secretName claim is missing' };
  const name = claim(payload, LEGACY_CLAIMS.serviceAccountName);
  if (!name) return { error: 'serviceAccountName claim is missing' };
  const uid = claim(payload, LEGACY_CLAIMS.serviceAccountUid);
  if (!uid) return { error: 'serviceAccountUID claim is missing' };
  const subject = serviceAccountOf(sub);
  if (!subject || subject.namespace !== namespace || subject.name !== name) return { error: 'sub claim is invalid' };

  // A deleted Secret takes its token with it.
  const secret = lookup.objectOf('secrets', namespace, secretName);
  if (!secret || secret.metadata.deletionTimestamp) return { error: 'Token has been invalidated' };
  if (!sameText(decoded(secret.data?.token) ?? '', token)) return { error: "Token does not match server's copy" };

  const account = lookup.objectOf('serviceaccounts', namespace, name);
  if (!account) return { error: `serviceaccounts "${name}" not found` };
  if (account.metadata.deletionTimestamp) return { error: `ServiceAccount ${namespace}/${name} has been deleted` };
  const accountUid = account.metadata.uid ?? '';
  if (accountUid !== uid) return { error: `ServiceAccount UID (${accountUid}) does not match claim (${uid})` };

  const prefix = labelPrefixOf(secret);
  const labels = secret.metadata.labels ?? {};
  // The legacy token cleaner marks unused auto-generated tokens so; either spelling counts.
  const invalidKey = [prefix, 'kubernetes.io/', 'orchestrator.io/'].map((p) => p + INVALID_SINCE_LABEL).find((k) => labels[k]);
  if (invalidKey) {
    await markUsed(secret, namespace, secretName, lookup);
    return {
      error:
        `the token in secret ${namespace}/${secretName} for service account ${namespace}/${name} has been marked invalid. ` +
        'Use tokens from the TokenRequest API or manually created secret-based tokens, or remove the ' +
        `'${invalidKey}' label from the secret to temporarily allow use of this token`,
    };
  }
  await markUsed(secret, namespace, secretName, lookup);
  return { user: serviceAccountUser(namespace, name, uid) };
}

/** Labels the Secret with today's UTC date unless it says today already (or tomorrow, for clocks ahead). */
async function markUsed(secret: StoredObject, namespace: string, name: string, lookup: LegacyTokenLookup): Promise<void> {
  if (!lookup.labelSecret) return;
  const now = lookup.now();
  const today = utcDay(now);
  const key = labelPrefixOf(secret) + LAST_USED_LABEL;
  const last = secret.metadata.labels?.[key];
  if (last === today || last === utcDay(now + 86_400_000)) return;
  await lookup.labelSecret(namespace, name, secret.metadata.uid ?? '', { [key]: today }).catch(() => undefined);
}

/**
 * The lookup on the server's own registries: objects as stored (the real validator reads them
 * from the API server's storage, not a cache), and the last-used label written as the real
 * server's own merge patch, only onto the Secret of the uid it read.
 */
export function registryLookup(
  registry: (group: string, resource: string) => ResourceRegistry | undefined,
  objectOf: (resource: string, namespace: string, name: string) => JsonObject | undefined,
): Omit<LegacyTokenLookup, 'now'> {
  return {
    objectOf: (resource, namespace, name) => objectOf(resource, namespace, name) as unknown as StoredObject | undefined,
    async labelSecret(namespace, name, uid, labels) {
      const reg = registry('', 'secrets');
      if (!reg) return;
      await reg.guaranteedUpdate(
        namespace,
        name,
        { dryRun: false, fieldManager: 'orch-apiserver', fieldValidation: 'Ignore', warnings: [] },
        '',
        (current) => {
          const meta = (current?.metadata ?? {}) as JsonObject;
          if (!current || meta.uid !== uid) return undefined;
          return { ...current, metadata: { ...meta, labels: { ...((meta.labels ?? {}) as JsonObject), ...labels } } };
        },
        { createIfMissing: false },
      );
    },
  };
}
