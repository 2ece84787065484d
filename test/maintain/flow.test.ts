import { afterEach, describe, expect, it } from "vitest";
import { createMaintainGraph } from "../../graphs/maintain.js";
import type { Memory } from "../../src/memory.js";
import { historyNamespace } from "../../src/namespaces.js";
import { scanNamespace } from "../../src/store/scan.js";
import { HistoryLog } from "../../src/write/history.js";
import { daysAgo, daysLater, makeRecord, NOW, openMemory, SCOPE, seed, statuses } from "./helpers.js";

let memory: Memory | undefined;
afterEach(async () => {
  await memory?.close();
  memory = undefined;
});

describe("purge: the end of the state flow", () => {
  it("deletes long-retired memories nobody revisited, leaving a content-free history entry", async () => {
    ({ memory } = await openMemory());
    const replacement = makeRecord({ kind: "fact", key: "home.city", content: "The user lives in Paris" });
    const old = makeRecord({
      kind: "fact",
      key: "home.city",
      content: "The user lives in Lyon",
      status: "superseded",
      supersededBy: replacement.id,
      updatedAt: daysAgo(200),
      observedAt: daysAgo(300),
      lastAccessedAt: daysAgo(300),
    });
    const revisited = makeRecord({
      key: "hobby.chess",
      content: "The user plays chess",
      status: "archived",
      updatedAt: daysAgo(200),
      observedAt: daysAgo(400),
      lastAccessedAt: daysAgo(100),
    });
    const recent = makeRecord({
      key: "hobby.go",
      content: "The user plays go",
      status: "archived",
      updatedAt: daysAgo(20),
      observedAt: daysAgo(400),
      lastAccessedAt: daysAgo(400),
    });
    await seed(memory, [replacement, old, revisited, recent]);
    // The history of its addition quotes it: purging takes the words out of that entry too.
    const log = new HistoryLog();
    log.append({ action: "add", recordId: old.id, at: daysAgo(400), reason: "stated", messageIds: [], after: old });
    await memory.store.batch(log.operations(SCOPE));
    expect(JSON.stringify(await memory.history(SCOPE, old.id))).toContain("Lyon");
    const report = await memory.maintain({ scope: SCOPE });
    expect(report.scopes[0]!.purged).toEqual([{ id: old.id, status: "superseded" }]);
    expect(await statuses(memory, [old.id, revisited.id, recent.id, replacement.id])).toEqual([
      undefined,
      "archived",
      "archived",
      "active",
    ]);
    const history = await memory.history(SCOPE, old.id);
    expect(history.at(-1)).toMatchObject({ action: "delete", key: old.key });
    expect(history.at(-1)!.reason).toMatch(/^purged: superseded for more than 180 days/);
    expect(JSON.stringify(history)).not.toContain("Lyon");
  });
});

describe("a maintenance run", () => {
  async function seedEveryRule(m: Memory) {
    const records = [
      makeRecord({
        kind: "todo",
        key: "todo.dentist",
        content: "The user must call the dentist",
        expiresAt: daysAgo(30),
      }),
      makeRecord({
        key: "hobby.chess",
        content: "The user plays chess on weekends",
        observedAt: daysAgo(300),
        confidence: 0.5,
        importance: 0.3,
      }),
      makeRecord({ key: "drink.coffee", content: "用户喜欢喝美式咖啡", confidence: 0.7 }),
      makeRecord({ key: "drink.coffee", content: "用户喜欢喝美式咖啡不加糖", confidence: 0.9 }),
      ...Array.from({ length: 6 }, (_, i) =>
        makeRecord({ key: `travel.trip_${i}`, content: `The user went on trip ${i}`, observedAt: daysAgo(10 + i) }),
      ),
      makeRecord({
        key: "hobby.go",
        content: "The user played go",
        status: "archived",
        updatedAt: daysAgo(365),
        observedAt: daysAgo(500),
        lastAccessedAt: daysAgo(500),
      }),
    ];
    await seed(m, records);
    return records;
  }

  it("does every rule once; a second run finds nothing to do", async () => {
    ({ memory } = await openMemory({ maintenance: { maxActive: 5 } }));
    await seedEveryRule(memory);
    const first = await memory.maintain({ scope: SCOPE });
    // After expiry, decay and the merge: 7 details over a cap of 5, so two of one topic are summarised.
    expect(first.totals).toEqual({ expired: 1, decayed: 1, merged: 1, compressed: 2, purged: 1, expiredSessions: 0 });
    const active = (await memory.list(SCOPE, { status: "active" })).map((r) => r.id).sort();
    const second = await memory.maintain({ scope: SCOPE });
    expect(second.totals).toEqual({ expired: 0, decayed: 0, merged: 0, compressed: 0, purged: 0, expiredSessions: 0 });
    expect((await memory.list(SCOPE, { status: "active" })).map((r) => r.id).sort()).toEqual(active);
    // Months later the superseded details are purged, but nothing active is touched by purge.
    const later = await memory.maintain({ scope: SCOPE, now: daysLater(10) });
    expect(later.totals.purged).toBe(0);
  });

  it("maintains every scope of the store when no scope is given, and isolates them", async () => {
    ({ memory } = await openMemory());
    const other = { userId: "u2", tenantId: "acme" };
    const mine = makeRecord({ kind: "todo", key: "todo.a", content: "The user must pay rent", expiresAt: daysAgo(30) });
    const theirs = makeRecord(
      { kind: "todo", key: "todo.a", content: "The user must pay rent", expiresAt: daysAgo(30) },
      other,
    );
    const kept = makeRecord(
      { kind: "todo", key: "todo.b", content: "The user must buy milk", expiresAt: daysAgo(-1) },
      other,
    );
    await seed(memory, [mine, theirs, kept]);
    const report = await memory.maintain();
    expect(report.scopes.map((s) => s.scope)).toEqual(expect.arrayContaining([SCOPE, other]));
    expect(report.totals.expired).toBe(2);
    expect(await statuses(memory, [theirs.id, kept.id], other)).toEqual(["archived", "active"]);
  });

  it("runs beside remember() and recall() without losing a memory", async () => {
    ({ memory } = await openMemory({ maintenance: { maxActive: 1000 } }));
    const records = Array.from({ length: 40 }, (_, i) =>
      makeRecord({ key: `note.item_${i}`, content: `The user keeps note ${i} about the garden` }),
    );
    await seed(memory, records);
    const statements = ["我不吃香菜。", "I prefer short replies.", "My favourite colour is green.", "我住在杭州。"];
    const m = memory;
    await Promise.all([
      ...statements.map((content, i) =>
        m.remember({ scope: SCOPE, messages: [{ role: "user", content, id: `w${i}` }] }),
      ),
      m.maintain({ scope: SCOPE }),
      ...Array.from({ length: 5 }, () => m.recall({ scope: SCOPE, query: "garden note" })),
      m.maintain({ scope: SCOPE }),
    ]);
    await m.settled();
    const all = await m.list(SCOPE);
    // The 40 seeded notes are untouched, and each statement left an active memory.
    expect(all.filter((r) => r.key.startsWith("note.") && r.status === "active")).toHaveLength(40);
    for (const id of ["w0", "w1", "w2", "w3"])
      expect(all.some((r) => r.status === "active" && r.source.messageIds.includes(id))).toBe(true);
    const usage = await Promise.all(records.map((r) => m.get(SCOPE, r.id)));
    expect(usage.every((r) => r?.status === "active")).toBe(true);
  });

  it("runs opportunistically after every N writes of a scope, and never by default", async () => {
    ({ memory } = await openMemory());
    const overdue = makeRecord({
      kind: "todo",
      key: "todo.x",
      content: "The user must call Bob",
      expiresAt: daysAgo(30),
    });
    await seed(memory, [overdue]);
    for (let i = 0; i < 3; i++)
      await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: `我喜欢第${i}种茶。` }] });
    await memory.settled();
    expect(await statuses(memory, [overdue.id])).toEqual(["active"]);
    await memory.close();

    ({ memory } = await openMemory({ maintenance: { everyWrites: 2 } }));
    await seed(memory, [overdue]);
    await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: "我喜欢乌龙茶。" }] });
    await memory.settled();
    expect(await statuses(memory, [overdue.id])).toEqual(["active"]);
    await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: "我喜欢绿茶。" }] });
    await memory.settled();
    expect(await statuses(memory, [overdue.id])).toEqual(["archived"]);
  });

  it("writes every transition to the history", async () => {
    ({ memory } = await openMemory({ maintenance: { maxActive: 5 } }));
    const records = await seedEveryRule(memory);
    await memory.maintain({ scope: SCOPE });
    const entries = await scanNamespace(memory.store, historyNamespace(SCOPE));
    const touched = new Set(entries.map((e) => (e.value as { recordId: string }).recordId));
    for (const record of records) {
      const now = await memory.get(SCOPE, record.id);
      if (now?.status !== record.status) expect(touched.has(record.id)).toBe(true);
    }
  });
});

describe("the compiled graph", () => {
  it("takes its scope from config.configurable, as langgraph.json serves it", async () => {
    ({ memory } = await openMemory());
    const overdue = makeRecord({
      kind: "todo",
      key: "todo.x",
      content: "The user must call Bob",
      expiresAt: daysAgo(30),
    });
    await seed(memory, [overdue]);
    const graph = createMaintainGraph({ store: memory.store, now: () => NOW });
    const out = await graph.invoke({}, { configurable: { user_id: SCOPE.userId } });
    expect(out.expired.map((e: { id: string }) => e.id)).toEqual([overdue.id]);
    expect(Object.keys(out).sort()).toEqual([
      "compressed",
      "decayed",
      "expired",
      "expiredSessions",
      "merged",
      "pass",
      "purged",
    ]);
  });
});
