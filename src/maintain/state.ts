/**
 * The maintenance graph's state and report. Nodes are typed `MaintainNode<reads, writes>` over
 * this state; graphs/maintain.ts declares the steps.
 *
 *   input    scope (else config.configurable.user_id / tenant_id), now (ISO time, else the clock)
 *   working  request: the scope and the run's one clock reading
 *   output   one report per step: expired, decayed, merged, compressed, purged, expiredSessions
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import {
  Annotation,
  type BaseCheckpointSaver,
  type BaseStore,
  type LangGraphRunnableConfig,
} from "@langchain/langgraph";
import { lastValue, type StepNode } from "../graph/pipeline.js";
import { storeFromConfig } from "../graph/runtime.js";
import type { MemoryKind, MemoryScope, MemoryStatus } from "../schema.js";
import { scopeQueueFor } from "../scope-queue.js";
import type { MaintenanceConfig } from "./config.js";
import type { Watermark } from "./ledger.js";
import type { StepContext } from "./plan.js";

/** A memory the TTL rule archived. */
export interface ExpiredMemory {
  id: string;
  key: string;
  kind: MemoryKind;
  reason: string;
}

/** A memory decay archived, with its score. */
export interface DecayedMemory {
  id: string;
  key: string;
  score: number;
}

/** Near-duplicates merged into `targetId` (superseded by it). */
export interface MergedCluster {
  targetId: string;
  mergedIds: string[];
}

/** Details of one topic summarised into `summaryId` (superseded by it). */
export interface CompressedTopic {
  summaryId: string;
  topic: string;
  compressedIds: string[];
  /** Whether the summary came from the chat model or was put together from the details. */
  summarisedBy: "model" | "extractive";
}

/** A superseded or archived memory physically deleted. */
export interface PurgedMemory {
  id: string;
  status: MemoryStatus;
}

/** A session the TTL deleted (its thread and its entry; tasks are never deleted by a TTL). */
export interface ExpiredSession {
  sessionId: string;
  /** Its last open or checkpoint, whichever was later. */
  lastActiveAt: string;
  /** Whole days idle at the run's time. */
  idleDays: number;
}

/** How a pass chose what to read (src/maintain/incremental.ts). */
export interface PassReport {
  /** `incremental`: only what changed since the last pass and what fell due; `full`: every record. */
  mode: "full" | "incremental";
  /** Why a pass was full (asked for, no ledger yet, other rules, a clock behind the last pass, …). */
  reason?: string;
  /** Records read as changed, due or carried over (an incremental pass), or the scope's records (full). */
  candidates: number;
}

/**
 * The records a pass works on, chosen by the `select` step: in an incremental pass the
 * candidates ("r:" / "e:" tagged ids) and the groups that changed with their members.
 */
export interface MaintenanceWork {
  mode: "full" | "incremental";
  reason?: string;
  /** Store-clock ms read before the candidates: what is written from then on is this pass's concern at the end. */
  startedAt: number;
  candidates: string[];
  /** Group name → its active details and summaries by id (the ledger's and the candidates'). */
  groups: Record<string, string[]>;
  /** Group name → its active details by the ledger (before this pass). */
  groupSizes: Record<string, number>;
  /** The ledger days read. */
  days: number[];
  /** The last pass's watermark, in an incremental pass. */
  previous?: Watermark;
}

/** What one maintenance run did to one scope. */
export interface ScopeMaintenanceReport {
  scope: MemoryScope;
  expired: ExpiredMemory[];
  decayed: DecayedMemory[];
  merged: MergedCluster[];
  compressed: CompressedTopic[];
  purged: PurgedMemory[];
  expiredSessions: ExpiredSession[];
  /** How the pass chose what to read. */
  pass?: PassReport;
}

export const MaintainInputAnnotation = Annotation.Root({
  /** Explicit scope (the facade); otherwise `config.configurable.user_id` / `tenant_id`. */
  scope: Annotation<MemoryScope | undefined>(),
  /** ISO time the rules are applied at; defaults to the graph's clock. */
  now: Annotation<string | undefined>(),
  /** A full pass: every record read and the ledger rebuilt (recovery). @default false */
  full: Annotation<boolean | undefined>(),
});
export type MaintainInput = typeof MaintainInputAnnotation.Update;

export const MaintainOutputAnnotation = Annotation.Root({
  expired: lastValue<ExpiredMemory[]>(() => []),
  decayed: lastValue<DecayedMemory[]>(() => []),
  merged: lastValue<MergedCluster[]>(() => []),
  compressed: lastValue<CompressedTopic[]>(() => []),
  purged: lastValue<PurgedMemory[]>(() => []),
  expiredSessions: lastValue<ExpiredSession[]>(() => []),
  pass: lastValue<PassReport | undefined>(() => undefined),
});
export type MaintainOutput = typeof MaintainOutputAnnotation.State;

export const MaintainStateAnnotation = Annotation.Root({
  ...MaintainInputAnnotation.spec,
  ...MaintainOutputAnnotation.spec,
  request: Annotation<{ scope: MemoryScope; now: string } | undefined>(),
  work: lastValue<MaintenanceWork | undefined>(() => undefined),
  /** Records the pass's steps wrote ("r:" / "e:" tagged ids). */
  written: Annotation<string[]>({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
  /** Whether the compression left the scope over its cap (ledger.ts Watermark.saturated). */
  saturated: lastValue<boolean>(() => false),
});
export type MaintainState = typeof MaintainStateAnnotation.State;

export type MaintainNode<R extends keyof MaintainState, W extends keyof MaintainState> = StepNode<MaintainState, R, W>;

/** What maintenance nodes need besides state. */
export interface MaintainDeps {
  config: MaintenanceConfig;
  /** Defaults to the store LangGraph passes in `config.store`. */
  store?: BaseStore;
  /** Clock for runs without `now`. */
  now: () => Date;
  /** Embeddings for cluster dedupe; defaults to the store's index embeddings (none: no dedupe). */
  embeddings?: EmbeddingsInterface;
  /** Chat model for summaries; without it they are extractive. */
  model?: BaseChatModel;
  /**
   * The session TTL: sessions of the scope idle longer than `ttlDays` are deleted from
   * `checkpointer`. Without a checkpointer (or with `ttlDays: null`) the step does nothing.
   */
  sessions: { checkpointer?: BaseCheckpointSaver; ttlDays: number | null };
}

/** The step context of a node: the store, its scope queue, the request's scope and clock. */
export function stepContext(
  deps: MaintainDeps,
  request: MaintainState["request"],
  config: LangGraphRunnableConfig,
): StepContext {
  if (!request) throw new Error("maintenance request missing: resolve_scope runs first");
  const store = storeFromConfig(deps.store, config, "maintain");
  return {
    store,
    queue: scopeQueueFor(store),
    scope: request.scope,
    now: new Date(request.now),
    written: new Set(),
  };
}

/** The embeddings dedupe compares with: the configured ones, else the store's index embeddings; none, no dedupe. */
export function dedupeEmbeddings(deps: MaintainDeps, store: BaseStore): EmbeddingsInterface | undefined {
  return deps.embeddings ?? (store as { indexConfig?: { embeddings?: EmbeddingsInterface } }).indexConfig?.embeddings;
}
