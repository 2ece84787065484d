/**
 * Figures from one run of one system on one set (test/eval/protocol.ts). Every figure is a
 * ratio kept as numerator and denominator, so slices add up and an empty slice says so.
 *
 * - hit@k: the first k recalled items cite an evidence message.
 * - precision@k: of the first k items returned (fewer when fewer came back), the share citing
 *   evidence, summed over questions: returning less that is right scores higher.
 * - staleness: of the questions about a changed fact, those whose recall cites the stale
 *   message without an item citing the current one ranked at or above it.
 * - pollution: questions whose recall holds an item of another scope, or citing another user's
 *   message.
 * - evidence stored: evidence messages cited by some active record (the write side's ceiling).
 * - write recall: planted facts cited by an active record about the user (a fact that a later
 *   one replaced counts when any record about the user cites it, active or superseded).
 * - wrong supersession: planted facts nothing replaced whose every record is inactive (lost to
 *   another statement: a false supersession, merge or expiry).
 * - current first: of the questions about a changed fact, those whose first item citing either
 *   value cites the current one.
 * - write precision: noise messages cited by no active record about the user. Records about
 *   the conversation (episodes) are counted apart.
 * - conflicts: keys of single-valued kinds holding more than one distinct active value, out of
 *   the keys of single-valued kinds holding any.
 */
import { type MemoryKind, SINGLE_VALUED_KINDS } from "../../src/schema.js";
import type { SetRun } from "./protocol.js";
import { ownersOf } from "./sets.js";
import type { Kept, Recalled } from "./systems.js";

export interface Ratio {
  n: number;
  d: number;
}
export const ratio = (n = 0, d = 0): Ratio => ({ n, d });
export const value = (r: Ratio | undefined): number | null => (r && r.d > 0 ? r.n / r.d : null);
const add = (r: Ratio, hit: boolean): void => {
  r.n += hit ? 1 : 0;
  r.d += 1;
};

export interface HitRates {
  hit5: Ratio;
  hit10: Ratio;
}
const hitRates = (): HitRates => ({ hit5: ratio(), hit10: ratio() });

/** The entry of `key`, made empty on first use. */
export function slot<T>(record: Record<string, T>, key: string, make: () => T): T {
  const found = record[key];
  if (found !== undefined) return found;
  const made = make();
  record[key] = made;
  return made;
}

export interface SetMetrics extends HitRates {
  byKind: Record<string, HitRates>;
  byLanguage: Record<string, HitRates>;
  byCategory: Record<string, HitRates>;
  precision5: Ratio;
  precision10: Ratio;
  staleness: Ratio;
  pollution: Ratio;
  evidenceStored: Ratio;
  writeRecall?: Ratio;
  /** Planted facts no later statement replaced whose every record was superseded: lost to another statement. */
  wrongSupersession?: Ratio;
  /** Questions about a changed fact whose first item citing either value cites the current one. */
  currentFirst: Ratio;
  writePrecision?: Ratio;
  conflicts?: Ratio;
  /** Active records about the conversation, and noise messages only they cite. */
  episodes?: { records: number; noiseCited: number };
  seconds: number;
}

const cites = (item: Recalled | Kept, ids: ReadonlySet<string>): boolean => item.messageIds.some((id) => ids.has(id));

export function measure(run: SetRun): SetMetrics {
  const owners = ownersOf(run.set);
  const m: SetMetrics = {
    ...hitRates(),
    byKind: {},
    byLanguage: {},
    byCategory: {},
    precision5: ratio(),
    precision10: ratio(),
    staleness: ratio(),
    currentFirst: ratio(),
    pollution: ratio(),
    evidenceStored: ratio(),
    seconds: run.seconds,
  };
  for (const { user, probe, recalled } of run.probes) {
    const evidence = new Set(probe.evidence);
    const hit = (k: number) => recalled.slice(0, k).some((item) => cites(item, evidence));
    const slices = [m, slot(m.byKind, probe.kind, hitRates), slot(m.byLanguage, user.language, hitRates)];
    if (probe.category) slices.push(slot(m.byCategory, probe.category, hitRates));
    for (const slice of slices) {
      add(slice.hit5, hit(5));
      add(slice.hit10, hit(10));
    }
    for (const [k, r] of [
      [5, m.precision5],
      [10, m.precision10],
    ] as const) {
      const top = recalled.slice(0, k);
      r.n += top.filter((item) => cites(item, evidence)).length;
      r.d += top.length;
    }
    if (probe.stale) {
      const stale = new Set(probe.stale);
      const staleAt = recalled.findIndex((item) => cites(item, stale));
      const currentAt = recalled.findIndex((item) => cites(item, evidence));
      add(m.staleness, staleAt >= 0 && !(currentAt >= 0 && currentAt <= staleAt));
      add(m.currentFirst, currentAt >= 0 && (staleAt < 0 || currentAt <= staleAt));
    }
    const foreign = recalled.some(
      (item) => item.owner !== user.id || item.messageIds.some((id) => (owners.get(id) ?? user.id) !== user.id),
    );
    add(m.pollution, foreign);
    const active = run.kept.get(user.id)?.filter((k) => k.active) ?? [];
    for (const id of probe.evidence)
      add(
        m.evidenceStored,
        active.some((k) => k.messageIds.includes(id)),
      );
  }
  measureWrites(run, m);
  return m;
}

function measureWrites(run: SetRun, m: SetMetrics): void {
  const annotated = run.set.users.some((u) => u.facts || u.noise);
  const recall = ratio();
  const wrong = ratio();
  const precision = ratio();
  const conflicts = ratio();
  let episodes = 0;
  let noiseInEpisodes = 0;
  let keyed = false;
  for (const user of run.set.users) {
    const kept = run.kept.get(user.id) ?? [];
    const aboutUser = kept.filter((k) => k.about === "user");
    const activeUser = aboutUser.filter((k) => k.active);
    const activeEpisodes = kept.filter((k) => k.about === "conversation" && k.active);
    episodes += activeEpisodes.length;
    for (const fact of user.facts ?? []) {
      const pool = fact.replaced ? aboutUser : activeUser;
      add(
        recall,
        pool.some((k) => k.messageIds.includes(fact.messageId)),
      );
      if (!fact.replaced) {
        const records = aboutUser.filter((k) => k.messageIds.includes(fact.messageId));
        add(wrong, records.length > 0 && records.every((k) => !k.active));
      }
    }
    for (const id of user.noise ?? []) {
      const inUser = activeUser.some((k) => k.messageIds.includes(id));
      add(precision, !inUser);
      if (!inUser && activeEpisodes.some((k) => k.messageIds.includes(id))) noiseInEpisodes += 1;
    }
    // Conflicts: one key of a single-valued kind, two different active values.
    const values = new Map<string, Set<string>>();
    for (const k of activeUser) {
      if (k.key === undefined || !SINGLE_VALUED_KINDS.has(k.kind as MemoryKind)) continue;
      keyed = true;
      const set = values.get(k.key) ?? new Set<string>();
      set.add(
        String(k.value ?? k.content)
          .normalize("NFKC")
          .trim()
          .toLowerCase(),
      );
      values.set(k.key, set);
    }
    for (const set of values.values()) add(conflicts, set.size > 1);
    if (kept.some((k) => k.key !== undefined)) keyed = true;
  }
  if (annotated) {
    m.writeRecall = recall;
    m.wrongSupersession = wrong;
    m.writePrecision = precision;
  }
  if (keyed) {
    m.conflicts = conflicts;
    m.episodes = { records: episodes, noiseCited: noiseInEpisodes };
  }
}
