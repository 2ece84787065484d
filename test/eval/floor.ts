/**
 * A measurement aid for a recall-side suggestion, not a change to recall: an HNSWStore whose
 * keyword channel leaves out hits scoring below a share of the best hit.
 *
 * Why: BM25 gives a hit that matches only a term found in most memories (the speaker's name in
 * a two-person conversation) a score near 0 (1e-6 against 3.4 for a real match), but reciprocal
 * rank fusion sees only ranks, so those near-zero hits fill keyword ranks 2…30 and push real
 * matches found by one channel out of the top 10. `npm run eval` reports recall with this floor
 * next to recall without it.
 */
import type { SearchItem } from "@langchain/langgraph-checkpoint";
import type { HybridHits, KeywordSearchOptions } from "../../src/store/contract.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import type { CheckedLookup } from "../../src/store/store-base.js";

export class KeywordFloorStore extends HNSWStore {
  /** Keep keyword hits scoring at least this share of the best hit's score. */
  floor = 0.05;

  override async keywordSearch(
    namespacePrefix: string[],
    query: string,
    options: KeywordSearchOptions = {},
  ): Promise<SearchItem[]> {
    return this.applyFloor(await super.keywordSearch(namespacePrefix, query, options));
  }

  override async hybridSearch(
    namespacePrefix: string[],
    query: string,
    options: KeywordSearchOptions = {},
  ): Promise<HybridHits> {
    const hits = await super.hybridSearch(namespacePrefix, query, options);
    return { ...hits, keyword: this.applyFloor(hits.keyword) };
  }

  /** A recall plan's lookups (recall-plan.ts) get the floor as the calls they stand for do. */
  protected override async lookupRound(
    lookups: CheckedLookup[],
    queryVectors: Map<string, Float32Array>,
  ): Promise<HybridHits[]> {
    const hits = await super.lookupRound(lookups, queryVectors);
    return hits.map((hit) => ({ ...hit, keyword: this.applyFloor(hit.keyword) }));
  }

  private applyFloor(hits: SearchItem[]): SearchItem[] {
    const best = Math.max(0, ...hits.map((hit) => hit.score ?? 0));
    return best > 0 ? hits.filter((hit) => (hit.score ?? 0) >= this.floor * best) : hits;
  }
}
