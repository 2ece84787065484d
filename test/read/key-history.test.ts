/**
 * A key's history leaves the hot indexes (namespaces.ts `recordOperations`): a superseded
 * version is kept unindexed where it lives, with a keyword copy in the cold tier. A recall
 * therefore searches the current versions only, however often a key changed, while a history
 * question still finds the older values. Seeded: cities and statuses drawn at random.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { coldNamespace, recordsNamespace } from "../../src/namespaces.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { createRng } from "../bench/fixtures.js";

const CITIES = ["杭州", "成都", "西安", "南京", "苏州", "厦门", "青岛", "昆明", "长沙", "武汉", "合肥", "济南"];
const STATUSES = ["shipped", "delivered", "returned", "packed", "paid", "cancelled", "refunded", "dispatched"];

/** `count` draws from `pool`, no two in a row the same. */
function walk(rand: () => number, pool: readonly string[], count: number): string[] {
  const out: string[] = [];
  while (out.length < count) {
    const next = pool[Math.floor(rand() * pool.length)]!;
    if (next !== out.at(-1)) out.push(next);
  }
  return out;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function memoryWith(statements: string[]): Promise<Memory> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-key-history-"));
  dirs.push(dir);
  let clock = Date.parse("2026-03-01T09:00:00Z");
  const memory = await createMemory({ dir, env: {}, now: () => new Date(clock) });
  for (const [i, content] of statements.entries()) {
    clock += 86_400_000;
    await memory.remember({ scope, messages: [{ id: `m${i}`, role: "user", content }] });
  }
  return memory;
}

const scope = { userId: "u_key_history" };

describe("a key's history out of the hot indexes", () => {
  for (const seed of [3, 17]) {
    it(`recalls the current value and searches only current versions (seed ${seed})`, async () => {
      const rand = createRng(seed);
      const cities = walk(rand, CITIES, 10);
      const order = `KD${1000 + Math.floor(rand() * 9000)}`;
      const statuses = walk(rand, STATUSES, 10);
      const memory = await memoryWith([
        `我住在${cities[0]}`,
        ...cities.slice(1).map((city) => `我搬到${city}了`),
        ...statuses.map((status) => `Order ${order} is now ${status}`),
      ]);
      try {
        const superseded = await memory.list(scope, { status: "superseded" });
        // The write path superseded both keys' earlier values (nothing here if it did not).
        expect(superseded.filter((r) => r.key === "location.home").length).toBeGreaterThanOrEqual(8);
        expect(superseded.filter((r) => r.key.endsWith(".status")).length).toBeGreaterThanOrEqual(8);

        const store = memory.store as HNSWStore;
        const hot = recordsNamespace(scope);
        // Vector search: every scored hit is a current version; the superseded ones are unindexed.
        const scored = (await store.search(hot, { query: `搬到${cities[3]} Order ${order}`, limit: 50 })).filter(
          (item) => item.score !== undefined && item.score !== null,
        );
        expect(scored.length).toBeGreaterThan(0);
        expect(scored.every((item) => item.value.status === "active")).toBe(true);
        // Keyword search: an old city is found in the cold tier, not in the hot postings; the
        // current one still is (the rule must not fire on it).
        const old = superseded.find((r) => r.key === "location.home" && !r.content.includes(cities.at(-1)!))!;
        const oldCity = cities.find((city) => old.content.includes(city))!;
        expect((await store.keywordSearch(hot, oldCity, { limit: 10 })).map((i) => i.key)).not.toContain(old.id);
        expect((await store.keywordSearch(coldNamespace(scope), oldCity, { limit: 10 })).map((i) => i.key)).toContain(
          old.id,
        );
        expect((await store.keywordSearch(hot, cities.at(-1)!, { limit: 10 })).length).toBeGreaterThan(0);

        // The structured rows (days said) are kept for current versions only.
        const day = Math.floor(Date.parse(old.observedAt) / 86_400_000);
        const onDay = await store.itemsOnDays(hot, { ranges: [{ from: day, to: day }] }, { limit: 50 });
        expect(onDay.map((ref) => ref.key)).not.toContain(old.id);
        const current = (await memory.list(scope)).find((r) => r.key === "location.home")!;
        const today = Math.floor(Date.parse(current.observedAt) / 86_400_000);
        const onToday = await store.itemsOnDays(hot, { ranges: [{ from: today, to: today }] }, { limit: 50 });
        expect(onToday.map((ref) => ref.key)).toContain(current.id);
        // Plain recall: the current value of each key, and none of its history.
        const now = await memory.recall({ scope, query: "我现在住在哪？", limit: 5 });
        const homes = now.memories.filter((m) => m.key === "location.home");
        expect(homes.map((m) => m.status)).toEqual(["active"]);
        expect(homes[0]!.content).toContain(cities.at(-1)!);
        const status = await memory.recall({ scope, query: `What is the status of order ${order}?`, limit: 5 });
        expect(status.memories[0]!.content).toContain(statuses.at(-1)!);
        expect(status.memories.every((m) => m.status === "active")).toBe(true);
        // A history question still reaches the older values.
        const before = await memory.recall({
          scope,
          query: `我以前住在${oldCity}吗？`,
          includeHistory: true,
          limit: 10,
        });
        expect(before.memories.some((m) => m.status === "superseded" && m.content.includes(oldCity))).toBe(true);
      } finally {
        await memory.close();
      }
    });
  }
});
