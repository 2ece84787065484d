/**
 * One active value per key (seed 000 检索: "冲突消解：同一 key 只保留最新有效值"). The write graph
 * already supersedes a changed single value; this guards the read side when two actives for
 * one value slipped in (a race, an import) and drops values that have expired since.
 *
 * What counts as "the same value": for single-valued kinds (fact, business_fact) every
 * active record of a key is a value of one attribute, so only the newest survives, unless their
 * subjects name different things (the write side keeps those apart); for other
 * kinds the write graph may deliberately keep several records under one key (two episodes,
 * a `keep_both` decision), so only records repeating the same value or sentence collapse.
 */
import { type MemoryRecord, SINGLE_VALUED_KINDS } from "../schema.js";
import { detectLanguage } from "../text/tokenizer.js";
import { subjectNames } from "../write/extract/claim.js";
import type { Candidate } from "./types.js";

/**
 * Mark expired candidates, and every active candidate shadowed by a newer valid value of the
 * same key, as dropped. Superseded and archived candidates (history queries) are left alone:
 * on a history question the older versions are the point.
 * @example
 * declare const rankedCandidates: Candidate<MemoryRecord>[];
 * const decided = dedupeKeys(rankedCandidates, new Date());
 */
export function dedupeKeys(candidates: readonly Candidate<MemoryRecord>[], now: Date): Candidate<MemoryRecord>[] {
  const out = candidates.map((candidate) => ({ ...candidate }));
  // Keys two active candidates share: only there does the subject's name tell the values apart.
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const candidate of out) {
    if (candidate.value.status !== "active") continue;
    const key = `${candidate.value.kind}\u0000${candidate.value.key}`;
    if (seen.has(key)) shared.add(key);
    seen.add(key);
  }
  const valueSlot = (record: MemoryRecord) => slotOf(record, shared.has(`${record.kind}\u0000${record.key}`));
  const newest = new Map<string, Candidate<MemoryRecord>>();
  for (const candidate of out) {
    if (candidate.decision) continue;
    const record = candidate.value;
    // An archived memory was asked for explicitly (the cold tier): its expiry is why it is there.
    const asked = record.status === "archived";
    if (!asked && record.expiresAt !== undefined && Date.parse(record.expiresAt) <= now.getTime()) {
      candidate.decision = { outcome: "dropped", reason: "expired", detail: `expired at ${record.expiresAt}` };
      continue;
    }
    if (record.status !== "active") continue;
    const slot = valueSlot(record);
    const best = newest.get(slot);
    if (!best || isNewer(record, best.value)) newest.set(slot, candidate);
  }
  for (const candidate of out) {
    if (candidate.decision || candidate.value.status !== "active") continue;
    const kept = newest.get(valueSlot(candidate.value))!;
    if (kept !== candidate) {
      candidate.decision = {
        outcome: "dropped",
        reason: "key.older_value",
        detail: `key ${candidate.value.key}: newer value ${kept.id} kept`,
      };
    }
  }
  return out;
}

/**
 * Records in one slot are versions of one value; only the newest valid one is recalled. Of a
 * single-valued kind, the records of one key are one slot unless their subjects name different
 * things ("my sister's cat, Susun, …" / "…, Fere, …": the write side kept both, so does recall).
 */
function slotOf(record: MemoryRecord, keyShared: boolean): string {
  if (SINGLE_VALUED_KINDS.has(record.kind)) {
    const names = keyShared ? subjectNames(record.content, detectLanguage(record.content)) : [];
    return `${record.kind}\u0000${record.key}${names.length > 0 ? `\u0000${names.join(" ")}` : ""}`;
  }
  const value = record.value !== undefined ? `v:${String(record.value)}` : `c:${record.content}`;
  return `${record.kind}\u0000${record.key}\u0000${value.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim()}`;
}

function isNewer(a: MemoryRecord, b: MemoryRecord): boolean {
  const observed = Date.parse(a.observedAt) - Date.parse(b.observedAt);
  if (observed !== 0) return observed > 0;
  const updated = Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
  if (updated !== 0) return updated > 0;
  return a.id > b.id;
}
