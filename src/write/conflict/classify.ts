/**
 * The five relations of seed 002 §3 between a new statement and one existing memory, plus the
 * one-off exception of seed 003 §4.2:
 *
 *   duplicate  same fact again                       → reinforce the old one
 *   supersede  same dimension, opposite polarity or
 *              a changed single value                → old becomes superseded (never deleted)
 *   merge      same topic, the new one adds detail   → one fuller memory
 *   ask_user   same dimension, possibly conflicting,
 *              not clearly a change                  → ask, don't guess
 *   coexist    no direct conflict                    → both stay
 *   exception  "这次打电话也行" against a standing
 *              preference                            → keep it, note a one-off exception
 *
 * Rules only (seed 002 §3.4: fine for clear cases and as a fallback, not as semantics).
 */

import { detectLanguage, normalizeText } from "../../text/tokenizer.js";
import { isChangeWord, readClaim } from "../extract/claim.js";
import type { Dimension } from "../extract/dimension-words.js";
import { canonicalValue, type DimensionReading, dimensionOfKey, readDimension } from "../extract/dimensions.js";
import { entityKeyParts, holdsOneValue, isObjectKey, isPlainKey, keySubject, withoutSpeaker } from "../extract/keys.js";
import { sameEntity } from "../extract/subject.js";
import { DUPLICATE_SIMILARITY, namesOtherThing } from "../scoring.js";
import { analyzeStatement, anchorSimilarity, isStrictSuperset, type StatementAnalysis } from "./analyze.js";
import { mentions, sameSubject, statedChange, statedMove, stateSubject } from "./change.js";

export const CONFLICT_RELATIONS = ["duplicate", "supersede", "merge", "ask_user", "coexist", "exception"] as const;
export type ConflictRelation = (typeof CONFLICT_RELATIONS)[number];

/** What classification reads of a candidate or a stored record. */
export interface Statement {
  content: string;
  key: string;
  kind: string;
  value?: string | number | boolean;
  /** Who said it when several people talk (`MemoryCandidate.speaker`, `MemoryRecord.source.speaker`). */
  speaker?: string;
  /** `conversation` for an episode of the conversation itself; absent for the user's own memories. */
  about?: string;
  /** Polarity as extracted (`MemoryCandidate.positive`), when known. */
  positive?: boolean;
}

export interface RelationJudgement {
  relation: ConflictRelation;
  /** Why, for the audit history and the trace. */
  reason: string;
}

export interface ClassifyOptions {
  /** Cosine similarity of the two from the store's vector index, when known. */
  similarity?: number;
  /** The candidate reads as a one-off permission (`AdmittedCandidate.oneOffException`). */
  oneOffException?: boolean;
  /** Duplicates at or above this similarity. @default DUPLICATE_SIMILARITY (0.85, seed 001 §5.3) */
  duplicateSimilarity?: number;
  /** The dimension a text is about by meaning, where an embeddings model is configured (meaning.ts). */
  meaning?: (content: string) => string | undefined;
}

/** Kinds whose key holds one value at a time: a new value replaces the old. */
const SINGLE_VALUED_KINDS = new Set(["fact", "business_fact"]);
// Outside preferences, sharing a word or two is not sharing a dimension: a fact is replaced or
// questioned only when most of its topic words recur (Dice ≥ 0.5) or one statement contains the other.
const STRONG_TOPIC_OVERLAP = 0.5;

/**
 * Classify how `candidate` relates to `existing`.
 * @example
 * const statement = (content: string, key: string, positive = true): Statement => ({ content, key, kind: "preference", positive });
 * const mango = statement("用户喜欢吃芒果", "food.mango");
 * classifyRelation(statement("用户最近不吃芒果了", "food.mango", false), mango).relation; // "supersede"
 * classifyRelation(statement("用户喜欢喝咖啡", "food.coffee"), mango).relation;         // "ask_user"
 * classifyRelation(statement("用户偏好华为手机", "device.phone"), mango).relation;      // "coexist"
 */
export function classifyRelation(
  candidate: Statement,
  existing: Statement,
  options: ClassifyOptions = {},
): RelationJudgement {
  const judged = relationOf(candidate, existing, options);
  // A statement kept as said (keys.ts `plainKeyOf`) has no attribute read from its text, so
  // nothing establishes that it and another hold one value: they coexist rather than one
  // silently replacing the other or a question being asked about a guess.
  if (
    (judged.relation === "supersede" || judged.relation === "ask_user") &&
    (isPlainKey(candidate.key) || isPlainKey(existing.key))
  ) {
    return { relation: "coexist", reason: `a statement kept as said never replaces another (${judged.reason})` };
  }
  return judged;
}

function relationOf(candidate: Statement, existing: Statement, options: ClassifyOptions): RelationJudgement {
  // What one person says about themselves never describes another (a conversation's two speakers).
  if (candidate.speaker && existing.speaker && candidate.speaker !== existing.speaker) {
    return { relation: "coexist", reason: `different speakers (${candidate.speaker} / ${existing.speaker})` };
  }
  // A record of the conversation itself is what was said, never a fact about the user.
  if ((candidate.about ?? "user") !== (existing.about ?? "user")) {
    return { relation: "coexist", reason: "an episode of the conversation and a memory of the user never conflict" };
  }
  // Facts about different people, projects or pets (or the speaker and someone else) never relate.
  const [mine, theirs] = [keySubject(candidate.key), keySubject(existing.key)];
  if (!sameEntity(mine.entity, theirs.entity)) {
    return {
      relation: "coexist",
      reason: `different subjects (${mine.entity ?? "the user"} / ${theirs.entity ?? "the user"})`,
    };
  }
  // Two of the speaker's events with different people named (an appointment with Dr. Li, one
  // with Dr. Lu) are two events, however alike their words.
  if (mine.object && theirs.object && !sameEntity(mine.object, theirs.object)) {
    return { relation: "coexist", reason: `with different people (${mine.object} / ${theirs.object})` };
  }
  // "My sister's cat, Susun, …" and "My sister's cat, Fere, …": subjects that name different
  // things are about different things, whatever key the rules gave them.
  if (namesOtherThing(candidate.content, existing.content)) {
    return { relation: "coexist", reason: "different named subjects" };
  }
  const attribute = sameEntityAttribute(candidate, existing);
  if (attribute) return attribute;
  const dimensional = sameDimensionValue(candidate, existing, options.meaning);
  if (dimensional) return dimensional;
  // "Switched from Trello to Asana" against "uses Trello", "搬到深圳了" against "家在杭州": the
  // statement reports the change itself (change.ts), whatever words the two share.
  const change = statedChange(candidate.content);
  const holder = change && existing.kind !== "episode" ? stateSubject(existing.content, change.from) : undefined;
  if (change && holder !== undefined && sameSubject(change.subject, holder) && !mentions(existing.content, change.to)) {
    return { relation: "supersede", reason: `the statement says it changed from ${change.from} to ${change.to}` };
  }
  const move = existing.kind !== "episode" ? statedMove(candidate.content, existing.content) : undefined;
  if (move) return { relation: "supersede", reason: `moved from ${move.from} to ${move.to}` };
  const threshold = options.duplicateSimilarity ?? DUPLICATE_SIMILARITY;
  const similarity = options.similarity ?? 0;
  const a = analyzeStatement(candidate.content);
  const b = analyzeStatement(existing.content);
  // The speaker's name is who, not what: "Tomasz plays bass" and "Tomasz tore out the cabinets" share no topic.
  const names = nameWords(candidate.speaker, existing.speaker);
  const anchorsA = withoutNames(a.anchors, names);
  const anchorsB = withoutNames(b.anchors, names);

  const sameKey = candidate.key === existing.key || sameAttribute(candidate.key, existing.key);
  const preferences = candidate.kind === "preference" && existing.kind === "preference";
  const sharedAnchors = [...anchorsA].filter((anchor) => anchorsB.has(anchor));
  const shared = sharedAnchors.length > 0;
  const sameFrame = sameAttitudeFrame(a, b);
  const nearVector = similarity >= threshold;
  if (!sameKey && !shared && !sameFrame && !nearVector) {
    return { relation: "coexist", reason: "different dimension: no shared key, topic or attitude frame" };
  }
  // 不吃茄子 / 不吃洋葱: two objects of one topic; the words they share (订餐时记得备注) are not the topic.
  if (preferences && !sameKey && isObjectKey(candidate.key) && isObjectKey(existing.key) && !sameFrame) {
    return { relation: "coexist", reason: `different objects (${candidate.key} / ${existing.key})` };
  }

  const topic = shared
    ? `shared topic ${sharedAnchors.slice(0, 3).join("/")}`
    : sameKey
      ? `same key ${existing.key}`
      : "same attitude and domain";
  const opposite = a.stance !== b.stance;
  const related = shared || sameKey || nearVector;

  if (options.oneOffException && related) {
    return { relation: "exception", reason: `one-off exception to a standing memory (${topic})` };
  }
  const overlap = anchorSimilarity(anchorsA, anchorsB);
  // Different dates or numbers: another occurrence or another value, never the same statement.
  const detailsDiffer = a.details.size > 0 && b.details.size > 0 && !sameSet(a.details, b.details);
  if (!opposite && !detailsDiffer && (overlap >= threshold || (nearVector && similarity >= 0.97))) {
    return { relation: "duplicate", reason: `same statement (${topic}, overlap ${round2(overlap)})` };
  }
  // One shared word is too little to call one memory a fuller version of another, outside the
  // preferences the article merges (喝美式咖啡 → 喝美式咖啡不加糖).
  const enough = (small: ReadonlySet<string>) => preferences || small.size >= 2;
  const fuller = shared && !detailsDiffer && enough(anchorsB) && isStrictSuperset(anchorsA, anchorsB);
  const covered = shared && !detailsDiffer && !opposite && enough(anchorsA) && isStrictSuperset(anchorsB, anchorsA);
  const dimension = dimensionOfKey(withoutSpeaker(existing.key));
  const valuesDiffer =
    sameKey &&
    candidate.value !== undefined &&
    existing.value !== undefined &&
    canonicalValue(dimension, candidate.value) !== canonicalValue(dimension, existing.value);
  // Where someone lives now, a dimension's value: one at a time, whether a state or the event
  // that set it ("Anna moved to Osaka" against "My colleague Anna moved to Boston").
  if (valuesDiffer && holdsOneValue(existing.key)) {
    return {
      relation: "supersede",
      reason: `same key ${existing.key}, value changed from ${existing.value} to ${candidate.value}`,
    };
  }
  // Events are additive: an episode never replaces or questions another memory, it only
  // repeats or details the same event.
  if (candidate.kind === "episode" || existing.kind === "episode") {
    if (covered)
      return { relation: "duplicate", reason: `already covered by a fuller account of the event (${topic})` };
    if (fuller && !opposite && candidate.kind === existing.kind)
      return { relation: "merge", reason: `same event, adds detail (${topic})` };
    return { relation: "coexist", reason: `events are additive (${topic})` };
  }
  // Preferences share a dimension through a word or their attitude; other memories need more.
  const sameDimension = preferences || sameKey || nearVector || overlap >= STRONG_TOPIC_OVERLAP || fuller || covered;
  if (opposite && related && sameDimension) {
    return { relation: "supersede", reason: `same dimension, opposite polarity (${topic})` };
  }
  if (
    sameKey &&
    !valuesDiffer &&
    !opposite &&
    candidate.value !== undefined &&
    existing.value !== undefined &&
    STATE_KINDS.has(candidate.kind) &&
    STATE_KINDS.has(existing.kind)
  ) {
    return { relation: "duplicate", reason: `same value ${existing.value} of ${existing.key}` };
  }
  if (valuesDiffer && (SINGLE_VALUED_KINDS.has(candidate.kind) || a.changeMarker)) {
    return {
      relation: "supersede",
      reason: `same key ${existing.key}, value changed from ${existing.value} to ${candidate.value}`,
    };
  }
  // What the two share must be more than whom they are about and the word for changing: 鸿湾的
  // 部署已经换成Docker了 says nothing of 鸿湾已经换成Redis了 (a deployment, a database).
  const said = [candidate.content, existing.content].flatMap((text) => {
    const name = readClaim(text, detectLanguage(text))?.entity?.name;
    return name ? [normalizeText(name)] : [];
  });
  const topical = sharedAnchors.filter((anchor) => !isChangeWord(anchor) && !said.includes(normalizeText(anchor)));
  if (related && a.changeMarker && sameDimension && (sameKey || nearVector || preferences || topical.length > 0)) {
    return { relation: "supersede", reason: `the statement says it changed (${topic})` };
  }
  if (fuller) {
    return { relation: "merge", reason: `same topic, adds detail (${topic})` };
  }
  if (covered) {
    return { relation: "duplicate", reason: `already covered by a fuller memory (${topic})` };
  }
  // Asking is for one dimension that may hold one answer: a preference, or a keyed value.
  if (!preferences && !valuesDiffer) {
    return { relation: "coexist", reason: `related (${topic}) but not the same dimension` };
  }
  return {
    relation: "ask_user",
    reason: `same dimension (${topic}) but not a duplicate (overlap ${round2(overlap)}): possibly conflicting`,
  };
}

const STATE_KINDS = new Set(["preference", "fact", "business_fact"]);

interface OnDimension {
  dimension: Dimension;
  reading?: DimensionReading;
  /** Known by meaning only (an embeddings model), so its value is not known. */
  byMeaning?: boolean;
}

/**
 * What a statement sets on a dimension of the vocabulary: from its key or its words, failing
 * those by meaning.
 */
function dimensionOf(statement: Statement, meaning?: (content: string) => string | undefined): OnDimension | undefined {
  if (!STATE_KINDS.has(statement.kind)) return undefined;
  const byKey = dimensionOfKey(withoutSpeaker(statement.key));
  const reading = readDimension(statement.content);
  if (byKey) return reading?.dimension === byKey ? { dimension: byKey, reading } : { dimension: byKey };
  if (reading) return { dimension: reading.dimension, reading };
  const near = meaning?.(statement.content);
  const dimension = near ? dimensionOfKey(near) : undefined;
  return dimension ? { dimension, byMeaning: true } : undefined;
}

/**
 * Two statements setting one dimension of the vocabulary, whatever their words or keys ("I prefer
 * detailed, long explanations" / "keep answers short"): the same value again is a duplicate, a
 * new value replaces the old (each dimension holds one value at a time).
 */
function sameDimensionValue(
  candidate: Statement,
  existing: Statement,
  meaning?: (content: string) => string | undefined,
): RelationJudgement | undefined {
  const a = dimensionOf(candidate, meaning);
  const b = dimensionOf(existing, meaning);
  if (!a || !b || a.dimension !== b.dimension) return undefined;
  // The meaning names the dimension, not the value: a question, never a silent replacement.
  if (a.byMeaning || b.byMeaning) {
    return {
      relation: "ask_user",
      reason: `both about ${a.dimension.label.en} (by meaning); the values are not clear`,
    };
  }
  const settled = (s: Statement, d: typeof a) =>
    s.value !== undefined ? canonicalValue(d.dimension, s.value) : d.reading?.value;
  const [from, to] = [settled(existing, b), settled(candidate, a)];
  if (from === undefined || to === undefined) return undefined;
  const label = a.dimension.label.en;
  const polarity = (candidate.positive ?? true) === (existing.positive ?? true);
  if (from === to && polarity) return { relation: "duplicate", reason: `same ${label}: ${to}` };
  return { relation: "supersede", reason: `${label} changed from ${from} to ${to}${polarity ? "" : " (polarity)"}` };
}

/**
 * Two statements about one attribute of one named entity (keys.ts claimKey) that give different
 * values: the new one replaces the old only when the text says the attribute holds one value
 * at a time (its key carries no value) or that the value changed ("now meets on Wednesdays");
 * otherwise both stand: a duplicate costs little, a wrong replacement loses a fact.
 */
function sameEntityAttribute(candidate: Statement, existing: Statement): RelationJudgement | undefined {
  const [mine, theirs] = [entityKeyParts(candidate.key), entityKeyParts(existing.key)];
  if (!mine || !theirs || mine.attribute !== theirs.attribute || !sameEntity(mine.entity, theirs.entity))
    return undefined;
  const [from, to] = [statedValue(existing, theirs.value), statedValue(candidate, mine.value)];
  if (from === undefined || to === undefined || from === to) return undefined;
  const changed = readClaim(candidate.content, detectLanguage(candidate.content))?.changed === true;
  if (mine.value === undefined || changed)
    return {
      relation: "supersede",
      reason: `${mine.entity} ${mine.attribute}: ${from} → ${to}${changed ? " (said to have changed)" : ""}`,
    };
  return {
    relation: "coexist",
    reason: `another value of ${mine.entity} ${mine.attribute} (${to} beside ${from}); the text does not say it replaces it`,
  };
}

function statedValue(statement: Statement, segment: string | undefined): string | undefined {
  if (statement.value !== undefined) return normalizeText(String(statement.value)).trim();
  return segment;
}

/**
 * The same attribute of one entity, one side named by a bare name: "Anna moved to Osaka"
 * (`person.anna.location`) and "My colleague Anna moved to Boston" (`colleague.anna.location`).
 */
function sameAttribute(a: string, b: string): boolean {
  const [ea, eb] = [keySubject(a).entity, keySubject(b).entity];
  if (!ea || !eb || ea === eb || !sameEntity(ea, eb)) return false;
  return withoutSpeaker(a).slice(ea.length) === withoutSpeaker(b).slice(eb.length);
}

/** Same attitude (like/dislike) about the same domain (diet, device, ...): 喜欢喝咖啡 vs 喜欢吃芒果. */
function sameAttitudeFrame(a: StatementAnalysis, b: StatementAnalysis): boolean {
  if (!a.attitude || !b.attitude) return false;
  for (const domain of a.domains) if (b.domains.has(domain)) return true;
  return false;
}

/** Anchors a name can produce: its English words, its Chinese bigrams. */
function nameWords(...names: Array<string | undefined>): Set<string> {
  const words = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    for (const word of name.toLowerCase().split(/\s+/u)) words.add(word);
    const han = Array.from(name.replace(/[^\p{Script=Han}]/gu, ""));
    for (let i = 0; i + 1 < han.length; i++) words.add(han[i]! + han[i + 1]!);
  }
  return words;
}

function withoutNames(anchors: ReadonlySet<string>, names: ReadonlySet<string>): ReadonlySet<string> {
  if (names.size === 0) return anchors;
  return new Set([...anchors].filter((anchor) => !names.has(anchor)));
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
