/**
 * The short-term window (seed 001 §2.2–2.3): what the model sees of a session.
 *
 *   summary    rounds folded out of the window: facts and open items (src/short-term/summary.ts)
 *   condensed  the rounds before the last `fullRounds`, up to `condensedRounds` of them (4–15):
 *              the user's message and the final reply, tool detail reduced to its conclusion
 *   full       the last `fullRounds` rounds (3), tool calls and tool results included
 *
 * Folding is separate from viewing. {@link foldRounds} runs once per turn: once `refreshEvery`
 * rounds have passed beyond the window it folds them into the summary and returns them as
 * `leaving`, for the caller to send through the write graph (seed 001 §2.3 "滑动窗口的边界就是
 * 长期记忆的入口"; the write graph keeps only what its rules admit). Until then they stay in
 * the window, condensed: a round is never out of both the window and the summary.
 * {@link viewWindow} builds the messages within the token budget.
 */
import { type BaseMessage, trimMessages } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { parseShortTermOptions, type ShortTermOptions, type ShortTermSettings } from "./options.js";
import { condenseRound, countTokens, splitRounds } from "./rounds.js";
import { refreshSummary, type ShortTermSummary, summaryMessage, withoutOldest } from "./summary.js";

/** How the window was filled. */
export interface WindowLayout {
  /** Rounds kept whole. */
  full: number;
  /** Rounds kept as the user's message and the final reply. */
  condensed: number;
  /** Rounds left out to fit the budget (still in the thread, folded into the summary in their turn). */
  dropped: number;
  /** Summary items left out to fit the budget. */
  summaryItemsDropped: number;
}

/** What the model sees. */
export interface ShortTermView {
  /** Preamble (system messages before the first user message), summary, condensed rounds, full rounds. */
  messages: BaseMessage[];
  /** Estimated tokens of `messages` ({@link countTokens}). */
  tokens: number;
  /** True only when the last round alone (with the preamble) is over the budget: it is kept whole anyway. */
  overBudget: boolean;
  layout: WindowLayout;
}

export interface FoldResult {
  /** The summary after this turn: refreshed, or the one passed in. */
  summary: ShortTermSummary | undefined;
  /** Messages of the rounds folded into the summary by this call, in order; empty between refreshes. */
  leaving: BaseMessage[];
  refreshed: boolean;
}

export type ShortTermWindow = ShortTermView & FoldResult;

/** The rounds not yet folded: those after the summary's `throughId` when the caller kept them. */
function visibleRounds(messages: readonly BaseMessage[], summary: ShortTermSummary | undefined) {
  const { preamble, rounds } = splitRounds(messages);
  const through = summary?.throughId;
  const last = through ? rounds.findIndex((round) => round.some((message) => message.id === through)) : -1;
  return { preamble, rounds: last >= 0 ? rounds.slice(last + 1) : rounds };
}

/**
 * Fold the rounds beyond the window into the summary, once `refreshEvery` of them have gathered.
 * Each message leaves exactly once: the node removes what left from the thread, and a caller that
 * keeps it is protected by the summary's `throughId`.
 * @example
 * import type { Memory } from "../memory.js";
 * declare const memory: Memory;
 * declare const messages: BaseMessage[];
 * declare const previous: ShortTermSummary | undefined;
 * const scope = { userId: "u1" };
 * const { summary, leaving } = await foldRounds(messages, previous);
 * if (leaving.length > 0) await memory.remember({ scope, messages: leaving });
 */
export async function foldRounds(
  messages: readonly BaseMessage[],
  summary: ShortTermSummary | undefined,
  options: ShortTermOptions = {},
  config?: RunnableConfig,
): Promise<FoldResult> {
  return fold(messages, summary, parseShortTermOptions(options), config);
}

async function fold(
  messages: readonly BaseMessage[],
  summary: ShortTermSummary | undefined,
  settings: ShortTermSettings,
  config?: RunnableConfig,
): Promise<FoldResult> {
  const { rounds } = visibleRounds(messages, summary);
  const beyond = rounds.length - settings.fullRounds - settings.condensedRounds;
  if (beyond < settings.refreshEvery) return { summary, leaving: [], refreshed: false };
  const leaving = rounds.slice(0, beyond);
  const refreshed = await refreshSummary(summary, leaving, {
    now: settings.now,
    ...(settings.model ? { model: settings.model } : {}),
    ...(config ? { config } : {}),
  });
  return { summary: refreshed, leaving: leaving.flat(), refreshed: true };
}

/**
 * The messages to give the model, within the budget. Over it, in this order: the oldest condensed
 * rounds go, then the summary's oldest items (facts before open items), then the older full rounds
 * are condensed and then dropped, oldest first. The last round always stays whole, and rounds are
 * kept or left out whole, so a tool call never loses its result.
 * @example
 * declare const state: { messages: BaseMessage[]; shortTerm?: ShortTermSummary };
 * const { messages } = await viewWindow(state.messages, state.shortTerm, { budget: 4000 });
 */
export async function viewWindow(
  messages: readonly BaseMessage[],
  summary: ShortTermSummary | undefined,
  options: ShortTermOptions = {},
): Promise<ShortTermView> {
  const { preamble, rounds } = visibleRounds(messages, summary);
  return fitWindow(preamble, rounds, summary, parseShortTermOptions(options));
}

/**
 * Fold, then view: the whole short-term window in one call, for callers outside a graph.
 * @example
 * import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
 * declare const model: BaseChatModel;
 * declare const history: BaseMessage[];
 * let summary: ShortTermSummary | undefined;
 * const window = await shortTermWindow(history, { summary });
 * summary = window.summary; // keep it for the next turn
 * await model.invoke(window.messages);
 */
export async function shortTermWindow(
  messages: readonly BaseMessage[],
  options: ShortTermOptions & { summary?: ShortTermSummary; config?: RunnableConfig } = {},
): Promise<ShortTermWindow> {
  const { summary: previous, config, ...rest } = options;
  const settings = parseShortTermOptions(rest);
  const folded = await fold(messages, previous, settings, config);
  const { preamble, rounds } = visibleRounds(messages, previous);
  const left = new Set(folded.leaving);
  const remaining = rounds.filter((round) => !left.has(round[0]!));
  return { ...folded, ...(await fitWindow(preamble, remaining, folded.summary, settings)) };
}

async function fitWindow(
  preamble: BaseMessage[],
  rounds: BaseMessage[][],
  summary: ShortTermSummary | undefined,
  settings: ShortTermSettings,
): Promise<ShortTermView> {
  const fullCount = Math.min(settings.fullRounds, rounds.length);
  let full = rounds.slice(rounds.length - fullCount);
  const condensedAll = rounds.slice(0, rounds.length - fullCount).map(condenseRound);
  const budget = settings.budget;
  const tokensOf = (parts: readonly BaseMessage[][]) => parts.reduce((sum, part) => sum + countTokens(part), 0);
  const summaryTokens = (s: ShortTermSummary | undefined) => {
    const message = summaryMessage(s);
    return message ? countTokens([message]) : 0;
  };
  const preambleTokens = countTokens(preamble);
  const fixed = preambleTokens + tokensOf(full);

  // 1. The oldest condensed rounds go first.
  let condensed = await keepNewest(condensedAll, budget - fixed - summaryTokens(summary));
  let dropped = condensedAll.length - condensed.length;

  // 2. Then the summary's oldest items.
  let shown = summary;
  let summaryItemsDropped = 0;
  const items = summary ? summary.facts.length + summary.openItems.length : 0;
  while (shown && summaryItemsDropped < items && fixed + summaryTokens(shown) > budget) {
    summaryItemsDropped += 1;
    shown = withoutOldest(summary!, summaryItemsDropped);
  }

  // 3. Then the older full rounds are condensed, and 4. dropped, oldest first; the last stays whole.
  let over = fixed + summaryTokens(shown) + tokensOf(condensed) > budget;
  if (over) {
    const older = full.slice(0, -1);
    full = full.slice(-1);
    const reduced: BaseMessage[][] = [];
    for (const [i, round] of older.entries()) {
      reduced.push(condenseRound(round));
      const rest = older.slice(i + 1);
      if (preambleTokens + tokensOf([...reduced, ...rest, ...full]) <= budget) {
        full = [...rest, ...full];
        break;
      }
    }
    // The summary is empty by now: step 2 left something only if the window then fit.
    condensed = await keepNewest(reduced, budget - preambleTokens - tokensOf(full));
    dropped += reduced.length - condensed.length;
    over = preambleTokens + tokensOf([...condensed, ...full]) > budget;
  }

  const summaryShown = summaryMessage(shown);
  const messages = [...preamble, ...(summaryShown ? [summaryShown] : []), ...condensed.flat(), ...full.flat()];
  return {
    messages,
    tokens: countTokens(messages),
    overBudget: over,
    layout: { full: full.length, condensed: condensed.length, dropped, summaryItemsDropped },
  };
}

/**
 * The newest condensed rounds that fit in `room` tokens, whole: `trimMessages` keeps the last
 * messages that fit and starts the result on a user message, so it never begins mid-round.
 */
async function keepNewest(rounds: BaseMessage[][], room: number): Promise<BaseMessage[][]> {
  if (rounds.length === 0 || room <= 0) return [];
  const flat = rounds.flat();
  const kept = await trimMessages(flat, {
    maxTokens: room,
    tokenCounter: countTokens,
    strategy: "last",
    startOn: "human",
  });
  let count = 0;
  let length = 0;
  for (let i = rounds.length - 1; i >= 0 && length + rounds[i]!.length <= kept.length; i--) {
    length += rounds[i]!.length;
    count += 1;
  }
  return rounds.slice(rounds.length - count);
}
