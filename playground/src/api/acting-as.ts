/**
 * Who the playground's requests act as: nobody in particular (the local server's anonymous
 * administrator), or a user and groups sent as impersonation headers, as `kubectl --as` sends them.
 */
export interface Identity {
  readonly user: string;
  readonly groups: readonly string[];
}

let current: Identity | undefined;
const listeners = new Set<(who: Identity | undefined) => void>();

export function actingAs(): Identity | undefined {
  return current;
}

export function actAs(who: Identity | undefined): void {
  current = who;
  for (const l of listeners) l(who);
}

export function onIdentityChange(listener: (who: Identity | undefined) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The impersonation headers of the current identity (none for the administrator). */
export function identityHeaders(): Record<string, string> {
  if (!current) return {};
  return { 'impersonate-user': current.user, ...(current.groups.length ? { 'impersonate-group': current.groups.join(',') } : {}) };
}
