/** The audit Event (`audit.orch.io/v1`), written one per stage, and the sinks that take them. */
import type { UserInfo } from '../auth/user.ts';
import type { AuditLevel, AuditStage } from './policy.ts';

export interface AuditObjectRef {
  resource?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiGroup?: string;
  apiVersion?: string;
  resourceVersion?: string;
  subresource?: string;
}

/** Empty (`{}`) for a request no authenticator accepted. */
export interface AuditUser {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export interface AuditEvent {
  kind: 'Event';
  apiVersion: 'audit.orch.io/v1';
  level: AuditLevel;
  auditID: string;
  stage: AuditStage;
  requestURI: string;
  verb: string;
  user: AuditUser;
  impersonatedUser?: AuditUser;
  sourceIPs?: string[];
  userAgent?: string;
  objectRef?: AuditObjectRef;
  responseStatus?: {
    metadata: Record<string, never>;
    status?: string;
    message?: string;
    reason?: string;
    details?: Record<string, unknown>;
    code: number;
  };
  requestObject?: unknown;
  responseObject?: unknown;
  requestReceivedTimestamp: string;
  stageTimestamp: string;
  annotations?: Record<string, string>;
}

/** Where events go: a file (the Node host's), memory (tests), or anything else. */
export interface AuditSink {
  write(event: AuditEvent): void;
}

export class MemoryAuditSink implements AuditSink {
  readonly events: AuditEvent[] = [];
  write(event: AuditEvent): void {
    this.events.push(event);
  }
}

export function auditUser(u: UserInfo): AuditUser {
  return {
    username: u.name,
    ...(u.uid ? { uid: u.uid } : {}),
    groups: [...u.groups],
    ...(u.extra ? { extra: Object.fromEntries(Object.entries(u.extra).map(([k, v]) => [k, [...v]])) } : {}),
  };
}

/** RFC 3339 with microseconds, as audit timestamps are written. */
export function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
