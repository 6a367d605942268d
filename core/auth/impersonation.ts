/**
 * Impersonation (`Impersonate-User`, `-Uid`, `-Group`, `-Extra-<key>`): the request then acts as
 * the named user, once the requester is allowed the `impersonate` verb on each part — `users`
 * (or the `serviceaccounts` object a service-account name stands for), `groups`, `uids` and
 * `userextras/<key>` of authentication.orch.io, with the value as the name.
 */
import { StatusError } from '../errors/status-error.ts';
import type { HeaderReader } from '../http/api-request.ts';
import type { ResourceAttributes } from './attributes.ts';
import { forbiddenReason } from './attributes.ts';
import type { Authorizer } from './authorizer.ts';
import {
  ANONYMOUS_USER,
  AUTHENTICATED_GROUP,
  SERVICE_ACCOUNTS_GROUP,
  serviceAccountOf,
  UNAUTHENTICATED_GROUP,
  type UserInfo,
} from './user.ts';

export const AUTHENTICATION_GROUP = 'authentication.orch.io';

export interface ImpersonationRequest {
  readonly user?: string;
  readonly uid?: string;
  readonly groups: readonly string[];
  readonly extra: Readonly<Record<string, readonly string[]>>;
}

/** The `Impersonate-Extra-*` headers a request has: hosts list header names through this. */
export interface HeaderNames {
  names?(): Iterable<string>;
  /** WHATWG `Headers` lists them so. */
  keys?(): Iterable<string>;
}

const IMPERSONATE = /^impersonate-/i;

function someImpersonates(names: Iterable<string>): boolean {
  for (const name of names) if (IMPERSONATE.test(name)) return true;
  return false;
}

function splitList(v: string | null): string[] {
  return v === null ? [] : v.split(',').map((s) => s.trim());
}

export function impersonationRequest(headers: HeaderReader & HeaderNames): ImpersonationRequest | undefined {
  // Nearly no request impersonates: where the header names can be listed, one look says so.
  const names = headers.names?.() ?? headers.keys?.();
  if (names && !someImpersonates(names)) return undefined;
  const user = headers.get('impersonate-user') ?? undefined;
  const uid = headers.get('impersonate-uid') ?? undefined;
  const groups = splitList(headers.get('impersonate-group'));
  const extra: Record<string, string[]> = {};
  for (const name of headers.names?.() ?? headers.keys?.() ?? []) {
    const lower = name.toLowerCase();
    if (!lower.startsWith('impersonate-extra-')) continue;
    let key = lower.slice('impersonate-extra-'.length);
    try {
      key = decodeURIComponent(key);
    } catch {
      // An undecodable key is used as written.
    }
    extra[key] = splitList(headers.get(name));
  }
  if (user === undefined && uid === undefined && !groups.length && !Object.keys(extra).length) return undefined;
  return { ...(user !== undefined ? { user } : {}), ...(uid !== undefined ? { uid } : {}), groups, extra };
}

/** The user a request acts as after impersonation; throws 400 or 403 StatusErrors. */
export function impersonate(requester: UserInfo, req: ImpersonationRequest, authorizer: Authorizer): UserInfo {
  if (req.user === undefined) {
    const parts = [...req.groups.map((g) => `group ${g}`), ...(req.uid !== undefined ? [`uid ${req.uid}`] : [])];
    throw StatusError.badRequest(`requested [${parts.join(' ')}] without impersonating a user`);
  }
  const check = (a: Omit<ResourceAttributes, 'isResourceRequest' | 'user' | 'verb' | 'apiVersion'>) => {
    const attrs: ResourceAttributes = { isResourceRequest: true, user: requester, verb: 'impersonate', apiVersion: '', ...a };
    const r = authorizer.authorize(attrs);
    if (r.decision !== 'Allow')
      throw StatusError.forbidden({ group: a.apiGroup, resource: a.resource }, a.name, forbiddenReason(attrs, r.reason));
  };
  const sa = serviceAccountOf(req.user);
  if (sa) check({ namespace: sa.namespace, apiGroup: '', resource: 'serviceaccounts', subresource: '', name: sa.name });
  else check({ namespace: '', apiGroup: '', resource: 'users', subresource: '', name: req.user });
  for (const g of req.groups) check({ namespace: '', apiGroup: '', resource: 'groups', subresource: '', name: g });
  if (req.uid !== undefined) check({ namespace: '', apiGroup: AUTHENTICATION_GROUP, resource: 'uids', subresource: '', name: req.uid });
  for (const [key, values] of Object.entries(req.extra)) {
    for (const v of values) check({ namespace: '', apiGroup: AUTHENTICATION_GROUP, resource: 'userextras', subresource: key, name: v });
  }
  const groups = [...req.groups];
  if (sa) {
    for (const g of [SERVICE_ACCOUNTS_GROUP, `${SERVICE_ACCOUNTS_GROUP}:${sa.namespace}`]) if (!groups.includes(g)) groups.push(g);
  }
  if (req.user === ANONYMOUS_USER) {
    if (!groups.includes(UNAUTHENTICATED_GROUP)) groups.push(UNAUTHENTICATED_GROUP);
  } else if (!groups.includes(AUTHENTICATED_GROUP)) groups.push(AUTHENTICATED_GROUP);
  return {
    name: req.user,
    ...(req.uid !== undefined ? { uid: req.uid } : {}),
    groups,
    ...(Object.keys(req.extra).length ? { extra: req.extra } : {}),
  };
}
