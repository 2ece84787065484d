import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { coldNamespace, recordsNamespace } from "../../src/namespaces.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

const SCOPE = { userId: "u1" };

describe("the cold tier", () => {
  it("takes what maintenance retires out of the hot indexes, finds it by its words when asked, and brings it back on restore", async () => {
    let now = new Date("2026-01-01T09:00:00Z");
    const memory = await createMemory({
      ...suiteMemoryLocation(),
      env: {},
      now: () => now,
      maintenance: { lambda: 0.05 },
    });
    const store = memory.store as HNSWStore;
    try {
      await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: "I play chess on weekends." }] });
      now = new Date("2026-03-01T09:00:00Z");
      await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: "My sister Mia lives in Oslo." }] });
      now = new Date("2026-07-01T09:00:00Z");
      const report = await memory.maintain({ scope: SCOPE });
      const archived = report.scopes[0]!.decayed.map((d) => d.id);
      const chess = (await memory.list(SCOPE, { status: "archived" })).find((r) => r.content.includes("chess"));
      expect(chess && archived).toContain(chess!.id);
      expect(chess!.tier).toBe("cold");

      // Out of the hot keyword postings and vector graph; its words are in the cold copy.
      expect(await store.keywordSearch(recordsNamespace(SCOPE), "chess", { filter: { status: "archived" } })).toEqual(
        [],
      );
      const hot = await store.search(recordsNamespace(SCOPE), { query: "chess weekends", limit: 10 });
      expect(hot.filter((item) => item.key === chess!.id && item.score !== undefined)).toEqual([]);
      // The episode of the same turn decayed with it (seed 000's TTL and decay apply to both).
      const cold = (await store.keywordSearch(coldNamespace(SCOPE), "chess")).map((item) => item.key);
      expect(cold).toContain(chess!.id);
      expect(cold.filter((key) => key.startsWith("episode-"))).toHaveLength(1);

      expect((await memory.recall({ scope: SCOPE, query: "chess" })).memories.map((m) => m.id)).not.toContain(
        chess!.id,
      );
      const asked = await memory.recall({ scope: SCOPE, query: "chess", includeArchived: true });
      expect(asked.memories.map((m) => m.id)).toContain(chess!.id);
      const history = await memory.recall({ scope: SCOPE, query: "What did I say before about chess?" });
      expect(history.memories.map((m) => m.id)).toContain(chess!.id);
      // Being recalled as history does not put it back into the hot indexes.
      await memory.settled();
      expect(await store.keywordSearch(recordsNamespace(SCOPE), "chess", { filter: { status: "archived" } })).toEqual(
        [],
      );

      const restored = await memory.restore(SCOPE, chess!.id);
      expect([restored.status, restored.tier]).toEqual(["active", undefined]);
      expect((await store.keywordSearch(coldNamespace(SCOPE), "chess")).map((item) => item.key)).not.toContain(
        chess!.id,
      );
      expect((await store.keywordSearch(recordsNamespace(SCOPE), "chess")).map((item) => item.key)).toEqual([
        chess!.id,
      ]);
      expect((await memory.recall({ scope: SCOPE, query: "chess" })).memories.map((m) => m.id)).toContain(chess!.id);
    } finally {
      await memory.close();
    }
  });

  it("loses the cold copy with the memory: delete, and the active memories stay hot", async () => {
    let now = new Date("2026-01-01T09:00:00Z");
    const memory = await createMemory({
      ...suiteMemoryLocation(),
      env: {},
      now: () => now,
      maintenance: { lambda: 0.05 },
    });
    const store = memory.store as HNSWStore;
    try {
      await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: "我周末喜欢下围棋。" }] });
      now = new Date("2026-07-01T09:00:00Z");
      await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: "我喜欢喝乌龙茶。" }] });
      await memory.maintain({ scope: SCOPE });
      const [go] = await memory.list(SCOPE, { status: "archived" });
      expect(go?.content).toContain("围棋");
      const [tea] = await memory.list(SCOPE, { status: "active" });
      expect(tea?.tier).toBeUndefined();
      expect((await store.keywordSearch(recordsNamespace(SCOPE), "乌龙茶")).map((item) => item.key)).toEqual([tea!.id]);
      expect((await store.keywordSearch(coldNamespace(SCOPE), "围棋")).map((item) => item.key)).toContain(go!.id);

      await memory.delete(SCOPE, go!.id);
      expect(await store.get(coldNamespace(SCOPE), go!.id)).toBeNull();
      // The episode quoting the same words went with it, cold copy and all.
      expect(await store.keywordSearch(coldNamespace(SCOPE), "围棋")).toEqual([]);
    } finally {
      await memory.close();
    }
  });
});
