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
 *   exception  "这次发微信也行" against a standing
 *              preference                            → keep it, note a one-off exception
 *
 * Rules only (seed 002 §3.4: fine for clear cases and as a fallback, not as semantics).
 */
import { analyzeStatement, anchorSimilarity, isStrictSuperset, type StatementAnalysis } from "./analyze.js";

export const CONFLICT_RELATIONS = ["duplicate", "supersede", "merge", "ask_user", "coexist", "exception"] as const;
export type ConflictRelation = (typeof CONFLICT_RELATIONS)[number];

/** What classification reads of a candidate or a stored record. */
export interface Statement {
  content: string;
  key: string;
  kind: string;
  value?: string | number | boolean;
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
  /** Seed 001 §5: duplicates at ≥ 0.85. @default 0.85 */
  duplicateSimilarity?: number;
}

/** Kinds whose key holds one value at a time: a new value replaces the old. */
const SINGLE_VALUED_KINDS = new Set(["fact", "business_fact"]);

/**
 * Classify how `candidate` relates to `existing`.
 * @example
 * classifyRelation(statement("用户最近不吃苹果了"), statement("用户喜欢吃苹果")).relation; // "supersede"
 * classifyRelation(statement("用户喜欢喝咖啡"), statement("用户喜欢吃苹果")).relation;     // "ask_user"
 * classifyRelation(statement("用户偏好华为手机"), statement("用户喜欢吃苹果")).relation;   // "coexist"
 */
export function classifyRelation(candidate: Statement, existing: Statement, options: ClassifyOptions = {}): RelationJudgement {
  const threshold = options.duplicateSimilarity ?? 0.85;
  const similarity = options.similarity ?? 0;
  const a = analyzeStatement(candidate.content);
  const b = analyzeStatement(existing.content);

  const sameKey = candidate.key === existing.key;
  const sharedAnchors = [...a.anchors].filter((anchor) => b.anchors.has(anchor));
  const shared = sharedAnchors.length > 0;
  const sameFrame = sameAttitudeFrame(a, b);
  const nearVector = similarity >= threshold;
  if (!sameKey && !shared && !sameFrame && !nearVector) {
    return { relation: "coexist", reason: "different dimension: no shared key, topic or attitude frame" };
  }

  const topic = shared ? `shared topic ${sharedAnchors.slice(0, 3).join("/")}` : sameKey ? `same key ${existing.key}` : "same attitude and domain";
  const opposite = a.stance !== b.stance;
  const related = shared || sameKey || nearVector;

  if (options.oneOffException && related) {
    return { relation: "exception", reason: `one-off exception to a standing memory (${topic})` };
  }
  const overlap = anchorSimilarity(a.anchors, b.anchors);
  if (!opposite && (overlap >= threshold || (nearVector && similarity >= 0.97))) {
    return { relation: "duplicate", reason: `same statement (${topic}, overlap ${round2(overlap)})` };
  }
  if (opposite && related) {
    return { relation: "supersede", reason: `same dimension, opposite polarity (${topic})` };
  }
  const valuesDiffer =
    sameKey && candidate.value !== undefined && existing.value !== undefined && String(candidate.value) !== String(existing.value);
  if (valuesDiffer && (SINGLE_VALUED_KINDS.has(candidate.kind) || a.changeMarker)) {
    return { relation: "supersede", reason: `same key ${existing.key}, value changed from ${existing.value} to ${candidate.value}` };
  }
  if (related && a.changeMarker) {
    return { relation: "supersede", reason: `the statement says it changed (${topic})` };
  }
  if (shared && isStrictSuperset(a.anchors, b.anchors)) {
    return { relation: "merge", reason: `same topic, adds detail (${topic})` };
  }
  if (shared && isStrictSuperset(b.anchors, a.anchors)) {
    return { relation: "duplicate", reason: `already covered by a fuller memory (${topic})` };
  }
  return {
    relation: "ask_user",
    reason: `same dimension (${topic}) but not a duplicate (overlap ${round2(overlap)}): possibly conflicting`,
  };
}

/** Same attitude (like/dislike) about the same domain (diet, device, ...): 喜欢喝咖啡 vs 喜欢吃苹果. */
function sameAttitudeFrame(a: StatementAnalysis, b: StatementAnalysis): boolean {
  if (!a.attitude || !b.attitude) return false;
  for (const domain of a.domains) if (b.domains.has(domain)) return true;
  return false;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
