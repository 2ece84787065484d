/**
 * The long-term store contract beyond LangGraph's `BaseStore`.
 *
 * `BaseStore` gives get/put/delete/search (vector search when an index is configured).
 * The read graph also needs a keyword channel (BM25) to fuse with vector search
 * (seed 001 §3.2), so stores that have one implement {@link KeywordSearchable}.
 * HNSWStore maps it to per-namespace BM25 (SQLite FTS5 underneath); a PostgreSQL store maps it
 * to its own text search. A store that can answer both channels in one call implements
 * {@link HybridSearchable} too.
 */
import type { BaseStore, SearchItem } from "@langchain/langgraph-checkpoint";

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
