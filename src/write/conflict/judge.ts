/**
 * The model's judgement of conflicts the rules could not settle (seed 002 §3.2, §3.4: rules for
 * the clear cases, a model for the rest, and ask the user when still unsure). One structured
 * call per write run judges every pair the rules would have asked about; its reply is validated
 * by zod, and on any trouble (no structured output, an error, an invalid or partial reply) the
 * pairs it did not settle are asked, as without a model. It only ever sees redacted text.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { zodProblem } from "../../errors.js";
import type { MemoryRecord } from "../../schema.js";
import type { MemoryCandidate } from "../candidate.js";

/** What the model may decide for a pair; `ask_user` leaves it to the user. */
export const JUDGED_RELATIONS = ["supersede", "duplicate", "merge", "coexist", "ask_user"] as const;
export type JudgedRelation = (typeof JUDGED_RELATIONS)[number];

/** The reply: one judgement per pair, by its number. Validated as received; unknown fields dropped. */
export const ConflictJudgementSchema = z.object({
  judgements: z
    .array(
      z.object({
        pair: z.number().int().min(0),
        relation: z.enum(JUDGED_RELATIONS),
        reason: z.string().trim().min(1).max(500),
      }),
    )
    .max(200),
});
export type ConflictJudgement = z.infer<typeof ConflictJudgementSchema>;

export interface JudgePair {
  candidate: MemoryCandidate;
  existing: MemoryRecord;
  /** Why the rules could not decide (shown to the model). */
  rules: string;
}

export interface Verdict {
  relation: JudgedRelation;
  reason: string;
}

export type JudgeOutcome = { verdicts: Map<number, Verdict>; failure?: string };

export const JUDGE_INSTRUCTIONS = `You judge whether a new statement by a user conflicts with one of their stored memories.
For each numbered pair answer with one relation:
- "supersede": same subject and attribute, the new statement replaces the old (a change, a new value, a reversal)
- "duplicate": the same fact said again
- "merge": the same fact, the new statement adds detail
- "coexist": different subjects, attributes or things; both stay true
- "ask_user": you cannot tell; the user will be asked
Give a short reason. Facts about different people never conflict. \
Reply with {"judgements": [{"pair": <number>, "relation": ..., "reason": ...}]}, one entry per pair.`;

function prompt(pairs: readonly JudgePair[]) {
  const lines = pairs.map(
    ({ candidate, existing, rules }, i) =>
      `Pair ${i}:\n  stored (${existing.kind}, key ${existing.key}, said ${existing.observedAt}): ` +
      `${existing.content}\n  new (${candidate.kind}, key ${candidate.key}, said ` +
      `${candidate.observedAt}): ${candidate.content}\n  rules: ${rules}`,
  );
  return [new SystemMessage(JUDGE_INSTRUCTIONS), new HumanMessage(lines.join("\n"))];
}

/**
 * Judge the pairs in one structured call. Never throws: a failure is returned with whatever
 * pairs were validly judged (usually none), and the caller asks about the rest.
 * @example
 * declare const model: BaseChatModel;
 * declare const candidate: MemoryCandidate; // 用户搬到深圳了
 * declare const existing: MemoryRecord; // 用户住在杭州
 * const { verdicts, failure } = await judgeConflicts(model, [{ candidate, existing, rules: "same dimension…" }]);
 * verdicts.get(0); // { relation: "supersede", reason: "moved" }
 */
export async function judgeConflicts(
  model: BaseChatModel,
  pairs: readonly JudgePair[],
  config: RunnableConfig = {},
): Promise<JudgeOutcome> {
  const verdicts = new Map<number, Verdict>();
  if (pairs.length === 0) return { verdicts };
  const runConfig: RunnableConfig = {
    ...config,
    runName: "memory_judge_conflicts",
    tags: [...(config.tags ?? []), "langsmith:nostream"],
  };
  let reply: unknown;
  try {
    if (typeof model.withStructuredOutput !== "function") throw new Error("the model has no structured output");
    const structured = model.withStructuredOutput(ConflictJudgementSchema, { name: "judge_memory_conflicts" });
    reply = await structured.invoke(prompt(pairs), runConfig);
  } catch (error) {
    return { verdicts, failure: `model judgement failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = ConflictJudgementSchema.safeParse(reply);
  if (!parsed.success) {
    return { verdicts, failure: `model judgement failed validation: ${zodProblem(parsed.error, "(root)").text}` };
  }
  for (const judgement of parsed.data.judgements) {
    if (judgement.pair < pairs.length && !verdicts.has(judgement.pair)) {
      verdicts.set(judgement.pair, { relation: judgement.relation, reason: judgement.reason });
    }
  }
  const missing = pairs.length - verdicts.size;
  return missing > 0
    ? { verdicts, failure: `model judgement left ${missing} of ${pairs.length} pairs open` }
    : { verdicts };
}
