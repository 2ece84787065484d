/**
 * langgraph-memory: governed long-term memory for LangGraph.js agents.
 *
 * The package's one entry point, and all of its public API: the facade, the graph factories,
 * the stores, the checkpoint savers, the memory tools, the errors, and the types of their
 * options, records and results. Everything else (the pipelines the graphs are declared with, the
 * nodes, the text stack, the namespaces, the schemas behind the types) is internal and may
 * change in any release. api/langgraph-memory.api.md lists every name exported here;
 * `npm test` fails when it differs (regenerate with `npm run api:report`).
 */
// biome-ignore-all assist/source/organizeImports: exports are grouped by side, not sorted alphabetically.

// ---- the facade ----------------------------------------------------------------------------------
export { createMemory, type CreateMemoryOptions, type Memory } from "./memory.js";
export type { Sessions } from "./threads/sessions.js";
export type { Tasks } from "./threads/tasks.js";

// ---- the graphs ----------------------------------------------------------------------------------
export {
  createWriteGraph,
  type CreateWriteGraphOptions,
  type WriteConfigurable,
  type WriteGraph,
  type WriteGraphOptions,
} from "../graphs/write.js";
export { createReadGraph, type ReadGraph } from "../graphs/read.js";
export { createMaintainGraph, type MaintainGraph, type MaintainGraphOptions } from "../graphs/maintain.js";
export { createSyncGraph, type SyncGraph, type SyncGraphOptions } from "../graphs/sync.js";
export { createTaskGraph, type TaskGraph, type TaskGraphOptions } from "../graphs/task.js";
export { createAgentGraph, type AgentGraph, type AgentGraphOptions, type AgentState } from "../apps/agent.js";
export type { WriteInput } from "./write/state.js";
export type { ReadInput, ReadOutput } from "./recall/state.js";
export type { SyncInput } from "./sync/state.js";

// ---- the short-term window -----------------------------------------------------------------------
export { createShortTermNode } from "../nodes/short-term/window.js";
export {
  ShortTermAnnotation,
  shortTermMessages,
  type ShortTermState,
  type ShortTermUpdate,
} from "./short-term/state.js";
export { shortTermWindow, type ShortTermView, type ShortTermWindow } from "./short-term/window.js";
export { renderSummary, type ShortTermSummary, type SummaryItem } from "./short-term/summary.js";
export type { ShortTermOptions } from "./short-term/options.js";

// ---- memory tools for tool-calling agents --------------------------------------------------------
export { createMemoryTools, type MemoryToolsOptions } from "./tools/memory-tools.js";
export {
  createManageMemoryTool,
  MANAGE_MEMORY_INSTRUCTIONS,
  type ManageMemoryToolOptions,
} from "./tools/manage.js";
export { createSearchMemoryTool, type SearchedMemory, type SearchMemoryToolOptions } from "./tools/search.js";
export type { MemoryToolsBackend } from "./tools/backend.js";

// ---- the stores and their embeddings -------------------------------------------------------------
export {
  type HNSWBulkLoadOptions,
  HNSWStore,
  type HNSWStoreIndexConfig,
  type HNSWStoreOptions,
} from "./store/hnsw-store.js";
export { PostgresStore, type PostgresStoreIndexConfig, type PostgresStoreOptions } from "./store/postgres-store.js";
export { HashEmbeddings, type HashEmbeddingsOptions } from "./text/embeddings.js";
export {
  loadChatModel,
  resolveChatModel,
  resolveEmbeddings,
  type ChatProvider,
  type DeferredChatModel,
  type EmbeddingProvider,
  type ResolveChatModelOptions,
  type ResolvedEmbeddings,
  type ResolveEmbeddingsOptions,
} from "./text/models.js";

// ---- the checkpoint savers of sessions and tasks -------------------------------------------------
export { openCheckpointers, type OpenCheckpointersOptions } from "../checkpoints/savers.js";
export {
  openPostgresCheckpointers,
  type OpenedPostgresCheckpointers,
  type PostgresCheckpointersOptions,
} from "../checkpoints/postgres.js";
export { SecureSqliteSaver } from "../checkpoints/sqlite.js";
export type { Checkpointers } from "./threads/registry.js";

// ---- errors --------------------------------------------------------------------------------------
export {
  DimensionMismatchError,
  ErrorCode,
  InvalidConfigError,
  InvalidInputError,
  InvalidNamespaceError,
  InvalidOperationError,
  InvalidRecordError,
  InvalidValueError,
  InvalidVectorError,
  isMemoryError,
  MemoryError,
  ModelOutputError,
  NotFoundError,
  StoreClosedError,
  StoreCorruptError,
  ScopeBusyError,
  StoreLockedError,
  ThreadOwnedError,
  ValueTooLargeError,
} from "./errors.js";

// ---- the memory record and where it lives --------------------------------------------------------
export type { MemoryKind, MemoryRecord, MemoryStatus, Sensitivity } from "./schema.js";
export type { MemoryScope, MemorySource, SourceType } from "./schema.js";
export type { ChatMessage, ChatRole, PlainMessage } from "./messages.js";

// ---- writing: options and results ----------------------------------------------------------------
export type { PendingMemory } from "./write/review.js";
export type { PendingRef, RememberInput, ReviseInput } from "./write/writer.js";
export type { ReviseOutput } from "./write/revise.js";
export type {
  AdmissionConfigInput,
  AdmissionScores,
  Rejection,
  RejectionReason,
} from "./write/scoring.js";
export type {
  MemoryConflictInterrupt,
  MemoryWriteOutput,
  MessageOutcome,
  MessageOutcomeKind,
  WriteResult,
} from "./write/conflict/decision.js";
export type { HistoryAction, HistoryEntry, UserDecision } from "./write/history.js";

// ---- recalling: options and results --------------------------------------------------------------
export type { ReadOptions } from "./recall/options.js";
export type { RecallInput } from "./recall/request.js";
export type { RecalledKnowledge, RecalledMemory, RecallResult, SignalScores } from "./recall/types.js";
export type { RecallPreview } from "./recall/preview.js";
export type { RecallTrace } from "./recall/trace.js";
export { type Inspector, type InspectorOptions, startInspector } from "./inspect/server.js";
export { EXAMPLE_POLICIES_FILE, type TaskPolicies, type TaskPoliciesFile, type TaskPolicy } from "./recall/policies.js";
export type { Budgets, SourceBudget } from "./recall/budget.js";
export type { RankingWeights } from "./recall/ranking.js";
export type { KnowledgeDoc, KnowledgeDocSummary, KnowledgeImportReport } from "./recall/knowledge.js";

// ---- maintenance: options and reports ------------------------------------------------------------
export type { MaintenanceOptions, SessionOptions } from "./maintain/config.js";
export type { MaintainOptions, MaintenanceReport } from "./maintain/maintainer.js";
export type {
  CompressedTopic,
  DecayedMemory,
  ExpiredMemory,
  ExpiredSession,
  MergedCluster,
  PurgedMemory,
  ScopeMaintenanceReport,
} from "./maintain/state.js";

// ---- business facts from systems -----------------------------------------------------------------
export type { SyncOptions } from "./sync/syncer.js";
export type { SyncFactInput, SyncMode } from "./sync/input.js";
export type { SyncAction, SyncChange } from "./sync/plan.js";
export type { SyncReport } from "./sync/state.js";

// ---- forgetting, export and import ---------------------------------------------------------------
export type { DeleteReport, ForgetReport } from "./forget/forgetter.js";
export { MemoryExportSchema, type MemoryExport } from "./export/document.js";
export type { ImportReport } from "./export/porter.js";

// ---- sessions and tasks --------------------------------------------------------------------------
export type {
  JsonValue,
  SessionInfo,
  TaskChange,
  TaskListFilter,
  TaskStart,
  TaskState,
  TaskStatus,
  TaskSummary,
  TaskUpdate,
} from "./threads/schema.js";
