/**
 * langgraph-memory: governed long-term memory for LangGraph.js agents.
 * Explicit named exports only; everything public is listed here, grouped by side.
 */
// biome-ignore-all assist/source/organizeImports: exports are grouped by side, not sorted alphabetically.

// ---- the facade and the graphs ------------------------------------------------------------------
export { createMemory, type CreateMemoryOptions, type Memory } from "./memory.js";
export {
  createWriteGraph,
  createWritePipeline,
  writePipeline,
  type CreateWriteGraphOptions,
  type WriteConfigurable,
  type WriteGraph,
  type WriteGraphOptions,
} from "../graphs/write.js";
export {
  createReadGraph,
  createReadPipeline,
  readPipeline,
  type ReadGraph,
  type ReadPipelineHooks,
} from "../graphs/read.js";
export { createTaskGraph, taskPipeline, type TaskGraph, type TaskGraphOptions } from "../graphs/task.js";
export {
  lastValue,
  Pipeline,
  stepOf,
  type PipelineRunner,
  type PipelineSpec,
  type RunnerHooks,
  type Stage,
  type Step,
  type StepNode,
} from "./graph/pipeline.js";

// ---- memory tools for tool-calling agents -------------------------------------------------------
export { createMemoryTools, type MemoryToolsOptions } from "./tools/memory-tools.js";
export {
  createManageMemoryTool,
  MANAGE_MEMORY,
  MANAGE_MEMORY_INSTRUCTIONS,
  type ManageMemoryToolOptions,
} from "./tools/manage.js";
export {
  createSearchMemoryTool,
  SEARCH_MEMORY,
  type SearchedMemory,
  type SearchMemoryToolOptions,
} from "./tools/search.js";
export type { MemoryToolsBackend } from "./tools/backend.js";

// ---- errors -------------------------------------------------------------------------------------
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

// ---- the memory record and where it lives -------------------------------------------------------
export {
  MEMORY_KINDS,
  MEMORY_STATUSES,
  MemoryKeySchema,
  MemoryKindSchema,
  MemoryRecordSchema,
  MemoryScopeSchema,
  MemorySourceSchema,
  MemoryStatusSchema,
  parseMemoryRecord,
  parseScope,
  SENSITIVITIES,
  SensitivitySchema,
  SOURCE_TYPES,
  SourceTypeSchema,
  type MemoryKind,
  type MemoryRecord,
  type MemoryScope,
  type MemorySource,
  type MemoryStatus,
  type Sensitivity,
  type SourceType,
} from "./schema.js";
export {
  DEFAULT_TENANT,
  historyNamespace,
  knowledgeNamespace,
  RECORD_INDEX_FIELDS,
  RECORD_KEYWORD_ONLY_FIELDS,
  recordsNamespace,
  scopeNamespace,
  sessionsNamespace,
  tasksNamespace,
  tracesNamespace,
} from "./namespaces.js";

// ---- the store and the text stack ---------------------------------------------------------------
export { HNSWStore, type HNSWStoreIndexConfig, type HNSWStoreOptions } from "./store/hnsw-store.js";
export {
  POSTGRES_DEFAULTS,
  POSTGRES_SCHEMA_VERSION,
  PostgresStore,
  type PostgresStoreIndexConfig,
  type PostgresStoreOptions,
} from "./store/postgres-store.js";
export { HNSW_DEFAULTS } from "./store/hnsw-defaults.js";
export {
  isHybridSearchable,
  isKeywordSearchable,
  type HybridHits,
  type HybridSearchable,
  type KeywordSearchable,
  type KeywordSearchOptions,
} from "./store/types.js";
export { HashEmbeddings, type HashEmbeddingsOptions } from "./text/embeddings.js";
export {
  CHAT_PROVIDERS,
  DeferredChatModel,
  EMBEDDING_PROVIDERS,
  loadChatModel,
  OPENAI_EMBEDDING_DIMS,
  parseModelEnv,
  resolveChatModel,
  resolveEmbeddings,
  type ChatProvider,
  type EmbeddingProvider,
  type EmbeddingsKind,
  type ModelEnv,
  type ResolveChatModelOptions,
  type ResolvedEmbeddings,
  type ResolveEmbeddingsOptions,
} from "./text/models.js";
export { isStopword, STOPWORDS_EN, STOPWORDS_ZH } from "./text/stopwords.js";
export { detectLanguage, keywordTerms, tokenize } from "./text/tokenizer.js";
export {
  ibanValid,
  normalizeForRedaction,
  quoteValue,
  REDACTION_PLACEHOLDERS,
  REDACTION_TYPES,
  redactId,
  redactMessages,
  redactText,
  type RedactionFinding,
  type RedactionResult,
  type RedactionType,
} from "./redact.js";

// ---- write side ---------------------------------------------------------------------------------
export type { PendingMemory } from "./write/review.js";
export type { PendingRef, RememberInput, ReviseInput } from "./write/writer.js";
export type { ReviseOutput } from "./write/revise.js";
export { writeInputSchema, type WriteInput, type WriteState } from "./write/state.js";
export {
  DEFAULT_MAX_MESSAGE_BYTES,
  normalizeMessages,
  PlainMessageSchema,
  type ChatMessage,
  type ChatRole,
  type NormalizeMessagesOptions,
  type PlainMessage,
} from "./messages.js";
export type { MemoryCandidate } from "./write/candidate.js";
export {
  AdmissionConfigSchema,
  admissionScore,
  parseAdmissionConfig,
  REJECTION_REASONS,
  type AdmissionConfig,
  type AdmissionConfigInput,
  type AdmissionScores,
  type Rejection,
  type RejectionReason,
} from "./write/scoring.js";
export { CONFLICT_RELATIONS, classifyRelation, type ConflictRelation } from "./write/conflict/classify.js";
export type {
  MemoryConflictInterrupt,
  MemoryWriteOutput,
  MessageOutcome,
  MessageOutcomeKind,
  WriteResult,
} from "./write/conflict/decision.js";
export {
  HISTORY_ACTIONS,
  HistoryEntrySchema,
  readHistory,
  USER_DECISIONS,
  UserDecisionSchema,
  type HistoryAction,
  type HistoryEntry,
  type UserDecision,
} from "./write/history.js";

// ---- read side ----------------------------------------------------------------------------------
export {
  createMaintainGraph,
  createMaintainPipeline,
  type MaintainGraph,
  type MaintainGraphOptions,
} from "../graphs/maintain.js";
export {
  DEFAULT_SESSION_TTL_DAYS,
  DEFAULT_TTL_DAYS,
  MaintenanceOptionsSchema,
  parseMaintenanceConfig,
  parseSessionOptions,
  SessionOptionsSchema,
  type MaintenanceConfig,
  type MaintenanceOptions,
  type SessionOptions,
} from "./maintain/config.js";
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
export type { ReadOptions } from "./recall/options.js";
export type { ReadInput, ReadOutput, ReadState } from "./recall/state.js";
export { RecallInputSchema, type RecallInput } from "./recall/request.js";
export type { RecalledKnowledge, RecalledMemory, RecallResult, SignalScores } from "./recall/types.js";
export type { RecallTrace } from "./recall/trace.js";
export {
  DEFAULT_POLICY,
  EXAMPLE_POLICIES_FILE,
  loadTaskPolicies,
  parseTaskPolicies,
  type TaskPolicies,
  type TaskPoliciesFile,
  type TaskPolicy,
} from "./recall/policies.js";
export { DEFAULT_BUDGETS, estimateTokens, type Budgets, type SourceBudget } from "./recall/budget.js";
export { DEFAULT_HALF_LIFE_DAYS, DEFAULT_WEIGHTS, type RankingWeights } from "./recall/ranking.js";
export {
  KnowledgeDocSchema,
  type KnowledgeDoc,
  type KnowledgeDocSummary,
  type KnowledgeImportReport,
} from "./recall/knowledge.js";

// ---- short-term window (seed 001 §2.2–2.3) -------------------------------------------------------
export { createShortTermNode } from "../nodes/short-term/window.js";
export {
  ShortTermAnnotation,
  shortTermMessages,
  type ShortTermState,
  type ShortTermUpdate,
} from "./short-term/state.js";
export {
  foldRounds,
  shortTermWindow,
  viewWindow,
  type FoldResult,
  type ShortTermView,
  type ShortTermWindow,
  type WindowLayout,
} from "./short-term/window.js";
export { condenseRound, countTokens, splitRounds, type Rounds } from "./short-term/rounds.js";
export {
  MAX_SUMMARY_ITEMS,
  refreshSummary,
  renderSummary,
  summaryMessage,
  type RefreshOptions,
  type ShortTermSummary,
  type SummaryItem,
} from "./short-term/summary.js";
export { parseShortTermOptions, SHORT_TERM_DEFAULTS, type ShortTermOptions } from "./short-term/options.js";

// ---- business facts from systems ----------------------------------------------------------------
export {
  createSyncGraph,
  createSyncPipeline,
  syncPipeline,
  type SyncGraph,
  type SyncGraphOptions,
} from "../graphs/sync.js";
export type { Syncer, SyncOptions } from "./sync/syncer.js";
export {
  MAX_SYNC_FACTS,
  parseFactLines,
  SYNC_MODES,
  SyncFactSchema,
  type SyncFactInput,
  type SyncMode,
} from "./sync/input.js";
export { SYNC_ACTIONS, type SyncAction, type SyncChange } from "./sync/plan.js";
export type { SyncInput, SyncReport } from "./sync/state.js";

// ---- forgetting, export and import ----------------------------------------------------------------
export type { DeleteReport, ForgetReport, Forgetter } from "./forget/forgetter.js";
export {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MemoryExportSchema,
  type MemoryExport,
} from "./export/document.js";
export { parseExport, type ImportReport, type Porter } from "./export/porter.js";

// ---- sessions, tasks and their checkpointers ----------------------------------------------------
export { CHECKPOINT_FILES, openCheckpointers, type OpenCheckpointersOptions } from "../checkpoints/savers.js";
export {
  type OpenedPostgresCheckpointers,
  openPostgresCheckpointers,
  type PostgresCheckpointersOptions,
} from "../checkpoints/postgres.js";
export { SecureSqliteSaver } from "../checkpoints/sqlite.js";
export { runAsRootGraph } from "./graph/runtime.js";
export type { Checkpointers } from "./threads/registry.js";
export type { Sessions } from "./threads/sessions.js";
export type { Tasks } from "./threads/tasks.js";
export {
  TASK_STATUSES,
  TaskChangeSchema,
  TaskStartSchema,
  TaskStatusSchema,
  TaskUpdateSchema,
  ThreadIdSchema,
  type JsonValue,
  type SessionInfo,
  type TaskChange,
  type TaskListFilter,
  type TaskStart,
  type TaskState,
  type TaskStatus,
  type TaskSummary,
  type TaskUpdate,
} from "./threads/schema.js";

// ---- the example agent -------------------------------------------------------------------------
export {
  AgentAnnotation,
  createAgentGraph,
  runTaskCommand,
  type AgentGraph,
  type AgentGraphOptions,
  type AgentState,
} from "../graphs/agent.js";
export { taskIntent, type TaskIntent } from "./agent/intents.js";
export { OFFLINE_LABEL, OfflineResponder, offlineReply } from "./agent/responder.js";
