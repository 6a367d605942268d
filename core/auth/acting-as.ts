/**
 * In-process callers' identities. A caller inside the server's own process (the built-in
 * controllers, the playground's page) has no credentials to send; its requests carry a user the
 * way a verified client certificate would, so RBAC judges them like any other request.
 */
import type { ApiRequest } from '../http/api-request.ts';

export interface InProcessUser {
  readonly name: string;
  readonly groups: readonly string[];
}

/**
 * The controllers' user. The bootstrap policy has no per-controller roles (the real one's
 * `system:controller:*`), so the controller manager is privileged, as its credentials
 * effectively are on the real platform.
 */
export const CONTROLLER_MANAGER_USER: InProcessUser = { name: 'system:kube-controller-manager', groups: ['system:masters'] };

/** The request as `user`'s, unless it brings credentials of its own (a ServiceAccount token, say). */
export function actingAs(req: ApiRequest, user: InProcessUser): ApiRequest {
  if (req.headers.get('authorization') !== null || req.certificateUser) return req;
  return Object.create(req, { certificateUser: { value: user, enumerable: true } }) as ApiRequest;
}

/** A `handle` whose requests act as `user` (see `actingAs`). */
export function handleAs<T extends { handle(req: ApiRequest): Promise<R> }, R>(
  api: T,
  user: InProcessUser,
): { handle(req: ApiRequest): Promise<R> } {
  return { handle: (req) => api.handle(actingAs(req, user)) };
}
