import { describe, expect, it } from "vitest";
import { createSyncGraph } from "../../graphs/sync.js";
import { InvalidInputError } from "../../src/errors.js";
import { MAX_SYNC_FACTS, parseFactLines, parseSyncFacts } from "../../src/sync/input.js";
import { CONTRACT_NEGOTIATING, daysAgo, memoryStore, NOW, ORDER_SHIPPED, openedPerTest, WANG } from "./helpers.js";

const open = openedPerTest();

describe("memory.sync: business facts from a system of record (seed 004 §1–2)", () => {
  it("writes each fact as a business_fact from system_sync at confidence 1.0, naming the system and its reference", async () => {
    const memory = await open();
    const report = await memory.sync(WANG, [ORDER_SHIPPED, CONTRACT_NEGOTIATING], { system: "erp" });
    expect(report).toMatchObject({ scope: WANG, system: "erp", mode: "upsert" });
    expect(report.totals).toEqual({ added: 2, updated: 0, refreshed: 0, unchanged: 0, retired: 0, skipped: 0 });
    // Applied in the order the system observed them: the contract (3 days ago) first.
    expect(report.changes.map((c) => [c.action, c.key, c.where])).toEqual([
      ["added", CONTRACT_NEGOTIATING.key, "facts.1"],
      ["added", ORDER_SHIPPED.key, "facts.0"],
    ]);

    const order = (await memory.get(WANG, report.changes[1]!.id!))!;
    expect(order).toMatchObject({
      kind: "business_fact",
      key: "order.a1029.status",
      content: ORDER_SHIPPED.content,
      value: "shipped",
      confidence: 1,
      status: "active",
      source: { type: "system_sync", messageIds: [], system: "erp", reference: "ERP-A1029" },
      observedAt: ORDER_SHIPPED.observedAt,
      createdAt: NOW.toISOString(),
    });
    const [added] = await memory.history(WANG, order.id);
    expect(added).toMatchObject({ action: "add", key: order.key, sync: { system: "erp", reference: "ERP-A1029" } });
  });

  it("versions by key: a new value supersedes the active one, nothing is overwritten, the history names the system", async () => {
    const memory = await open();
    const first = await memory.sync(WANG, [CONTRACT_NEGOTIATING], { system: "crm" });
    const oldId = first.changes[0]!.id!;
    const signed = {
      ...CONTRACT_NEGOTIATING,
      content: "王总的合同状态：已签署",
      value: "signed",
      reference: "CRM-4711-r2",
      observedAt: daysAgo(1),
    };
    const second = await memory.sync(WANG, [signed], { system: "crm" });
    expect(second.changes).toEqual([
      expect.objectContaining({ action: "updated", key: signed.key, supersededIds: [oldId] }),
    ]);
    const newId = second.changes[0]!.id!;
    expect(newId).not.toBe(oldId);

    const old = (await memory.get(WANG, oldId))!;
    expect(old).toMatchObject({ status: "superseded", supersededBy: newId, content: CONTRACT_NEGOTIATING.content });
    expect(await memory.get(WANG, newId)).toMatchObject({ status: "active", value: "signed" });
    const oldHistory = await memory.history(WANG, oldId);
    expect(oldHistory.map((e) => e.action)).toEqual(["add", "supersede"]);
    expect(oldHistory[1]).toMatchObject({
      relatedId: newId,
      reason: "new value from crm",
      sync: { system: "crm", reference: "CRM-4711-r2" },
      before: { status: "active", value: "negotiating" },
      after: { status: "superseded", supersededBy: newId },
    });
    expect((await memory.list(WANG, { kind: "business_fact", status: "active" })).map((r) => r.id)).toEqual([newId]);
  });

  it("the same value refreshes the active record (later observation, new expiry), and a repeated sync writes nothing", async () => {
    const memory = await open();
    const first = await memory.sync(WANG, [ORDER_SHIPPED], { system: "erp" });
    const id = first.changes[0]!.id!;

    const again = await memory.sync(WANG, [ORDER_SHIPPED], { system: "erp" });
    expect(again.changes).toEqual([expect.objectContaining({ action: "unchanged", id })]);
    expect((await memory.history(WANG, id)).map((e) => e.action)).toEqual(["add"]);

    const expiresAt = new Date(NOW.getTime() + 30 * 86_400_000).toISOString();
    const later = { ...ORDER_SHIPPED, observedAt: daysAgo(1), expiresAt };
    const refreshed = await memory.sync(WANG, [later], { system: "erp" });
    expect(refreshed.changes).toEqual([expect.objectContaining({ action: "refreshed", id })]);
    expect(await memory.get(WANG, id)).toMatchObject({
      status: "active",
      observedAt: later.observedAt,
      expiresAt,
      updatedAt: NOW.toISOString(),
      confidence: 1,
    });
    const history = await memory.history(WANG, id);
    expect(history.map((e) => e.action)).toEqual(["add", "reinforce"]);
    expect(history[1]).toMatchObject({ sync: { system: "erp", reference: "ERP-A1029" } });
  });

  it("an observation older than the active version changes nothing (a replayed message cannot roll a fact back)", async () => {
    const memory = await open();
    await memory.sync(WANG, [{ ...ORDER_SHIPPED, observedAt: daysAgo(1) }], { system: "erp" });
    const stale = {
      ...ORDER_SHIPPED,
      content: "王总的订单 A1029 状态：待发货",
      value: "pending",
      observedAt: daysAgo(5),
    };
    const report = await memory.sync(WANG, [stale], { system: "erp" });
    expect(report.changes).toEqual([
      expect.objectContaining({ action: "skipped", reason: expect.stringMatching(/^observed .* before the active/) }),
    ]);
    const active = await memory.list(WANG, { kind: "business_fact", status: "active" });
    expect(active.map((r) => r.value)).toEqual(["shipped"]);
  });

  it("retire: true archives the active version; retiring what is not there is skipped", async () => {
    const memory = await open();
    const { changes } = await memory.sync(WANG, [ORDER_SHIPPED], { system: "erp" });
    const retire = { key: ORDER_SHIPPED.key, retire: true, observedAt: daysAgo(1), reference: "ERP-close" };
    const report = await memory.sync(WANG, [retire, { key: "order.b2.status", retire: true, observedAt: daysAgo(1) }], {
      system: "erp",
    });
    expect(report.changes.map((c) => [c.action, c.key])).toEqual([
      ["retired", ORDER_SHIPPED.key],
      ["skipped", "order.b2.status"],
    ]);
    expect(await memory.get(WANG, changes[0]!.id!)).toMatchObject({ status: "archived" });
    expect((await memory.history(WANG, changes[0]!.id!)).at(-1)).toMatchObject({
      action: "archive",
      reason: "retired by erp",
      sync: { system: "erp", reference: "ERP-close" },
    });
    const recalled = await memory.recall({ scope: WANG, query: "订单 A1029 发货了吗", task: "query_order" });
    expect(recalled.memories).toEqual([]);
  });

  it("snapshot mode retires the system's facts the snapshot no longer reports, and nothing of another system or of the chat", async () => {
    const memory = await open();
    const invoice = {
      key: "invoice.a1029.status",
      content: "订单 A1029 的发票已开具",
      value: "issued",
      observedAt: daysAgo(2),
    };
    await memory.sync(WANG, [ORDER_SHIPPED, invoice], { system: "erp" });
    await memory.sync(WANG, [CONTRACT_NEGOTIATING], { system: "crm" });
    await memory.remember({ scope: WANG, messages: [{ role: "user", content: "我不吃香菜，点外卖记得备注。" }] });

    const report = await memory.sync(WANG, [ORDER_SHIPPED], { system: "erp", mode: "snapshot" });
    expect(report.totals).toMatchObject({ unchanged: 1, retired: 1 });
    expect(report.changes.at(-1)).toMatchObject({
      action: "retired",
      key: invoice.key,
      reason: expect.stringMatching(/^not in erp's snapshot/),
    });
    expect(report.changes.at(-1)!.where).toBeUndefined();
    const active = await memory.list(WANG, { status: "active" });
    expect(active.map((r) => r.key).sort()).toEqual([
      "contract.wang_zong.status",
      "food.cilantro",
      "order.a1029.status",
    ]);
  });

  it("applies several versions of one key in one call in the order they were observed", async () => {
    const memory = await open();
    const paid = { ...ORDER_SHIPPED, content: "订单 A1029 已付款", value: "paid", observedAt: daysAgo(4) };
    const report = await memory.sync(WANG, [ORDER_SHIPPED, paid], { system: "erp" });
    expect(report.changes.map((c) => c.action)).toEqual(["added", "updated"]);
    const all = await memory.list(WANG, { kind: "business_fact" });
    expect(all.map((r) => [r.value, r.status]).sort()).toEqual([
      ["paid", "superseded"],
      ["shipped", "active"],
    ]);
  });

  it("serialises two syncs of one scope: concurrent values of a key leave one active version", async () => {
    const memory = await open();
    const a = { ...ORDER_SHIPPED, content: "订单 A1029 已付款", value: "paid", observedAt: daysAgo(4) };
    await Promise.all([
      memory.sync(WANG, [a], { system: "erp" }),
      memory.sync(WANG, [ORDER_SHIPPED], { system: "erp" }),
    ]);
    // Whichever commits first, the later observation holds the key: "paid" committed first is
    // superseded by "shipped"; committed second, it is skipped as older than "shipped".
    const all = await memory.list(WANG, { kind: "business_fact" });
    const active = all.filter((r) => r.status === "active");
    expect(active.map((r) => r.value)).toEqual(["shipped"]);
    for (const older of all.filter((r) => r.status !== "active"))
      expect(older).toMatchObject({ status: "superseded", supersededBy: active[0]!.id });
  });

  it("redacts personal data in what a system sends", async () => {
    const memory = await open();
    const fact = { ...ORDER_SHIPPED, content: "订单 A1029 收货人电话 13812345678", reference: "call 13812345678" };
    const { changes } = await memory.sync(WANG, [fact], { system: "erp" });
    const record = (await memory.get(WANG, changes[0]!.id!))!;
    expect(record.content).toBe("订单 A1029 收货人电话 [PHONE]");
    expect(record.source.reference).toBe("call [PHONE]");
    expect(record.sensitivity).toBe("medium");
    expect(JSON.stringify(await memory.history(WANG, record.id))).not.toContain("13812345678");
  });

  it("refuses bad input with InvalidInputError naming every bad fact, and writes nothing", async () => {
    const memory = await open();
    const bad = [
      ORDER_SHIPPED,
      { key: "Order A1029", content: "x", observedAt: daysAgo(1) },
      { key: "order.b.status", observedAt: daysAgo(1) },
      { key: "order.c.status", content: "x", observedAt: "yesterday" },
      { ...ORDER_SHIPPED, observed_at: daysAgo(1) },
      { key: "order.d.status", content: "x", observedAt: daysAgo(1), expiresAt: daysAgo(2) },
      { key: "order.e.status", content: "x", observedAt: daysAgo(-2) },
    ];
    const refused = await memory.sync(WANG, bad as never, { system: "erp" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidInputError);
    const message = (refused as Error).message;
    expect(message).toMatch(/nothing written \(6 problems\)/);
    expect(message).toMatch(/facts\.1: field 'key' must be dotted segments of letters, digits, '_' or '-'/);
    expect(message).toMatch(/facts\.2: field 'content' is required unless retire is true/);
    expect(message).toMatch(/facts\.3: field 'observedAt'/);
    expect(message).toMatch(/facts\.4: Unrecognized key: "observed_at"/);
    expect(message).toMatch(/facts\.5: field 'expiresAt' must be after observedAt/);
    expect(message).toMatch(/facts\.6: field 'observedAt' lies in the future/);
    expect((refused as InvalidInputError).details).toMatchObject({ field: "facts.1.key" });
    expect(await memory.list(WANG, { about: "any" })).toEqual([]);

    await expect(memory.sync(WANG, [ORDER_SHIPPED], { system: "" })).rejects.toThrow(/Invalid sync system/);
    await expect(memory.sync(WANG, [ORDER_SHIPPED], { system: "erp", mode: "replace" as never })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(memory.sync(WANG, [ORDER_SHIPPED], { system: "erp", extra: 1 } as never)).rejects.toThrow(
      InvalidInputError,
    );
    await expect(memory.sync({ userId: "a:b" }, [ORDER_SHIPPED], { system: "erp" })).rejects.toThrow(InvalidInputError);
    await expect(memory.sync(WANG, "facts" as never, { system: "erp" })).rejects.toThrow(/expects an array of facts/);
    const twice = [ORDER_SHIPPED, { ...ORDER_SHIPPED, value: "lost" }];
    await expect(memory.sync(WANG, twice, { system: "erp" })).rejects.toThrow(
      /facts\.1: key 'order\.a1029\.status' is also observed at/,
    );
    expect(await memory.list(WANG, { about: "any" })).toEqual([]);
  });

  it("accepts Dates for times and caps the facts of one call", () => {
    const [fact] = parseSyncFacts([{ ...ORDER_SHIPPED, observedAt: new Date(ORDER_SHIPPED.observedAt) }]);
    expect(fact!.observedAt).toBe(ORDER_SHIPPED.observedAt);
    const many = Array.from({ length: MAX_SYNC_FACTS + 1 }, (_, i) => ({
      ...ORDER_SHIPPED,
      key: `order.n${i}.status`,
    }));
    expect(() => parseSyncFacts(many)).toThrow(/at most 10000 facts; received 10001/);
  });

  it("reads JSON Lines with the line number of every problem", () => {
    const text = [
      JSON.stringify(ORDER_SHIPPED),
      "",
      "{not json",
      JSON.stringify({ ...CONTRACT_NEGOTIATING, observedAt: "soon" }),
      JSON.stringify(CONTRACT_NEGOTIATING),
    ].join("\n");
    expect(() => parseFactLines(text)).toThrow(/line 3: not JSON/);
    const fixed = text.replace("{not json", "");
    expect(() => parseFactLines(fixed)).toThrow(/line 4: field 'observedAt'/);
    const good = parseFactLines(fixed.replace(/.*"soon".*\n/, ""));
    expect(good).toEqual([ORDER_SHIPPED, CONTRACT_NEGOTIATING]);
  });
});

describe("the memory_sync graph", () => {
  it("takes the scope from config.configurable and returns only the report", async () => {
    const store = memoryStore();
    const graph = createSyncGraph({ store, now: () => NOW });
    const out = await graph.invoke(
      { system: "erp", facts: [ORDER_SHIPPED] },
      { configurable: { user_id: "wang", tenant_id: "acme" } },
    );
    expect(Object.keys(out)).toEqual(["sync"]);
    expect(out.sync).toMatchObject({ scope: WANG, totals: { added: 1 } });
    await expect(graph.invoke({ system: "erp", facts: [ORDER_SHIPPED] }, {})).rejects.toThrow(
      /The sync graph needs a scope/,
    );
    await expect(
      graph.invoke({ system: "erp", facts: [{ key: "x" }] }, { configurable: { user_id: "wang" } }),
    ).rejects.toThrow(InvalidInputError);
  });
});
