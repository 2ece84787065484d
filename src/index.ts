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
export { isKeywordSearchable } from "./store/types.js";
export type { KeywordSearchable, KeywordSearchOptions } from "./store/types.js";

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
