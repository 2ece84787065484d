/**
 * ask-user (seed 002 §3.2: when unsure, ask; don't guess). Each `ask` decision becomes one
 * `interrupt()` with a `memory_conflict` payload, one after another; the run resumes with
 * `new Command({ resume: { decision } })`. Inside a user's agent the interrupt surfaces in the
 * parent graph, which resumes it the same way.
 *
 * Non-interactive runs (the facade, or `configurable.interactive: false`) never interrupt: the
 * conflict is deferred and persisted as a `pending` record for `memory.resolve` later.
 */
import { interrupt } from "@langchain/langgraph";
import { z } from "zod";
import { InvalidInputError } from "../../src/errors.js";
import type { MemoryConflictInterrupt } from "../../src/write/conflict/decision.js";
import { isInteractive } from "../../src/write/context.js";
import { CONFLICT_OPTIONS } from "../../src/write/history.js";
import type { WriteNode } from "../../src/write/state.js";

export interface AskUserNodeOptions {
  /** Interrupt on conflicts (true) or defer them as pending records (false). */
  interactive: boolean;
}

/** What a resume must carry. */
export const ConflictAnswerSchema = z.object({ decision: z.enum(CONFLICT_OPTIONS) });
export type ConflictAnswer = z.infer<typeof ConflictAnswerSchema>;

export function createAskUserNode(options: AskUserNodeOptions): WriteNode<"decisions", "decisions"> {
  return (state, config) => {
    const interactive = isInteractive(config, options.interactive);
    const decisions = state.decisions.map((decision) => {
      if (decision.action !== "ask" || decision.userDecision) return decision;
      if (!interactive) return { ...decision, deferred: true };
      const payload: MemoryConflictInterrupt = {
        type: "memory_conflict",
        candidate: decision.admitted.candidate,
        existing: decision.existing ?? null,
        relation: decision.relation,
        question: decision.question ?? decision.reason,
        options: [...CONFLICT_OPTIONS],
      };
      // No try/catch: interrupt() pauses the run by throwing.
      const answer = parseAnswer(interrupt(payload));
      return { ...decision, userDecision: answer.decision };
    });
    return { decisions };
  };
}

function parseAnswer(raw: unknown): ConflictAnswer {
  const parsed = ConflictAnswerSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new InvalidInputError(
    `A memory_conflict interrupt must be resumed with new Command({ resume: { decision } }) where ` +
      `decision is one of ${CONFLICT_OPTIONS.join(", ")}; received ` +
      `${JSON.stringify(raw) ?? String(raw)}.`,
    { expected: CONFLICT_OPTIONS, received: raw },
  );
}
