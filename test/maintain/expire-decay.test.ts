import { afterEach, describe, expect, it } from "vitest";
import { InvalidConfigError, InvalidInputError, NotFoundError } from "../../src/errors.js";
import type { Memory } from "../../src/memory.js";
import { daysAgo, makeRecord, NOW, openMemory, SCOPE, seed, statuses } from "./helpers.js";

let memory: Memory | undefined;
afterEach(async () => {
  await memory?.close();
  memory = undefined;
});

describe("TTL per kind", () => {
  it("archives a todo once its due time and the grace period have passed, not before", async () => {
    ({ memory } = await openMemory());
    const overdue = makeRecord({
      kind: "todo",
      key: "todo.dentist",
      content: "The user must call the dentist",
      expiresAt: daysAgo(8),
    });
    const inGrace = makeRecord({
      kind: "todo",
      key: "todo.tax",
      content: "The user must file the tax return",
      expiresAt: daysAgo(6),
    });
    const future = makeRecord({
      kind: "todo",
      key: "todo.visa",
      content: "The user must renew the visa",
      expiresAt: daysAgo(-3),
    });
    await seed(memory, [overdue, inGrace, future]);
    const report = await memory.maintain({ scope: SCOPE });
    expect(report.scopes[0]!.expired.map((e) => e.id)).toEqual([overdue.id]);
    expect(await statuses(memory, [overdue.id, inGrace.id, future.id])).toEqual(["archived", "active", "active"]);
    const history = await memory.history(SCOPE, overdue.id);
    expect(history.at(-1)).toMatchObject({
      action: "archive",
      before: { status: "active" },
      after: { status: "archived" },
    });
  });

  it("archives the conversation's episodes after 30 idle days; the user's preferences have no TTL", async () => {
    ({ memory } = await openMemory({ maintenance: { lambda: 0.01, archiveBelow: 0.001 } }));
    const stale = makeRecord({
      id: "episode-old",
      about: "conversation",
      kind: "episode",
      key: "conversation.turn",
      content: "The assistant suggested meditation",
      observedAt: daysAgo(31),
    });
    const fresh = makeRecord({
      id: "episode-new",
      about: "conversation",
      kind: "episode",
      key: "conversation.turn",
      content: "The assistant suggested a walk",
      observedAt: daysAgo(29),
    });
    const preference = makeRecord({
      key: "food.dislike",
      content: "The user does not eat cilantro",
      observedAt: daysAgo(400),
    });
    await seed(memory, [stale, fresh, preference]);
    const report = await memory.maintain({ scope: SCOPE });
    expect(report.scopes[0]!.expired.map((e) => e.id)).toEqual([stale.id]);
    expect(report.scopes[0]!.expired[0]!.reason).toContain("conversation TTL of 30 days");
    expect(await statuses(memory, [stale.id, fresh.id, preference.id])).toEqual(["archived", "active", "active"]);
  });

  it("follows a configured TTL", async () => {
    ({ memory } = await openMemory({ maintenance: { ttlDays: { preference: 7 } } }));
    const week = makeRecord({ key: "drink.like", content: "The user likes green tea today", observedAt: daysAgo(8) });
    const day = makeRecord({ key: "drink.like2", content: "The user likes oolong", observedAt: daysAgo(1) });
    await seed(memory, [week, day]);
    await memory.maintain({ scope: SCOPE });
    expect(await statuses(memory, [week.id, day.id])).toEqual(["archived", "active"]);
  });

  it("refuses invalid rules with a typed error", async () => {
    await expect(openMemory({ maintenance: { lambda: 0.5 } })).rejects.toThrow(InvalidConfigError);
    await expect(openMemory({ maintenance: { lambda: 0.5 } })).rejects.toThrow(/'lambda'.*<=0\.05/);
  });
});

describe("decay and the cold tier", () => {
  it("archives what decayed below the threshold and keeps what recall touched", async () => {
    ({ memory } = await openMemory());
    const old = makeRecord({
      key: "hobby.chess",
      content: "The user plays chess on weekends",
      observedAt: daysAgo(200),
      confidence: 0.6,
      importance: 0.4,
    });
    const recalled = makeRecord({
      key: "hobby.piano",
      content: "The user plays the piano on weekends",
      observedAt: daysAgo(200),
      confidence: 0.6,
      importance: 0.4,
      lastAccessedAt: daysAgo(2),
    });
    const business = makeRecord({
      kind: "business_fact",
      key: "order.status",
      content: "Order 1182 has shipped",
      observedAt: daysAgo(400),
      source: { type: "system_sync", messageIds: ["sync-1"] },
    });
    await seed(memory, [old, recalled, business]);
    const report = await memory.maintain({ scope: SCOPE });
    expect(report.scopes[0]!.decayed.map((d) => d.id)).toEqual([old.id]);
    expect(report.scopes[0]!.decayed[0]!.score).toBeLessThan(0.05);
    expect(await statuses(memory, [old.id, recalled.id, business.id])).toEqual(["archived", "active", "active"]);
  });

  it("leaves archived memories out of recall unless asked, and restore() brings one back", async () => {
    ({ memory } = await openMemory());
    const old = makeRecord({
      key: "hobby.chess",
      content: "The user plays chess on weekends",
      observedAt: daysAgo(200),
      confidence: 0.6,
      importance: 0.4,
    });
    await seed(memory, [old]);
    await memory.maintain({ scope: SCOPE });
    const normal = await memory.recall({ scope: SCOPE, query: "chess on weekends" });
    expect(normal.memories.map((m) => m.id)).not.toContain(old.id);
    const cold = await memory.recall({ scope: SCOPE, query: "chess on weekends", includeArchived: true });
    expect(cold.memories.map((m) => m.id)).toContain(old.id);
    const history = await memory.recall({ scope: SCOPE, query: "chess on weekends", includeHistory: true });
    expect(history.memories.map((m) => m.id)).toContain(old.id);

    const restored = await memory.restore(SCOPE, old.id);
    expect(restored).toMatchObject({ status: "active", lastAccessedAt: NOW.toISOString() });
    expect((await memory.history(SCOPE, old.id)).at(-1)).toMatchObject({
      action: "restore",
      after: { status: "active" },
    });
    await memory.settled();
    expect((await memory.recall({ scope: SCOPE, query: "chess on weekends" })).memories.map((m) => m.id)).toContain(
      old.id,
    );
    // Restored counts as used now: the next run does not archive it again.
    expect((await memory.maintain({ scope: SCOPE })).totals.decayed).toBe(0);
  });

  it("restore() refuses an unknown id and a memory that is not archived", async () => {
    ({ memory } = await openMemory());
    const active = makeRecord({ key: "hobby.chess", content: "The user plays chess" });
    await seed(memory, [active]);
    await expect(memory.restore(SCOPE, "no-such-id")).rejects.toThrow(NotFoundError);
    await expect(memory.restore(SCOPE, active.id)).rejects.toThrow(InvalidInputError);
    expect(await statuses(memory, [active.id])).toEqual(["active"]);
  });

  it("restores a fact whose key has a newer value as a pending conflict the user resolves", async () => {
    ({ memory } = await openMemory());
    const old = makeRecord({ kind: "fact", key: "home.city", content: "The user lives in Lyon", status: "archived" });
    const current = makeRecord({ kind: "fact", key: "home.city", content: "The user lives in Paris" });
    await seed(memory, [old, current]);
    const restored = await memory.restore(SCOPE, old.id);
    expect(restored.status).toBe("pending");
    const [pending] = await memory.pending(SCOPE);
    expect(pending).toMatchObject({ record: { id: old.id }, relation: "restored", existing: { id: current.id } });
    await memory.resolve(SCOPE, old.id, "supersede");
    expect(await statuses(memory, [old.id, current.id])).toEqual(["active", "superseded"]);
  });
});
