/**
 * In-process BM25, the keyword channel's fallback for stores without a keyword index
 * (LangGraph's InMemoryStore, or any `BaseStore` that does not implement
 * `KeywordSearchable`). It scores the items of one scope at query time, so it costs
 * O(items in scope) per query: fine for tests and small scopes; HNSWStore's FTS5 index is
 * the production path. Terms come from `keywordTerms`, the same function the store's index
 * uses, so both paths rank the same words.
 */
import { keywordTerms } from "../text/tokenizer.js";

// Robertson's standard parameters; short memory sentences barely exercise length normalisation.
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export interface Bm25Document<T> {
  id: string;
  value: T;
  /** Every indexed text of the document (e.g. content and retrieval hints). */
  texts: string[];
}

export interface Bm25Hit<T> {
  id: string;
  value: T;
  score: number;
}

/**
 * Rank `docs` against `query` with Okapi BM25; documents sharing no term are left out.
 * @example
 * bm25Search([{ id: "m1", value: {}, texts: ["用户不吃香菜"] }], "香菜", 5); // [{ id: "m1", score: … }]
 */
export function bm25Search<T>(docs: readonly Bm25Document<T>[], query: string, limit: number): Bm25Hit<T>[] {
  const queryTerms = keywordTerms(query);
  if (queryTerms.length === 0 || docs.length === 0) return [];

  const termCounts: Map<string, number>[] = [];
  const lengths: number[] = [];
  const documentFrequency = new Map<string, number>();
  for (const doc of docs) {
    const counts = new Map<string, number>();
    let length = 0;
    for (const text of doc.texts) {
      for (const term of keywordTerms(text)) {
        counts.set(term, (counts.get(term) ?? 0) + 1);
        length += 1;
      }
    }
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    termCounts.push(counts);
    lengths.push(length);
  }
  const averageLength = lengths.reduce((sum, n) => sum + n, 0) / docs.length || 1;

  const hits: Bm25Hit<T>[] = [];
  docs.forEach((doc, i) => {
    const counts = termCounts[i]!;
    let score = 0;
    for (const term of queryTerms) {
      const tf = counts.get(term);
      if (!tf) continue;
      const n = documentFrequency.get(term)!;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      score += (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[i]!) / averageLength));
    }
    if (score > 0) hits.push({ id: doc.id, value: doc.value, score });
  });
  hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return hits.slice(0, limit);
}
