/**
 * One behaviour suite for the BaseStore contract, run against LangGraph's InMemoryStore (the
 * reference) and HNSWStore: what passes for one must pass for the other.
 */
import fs from "node:fs";
import { type BaseStore, InMemoryStore } from "@langchain/langgraph";
import type { GetOperation, PutOperation, SearchOperation } from "@langchain/langgraph-checkpoint";
import { InvalidNamespaceError } from "@langchain/langgraph-checkpoint";
import { afterEach, describe, expect, it } from "vitest";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { noteSkip, openPostgresStore, POSTGRES_URL } from "../helpers/postgres.js";
import { DIMS, openStore, tempDir, testEmbeddings } from "../helpers/store.js";

const factories: Array<[string, () => { store: BaseStore; close: () => void | Promise<void> }]> = [
  [
    "InMemoryStore",
    () => ({
      store: new InMemoryStore({ index: { dims: DIMS, embeddings: testEmbeddings(), fields: ["content"] } }),
      close: () => {},
    }),
  ],
  [
    "HNSWStore",
    () => {
      const dir = tempDir();
      const store = openStore(dir);
      return {
        store,
        close: () => {
          (store as HNSWStore).stop();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    "HNSWStore (HNSW graph from the first vector)",
    () => {
      const dir = tempDir();
      const store = openStore(dir, { hnsw: { threshold: 1 } });
      return {
        store,
        close: () => {
          (store as HNSWStore).stop();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];
// The same contract on PostgreSQL + pgvector, against the server CI starts (test/helpers/postgres.ts).
if (POSTGRES_URL)
  factories.push([
    "PostgresStore",
    () => {
      const store = openPostgresStore();
      return { store, close: () => store.end() };
    },
  ]);
else noteSkip("BaseStore behaviour: PostgresStore");

describe.each(factories)("BaseStore behaviour: %s", (_name, factory) => {
  let close: () => void | Promise<void> = () => {};
  afterEach(() => close());
  const make = () => {
    const made = factory();
    close = made.close;
    return made.store;
  };

  it("puts, gets, overwrites and deletes", async () => {
    const store = make();
    await store.put(["users", "u1"], "prefs", { content: "likes tea", n: 1 });
    const first = await store.get(["users", "u1"], "prefs");
    expect(first?.value).toEqual({ content: "likes tea", n: 1 });
    expect(first?.namespace).toEqual(["users", "u1"]);
    expect(first?.createdAt).toBeInstanceOf(Date);
    // InMemoryStore updates its item objects in place: keep the numbers, not the object.
    const firstCreated = first!.createdAt.getTime();
    const firstUpdated = first!.updatedAt.getTime();
    await new Promise((r) => setTimeout(r, 5));
    await store.put(["users", "u1"], "prefs", { content: "likes coffee", n: 2 });
    const second = await store.get(["users", "u1"], "prefs");
    expect(second?.value).toEqual({ content: "likes coffee", n: 2 });
    expect(second!.updatedAt.getTime()).toBeGreaterThan(firstUpdated);
    expect(second!.createdAt.getTime()).toBe(firstCreated);
    await store.delete(["users", "u1"], "prefs");
    expect(await store.get(["users", "u1"], "prefs")).toBeNull();
    expect(await store.get(["users", "u2"], "prefs")).toBeNull();
  });

  it("matches namespace prefixes segment by segment", async () => {
    const store = make();
    await store.put(["doc"], "a", { content: "alpha" });
    await store.put(["docs"], "b", { content: "beta" });
    await store.put(["doc", "sub"], "c", { content: "gamma" });
    const keys = (await store.search(["doc"])).map((i) => i.key).sort();
    expect(keys).toEqual(["a", "c"]);
    expect((await store.search(["docs"])).map((i) => i.key)).toEqual(["b"]);
    expect((await store.search([])).length).toBe(3);
  });

  it("filters with $eq $ne $gt $gte $lt $lte $in $nin and plain equality", async () => {
    const store = make();
    for (let i = 0; i < 6; i += 1) {
      await store.put(["f"], `k${i}`, { content: `item ${i}`, n: i, color: i % 2 ? "red" : "blue" });
    }
    const keys = async (filter: Record<string, unknown>) =>
      (await store.search(["f"], { filter, limit: 20 })).map((i) => i.key).sort();
    expect(await keys({ color: "red" })).toEqual(["k1", "k3", "k5"]);
    expect(await keys({ color: { $eq: "blue" } })).toEqual(["k0", "k2", "k4"]);
    expect(await keys({ color: { $ne: "blue" } })).toEqual(["k1", "k3", "k5"]);
    expect(await keys({ n: { $gt: 3 } })).toEqual(["k4", "k5"]);
    expect(await keys({ n: { $gte: 3 } })).toEqual(["k3", "k4", "k5"]);
    expect(await keys({ n: { $lt: 2 } })).toEqual(["k0", "k1"]);
    expect(await keys({ n: { $lte: 1 }, color: "red" })).toEqual(["k1"]);
    expect(await keys({ n: { $in: [0, 5, 9] } })).toEqual(["k0", "k5"]);
    expect(await keys({ n: { $nin: [0, 1, 2, 3] } })).toEqual(["k4", "k5"]);
    expect(await keys({ n: { $gt: 1, $lt: 4 } })).toEqual(["k2", "k3"]);
  });

  it("pages with limit and offset without overlap", async () => {
    const store = make();
    for (let i = 0; i < 7; i += 1) await store.put(["p"], `k${i}`, { content: `page item ${i}` });
    const a = await store.search(["p"], { limit: 3, offset: 0 });
    const b = await store.search(["p"], { limit: 3, offset: 3 });
    const c = await store.search(["p"], { limit: 3, offset: 6 });
    expect([a.length, b.length, c.length]).toEqual([3, 3, 1]);
    expect(new Set([...a, ...b, ...c].map((i) => i.key)).size).toBe(7);
  });

  it("ranks a semantic query by cosine similarity, best first, with scores", async () => {
    const store = make();
    await store.put(["s"], "tea", { content: "The user drinks green tea every morning" });
    await store.put(["s"], "ship", { content: "Ship orders with SF Express" });
    await store.put(["s"], "cilantro", { content: "用户不吃香菜" });
    const hits = await store.search(["s"], { query: "what tea does the user drink in the morning", limit: 3 });
    expect(hits[0]?.key).toBe("tea");
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? -1);
    const zh = await store.search(["s"], { query: "不吃香菜", limit: 1 });
    expect(zh[0]?.key).toBe("cilantro");
    const paged = await store.search(["s"], {
      query: "what tea does the user drink in the morning",
      limit: 2,
      offset: 1,
    });
    expect(paged.map((i) => i.key)).toEqual(hits.slice(1, 3).map((i) => i.key));
  });

  it("combines a semantic query with a filter", async () => {
    const store = make();
    await store.put(["q"], "old", { content: "The user likes apples", status: "superseded" });
    await store.put(["q"], "new", { content: "The user no longer eats apples", status: "active" });
    await store.put(["q"], "other", { content: "Ship with SF Express", status: "active" });
    const hits = await store.search(["q"], { query: "apples", filter: { status: "active" }, limit: 5 });
    expect(hits.map((i) => i.key)).toEqual(["new", "other"]);
  });

  it("indexes only the fields asked for, and nothing when index is false", async () => {
    const store = make();
    await store.put(["i"], "a", { content: "zebra crossing", other: "giraffe" });
    await store.put(["i"], "b", { content: "giraffe neck", other: "zebra" }, false);
    const hits = await store.search(["i"], { query: "giraffe", limit: 5 });
    expect(hits[0]?.key).toBe("a");
    expect(hits.find((h) => h.key === "b")?.score).toBeUndefined();
  });

  it("lists namespaces by prefix, suffix, wildcard and depth", async () => {
    const store = make();
    await store.put(["a", "b", "c"], "k", { content: "1" });
    await store.put(["a", "b", "d"], "k", { content: "2" });
    await store.put(["a", "e"], "k", { content: "3" });
    await store.put(["x", "b", "c"], "k", { content: "4" });
    expect(await store.listNamespaces({ prefix: ["a"] })).toEqual([
      ["a", "b", "c"],
      ["a", "b", "d"],
      ["a", "e"],
    ]);
    expect(await store.listNamespaces({ suffix: ["c"] })).toEqual([
      ["a", "b", "c"],
      ["x", "b", "c"],
    ]);
    expect(await store.listNamespaces({ prefix: ["*", "b"] })).toEqual([
      ["a", "b", "c"],
      ["a", "b", "d"],
      ["x", "b", "c"],
    ]);
    expect(await store.listNamespaces({ maxDepth: 2 })).toEqual([
      ["a", "b"],
      ["a", "e"],
      ["x", "b"],
    ]);
    expect(await store.listNamespaces({ limit: 2, offset: 1 })).toEqual([
      ["a", "b", "d"],
      ["a", "e"],
    ]);
  });

  it("runs mixed operations in one batch, reads seeing the state before the batch", async () => {
    const store = make();
    await store.put(["b"], "x", { content: "before" });
    const ops: [GetOperation, PutOperation, SearchOperation] = [
      { namespace: ["b"], key: "x" },
      { namespace: ["b"], key: "y", value: { content: "new" } },
      { namespacePrefix: ["b"], limit: 10, offset: 0 },
    ];
    const [got, , searched] = await store.batch(ops);
    expect(got?.value).toEqual({ content: "before" });
    expect(searched.map((i) => i.key)).toEqual(["x"]);
    expect((await store.get(["b"], "y"))?.value).toEqual({ content: "new" });
  });

  it("refuses invalid namespaces", async () => {
    const store = make();
    await expect(store.put([], "k", { content: "x" })).rejects.toThrow(InvalidNamespaceError);
    await expect(store.put(["a.b"], "k", { content: "x" })).rejects.toThrow(InvalidNamespaceError);
    await expect(store.put(["a", ""], "k", { content: "x" })).rejects.toThrow(InvalidNamespaceError);
  });
});
