/**
 * The maintenance rules as pure functions of one record, a config and a clock: whether it has
 * expired, how much it has decayed, which topic it belongs to. The nodes in nodes/maintain/
 * decide with these and commit through src/maintain/plan.ts.
 */
import type { MemoryRecord } from "../schema.js";
import { DAY_MS, daysBetween } from "../time.js";
import type { MaintenanceConfig } from "./config.js";

/** The last key segment of a summary memory: `food._summary` (extraction never makes `_` keys). */
export const SUMMARY_SEGMENT = "_summary";

/** When a memory was last said (reinforcement moves `observedAt`) or recalled. */
export function lastTouchedMs(record: MemoryRecord): number {
  return Math.max(Date.parse(record.observedAt), Date.parse(record.lastAccessedAt));
}

/**
 * Why an active memory has expired at `now`, or undefined while it lives. A due time
 * (`expiresAt`: a todo, a one-off exception, a dated plan) wins over the kind's TTL; a todo
 * keeps its grace period after it.
 */
export function expiryReason(record: MemoryRecord, config: MaintenanceConfig, now: Date): string | undefined {
  if (record.status !== "active") return undefined;
  if (record.expiresAt !== undefined) {
    const grace = record.kind === "todo" ? config.todoGraceDays : 0;
    const until = Date.parse(record.expiresAt) + grace * DAY_MS;
    if (now.getTime() < until) return undefined;
    return grace > 0 ? `due ${record.expiresAt}, ${grace} days of grace passed` : `expired at ${record.expiresAt}`;
  }
  const ttl = config.ttlDays[record.about === "conversation" ? "conversation" : record.kind];
  if (ttl === null || ttl === undefined) return undefined;
  const idle = daysBetween(lastTouchedMs(record), now);
  return idle >= ttl
    ? `${record.about === "conversation" ? "conversation" : record.kind} TTL of ${ttl} days passed`
    : undefined;
}

/**
 * Seed 003 §4.3: decay = base × exp(−λ · days since last access), the base being how sure and
 * how important the memory is. Recall (lastAccessedAt) and reinforcement (observedAt, a higher
 * confidence) raise it again.
 */
export function decayScore(record: MemoryRecord, lambda: number, now: Date): number {
  const base = (record.confidence + record.importance) / 2;
  const days = Math.max(0, daysBetween(lastTouchedMs(record), now));
  return base * Math.exp(-lambda * days);
}

/**
 * The days without use after which `decayScore` falls below `archiveBelow`: 0 when it already
 * starts there. The inverse of decayScore, for the ledger's due days (src/maintain/ledger.ts).
 */
export function decayScoreFloorDays(record: MemoryRecord, lambda: number, archiveBelow: number): number {
  const base = (record.confidence + record.importance) / 2;
  return base <= archiveBelow ? 0 : Math.log(base / archiveBelow) / lambda;
}

/** A summary written by layered compression. */
export function isSummary(record: Pick<MemoryRecord, "key">): boolean {
  return record.key.endsWith(`.${SUMMARY_SEGMENT}`);
}

/**
 * What a memory is about, for compression and dedupe: its key without the last segment
 * (`colleague.anna.city` → `colleague.anna`, `food.dislike` → `food`), a one-segment key itself.
 */
export function topicOf(key: string): string {
  const segments = key.split(".");
  if (segments.at(-1) === SUMMARY_SEGMENT) segments.pop();
  return segments.length > 1 ? segments.slice(0, -1).join(".") : segments[0]!;
}

/**
 * The group a memory may be compressed or merged within: one topic, one speaker. Two people's
 * statements, or statements about two people, never share a group.
 */
export function groupOf(record: MemoryRecord): string {
  return JSON.stringify([record.about ?? "user", record.source.speaker ?? "", topicOf(record.key)]);
}
