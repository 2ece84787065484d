/**
 * The rolling summary of the rounds that left the short-term window (seed 001 §2.2): not a
 * narrative but the facts that may still matter and the open items ("不要让它总结对话，而要让它
 * 提取仍然可能影响后续对话的事实和未完成事项"). Offline it is extractive: the project's rule
 * extraction (src/write/extract/) reads the leaving rounds and its candidates become the items,
 * todos as open items, the rest as facts; a later statement with the same key replaces the
 * earlier one ("I live in Boston" … "I moved to Paris"). With a model it is one call that rewrites
 * the notes from the previous ones and the leaving rounds, validated with zod; any failure falls
 * back to the extractive summary and says why.
 *
 * Like everything the project derives from a conversation, the summary is made from redacted
 * text (seed 001 §6.4): it outlives the messages it folds, which leave the checkpointed thread.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { type AIMessage, type BaseMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { zodProblem } from "../errors.js";
import type { ChatMessage } from "../messages.js";
import { estimateTokens } from "../recall/budget.js";
import { redactMessages, redactText } from "../redact.js";
import { detectLanguage } from "../text/tokenizer.js";
import { extractCandidates } from "../write/extract/index.js";
import { stripFences } from "../write/extract/model.js";
import { textOf } from "./rounds.js";

/** One line of the summary. */
export interface SummaryItem {
  /** One short sentence, third person ("用户的项目代号是 Phoenix" / "The user's team uses Python"). */
  text: string;
  /** The extraction key it came with (`project.codename`): a later item with the same key replaces it. */
  key?: string;
}

/** The short-term summary as the thread keeps it (the `shortTerm` channel). */
export interface ShortTermSummary {
  /** Facts that may still matter, oldest first. */
  facts: SummaryItem[];
  /** What is still to be done, asked or answered, oldest first. */
  openItems: SummaryItem[];
  /** How many rounds, from the first of the thread, the summary covers (rounds 1…`rounds`). */
  rounds: number;
  /** ISO time of the last refresh. */
  refreshedAt: string;
  /** How the last refresh was made. */
  by: "model" | "extractive";
  /** The language of the headings: that of the conversation. */
  language: "zh" | "en";
  /**
   * Id of the last message folded in. A caller that keeps the folded messages (instead of
   * removing them as the node does) hands them back; they are skipped up to this one, so nothing
   * is folded twice.
   */
  throughId?: string;
  /** Why the model's summary was not used at the last refresh (reply invalid, call failed). */
  fallback?: string;
}

// Not from a seed: a summary the size of a short note. A model refresh rewrites the list and an
// extractive one appends to it; past this many items, the oldest facts go first, then the oldest
// open items, as when the budget shortens it.
export const MAX_SUMMARY_ITEMS = 40;
const ITEM_CHARS = 300;

const HEADINGS = {
  zh: { title: (n: number) => `此前对话摘要（第 1–${n} 轮）：`, facts: "事实：", open: "未完成事项：" },
  en: {
    title: (n: number) => `Summary of the earlier conversation (rounds 1–${n}):`,
    facts: "Facts:",
    open: "Open items:",
  },
};

/**
 * The summary as the model reads it; empty when it holds no item.
 * @example
 * renderSummary({
 *   facts: [{ text: "用户的项目代号是 Phoenix" }],
 *   openItems: [{ text: "在 2024-05-13 那一周再帮用户看这个问题" }],
 *   rounds: 5,
 *   refreshedAt: "2024-05-07T10:00:00Z",
 *   by: "extractive",
 *   language: "zh",
 * });
 * // "此前对话摘要（第 1–5 轮）：\n事实：\n- 用户的项目代号是 Phoenix\n未完成事项：\n- 在 2024-05-13 那一周再帮用户看这个问题"
 */
export function renderSummary(summary: ShortTermSummary): string {
  if (summary.facts.length + summary.openItems.length === 0) return "";
  const heads = HEADINGS[summary.language];
  const lines = [heads.title(summary.rounds)];
  if (summary.facts.length > 0) lines.push(heads.facts, ...summary.facts.map((item) => `- ${item.text}`));
  if (summary.openItems.length > 0) lines.push(heads.open, ...summary.openItems.map((item) => `- ${item.text}`));
  return lines.join("\n");
}

/**
 * The summary as a SystemMessage, or nothing when it holds no item.
 * @example
 * declare const state: { shortTerm?: ShortTermSummary };
 * declare const recent: BaseMessage[];
 * const messages = [...(summaryMessage(state.shortTerm) ? [summaryMessage(state.shortTerm)!] : []), ...recent];
 */
export function summaryMessage(summary: ShortTermSummary | undefined): SystemMessage | undefined {
  const text = summary ? renderSummary(summary) : "";
  return text ? new SystemMessage(text) : undefined;
}

/** The summary without its `count` oldest items: facts first, then open items. */
export function withoutOldest(summary: ShortTermSummary, count: number): ShortTermSummary {
  const fromFacts = Math.min(count, summary.facts.length);
  return {
    ...summary,
    facts: summary.facts.slice(fromFacts),
    openItems: summary.openItems.slice(Math.min(count - fromFacts, summary.openItems.length)),
  };
}

function capped(summary: ShortTermSummary): ShortTermSummary {
  const excess = summary.facts.length + summary.openItems.length - MAX_SUMMARY_ITEMS;
  return excess > 0 ? withoutOldest(summary, excess) : summary;
}

export interface RefreshOptions {
  model?: BaseChatModel;
  now: () => Date;
  /** Passed to the model call so callbacks and tracing follow the graph run. */
  config?: RunnableConfig;
}

/**
 * Fold the leaving rounds into the summary: one model call when a model is given (falling back
 * to the extractive summary on any failure), else extractive.
 * @example
 * declare const previous: ShortTermSummary | undefined;
 * declare const leavingRounds: BaseMessage[][];
 * const next = await refreshSummary(previous, leavingRounds, { now: () => new Date() });
 * next.rounds; // previous.rounds + leavingRounds.length
 */
export async function refreshSummary(
  previous: ShortTermSummary | undefined,
  leaving: readonly BaseMessage[][],
  options: RefreshOptions,
): Promise<ShortTermSummary> {
  const now = options.now();
  const first = (previous?.rounds ?? 0) + 1;
  const base = {
    rounds: first - 1 + leaving.length,
    refreshedAt: now.toISOString(),
    language: languageOf(previous, leaving),
    ...throughIdOf(leaving),
  };
  const extractive = async (fallback?: string): Promise<ShortTermSummary> => {
    const items = await extractiveItems(leaving, first, now);
    return capped({
      ...base,
      facts: mergeItems(previous?.facts ?? [], items.facts),
      openItems: mergeItems(previous?.openItems ?? [], items.openItems),
      by: "extractive",
      ...(fallback ? { fallback } : {}),
    });
  };
  if (!options.model) return extractive();
  const result = await modelItems(previous, leaving, first, options.model, options.config);
  if ("error" in result) return extractive(result.error);
  return capped({ ...base, ...result, by: "model" });
}

function languageOf(previous: ShortTermSummary | undefined, leaving: readonly BaseMessage[][]): "zh" | "en" {
  const said = leaving.map((round) => textOf(round[0]!)).join("\n");
  return said.trim() ? detectLanguage(said) : (previous?.language ?? "en");
}

function throughIdOf(leaving: readonly BaseMessage[][]): { throughId?: string } {
  const id = leaving.at(-1)?.findLast((message) => typeof message.id === "string" && message.id.length > 0)?.id;
  return id ? { throughId: id } : {};
}

/** Items of `added` replace earlier items with the same key or the same words. */
function mergeItems(previous: readonly SummaryItem[], added: readonly SummaryItem[]): SummaryItem[] {
  let items = [...previous];
  for (const item of added) {
    const same = comparable(item.text);
    items = items.filter((old) =>
      item.key !== undefined && old.key === item.key ? false : comparable(old.text) !== same,
    );
    items.push(item);
  }
  return items;
}

function comparable(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
}

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > ITEM_CHARS ? `${trimmed.slice(0, ITEM_CHARS - 1)}…` : trimmed;
}

// Extraction reads a sentence at a time; a message longer than this is a paste whose tail
// the summary can do without (DEFAULT_MAX_MESSAGE_BYTES bounds the write graph the same way).
const MAX_EXTRACT_CHARS = 16_000;

/**
 * The extractive rule: what the project's rule extraction finds in the user's and the
 * assistant's words of the leaving rounds (tool results are not read, as in the write graph);
 * `todo` candidates are open items, every other kind a fact.
 */
async function extractiveItems(
  leaving: readonly BaseMessage[][],
  first: number,
  now: Date,
): Promise<{ facts: SummaryItem[]; openItems: SummaryItem[] }> {
  const chat: ChatMessage[] = [];
  leaving.forEach((round, r) => {
    round.forEach((message, i) => {
      const type = message.getType();
      if (type !== "human" && type !== "ai") return;
      const content = textOf(message).slice(0, MAX_EXTRACT_CHARS);
      if (!content.trim()) return;
      chat.push({
        id: `r${first + r}-${i}`,
        role: type === "human" ? "user" : "assistant",
        content,
        at: timeOf(message, now),
      });
    });
  });
  if (chat.length === 0) return { facts: [], openItems: [] };
  const { candidates } = await extractCandidates(redactMessages(chat).messages);
  const facts: SummaryItem[] = [];
  const openItems: SummaryItem[] = [];
  for (const candidate of candidates) {
    const item = { text: clip(candidate.content), key: candidate.key };
    (candidate.kind === "todo" ? openItems : facts).push(item);
  }
  return { facts, openItems };
}

/** The message's own time (`additional_kwargs.at`, as the write graph reads it), else now. */
function timeOf(message: BaseMessage, now: Date): string {
  const at = (message.additional_kwargs as { at?: unknown } | undefined)?.at;
  return typeof at === "string" && !Number.isNaN(Date.parse(at)) ? at : now.toISOString();
}

const SUMMARY_INSTRUCTIONS = `You keep the notes of an ongoing conversation between a user and an assistant. \
Older rounds are leaving the assistant's context window; your notes are all that will remain of them.
Do NOT summarise or narrate the conversation (no "the user asked…, then the assistant…"). Instead list:
- facts: what may still matter later: the user's preferences and constraints, decisions, names, numbers, dates, \
and results that were established (including tool results);
- openItems: what is still to be done, answered or decided.
Start from the notes so far: keep what still holds, drop facts that were corrected later and open items that were done. \
One short sentence per item, third person ("The user …" / "用户…"), in the language of the conversation. \
Bracketed placeholders such as [PHONE] stand for redacted data: keep them as they are.
Reply with only a JSON object {"facts": ["..."], "openItems": ["..."]}.`;

/** Sent to `withStructuredOutput`: no bounds, which strict providers reject. */
const SummaryRequestSchema = z.object({ facts: z.array(z.string()), openItems: z.array(z.string()) });
/** What a reply must be: a short list of short items. */
export const ModelSummarySchema = z.object({
  facts: z.array(z.string().trim().min(1).max(ITEM_CHARS)).max(MAX_SUMMARY_ITEMS),
  openItems: z.array(z.string().trim().min(1).max(ITEM_CHARS)).max(MAX_SUMMARY_ITEMS),
});

// Not from a seed: bounds on one summary call. A message is quoted up to LINE_CHARS characters
// (a tool result up to TOOL_CHARS: its conclusion, not its payload); past PROMPT_TOKENS the
// rounds are summarised extractively, as the maintenance graph does past MAX_MODEL_PARTS.
const LINE_CHARS = 1_000;
const TOOL_CHARS = 300;
const PROMPT_TOKENS = 8_000;

/** The one prompt of a refresh: the notes so far, then every leaving message, redacted. */
export function buildSummaryPrompt(
  previous: ShortTermSummary | undefined,
  leaving: readonly BaseMessage[][],
  first: number,
): BaseMessage[] {
  const notes = (items: readonly SummaryItem[]) => (items.length ? items.map((i) => `- ${i.text}`) : ["(none)"]);
  const lines = [
    "Notes so far:",
    "facts:",
    ...notes(previous?.facts ?? []),
    "openItems:",
    ...notes(previous?.openItems ?? []),
    "",
    `Rounds ${first}–${first + leaving.length - 1}, leaving the context window:`,
  ];
  leaving.forEach((round, r) => {
    for (const message of round) lines.push(`[round ${first + r}] ${describe(message)}`);
  });
  return [new SystemMessage(SUMMARY_INSTRUCTIONS), new HumanMessage(lines.join("\n"))];
}

function describe(message: BaseMessage): string {
  const type = message.getType();
  const text = textOf(message);
  if (type === "tool") return `tool ${message.name ?? ""} returned: ${quote(text, TOOL_CHARS)}`;
  const calls = type === "ai" ? ((message as AIMessage).tool_calls ?? []) : [];
  const called = calls.map((call) => ` [calls ${call.name} ${quote(JSON.stringify(call.args), TOOL_CHARS)}]`);
  const role = type === "human" ? "user" : type === "ai" ? "assistant" : type;
  return `${role}: ${quote(text, LINE_CHARS)}${called.join("")}`;
}

function quote(text: string, max: number): string {
  const flat = redactText(text).text.replace(/\s+/gu, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

type ModelResult = { facts: SummaryItem[]; openItems: SummaryItem[] } | { error: string };

async function modelItems(
  previous: ShortTermSummary | undefined,
  leaving: readonly BaseMessage[][],
  first: number,
  model: BaseChatModel,
  config: RunnableConfig | undefined,
): Promise<ModelResult> {
  const prompt = buildSummaryPrompt(previous, leaving, first);
  if (estimateTokens(prompt.map((m) => textOf(m)).join("\n")) > PROMPT_TOKENS) {
    return { error: `the leaving rounds are longer than one summary call takes (${PROMPT_TOKENS} tokens)` };
  }
  // Tagged nostream: inside an agent, the summary's JSON must not stream as if the agent spoke.
  const callConfig: RunnableConfig = {
    ...config,
    runName: "memory_short_term_summary",
    tags: [...(config?.tags ?? []), "langsmith:nostream"],
  };
  let reply: unknown;
  try {
    reply = await invokeOnce(model, prompt, callConfig);
  } catch (error) {
    return { error: `model call failed: ${describeError(error)}` };
  }
  const parsed = ModelSummarySchema.safeParse(reply);
  if (!parsed.success) return { error: `reply failed validation: ${zodProblem(parsed.error, "(reply)").text}` };
  const items = (texts: readonly string[]) => texts.map((text) => ({ text: redactText(text).text }));
  return { facts: items(parsed.data.facts), openItems: items(parsed.data.openItems) };
}

/** Native structured output when the model has it, else JSON read from the reply's text: one call either way. */
async function invokeOnce(model: BaseChatModel, prompt: BaseMessage[], config: RunnableConfig): Promise<unknown> {
  let structured: { invoke: (input: BaseMessage[], config: RunnableConfig) => Promise<unknown> } | undefined;
  try {
    structured = model.withStructuredOutput(SummaryRequestSchema, { name: "short_term_notes" });
  } catch {
    structured = undefined; // e.g. "Chat model must implement .bindTools()"
  }
  if (structured) return structured.invoke(prompt, config);
  const reply = await model.invoke(prompt, config);
  return JSON.parse(stripFences(textOf(reply)));
}

// Enough to tell what went wrong, and redacted: a parser's message may quote the reply.
function describeError(error: unknown): string {
  const text = redactText(error instanceof Error ? error.message : String(error)).text.replace(/\s+/gu, " ");
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
