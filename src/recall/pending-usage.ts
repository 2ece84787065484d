/**
 * Usage counters gathered but not yet written: the facade commits a scope's recall bookkeeping
 * behind the answers, a few recalls at a time (ScopeQueue `gather`), so the next recall reads
 * the stored counters plus what is pending here. Ranking then sees every earlier use
 * (recency from the last access, usage frequency) without waiting for a write.
 */
import type { MemoryRecord } from "../schema.js";
import { scopeKey } from "../scope-queue.js";
import type { Candidate } from "./types.js";

interface Pending {
  count: number;
  /** The latest use, epoch ms. */
  at: number;
}

export class PendingUsage {
  private readonly byScope = new Map<string, Map<string, Pending>>();

  /** Count one recall's uses until {@link settle} is called for them. */
  add(scope: { userId: string; tenantId?: string | null }, records: readonly MemoryRecord[], at: Date): void {
    if (records.length === 0) return;
    const key = scopeKey(scope);
    const pending = this.byScope.get(key) ?? new Map<string, Pending>();
    this.byScope.set(key, pending);
    for (const { id } of records) {
      const known = pending.get(id);
      pending.set(id, { count: (known?.count ?? 0) + 1, at: Math.max(known?.at ?? 0, at.getTime()) });
    }
  }

  /** The uses {@link add} counted are written (or failed): the store's counters answer again. */
  settle(scope: { userId: string; tenantId?: string | null }, records: readonly MemoryRecord[]): void {
    const key = scopeKey(scope);
    const pending = this.byScope.get(key);
    if (!pending) return;
    for (const { id } of records) {
      const known = pending.get(id);
      if (!known) continue;
      if (known.count <= 1) pending.delete(id);
      else pending.set(id, { ...known, count: known.count - 1 });
    }
    if (pending.size === 0) this.byScope.delete(key);
  }

  /**
   * The candidates with their pending uses applied to `accessCount` and `lastAccessedAt`
   * (never moved back); the same array when nothing of the scope is pending.
   */
  apply(
    scope: { userId: string; tenantId?: string | null },
    candidates: Candidate<MemoryRecord>[],
  ): Candidate<MemoryRecord>[] {
    const pending = this.byScope.get(scopeKey(scope));
    if (!pending) return candidates;
    return candidates.map((candidate) => {
      const use = pending.get(candidate.value.id);
      if (!use) return candidate;
      const stored = Date.parse(candidate.value.lastAccessedAt);
      const value = {
        ...candidate.value,
        accessCount: candidate.value.accessCount + use.count,
        lastAccessedAt: use.at > stored ? new Date(use.at).toISOString() : candidate.value.lastAccessedAt,
      };
      return { ...candidate, value };
    });
  }
}
