/**
 * HNSWStore.bulkLoad: graph inserts deferred during the load, every committed vector found by
 * search meanwhile (scored as the graph scores it), the graph complete at the end, and a store
 * stopped in the middle of a load reopened with every row indexed.
 */
import type { SearchItem } from "@langchain/langgraph-checkpoint";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidConfigError } from "../../src/errors.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { createRng } from "../bench/fixtures.js";
import { openStore, tempDir } from "../helpers/store.js";

const NS = ["bulk", "u1"];
const THRESHOLD = 20;
const WORDS = [
  "amber",
  "basil",
  "cedar",
  "delta",
  "ember",
  "fjord",
  "grove",
  "harbor",
  "iris",
  "jade",
  "kite",
  "lumen",
];

/** Seeded distinct texts: three words and a number. */
function texts(n: number, seed: number): string[] {
  const rand = createRng(seed);
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
  return Array.from({ length: n }, (_, i) => `${pick()} ${pick()} ${pick()} item ${seed}-${i}`);
}

const stores: HNSWStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.stop();
});

function open(dir = tempDir("lgm-bulk-")): HNSWStore {
  const store = openStore(dir, { hnsw: { threshold: THRESHOLD } });
  stores.push(store);
  return store;
}

async function putAll(store: HNSWStore, items: string[], from: number, perBatch = 5): Promise<void> {
  for (let i = 0; i < items.length; i += perBatch) {
    await store.batch(
      items.slice(i, i + perBatch).map((content, j) => ({
        namespace: NS,
        key: `k${from + i + j}`,
        value: { content },
      })),
    );
  }
}

const ranked = (hits: SearchItem[]) => hits.map((h) => `${h.key}:${h.score}`);

describe("HNSWStore.bulkLoad", () => {
  it("finds every vector committed during the load, with the scores of writes made one by one", async () => {
    const first = texts(40, 1);
    const later = texts(18, 2);
    const queries = [...texts(12, 3), ...later.slice(0, 6)];
    const plain = open();
    const bulk = open();
    await putAll(plain, first, 0);
    await putAll(bulk, first, 0);
    await putAll(plain, later, 100);
    const expected = await Promise.all(queries.map((query) => plain.search(NS, { query, limit: 10 })));
    await bulk.bulkLoad(async () => {
      await putAll(bulk, later, 100);
      // Waiting beside the graph, not in it, and found by every search.
      expect(bulk.deferredVectors).toBe(later.length);
      const during = await Promise.all(queries.map((query) => bulk.search(NS, { query, limit: 10 })));
      expect(during.map(ranked)).toEqual(expected.map(ranked));
    });
    expect(bulk.deferredVectors).toBe(0);
    const after = await Promise.all(queries.map((query) => bulk.search(NS, { query, limit: 10 })));
    expect(after.map(ranked)).toEqual(expected.map(ranked));
  });

  it("puts the waiting vectors into the graph once more than a threshold's worth wait, and drops deleted ones", async () => {
    const store = open();
    await putAll(store, texts(30, 4), 0);
    const later = texts(THRESHOLD + 5, 5);
    await store.bulkLoad(async () => {
      await putAll(store, later.slice(0, 10), 100);
      await store.batch([{ namespace: NS, key: "k100", value: null }]);
      expect(store.deferredVectors).toBe(9);
      await putAll(store, later.slice(10), 110);
      expect(store.deferredVectors).toBe(later.length - 1);
      // A search with more than `threshold` waiting inserts them first.
      const [hit] = await store.search(NS, { query: later[12]!, limit: 1 });
      expect(hit?.key).toBe("k112");
      expect(store.deferredVectors).toBe(0);
    });
    const gone = await store.search(NS, { query: later[0]!, limit: 60 });
    expect(gone.map((h) => h.key)).not.toContain("k100");
    expect(gone).toHaveLength(30 + later.length - 1);
  });

  it("leaves no graph file claiming vectors it lacks: a store stopped mid-load reopens with every row found", async () => {
    const dir = tempDir("lgm-bulk-stop-");
    const store = open(dir);
    const first = texts(30, 6);
    const later = texts(15, 7);
    await putAll(store, first, 0);
    store.flush();
    await expect(
      store.bulkLoad(async () => {
        await putAll(store, later, 100);
        // A removal changes the graph itself: it is written by stop(), without the waiting vectors.
        await store.batch([{ namespace: NS, key: "k0", value: null }]);
        // What a crash leaves: rows committed, graph inserts deferred, files written by stop().
        store.stop();
        throw new Error("crashed");
      }),
    ).rejects.toThrow("crashed");
    const reopened = open(dir);
    const all = [...first.map((t, i) => [t, `k${i}`]).slice(1), ...later.map((t, i) => [t, `k${100 + i}`])];
    for (const [text, key] of all) {
      const [hit] = await reopened.search(NS, { query: text!, limit: 1 });
      expect(hit?.key).toBe(key);
    }
  });

  it("refuses unknown or out-of-range options before running the work", async () => {
    const store = open();
    let ran = false;
    const work = async () => {
      ran = true;
    };
    await expect(store.bulkLoad(work, { efConstruction: 2 })).rejects.toThrow(InvalidConfigError);
    await expect(store.bulkLoad(work, { efConstrution: 100 } as never)).rejects.toThrow(InvalidConfigError);
    expect(ran).toBe(false);
  });
});
