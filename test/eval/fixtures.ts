/**
 * The existing fixtures as {@link EvalSet}s: the two-person conversations (test/eval/conversations.ts)
 * in each way a harness may send them, and the bilingual scenarios (test/eval/scenarios.ts).
 * Message ids are prefixed with their conversation or scenario, so that ids are unique across
 * users and a recalled id names its owner.
 *
 * Ways to hand a two-person conversation to `remember`:
 * - "named": every turn is role "user" with `name` set to the speaker, one call per session
 *   ("named-turn": the same, one call per turn);
 * - "mem0": the first speaker is the user, the second the assistant, content prefixed "Name: "
 *   (how mem0's evaluation of two-person benchmarks feeds it), one call per session ("mem0-turn":
 *   per turn). Such a batch is read as a transcript of two people (src/write/transcript.ts);
 * - "prefixed": every turn is role "user", content prefixed "Name: ", no `name` field.
 */
import { CONVERSATIONS, type EvalConversation } from "./conversations.js";
import { SCENARIO_START, SCENARIOS, type Scenario } from "./scenarios.js";
import type { EvalMessage, EvalSession, EvalSet } from "./sets.js";

export type HarnessStyle = "named" | "named-turn" | "mem0" | "mem0-turn" | "prefixed";

/** The messages of one session as a harness of the given style would send them. */
export function sessionMessages(conversation: EvalConversation, sessionIndex: number, style: HarnessStyle) {
  const session = conversation.sessions[sessionIndex]!;
  return session.turns.map((turn): EvalMessage => {
    const id = `${conversation.id}/${turn.id}`;
    if (style === "prefixed") return { id, role: "user", content: `${turn.speaker}: ${turn.text}`, at: session.at };
    if (!style.startsWith("mem0")) return { id, role: "user", name: turn.speaker, content: turn.text, at: session.at };
    const role = turn.speaker === conversation.speakers[0] ? "user" : "assistant";
    return { id, role, content: `${turn.speaker}: ${turn.text}`, at: session.at };
  });
}

export function conversationSet(style: HarnessStyle, conversations = CONVERSATIONS): EvalSet {
  return {
    id: style === "named" ? "conversations" : `conversations-${style}`,
    label: `Own two-person conversations (sent "${style}")`,
    clock: "wall",
    uniqueIds: true,
    users: conversations.map((conversation) => ({
      id: `${conversation.id}-${style}`,
      language: "en",
      sessions: conversation.sessions.flatMap((session, s): EvalSession[] => {
        const messages = sessionMessages(conversation, s, style);
        const batches = style.endsWith("-turn") ? messages.map((m) => [m]) : [messages];
        return batches.map((batch) => ({ id: `S${s + 1}`, at: session.at, messages: batch }));
      }),
      probes: conversation.questions.map((q) => ({
        query: q.question,
        evidence: q.evidence.map((id) => `${conversation.id}/${id}`),
        kind: "user",
        category: q.category,
      })),
    })),
  };
}

const WEEK_MS = 7 * 86_400_000;

/** Each scenario is a user; its sessions a week apart from SCENARIO_START. */
export function scenarioSet(
  scenarios: readonly Scenario[] = SCENARIOS,
  clock: "session" | "wall" = "session",
): EvalSet {
  return {
    id: clock === "session" ? "scenarios" : "scenarios-wall",
    label: clock === "session" ? "Own bilingual scenarios" : "Own bilingual scenarios at the real time",
    clock,
    uniqueIds: true,
    users: scenarios.map((scenario) => {
      const prefix = (id: string) => `${scenario.id}/${id}`;
      // A near-miss that must not be stored (`absent`, where the fixture has it) is noise.
      const absent = scenario.questions.flatMap((q) => (q as { absent?: string[] }).absent ?? []);
      return {
        id: `scenario-${scenario.id}`,
        language: scenario.language,
        sessions: scenario.sessions.map((messages, s) => {
          const at = new Date(Date.parse(SCENARIO_START) + s * WEEK_MS).toISOString();
          return { id: `S${s + 1}`, at, messages: messages.map((m) => ({ ...m, id: prefix(m.id), at })) };
        }),
        probes: scenario.questions.map((q) => ({
          query: q.query,
          evidence: q.expected.map(prefix),
          ...(q.stale ? { stale: q.stale.map(prefix) } : {}),
          kind: "user" as const,
          category: scenario.category,
        })),
        ...(absent.length > 0 ? { noise: [...new Set(absent)].map(prefix) } : {}),
      };
    }),
  };
}
