import { InMemoryStore } from "@langchain/langgraph";
import type { BaseStore, SearchItem } from "@langchain/langgraph-checkpoint";
import { afterAll, describe, expect, it, vi } from "vitest";
import { InvalidNamespaceError, InvalidOperationError } from "../../src/errors.js";
import { RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { bm25Search } from "../../src/recall/bm25.js";
import { RRF_K, reciprocalRankFusion, relevanceFromRrf } from "../../src/recall/fusion.js";
import { hybridSearch, hybridSearchAcross, OVERFETCH_FACTOR } from "../../src/recall/hybrid.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { tempDir } from "../helpers/store.js";
import { FIXTURE_MEMORIES, FIXTURE_QUERIES } from "./fixtures.js";
import { makeRecord, putRecords } from "./helpers.js";

const scope = { userId: "u_hybrid" };
const K = 5;

/** Which fixture queries find their target in the top K, and which do not (as `probes: query`). */
async function hitsAtK(
  store: BaseStore,
  channels: ("vector" | "keyword")[],
): Promise<{ hits: number; found: Set<string>; missed: string[] }> {
  const found = new Set<string>();
  const missed: string[] = [];
  for (const q of FIXTURE_QUERIES) {
    const { fused } = await hybridSearch(store, recordsNamespace(scope), q.query, {
      filter: { status: "active" },
      limit: K,
      fields: RECORD_INDEX_FIELDS,
      channels,
    });
    if (fused.slice(0, K).some((hit) => hit.id === q.target)) found.add(q.query);
    else missed.push(`${q.probes}: ${q.query}`);
  }
  return { hits: found.size, found, missed };
}

const hnswStores: HNSWStore[] = [];
afterAll(async () => {
  for (const store of hnswStores) await store.stop();
});

const stores: [string, () => BaseStore][] = [
  [
    "InMemoryStore (in-process BM25 fallback)",
    () => new InMemoryStore({ index: { dims: 256, embeddings: new HashEmbeddings(), fields: RECORD_INDEX_FIELDS } }),
  ],
  [
    "HNSWStore (native FTS5 keyword channel)",
    () => {
      const store = new HNSWStore({
        dir: tempDir("lgm-read-"),
        index: { dims: 256, embeddings: new HashEmbeddings(), fields: RECORD_INDEX_FIELDS },
        flushIntervalMs: 0,
      });
      hnswStores.push(store);
      return store;
    },
  ],
];

describe.each(stores)("hybrid retrieval on a bilingual fixture — %s", (_name, makeStore) => {
  it(`hits@${K} of vector + BM25 fused with RRF is at least either channel's, and above one`, async () => {
    const store = makeStore();
    await putRecords(
      store,
      FIXTURE_MEMORIES.map((m) => makeRecord(scope, { id: m.id, key: "fixture.item", content: m.content })),
    );

    const vector = await hitsAtK(store, ["vector"]);
    const keyword = await hitsAtK(store, ["keyword"]);
    const hybrid = await hitsAtK(store, ["vector", "keyword"]);
    const n = FIXTURE_QUERIES.length;
    const report = [
      `vector ${vector.hits}/${n}, keyword ${keyword.hits}/${n}, hybrid ${hybrid.hits}/${n}`,
      `vector missed: ${vector.missed.join(" | ")}`,
      `keyword missed: ${keyword.missed.join(" | ")}`,
      `hybrid missed: ${hybrid.missed.join(" | ")}`,
    ].join("\n");

    // Each channel has strengths of its own: it finds targets the other misses.
    const onlyVector = [...vector.found].filter((q) => !keyword.found.has(q));
    const onlyKeyword = [...keyword.found].filter((q) => !vector.found.has(q));
    expect(onlyVector.length, `no target only the vector channel finds\n${report}`).toBeGreaterThan(0);
    expect(onlyKeyword.length, `no target only the keyword channel finds\n${report}`).toBeGreaterThan(0);

    // Fusion keeps what each channel finds, and adds up their strengths.
    expect(hybrid.hits, `hybrid below vector\n${report}`).toBeGreaterThanOrEqual(vector.hits);
    expect(hybrid.hits, `hybrid below keyword\n${report}`).toBeGreaterThanOrEqual(keyword.hits);
    expect(hybrid.hits > Math.min(vector.hits, keyword.hits), `hybrid above neither channel\n${report}`).toBe(true);
  });
});

describe("reciprocal rank fusion", () => {
  it("uses k = 60 and sums 1 / (k + rank) over channels", () => {
    const fused = reciprocalRankFusion([
      {
        channel: "vector",
        items: [
          { id: "a", value: 1, score: 0.9 },
          { id: "b", value: 2, score: 0.8 },
        ],
      },
      {
        channel: "keyword",
        items: [
          { id: "b", value: 2, score: 7 },
          { id: "c", value: 3, score: 5 },
        ],
      },
    ]);
    expect(RRF_K).toBe(60);
    expect(fused.map((f) => f.id)).toEqual(["b", "a", "c"]);
    expect(fused[0]!.rrf).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[0]!.channels).toEqual({ vector: { rank: 2, score: 0.8 }, keyword: { rank: 1, score: 7 } });
    expect(fused[1]!.rrf).toBeCloseTo(1 / 61, 12);
  });

  it("rescales fused scores to [0, 1] over the range they can take", () => {
    expect(relevanceFromRrf(2 / 61, 2, 15)).toBe(1);
    expect(relevanceFromRrf(1 / 75, 2, 15)).toBe(0);
    expect(relevanceFromRrf(1 / 61, 1, 15)).toBe(1);
    // Rank 1 and rank 2 in both channels stay close; one channel only is far below.
    expect(relevanceFromRrf(2 / 62, 2, 15)).toBeGreaterThan(0.95);
    expect(relevanceFromRrf(1 / 61, 2, 15)).toBeLessThan(0.2);
    expect(relevanceFromRrf(0.01, 0, 15)).toBe(0);
  });
});

describe("hybridSearch channels", () => {
  it(`over-fetches ${OVERFETCH_FACTOR}× the limit in each channel, inside the scope's namespace`, async () => {
    const store = new HNSWStore({
      dir: tempDir("lgm-read-"),
      index: { dims: 64, embeddings: new HashEmbeddings({ dims: 64 }), fields: RECORD_INDEX_FIELDS },
      flushIntervalMs: 0,
    });
    hnswStores.push(store);
    const both = vi.spyOn(store, "hybridSearch");
    await hybridSearch(store, recordsNamespace(scope), "coffee", {
      filter: { status: "active" },
      limit: 4,
      fields: RECORD_INDEX_FIELDS,
    });
    expect(both).toHaveBeenCalledWith(recordsNamespace(scope), "coffee", { filter: { status: "active" }, limit: 12 });
    // A store with separate channels only is asked through search() and keywordSearch().
    const separate = Object.assign(
      new InMemoryStore({
        index: { dims: 64, embeddings: new HashEmbeddings({ dims: 64 }), fields: RECORD_INDEX_FIELDS },
      }),
      {
        keywordSearch: async (): Promise<SearchItem[]> => [],
      },
    );
    const search = vi.spyOn(separate, "search");
    const keyword = vi.spyOn(separate, "keywordSearch");
    await hybridSearch(separate, recordsNamespace(scope), "coffee", {
      filter: { status: "active" },
      limit: 4,
      fields: RECORD_INDEX_FIELDS,
    });
    expect(search).toHaveBeenCalledWith(recordsNamespace(scope), {
      query: "coffee",
      filter: { status: "active" },
      limit: 12,
    });
    expect(keyword).toHaveBeenCalledWith(recordsNamespace(scope), "coffee", {
      filter: { status: "active" },
      limit: 12,
    });
  });

  it("gets from HNSWStore.hybridSearch what search() and keywordSearch() give, embedding the query once", async () => {
    const embeddings = new HashEmbeddings({ dims: 64 });
    const embedQuery = vi.spyOn(embeddings, "embedQuery");
    const store = new HNSWStore({
      dir: tempDir("lgm-read-"),
      index: { dims: 64, embeddings, fields: RECORD_INDEX_FIELDS },
      flushIntervalMs: 0,
      // A graph from the first vector, searched with the same ef both ways: equal answers.
      hnsw: { threshold: 1, efSearch: 64, efSearchHybrid: 64 },
    });
    hnswStores.push(store);
    const records = [
      "用户喜欢拿铁",
      "The user drinks coffee every morning",
      "订单 SF1029384756 已发货",
      "用户不吃香菜",
      "coffee beans from Yunnan",
    ].map((content, i) =>
      makeRecord(scope, {
        id: `r${i}`,
        key: `x.r${i}`,
        content,
        ...(i === 4 ? { status: "superseded" as const, supersededBy: "r1" } : {}),
      }),
    );
    await putRecords(store, records);
    const ns = recordsNamespace(scope);
    for (const query of ["coffee", "香菜 拿铁", "SF1029384756"]) {
      embedQuery.mockClear();
      const both = await store.hybridSearch(ns, query, { filter: { status: "active" }, limit: 3 });
      expect(embedQuery).toHaveBeenCalledTimes(1);
      const keys = (hits: SearchItem[] | undefined) => hits?.map((h) => [h.key, h.score]);
      expect(keys(both.vector)).toEqual(
        keys(await store.search(ns, { query, filter: { status: "active" }, limit: 3 })),
      );
      expect(keys(both.keyword)).toEqual(
        keys(await store.keywordSearch(ns, query, { filter: { status: "active" }, limit: 3 })),
      );
      expect(both.vector!.every((h) => h.value.status === "active")).toBe(true);
      // The same query again is answered from the query-embedding cache.
      expect(embedQuery).toHaveBeenCalledTimes(1);
    }
    // A batch with more distinct queries than the query cache holds answers every one of them.
    const queries = Array.from({ length: 80 }, (_, i) => `coffee ${i}`);
    const answers = await store.batch(queries.map((query) => ({ namespacePrefix: ns, query, limit: 1 })));
    // Scored: each was a vector search, not a fallback listing.
    expect(answers.map((hits) => typeof hits[0]?.score)).toEqual(queries.map(() => "number"));
    // Bad input is refused with the store's typed errors, as search() and keywordSearch() refuse it.
    await expect(store.hybridSearch(["a:b"], "coffee")).rejects.toThrow(InvalidNamespaceError);
    await expect(store.hybridSearch(ns, 42 as unknown as string)).rejects.toThrow(InvalidOperationError);
    await expect(store.hybridSearch(ns, "coffee", { filter: { status: { $regex: "a" } } })).rejects.toThrow(
      InvalidOperationError,
    );
    await expect(store.hybridSearch(ns, "coffee", { limit: -1 })).rejects.toThrow(InvalidOperationError);
    // Without a vector index there is no vector list; the keyword list is still there.
    const plain = new HNSWStore({ dir: tempDir("lgm-read-"), flushIntervalMs: 0 });
    hnswStores.push(plain);
    await putRecords(plain, records);
    const answer = await plain.hybridSearch(ns, "SF1029384756", { filter: { status: "active" } });
    expect(answer.vector).toBeUndefined();
    expect(answer.keyword.map((h) => h.key)).toEqual(["r2"]);
  });

  it("falls back to in-process BM25 when the store has no keyword index, and reports it", async () => {
    const store = new InMemoryStore({
      index: { dims: 64, embeddings: new HashEmbeddings({ dims: 64 }), fields: RECORD_INDEX_FIELDS },
    });
    await putRecords(store, [
      makeRecord(scope, { id: "a", key: "x.a", content: "订单 SF1029384756 已发货" }),
      makeRecord(scope, { id: "b", key: "x.b", content: "用户喜欢拿铁" }),
    ]);
    const result = await hybridSearch(store, recordsNamespace(scope), "SF1029384756", {
      limit: 2,
      fields: RECORD_INDEX_FIELDS,
    });
    expect(result.channelsRun).toEqual(["vector", "keyword"]);
    expect(result.fallbacks).toEqual(["keyword"]);
    expect(result.fused[0]!.id).toBe("a");
    expect(result.fused[0]!.channels.keyword?.rank).toBe(1);
    expect(result.fused.find((f) => f.id === "b")!.channels.keyword).toBeUndefined();
  });

  it("computes cosine in-process when the store has no vector index and embeddings are given", async () => {
    const store = new InMemoryStore();
    await putRecords(store, [
      makeRecord(scope, { id: "a", key: "x.a", content: "The user drinks an espresso every morning" }),
      makeRecord(scope, { id: "b", key: "x.b", content: "The user lives in Beijing" }),
    ]);
    // Misspelt: no keyword matches, only the vectors' character trigrams do.
    const without = await hybridSearch(store, recordsNamespace(scope), "expresso", {
      limit: 2,
      fields: RECORD_INDEX_FIELDS,
    });
    expect(without.channelsRun).toEqual(["keyword"]);
    expect(without.fused).toEqual([]);
    const withEmbeddings = await hybridSearch(store, recordsNamespace(scope), "expresso", {
      limit: 2,
      fields: RECORD_INDEX_FIELDS,
      embeddings: new HashEmbeddings({ dims: 64 }),
    });
    expect(withEmbeddings.fallbacks).toEqual(["vector", "keyword"]);
    expect(withEmbeddings.fused[0]!.id).toBe("a");
    expect(withEmbeddings.fused[0]!.channels).toEqual({ vector: { rank: 1, score: expect.any(Number) } });
  });
});

describe("bm25Search", () => {
  it("ranks the rare term first and leaves out documents sharing no term", () => {
    const docs = [
      { id: "common1", value: null, texts: ["用户的订单已发货"] },
      { id: "common2", value: null, texts: ["订单发货后短信通知"] },
      { id: "common3", value: null, texts: ["订单一般两天内发货"] },
      { id: "rare", value: null, texts: ["订单 SF1029384756 已签收"] },
      { id: "other", value: null, texts: ["The user likes tea"] },
    ];
    const hits = bm25Search(docs, "SF1029384756 订单", 10);
    expect(hits[0]!.id).toBe("rare");
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits.map((h) => h.id)).not.toContain("other");
    expect(hits).toHaveLength(4);
  });
});

describe("hybridSearchAcross", () => {
  it("ranks two namespaces as one: the same order as one namespace holding both", async () => {
    const embeddings = new HashEmbeddings({ dims: 256 });
    const store = new InMemoryStore({ index: { dims: 256, embeddings, fields: RECORD_INDEX_FIELDS } });
    const texts = [
      "用户喜欢喝绿茶",
      "The user drinks green tea every morning",
      "用户不吃香菜",
      "The user's team uses Linear for tickets",
      'On 2024-05-01 the user said: "green tea keeps me calm"',
      "2024-05-02，用户说：“周末去爬山”",
    ];
    const left = ["memory", "_default", "u_across", "records"];
    const right = ["memory", "_default", "u_across", "episodes"];
    const both = ["memory", "_default", "u_across_one", "records"];
    for (const [i, text] of texts.entries()) {
      const value = { content: text, status: "active" };
      await store.put(i % 2 === 0 ? left : right, `t${i}`, value);
      await store.put(both, `t${i}`, value);
    }
    const options = {
      filter: { status: "active" },
      limit: 2,
      fields: RECORD_INDEX_FIELDS,
      channels: ["vector" as const],
    };
    for (const query of ["green tea", "香菜", "tickets in Linear"]) {
      const across = await hybridSearchAcross(
        store,
        [
          { namespace: left, options },
          { namespace: right, options },
        ],
        query,
      );
      const one = await hybridSearch(store, both, query, options);
      // Items that share no term with the query tie at 0; their order is the store's.
      const ranked = (fused: typeof one.fused) =>
        fused.filter((f) => (f.channels.vector?.score ?? 0) > 0).map((f) => f.id);
      expect(ranked(across.fused).length).toBeGreaterThan(0);
      expect(ranked(across.fused)).toEqual(ranked(one.fused));
      expect(across.fused.length).toBeLessThanOrEqual(options.limit * OVERFETCH_FACTOR);
    }
  });
});
