/**
 * The long-term store contract beyond LangGraph's `BaseStore`, in one file: the index
 * configuration both stores take and the capabilities the graphs look for.
 *
 * `BaseStore` gives get/put/delete/search (vector search when an index is configured).
 * The read graph also needs a keyword channel (BM25) to fuse with vector search
 * (seed 001 §3.2), so stores that have one implement {@link KeywordSearchable}.
 * HNSWStore maps it to per-namespace BM25 (SQLite FTS5 underneath); a PostgreSQL store maps it
 * to its own text search. A store that can answer both channels in one call implements
 * {@link HybridSearchable} too; one that keeps relational rows per item implements
 * {@link StructuredSearchable}; one shared by many processes implements {@link ScopeLocking}.
 * What both stores check of their input is in operations.ts; what they share of the work of a
 * batch (planning, embedding, the query-vector cache) in core.ts.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseStore, Item, SearchItem } from "@langchain/langgraph-checkpoint";

/** The vector index of a store: what to embed, with which model, kept in vectors of which size. */
export interface StoreIndexConfig {
  /** Dimensions of the embeddings; checked on every vector and against the data already stored. */
  dims: number;
  /** Any LangChain embeddings (the offline default is `HashEmbeddings`). */
  embeddings: EmbeddingsInterface;
  /**
   * Paths of the value to embed and keyword-index, InMemoryStore syntax.
   * @default ["$"] (the whole value as JSON)
   * @example ["content", "retrievalHints", "terms[*]"]
   */
  fields?: string[];
  /**
   * Paths (of `fields` or of a put's `index`) whose texts are keyword-indexed but never embedded:
   * exact terms that mean nothing to a vector (the day terms `date_20240506` of an episode).
   * Every embedded text is one more vector to insert, the dearest part of a write.
   * @default []
   */
  keywordOnly?: string[];
}

export interface KeywordSearchOptions {
  /** Same operators as `search()` (`$eq $ne $gt $gte $lt $lte $in $nin`), on top-level value fields. */
  filter?: Record<string, unknown>;
  /** @default 10 */
  limit?: number;
  /** @default 0 */
  offset?: number;
}

/** A store with a BM25 keyword channel. Scores are BM25 (higher is better), not comparable to cosine. */
export interface KeywordSearchable {
  /**
   * Keyword (BM25) search over the same indexed fields as vector search, text pre-segmented
   * with `Intl.Segmenter` so Chinese and English both work.
   * @example
   * declare const store: KeywordSearchable;
   * const hits = await store.keywordSearch(["memories", "u1"], "香菜 外卖", { limit: 5 });
   */
  keywordSearch(namespacePrefix: string[], query: string, options?: KeywordSearchOptions): Promise<SearchItem[]>;
}

export function isKeywordSearchable(store: BaseStore | undefined): store is BaseStore & KeywordSearchable {
  return !!store && typeof (store as Partial<KeywordSearchable>).keywordSearch === "function";
}

/** Both channels of one hybrid query, each ranked on its own (fusion is the caller's). */
export interface HybridHits {
  /** Vector hits, best first; undefined when the store has no vector index. */
  vector?: SearchItem[];
  /** BM25 hits, best first. */
  keyword: SearchItem[];
}

/**
 * A store that answers the vector and keyword channels of a hybrid query in one call: the
 * query is embedded once and both channels run over the same snapshot. Each channel returns
 * up to `limit` items passing the filter, as `search()` and `keywordSearch()` would.
 */
export interface HybridSearchable extends KeywordSearchable {
  /**
   * @example
   * declare const store: HybridSearchable;
   * const { vector, keyword } = await store.hybridSearch(["memories", "u1"], "香菜 外卖", { filter: { status: "active" }, limit: 24 });
   */
  hybridSearch(namespacePrefix: string[], query: string, options?: KeywordSearchOptions): Promise<HybridHits>;
}

export function isHybridSearchable(store: BaseStore | undefined): store is BaseStore & HybridSearchable {
  return isKeywordSearchable(store) && typeof (store as Partial<HybridSearchable>).hybridSearch === "function";
}

/**
 * A store shared by many processes (PostgresStore) serialises a scope's commits across them:
 * `withScopeLock` runs the task holding the scope's lock (a PostgreSQL advisory lock), so two
 * workers never commit decisions made against the same old state. The in-process ScopeQueue
 * takes it inside its own turn (src/scope-queue.ts).
 */
export interface ScopeLocking {
  withScopeLock<T>(key: string, task: () => Promise<T>): Promise<T>;
}

export function isScopeLocking(store: unknown): store is ScopeLocking {
  return typeof (store as Partial<ScopeLocking> | undefined)?.withScopeLock === "function";
}

/**
 * A store that can take many writes with its vector index built once at the end instead of one
 * insert per write: HNSWStore defers its graph inserts (searches still see every vector),
 * PostgresStore drops and rebuilds its HNSW index. `memory.import(..., { bulk: true })` and
 * `remember({ ..., bulk })` run inside it when the store has it.
 */
export interface BulkLoading {
  bulkLoad<T>(work: () => Promise<T>): Promise<T>;
}

export function isBulkLoading(store: unknown): store is BulkLoading {
  return typeof (store as Partial<BulkLoading> | undefined)?.bulkLoad === "function";
}

/**
 * A store that finds what was written to a namespace since a time, through an index on the
 * write time: what lets maintenance read only what changed since its last pass.
 */
export interface ChangeTracking {
  /**
   * The items of exactly `namespace` written (put or overwritten) at or after `since`, on the
   * store's clock (the writing process's), oldest change first, at most `limit`.
   * @example
   * declare const store: ChangeTracking;
   * await store.changedSince(["memory", "_default", "u1", "records"], new Date("2026-06-01T00:00:00Z"), { limit: 1000 });
   */
  changedSince(namespace: string[], since: Date, options: { limit: number }): Promise<Item[]>;
}

export function isChangeTracking(store: BaseStore | undefined): store is BaseStore & ChangeTracking {
  return !!store && typeof (store as Partial<ChangeTracking>).changedSince === "function";
}

// ---- structured rows (seed 001 §4.2–4.3; item-structure.ts) -----------------------------

/** One fact row: entity keys for matching, names as written for the trace. */
export interface FactRow {
  subject: string;
  predicate: string;
  object: string;
  subjectKey: string;
  objectKey: string;
}

export interface ItemStructure {
  /** Epoch days (UTC) the item is about, at most {@link MAX_DAYS_PER_ITEM}. */
  days: number[];
  facts: FactRow[];
}

/** Derives an item's rows from its value; undefined for items that have none. */
export type StructureOf = (value: Record<string, unknown>) => ItemStructure | undefined;

/** An item's rows hold at most this many days (a month-long span); longer spans hold none. */
export const MAX_DAYS_PER_ITEM = 31;
/** Most items or facts one structured query returns (bounded work per request). */
export const MAX_STRUCTURED_ROWS = 1000;

/** Days to select: absolute epoch-day ranges, or month-day ranges of any year (`0502`–`0502`). */
export interface DayCondition {
  ranges?: Array<{ from: number; to: number }>;
  /** `month * 100 + day`, inclusive; for a date said without a year ("May 2nd", "5月2号"). */
  monthDays?: Array<{ from: number; to: number }>;
}

export interface ItemRef {
  namespace: string[];
  key: string;
}

export interface FactHit extends FactRow, ItemRef {}

/** Two facts joined through the entity they share (`factPaths`). */
export interface FactPath {
  first: FactHit;
  second: FactHit;
}

/**
 * The structured queries of a store. Every query is scoped by `namespacePrefix`; `namespaces`,
 * where a method takes it, narrows it to exactly those namespaces under the prefix (recall
 * passes the hot ones: records and episodes), so the rest of a user's namespaces (one per memory
 * key, the history) are never read.
 */
export interface StructuredSearchable {
  /**
   * The items under `namespacePrefix` about any of the days, newest day first, at most `limit`.
   * @example
   * declare const store: StructuredSearchable;
   * await store.itemsOnDays(["memory", "_default", "u1"], { monthDays: [{ from: 502, to: 502 }] }, { limit: 200 });
   */
  itemsOnDays(
    namespacePrefix: string[],
    days: DayCondition,
    options: { limit: number; namespaces?: string[][] },
  ): Promise<ItemRef[]>;
  /**
   * Facts under `namespacePrefix` whose subject or object key is one of `entityKeys` (any
   * entity when the list is empty), of one predicate when given; newest first.
   * @example
   * declare const store: StructuredSearchable;
   * await store.factsAbout(["memory", "_default", "u1"], ["atlas"], { limit: 50 });
   * await store.factsAbout(["memory", "_default", "u1"], [], { limit: 1000, predicate: "status" });
   */
  factsAbout(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicate?: string; namespaces?: string[][] },
  ): Promise<FactHit[]>;
  /**
   * Two-step facts: facts touching `entityKeys` (hop 1) and the facts touching the other end of
   * each (hop 2), as pairs, newest second hop first. The hop-2 fact is never the hop-1 fact
   * itself, and the user is never the middle of a path. With `predicates` (the relations the
   * question asks about), hop 1 from the user keeps facts of those predicates and hop 2 keeps
   * facts of those predicates or aliases (`same_as`); without, the user starts no path.
   * @example
   * declare const store: StructuredSearchable;
   * await store.factPaths(["memory", "_default", "u1"], ["priya"], { limit: 50, predicates: ["uses"] });
   */
  factPaths(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicates?: string[]; namespaces?: string[][] },
  ): Promise<FactPath[]>;
  /**
   * Vector and keyword ranking inside a given set of items (the structured filter's result):
   * each channel scores every item passing `filter`, best first, at most `limit`.
   */
  searchWithin(
    items: ItemRef[],
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<HybridHits>;
  /**
   * The structured filter and the ranking inside it in one call (seed 001 §4.3): the items of
   * `days` in exactly `namespaces`, ranked as {@link searchWithin} ranks. `matched` counts the
   * items the days selected (at most MAX_STRUCTURED_ROWS), before the filter.
   * @example
   * declare const store: StructuredSearchable;
   * await store.searchOnDays([["memory", "_default", "u1", "records"]], { ranges: [{ from: 20575, to: 20575 }] }, "dinner", { limit: 24 });
   */
  searchOnDays(
    namespaces: string[][],
    days: DayCondition,
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<{ matched: number; hits: HybridHits }>;
}

export function isStructuredSearchable(store: BaseStore | undefined): store is BaseStore & StructuredSearchable {
  return (
    !!store &&
    typeof (store as Partial<StructuredSearchable>).itemsOnDays === "function" &&
    typeof (store as Partial<StructuredSearchable>).factPaths === "function" &&
    typeof (store as Partial<StructuredSearchable>).searchWithin === "function" &&
    typeof (store as Partial<StructuredSearchable>).searchOnDays === "function"
  );
}
