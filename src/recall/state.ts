/**
 * The read graph's state: its annotation, the types derived from it, and what every read node
 * may need besides state ({@link ReadDeps}). Nodes are typed `ReadNode<reads, writes>` over
 * this state; graphs/read.ts declares the steps.
 *
 *   input    messages (the latest user message is the query) or query, task, limit, kinds,
 *            includeKnowledge, includeHistory, scope, instruction
 *   working  request → candidates / knowledgeCandidates (+ retrieval) → decisions on them
 *   output   memories, knowledge, context (the injection block), traceId
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseMessage } from "@langchain/core/messages";
import {
  Annotation,
  type BaseStore,
  type LangGraphRunnableConfig,
  type Messages,
  messagesStateReducer,
} from "@langchain/langgraph";
import type { PutOperation } from "@langchain/langgraph-checkpoint";
import { InvalidConfigError } from "../errors.js";
import { lastValue, type StepNode } from "../graph/pipeline.js";
import { storeFromConfig } from "../graph/runtime.js";
import type { MemoryKind, MemoryRecord, MemoryScope } from "../schema.js";
import type { Budgets } from "./budget.js";
import type { ChannelName } from "./fusion.js";
import type { PendingUsage } from "./pending-usage.js";
import type { TaskPolicies } from "./policies.js";
import type { ResolvedRanking } from "./ranking.js";
import type { ResolvedRequest } from "./request.js";
import type { ConditionNote } from "./structured.js";
import type { Candidate, KnowledgeChunk, RecalledKnowledge, RecalledMemory } from "./types.js";

/** How the two retrieval channels went, for ranking and the trace. */
export interface RetrievalInfo {
  channels: ChannelName[];
  fallbacks: ChannelName[];
  /** Ids of hits that failed validation or belonged to another scope (left out). */
  invalid: string[];
  /** How deep each channel was read (the RRF normaliser). */
  depth: number;
  /** The query's conditions and relations and what they did (src/recall/structured.ts). */
  conditions?: ConditionNote[];
}

export const ReadInputAnnotation = Annotation.Root({
  /** The conversation; the latest user message is the query unless `query` is given. */
  messages: Annotation<BaseMessage[], Messages>({ reducer: messagesStateReducer, default: () => [] }),
  query: Annotation<string | undefined>(),
  /** Task name for the task policy (seed 004 §3). */
  task: Annotation<string | undefined>(),
  limit: Annotation<number | undefined>(),
  kinds: Annotation<MemoryKind[] | undefined>(),
  includeKnowledge: Annotation<boolean | undefined>(),
  includeHistory: Annotation<boolean | undefined>(),
  /** Recall archived memories (the cold tier) beside active ones. */
  includeArchived: Annotation<boolean | undefined>(),
  /** Explicit scope (the facade); otherwise `config.configurable.user_id` / `tenant_id`. */
  scope: Annotation<MemoryScope | undefined>(),
  /** This turn's instruction, checked against recalled preferences; defaults to the query. */
  instruction: Annotation<string | undefined>(),
});
export type ReadInput = typeof ReadInputAnnotation.Update;

export const ReadOutputAnnotation = Annotation.Root({
  /** Injected personal memories, best first. */
  memories: lastValue<RecalledMemory[]>(() => []),
  /** Injected knowledge chunks, best first. */
  knowledge: lastValue<RecalledKnowledge[]>(() => []),
  /** The injection block, for the system prompt of the next model call. */
  context: lastValue<string>(() => ""),
  /** Id of the stored recall trace. */
  traceId: lastValue<string>(() => ""),
});
export type ReadOutput = typeof ReadOutputAnnotation.State;

export const ReadStateAnnotation = Annotation.Root({
  ...ReadInputAnnotation.spec,
  ...ReadOutputAnnotation.spec,
  request: Annotation<ResolvedRequest | undefined>(),
  candidates: lastValue<Candidate<MemoryRecord>[]>(() => []),
  knowledgeCandidates: lastValue<Candidate<KnowledgeChunk>[]>(() => []),
  retrieval: Annotation<RetrievalInfo | undefined>(),
});
export type ReadState = typeof ReadStateAnnotation.State;

/** A read-graph node: reads `R`, returns an update of `W`. */
export type ReadNode<R extends keyof ReadState, W extends keyof ReadState> = StepNode<ReadState, R, W>;

/** A finished recall's trace and usage counters, built but not yet written. */
export interface PreparedBookkeeping {
  traceId: string;
  scope: MemoryScope;
  store: BaseStore;
  /** The live memories the block injected: their usage counters are bumped. */
  used: MemoryRecord[];
  now: Date;
  /** Build the trace (redacted) and its write. */
  traceWrite(): Promise<PutOperation>;
  /** Write the trace and the usage counters (one batch), purge expired traces when due. */
  commit(): Promise<void>;
}

/** What every read node may need besides state: resolved once per graph or facade. */
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
  /** Share of the best relevance a memory needs to be injected (0: off). */
  relevanceFloor: number;
  /** Apply the query's conditions and relations (seed 001 §4); false: similarity alone. */
  structured: boolean;
  /**
   * Take over the bookkeeping write (trace + usage counters): the record step builds the trace,
   * hands the write here instead of awaiting it, and returns. The facade queues it per scope.
   */
  deferBookkeeping?: (bookkeeping: PreparedBookkeeping) => void;
  /** Usage counters of earlier recalls not yet written, applied before ranking. */
  pendingUsage?: PendingUsage;
}

/**
 * The store a read node uses: the graph's own, else the one LangGraph passes in.
 * @throws {InvalidConfigError} when there is none.
 */
export function readStore(deps: ReadDeps, config: LangGraphRunnableConfig): BaseStore {
  return storeFromConfig(deps.store, config, "read");
}

/** The resolved request, which the scope step always sets first. */
export function requestOf(state: { request?: ResolvedRequest }): ResolvedRequest {
  if (!state.request) throw new InvalidConfigError("Read graph node ran before the scope step resolved the request.");
  return state.request;
}
