export { type AuditEvent, type AuditObjectRef, type AuditSink, auditUser, MemoryAuditSink, microTime } from './event.ts';
export {
  type AuditDecision,
  type AuditLevel,
  type AuditPolicy,
  AuditPolicyError,
  type AuditPolicyRule,
  type AuditStage,
  auditLevelOf,
  parseAuditPolicy,
} from './policy.ts';
