/**
 * Business keys as systems send them: capitals, digits and dashes (`order.A1001.status`,
 * `ticket.INC-2024-0042.state`) are taken and kept exactly as sent. Keys are compared exactly:
 * two that differ only by case are two facts, each with its own versions (src/schema.ts
 * BusinessKeySchema says why), so no business id ever supersedes, retires or refreshes another.
 * Generated ids (seeded: letters of both cases, digits, dashes), with twins that differ only by
 * case, on the suites' store and on the embedded store.
 */

import { describe, expect, it } from "vitest";
import { InvalidInputError, InvalidRecordError } from "../../src/errors.js";
import type { Memory } from "../../src/memory.js";
import { parseMemoryRecord } from "../../src/schema.js";
import type { SyncFactInput } from "../../src/sync/input.js";
import { createRng } from "../bench/fixtures.js";
import { tempDir } from "../helpers/store.js";
import { daysAgo, openedPerTest, WANG } from "./helpers.js";

const open = openedPerTest();

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `count` distinct business ids of 2–14 letters, digits and dashes; every third has a twin differing only by case. */
function generatedIds(seed: number, count: number): string[] {
  const random = createRng(seed);
  const pick = (chars: string) => chars[Math.floor(random() * chars.length)]!;
  const ids = new Set<string>();
  while (ids.size < count) {
    const length = 2 + Math.floor(random() * 13);
    let id = pick(ALNUM);
    for (let i = 1; i < length; i++) id += random() < 0.15 ? "-" : pick(ALNUM);
    ids.add(id);
    const twin = [...id].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");
    if (ids.size % 3 === 0 && twin !== id && ids.size < count) ids.add(twin);
  }
  return [...ids];
}

const fact = (id: string, value: string, daysBack: number): SyncFactInput => ({
  key: `order.${id}.status`,
  content: `Order ${id} is ${value}`,
  value,
  reference: `ERP-${id}`,
  observedAt: daysAgo(daysBack),
});

async function activeByKey(memory: Memory): Promise<Map<string, { content: string; value: unknown }>> {
  const records = await memory.list(WANG, { kind: "business_fact", status: "active" });
  const byKey = new Map<string, { content: string; value: unknown }>();
  for (const r of records) {
    expect(byKey.has(r.key), `two active versions of ${r.key}`).toBe(false);
    byKey.set(r.key, { content: r.content, value: r.value });
  }
  return byKey;
}

describe.each([
  ["the suites' store", () => open()],
  ["the embedded store", () => open({ store: undefined, dir: tempDir("lgm-business-keys-") })],
])("business keys with capitals, digits and dashes, on %s", (_, make) => {
  it("keeps generated ids exactly as sent, and twins that differ only by case never collide", async () => {
    const memory = await make();
    const ids = generatedIds(20261204, 60);
    const twins = ids.filter((id) => ids.some((other) => other !== id && other.toLowerCase() === id.toLowerCase()));
    expect(twins.length).toBeGreaterThanOrEqual(20);
    expect(ids.some((id) => id.includes("-"))).toBe(true);

    const first = await memory.sync(
      WANG,
      ids.map((id) => fact(id, "shipped", 3)),
      { system: "erp" },
    );
    expect(first.totals.added).toBe(ids.length);
    expect(new Set(first.changes.map((c) => c.key))).toEqual(new Set(ids.map((id) => `order.${id}.status`)));
    const stored = await activeByKey(memory);
    expect([...stored.keys()].sort()).toEqual(ids.map((id) => `order.${id}.status`).sort());
    for (const id of ids)
      expect(stored.get(`order.${id}.status`)).toEqual({ content: `Order ${id} is shipped`, value: "shipped" });

    // A new value for every other id updates exactly those: its twin keeps its own value.
    const moved = ids.filter((_, i) => i % 2 === 0);
    const second = await memory.sync(
      WANG,
      moved.map((id) => fact(id, "delivered", 1)),
      { system: "erp" },
    );
    expect(second.totals).toMatchObject({ updated: moved.length, added: 0 });
    const after = await activeByKey(memory);
    for (const id of ids) {
      const value = moved.includes(id) ? "delivered" : "shipped";
      expect(after.get(`order.${id}.status`), id).toEqual({ content: `Order ${id} is ${value}`, value });
    }

    // Run again: nothing changes. A snapshot of the moved ids retires exactly the others.
    const again = await memory.sync(
      WANG,
      moved.map((id) => fact(id, "delivered", 1)),
      { system: "erp" },
    );
    expect(again.totals).toMatchObject({ unchanged: moved.length, added: 0, updated: 0 });
    const snapshot = await memory.sync(
      WANG,
      moved.map((id) => fact(id, "delivered", 0)),
      { system: "erp", mode: "snapshot" },
    );
    expect(snapshot.totals.retired).toBe(ids.length - moved.length);
    expect([...(await activeByKey(memory)).keys()].sort()).toEqual(moved.map((id) => `order.${id}.status`).sort());

    // Export keeps the spelling; import restores it.
    const exported = await memory.export(WANG);
    const keys = new Set(exported.records.filter((r) => r.kind === "business_fact").map((r) => r.key));
    for (const id of ids) expect(keys.has(`order.${id}.status`), id).toBe(true);
    const other = { userId: "li", tenantId: "acme" };
    await memory.import(other, exported);
    const restored = await memory.list(other, { kind: "business_fact", status: "active" });
    expect(restored.map((r) => r.key).sort()).toEqual(moved.map((id) => `order.${id}.status`).sort());
  });

  it("order.A1001.status and order.a1001.status are two facts: retiring one leaves the other", async () => {
    const memory = await make();
    const out = await memory.sync(
      WANG,
      [
        { key: "order.A1001.status", content: "订单 A1001 已发货", value: "shipped", observedAt: daysAgo(2) },
        { key: "order.a1001.status", content: "订单 a1001 待付款", value: "unpaid", observedAt: daysAgo(2) },
        { key: "ticket.INC-2024-0042.state", content: "工单 INC-2024-0042 处理中", observedAt: daysAgo(2) },
      ],
      { system: "erp" },
    );
    expect(out.changes.map((c) => [c.action, c.key])).toEqual([
      ["added", "order.A1001.status"],
      ["added", "order.a1001.status"],
      ["added", "ticket.INC-2024-0042.state"],
    ]);
    const retired = await memory.sync(WANG, [{ key: "order.a1001.status", retire: true, observedAt: daysAgo(1) }], {
      system: "erp",
    });
    expect(retired.changes).toEqual([expect.objectContaining({ action: "retired", key: "order.a1001.status" })]);
    const active = await activeByKey(memory);
    expect([...active.keys()].sort()).toEqual(["order.A1001.status", "ticket.INC-2024-0042.state"]);
    expect(active.get("order.A1001.status")?.value).toBe("shipped");
    const { context } = await memory.recall({ scope: WANG, query: "A1001 这单到哪了？", task: "query_order" });
    expect(context).toContain("订单 A1001 已发货");
    expect(context).not.toContain("待付款");
  });
});

describe("what a business key may not be", () => {
  it("refuses spaces, empty segments, ':' and other characters, and keys over 128 characters", async () => {
    const memory = await open();
    const keys = [
      "order A1001",
      "order..A1001",
      ".order",
      "order.A1001.",
      "order:A1001",
      "order.Ä1001",
      "o".repeat(129),
    ];
    const refused = await memory
      .sync(
        WANG,
        keys.map((key) => ({ key, content: "x", observedAt: daysAgo(1) })),
        { system: "erp" },
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as Error).message).toMatch(new RegExp(`nothing written \\(${keys.length} problems\\)`));
    expect(await memory.list(WANG, { about: "any" })).toEqual([]);
  });

  it("only a business fact keeps a system's spelling: a memory from chat has a lowercase key", () => {
    const record = {
      id: "r1",
      kind: "fact",
      key: "order.A1001.status",
      content: "Order A1001 shipped",
      confidence: 0.6,
      importance: 0.5,
      source: { type: "inferred", messageIds: ["m1"] },
      scope: WANG,
      sensitivity: "low",
      status: "active",
      observedAt: daysAgo(1),
      createdAt: daysAgo(1),
      updatedAt: daysAgo(1),
      lastAccessedAt: daysAgo(1),
      accessCount: 0,
    };
    expect(() => parseMemoryRecord(record)).toThrow(InvalidRecordError);
    expect(() => parseMemoryRecord(record)).toThrow(/'key' must be dotted lowercase/);
    expect(parseMemoryRecord({ ...record, key: "order.a1001.status" }).key).toBe("order.a1001.status");
    expect(
      parseMemoryRecord({
        ...record,
        kind: "business_fact",
        confidence: 1,
        source: { type: "system_sync", messageIds: [], system: "erp" },
      }).key,
    ).toBe("order.A1001.status");
  });
});
