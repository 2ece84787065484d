/**
 * HNSWStore's tuning defaults, in one place (the store, its docs and the benchmarks read them).
 * Measured with HashEmbeddings (256 dims) on 100k memories in one namespace (`npm run bench:store`,
 * `npm run bench:recall`):
 * - m 32 / efConstruction 200 / efSearch 256 reach recall@10 0.965 against exact search at about
 *   1.4 ms p50; m 16 / efConstruction 100 / efSearch 128 reached only 0.66.
 * - efSearchHybrid 128: the vector channel of a hybrid recall is fused with BM25 and re-ranked, so
 *   it needs less precision; hit@k stayed the same as at 256 (0.59 vs 0.58) and p50 fell by ~1 ms.
 *   Plain `search()` keeps 256, where 128 gives recall@10 0.909 (below the 0.95 target).
 * - threshold 2000: a namespace holding fewer vectors is scanned exactly (faster than a graph at
 *   that size, and exact).
 */
export const HNSW_DEFAULTS = Object.freeze({
  /** Vectors in one namespace before it gets an HNSW graph. */
  threshold: 2000,
  /** Graph degree. */
  m: 32,
  /** Build-time beam width. */
  efConstruction: 200,
  /** Search beam width of `search()`. */
  efSearch: 256,
  /** Search beam width of the vector channel of `hybridSearch()`. */
  efSearchHybrid: 128,
  /** How often dirty graphs are written to `<dir>/hnsw/`, in ms (0: only on `flush()` / `stop()`). */
  flushIntervalMs: 30_000,
});
