/**
 * langgraph-memory: governed long-term memory for LangGraph.js agents.
 * Explicit named exports only; everything public is listed here, grouped by side.
 */
// biome-ignore-all assist/source/organizeImports: exports are grouped by side, not sorted alphabetically.

// ---- the facade and the graphs ------------------------------------------------------------------
export { createMemory } from "./memory.js";
export type { CreateMemoryOptions, Memory } from "./memory.js";
export { createWriteGraph, createWritePipeline, writePipeline } from "../graphs/write.js";
export type { CreateWriteGraphOptions, WriteConfigurable, WriteGraph, WriteGraphOptions } from "../graphs/write.js";
export { createReadGraph, createReadPipeline, readPipeline } from "../graphs/read.js";
export type { ReadGraph, ReadPipelineHooks } from "../graphs/read.js";
export { lastValue, Pipeline, stepOf } from "./graph/pipeline.js";
export type { PipelineRunner, PipelineSpec, RunnerHooks, Stage, Step, StepNode } from "./graph/pipeline.js";

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
  StoreLockedError,
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
} from "./schema.js";
export type {
  MemoryKind,
  MemoryRecord,
  MemoryScope,
  MemorySource,
  MemoryStatus,
  Sensitivity,
  SourceType,
} from "./schema.js";
export {
  DEFAULT_TENANT,
  historyNamespace,
  knowledgeNamespace,
  RECORD_INDEX_FIELDS,
  recordsNamespace,
  scopeNamespace,
  tracesNamespace,
} from "./namespaces.js";

// ---- the store and the text stack ---------------------------------------------------------------
export { HNSWStore } from "./store/hnsw-store.js";
export type { HNSWStoreIndexConfig, HNSWStoreOptions } from "./store/hnsw-store.js";
export { HNSW_DEFAULTS } from "./store/hnsw-defaults.js";
export { isHybridSearchable, isKeywordSearchable } from "./store/types.js";
export type { HybridHits, HybridSearchable, KeywordSearchable, KeywordSearchOptions } from "./store/types.js";
export { HashEmbeddings } from "./text/embeddings.js";
export type { HashEmbeddingsOptions } from "./text/embeddings.js";
export { OPENAI_EMBEDDING_DIMS, parseModelEnv, resolveChatModel, resolveEmbeddings } from "./text/models.js";
export type {
  EmbeddingsKind,
  ModelEnv,
  ResolveChatModelOptions,
  ResolvedEmbeddings,
  ResolveEmbeddingsOptions,
} from "./text/models.js";
export { isStopword, STOPWORDS_EN, STOPWORDS_ZH } from "./text/stopwords.js";
export { detectLanguage, keywordTerms, tokenize } from "./text/tokenizer.js";
export { REDACTION_PLACEHOLDERS, REDACTION_TYPES, redactMessages, redactText } from "./redact.js";
export type { RedactionFinding, RedactionResult, RedactionType } from "./redact.js";

// ---- write side ---------------------------------------------------------------------------------
export type { PendingMemory } from "./write/review.js";
export type { RememberInput } from "./write/writer.js";
export { writeInputSchema } from "./write/state.js";
export type { WriteInput, WriteState } from "./write/state.js";
export { DEFAULT_MAX_MESSAGE_BYTES, normalizeMessages, PlainMessageSchema } from "./messages.js";
export type { ChatMessage, ChatRole, NormalizeMessagesOptions, PlainMessage } from "./messages.js";
export type { MemoryCandidate } from "./write/candidate.js";
export { AdmissionConfigSchema, admissionScore, parseAdmissionConfig, REJECTION_REASONS } from "./write/scoring.js";
export type {
  AdmissionConfig,
  AdmissionConfigInput,
  AdmissionScores,
  Rejection,
  RejectionReason,
} from "./write/scoring.js";
export { CONFLICT_RELATIONS, classifyRelation } from "./write/conflict/classify.js";
export type { ConflictRelation } from "./write/conflict/classify.js";
export type { MemoryConflictInterrupt, MemoryWriteOutput, WriteResult } from "./write/conflict/decision.js";
export {
  HISTORY_ACTIONS,
  HistoryEntrySchema,
  readHistory,
  USER_DECISIONS,
  UserDecisionSchema,
} from "./write/history.js";
export type { HistoryAction, HistoryEntry, UserDecision } from "./write/history.js";

// ---- read side ----------------------------------------------------------------------------------
export type { ReadOptions } from "./recall/options.js";
export type { ReadInput, ReadOutput, ReadState } from "./recall/state.js";
export { RecallInputSchema } from "./recall/request.js";
export type { RecallInput } from "./recall/request.js";
export type { RecalledKnowledge, RecalledMemory, RecallResult, SignalScores } from "./recall/types.js";
export type { RecallTrace } from "./recall/trace.js";
export { DEFAULT_POLICY, EXAMPLE_POLICIES_FILE, loadTaskPolicies, parseTaskPolicies } from "./recall/policies.js";
export type { TaskPolicies, TaskPoliciesFile, TaskPolicy } from "./recall/policies.js";
export { DEFAULT_BUDGETS, estimateTokens } from "./recall/budget.js";
export type { Budgets, SourceBudget } from "./recall/budget.js";
export { DEFAULT_HALF_LIFE_DAYS, DEFAULT_WEIGHTS } from "./recall/ranking.js";
export type { RankingWeights } from "./recall/ranking.js";
export { KnowledgeDocSchema } from "./recall/knowledge.js";
export type { KnowledgeDoc, KnowledgeDocSummary, KnowledgeImportReport } from "./recall/knowledge.js";
