/**
 * The structure of an item (seed 001 §4.2–4.3): relational rows derived from each item's
 * value, so that exact conditions and relations are answered by the database, not by similar
 * words. Two relations per item:
 *
 * - **days**: the days an item is about (a memory's day: when it was said, when it is due),
 *   as epoch days; a question about "5月2号" or "last week" selects the items of those days.
 * - **facts**: subject–predicate–object rows with normalised entity keys (src/facts/), joined
 *   for two-step questions ("which database does the project Ilsa runs use?").
 *
 * The rows are an index of the value, like its vectors and keyword terms: written in the same
 * transaction as the item, deleted with it, rebuilt when it is put again. The store derives them
 * with the `StructureOf` function it was given (the stores' option `structure`; the queries are
 * contract.ts `StructuredSearchable`); the value stays the one source of truth, so export,
 * import, maintenance and forget-me need nothing more.
 * A store without this capability gets the same answers from the read path's in-process
 * fallback (src/recall/structured.ts), linear in the scope's size.
 */
import { type DayCondition, type ItemStructure, MAX_DAYS_PER_ITEM } from "./contract.js";

const DAY_MS = 86_400_000;

/** Epoch day of an ISO date or time (UTC). */
export function epochDay(iso: string): number | undefined {
  const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isFinite(ms) ? Math.floor(ms / DAY_MS) : undefined;
}

/** `month * 100 + day` of an epoch day. */
export function monthDayOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** Whether an epoch day meets a condition (the in-process fallback and tests). */
export function dayMatches(day: number, condition: DayCondition): boolean {
  if (condition.ranges?.some((r) => day >= r.from && day <= r.to)) return true;
  const md = monthDayOf(day);
  return !!condition.monthDays?.some((r) => md >= r.from && md <= r.to);
}

/** Clamp a derived structure to the store's bounds (a buggy derivation must not flood a table). */
export function boundedStructure(structure: ItemStructure | undefined): ItemStructure {
  if (!structure) return { days: [], facts: [] };
  const days = [...new Set(structure.days.filter((d) => Number.isInteger(d)))].slice(0, MAX_DAYS_PER_ITEM);
  const facts = structure.facts
    .filter((f) => f.subjectKey && f.objectKey && f.predicate)
    .slice(0, 16)
    .map((f) => ({
      subject: f.subject.slice(0, 200),
      predicate: f.predicate.slice(0, 64),
      object: f.object.slice(0, 200),
      subjectKey: f.subjectKey.slice(0, 200),
      objectKey: f.objectKey.slice(0, 200),
    }));
  return { days, facts };
}
