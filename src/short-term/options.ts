/**
 * The short-term window's options (seed 001 §2.2), validated once into {@link ShortTermSettings}.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { z } from "zod";
import { InvalidConfigError, zodProblem } from "../errors.js";
import { DEFAULT_BUDGETS } from "../recall/budget.js";

export interface ShortTermOptions {
  /**
   * Most recent rounds kept whole, tool calls and tool results included (seed 001 §2.2:
   * "最近 3 轮完整保留，包括工具调用的原始输入输出"). At least 1: the last round is never cut.
   * @default 3
   */
  fullRounds?: number;
  /**
   * Rounds before those kept as the user's message and the final reply only, tool detail reduced
   * to its conclusion (seed 001 §2.2: rounds 4–15, so 12).
   * @default 12
   */
  condensedRounds?: number;
  /**
   * The summary is refreshed once this many rounds have passed beyond the window, not on every
   * turn (seed 001 §2.2: "每新增 5 轮就更新一次摘要…不要每轮都做"). Until then those rounds stay
   * in the window, condensed, so no round is ever out of both the window and the summary.
   * @default 5
   */
  refreshEvery?: number;
  /**
   * Upper bound on the estimated tokens of everything the window returns (summary, condensed and
   * full rounds, and any system messages before the first user message). Over it, the oldest
   * condensed rounds go first, then the summary's oldest items, then the older full rounds are
   * condensed and dropped, oldest first; the last round always stays whole.
   * @default 1500, the working-memory budget of seed 003 §5.4 (`DEFAULT_BUDGETS.workingMemory`)
   */
  budget?: number;
  /**
   * Optional model for the summary: one call per refresh with a prompt that lists facts and open
   * items (not a narrative), validated with zod; any failure falls back to the extractive summary.
   * Without it the summary is extractive and offline.
   */
  model?: BaseChatModel;
  /** Clock for `refreshedAt` and for message times. @default () => new Date() */
  now?: () => Date;
}

/** Seed 001 §2.2: 3 rounds whole, rounds 4–15 condensed, the summary refreshed every 5 rounds. */
export const SHORT_TERM_DEFAULTS = Object.freeze({
  fullRounds: 3,
  condensedRounds: 12,
  refreshEvery: 5,
  budget: DEFAULT_BUDGETS.workingMemory.maxTokens,
});

/** {@link ShortTermOptions} with every default applied. */
export interface ShortTermSettings {
  fullRounds: number;
  condensedRounds: number;
  refreshEvery: number;
  budget: number;
  model?: BaseChatModel;
  now: () => Date;
}

const isChatModel = (value: unknown): value is BaseChatModel =>
  value !== null && typeof value === "object" && typeof (value as { invoke?: unknown }).invoke === "function";

const ShortTermOptionsSchema = z
  .object({
    fullRounds: z.number().int().min(1).max(1000),
    condensedRounds: z.number().int().min(0).max(1000),
    refreshEvery: z.number().int().min(1).max(1000),
    budget: z.number().int().min(1),
    model: z.custom<BaseChatModel>(isChatModel, "expected a LangChain chat model (an object with invoke())"),
    now: z.custom<() => Date>((value) => typeof value === "function", "expected a function returning a Date"),
  })
  .partial()
  .strict();

/**
 * Apply the defaults and check the options.
 * @throws {InvalidConfigError} for an unknown option, a count that is not a whole number in range
 *   (`fullRounds` ≥ 1, `condensedRounds` ≥ 0, `refreshEvery` ≥ 1, `budget` ≥ 1) or a model without `invoke`.
 * @example
 * parseShortTermOptions({ budget: 4000 }).fullRounds; // 3
 */
export function parseShortTermOptions(options: ShortTermOptions = {}): ShortTermSettings {
  const parsed = ShortTermOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const { field, text, issues } = zodProblem(parsed.error, "(options)");
    throw new InvalidConfigError(
      `Invalid short-term window options: ${text}. Expected { fullRounds?: integer ≥ 1, ` +
        `condensedRounds?: integer ≥ 0, refreshEvery?: integer ≥ 1, budget?: integer ≥ 1 (tokens), ` +
        `model?: a chat model, now?: () => Date }.`,
      { field, issues },
    );
  }
  const { model, now, ...counts } = parsed.data;
  const settings: ShortTermSettings = { ...SHORT_TERM_DEFAULTS, ...counts, now: now ?? (() => new Date()) };
  if (model) settings.model = model;
  return settings;
}
