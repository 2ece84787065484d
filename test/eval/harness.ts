/**
 * The figures behind test/eval/quality.test.ts and `npm run eval`: the existing
 * fixtures (fixtures.ts) fed through the public facade by the one protocol (protocol.ts),
 * tallied as evidence recall the way the fixtures have always been reported.
 */
import { CONVERSATIONS } from "./conversations.js";
import { conversationSet, type HarnessStyle, scenarioSet } from "./fixtures.js";
import { measure, type SetMetrics, slot } from "./metrics.js";
import { clockFn, type EvalClock, RECALL_LIMIT, runSet, type SetRun } from "./protocol.js";
import { SCENARIOS, type Scenario } from "./scenarios.js";
import type { EvalSet } from "./sets.js";
import { type EvalOptions, ourSystem, type WriteCounts } from "./systems.js";

export type { HarnessStyle } from "./fixtures.js";
export type { EvalOptions, WriteCounts } from "./systems.js";
export { RECALL_LIMIT };

export interface Tally {
  questions: number;
  /** Questions whose recalled memories cite at least one evidence id. */
  hits: number;
  /** The same within the first 5 recalled memories (a finer signal on a small fixture). */
  hits5: number;
  evidence: number;
  /** Evidence ids cited by some recalled memory. */
  covered: number;
  /** Evidence ids cited by some active memory at all (the write path's ceiling). */
  stored: number;
}

export interface Miss {
  conversation: string;
  question: string;
  evidence: string[];
  recalled: string[];
}

export interface ConversationReport {
  style: HarnessStyle;
  total: Tally;
  byCategory: Record<string, Tally>;
  counts: WriteCounts;
  misses: Miss[];
}

export interface ScenarioReport {
  total: Tally;
  byLanguage: Record<"zh" | "en", Tally>;
  /** Conflict questions that still recalled an outdated statement without the current one above it. */
  staleRecalled: number;
  staleQuestions: number;
  counts: WriteCounts;
  misses: Miss[];
}

const emptyTally = (): Tally => ({ questions: 0, hits: 0, hits5: 0, evidence: 0, covered: 0, stored: 0 });

/** Run our system on a set and tally every probe into the slices `slicesOf` names. */
async function tallied(
  set: EvalSet,
  options: EvalOptions,
  slicesOf: (probe: SetRun["probes"][number]) => Tally[],
): Promise<{ run: SetRun; counts: WriteCounts; misses: Miss[]; staleRecalled: number; staleQuestions: number }> {
  const clock: EvalClock = {};
  const system = await ourSystem(set.clock === "session" ? clockFn(clock) : undefined, options);
  try {
    const run = await runSet(system, set, { clock });
    const misses: Miss[] = [];
    let staleRecalled = 0;
    let staleQuestions = 0;
    for (const probeRun of run.probes) {
      const { user, probe, recalled } = probeRun;
      const evidence = new Set(probe.evidence);
      const active = new Set((run.kept.get(user.id) ?? []).filter((k) => k.active).flatMap((k) => k.messageIds));
      const recalledIds = new Set(recalled.flatMap((m) => m.messageIds));
      const top5 = new Set(recalled.slice(0, 5).flatMap((m) => m.messageIds));
      const covered = probe.evidence.filter((id) => recalledIds.has(id)).length;
      for (const t of slicesOf(probeRun)) {
        t.questions += 1;
        t.hits += covered > 0 ? 1 : 0;
        t.hits5 += probe.evidence.some((id) => top5.has(id)) ? 1 : 0;
        t.evidence += probe.evidence.length;
        t.covered += covered;
        t.stored += probe.evidence.filter((id) => active.has(id)).length;
      }
      if (covered === 0)
        misses.push({
          conversation: user.id,
          question: probe.query,
          evidence: probe.evidence,
          recalled: recalled.map((m) => m.messageIds.join("+")),
        });
      if (probe.stale) {
        staleQuestions += 1;
        const stale = new Set(probe.stale);
        const staleAt = recalled.findIndex((m) => m.messageIds.some((id) => stale.has(id)));
        const currentAt = recalled.findIndex((m) => m.messageIds.some((id) => evidence.has(id)));
        if (staleAt >= 0 && !(currentAt >= 0 && currentAt <= staleAt)) staleRecalled += 1;
      }
    }
    return { run, counts: system.counts, misses, staleRecalled, staleQuestions };
  } finally {
    await system.close();
  }
}

/** Every conversation, session by session (or turn by turn), then every question. */
export async function evaluateConversations(
  style: HarnessStyle,
  conversations = CONVERSATIONS,
  options: EvalOptions = {},
): Promise<ConversationReport> {
  const total = emptyTally();
  const byCategory: Record<string, Tally> = {};
  const { counts, misses } = await tallied(conversationSet(style, conversations), options, ({ probe }) => [
    total,
    slot(byCategory, probe.category ?? "other", emptyTally),
  ]);
  return { style, total, byCategory, counts, misses };
}

/**
 * Every bilingual scenario in its own scope, sessions a week apart. `clock: "session"` recalls
 * as of the day after each scenario's last session (a live assistant); `"wall"` at the real
 * time, when every dated todo of 2024 has long expired and is no longer recalled.
 */
export async function evaluateScenarios(
  scenarios: readonly Scenario[] = SCENARIOS,
  clock: "session" | "wall" = "session",
): Promise<ScenarioReport> {
  const total = emptyTally();
  const byLanguage = { zh: emptyTally(), en: emptyTally() };
  const { counts, misses, staleRecalled, staleQuestions } = await tallied(
    scenarioSet(scenarios, clock),
    {},
    ({ user }) => [total, byLanguage[user.language]],
  );
  return { total, byLanguage, staleRecalled, staleQuestions, counts, misses };
}

/** langgraph-memory's figures on any set (the CI floors' slice), by the same protocol as `npm run eval`. */
export async function measureOurs(set: EvalSet): Promise<SetMetrics> {
  const clock: EvalClock = {};
  const system = await ourSystem(set.clock === "session" ? clockFn(clock) : undefined);
  try {
    return measure(await runSet(system, set, { clock }));
  } finally {
    await system.close();
  }
}
