/**
 * Hybrid retrieval (seed 001 §3.2): a vector channel and a BM25 keyword channel run side by
 * side over one namespace, each over-fetching, and are fused with reciprocal rank fusion.
 *
 * Scope is structural: the namespace passed in IS the scope (a user's records or a tenant's
 * knowledge), and both channels query the store under it, so another scope's items are never
 * fetched, let alone post-filtered.
 *
 * Channels and their fallbacks:
 * - vector: `store.search(ns, { query, filter, limit })`. A store without a vector index
 *   returns unscored items; then, if `embeddings` were given, cosine similarity is computed
 *   in-process over the scope's items, otherwise the channel is skipped.
 * - keyword: `store.keywordSearch(...)` when the store is {@link KeywordSearchable}
 *   (HNSWStore: per-namespace BM25); otherwise in-process BM25 over the scope's items (bm25.ts),
 *   which is what LangGraph's InMemoryStore gets.
 * - both at once: `store.hybridSearch(...)` when the store is {@link HybridSearchable}
 *   (HNSWStore), with the same results per channel.
 * - every lookup of every namespace at once: `store.planRecall(...)` when the store is
 *   RecallPlanning (src/store/recall-plan.ts), with the same results per list.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseStore, SearchItem } from "@langchain/langgraph-checkpoint";
import { isHybridSearchable, isKeywordSearchable } from "../store/contract.js";
import { textsAtPaths } from "../store/fields.js";
import { isRecallPlanning, type RecallFound, type RecallSearch } from "../store/recall-plan.js";
import { scanNamespace } from "../store/scan.js";
import { cosine } from "../store/vectors.js";
import { bm25Search } from "./bm25.js";
import { type ChannelName, type Fused, type RankedList, reciprocalRankFusion } from "./fusion.js";
import type { RelatedWord } from "./related.js";

// seed 000 "一个最小实现": top_k = limit * 3 — each channel over-fetches so fusion, key dedupe
// and the budget still have enough to choose from.
export const OVERFETCH_FACTOR = 3;

// Page size when the fallbacks scan a scope's items.
const SCAN_PAGE = 1000;

type Value = Record<string, unknown>;

export interface HybridSearchOptions {
  /** Store filter (top-level fields), applied inside both channels' store queries. */
  filter?: Record<string, unknown>;
  /** How many items the caller wants in the end; each channel fetches `limit × 3`. */
  limit: number;
  /** Indexed fields, for the fallbacks' own text extraction (e.g. RECORD_INDEX_FIELDS). */
  fields: string[];
  /** Restrict to some channels (evaluation, tests). @default ["vector", "keyword"] */
  channels?: ChannelName[];
  /** Embeddings for the in-process vector fallback when the store has no index. */
  embeddings?: EmbeddingsInterface;
  /**
   * Run the vector channel first and skip the keyword channel when it finds nothing. An empty
   * vector answer (the filter applies to both channels) means no item of the namespace passes
   * the filter, so a keyword search could not find one either. For namespaces that are often
   * empty, such as a tenant's knowledge base, on stores whose keyword search costs even then.
   * A {@link HybridSearchable} store answers both channels in one call instead (HNSWStore: an
   * empty namespace costs two index lookups), so the option does not apply to it.
   */
  keywordOnlyIfVectorHits?: boolean;
  /** Day terms of the days the query names (src/recall/dates.ts): searched as the `date` channel. */
  dayTerms?: string[];
  /**
   * The query's words with other words for them (src/recall/related.ts): those of the words no
   * memory of the namespace says are searched as the `related` channel.
   */
  relatedWords?: RelatedWord[];
  /**
   * The names the query says, each as its readings longest first (src/recall/currency.ts
   * `queryNames`): the memories saying them are searched as the `named` channel.
   */
  names?: string[][];
}

/**
 * The `related` channel's weight in the fusion: as much as the two similarity channels together,
 * since a memory naming a kind of what is asked ("my daughter" for "kids") answers it as a
 * memory saying the word would.
 */
export const RELATED_WEIGHT = 2;

export interface HybridSearchResult {
  fused: Fused<Value>[];
  /** Channels that actually ran (normalises the fused score). */
  channelsRun: ChannelName[];
  /** Which channels used an in-process fallback instead of the store's index. */
  fallbacks: ChannelName[];
  /** How deep each channel fetched (`limit × 3`): the worst rank a hit can have. */
  depth: number;
}

/**
 * Vector + keyword search under one namespace, fused with RRF (k = 60).
 * @example
 * import { RECORD_INDEX_FIELDS, recordsNamespace } from "../namespaces.js";
 * declare const store: BaseStore;
 * const scope = { userId: "u1" };
 * const { fused } = await hybridSearch(store, recordsNamespace(scope), "香菜", {
 *   filter: { status: "active" }, limit: 5, fields: RECORD_INDEX_FIELDS,
 * });
 */
export async function hybridSearch(
  store: BaseStore,
  namespace: string[],
  query: string,
  options: HybridSearchOptions,
): Promise<HybridSearchResult> {
  const { lists, channelsRun, fallbacks, depth } = await channelLists(store, namespace, query, options);
  return { fused: reciprocalRankFusion(lists), channelsRun, fallbacks, depth };
}

/**
 * {@link hybridSearch} over several namespaces as if they were one: each channel's hits from every
 * namespace are merged by their score (cosine for vectors, BM25 for keywords: the same embedder
 * and tokenizer everywhere) and cut to the channel's depth before fusion, so an item's rank is
 * its rank among all of them. A channel without scores keeps its namespaces' order.
 * Per-namespace options (`dayTerms`) apply to their namespace only.
 */
export async function hybridSearchAcross(
  store: BaseStore,
  searches: Array<{ namespace: string[]; options: HybridSearchOptions }>,
  query: string,
  /** Lists found another way (a relation answer), fused with the channels. */
  extra: RankedList<Value>[] = [],
): Promise<HybridSearchResult> {
  const planned = await plannedLookups(store, searches, query);
  const parts = [];
  for (const [i, { namespace, options }] of searches.entries())
    parts.push(await channelLists(store, namespace, query, options, planned?.[i]));
  const byChannel = new Map<ChannelName, RankedList<Value>["items"]>();
  const weights = new Map<ChannelName, number>();
  for (const part of parts)
    for (const list of part.lists) {
      byChannel.set(list.channel, [...(byChannel.get(list.channel) ?? []), ...list.items]);
      if (list.weight !== undefined) weights.set(list.channel, list.weight);
    }
  const depth = Math.max(1, ...parts.map((part) => part.depth));
  const lists: RankedList<Value>[] = [...byChannel].map(([channel, items]) => ({
    channel,
    items: items.every((item) => item.score !== undefined)
      ? [...items].sort((a, b) => b.score! - a.score!).slice(0, depth)
      : items.slice(0, depth),
    ...(weights.has(channel) ? { weight: weights.get(channel)! } : {}),
  }));
  return {
    fused: reciprocalRankFusion([...lists, ...extra]),
    channelsRun: [...new Set([...parts.flatMap((part) => part.channelsRun), ...extra.map((list) => list.channel)])],
    fallbacks: [...new Set(parts.flatMap((part) => part.fallbacks))],
    depth,
  };
}

/**
 * The store's answers to every lookup of the searches, when it takes them as one plan and the
 * searches ask what a plan describes: both channels or the keyword channel alone, without
 * `keywordOnlyIfVectorHits`.
 */
async function plannedLookups(
  store: BaseStore,
  searches: Array<{ namespace: string[]; options: HybridSearchOptions }>,
  query: string,
): Promise<RecallFound[] | undefined> {
  if (!isRecallPlanning(store) || !isHybridSearchable(store)) return undefined;
  const planned: RecallSearch[] = [];
  for (const { namespace, options } of searches) {
    const wanted = new Set<ChannelName>(options.channels ?? ["vector", "keyword"]);
    const hybrid = wanted.size === 2 && wanted.has("vector") && wanted.has("keyword");
    const keywordOnly = wanted.size === 1 && wanted.has("keyword");
    if (options.keywordOnlyIfVectorHits || !(hybrid || keywordOnly)) return undefined;
    planned.push({
      namespace,
      query,
      ...(options.filter ? { filter: options.filter } : {}),
      limit: Math.max(1, options.limit) * OVERFETCH_FACTOR,
      channels: hybrid ? "hybrid" : "keyword",
      ...(options.dayTerms?.length ? { dayQuery: options.dayTerms.join(" ") } : {}),
      ...(options.names?.length ? { names: options.names } : {}),
      ...(options.relatedWords?.length
        ? { related: options.relatedWords.map(({ word, related }) => ({ word, related })) }
        : {}),
    });
  }
  return store.planRecall({ searches: planned });
}

async function channelLists(
  store: BaseStore,
  namespace: string[],
  query: string,
  options: HybridSearchOptions,
  /** The store's answers to this namespace's lookups, when it took them as a plan. */
  found?: RecallFound,
): Promise<{ lists: RankedList<Value>[]; channelsRun: ChannelName[]; fallbacks: ChannelName[]; depth: number }> {
  const wanted = new Set<ChannelName>(options.channels ?? ["vector", "keyword"]);
  const fetch = Math.max(1, options.limit) * OVERFETCH_FACTOR;
  const lists: RankedList<Value>[] = [];
  const channelsRun: ChannelName[] = [];
  const fallbacks: ChannelName[] = [];
  const keywordNative = isKeywordSearchable(store);

  const vectorSearch = () =>
    wanted.has("vector") ? store.search(namespace, { query, filter: options.filter, limit: fetch }) : undefined;
  const keywordSearch = () =>
    wanted.has("keyword") && keywordNative
      ? store.keywordSearch(namespace, query, { filter: options.filter, limit: fetch })
      : undefined;
  let vectorHits: SearchItem[] | undefined;
  let keywordHits: SearchItem[] | undefined;
  if (found) {
    keywordHits = found.keyword;
    // No vector index: the plain search answers with unscored items, handled below.
    if (wanted.has("vector")) vectorHits = found.vector ?? (await vectorSearch());
  } else if (isHybridSearchable(store) && wanted.has("vector") && wanted.has("keyword")) {
    // One call answers both channels (HNSWStore: one embedding, one snapshot).
    const both = await store.hybridSearch(namespace, query, { filter: options.filter, limit: fetch });
    keywordHits = both.keyword;
    // No vector index: the plain search answers with unscored items, handled below.
    vectorHits = both.vector ?? (await vectorSearch());
  } else if (options.keywordOnlyIfVectorHits && wanted.has("vector")) {
    vectorHits = await vectorSearch();
    if (vectorHits!.length === 0) return { lists: [], channelsRun: ["vector"], fallbacks: [], depth: fetch };
    keywordHits = await keywordSearch();
  } else {
    [vectorHits, keywordHits] = await Promise.all([vectorSearch(), keywordSearch()]);
  }

  // An index-less store answers a vector query with unscored items.
  const vectorIndexed =
    vectorHits !== undefined && (vectorHits.length === 0 || vectorHits.some((hit) => hit.score !== undefined));
  const needVectorFallback = vectorHits !== undefined && !vectorIndexed && options.embeddings !== undefined;
  const needKeywordFallback = wanted.has("keyword") && !keywordNative;
  const scanned =
    needVectorFallback || needKeywordFallback
      ? await scanNamespace(store, namespace, { filter: options.filter, pageSize: SCAN_PAGE, exact: true })
      : [];

  if (vectorHits !== undefined) {
    if (vectorIndexed) {
      lists.push({ channel: "vector", items: vectorHits.map(toRanked) });
      channelsRun.push("vector");
    } else if (needVectorFallback) {
      lists.push({
        channel: "vector",
        items: await cosineFallback(scanned, query, options.fields, options.embeddings!, fetch),
      });
      channelsRun.push("vector");
      fallbacks.push("vector");
    }
  }
  if (keywordHits !== undefined) {
    lists.push({ channel: "keyword", items: keywordHits.map(toRanked) });
    channelsRun.push("keyword");
  } else if (needKeywordFallback) {
    const docs = scanned.map((item) => ({ id: item.key, value: item.value, texts: texts(item.value, options.fields) }));
    lists.push({ channel: "keyword", items: bm25Search(docs, query, fetch) });
    channelsRun.push("keyword");
    fallbacks.push("keyword");
  }
  if (options.dayTerms?.length && (keywordNative || needKeywordFallback)) {
    // The day a query names is a channel of its own: that day's memories rank up, none drop out.
    const dayQuery = options.dayTerms.join(" ");
    const items = found?.date
      ? found.date.map(toRanked)
      : keywordNative
        ? (await store.keywordSearch(namespace, dayQuery, { filter: options.filter, limit: fetch })).map(toRanked)
        : bm25Search(
            scanned.map((item) => ({ id: item.key, value: item.value, texts: texts(item.value, options.fields) })),
            dayQuery,
            fetch,
          );
    if (items.length > 0) {
      lists.push({ channel: "date", items });
      channelsRun.push("date");
    }
  }
  const docs =
    keywordNative || !(options.relatedWords?.length || options.names?.length)
      ? []
      : scanned.map((item) => ({ id: item.key, value: item.value, texts: texts(item.value, options.fields) }));
  const search = async (query: string, limit: number) =>
    keywordNative
      ? (await store.keywordSearch(namespace, query, { filter: options.filter, limit })).map(toRanked)
      : bm25Search(docs, query, limit);
  if (options.names?.length && (keywordNative || needKeywordFallback)) {
    // The things the query names: their memories join the candidates, however many memories
    // share the query's other words (a scope of hundreds of "X 用的是 Y 数据库"). Of a name's
    // readings the longest some memory says is searched. The channel adds members, not rank
    // (weight 0): every one of them says the name, and which says it in fewer words tells nothing.
    // Naming what is asked ranks them (currency.ts `namedFirst`).
    let items: RankedList<Value>["items"];
    if (found?.named) items = found.named.map(toRanked);
    else {
      const said: string[] = [];
      for (const readings of options.names)
        for (const reading of readings)
          if ((await search(reading, 1)).length > 0) {
            said.push(reading);
            break;
          }
      items = said.length > 0 ? await search(said.join(" "), fetch) : [];
    }
    if (items.length > 0) {
      lists.push({ channel: "named", items, weight: 0 });
      channelsRun.push("named");
    }
  }
  if (options.relatedWords?.length && (keywordNative || needKeywordFallback)) {
    // Other words for what the query names, where the memories never use the query's own word
    // ("kids" when a memory says "my daughter"): their memories rank up, none drop out. A word
    // the memories do say needs no other (the question about a dog finds the dog's memories).
    let items: RankedList<Value>["items"];
    if (found?.related) items = found.related.map(toRanked);
    else {
      const unsaid: string[] = [];
      for (const { word, related } of options.relatedWords)
        if ((await search(word, 1)).length === 0) unsaid.push(...related);
      items = unsaid.length > 0 ? await search(unsaid.join(" "), fetch) : [];
    }
    if (items.length > 0) {
      lists.push({ channel: "related", items, weight: RELATED_WEIGHT });
      channelsRun.push("related");
    }
  }
  return { lists, channelsRun, fallbacks, depth: fetch };
}

function toRanked(item: SearchItem): { id: string; value: Value; score?: number } {
  return item.score === undefined || item.score === null
    ? { id: item.key, value: item.value }
    : { id: item.key, value: item.value, score: item.score };
}

function texts(value: Value, fields: string[]): string[] {
  return textsAtPaths(value, fields).map((entry) => entry.text);
}

async function cosineFallback(
  items: SearchItem[],
  query: string,
  fields: string[],
  embeddings: EmbeddingsInterface,
  limit: number,
): Promise<{ id: string; value: Value; score: number }[]> {
  if (items.length === 0) return [];
  const perItem = items.map((item) => texts(item.value, fields));
  const [queryVector, docVectors] = await Promise.all([
    embeddings.embedQuery(query),
    embeddings.embedDocuments(perItem.flat()),
  ]);
  const scored: { id: string; value: Value; score: number }[] = [];
  let cursor = 0;
  items.forEach((item, i) => {
    let best = Number.NEGATIVE_INFINITY;
    // An item is as close as its closest indexed text (LangGraph's InMemoryStore does the same).
    for (let j = 0; j < perItem[i]!.length; j++) best = Math.max(best, cosine(queryVector, docVectors[cursor + j]!));
    cursor += perItem[i]!.length;
    if (Number.isFinite(best)) scored.push({ id: item.key, value: item.value, score: best });
  });
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, limit);
}
