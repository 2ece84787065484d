/**
 * The admission score (seed 002 §2): four questions before anything is remembered.
 *
 *   score = 0.25 × novelty + 0.30 × stability + 0.25 × reusability + 0.20 × confidence
 *
 * written when score ≥ 0.62. Stability weighs most: it is what keeps one-off task state
 * ("这次先用 SQLite") out of long-term memory even when it is new and certain.
 * Source rules from seeds 003 and 004 run before the score: who said it caps how sure we are.
 *
 * Novelty is measured against what is already known about the same subject and attribute —
 * the active memories under the candidate's own key, which names whom it is about and which
 * dimension it sets (`colleague.anna.location`, `reply.length`) — never against whatever is
 * lexically near: "My colleague Bob moved to Osaka" is news however many colleagues moved.
 * The write graph's score node finds those memories and `sameFactSimilarity` scores them, so
 * everything here stays pure and testable.
 */
import { z } from "zod";
import { InvalidConfigError, zodProblem } from "../errors.js";
import type { MemoryKind, MemoryRecord, SourceType } from "../schema.js";
import { alternation } from "../text/patterns.js";
import { detectLanguage } from "../text/tokenizer.js";
import type { MemoryCandidate } from "./candidate.js";
import { analyzeStatement } from "./conflict/analyze.js";
import { claimsBusinessState, isOneOff, isTransient } from "./cues.js";
import { namesIn, subjectNames } from "./extract/claim.js";
import { canonicalValue, dimensionOfKey } from "./extract/dimensions.js";
import { withoutSpeaker } from "./extract/keys.js";
import { MOOD_WORDS, TRAIT_WORDS } from "./extract/markers.js";

const unit = z.number().min(0).max(1);

/** Seed 004 §2: inferred memories are capped at 0.6. */
export const INFERRED_MAX_CONFIDENCE = 0.6;
/** Seed 003 §5.6: agent-generated content is capped at 0.5 until the user confirms it. */
export const AGENT_MAX_CONFIDENCE = 0.5;
/** Seed 001 §5.3: at this similarity or above, a new statement restates an existing memory. */
export const DUPLICATE_SIMILARITY = 0.85;
/** Seed 003 §5.1: personality, likes and moods are written only at this confidence or above. */
export const PERSONAL_MIN_CONFIDENCE = 0.85;

/** Seed 002 §2 / §9.1: W_NOVELTY, W_STABILITY, W_REUSABLE, W_CONFIDENCE. */
export const AdmissionWeightsSchema = z
  .object({
    novelty: unit.default(0.25),
    stability: unit.default(0.3),
    reusability: unit.default(0.25),
    confidence: unit.default(0.2),
  })
  .strict();

export const AdmissionConfigSchema = z
  .object({
    weights: AdmissionWeightsSchema.prefault({}),
    /** Seed 002 §2.2: 0.62, not 0.55, so transient decisions (≈ 0.58) stay out. */
    threshold: unit.default(0.62),
    /** Seed 003 §5.1: personality, likes and moods need at least this confidence. */
    personalMinConfidence: unit.default(PERSONAL_MIN_CONFIDENCE),
    inferredMaxConfidence: unit.default(INFERRED_MAX_CONFIDENCE),
    agentMaxConfidence: unit.default(AGENT_MAX_CONFIDENCE),
    /** A nearer active memory makes a candidate a restatement (see DUPLICATE_SIMILARITY). */
    duplicateSimilarity: unit.default(DUPLICATE_SIMILARITY),
    /**
     * Where an embeddings model is configured, a statement this near (cosine) to one dimension's
     * words, and clearly nearer than to any other, is about that dimension (conflict/meaning.ts).
     * Not from a seed: a middle value for sentence embeddings; tune it to the model.
     */
    dimensionSimilarity: unit.default(0.5),
  })
  .strict()
  .refine((c) => c.weights.novelty + c.weights.stability + c.weights.reusability + c.weights.confidence > 0, {
    message: "weights must not all be 0",
    path: ["weights"],
  });

export type AdmissionConfig = z.output<typeof AdmissionConfigSchema>;
/** What callers may pass: any subset, weights too. */
export type AdmissionConfigInput = z.input<typeof AdmissionConfigSchema>;

/**
 * Validate admission options and fill in the seed defaults.
 * @throws {InvalidConfigError} naming the offending field and what it received.
 * @example
 * const config = parseAdmissionConfig({ threshold: 0.7, weights: { novelty: 0.2 } });
 */
export function parseAdmissionConfig(input: unknown = {}): AdmissionConfig {
  const result = AdmissionConfigSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const { field, text, issues } = zodProblem(result.error, "(admission)");
  throw new InvalidConfigError(`Invalid admission options: ${text}.`, { field, issues });
}

// Seed 002 §9.1 sub-scores. The article gives them for the transient sample (stability 0.3,
// reusability 0.2) and the rule samples (reusability 0.85, otherwise 0.5); an episode's
// stability of 2/3 reproduces its 0.775 for "上周排查过一个 502" (true once, fades as history).
const STABILITY = { transient: 0.3, timeBound: 2 / 3, standing: 1 } as const;
const REUSABILITY = { rule: 0.85, default: 0.5, transient: 0.2 } as const;
/** Seed 004 §2 Validate(): explicit statements below 0.8 are raised to 0.9. */
const EXPLICIT_FLOOR = 0.8;
const EXPLICIT_DEFAULT = 0.9;

const RULE_HINTS =
  /约定|所有|必须|每次|总是|一律|以后都|始终|规范|\b(?:always|every|must|whenever|from now on|convention|by default)\b/iu;
// Traits and moods in either language: a candidate without extraction's own flag (a model's).
const PERSONAL_HINTS = new RegExp(
  `${alternation([...TRAIT_WORDS.zh, ...MOOD_WORDS.zh])}|\\b${alternation([...TRAIT_WORDS.en, ...MOOD_WORDS.en])}\\b`,
  "iu",
);
/** The signals the score reads: extraction's own flags, or else hints in the candidate's text. */
export interface AdmissionSignals {
  transient: boolean;
  rule: boolean;
  personal: boolean;
  oneOffException: boolean;
}

export function admissionSignals(candidate: MemoryCandidate): AdmissionSignals {
  const text = candidate.content;
  const s = candidate.signals ?? {};
  const oneOffException = s.oneOffException ?? isOneOff(text);
  return {
    transient: s.transient ?? (oneOffException || isTransient(text)),
    rule: candidate.kind === "procedure" || RULE_HINTS.test(text),
    personal: s.personal ?? PERSONAL_HINTS.test(text),
    oneOffException,
  };
}

/**
 * Seeds 003 §5.6 and 004 §2: how sure we may be, given who said it.
 * explicit < 0.8 → 0.9; inferred ≤ 0.6; agent_generated ≤ 0.5; system_sync = 1.
 */
export function capConfidence(sourceType: SourceType, confidence: number, config: AdmissionConfig): number {
  switch (sourceType) {
    case "explicit":
      return confidence < EXPLICIT_FLOOR ? EXPLICIT_DEFAULT : confidence;
    case "inferred":
      return Math.min(confidence, config.inferredMaxConfidence);
    case "agent_generated":
      return Math.min(confidence, config.agentMaxConfidence);
    case "system_sync":
      return 1;
  }
}

export interface AdmissionScores {
  novelty: number;
  stability: number;
  reusability: number;
  confidence: number;
  /** Weighted sum, rounded to 3 decimals like the article's table. */
  score: number;
}

/**
 * The four-question score of one candidate.
 * @param novelty 1 − similarity of the nearest active memory in scope (1 when there is none).
 * @example
 * import { extractWithRules } from "./extract/index.js";
 * const [candidate] = extractWithRules([{ id: "m1", role: "user", content: "我不吃香菜", at: "2024-05-07T10:00:00+08:00" }]);
 * admissionScore(candidate!, 1, parseAdmissionConfig()).score; // 0.875
 */
export function admissionScore(candidate: MemoryCandidate, novelty: number, config: AdmissionConfig): AdmissionScores {
  const signals = admissionSignals(candidate);
  const stability = signals.transient
    ? STABILITY.transient
    : candidate.kind === "episode" || candidate.kind === "todo"
      ? STABILITY.timeBound
      : STABILITY.standing;
  const reusability = signals.transient ? REUSABILITY.transient : signals.rule ? REUSABILITY.rule : REUSABILITY.default;
  const confidence = capConfidence(candidate.sourceType, candidate.confidence, config);
  const w = config.weights;
  const n = clamp01(novelty);
  const raw = w.novelty * n + w.stability * stability + w.reusability * reusability + w.confidence * confidence;
  return { novelty: round3(n), stability: round3(stability), reusability, confidence, score: round3(raw) };
}

/** Why a candidate was not written. Stable codes; `message` says it for people. */
export const REJECTION_REASONS = [
  "below_threshold",
  "transient",
  "not_novel",
  "personal_low_confidence",
  "business_fact_requires_system_sync",
  "system_sync_requires_business_fact",
  "outranked",
  "stale",
  "already_known",
  "user_rejected",
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export interface Rejection {
  candidate: MemoryCandidate;
  reason: RejectionReason;
  /** The admission score (0 when a source rule rejected it before scoring). */
  score: number;
  scores?: AdmissionScores;
  message: string;
  /** The existing memory involved, for conflict rejections. */
  relatedId?: string;
}

/** A candidate that passed admission, with what the next nodes need. */
export interface AdmittedCandidate {
  candidate: MemoryCandidate;
  scores: AdmissionScores;
  /**
   * The record's confidence: capped by source (seeds 003, 004); an explicit statement said once
   * starts at 0.9 (seed 004 §2) even when the score counted it as fully certain.
   */
  confidence: number;
  /** `pending` waits for the user: inferred preferences and anything agent-generated. */
  status: "active" | "pending";
  /** Restates an existing memory (low novelty only because of it): reinforce, don't reject. */
  restatement: boolean;
  /** A one-off permission; only kept if it qualifies a standing memory (seed 003 §4.2). */
  oneOffException: boolean;
  /** Set when the score alone would reject it; resolve-conflict rejects unless a relation rescues it. */
  deferredRejection?: { reason: RejectionReason; message: string };
  /**
   * Active memories found while computing novelty (for resolve-conflict): the nearest by vector
   * and those under the candidate's own key.
   */
  neighbours?: NearMemory[];
  /** How many the vector search returned: fewer than it asked for means it saw every active memory. */
  vectorHits?: number;
}

export type AdmissionVerdict = { admitted: AdmittedCandidate } | { rejected: Rejection };

/** A memory found for a candidate: `similarity` is the store's cosine score, 0 when found by key. */
export interface NearMemory {
  record: MemoryRecord;
  similarity: number;
}

/**
 * How close a candidate comes to what is known about the same subject and attribute: the best
 * of the active memories under its own key, from the same speaker, about the user (an episode of
 * the conversation is never compared). Two values of one key are the same fact when they are the
 * same value (1) and news when not (0), however alike the sentences; without values, the
 * store's cosine or the share of topic words, dates and numbers the two have in common.
 * @example
 * declare const lockerIs2: MemoryCandidate; // "My locker number is 2"
 * declare const lockerIs1: MemoryRecord; // "My locker number is 1", the same key
 * sameFactSimilarity(lockerIs2, [{ record: lockerIs1, similarity: 0.97 }]); // { similarity: 0, memory: lockerIs1 }
 */
export function sameFactSimilarity(
  candidate: MemoryCandidate,
  memories: readonly NearMemory[],
): { similarity: number; memory?: MemoryRecord } {
  let best: { similarity: number; memory?: MemoryRecord } = { similarity: 0 };
  const dimension = dimensionOfKey(withoutSpeaker(candidate.key));
  for (const { record, similarity } of memories) {
    if (record.key !== candidate.key || (record.about ?? "user") !== (candidate.about ?? "user")) continue;
    if ((record.source.speaker ?? "") !== (candidate.speaker ?? "")) continue;
    // "My sister's cat, Susun, …" beside "…, Fere, …": subjects naming different things are two facts.
    if (namesOtherThing(candidate.content, record.content)) continue;
    const valued = candidate.value !== undefined && record.value !== undefined;
    // "…with Dr. Bemard … on July 8" / "…with Dr. Brosk … on May 23": two statements that each
    // name a particular (a name, a number) the other does not are two facts however alike their
    // words; whether one replaces the other is the conflict step's question, not admission's.
    if (!valued && disjointParticulars(candidate.content, record.content)) continue;
    const sameValue =
      candidate.value !== undefined && record.value !== undefined
        ? canonicalValue(dimension, candidate.value) === canonicalValue(dimension, record.value)
        : undefined;
    const score =
      sameValue === undefined
        ? Math.max(similarity, wordSimilarity(candidate.content, record.content))
        : sameValue
          ? 1
          : 0;
    if (!best.memory || score > best.similarity) best = { similarity: score, memory: record };
  }
  return best;
}

const NAMES_CACHE_LIMIT = 4096;
const namesCache = new Map<string, string[]>();

function namesOf(text: string): string[] {
  let names = namesCache.get(text);
  if (names === undefined) {
    names = subjectNames(text, detectLanguage(text));
    if (namesCache.size >= NAMES_CACHE_LIMIT) namesCache.delete(namesCache.keys().next().value!);
    namesCache.set(text, names);
  }
  return names;
}

/**
 * Both subjects name something (claim.ts `subjectNames`; cached, bounded) and neither statement
 * says the other's: "My sister's cat, Susun, …" / "…, Fere, …". "Gonora moved abroad, so Zumun is
 * …" still says Zumun, the subject of "Zumun belongs to Gonora".
 */
export function namesOtherThing(a: string, b: string): boolean {
  const [x, y] = [namesOf(a), namesOf(b)];
  if (x.length === 0 || y.length === 0) return false;
  const [saidA, saidB] = [a.toLowerCase(), b.toLowerCase()];
  return !x.some((name) => saidB.includes(name)) && !y.some((name) => saidA.includes(name));
}

const particularsCache = new Map<string, string[]>();

/** The names and numbers a statement says anywhere in it (claim.ts `namesIn`; cached, bounded). */
function particularsOf(text: string): string[] {
  let found = particularsCache.get(text);
  if (found === undefined) {
    const names = namesIn(text, detectLanguage(text)).map((n) => n.toLowerCase());
    found = [...new Set([...names, ...(text.match(/\d+/gu) ?? [])])];
    if (particularsCache.size >= NAMES_CACHE_LIMIT) particularsCache.delete(particularsCache.keys().next().value!);
    particularsCache.set(text, found);
  }
  return found;
}

/**
 * Each statement names a particular the other does not say: a different name or number on both
 * sides (Dr. Rovett on 14 January / Dr. Pull on January 18; 玉岚项目 / 海梭项目). A statement that
 * only adds to the other (the same appointment "at 3pm") or says the same is not.
 */
export function disjointParticulars(a: string, b: string): boolean {
  const [x, y] = [particularsOf(a), particularsOf(b)];
  const [saidA, saidB] = [a.toLowerCase(), b.toLowerCase()];
  // A number is said when the other says the same number, not a longer one (3 / 23).
  const said = (p: string, text: string, theirs: readonly string[]) =>
    /^\d+$/u.test(p) ? theirs.includes(p) : text.includes(p);
  return x.some((p) => !said(p, saidB, y)) && y.some((p) => !said(p, saidA, x));
}

/** Dice overlap of two statements' topic words together with their dates and numbers. */
function wordSimilarity(a: string, b: string): number {
  const [x, y] = [analyzeStatement(a), analyzeStatement(b)];
  const left = new Set([...x.anchors, ...x.details]);
  const right = new Set([...y.anchors, ...y.details]);
  if (left.size === 0 || right.size === 0) return a.trim() === b.trim() ? 1 : 0;
  let shared = 0;
  for (const item of left) if (right.has(item)) shared++;
  return (2 * shared) / (left.size + right.size);
}

/**
 * Source rules, then the score. `nearestSimilarity` is how close the candidate comes to what is
 * known about the same subject and attribute (`sameFactSimilarity`; 0 when nothing is), and
 * `compared` the memory that was, named in a rejection so that every refusal can be explained.
 * @example
 * import { extractWithRules } from "./extract/index.js";
 * const [candidate] = extractWithRules([{ id: "m1", role: "user", content: "这次先用 SQLite", at: "2024-05-07T10:00:00+08:00" }]);
 * const verdict = admit(candidate!, 0, parseAdmissionConfig());
 * if ("rejected" in verdict) console.log(verdict.rejected.reason, verdict.rejected.score); // transient 0.59
 */
export function admit(
  proposed: MemoryCandidate,
  nearestSimilarity: number,
  config: AdmissionConfig,
  compared?: MemoryRecord,
): AdmissionVerdict {
  const candidate = asBusinessHearsay(proposed);
  const against = compared
    ? ` Compared with ${compared.id} ("${preview(compared.content)}"), similarity ${round3(nearestSimilarity)}.`
    : " Nothing is known about the same subject and attribute (novelty 1).";
  const reject = (reason: RejectionReason, message: string, scores?: AdmissionScores): AdmissionVerdict => ({
    rejected: {
      candidate,
      reason,
      score: scores?.score ?? 0,
      scores,
      message: scores ? `${message}${against}` : message,
      ...(compared && scores ? { relatedId: compared.id } : {}),
    },
  });
  // Seed 004 §2: business facts come from the business system, never from a chat.
  if (candidate.kind === "business_fact" && candidate.sourceType !== "system_sync") {
    return reject(
      "business_fact_requires_system_sync",
      `A business_fact must come from system_sync; received source '${candidate.sourceType}'.`,
    );
  }
  if (candidate.sourceType === "system_sync" && candidate.kind !== "business_fact") {
    return reject(
      "system_sync_requires_business_fact",
      `system_sync may only write business_fact memories; received kind '${candidate.kind}'.`,
    );
  }
  const signals = admissionSignals(candidate);
  const scores = admissionScore(candidate, 1 - Math.max(0, nearestSimilarity), config);
  // Seed 003 §5.1: judged on what extraction was sure of, before the explicit floor lifts it.
  // A trait or mood only these hints noticed was scored by extraction as ordinary speech, so
  // its confidence does not vouch for the judgement: the user must have asked us to remember it
  // ("我这个人就是比较难搞" said in passing is the seed's own example of memory pollution).
  const vouched = candidate.signals?.personal !== undefined || candidate.signals?.explicitMarker === true;
  const personalConfidence = vouched ? Math.min(candidate.confidence, scores.confidence) : 0;
  if (signals.personal && personalConfidence < config.personalMinConfidence) {
    return reject(
      "personal_low_confidence",
      vouched
        ? `Statements about personality, likes or mood need confidence ≥ ${config.personalMinConfidence}; this one has ${personalConfidence}.`
        : "A judgement about the user's personality or mood, said in passing: not written unless the user asks to remember it.",
      scores,
    );
  }
  // A business state in a model's words (这个客户快签了 read as 客户已签约: seed 004's accident)
  // waits for the user; in the user's own words it is kept, unconfirmed (asBusinessHearsay).
  const status =
    candidate.sourceType === "agent_generated" ||
    (candidate.sourceType === "inferred" && candidate.kind === "preference") ||
    (candidate.signals?.businessHearsay === true && candidate.extractor === "model")
      ? "pending"
      : "active";
  const admitted: AdmittedCandidate = {
    candidate,
    scores,
    // Said once is worth the explicit default; repetition earns the rest (reinforcement).
    confidence: candidate.sourceType === "explicit" ? Math.min(scores.confidence, EXPLICIT_DEFAULT) : scores.confidence,
    status,
    restatement: false,
    oneOffException: signals.oneOffException,
  };
  if (scores.score >= config.threshold) return { admitted };

  const reason: RejectionReason = signals.transient ? "transient" : "below_threshold";
  const message =
    reason === "transient"
      ? `Transient statement: admission score ${scores.score} < threshold ${config.threshold} (stability ${scores.stability}).`
      : `Admission score ${scores.score} < threshold ${config.threshold}.`;
  // Novelty is the only thing holding it back and a near-duplicate exists: it restates a memory.
  const withoutNoveltyPenalty = scores.score + config.weights.novelty * (1 - scores.novelty);
  if (nearestSimilarity >= config.duplicateSimilarity && withoutNoveltyPenalty >= config.threshold) {
    const restated = { reason: "not_novel" as const, message: `${message}${against}` };
    return { admitted: { ...admitted, restatement: true, deferredRejection: restated } };
  }
  if (signals.oneOffException)
    return { admitted: { ...admitted, deferredRejection: { reason, message: `${message}${against}` } } };
  return reject(reason, message, scores);
}

/** Kinds in which a chat states how things are; a plan, a taste or a rule of the user's is theirs to state. */
const HEARSAY_KINDS: ReadonlySet<MemoryKind> = new Set<MemoryKind>(["fact", "episode"]);

/**
 * Seed 004 §1 (用户随口说"这个客户快签了"，Agent 就记成"客户已签约"): a chat statement of what a
 * business system records (src/write/cues.ts BUSINESS_STATE_CUES) is hearsay about that system,
 * however sure the speaker sounds. In the user's own words it is kept as said (an order the user
 * says shipped is what the user said, not lost; in a model's words it waits for the user), but
 * `inferred` (confidence ≤ 0.6, marked
 * unconfirmed where it is injected), never a `business_fact`: it cannot override a synced
 * business fact, and policies that take business facts (`weekly_report`, `query_order`) never
 * see it.
 */
export function asBusinessHearsay(candidate: MemoryCandidate): MemoryCandidate {
  if (candidate.sourceType === "system_sync" || !HEARSAY_KINDS.has(candidate.kind)) return candidate;
  if (!claimsBusinessState(candidate.content)) return candidate;
  return {
    ...candidate,
    sourceType: candidate.sourceType === "agent_generated" ? "agent_generated" : "inferred",
    signals: { ...candidate.signals, businessHearsay: true },
  };
}

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
