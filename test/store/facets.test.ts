/**
 * HNSWStore's facets (src/store/facets.ts): hits a selective filter rejects are dropped before
 * their rows are read. Two stores take the same seeded writes, one with facets and one without;
 * every search must answer the same in both, through status and kind changes, deletes and new
 * items written after the facets were filled, while the store with facets reads fewer rows.
 */
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ItemFacets } from "../../src/store/facets.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { createRng } from "../bench/fixtures.js";
import { openStore, tempDir } from "../helpers/store.js";

const stores: HNSWStore[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.stop();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ns = ["s", "u1"];
const WORDS = ["amber", "cobalt", "saffron", "teal", "umber", "violet", "jade", "coral", "ochre", "slate"];
const KINDS = ["fact", "preference", "episode", "todo", "procedure"];

function rowsRead(store: HNSWStore): number {
  const keywords = Reflect.get(store, "keywords") as { rowsRead: number };
  const vectors = Reflect.get(store, "vectorSearch") as { rowsRead: number };
  return keywords.rowsRead + vectors.rowsRead;
}

function open(threshold: number, facets: boolean): HNSWStore {
  const dir = tempDir();
  dirs.push(dir);
  const store = openStore(dir, { hnsw: { threshold, efSearch: 200, efSearchHybrid: 200 }, facets });
  stores.push(store);
  return store;
}

describe("facets of HNSWStore's searches", () => {
  for (const threshold of [100_000, 50]) {
    it(`answer as a store without them, through later writes (${threshold === 50 ? "HNSW graph" : "exact scan"})`, async () => {
      const rand = createRng(threshold + 7);
      const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
      // The last kind is rare (about 3 %): a filter on it widens the search.
      const kind = () => (rand() < 0.03 ? "rare" : pick(KINDS));
      const status = () => pick<unknown>(["active", "active", "active", "old", null, true, 3]);
      const value = (i: number) => {
        const v: Record<string, unknown> = { content: `note ${i} on ${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}` };
        if (rand() < 0.9) v.kind = kind();
        const s = status();
        if (s !== 3 || rand() < 0.5) v.status = s;
        return v;
      };
      const filters = (): Array<Record<string, unknown>> => [
        { status: "active", kind: "rare" },
        { kind: { $in: ["rare", pick(KINDS)] }, status: { $ne: "old" } },
        { kind: { $nin: KINDS } },
        { status: null },
        { status: true, kind: { $in: ["rare"] } },
        { status: { $gt: 2 } },
        { missing: { $in: ["x"] }, kind: "rare" },
      ];
      const [withFacets, without] = [open(threshold, true), open(threshold, false)];
      const both = async (ops: Parameters<HNSWStore["batch"]>[0]) => {
        await withFacets.batch(ops);
        await without.batch(ops);
      };
      let next = 0;
      await both(Array.from({ length: 600 }, () => ({ namespace: ns, key: `k${next}`, value: value(next++) })));
      for (let round = 0; round < 10; round++) {
        const word = pick(WORDS);
        for (const filter of filters()) {
          const ask = async (store: HNSWStore) => {
            const hybrid = await store.hybridSearch(ns, word, { filter, limit: 8 });
            const keyword = await store.keywordSearch(ns, word, { filter, limit: 8, offset: 2 });
            const plain = await store.search(ns, { query: word, filter, limit: 8 });
            return [hybrid.vector, hybrid.keyword, keyword, plain].map((list) =>
              (list ?? []).map((i) => [i.key, i.score, i.value]),
            );
          };
          expect(await ask(withFacets), JSON.stringify(filter)).toEqual(await ask(without));
        }
        // A memory moved into the rare kind after the facets were filled is found at once.
        const moved = `k${Math.floor(rand() * next)}`;
        const before = await withFacets.get(ns, moved);
        const movedValue = { ...before?.value, content: `${word} moved ${round}`, kind: "rare", status: "active" };
        await both([
          { namespace: ns, key: moved, value: movedValue },
          ...Array.from({ length: 20 }, () => ({ namespace: ns, key: `k${Math.floor(rand() * next)}`, value: null })),
          ...Array.from({ length: 20 }, () => {
            const key = `k${Math.floor(rand() * next)}`;
            return {
              namespace: ns,
              key,
              value: { content: `reworded ${pick(WORDS)}`, kind: kind(), status: status() },
            };
          }),
          ...Array.from({ length: 30 }, () => ({ namespace: ns, key: `k${next}`, value: value(next++) })),
        ]);
        const found = await withFacets.keywordSearch(ns, word, {
          filter: { kind: "rare", status: "active" },
          limit: 50,
        });
        if ((await withFacets.get(ns, moved))?.value.kind === "rare") expect(found.map((i) => i.key)).toContain(moved);
      }
      expect(rowsRead(withFacets)).toBeLessThan(rowsRead(without) * 0.7);
    });
  }

  it("prunes only on what it keeps: numbers, objects and unknown items are read", () => {
    const rows = [
      { id: 1, type: "text", value: "active" },
      { id: 2, type: "integer", value: 3 },
      { id: 3, type: null, value: null },
      { id: 4, type: "object", value: "{}" },
      { id: 5, type: "true", value: 1 },
    ];
    const facets = new ItemFacets(
      () => rows,
      () => [],
    );
    const filter = { status: "old" };
    expect(facets.fails(0, 1, filter)).toBe(false);
    expect(facets.prepare(0, filter)).toBe(true);
    expect([1, 2, 3, 4, 5, 6].map((id) => facets.fails(0, id, filter))).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(facets.fails(0, 5, { status: true })).toBe(false);
    expect(facets.fails(0, 3, { status: { $nin: ["old"] } })).toBe(false);
    // A field of Object.prototype is never kept: `value.constructor` is not "absent".
    expect(facets.prepare(1, { constructor: "x" })).toBe(false);
    facets.applyCommitted([{ nsId: 0, id: 1, json: JSON.stringify({ status: "old" }) }], []);
    expect(facets.fails(0, 1, filter)).toBe(false);
    facets.applyCommitted([], [0]);
    expect(facets.ready(0, filter)).toBe(false);
  });
});
