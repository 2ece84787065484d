/**
 * `langgraph-memory stats` counts what `export()` holds: the user's memories and the episodes of
 * the conversation (which live in a namespace of their own, and were once not counted at all: a
 * user whose export held 4 episodes had 0 in stats), by status and kind, and how many of them
 * are episodes of the conversation. Read from the store's file while the facade has it open.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import type { MemoryRecord, MemoryScope } from "../../src/schema.js";
import { readStoreStats, summarizeStoreRows } from "../../src/store/stats.js";
import { tempDir } from "../helpers/store.js";

const NOW = new Date("2026-03-15T12:00:00.000Z");
const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

function counts(records: readonly MemoryRecord[]) {
  const byStatus: Record<string, number> = {};
  const byKind: Record<string, number> = {};
  for (const r of records) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
  }
  return {
    records: records.length,
    conversation: records.filter((r) => r.about === "conversation").length,
    byStatus,
    byKind,
  };
}

const nonZero = (c: Record<string, number>) => Object.fromEntries(Object.entries(c).filter(([, n]) => n > 0));

describe("stats", () => {
  it("counts the records export() holds, the episodes of the conversation included", async () => {
    const dir = tempDir("lgm-stats-");
    const memory = await createMemory({ dir, now: () => NOW, env: {} });
    opened.push(memory);
    const wang: MemoryScope = { userId: "wang", tenantId: "acme" };
    const alice: MemoryScope = { userId: "alice" };
    const at = (minute: number) => new Date(NOW.getTime() - (60 - minute) * 60_000).toISOString();
    await memory.remember({
      scope: wang,
      messages: [
        { role: "user", content: "我不吃香菜，点外卖记得备注。", at: at(1) },
        { role: "assistant", content: "好的，以后点外卖都备注不要香菜。", at: at(2) },
      ],
    });
    await memory.remember({ scope: wang, messages: [{ role: "user", content: "我喜欢吃苹果。", at: at(3) }] });
    await memory.remember({ scope: wang, messages: [{ role: "user", content: "我喜欢喝咖啡。", at: at(4) }] });
    await memory.remember({
      scope: wang,
      messages: [{ role: "user", content: "我们约定：所有数据库迁移必须先跑 make gen。", at: at(5) }],
    });
    await memory.sync(
      wang,
      [{ key: "order.A1029.status", content: "订单 A1029 已发货", value: "shipped", observedAt: at(5) }],
      { system: "erp" },
    );
    await memory.remember({
      scope: alice,
      messages: [
        { role: "user", content: "From now on, please reply in short bullet points.", at: at(6) },
        { role: "assistant", content: "Sure, short bullet points from now on.", at: at(7) },
      ],
    });
    await memory.settled();

    const stats = readStoreStats(dir);
    const expected = new Map<string, ReturnType<typeof counts>>();
    for (const scope of [wang, alice]) {
      const exported = await memory.export(scope);
      expected.set(`${scope.tenantId ?? "_default"}/${scope.userId}`, counts(exported.records));
    }
    // The case reported: episodes of the conversation are in the export, so stats counts them.
    expect(expected.get("acme/wang")!.conversation).toBeGreaterThanOrEqual(4);
    expect(expected.get("acme/wang")!.byStatus.pending).toBe(1);
    const got = new Map(
      stats.users.map((u) => [
        `${u.tenantId}/${u.userId}`,
        { records: u.records, conversation: u.conversation, byStatus: nonZero(u.byStatus), byKind: nonZero(u.byKind) },
      ]),
    );
    expect(got).toEqual(expected);
    const all = [...expected.values()];
    expect(stats.totals.records).toBe(all.reduce((n, c) => n + c.records, 0));
    expect(stats.totals.conversation).toBe(all.reduce((n, c) => n + c.conversation, 0));
    expect(stats.totals.byKind.episode).toBe(all.reduce((n, c) => n + (c.byKind.episode ?? 0), 0));
  });

  it("counts neither cold copies nor the key index as records", () => {
    const rows = [
      { path: "memory:t:u:records:", status: "active", kind: "fact", n: 2 },
      { path: "memory:t:u:episodes:", status: "active", kind: "episode", n: 3 },
      { path: "memory:t:u:cold:", status: null, kind: null, n: 1 },
      { path: "memory:t:u:keys:order:episodes:", status: "active", kind: null, n: 5 },
      { path: "memory:t:u:history:", n: 7 },
    ];
    const { users, totals } = summarizeStoreRows(rows, []);
    expect(users).toEqual([
      expect.objectContaining({
        records: 5,
        conversation: 3,
        byStatus: expect.objectContaining({ active: 5 }),
        history: 7,
      }),
    ]);
    expect(totals).toMatchObject({ records: 5, conversation: 3, history: 7 });
    expect(nonZero(totals.byKind)).toEqual({ fact: 2, episode: 3 });
  });
});
