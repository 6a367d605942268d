/** What a request asks to do, as authorizers see it (the real `authorizer.Attributes`). */
import type { UserInfo } from './user.ts';

export interface ResourceAttributes {
  readonly isResourceRequest: true;
  readonly user: UserInfo;
  readonly verb: string;
  readonly namespace: string;
  readonly apiGroup: string;
  readonly apiVersion: string;
  readonly resource: string;
  readonly subresource: string;
  readonly name: string;
}

export interface NonResourceAttributes {
  readonly isResourceRequest: false;
  readonly user: UserInfo;
  readonly verb: string;
  readonly path: string;
}

export type Attributes = ResourceAttributes | NonResourceAttributes;

/** The verb of a non-resource request from its HTTP method, as the real request-info resolver names it. */
export function nonResourceVerb(method: string): string {
  switch (method) {
    case 'POST':
      return 'post';
    case 'PUT':
      return 'put';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
    case 'HEAD':
      return 'head';
    case 'OPTIONS':
      return 'options';
    default:
      return 'get';
  }
}

/**
 * The 403 message of a denial, in the real platform's words: `configmaps "x" is forbidden: User
 * "u" cannot get resource "configmaps" in API group "" in the namespace "ns"`.
 */
export function forbiddenReason(a: Attributes, reason = ''): string {
  const who = `User "${a.user.name}"`;
  let msg: string;
  if (!a.isResourceRequest) {
    msg = `${who} cannot ${a.verb} path "${a.path}"`;
  } else {
    const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
    const where = a.namespace ? `in the namespace "${a.namespace}"` : 'at the cluster scope';
    msg = `${who} cannot ${a.verb} resource "${resource}" in API group "${a.apiGroup}" ${where}`;
  }
  return reason ? `${msg}: ${reason}` : msg;
}

/** `authorization.k8s.io` → `authorization.orch.io`: kubectl's hard-coded spellings name the same groups. */
export function orchGroup(group: string): string {
  return group.endsWith('.k8s.io') ? `${group.slice(0, -'.k8s.io'.length)}.orch.io` : group;
}
