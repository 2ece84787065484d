/**
 * The generated statement families (test/eval/families/) as eval sets: one user per language,
 * every statement a session of its own (its assistant prompt first, when the form is a question
 * and its answer), then a later session updating every other statement that has an update.
 * Each statement is a planted fact (write recall = kept); each question names its entity and
 * cites the statement, or the update with the statement as its stale value.
 *
 * `dev` families may be looked at while tuning; `held-out` ones are only measured.
 */
import { type FamilyStatement, generateSet } from "./families/index.js";
import type { EvalMessage, EvalProbe, EvalSession, EvalSet, EvalUser, PlantedFact } from "./sets.js";

/** Statements per family in `npm run eval` (32 families: 8 per language and split). */
export const PER_FAMILY = 30;
const SEED = 23;
const START = Date.parse("2026-03-02T09:00:00Z");
const MINUTE = 60_000;

/** Whether a statement of the set gets its update (every other one that has one). */
export function isUpdated(statement: FamilyStatement, index: number): boolean {
  return statement.update !== undefined && index % 2 === 0;
}

export function statementSet(split: "dev" | "held-out", perFamily = PER_FAMILY): EvalSet {
  const users: EvalUser[] = (["en", "zh"] as const).map((language) => {
    const statements = generateSet({ seed: SEED, perFamily, split, language });
    const id = `statements-${split}-${language}`;
    let clock = START;
    const at = () => {
      clock += MINUTE;
      return new Date(clock).toISOString();
    };
    const sessions: EvalSession[] = [];
    const probes: EvalProbe[] = [];
    const facts: PlantedFact[] = [];
    const said = (messageId: string, text: string, prompt?: string): EvalSession => {
      const messages: EvalMessage[] = [];
      if (prompt) messages.push({ id: `${messageId}:q`, role: "assistant", content: prompt, at: at() });
      messages.push({ id: messageId, role: "user", content: text, at: at() });
      return { id: `${id}/${messageId}`, at: messages.at(-1)!.at!, messages };
    };
    statements.forEach((s, i) => {
      const messageId = `${id}:${s.id}`;
      sessions.push(said(messageId, s.text, s.prompt));
      facts.push({ messageId, keywords: [s.value], replaced: isUpdated(s, i) });
    });
    statements.forEach((s, i) => {
      const messageId = `${id}:${s.id}`;
      if (isUpdated(s, i)) {
        const updateId = `${messageId}:u`;
        sessions.push(said(updateId, s.update!.text));
        facts.push({ messageId: updateId, keywords: [s.update!.value], replaced: false });
        probes.push({ query: s.question, evidence: [updateId], stale: [messageId], kind: "user", category: s.family });
      } else probes.push({ query: s.question, evidence: [messageId], kind: "user", category: s.family });
    });
    return { id, language, sessions, probes, facts };
  });
  return {
    id: `statements-${split}`,
    label: `Generated statements, ${split === "dev" ? "dev" : "held-out"} families (zh + en)`,
    users,
    clock: "session",
    uniqueIds: true,
  };
}
