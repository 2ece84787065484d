/**
 * langgraph-memory: governed long-term memory for LangGraph.js agents.
 * Explicit named exports only; everything public is listed here.
 */
export {
  ErrorCode,
  MemoryError,
  InvalidNamespaceError,
  InvalidValueError,
  ValueTooLargeError,
  DimensionMismatchError,
  InvalidVectorError,
  InvalidOperationError,
  StoreClosedError,
  StoreLockedError,
  StoreCorruptError,
  InvalidRecordError,
  InvalidConfigError,
  InvalidInputError,
  ModelOutputError,
  NotFoundError,
  isMemoryError,
} from "./errors.js";

export {
  MEMORY_KINDS,
  SOURCE_TYPES,
  SENSITIVITIES,
  MEMORY_STATUSES,
  MemoryKindSchema,
  SourceTypeSchema,
  SensitivitySchema,
  MemoryStatusSchema,
  MemorySourceSchema,
  MemoryScopeSchema,
  MemoryKeySchema,
  MemoryRecordSchema,
  parseMemoryRecord,
} from "./schema.js";
export type { MemoryKind, SourceType, Sensitivity, MemoryStatus, MemorySource, MemoryScope, MemoryRecord } from "./schema.js";

export { HNSWStore } from "./store/hnsw-store.js";
export type { HNSWStoreOptions, HNSWStoreIndexConfig } from "./store/hnsw-store.js";
export { isHybridSearchable, isKeywordSearchable } from "./store/types.js";
export type { HybridHits, HybridSearchable, KeywordSearchable, KeywordSearchOptions } from "./store/types.js";

export { detectLanguage, tokenize, keywordTerms } from "./text/tokenizer.js";
export { STOPWORDS_EN, STOPWORDS_ZH, isStopword } from "./text/stopwords.js";
export { HashEmbeddings } from "./text/embeddings.js";
export type { HashEmbeddingsOptions } from "./text/embeddings.js";
export { resolveEmbeddings, resolveChatModel, parseModelEnv, OPENAI_EMBEDDING_DIMS } from "./text/models.js";
export type { ResolveEmbeddingsOptions, ResolvedEmbeddings, ResolveChatModelOptions, EmbeddingsKind, ModelEnv } from "./text/models.js";

export {
  DEFAULT_TENANT,
  RECORD_INDEX_FIELDS,
  scopeNamespace,
  recordsNamespace,
  historyNamespace,
  tracesNamespace,
  knowledgeNamespace,
} from "./namespaces.js";

// ---- the facade -----------------------------------------------------------------------------
export { createMemory, createWriteGraph } from "./memory.js";
export { createWritePipeline } from "../graphs/write.js";
export type { Memory, CreateMemoryOptions, RememberInput, PendingMemory, CreateWriteGraphOptions, WriteGraph } from "./memory.js";

// ---- write side -------------------------------------------------------------------------------
export { normalizeMessages, PlainMessageSchema, DEFAULT_MAX_MESSAGE_BYTES } from "./messages.js";
export type { ChatMessage, ChatRole, PlainMessage, NormalizeMessagesOptions } from "./messages.js";
export { redactText, redactMessages, REDACTION_TYPES, REDACTION_PLACEHOLDERS } from "./redact.js";
export type { RedactionType, RedactionFinding, RedactionResult } from "./redact.js";
export type { MemoryCandidate } from "./candidate.js";
export { parseAdmissionConfig, AdmissionConfigSchema, REJECTION_REASONS, admissionScore } from "./scoring.js";
export type { AdmissionConfig, AdmissionConfigInput, AdmissionScores, Rejection, RejectionReason } from "./scoring.js";
export { classifyRelation, CONFLICT_RELATIONS } from "./conflict/classify.js";
export type { ConflictRelation } from "./conflict/classify.js";
export type { WriteResult, MemoryWriteOutput, MemoryConflictInterrupt } from "./conflict/decision.js";
export { readHistory, HistoryEntrySchema, HISTORY_ACTIONS, USER_DECISIONS, UserDecisionSchema } from "./history.js";
export type { HistoryEntry, HistoryAction, UserDecision } from "./history.js";

// ---- read side --------------------------------------------------------------------------------
export { createRecaller } from "./recall/recaller.js";
export type { Recaller, RecallerOptions } from "./recall/recaller.js";
export { createReadGraph, createReadPipeline } from "../graphs/read.js";
export type { ReadOptions } from "./recall/options.js";
export { RecallInputSchema } from "./recall/request.js";
export type { RecallInput } from "./recall/request.js";
export type { RecallResult, RecalledMemory, RecalledKnowledge, SignalScores } from "./recall/types.js";
export type { RecallTrace } from "./recall/trace.js";
export { parseTaskPolicies, loadTaskPolicies, DEFAULT_POLICY, EXAMPLE_POLICIES_FILE } from "./recall/policies.js";
export type { TaskPolicy, TaskPolicies, TaskPoliciesFile } from "./recall/policies.js";
export { DEFAULT_BUDGETS, estimateTokens } from "./recall/budget.js";
export type { Budgets, SourceBudget } from "./recall/budget.js";
export { DEFAULT_WEIGHTS, DEFAULT_HALF_LIFE_DAYS } from "./recall/ranking.js";
export type { RankingWeights } from "./recall/ranking.js";
export { KnowledgeDocSchema } from "./recall/knowledge.js";
export type { KnowledgeDoc, KnowledgeImportReport, KnowledgeDocSummary } from "./recall/knowledge.js";
