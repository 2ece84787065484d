/**
 * Options shared by `createRecaller` and `createReadGraph`, validated once into {@link ReadDeps}.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { InvalidConfigError } from "../errors.js";
import { type Budgets, resolveBudgets } from "./budget.js";
import { type TaskPolicies, type TaskPoliciesFile, toTaskPolicies } from "./policies.js";
import { type RankingWeights, resolveRanking } from "./ranking.js";
import type { ReadDeps } from "./state.js";
import { DEFAULT_TRACE_RETENTION_DAYS } from "./trace.js";

export interface ReadOptions {
  /**
   * The long-term store. Required by `createRecaller`; optional for `createReadGraph`, which
   * then uses the store LangGraph passes at run time (`compile({ store })` or the platform's).
   */
  store?: BaseStore;
  /**
   * Embeddings for the in-process vector fallback, used only when the store has no vector
   * index. Stores with an index embed queries themselves.
   */
  embeddings?: EmbeddingsInterface;
  /** Clock. @default () => new Date() */
  now?: () => Date;
  /**
   * Task policies: a resolved set, a parsed policies object, or a path to a JSON file.
   * @default the four policies of seed 004 §3 (src/policies/tasks.example.json)
   */
  policies?: TaskPolicies | TaskPoliciesFile | string;
  /** Ranking weights merged over { semantic: 0.55, recency: 0.20, importance: 0.15, usage: 0.10 }. */
  weights?: Partial<RankingWeights>;
  /** Recency half-life in days. @default 30 */
  halfLifeDays?: number;
  /** Per-source budgets merged over { longTerm: 800, knowledge: 1200 (5 items), workingMemory: 1500 } tokens. */
  budgets?: Partial<Budgets>;
  /** How long recall traces are kept. @default 7 */
  traceRetentionDays?: number;
  /**
   * A memory whose relevance is below this share of the best candidate's is not injected, however
   * much room the budget has (0 turns the rule off). @default {@link DEFAULT_RELEVANCE_FLOOR}
   */
  relevanceFloor?: number;
  /**
   * Read the query's conditions (a day or period, "still open", "apart from …") as a structured
   * filter before ranking, and answer two-step relation questions by joins over the structured
   * facts (seed 001 §4; src/recall/conditions.ts). `false` ranks by similarity alone, as the
   * eval's comparison column does. @default true
   */
  structured?: boolean;
}

/**
 * Default share of the best relevance a memory needs to be injected. Chosen on the eval sets
 * together (own dialogs and MemoryBank dev, limit 10): off → 0.2 took own-dialog precision@10
 * from 0.156 to 0.294 (5.7 items instead of 10) at hit@10 0.906 → 0.902, MemoryBank unchanged
 * (0.938); at 0.25 own-dialog hit@10 fell to 0.876, so the floor stops here (docs/design.md,
 * "Relevance, not just rank").
 */
export const DEFAULT_RELEVANCE_FLOOR = 0.2;

/**
 * Validate options into the dependencies every read node receives.
 * @throws {InvalidConfigError} for invalid weights, budgets, policies or retention.
 */
export function resolveReadDeps(options: ReadOptions = {}): ReadDeps {
  const retention = options.traceRetentionDays ?? DEFAULT_TRACE_RETENTION_DAYS;
  if (typeof retention !== "number" || !Number.isFinite(retention) || retention <= 0) {
    throw new InvalidConfigError(
      `traceRetentionDays must be a positive number of days; received ${String(options.traceRetentionDays)}.`,
      {
        field: "traceRetentionDays",
      },
    );
  }
  if (options.now !== undefined && typeof options.now !== "function") {
    throw new InvalidConfigError(`now must be a function returning a Date; received ${typeof options.now}.`, {
      field: "now",
    });
  }
  return {
    ...(options.store ? { store: options.store } : {}),
    ...(options.embeddings ? { embeddings: options.embeddings } : {}),
    now: options.now ?? (() => new Date()),
    policies: toTaskPolicies(options.policies),
    ranking: resolveRanking({
      ...(options.weights ? { weights: options.weights } : {}),
      ...(options.halfLifeDays !== undefined ? { halfLifeDays: options.halfLifeDays } : {}),
    }),
    budgets: resolveBudgets(options.budgets),
    traceRetentionDays: retention,
    relevanceFloor: relevanceFloorOf(options.relevanceFloor),
    structured: options.structured ?? true,
  };
}

function relevanceFloorOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_RELEVANCE_FLOOR;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value >= 1) {
    throw new InvalidConfigError(`relevanceFloor must be a number in [0, 1); received ${String(value)}.`, {
      field: "relevanceFloor",
    });
  }
  return value;
}
