/**
 * The in-memory per-namespace keyword index (keyword-index.ts) against SQLite FTS5, which
 * stays the store's source of truth and serves prefixes that span several namespaces.
 *
 * The trick used throughout: a sibling namespace holding one item put with `index: false`
 * (so no FTS row) makes the parent prefix span two namespaces, which sends a search under it
 * down the FTS5 path while the corpus — and so every BM25 statistic — stays the same.
 */
import fs from "node:fs";
import type { SearchItem } from "@langchain/langgraph-checkpoint";
import { afterEach, describe, expect, it } from "vitest";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { KeywordIndexCache, NamespaceKeywordIndex } from "../../src/store/keyword-index.js";
import { openStore, tempDir } from "../helpers/store.js";

let store: HNSWStore | undefined;
let dir = "";
afterEach(() => {
  store?.stop();
  store = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const NS = ["p", "a"];
const WORDS = [
  "alpha",
  "bravo",
  "charlie",
  "delta",
  "echo",
  "foxtrot",
  "golf",
  "hotel",
  "india",
  "juliet",
  "咖啡",
  "香菜",
  "快递",
  "周报",
  "邮件",
];

/** A deterministic pseudo-random generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(rand: () => number): string {
  const n = 2 + Math.floor(rand() * 8);
  return Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
}

async function openWithFtsTwin(): Promise<HNSWStore> {
  dir = tempDir();
  const s = openStore(dir);
  await s.put(["p", "b"], "plain", { content: "alpha bravo" }, false);
  return s;
}

/** (key, score) pairs ordered by score, then key: tie order is each path's own choice. */
function ranked(hits: SearchItem[]): Array<[string, number]> {
  return hits
    .map((h) => [h.key, Math.round(h.score! * 1e6) / 1e6] as [string, number])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

async function expectPathsAgree(s: HNSWStore, query: string, filter?: Record<string, unknown>): Promise<void> {
  const memory = await s.keywordSearch(NS, query, { limit: 1000, filter });
  const fts = await s.keywordSearch(["p"], query, { limit: 1000, filter });
  expect(ranked(memory), query).toEqual(ranked(fts));
}

describe("per-namespace keyword index", () => {
  it("scores exactly as FTS5's bm25() on the same corpus, Chinese and English", async () => {
    store = await openWithFtsTwin();
    const rand = rng(7);
    await store.batch(
      Array.from({ length: 150 }, (_, i) => ({
        namespace: NS,
        key: `d${i}`,
        value: { content: sentence(rand), n: i },
      })),
    );
    for (const query of [
      "alpha",
      "charlie delta",
      "咖啡 快递",
      "golf 香菜 juliet",
      "nothing-here",
      "hotel hotel india",
    ]) {
      await expectPathsAgree(store, query);
    }
    // The in-memory path was taken: a prefix with one namespace does not touch FTS5's ranking.
    const hits = await store.keywordSearch(NS, "charlie delta", { limit: 5 });
    expect(hits).toHaveLength(5);
    expect(hits.every((h, i) => i === 0 || hits[i - 1]!.score! >= h.score!)).toBe(true);
  });

  it("stays in step with puts, updates and deletes made after it was built", async () => {
    store = await openWithFtsTwin();
    const rand = rng(11);
    const live = new Map<string, string>();
    const put = async (key: string, content: string | null) => {
      if (content === null) {
        await store!.delete(NS, key);
        live.delete(key);
      } else {
        await store!.put(NS, key, { content });
        live.set(key, content);
      }
    };
    for (let i = 0; i < 60; i++) await put(`d${i}`, sentence(rand));
    await store.keywordSearch(NS, "alpha"); // builds the index
    for (let round = 0; round < 120; round++) {
      const key = `d${Math.floor(rand() * 80)}`;
      const roll = rand();
      await put(key, roll < 0.2 ? null : sentence(rand));
      if (round % 10 === 0) {
        const word = WORDS[Math.floor(rand() * WORDS.length)]!;
        await expectPathsAgree(store, word);
        // Every live item holding the word is found, and nothing else.
        const expected = [...live]
          .filter(([, c]) => c.split(" ").includes(word))
          .map(([k]) => k)
          .sort();
        expect((await store.keywordSearch(NS, word, { limit: 1000 })).map((h) => h.key).sort(), word).toEqual(expected);
      }
    }
    // A changed text is no longer found by its old words; a deleted item by none.
    await put("u1", "alpha bravo");
    await put("u1", "charlie only");
    expect((await store.keywordSearch(NS, "alpha", { limit: 1000 })).map((h) => h.key)).not.toContain("u1");
    expect((await store.keywordSearch(NS, "charlie only", { limit: 1 })).map((h) => h.key)).toEqual(["u1"]);
    await put("u1", null);
    expect((await store.keywordSearch(NS, "charlie", { limit: 1000 })).map((h) => h.key)).not.toContain("u1");
    // A value update that leaves the texts alone (a usage counter) keeps the item findable.
    await store.put(NS, "u2", { content: "india juliet", count: 1 });
    await store.keywordSearch(NS, "india");
    await store.put(NS, "u2", { content: "india juliet", count: 2 });
    const u2 = (await store.keywordSearch(NS, "india juliet", { limit: 1 }))[0]!;
    expect([u2.key, u2.value.count]).toEqual(["u2", 2]);
  });

  it("gives the same answers after a restart and after its namespace empties and refills", async () => {
    store = await openWithFtsTwin();
    const rand = rng(3);
    await store.batch(
      Array.from({ length: 80 }, (_, i) => ({ namespace: NS, key: `d${i}`, value: { content: sentence(rand) } })),
    );
    const before = ranked(await store.keywordSearch(NS, "echo foxtrot 周报", { limit: 1000 }));
    expect(before.length).toBeGreaterThan(0);
    store.stop();
    store.start();
    expect(ranked(await store.keywordSearch(NS, "echo foxtrot 周报", { limit: 1000 }))).toEqual(before);
    await store.batch(Array.from({ length: 80 }, (_, i) => ({ namespace: NS, key: `d${i}`, value: null })));
    expect(await store.keywordSearch(NS, "echo")).toEqual([]);
    await store.put(NS, "again", { content: "echo" });
    expect((await store.keywordSearch(NS, "echo")).map((h) => h.key)).toEqual(["again"]);
  });

  it("pages through a filtered result like the FTS path, however many items the filter rejects", async () => {
    store = await openWithFtsTwin();
    await store.batch(
      Array.from({ length: 400 }, (_, i) => ({
        namespace: NS,
        key: `d${String(i).padStart(3, "0")}`,
        // One shared word with varying length, so scores differ; 9 in 10 are rejected.
        value: { content: `golf ${"hotel ".repeat(i % 7)}`.trim(), status: i % 10 === 0 ? "active" : "old" },
      })),
    );
    const all = await store.keywordSearch(NS, "golf", { limit: 1000, filter: { status: "active" } });
    expect(all).toHaveLength(40);
    expect(all.every((h) => h.value.status === "active")).toBe(true);
    const page = await store.keywordSearch(NS, "golf", { limit: 7, offset: 20, filter: { status: "active" } });
    expect(page.map((h) => h.key)).toEqual(all.slice(20, 27).map((h) => h.key));
    await expectPathsAgree(store, "golf", { status: "active" });
    // A filter only JS can check (not pushed into SQL) pages the same way.
    const js = await store.keywordSearch(NS, "golf", { limit: 1000, filter: { status: { $ne: "old" } } });
    expect(js.map((h) => h.key)).toEqual(all.map((h) => h.key));
  });
});

describe("KeywordIndexCache", () => {
  it("evicts the least recently searched namespace over its budget and rebuilds it on demand", () => {
    const bodies = new Map<number, Array<{ id: number; body: string }>>([
      [
        1,
        [
          { id: 1, body: "alpha bravo" },
          { id: 2, body: "alpha" },
        ],
      ],
      [2, [{ id: 3, body: "charlie delta echo" }]],
      [3, [{ id: 4, body: "alpha" }]],
    ]);
    const loads: number[] = [];
    const cache = new KeywordIndexCache((nsId) => {
      loads.push(nsId);
      return { lengthOffset: 0, rows: bodies.get(nsId) ?? [] };
    }, 5);
    cache.get(1); // 3 postings
    cache.get(2); // 6 in all: over budget, namespace 1 goes
    cache.get(2);
    expect(loads).toEqual([1, 2]);
    // A change to an evicted namespace is ignored; the rebuild reads the source again.
    cache.applyCommitted([{ nsId: 1, id: 2, body: null }], []);
    bodies.set(1, [{ id: 1, body: "alpha bravo" }]);
    expect(
      cache
        .get(1)
        .search(["alpha"], 10)
        .map((h) => h.id),
    ).toEqual([1]);
    expect(loads).toEqual([1, 2, 1]);
    // The index being searched stays even when it alone exceeds the budget.
    const big = new KeywordIndexCache(() => ({ lengthOffset: 0, rows: [{ id: 9, body: "a b c d e f g h" }] }), 2);
    expect(
      big
        .get(5)
        .search(["c"], 1)
        .map((h) => h.id),
    ).toEqual([9]);
    // Emptied namespaces are dropped.
    cache.applyCommitted([], [1]);
    cache.get(1);
    expect(loads).toEqual([1, 2, 1, 1]);
  });

  it("keeps the k best with ties broken by id, so a larger k extends a smaller one", () => {
    const index = new NamespaceKeywordIndex();
    for (let id = 1; id <= 30; id++) index.add(id, id % 3 === 0 ? "kilo lima" : "kilo");
    const top5 = index.search(["kilo", "lima"], 5);
    const top20 = index.search(["kilo", "lima"], 20);
    expect(top20.slice(0, 5)).toEqual(top5);
    expect(top5.map((h) => h.id)).toEqual([3, 6, 9, 12, 15]);
    expect(top20.slice(10, 12).map((h) => h.id)).toEqual([1, 2]);
    // Re-adding an id replaces its body; removing an unknown id is a no-op.
    index.add(3, "mike");
    index.remove(999);
    expect(index.search(["lima"], 30).map((h) => h.id)).not.toContain(3);
    expect(index.documentFrequency("kilo")).toBe(29);
    // A term no live document has is forgotten, and its id serves the next new term.
    expect(index.vocabulary).toBe(3);
    index.remove(3);
    expect(index.vocabulary).toBe(2);
    expect(index.search(["mike"], 5)).toEqual([]);
    index.add(3, "november kilo");
    expect(index.vocabulary).toBe(3);
    expect(index.search(["november"], 5).map((h) => h.id)).toEqual([3]);
    expect(index.search(["kilo"], 50)).toHaveLength(30);
  });
});
