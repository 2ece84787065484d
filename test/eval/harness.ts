/**
 * The evaluation harness behind `npm run eval` and test/eval/quality.test.ts: feed fixtures
 * through the public facade exactly as a benchmark would (`createMemory` → `remember` per
 * session → `recall` per question) and measure whether the recalled memories'
 * `source.messageIds` cover the evidence.
 *
 * Two plausible ways a harness hands a two-person conversation to `remember`:
 * - "named": every turn is role "user" with `name` set to the speaker, one `remember` per session
 *   ("named-turn": the same, one `remember` per turn);
 * - "mem0": the first speaker is the user, the second the assistant, content prefixed "Name: "
 *   (how mem0's LoCoMo evaluation feeds it), one `remember` per session ("mem0-turn": per
 *   turn). Such a batch is recognised as a transcript of two people (src/write/transcript.ts); were
 *   it read literally, the assistant's half would be agent_generated and wait as pending
 *   (seed 003 §5.6), as it did before (hit@10 50.7%);
 * - "prefixed": every turn is role "user", content prefixed "Name: ", no `name` field.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type CreateMemoryOptions, createMemory, type Memory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import type { MemoryScope } from "../../src/schema.js";
import { resolveEmbeddings } from "../../src/text/models.js";
import type { MemoryWriteOutput } from "../../src/write/conflict/decision.js";
import { CONVERSATIONS, type EvalConversation, type QuestionCategory } from "./conversations.js";
import { KeywordFloorStore } from "./floor.js";
import { SCENARIO_START, SCENARIOS, type Scenario } from "./scenarios.js";

export type HarnessStyle = "named" | "named-turn" | "mem0" | "mem0-turn" | "prefixed";
export const RECALL_LIMIT = 10;

export interface WriteCounts {
  written: number;
  reinforced: number;
  superseded: number;
  merged: number;
  pending: number;
  rejected: number;
  /** Rejections by reason. */
  reasons: Record<string, number>;
}

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
  byCategory: Record<QuestionCategory, Tally>;
  counts: WriteCounts;
  misses: Miss[];
}

export interface ScenarioReport {
  total: Tally;
  byLanguage: Record<"zh" | "en", Tally>;
  /** Conflict questions that still recalled an outdated statement. */
  staleRecalled: number;
  staleQuestions: number;
  counts: WriteCounts;
  misses: Miss[];
}

const emptyTally = (): Tally => ({ questions: 0, hits: 0, hits5: 0, evidence: 0, covered: 0, stored: 0 });
const emptyCounts = (): WriteCounts => ({
  written: 0,
  reinforced: 0,
  superseded: 0,
  merged: 0,
  pending: 0,
  rejected: 0,
  reasons: {},
});

function count(counts: WriteCounts, out: MemoryWriteOutput): void {
  counts.written += out.written.length;
  counts.reinforced += out.reinforced.length;
  counts.superseded += out.superseded.length;
  counts.merged += out.merged.length;
  counts.pending += out.pending.length;
  counts.rejected += out.rejected.length;
  for (const r of out.rejected) counts.reasons[r.reason] = (counts.reasons[r.reason] ?? 0) + 1;
}

/** Recall-side variants measured next to the defaults (see floor.ts); they change no source file. */
export interface EvalOptions extends Pick<CreateMemoryOptions, "weights"> {
  /** Drop keyword hits scoring under this share of the best one (KeywordFloorStore). */
  keywordFloor?: number;
}

/** A fresh facade over a temporary directory, offline; removed by the returned `close`. */
export async function openMemory(
  now?: () => Date,
  options: EvalOptions = {},
): Promise<{ memory: Memory; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-eval-"));
  const { keywordFloor, ...rest } = options;
  let store: KeywordFloorStore | undefined;
  if (keywordFloor !== undefined) {
    const { embeddings, dims } = await resolveEmbeddings({ env: {} });
    store = new KeywordFloorStore({ dir, index: { dims, embeddings, fields: RECORD_INDEX_FIELDS } });
    store.floor = keywordFloor;
  }
  const memory = await createMemory({ ...(store ? { store } : { dir }), env: {}, ...(now ? { now } : {}), ...rest });
  return {
    memory,
    close: async () => {
      await memory.close();
      store?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The messages of one session as a harness of the given style would send them. */
export function sessionMessages(conversation: EvalConversation, sessionIndex: number, style: HarnessStyle) {
  const session = conversation.sessions[sessionIndex]!;
  return session.turns.map((turn) =>
    style === "prefixed"
      ? { id: turn.id, role: "user" as const, content: `${turn.speaker}: ${turn.text}`, at: session.at }
      : !style.startsWith("mem0")
        ? { id: turn.id, role: "user" as const, name: turn.speaker, content: turn.text, at: session.at }
        : {
            id: turn.id,
            role: turn.speaker === conversation.speakers[0] ? ("user" as const) : ("assistant" as const),
            content: `${turn.speaker}: ${turn.text}`,
            at: session.at,
          },
  );
}

/** Score one question against a recall, adding to the tallies. */
async function ask(
  memory: Memory,
  scope: MemoryScope,
  query: string,
  evidence: readonly string[],
  storedIds: ReadonlySet<string>,
  tallies: Tally[],
): Promise<{ hit: boolean; recalled: string[][] }> {
  const { memories } = await memory.recall({ scope, query, limit: RECALL_LIMIT, includeKnowledge: false });
  const recalled = new Set(memories.flatMap((m) => m.source.messageIds));
  const covered = evidence.filter((id) => recalled.has(id)).length;
  const top5 = new Set(memories.slice(0, 5).flatMap((m) => m.source.messageIds));
  const stored = evidence.filter((id) => storedIds.has(id)).length;
  for (const t of tallies) {
    t.questions += 1;
    t.hits += covered > 0 ? 1 : 0;
    t.hits5 += evidence.some((id) => top5.has(id)) ? 1 : 0;
    t.evidence += evidence.length;
    t.covered += covered;
    t.stored += stored;
  }
  return { hit: covered > 0, recalled: memories.map((m) => m.source.messageIds) };
}

async function activeMessageIds(memory: Memory, scope: MemoryScope): Promise<Set<string>> {
  const active = await memory.list(scope, { status: "active" });
  return new Set(active.flatMap((r) => r.source.messageIds));
}

/** Every conversation, session by session, then every question. */
export async function evaluateConversations(
  style: HarnessStyle,
  conversations = CONVERSATIONS,
  options: EvalOptions = {},
): Promise<ConversationReport> {
  const { memory, close } = await openMemory(undefined, options);
  const categories: QuestionCategory[] = ["single-hop", "temporal", "multi-hop", "paraphrase"];
  const report: ConversationReport = {
    style,
    total: emptyTally(),
    byCategory: Object.fromEntries(categories.map((c) => [c, emptyTally()])) as Record<QuestionCategory, Tally>,
    counts: emptyCounts(),
    misses: [],
  };
  try {
    for (const conversation of conversations) {
      const scope = { userId: `${conversation.id}-${style}` };
      for (let s = 0; s < conversation.sessions.length; s++) {
        const messages = sessionMessages(conversation, s, style);
        const batches = style.endsWith("-turn") ? messages.map((m) => [m]) : [messages];
        for (const batch of batches)
          count(report.counts, await memory.remember({ scope, messages: batch, sessionId: `S${s + 1}` }));
      }
      const stored = await activeMessageIds(memory, scope);
      for (const q of conversation.questions) {
        const result = await ask(memory, scope, q.question, q.evidence, stored, [
          report.total,
          report.byCategory[q.category],
        ]);
        if (!result.hit)
          report.misses.push({
            conversation: conversation.id,
            question: q.question,
            evidence: q.evidence,
            recalled: result.recalled.map((ids) => ids.join("+")),
          });
      }
    }
  } finally {
    await close();
  }
  return report;
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
  let current = Date.now();
  const { memory, close } = await openMemory(clock === "session" ? () => new Date(current) : undefined);
  const report: ScenarioReport = {
    total: emptyTally(),
    byLanguage: { zh: emptyTally(), en: emptyTally() },
    staleRecalled: 0,
    staleQuestions: 0,
    counts: emptyCounts(),
    misses: [],
  };
  const WEEK_MS = 7 * 86_400_000;
  try {
    for (const scenario of scenarios) {
      const scope = { userId: `scenario-${scenario.id}` };
      for (let s = 0; s < scenario.sessions.length; s++) {
        const at = new Date(Date.parse(SCENARIO_START) + s * WEEK_MS).toISOString();
        current = Date.parse(at) + 86_400_000;
        const messages = scenario.sessions[s]!.map((m) => ({ ...m, at }));
        count(report.counts, await memory.remember({ scope, messages }));
      }
      const stored = await activeMessageIds(memory, scope);
      for (const q of scenario.questions) {
        const result = await ask(memory, scope, q.query, q.expected, stored, [
          report.total,
          report.byLanguage[scenario.language],
        ]);
        if (!result.hit)
          report.misses.push({
            conversation: scenario.id,
            question: q.query,
            evidence: q.expected,
            recalled: result.recalled.map((ids) => ids.join("+")),
          });
        if (q.stale) {
          report.staleQuestions += 1;
          if (
            result.recalled.some(
              (ids) => ids.some((id) => q.stale!.includes(id)) && !ids.some((id) => q.expected.includes(id)),
            )
          )
            report.staleRecalled += 1;
        }
      }
    }
  } finally {
    await close();
  }
  return report;
}
