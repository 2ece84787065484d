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
}

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
  };
}
