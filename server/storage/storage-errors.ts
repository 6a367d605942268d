/**
 * Storage failures as the Status errors the real API server answers with: a storage it cannot
 * reach is 503 (ServiceUnavailable), a request that ran out of time waiting for it is 504
 * (Timeout), and anything else the store refuses (a full disk, etcd's "database space exceeded")
 * is 500 InternalError carrying the store's own message. A client always gets a Status, never a
 * dropped connection.
 */
import { StatusError } from '../../core/errors/index.ts';

export function storageUnavailable(store: string, err: unknown): StatusError {
  return StatusError.serviceUnavailable(`storage (${store}) is unavailable: ${messageOf(err)}`);
}

export function storageTimeout(store: string): StatusError {
  return StatusError.timeout(`Timeout: request did not complete within the allowed duration waiting for storage (${store})`, 1);
}

export function storageFailed(store: string, err: unknown): StatusError {
  if (err instanceof StatusError) return err;
  return StatusError.internal(new Error(`storage (${store}): ${messageOf(err)}`));
}

/** True for the errors a full disk gives (the OS's ENOSPC, LMDB's map or disk full). */
export function isDiskFull(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return e?.code === 'ENOSPC' || /ENOSPC|No space left|MDB_MAP_FULL|MDB_DISK_FULL|space exceeded/i.test(String(e?.message ?? ''));
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
