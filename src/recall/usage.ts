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

/** One recall's use of a memory: the copy it recalled, and when. */
export interface UsageEvent {
  record: MemoryRecord;
  at: Date;
}

/**
 * Read the used records back (one batch) and prepare their bumped copies, without writing: the
 * bookkeeping commits them together with the traces, in one transaction. A record used by several
 * recalls is read once and bumped once per use whose copy is still the stored one (same status
 * and `updatedAt`), its `lastAccessedAt` the latest of those uses.
 * `updatedAt` is left alone: it dates content changes, not reads.
 * @example
 * import { type RecallTrace, traceWrite } from "./trace.js";
 * declare const store: BaseStore;
 * declare const scope: MemoryScope;
 * declare const injectedRecords: MemoryRecord[];
 * declare const trace: RecallTrace;
 * const plan = await planUsage(store, scope, injectedRecords.map((record) => ({ record, at: new Date() })));
 * await store.batch([traceWrite(scope, trace), ...plan.puts]);
 */
export async function planUsage(store: BaseStore, scope: MemoryScope, uses: readonly UsageEvent[]): Promise<UsagePlan> {
  if (uses.length === 0) return { puts: [], touched: [], skipped: [] };
  const byId = new Map<string, UsageEvent[]>();
  for (const use of uses) byId.set(use.record.id, [...(byId.get(use.record.id) ?? []), use]);
  const groups = [...byId.values()];
  const namespaces = groups.map((group) => namespaceOf({ ...group[0]!.record, scope }));
  const gets: GetOperation[] = groups.map((group, i) => ({ namespace: namespaces[i]!, key: group[0]!.record.id }));
  const current = (await store.batch(gets)) as (Item | null)[];
  const puts: PutOperation[] = [];
  const touched: string[] = [];
  const skipped: string[] = [];
  groups.forEach((group, i) => {
    const stored = current[i];
    const id = group[0]!.record.id;
    const still = group.filter(
      ({ record }) => stored && stored.value.status === record.status && stored.value.updatedAt === record.updatedAt,
    );
    if (!stored || still.length === 0) {
      skipped.push(id);
      return;
    }
    const latest = Math.max(...still.map((use) => use.at.getTime()));
    const next = parseMemoryRecord({
      ...stored.value,
      // Never move the clock back (a recaller with a fake or skewed clock).
      lastAccessedAt:
        latest > Date.parse(String(stored.value.lastAccessedAt))
          ? new Date(latest).toISOString()
          : stored.value.lastAccessedAt,
      accessCount: Number(stored.value.accessCount) + still.length,
    });
    // A cold record (a history answer) stays unindexed where it lives: its words are in its
    // cold copy (src/namespaces.ts recordOperations), whose counters are not kept.
    puts.push({
      namespace: namespaces[i]!,
      key: id,
      value: next,
      ...(next.tier === "cold" ? { index: false as const } : {}),
    });
    touched.push(id);
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
  const { puts, touched, skipped } = await planUsage(
    store,
    scope,
    records.map((record) => ({ record, at: now })),
  );
  if (puts.length > 0) await store.batch(puts);
  return { touched, skipped };
}
