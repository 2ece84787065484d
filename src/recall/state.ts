/**
 * The read graph's state and dependencies, as plain types. The LangGraph annotation that
 * implements this state lives in graphs/read.ts; nodes only see these types, so they never
 * import from graphs/.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseMessage } from "@langchain/core/messages";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { AsyncBatchedStore, type BaseStore } from "@langchain/langgraph-checkpoint";
import { InvalidConfigError } from "../errors.js";
import type { MemoryKind, MemoryRecord, MemoryScope } from "../schema.js";
import type { Budgets } from "./budget.js";
import type { ChannelName } from "./fusion.js";
import type { TaskPolicies } from "./policies.js";
import type { ResolvedRanking } from "./ranking.js";
import type { ResolvedRequest } from "./request.js";
import type { Candidate, KnowledgeChunk, RecalledKnowledge, RecalledMemory } from "./types.js";

export interface ReadState {
  // ---- input ----
  /** The conversation; the latest user message is the query unless `query` is given. */
  messages: BaseMessage[];
  query?: string;
  task?: string;
  limit?: number;
  kinds?: MemoryKind[];
  includeKnowledge?: boolean;
  includeHistory?: boolean;
  /** Explicit scope (the facade); otherwise `config.configurable.user_id` / `tenant_id`. */
  scope?: MemoryScope;
  instruction?: string;
  // ---- working ----
  request?: ResolvedRequest;
  candidates: Candidate<MemoryRecord>[];
  knowledgeCandidates: Candidate<KnowledgeChunk>[];
  retrieval?: { channels: ChannelName[]; fallbacks: ChannelName[]; invalid: string[]; depth: number };
  // ---- output ----
  /** Injected personal memories, best first. */
  memories: RecalledMemory[];
  /** Injected knowledge chunks, best first. */
  knowledge: RecalledKnowledge[];
  /** The injection block, for the system prompt of the next model call. */
  context: string;
  traceId: string;
}

export type ReadUpdate = Partial<ReadState>;

/** What every read node may need besides state: resolved once per recaller or graph. */
export interface ReadDeps {
  /** The long-term store; when absent, the one LangGraph passes in `config.store`. */
  store?: BaseStore;
  /** For the vector fallback on stores without a vector index. */
  embeddings?: EmbeddingsInterface;
  now: () => Date;
  policies: TaskPolicies;
  ranking: ResolvedRanking;
  budgets: Budgets;
  traceRetentionDays: number;
}

export type ReadNode = (state: ReadState, config: LangGraphRunnableConfig) => Promise<ReadUpdate>;

/**
 * The store a node should use: the recaller's own, else the graph's (`compile({ store })`).
 * LangGraph hands nodes that store wrapped in an `AsyncBatchedStore`, whose `batch()` throws
 * and which hides capabilities such as `keywordSearch`, so it is unwrapped (as the write
 * graph's `writeStoreFor` does).
 * @throws {InvalidConfigError} when neither exists.
 */
export function storeFor(deps: ReadDeps, config: LangGraphRunnableConfig): BaseStore {
  const store = deps.store ?? config.store;
  if (!store) {
    throw new InvalidConfigError(
      "The read graph has no store: pass one to createRecaller/createReadGraph, or compile the parent graph with { store }.",
    );
  }
  return store instanceof AsyncBatchedStore ? (store as unknown as { store: BaseStore }).store : store;
}

/** The resolved request, which the scope node always sets first. */
export function requestOf(state: ReadState): ResolvedRequest {
  if (!state.request) throw new InvalidConfigError("Read graph node ran before the scope node resolved the request.");
  return state.request;
}
