/**
 * Compaction of etcd's history as the real API server does it: every interval, compact to the
 * revision seen at the previous run, coordinated among replicas through the `compact_rev_key`
 * key (a replica compacts only if no other one has since the last time it looked), so several
 * servers on one etcd compact once per interval between them.
 */
import { CompareResult, CompareTarget, int64 } from './etcd-kv-proto.ts';
import type { EtcdClient } from './etcd-client.ts';

export class EtcdCompactor {
  private readonly timer: NodeJS.Timeout;
  /** The compact_rev_key version this replica last saw. */
  private version = 0;
  /** The store's revision at the previous run: this run compacts to it. */
  private candidate = 0;
  private running = false;

  constructor(
    private readonly client: EtcdClient,
    intervalMs: number,
    /** The deadline of each call. */
    private readonly timeoutMs = 10_000,
  ) {
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  /** The real API server's key, outside any prefix: replicas with different prefixes share one schedule. */
  private readonly key = Buffer.from('compact_rev_key');

  close(): void {
    clearInterval(this.timer);
  }

  /** One run: record the revision now, compact to the one recorded last time if no replica did. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const target = this.candidate;
      const res = await this.client.txn(
        {
          compare: [{ key: this.key, target: CompareTarget.VERSION, result: CompareResult.EQUAL, version: this.version }],
          success: [{ request_put: { key: this.key, value: Buffer.from(String(target)) } }],
          failure: [{ request_range: { key: this.key } }],
        },
        this.timeoutMs,
      );
      const now = int64(res.header?.revision);
      if (!res.succeeded) {
        // Another replica compacted: follow its schedule.
        this.version = int64(res.responses[0]?.response_range?.kvs[0]?.version);
        this.candidate = now;
        return;
      }
      this.version += 1;
      this.candidate = now;
      if (target > 0) await this.client.compact({ revision: target }, this.timeoutMs);
    } catch {
      // etcd is unreachable: the next run tries again.
    } finally {
      this.running = false;
    }
  }
}
