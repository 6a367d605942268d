/**
 * Who the worker's callers are, now that its API server authorizes with RBAC: the playground's
 * pages are its administrator (a request with no credentials of its own acts as `admin` in
 * `system:masters`, as a kubeconfig's client certificate would make it), and the built-in
 * controllers are the controller manager. The user switcher then changes what a page may do by
 * impersonating another user, which the administrator is allowed to.
 */
import type { SecurityOptions } from '../../core/index.ts';

/**
 * RBAC, with the bootstrap policy. Authentication is configured (with nothing but ServiceAccount
 * tokens), so a token nobody issued is refused with 401 as the real server refuses it, rather
 * than ignored as the local development default does.
 */
export const PLAYGROUND_SECURITY: SecurityOptions = { authentication: {}, authorization: { modes: ['RBAC'] } };

export const PAGE_ADMIN = { name: 'admin', groups: ['system:masters'] } as const;
// The controllers' identity and how a request takes one on: one home, in the core (the Node host's
// controllers act the same way).
export { actingAs, CONTROLLER_MANAGER_USER } from '../../core/index.ts';
