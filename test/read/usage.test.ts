import { describe, expect, it, vi } from "vitest";
import { recordsNamespace } from "../../src/namespaces.js";
import { recordUsage } from "../../src/recall/usage.js";
import { daysAgo, getRecord, makeRecord, memoryStore, NOW, putRecords, recallerWith } from "./helpers.js";

const scope = { userId: "u_usage" };

describe("usage bookkeeping", () => {
  it("bumps lastAccessedAt and accessCount of injected memories only, in one write batch", async () => {
    const injected = makeRecord(scope, {
      id: "tea",
      key: "drink.tea",
      content: "用户喜欢喝绿茶",
      accessCount: 2,
      lastAccessedAt: daysAgo(40),
    });
    const overridden = makeRecord(scope, {
      id: "en",
      key: "output.language",
      content: "用户要求输出用英文",
      accessCount: 5,
    });
    const outOfPolicy = makeRecord(scope, {
      id: "fact",
      key: "profile.city",
      kind: "fact",
      content: "用户住在杭州，喜欢喝茶",
    });
    const { store, recaller } = await recallerWith([injected, overridden, outOfPolicy]);
    const batch = vi.spyOn(store, "batch");

    await recaller.recall({ scope, query: "这次用中文：喝茶", task: "write_email" });
    await recaller.settled();

    const after = await getRecord(store, injected);
    expect(after.accessCount).toBe(3);
    expect(after.lastAccessedAt).toBe(NOW.toISOString());
    expect(after.updatedAt).toBe(injected.updatedAt);
    expect(after.content).toBe(injected.content);
    expect(await getRecord(store, overridden)).toEqual(overridden);
    expect(await getRecord(store, outOfPolicy)).toEqual(outOfPolicy);

    const recordWrites = batch.mock.calls.filter((call) =>
      call[0].some(
        (op) =>
          "value" in op && (op as { namespace: string[] }).namespace.join("/") === recordsNamespace(scope).join("/"),
      ),
    );
    expect(recordWrites).toHaveLength(1);
  });

  it("feeds the next ranking: a used memory is fresher and more frequent", async () => {
    const a = makeRecord(scope, { id: "a", key: "tea.a", content: "用户喜欢喝绿茶", lastAccessedAt: daysAgo(30) });
    const { recaller } = await recallerWith([a]);
    const first = await recaller.recall({ scope, query: "绿茶" });
    const second = await recaller.recall({ scope, query: "绿茶" });
    expect(first.memories[0]!.signals.recency).toBeCloseTo(0.5, 5);
    expect(second.memories[0]!.signals.recency).toBeCloseTo(1, 5);
    expect(second.memories[0]!.signals.usage).toBeGreaterThan(first.memories[0]!.signals.usage);
  });

  it("skips a record that changed since it was recalled instead of overwriting it", async () => {
    const store = memoryStore();
    const recalled = makeRecord(scope, { id: "x", key: "drink.tea", content: "用户喜欢喝绿茶" });
    const superseded = { ...recalled, status: "superseded" as const, supersededBy: "y", updatedAt: NOW.toISOString() };
    await putRecords(store, [superseded]);
    const result = await recordUsage(store, scope, [recalled], NOW);
    expect(result).toEqual({ touched: [], skipped: ["x"] });
    expect((await getRecord(store, recalled)).status).toBe("superseded");
    expect(await recordUsage(store, scope, [], NOW)).toEqual({ touched: [], skipped: [] });
  });
});
