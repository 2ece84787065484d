/**
 * Multi-factor ranking (seed 000 检索): similarity alone keeps recalling memories that are
 * "semantically close but stale", so the score weighs four signals:
 *
 *   score = 0.55 × semantic + 0.20 × recency + 0.15 × importance + 0.10 × usage
 *
 * semantic = fused RRF relevance rescaled to [0, 1] (see `relevanceFromRrf`); recency = exp(−λ × days since last access) with
 * λ = ln 2 / half-life (seed 001 §3.4: 半衰期设 30 天左右); importance = the record's own;
 * usage = a saturating function of how often the memory was injected before.
 */
import { z } from "zod";
import { InvalidConfigError, zodProblem } from "../errors.js";
import type { MemoryRecord } from "../schema.js";
import { daysBetween } from "../time.js";
import { currentFirst, namedFirst, systemFirst } from "./currency.js";
import { relevanceFromRrf } from "./fusion.js";
import type { Candidate, SignalScores } from "./types.js";

export interface RankingWeights {
  semantic: number;
  recency: number;
  importance: number;
  usage: number;
}

// seed 000 检索: "0.55 × 语义相关 + 0.20 × 时效 + 0.15 × 重要性 + 0.10 × 使用频率".
export const DEFAULT_WEIGHTS: Readonly<RankingWeights> = Object.freeze({
  semantic: 0.55,
  recency: 0.2,
  importance: 0.15,
  usage: 0.1,
});

// seed 001 §3.4: "随时间指数衰减，半衰期设 30 天左右".
export const DEFAULT_HALF_LIFE_DAYS = 30;

/**
 * Access count at which the usage signal reaches 1. Not from a seed: chosen so that a memory
 * injected a handful of times already counts (log scale) and heavy use cannot dominate.
 */
export const USAGE_SATURATION = 20;

export interface RankingOptions {
  /** Partial weights are merged over {@link DEFAULT_WEIGHTS}. */
  weights?: Partial<RankingWeights>;
  /** @default 30 */
  halfLifeDays?: number;
}

export interface ResolvedRanking {
  weights: RankingWeights;
  halfLifeDays: number;
}

const RankingOptionsSchema = z
  .object({
    weights: z
      .object({
        semantic: z.number().min(0).max(1),
        recency: z.number().min(0).max(1),
        importance: z.number().min(0).max(1),
        usage: z.number().min(0).max(1),
      })
      .partial()
      .strict()
      .optional(),
    halfLifeDays: z.number().positive().max(36_500).optional(),
  })
  .strict();

/**
 * Validate ranking options and merge them over the defaults.
 * @throws {InvalidConfigError} for a weight outside [0, 1], all-zero weights, or a non-positive half-life.
 * @example
 * resolveRanking({ weights: { recency: 0.3, semantic: 0.45 } }).weights.importance; // 0.15
 */
export function resolveRanking(options: RankingOptions = {}): ResolvedRanking {
  const parsed = RankingOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(options)");
    throw new InvalidConfigError(
      `Invalid ranking options: ${text}. Expected weights { semantic, recency, importance, usage } each in [0, 1] and halfLifeDays > 0.`,
      { field },
    );
  }
  const weights = { ...DEFAULT_WEIGHTS, ...parsed.data.weights };
  if (weights.semantic + weights.recency + weights.importance + weights.usage <= 0) {
    throw new InvalidConfigError("Invalid ranking weights: at least one weight must be above 0; received all zeros.", {
      weights,
    });
  }
  return { weights, halfLifeDays: parsed.data.halfLifeDays ?? DEFAULT_HALF_LIFE_DAYS };
}

/** exp(−λ × days) with λ = ln 2 / halfLife: 1 today, 0.5 after one half-life. */
export function recencyScore(lastAccessedAt: string, now: Date, halfLifeDays = DEFAULT_HALF_LIFE_DAYS): number {
  const days = Math.max(0, daysBetween(Date.parse(lastAccessedAt), now));
  return Math.exp((-Math.LN2 / halfLifeDays) * days);
}

/** ln(1 + count) / ln(1 + 20), capped at 1. */
export function usageScore(accessCount: number): number {
  return Math.min(1, Math.log1p(Math.max(0, accessCount)) / Math.log1p(USAGE_SATURATION));
}

/** The four signals of one candidate, given its relevance (see `relevanceFromRrf`). */
export function signalsFor(record: MemoryRecord, relevance: number, now: Date, halfLifeDays: number): SignalScores {
  return {
    semantic: relevance,
    recency: recencyScore(record.lastAccessedAt, now, halfLifeDays),
    importance: record.importance,
    usage: usageScore(record.accessCount),
  };
}

export function weightedScore(signals: SignalScores, weights: RankingWeights): number {
  return (
    weights.semantic * signals.semantic +
    weights.recency * signals.recency +
    weights.importance * signals.importance +
    weights.usage * signals.usage
  );
}

/**
 * Score every candidate and sort best first (ties: higher RRF, then id); an entity's newer
 * statement of change then goes above the older one it updates, and a system's record above the
 * chat's unconfirmed word on it (currency.ts).
 * @example
 * declare const candidates: Candidate<MemoryRecord>[];
 * const ranked = rankCandidates(candidates, { now: new Date(), ranking: resolveRanking(), channelCount: 2, depth: 24 });
 */
export function rankCandidates(
  candidates: Candidate<MemoryRecord>[],
  options: { now: Date; ranking: ResolvedRanking; channelCount: number; depth: number; query?: string },
): Candidate<MemoryRecord>[] {
  const ranked = candidates
    .map((candidate) => {
      const relevance = relevanceFromRrf(candidate.rrf, options.channelCount, options.depth);
      const signals = signalsFor(candidate.value, relevance, options.now, options.ranking.halfLifeDays);
      return { ...candidate, signals, score: weightedScore(signals, options.ranking.weights) };
    })
    .sort((a, b) => b.score - a.score || b.rrf - a.rrf || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return systemFirst(currentFirst(namedFirst(ranked, options.query), options.query));
}
