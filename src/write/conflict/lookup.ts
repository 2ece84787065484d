/**
 * Finding the active memories a candidate may relate to, with as few store round trips as
 * possible: the vector searches of a run go in a few `store.batch` calls (CHUNK candidates
 * each, handing the event loop back between them, so a large write never blocks another
 * user's recall for long), all same-key lookups in one listing, keyword searches (a separate
 * capability) chunked the same way.
 */
import type { BaseStore, SearchItem, SearchOperation } from "@langchain/langgraph-checkpoint";
import { parseMemoryRecord } from "../../schema.js";
import { isKeywordSearchable } from "../../store/types.js";
import { slices } from "../../yield.js";
import type { MemoryCandidate } from "../candidate.js";
import type { RelatedMemory } from "./decide.js";

/** Neighbours looked at per candidate: a user's memories on one topic are few. */
export const NEIGHBOURS = 8;
// The user's active memories: episodes of the conversation (about: "conversation") are a record
// of what was said, never a fact a candidate could restate, contradict or merge into.
const ACTIVE = { status: "active", about: { $ne: "conversation" } };
// Candidates per store call: an embedded store answers a batch synchronously, so this bounds one
// slice of work (about a millisecond a search on HNSWStore).
const CHUNK = 8;

/**
 * The nearest active memories of each text by vector similarity, best first (`similarity` is
 * the store's cosine score; 0 when the store has no vector index).
 */
export async function vectorNeighbours(
  store: BaseStore,
  namespace: string[],
  texts: readonly string[],
): Promise<RelatedMemory[][]> {
  if (texts.length === 0) return [];
  const pause = slices();
  const results: SearchItem[][] = [];
  for (let start = 0; start < texts.length; start += CHUNK) {
    const operations: SearchOperation[] = texts.slice(start, start + CHUNK).map((query) => ({
      namespacePrefix: namespace,
      query,
      filter: ACTIVE,
      limit: NEIGHBOURS,
      offset: 0,
    }));
    results.push(...((await store.batch(operations)) as SearchItem[][]));
    await pause();
  }
  return results.map((items) => items.map((item) => toRelated(item, true)));
}

/**
 * Active memories under the same key, and keyword hits when the store has a keyword channel.
 * Skipped when `seenAll` says a vector search already returned every active memory of the
 * scope (fewer hits than its limit): a young memory store costs one search per candidate.
 */
export async function keyAndKeywordMatches(
  store: BaseStore,
  namespace: string[],
  candidates: readonly MemoryCandidate[],
  seenAll = false,
): Promise<RelatedMemory[][]> {
  if (candidates.length === 0 || seenAll) return candidates.map(() => []);
  const [byKey, byKeyword] = await Promise.all([
    sameKeyItems(
      store,
      namespace,
      candidates.map((c) => c.key),
    ),
    isKeywordSearchable(store)
      ? keywordHits(candidates, (c) => store.keywordSearch(namespace, c.content, { filter: ACTIVE, limit: NEIGHBOURS }))
      : Promise.resolve(candidates.map(() => [] as SearchItem[])),
  ]);
  return candidates.map((c, i) => [...byKey.get(c.key)!, ...byKeyword[i]!].map((item) => toRelated(item, false)));
}

/**
 * The first `NEIGHBOURS` active items of each key, in the store's listing order (newest first):
 * what one filtered search per key returns, from one listing for all keys. A listing without a
 * query reads the namespace row by row, so one per key made a run read it once per candidate.
 */
async function sameKeyItems(
  store: BaseStore,
  namespace: string[],
  keys: readonly string[],
): Promise<Map<string, SearchItem[]>> {
  const unique = [...new Set(keys)];
  const byKey = new Map<string, SearchItem[]>(unique.map((key) => [key, []]));
  const filter = { ...ACTIVE, key: { $in: unique } };
  const page = NEIGHBOURS * unique.length;
  for (let offset = 0; ; offset += page) {
    const [items] = (await store.batch([
      { namespacePrefix: namespace, filter, limit: page, offset },
    ])) as SearchItem[][];
    for (const item of items!) {
      const bucket = byKey.get(item.value.key as string);
      if (bucket && bucket.length < NEIGHBOURS) bucket.push(item);
    }
    // A short page is the end; a full one may hide a key's later items behind a busier key's.
    if (items!.length < page || [...byKey.values()].every((bucket) => bucket.length === NEIGHBOURS)) return byKey;
  }
}

function toRelated(item: SearchItem, vector: boolean): RelatedMemory {
  return { record: parseMemoryRecord(item.value), similarity: vector ? (item.score ?? 0) : 0 };
}

/** Keyword searches of every candidate, CHUNK at a time with a yield point between chunks. */
async function keywordHits(
  candidates: readonly MemoryCandidate[],
  search: (candidate: MemoryCandidate) => Promise<SearchItem[]>,
): Promise<SearchItem[][]> {
  const pause = slices();
  const hits: SearchItem[][] = [];
  for (let start = 0; start < candidates.length; start += CHUNK) {
    hits.push(...(await Promise.all(candidates.slice(start, start + CHUNK).map(search))));
    await pause();
  }
  return hits;
}
