/**
 * HNSWStore's row cache (src/store/row-cache.ts): the search extensions read rows through it, so a
 * write must be seen by the very next search, a value handed out is never shared with `get` or
 * `search`, and the cache stays bounded. Seeded: values and filters drawn at random.
 */
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { RowCache } from "../../src/store/row-cache.js";
import { createRng } from "../bench/fixtures.js";
import { openStore, tempDir } from "../helpers/store.js";

let store: HNSWStore | undefined;
let dir = "";
afterEach(() => {
  store?.stop();
  store = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const ns = ["s", "u1"];
const WORDS = ["amber", "cobalt", "saffron", "teal", "umber", "violet", "jade", "coral"];

describe("the row cache of HNSWStore's search extensions", () => {
  for (const threshold of [100_000, 20]) {
    it(`sees every write at once and agrees with an uncached store (${threshold === 20 ? "HNSW graph" : "exact scan"})`, async () => {
      dir = tempDir();
      store = openStore(dir, { hnsw: { threshold, efSearch: 200 } });
      const rand = createRng(threshold);
      const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
      const value = (i: number) => ({
        content: `note ${i} about ${pick()} and ${pick()}`,
        status: rand() < 0.7 ? "active" : "old",
      });
      await store.batch(Array.from({ length: 60 }, (_, i) => ({ namespace: ns, key: `k${i}`, value: value(i) })));
      for (let round = 0; round < 12; round++) {
        const word = pick();
        const filter = { status: "active" };
        const both = await store.hybridSearch(ns, word, { filter, limit: 10 });
        const keyword = await store.keywordSearch(ns, word, { filter, limit: 10 });
        // The uncached answers: public search reads every row from SQLite.
        const plain = await store.search(ns, { query: word, filter, limit: 10 });
        expect(both.vector!.map((i) => [i.key, i.value])).toEqual(plain.map((i) => [i.key, i.value]));
        for (const item of [...both.vector!, ...keyword]) {
          const stored = await store.get(ns, item.key);
          expect(item.value).toEqual(stored!.value);
          expect(Object.isFrozen(item.value)).toBe(true);
          expect(Object.isFrozen(stored!.value)).toBe(false);
        }
        // Rewrite, retire and delete some of what was just read: the next search must see it.
        const seen = both.vector!.slice(0, 3);
        await store.batch([
          ...(seen[0] ? [{ namespace: ns, key: seen[0].key, value: { ...seen[0].value, status: "old" } }] : []),
          ...(seen[1] ? [{ namespace: ns, key: seen[1].key, value: null }] : []),
          ...(seen[2]
            ? [{ namespace: ns, key: seen[2].key, value: { ...value(round), content: `${word} rewritten ${round}` } }]
            : []),
        ]);
        const after = await store.hybridSearch(ns, word, { filter, limit: 60 });
        const keys = [...after.vector!, ...after.keyword].map((i) => i.key);
        if (seen[0]) expect(keys).not.toContain(seen[0].key);
        if (seen[1]) expect(keys).not.toContain(seen[1].key);
        for (const item of [...after.vector!, ...after.keyword])
          expect(item.value).toEqual((await store.get(ns, item.key))!.value);
      }
    });
  }

  it("is bounded, forgets a key's row and its vectors, and clears", () => {
    const cache = new RowCache(3);
    const row = (id: number) => ({ id, path: "s:u1:", key: `k${id}`, value: "{}", created_at: 0, updated_at: 0 });
    for (let id = 1; id <= 4; id++) cache.remember(row(id), { id }, id * 10);
    expect(cache.size).toBe(3);
    expect(cache.item(1)).toBeUndefined();
    expect(cache.vector(10)).toBeUndefined();
    expect(cache.vector(40)?.value).toEqual({ id: 4 });
    cache.forgetKeys([{ path: "s:u1:", key: "k4" }]);
    expect(cache.vector(40)).toBeUndefined();
    expect(cache.item(4)).toBeUndefined();
    expect(cache.item(3)?.value).toEqual({ id: 3 });
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
