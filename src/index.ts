/**
 * langgraph-memory: governed long-term memory for LangGraph.js agents.
 * Explicit named exports only; everything public is listed here.
 */

export { createReadGraph, createReadPipeline } from "../graphs/read.js";
export { createWritePipeline } from "../graphs/write.js";
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
export type {
  CreateMemoryOptions,
  CreateWriteGraphOptions,
  Memory,
  PendingMemory,
  RememberInput,
  WriteGraph,
} from "./memory.js";
// ---- the facade -----------------------------------------------------------------------------
export { createMemory, createWriteGraph } from "./memory.js";
export {
  DEFAULT_TENANT,
  historyNamespace,
  knowledgeNamespace,
  RECORD_INDEX_FIELDS,
  recordsNamespace,
  scopeNamespace,
  tracesNamespace,
} from "./namespaces.js";
export type { Budgets, SourceBudget } from "./recall/budget.js";
export { DEFAULT_BUDGETS, estimateTokens } from "./recall/budget.js";
export type { KnowledgeDoc, KnowledgeDocSummary, KnowledgeImportReport } from "./recall/knowledge.js";
export { KnowledgeDocSchema } from "./recall/knowledge.js";
export type { ReadOptions } from "./recall/options.js";
export type { TaskPolicies, TaskPoliciesFile, TaskPolicy } from "./recall/policies.js";
export { DEFAULT_POLICY, EXAMPLE_POLICIES_FILE, loadTaskPolicies, parseTaskPolicies } from "./recall/policies.js";
export type { RankingWeights } from "./recall/ranking.js";
export { DEFAULT_HALF_LIFE_DAYS, DEFAULT_WEIGHTS } from "./recall/ranking.js";
export type { Recaller, RecallerOptions } from "./recall/recaller.js";
// ---- read side --------------------------------------------------------------------------------
export { createRecaller } from "./recall/recaller.js";
export type { RecallInput } from "./recall/request.js";
export { RecallInputSchema } from "./recall/request.js";
export type { RecallTrace } from "./recall/trace.js";
export type { RecalledKnowledge, RecalledMemory, RecallResult, SignalScores } from "./recall/types.js";
export type { RedactionFinding, RedactionResult, RedactionType } from "./redact.js";
export { REDACTION_PLACEHOLDERS, REDACTION_TYPES, redactMessages, redactText } from "./redact.js";
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
  MEMORY_KINDS,
  MEMORY_STATUSES,
  MemoryKeySchema,
  MemoryKindSchema,
  MemoryRecordSchema,
  MemoryScopeSchema,
  MemorySourceSchema,
  MemoryStatusSchema,
  parseMemoryRecord,
  SENSITIVITIES,
  SensitivitySchema,
  SOURCE_TYPES,
  SourceTypeSchema,
} from "./schema.js";
export type { HNSWStoreIndexConfig, HNSWStoreOptions } from "./store/hnsw-store.js";
export { HNSWStore } from "./store/hnsw-store.js";
export type { HybridHits, HybridSearchable, KeywordSearchable, KeywordSearchOptions } from "./store/types.js";
export { isHybridSearchable, isKeywordSearchable } from "./store/types.js";
export type { HashEmbeddingsOptions } from "./text/embeddings.js";
export { HashEmbeddings } from "./text/embeddings.js";
export type {
  EmbeddingsKind,
  ModelEnv,
  ResolveChatModelOptions,
  ResolvedEmbeddings,
  ResolveEmbeddingsOptions,
} from "./text/models.js";
export { OPENAI_EMBEDDING_DIMS, parseModelEnv, resolveChatModel, resolveEmbeddings } from "./text/models.js";
export { isStopword, STOPWORDS_EN, STOPWORDS_ZH } from "./text/stopwords.js";
export { detectLanguage, keywordTerms, tokenize } from "./text/tokenizer.js";
export type { MemoryCandidate } from "./write/candidate.js";
export type { ConflictRelation } from "./write/conflict/classify.js";
export { CONFLICT_RELATIONS, classifyRelation } from "./write/conflict/classify.js";
export type { MemoryConflictInterrupt, MemoryWriteOutput, WriteResult } from "./write/conflict/decision.js";
export type { HistoryAction, HistoryEntry, UserDecision } from "./write/history.js";
export {
  HISTORY_ACTIONS,
  HistoryEntrySchema,
  readHistory,
  USER_DECISIONS,
  UserDecisionSchema,
} from "./write/history.js";
export type { ChatMessage, ChatRole, NormalizeMessagesOptions, PlainMessage } from "./write/messages.js";
// ---- write side -------------------------------------------------------------------------------
export { DEFAULT_MAX_MESSAGE_BYTES, normalizeMessages, PlainMessageSchema } from "./write/messages.js";
export type {
  AdmissionConfig,
  AdmissionConfigInput,
  AdmissionScores,
  Rejection,
  RejectionReason,
} from "./write/scoring.js";
export { AdmissionConfigSchema, admissionScore, parseAdmissionConfig, REJECTION_REASONS } from "./write/scoring.js";
