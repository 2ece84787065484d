/**
 * The store core (src/store/core.ts) is one algorithm for both stores: a repeated query is
 * embedded once through a bounded cache, a put embeds only the texts whose stored vector
 * differs, and a write that meant to keep a vector a concurrent batch replaced is embedded
 * again and retried. Each case runs on HNSWStore and, with a server, on PostgresStore.
 */
import fs from "node:fs";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { afterAll, describe, expect, it, vi } from "vitest";
import { QUERY_CACHE_SIZE, StoreCore } from "../../src/store/core.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { noteSkip, openPostgresStore, POSTGRES_URL } from "../helpers/postgres.js";
import { DIMS, openStore, tempDir } from "../helpers/store.js";

/** A promise and its resolver. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Counts what it embeds; a query named in `held` waits until `release()`. */
class CountingEmbeddings extends HashEmbeddings {
  queries: string[] = [];
  documents: string[] = [];
  held = new Set<string>();
  private gate = signal();
  release(): void {
    this.gate.resolve();
  }
  override async embedQuery(text: string) {
    this.queries.push(text);
    if (this.held.has(text)) await this.gate.promise;
    return super.embedQuery(text);
  }
  override async embedDocuments(texts: string[]) {
    this.documents.push(...texts);
    return super.embedDocuments(texts);
  }
}

type Open = (embeddings: CountingEmbeddings, fields: string[]) => BaseStore;
const dirs: string[] = [];
const opened: HNSWStore[] = [];
afterAll(() => {
  for (const store of opened) store.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const backends: Array<[string, Open]> = [
  [
    "HNSWStore",
    (embeddings, fields) => {
      const dir = tempDir();
      dirs.push(dir);
      const store = openStore(dir, { index: { dims: DIMS, embeddings, fields } });
      opened.push(store);
      return store;
    },
  ],
];
if (POSTGRES_URL)
  backends.push([
    "PostgresStore",
    (embeddings, fields) => openPostgresStore({ index: { dims: DIMS, embeddings, fields } }),
  ]);
else noteSkip("store core: PostgresStore");

type Searchable = BaseStore & {
  hybridSearch(prefix: string[], query: string, options?: { limit?: number }): Promise<unknown>;
  searchWithin(
    items: Array<{ namespace: string[]; key: string }>,
    query: string,
    options: { limit: number },
  ): Promise<unknown>;
};

describe.each(backends)("store core on %s", (_name, open) => {
  it("embeds a query asked by search, hybridSearch and searchWithin once", async () => {
    const embeddings = new CountingEmbeddings({ dims: DIMS });
    const store = open(embeddings, ["content"]) as Searchable;
    await store.put(["m", "u1"], "a", { content: "the user drinks green tea" });
    await store.search(["m", "u1"], { query: "green tea", limit: 3 });
    await store.hybridSearch(["m", "u1"], "green tea", { limit: 3 });
    await store.searchWithin([{ namespace: ["m", "u1"], key: "a" }], "green tea", { limit: 3 });
    await Promise.all([
      store.search(["m", "u1"], { query: "black coffee" }),
      store.search(["m", "u2"], { query: "black coffee" }),
    ]);
    expect(embeddings.queries).toEqual(["green tea", "black coffee"]);
  });

  it("embeds only the texts whose stored vector differs", async () => {
    const embeddings = new CountingEmbeddings({ dims: DIMS });
    const store = open(embeddings, ["content", "hint"]);
    await store.put(["m"], "a", { content: "the user drinks green tea", hint: "drinks" });
    await store.put(["m"], "a", { content: "the user drinks green tea", hint: "beverages", uses: 1 });
    await store.put(["m"], "a", { content: "the user drinks green tea", hint: "beverages", uses: 2 });
    expect(embeddings.documents).toEqual(["the user drinks green tea", "drinks", "beverages"]);
    const hits = await store.search(["m"], { query: "beverages", limit: 1 });
    expect(hits[0]?.key).toBe("a");
    expect(hits[0]!.score!).toBeGreaterThan(0.99);
    const stale = await store.search(["m"], { query: "drinks", limit: 1 });
    expect(stale[0]!.score!).toBeLessThan(0.99);
  });

  it("embeds again and retries a write whose kept vector a concurrent batch replaced", async () => {
    const embeddings = new CountingEmbeddings({ dims: DIMS });
    const store = open(embeddings, ["content"]);
    await store.put(["m"], "a", { content: "original text about tea" });
    const storedRead = signal();
    const backend = store as unknown as { storedTextHashes: (...args: unknown[]) => Promise<unknown> };
    const stored = backend.storedTextHashes.bind(store);
    const spy = vi.spyOn(backend, "storedTextHashes").mockImplementation(async (...args) => {
      const out = await stored(...args);
      storedRead.resolve();
      return out;
    });
    // This batch plans to keep the stored vector, then waits on its query's embedding...
    embeddings.held.add("held query");
    const keeping = store.batch([
      { namespacePrefix: ["m"], query: "held query", limit: 1 },
      { namespace: ["m"], key: "a", value: { content: "original text about tea", n: 1 } },
    ]);
    await storedRead.promise;
    spy.mockRestore();
    // ...while another replaces the text and its vector.
    await store.put(["m"], "a", { content: "new text about mountains", n: 2 });
    embeddings.release();
    await keeping;
    const final = await store.get(["m"], "a");
    expect(final?.value).toEqual({ content: "original text about tea", n: 1 });
    expect(embeddings.documents.filter((t) => t === "original text about tea")).toHaveLength(2);
    const hit = (await store.search(["m"], { query: "original text about tea", limit: 1 }))[0];
    expect(hit?.key).toBe("a");
    expect(hit!.score!).toBeGreaterThan(0.99);
  });
});

describe("StoreCore query-vector cache", () => {
  it(`holds the last ${QUERY_CACHE_SIZE} queries, evicting the oldest`, async () => {
    const embeddings = new CountingEmbeddings({ dims: DIMS });
    const core = new StoreCore({ index: { dims: DIMS, embeddings }, nulAllowed: true });
    const queries = Array.from({ length: QUERY_CACHE_SIZE + 1 }, (_, i) => `query ${i}`);
    for (const q of queries) await core.queryVector(q);
    expect(embeddings.queries).toHaveLength(QUERY_CACHE_SIZE + 1);
    await core.queryVector(queries.at(-1)!);
    await core.queryVector(queries[1]!);
    expect(embeddings.queries).toHaveLength(QUERY_CACHE_SIZE + 1);
    await core.queryVector(queries[0]!);
    expect(embeddings.queries).toHaveLength(QUERY_CACHE_SIZE + 2);
  });

  it("forgets a failed embedding, so the next search tries again", async () => {
    const embeddings = new CountingEmbeddings({ dims: DIMS });
    const core = new StoreCore({ index: { dims: DIMS, embeddings }, nulAllowed: true });
    const real = embeddings.embedQuery.bind(embeddings);
    vi.spyOn(embeddings, "embedQuery").mockRejectedValueOnce(new Error("model down"));
    await expect(core.queryVector("tea")).rejects.toThrow("model down");
    vi.mocked(embeddings.embedQuery).mockImplementation(real);
    await expect(core.queryVector("tea")).resolves.toBeInstanceOf(Float32Array);
  });
});
