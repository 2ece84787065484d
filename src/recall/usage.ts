/**
 * Usage bookkeeping: memories that made it into the block get `lastAccessedAt = now` and
 * `accessCount + 1`. Both feed ranking (recency decays from the last access, seed 003 §3.4
 * "last_accessed_at…是后面做遗忘机制、冷热分层的关键依据"; usage frequency is the 0.10 signal of
 * seed 000), and they are what decay and a cold tier are computed from (seed 003 §4.3).
 *
 * Reads and writes are one batch each. Between them the write graph may have changed a record
 * (superseded it, edited it): such records are skipped, never overwritten with a stale copy,
 * because a missed usage tick is harmless and a resurrected superseded value is not.
 */
import type { BaseStore, GetOperation, Item, PutOperation } from "@langchain/langgraph-checkpoint";
import { namespaceOf } from "../namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../schema.js";

export interface UsageResult {
  /** Ids whose counters were bumped. */
  touched: string[];
  /** Ids skipped because the stored record changed (or vanished) since it was recalled. */
  skipped: string[];
}

/** The usage writes of one recall, not yet applied. */
export interface UsagePlan extends UsageResult {
  puts: PutOperation[];
}

/**
 * Read the injected records back (one batch) and prepare their bumped copies, without writing:
 * the read graph commits them together with the trace, in one transaction.
 * `updatedAt` is left alone: it dates content changes, not reads.
 * @example
 * import { type RecallTrace, traceWrite } from "./trace.js";
 * declare const store: BaseStore;
 * declare const scope: MemoryScope;
 * declare const injectedRecords: MemoryRecord[];
 * declare const trace: RecallTrace;
 * const plan = await planUsage(store, scope, injectedRecords, new Date());
 * await store.batch([traceWrite(scope, trace), ...plan.puts]);
 */
export async function planUsage(
  store: BaseStore,
  scope: MemoryScope,
  records: readonly MemoryRecord[],
  now: Date,
): Promise<UsagePlan> {
  if (records.length === 0) return { puts: [], touched: [], skipped: [] };
  const namespaces = records.map((record) => namespaceOf({ ...record, scope }));
  const gets: GetOperation[] = records.map((record, i) => ({ namespace: namespaces[i]!, key: record.id }));
  const current = (await store.batch(gets)) as (Item | null)[];
  const puts: PutOperation[] = [];
  const touched: string[] = [];
  const skipped: string[] = [];
  const at = now.toISOString();
  records.forEach((recalled, i) => {
    const stored = current[i];
    if (!stored || stored.value.status !== recalled.status || stored.value.updatedAt !== recalled.updatedAt) {
      skipped.push(recalled.id);
      return;
    }
    const next = parseMemoryRecord({
      ...stored.value,
      // Never move the clock back (a recaller with a fake or skewed clock).
      lastAccessedAt:
        now.getTime() > Date.parse(String(stored.value.lastAccessedAt)) ? at : stored.value.lastAccessedAt,
      accessCount: Number(stored.value.accessCount) + 1,
    });
    // A cold record (a history answer) stays unindexed where it lives: its words are in its
    // cold copy (src/namespaces.ts recordOperations), whose counters are not kept.
    puts.push({
      namespace: namespaces[i]!,
      key: recalled.id,
      value: next,
      ...(next.tier === "cold" ? { index: false as const } : {}),
    });
    touched.push(recalled.id);
  });
  return { puts, touched, skipped };
}

/**
 * Bump `lastAccessedAt` and `accessCount` of the injected records, in one write batch.
 * @example
 * declare const store: BaseStore;
 * declare const scope: MemoryScope;
 * declare const injectedRecords: MemoryRecord[];
 * await recordUsage(store, scope, injectedRecords, new Date());
 */
export async function recordUsage(
  store: BaseStore,
  scope: MemoryScope,
  records: readonly MemoryRecord[],
  now: Date,
): Promise<UsageResult> {
  const { puts, touched, skipped } = await planUsage(store, scope, records, now);
  if (puts.length > 0) await store.batch(puts);
  return { touched, skipped };
}
