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
import type { ChatMessage } from "../../messages.js";
import { textSensitivity } from "../../redact.js";
import { detectLanguage } from "../../text/tokenizer.js";
import type { MemoryCandidate } from "../candidate.js";
import { claimsBusinessState } from "../cues.js";
import { AGENT_MAX_CONFIDENCE } from "../scoring.js";
import { answerDraft } from "./answer.js";
import { type ClaimEntity, namesIn, particularSubject, readClaim } from "./claim.js";
import { type ConversationContext, priorTurns } from "./context.js";
import { conceptHints, dateHints, packHints, questionHints, verbBaseForms } from "./hints.js";
import { introducedNames } from "./introduced.js";
import { findTerms, keyFor, retrievalHintsFor, speakerKey } from "./keys.js";
import { type KnownName, withIntroduced, withKnownNames } from "./known-names.js";
import { isQuestion } from "./markers.js";
import { type DraftCandidate, dedupeCandidates, mergeModelCandidates } from "./merge.js";
import { extractWithModel } from "./model.js";
import { readUnit } from "./reader.js";
import { enReader } from "./reader-en.js";
import { zhReader } from "./reader-zh.js";
import { entityOf, namedIn, restoreSubject } from "./reference.js";
import { decide, type ReadContext, type RuleDraft, type UnitReading } from "./rules.js";
import { groupUnits, splitClauses, splitSentences, topicFirst, type Unit, unitText } from "./segment.js";
import { recentName, resolveSpeakers, type SpeakerView } from "./speakers.js";

const READERS = { zh: zhReader, en: enReader };
const THIRD_PERSON = /\b(?:he|she|him|her|he's|she's)\b|他|她/iu;

export { type ConversationContext, conversationOperation, nextConversation, readConversation } from "./context.js";
export { clockOf, endOfDay, findTimeMentions } from "./dates.js";
export { findTerms, preferenceKeyOf, retrievalHintsFor } from "./keys.js";
export { contentOverlap } from "./merge.js";
export {
  buildExtractionPrompt,
  extractWithModel,
  ModelExtractionSchema,
  type ModelFailure,
} from "./model.js";

import { slices } from "../../yield.js";
import type { ExtractionFailure } from "../conflict/decision.js";

export interface RuleExtractionOptions {
  /** Read every message as this language instead of detecting it per sentence. */
  language?: "zh" | "en";
  /**
   * The conversation so far (earlier calls): who spoke, the last turns, and the names the scope
   * has introduced (see context.ts, known-names.ts).
   */
  context?: ConversationContext;
}

/** The scope's known names while a batch is read: the stored index, and the names each message adds. */
interface NameBook {
  index: KnownName[];
}

/**
 * The rule layer over a batch: every user and assistant message, sentence by sentence.
 * Repeated statements of one fact become one candidate citing every message.
 * @example
 * extractWithRules([{ id: "m1", role: "user", content: "我不吃香菜，订餐时记得备注。", at: "2024-05-07T10:00:00+08:00" }]);
 * // [{ kind: "preference", key: "food.cilantro", content: "用户不吃香菜，订餐时记得备注", positive: false, ... }]
 */
export function extractWithRules(
  messages: readonly ChatMessage[],
  options: RuleExtractionOptions = {},
): MemoryCandidate[] {
  const drafts: DraftCandidate[] = [];
  const book: NameBook = { index: [...(options.context?.names ?? [])] };
  for (const step of ruleDrafts(messages, options, book)) drafts.push(...step.drafts);
  return withIds(dedupeCandidates(drafts));
}

/**
 * A message stating more memories than this is a paste, not speech: the first ones are kept and
 * the rest reported in `extractionFailures` (never dropped without a word). It also bounds what
 * one message costs the steps after extraction.
 */
export const MAX_CANDIDATES_PER_MESSAGE = 64;

interface DraftStep {
  drafts: DraftCandidate[];
  /** A message whose candidates were cut at MAX_CANDIDATES_PER_MESSAGE, and how many it had. */
  overflow?: { messageId: string; found: number };
}

/**
 * Every message read with who speaks and to whom, and the question it may answer, one sentence
 * at a time (each step is a yield point for callers that share the event loop).
 */
function* ruleDrafts(
  batch: readonly ChatMessage[],
  options: RuleExtractionOptions,
  book: NameBook,
): Generator<DraftStep> {
  // Earlier turns of the conversation are read for context only; only this call's are extracted.
  const prior = priorTurns(options.context, batch);
  const messages = [...prior, ...batch];
  const views = resolveSpeakers(messages, options.context?.speakers);
  const names = [
    ...new Set([...(options.context?.speakers ?? []), ...views.flatMap((v) => (v.speaker ? [v.speaker] : []))]),
  ];
  for (const [i, message] of messages.entries()) {
    if (i < prior.length) continue;
    const previous = i > 0 && views[i - 1]!.speaker !== views[i]!.speaker ? views[i - 1]!.content : undefined;
    // Only the question sentences of the previous turn: "What kind of dog? What's the name?"
    let asked = previous
      ? splitSentences(previous)
          .filter((s) => /[?？]\s*$/u.test(s))
          .join(" ")
      : "";
    // "I'm planning to propose!" — "When??" — "In May, on a hike…": when the other person's turn
    // names no topic (a bare question, a reaction), the speaker is still on their own previous
    // turn's topic, whose words the answer then inherits.
    const thread = i > 1 && views[i - 2]!.speaker === views[i]!.speaker ? views[i - 2]!.content : undefined;
    if (previous && thread && questionHints(asked).length < 2) asked = `${asked} ${thread}`;
    // "My sister moved to Boston, and I visit her every summer": her = the relative named in the
    // same message, else the person last named in the last few turns.
    const relative = findTerms(views[i]!.content)
      .filter((m) => m.term && (m.topic.name === "family" || m.topic.name === "pet"))
      .at(-1)?.surface;
    const window = views.slice(Math.max(0, i - 3), i + 1).map((v) => v.content);
    const speaker = views[i]!.speaker;
    const turn: TurnContext = {
      names,
      askedHints: questionHints(asked, speaker ? [speaker] : []),
      referent: relative ?? recentName(window, names),
    };
    // The question of the turn before, when someone else asked it (the assistant, or another speaker).
    const before = i > 0 ? messages[i - 1]! : undefined;
    const asker =
      before && (before.role !== message.role || views[i - 1]!.speaker !== views[i]!.speaker)
        ? views[i - 1]!
        : undefined;
    const question = asker ? questionOf(asker.content) : undefined;
    if (question) turn.question = question;
    let found = 0;
    for (const drafts of extractFromMessage(message, views[i]!, turn, book, options.language)) {
      const room = MAX_CANDIDATES_PER_MESSAGE - found;
      found += drafts.length;
      yield { drafts: drafts.slice(0, Math.max(0, room)) };
    }
    if (found > MAX_CANDIDATES_PER_MESSAGE) yield { drafts: [], overflow: { messageId: message.id, found } };
  }
}

interface TurnContext {
  /** Everyone who speaks in the batch. */
  names: string[];
  /** Topic words of the question the previous turn asked, when another speaker asked one. */
  askedHints: string[];
  /** The person last named around this turn: whom "he"/"she" may mean. */
  referent?: string;
  /** The question another speaker's previous turn ended with, which this turn may answer. */
  question?: string;
}

/** The last sentence of a turn when it is a question. */
function questionOf(turn: string): string | undefined {
  const last = splitSentences(turn).at(-1);
  return last && /[?？]\s*$/u.test(last) ? last : undefined;
}

function* extractFromMessage(
  message: ChatMessage,
  view: SpeakerView,
  batch: TurnContext,
  book: NameBook,
  forced?: "zh" | "en",
): Generator<DraftCandidate[]> {
  if (message.role !== "user" && message.role !== "assistant") return;
  // An assistant message carrying a person's name ("Tavimo: …" replayed as the assistant) is
  // read as that person speaking; it stays agent_generated all the same (seed 003 §5.6) unless
  // the batch is a transcript of named people, which readTranscript (src/write/transcript.ts) has
  // already turned into named user turns.
  const perspective = message.role === "user" || view.named ? "user" : "assistant";
  // The entity the message last made a subject of: what a later "its", "she", 她 points back to.
  let antecedent: ClaimEntity | undefined;
  let found = 0;
  // What the message's memories say, to tell whether they name what the question asked about.
  const contents: string[] = [];
  // The message's own question the rules read nothing from, waiting for its answer.
  let asked: string | undefined;
  for (const sentence of splitSentences(view.content)) {
    // Per sentence: a message may switch language ("我不吃香菜. Also, I prefer email.").
    const language = forced ?? detectLanguage(sentence);
    // The names the user's sentence introduces count in it and in every later one (known-names.ts).
    if (perspective === "user") {
      const introduced = introducedNames(sentence, language);
      if (introduced.length > 0) book.index = withIntroduced(book.index, introduced, message.id, message.at);
    }
    const known = book.index.map((entry) => entry.name);
    const drafts = withKnownNames(known, () => readSentence(topicFirst(sentence), language));
    found += drafts.length;
    contents.push(...drafts.map((d) => d.content));
    yield drafts;
  }
  function readSentence(sentence: string, language: "zh" | "en"): DraftCandidate[] {
    const drafts: DraftCandidate[] = [];
    const label = perspective === "user" && view.speaker ? view.speaker : language === "zh" ? "用户" : "the user";
    const ctx: ReadContext = {
      at: message.at,
      perspective,
      label,
      conversation: view.conversation,
      names: batch.names,
    };
    if (view.listener) ctx.listener = view.listener;
    const question = isQuestion(sentence, language);
    const clauses = splitClauses(sentence, language);
    const reader = READERS[language];
    // "Don't book Studio D3 for a meeting, it's only for interviews": "it" is the one thing named just before.
    const restoreNamed = (text: string, previous: string): string | undefined => {
      const named = namedIn(previous, language);
      return named ? restoreSubject(text, language, named, { it: true, pronounOnly: true }) : undefined;
    };
    const opens = (text: string, previous: string): string | undefined => {
      // "Acme's contract is basically done, they'll sign next week": one statement of what a
      // business system records, kept whole so that it stays the hearsay note it is (seed 004 §1).
      if (claimsBusinessState(previous)) return reader.opening(text, perspective);
      // 我有一辆自行车，叫钱奕 / 养了一只猫，名叫团子: a name given right after something is
      // introduced (a numeral and its measure word) names that thing, never the speaker.
      if (language === "zh" && NAMING_CLAUSE.test(text) && INTRODUCED.test(previous)) return undefined;
      const before = readClaim(previous, language);
      // "Oskeli, my old roommate, now lives in Porto": still naming the subject, not yet saying anything of it.
      if (before?.subject === "entity" && !before.predicated) return undefined;
      // A pronoun is resolved only when the clause before names one thing: "Kestrel is Dana's
      // baby, she runs it" names two, and "she" is not Kestrel.
      const single = namesIn(previous, language).length <= 1;
      const restored =
        (before?.entity && (single || !isPronounClause(text))
          ? restoreSubject(text, language, before.entity)
          : undefined) ?? (before?.subject !== "speaker" ? restoreNamed(text, previous) : undefined);
      if (restored) return restored;
      const opened = reader.opening(text, perspective);
      // The speaker is restored as the subject only after the speaker: after someone else ("柯文是
      // 我室友，…", "Nelmor, who I'm visiting, lives in …") a subject-less clause is never the user's.
      const speakerRestored = opened !== undefined && opened !== text;
      return speakerRestored && before !== undefined && before.subject !== "speaker" && before.subject !== "none"
        ? undefined
        : opened;
    };
    // "Who runs Dorquel? Tusa Lovenfi does.": an answer that only points back to the question's
    // verb says nothing alone; it is kept with the question below.
    const pointsBack =
      asked !== undefined &&
      !question &&
      perspective === "user" &&
      ELLIPTICAL_ANSWER.test(sentence.trim().replace(/\s+/gu, " "));
    for (const grouped of pointsBack ? [] : groupUnits(clauses, opens)) {
      // "Project Orion started in March. Its tech lead is Tom": the pronoun is the entity named before.
      const said = unitText(grouped);
      const resolved = antecedent ? restoreSubject(said, language, antecedent) : undefined;
      const unit = resolved && readClaim(said, language)?.subject === "pronoun" ? asUnit(grouped, resolved) : grouped;
      const about = entityOf(unitText(unit), language);
      if (perspective === "user" && about)
        antecedent = namesIn(unitText(unit), language).length <= 1 ? about : undefined;
      const readings: UnitReading[] = readUnit(reader, unit, question, ctx);
      for (const reading of readings) {
        const draft = decide(reading, message.at);
        if (draft) drafts.push(toCandidate(draft, message, language, view.speaker, batch));
      }
    }
    // 林夏在哪个城市？成都。 / "Where does Pavo live? Lisbon.": a question the speaker answers
    // at once is one statement, kept as said with the question it answers.
    if (drafts.length === 0 && !question && asked && perspective === "user") {
      const spoken = forced ?? detectLanguage(`${asked}${sentence}`);
      const draft = answerDraft(asked, sentence, spoken, label, { asSaid: true });
      if (draft) drafts.push(toCandidate(draft, message, spoken, view.speaker, batch));
    }
    asked = question && drafts.length === 0 ? sentence : undefined;
    return drafts;
  }
  // "What kind of dog is Jenu?" — "Jenu's a greyhound.": a reply the rules read nothing from is
  // kept with the question it answers.
  // "A1001 这单到哪了？" — "还在路上，预计周五到。": a reply the rules read as a plan or a state
  // that names nothing, to a question about a particular thing, is also kept with the question,
  // which says what it is about.
  const unanchored =
    found > 0 && batch.question !== undefined && asksAboutParticular(batch.question, view.content, contents);
  if ((found === 0 || unanchored) && batch.question && perspective === "user") {
    const question = batch.question;
    const language = forced ?? detectLanguage(`${question} ${view.content}`);
    const label = view.speaker ?? (language === "zh" ? "用户" : "the user");
    const known = book.index.map((entry) => entry.name);
    const drafts = withKnownNames(known, () => {
      const draft = answerDraft(question, view.content, language, label);
      return draft ? [toCandidate(draft, message, language, view.speaker, batch)] : [];
    });
    if (drafts.length > 0) yield drafts;
  }
}

// A subject of up to four words and an auxiliary standing for the question's verb, nothing else.
const ELLIPTICAL_ANSWER =
  /^(?:[\p{L}\p{N}'’-]+ ){1,4}(?:does|do|did|is|are|was|were|has|have|had|will|would|can|could|should)(?: (?:now|too|though|still|not|so))?[.!]?$/iu;

const NAMING_CLAUSE = /^(?:它|牠|他|她)?(?:叫|名叫|名字叫|取名叫?|起名叫?|名为)/u;
// A clause ending on what it introduces: a numeral (一, 两, 3, 几; 有个 for 有一个) and a measure
// word, then at most a dozen characters of description (一辆红色自行车, 两只英短).
const INTRODUCED =
  /(?:[一两二三四五六七八九十几有]|\d{1,3})(?:只|辆|个|条|匹|头|台|部|本|位|盆|棵|架|艘|套|把|张|家|所)[^，,。；;]{0,12}$/u;

/**
 * The question names a particular thing (an id, a name) that neither the reply nor any memory
 * read from it says.
 */
function asksAboutParticular(question: string, reply: string, contents: readonly string[]): boolean {
  const language = detectLanguage(question);
  const thing = particularSubject(question.trimEnd().replace(/[?？]$/u, ""), language);
  if (!thing?.named) return false;
  const name = thing.text.toLowerCase();
  return !reply.toLowerCase().includes(name) && !contents.some((c) => c.toLowerCase().includes(name));
}

function isPronounClause(text: string): boolean {
  return readClaim(text, detectLanguage(text))?.subject === "pronoun";
}

/** A unit read as `text` (a pronoun replaced by what it points to), its marker kept. */
function asUnit(unit: Unit, text: string): Unit {
  return { clauses: [{ text, joiner: "" }], marked: unit.marked };
}

function toCandidate(
  draft: RuleDraft,
  message: ChatMessage,
  language: "zh" | "en",
  speaker: string | undefined,
  turn: TurnContext,
): DraftCandidate {
  const agent = message.role === "assistant";
  const lexical = retrievalHintsFor(draft.content, language, { from: draft.source });
  const extra = packHints(
    [
      ...verbBaseForms(draft.source),
      ...conceptHints(draft.source, language),
      ...dateHints(draft.content, language),
      ...turn.askedHints,
      ...(turn.referent && THIRD_PERSON.test(draft.source) && !draft.content.includes(turn.referent)
        ? [turn.referent]
        : []),
    ],
    `${draft.content} ${lexical.join(" ")}`,
  );
  // Keyed by whom it is about and the dimension it sets (keys.ts): another person's fact never
  // shares a key with the speaker's, nor with a third person's.
  const keyed = keyFor(draft);
  const candidate: DraftCandidate = {
    kind: draft.kind,
    key: speaker ? speakerKey(keyed.key, speaker) : keyed.key,
    content: draft.content,
    language,
    positive: draft.positive,
    sourceType: agent ? "agent_generated" : "explicit",
    messageIds: [message.id],
    observedAt: message.at,
    confidence: agent ? Math.min(draft.confidence, AGENT_MAX_CONFIDENCE) : draft.confidence,
    importance: draft.importance,
    sensitivity: textSensitivity(draft.content),
    retrievalHints: extra ? [...lexical, extra] : lexical,
    extractor: draft.extractor,
  };
  if (speaker) candidate.speaker = speaker;
  if (keyed.value !== undefined) candidate.value = keyed.value;
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
  /** Model trouble (stage `model`) and messages read only in part (stage `limit`). */
  extractionFailures: ExtractionFailure[];
  /** The scope's known names after this batch: the stored ones and those its messages introduced. */
  knownNames: KnownName[];
}

/**
 * Rules, then the model layer when a model is given; never throws on model trouble.
 * @example
 * declare const messages: ChatMessage[];
 * declare const model: BaseChatModel;
 * const { candidates, extractionFailures } = await extractCandidates(messages, { model });
 */
export async function extractCandidates(
  messages: readonly ChatMessage[],
  options: ExtractOptions = {},
): Promise<ExtractResult> {
  // A sentence at a time, handing the event loop back between slices: a 64 KiB message takes
  // a while to read, and other users' recalls must not wait for it.
  const pause = slices();
  const drafts: DraftCandidate[] = [];
  const failures: ExtractionFailure[] = [];
  const book: NameBook = { index: [...(options.context?.names ?? [])] };
  for (const step of ruleDrafts(messages, options, book)) {
    drafts.push(...step.drafts);
    if (step.overflow) {
      failures.push({
        stage: "limit",
        error:
          `message ${step.overflow.messageId} states ${step.overflow.found} memories; ` +
          `only the first ${MAX_CANDIDATES_PER_MESSAGE} are read (a message stating more is a paste)`,
      });
    }
    await pause();
  }
  const rules = dedupeCandidates(drafts);
  const speaks = messages.some((m) => m.role === "user" || m.role === "assistant");
  if (!options.model || !speaks)
    return { candidates: withIds(rules), extractionFailures: failures, knownNames: book.index };
  const modelResult = await extractWithModel(messages, options.model, { now: options.now, config: options.config });
  const merged = mergeModelCandidates(rules, dedupeCandidates(modelResult.candidates));
  return {
    candidates: withIds(merged),
    extractionFailures: [...failures, ...modelResult.failures],
    knownNames: book.index,
  };
}

function withIds(drafts: readonly DraftCandidate[]): MemoryCandidate[] {
  return drafts.map((draft, i) => ({ candidateId: `c${i + 1}`, ...draft }));
}
