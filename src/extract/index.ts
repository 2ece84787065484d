/**
 * Memory extraction: rules first (seed 001 §5.1, offline, deterministic), an optional model
 * layer second (§5.2), merged into atomic, third-person {@link MemoryCandidate}s.
 *
 * Source rules (seed 004 §2, seed 003 §5.6): only the user's own words are `explicit`; what the
 * assistant said yields at most `agent_generated` candidates capped at 0.5 confidence; system
 * and tool messages yield nothing.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { MemoryCandidate } from "../candidate.js";
import type { ChatMessage } from "../messages.js";
import { textSensitivity } from "../redact.js";
import { detectLanguage } from "../text/tokenizer.js";
import { retrievalHintsFor } from "./keys.js";
import { groupUnits, isQuestion, splitClauses, splitSentences } from "./markers.js";
import { dedupeCandidates, mergeModelCandidates, type DraftCandidate } from "./merge.js";
import { AGENT_CONFIDENCE_CAP, extractWithModel, type ModelFailure } from "./model.js";
import { decide, type ReadContext, type RuleDraft, type UnitReading } from "./rules.js";
import { enUnitOpening, readEnUnit } from "./rules-en.js";
import { readZhUnit, zhUnitOpening } from "./rules-zh.js";

export { AGENT_CONFIDENCE_CAP, ModelExtractionSchema, buildExtractionPrompt, extractWithModel, type ModelFailure } from "./model.js";
export { contentOverlap } from "./merge.js";
export { findTerms, preferenceKeyOf, retrievalHintsFor } from "./keys.js";
export { findTimeMentions, clockOf, endOfDay } from "./dates.js";

export interface RuleExtractionOptions {
  /** Read every message as this language instead of detecting it per sentence. */
  language?: "zh" | "en";
}

/**
 * The rule layer over a batch: every user and assistant message, sentence by sentence.
 * Repeated statements of one fact become one candidate citing every message.
 * @example
 * extractWithRules([{ id: "m1", role: "user", content: "我不吃香菜，点外卖记得备注。", at: "2024-05-07T10:00:00+08:00" }]);
 * // [{ kind: "preference", key: "food.cilantro", content: "用户不吃香菜，点外卖记得备注", positive: false, ... }]
 */
export function extractWithRules(messages: readonly ChatMessage[], options: RuleExtractionOptions = {}): MemoryCandidate[] {
  return withIds(dedupeCandidates(messages.flatMap((m) => extractFromMessage(m, options.language))));
}

function extractFromMessage(message: ChatMessage, forced?: "zh" | "en"): DraftCandidate[] {
  if (message.role !== "user" && message.role !== "assistant") return [];
  const perspective = message.role === "user" ? "user" : "assistant";
  const drafts: DraftCandidate[] = [];
  for (const sentence of splitSentences(message.content)) {
    // Per sentence: a message may switch language ("我不吃香菜. Also, I prefer email.").
    const language = forced ?? detectLanguage(sentence);
    const label = perspective === "user" && message.name ? message.name : language === "zh" ? "用户" : "the user";
    const ctx: ReadContext = { at: message.at, perspective, label };
    const question = isQuestion(sentence, language);
    const clauses = splitClauses(sentence, language);
    const opens = (text: string): string | undefined =>
      language === "zh" ? zhUnitOpening(text, perspective) : enUnitOpening(text, perspective);
    for (const unit of groupUnits(clauses, opens)) {
      const readings: UnitReading[] = language === "zh" ? readZhUnit(unit, question, ctx) : readEnUnit(unit, question, ctx);
      for (const reading of readings) {
        const draft = decide(reading, message.at);
        if (draft) drafts.push(toCandidate(draft, message, language));
      }
    }
  }
  return drafts;
}

function toCandidate(draft: RuleDraft, message: ChatMessage, language: "zh" | "en"): DraftCandidate {
  const agent = message.role === "assistant";
  const candidate: DraftCandidate = {
    kind: draft.kind,
    key: draft.key,
    content: draft.content,
    language,
    positive: draft.positive,
    sourceType: agent ? "agent_generated" : "explicit",
    messageIds: [message.id],
    observedAt: message.at,
    confidence: agent ? Math.min(draft.confidence, AGENT_CONFIDENCE_CAP) : draft.confidence,
    importance: draft.importance,
    sensitivity: textSensitivity(draft.content),
    retrievalHints: retrievalHintsFor(draft.content, language, { from: draft.source }),
    extractor: draft.extractor,
  };
  if (draft.value !== undefined) candidate.value = draft.value;
  if (draft.expiresAt !== undefined) candidate.expiresAt = draft.expiresAt;
  // Markers are the user's; an assistant saying "remember" marks nothing (seed 003 §5.6).
  const signals = agent ? { ...draft.signals, explicitMarker: undefined } : draft.signals;
  const defined = Object.fromEntries(Object.entries(signals).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length > 0) candidate.signals = defined;
  return candidate;
}

export interface ExtractOptions extends RuleExtractionOptions {
  /** Optional model layer: one call per batch; its candidates are merged with the rules'. */
  model?: BaseChatModel;
  /** Clock for model candidates that cite no message. @default () => new Date() */
  now?: () => Date;
  /** Passed to the model call so callbacks and tracing follow the graph run. */
  config?: RunnableConfig;
}

export interface ExtractResult {
  candidates: MemoryCandidate[];
  extractionFailures: ModelFailure[];
}

/**
 * Rules, then the model layer when a model is given; never throws on model trouble.
 * @example
 * const { candidates, extractionFailures } = await extractCandidates(messages, { model });
 */
export async function extractCandidates(messages: readonly ChatMessage[], options: ExtractOptions = {}): Promise<ExtractResult> {
  const rules = dedupeCandidates(messages.flatMap((m) => extractFromMessage(m, options.language)));
  const speaks = messages.some((m) => m.role === "user" || m.role === "assistant");
  if (!options.model || !speaks) return { candidates: withIds(rules), extractionFailures: [] };
  const modelResult = await extractWithModel(messages, options.model, { now: options.now, config: options.config });
  const merged = mergeModelCandidates(rules, dedupeCandidates(modelResult.candidates));
  return { candidates: withIds(merged), extractionFailures: modelResult.failures };
}

function withIds(drafts: readonly DraftCandidate[]): MemoryCandidate[] {
  return drafts.map((draft, i) => ({ candidateId: `c${i + 1}`, ...draft }));
}
