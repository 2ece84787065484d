/**
 * Token budgets per source (seed 003 §5.4): "给每个记忆来源分配固定的token预算…知识库片段最多占
 * 1200 token，长期记忆摘要最多占800 token，工作记忆最多占1500 token". Items are filled by score
 * and are never cut mid-sentence ("超出预算的部分不强行截断"): an item is kept whole or left out.
 */
import { z } from "zod";
import { InvalidConfigError, zodProblem } from "../errors.js";

export interface SourceBudget {
  /** Upper bound on the estimated tokens of the rendered lines of this source. */
  maxTokens: number;
  /** Upper bound on the number of items; long-term memory also obeys the task policy's `max_items`. */
  maxItems?: number;
}

export interface Budgets {
  longTerm: SourceBudget;
  knowledge: SourceBudget;
  workingMemory: SourceBudget;
}

// seed 003 §5.4: knowledge 1200, long-term 800, working memory 1500 tokens. Knowledge items:
// seed 001 §3.2 "融合之后取 top 5 到 top 8" — five chunks of up to 300 tokens fill the budget.
export const DEFAULT_BUDGETS: Readonly<Budgets> = Object.freeze({
  longTerm: { maxTokens: 800 },
  knowledge: { maxTokens: 1200, maxItems: 5 },
  workingMemory: { maxTokens: 1500 },
});

const SourceBudgetSchema = z
  .object({ maxTokens: z.number().int().min(1), maxItems: z.number().int().min(1).optional() })
  .strict();
const BudgetsSchema = z
  .object({ longTerm: SourceBudgetSchema, knowledge: SourceBudgetSchema, workingMemory: SourceBudgetSchema })
  .partial()
  .strict();

/**
 * Merge partial budgets over {@link DEFAULT_BUDGETS}.
 * @throws {InvalidConfigError} for a non-positive or non-integer limit.
 * @example
 * resolveBudgets({ longTerm: { maxTokens: 400 } }).knowledge.maxTokens; // 1200
 */
export function resolveBudgets(input: Partial<Budgets> = {}): Budgets {
  const parsed = BudgetsSchema.safeParse(input);
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(budgets)");
    throw new InvalidConfigError(
      `Invalid budgets: ${text}. Expected { longTerm?, knowledge?, workingMemory? }, each { maxTokens: integer ≥ 1, maxItems?: integer ≥ 1 }.`,
      { field },
    );
  }
  return {
    longTerm: parsed.data.longTerm ?? DEFAULT_BUDGETS.longTerm,
    knowledge: parsed.data.knowledge ?? DEFAULT_BUDGETS.knowledge,
    workingMemory: parsed.data.workingMemory ?? DEFAULT_BUDGETS.workingMemory,
  };
}

// Calibrated against cl100k/o200k: a Han, kana or hangul character is 1–1.2 tokens; an
// English word about one, long words a bit more; digits go in groups of up to three; each
// punctuation mark is one. The estimate errs high so a filled budget is never overrun.
const TOKEN_PIECES =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|\p{N}+|[\p{L}\p{M}]+|[^\s\p{L}\p{N}\p{M}]/gu;
const CJK_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const DIGITS = /^\p{N}+$/u;
const CJK_TOKENS_PER_CHAR = 1.15;

/**
 * Offline token estimate for Chinese, English and mixed text (no tokenizer download).
 * @example
 * estimateTokens("用户偏好简洁回复");               // 10
 * estimateTokens("The user prefers short replies"); // 5
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const match of text.matchAll(TOKEN_PIECES)) {
    const piece = match[0];
    if (CJK_CHAR.test(piece)) tokens += CJK_TOKENS_PER_CHAR;
    else if (DIGITS.test(piece)) tokens += Math.ceil(piece.length / 3);
    else if (piece.length === 1 && !/\p{L}/u.test(piece)) tokens += 1;
    else tokens += 1 + Math.floor(piece.length / 8);
  }
  return Math.ceil(tokens);
}

export type BudgetDrop<T> = { item: T; reason: "budget.items" } | { item: T; reason: "budget.tokens"; tokens: number };

export interface BudgetFit<T> {
  kept: T[];
  /** Items left out, with why: `budget.items` (the item cap was reached) or `budget.tokens`. */
  dropped: BudgetDrop<T>[];
  /** Estimated tokens of the kept items. */
  tokens: number;
}

/**
 * Greedy fill in the given (score) order: an item that does not fit whole is left out and the
 * next, possibly shorter, one is tried. Once the item cap is reached the rest are left out
 * without being rendered or counted (a recall over-fetches 3×, so that is most of them).
 * `admits`, when given, is asked about each item that could still take a place, in order, before
 * it is measured: an item it refuses is neither kept nor dropped here (the caller has decided it),
 * and items after the cap are never asked.
 * @example
 * fitToBudget(["用户偏好简洁回复", "用户不吃香菜"], { maxTokens: 800, maxItems: 1 }, (line) => line).kept; // ["用户偏好简洁回复"]
 */
export function fitToBudget<T>(
  items: readonly T[],
  budget: SourceBudget,
  textOf: (item: T) => string,
  admits?: (item: T) => boolean,
): BudgetFit<T> {
  const kept: T[] = [];
  const dropped: BudgetDrop<T>[] = [];
  let used = 0;
  for (const item of items) {
    if (budget.maxItems !== undefined && kept.length >= budget.maxItems) {
      dropped.push({ item, reason: "budget.items" });
      continue;
    }
    if (admits && !admits(item)) continue;
    const tokens = estimateTokens(textOf(item));
    if (used + tokens > budget.maxTokens) {
      dropped.push({ item, reason: "budget.tokens", tokens });
    } else {
      kept.push(item);
      used += tokens;
    }
  }
  return { kept, dropped, tokens: used };
}

/**
 * The working-memory budget applied to a conversation: the most recent messages that fit
 * whole, in their original order. A parent graph can call it before the model node.
 * @example
 * import type { BaseMessage } from "@langchain/core/messages";
 * declare const state: { messages: BaseMessage[] };
 * const recent = fitRecentMessages(state.messages, DEFAULT_BUDGETS.workingMemory, (m) => String(m.content));
 */
export function fitRecentMessages<T>(
  messages: readonly T[],
  budget: SourceBudget,
  textOf: (message: T) => string,
): T[] {
  const kept: T[] = [];
  let used = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const tokens = estimateTokens(textOf(messages[i]!));
    if (used + tokens > budget.maxTokens || (budget.maxItems !== undefined && kept.length >= budget.maxItems)) break;
    kept.push(messages[i]!);
    used += tokens;
  }
  return kept.reverse();
}
