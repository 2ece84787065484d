import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { dedupeKeys } from "../../src/recall/dedupe.js";
import type { Candidate } from "../../src/recall/types.js";
import type { MemoryRecord } from "../../src/schema.js";
import { daysAgo, makeRecord, memoryStore, NOW, recallerWith } from "./helpers.js";

const scope = { userId: "u_history" };

function versions() {
  const oldCarrier = makeRecord(scope, {
    id: "carrier_jd",
    key: "shipping.carrier",
    kind: "fact",
    content: "用户的快递用京东",
    value: "京东",
    status: "superseded",
    supersededBy: "carrier_sf",
    observedAt: daysAgo(60),
    importance: 1,
    accessCount: 40,
    lastAccessedAt: daysAgo(0),
  });
  const newCarrier = makeRecord(scope, {
    id: "carrier_sf",
    key: "shipping.carrier",
    kind: "fact",
    content: "用户的快递改用顺丰",
    value: "顺丰",
    observedAt: daysAgo(5),
  });
  const archived = makeRecord(scope, {
    id: "addr_old",
    key: "shipping.address_note",
    content: "用户的快递放门口",
    status: "archived",
    observedAt: daysAgo(200),
  });
  return [oldCarrier, newCarrier, archived];
}

describe("superseded values (seed 003 §4.4)", () => {
  it("are never recalled by default, however similar, important or used", async () => {
    const { recaller } = await recallerWith(versions());
    for (const query of ["用户的快递用京东", "京东", "快递", "shipping carrier"]) {
      const { memories, context, traceId } = await recaller.recall({ scope, query, limit: 10 });
      expect(memories.map((m) => m.id)).not.toContain("carrier_jd");
      expect(memories.map((m) => m.id)).not.toContain("addr_old");
      expect(context).not.toContain("京东");
      const trace = await recaller.trace(scope, traceId);
      expect(trace.memories.map((m) => m.id)).not.toContain("carrier_jd");
    }
  });

  it("are returned, labelled, on an explicit history query", async () => {
    const { recaller } = await recallerWith(versions());
    const { memories, context } = await recaller.recall({ scope, query: "快递", includeHistory: true, limit: 10 });
    const byId = Object.fromEntries(memories.map((m) => [m.id, m]));
    expect(byId.carrier_jd?.status).toBe("superseded");
    expect(byId.carrier_sf?.status).toBe("active");
    expect(byId.addr_old?.status).toBe("archived");
    expect(context).toContain("[已被取代] 用户的快递用京东");
    expect(context).toContain("[已归档] 用户的快递放门口");
  });

  it("pending records are never recalled, not even for history", async () => {
    const pending = makeRecord(scope, {
      id: "pending_tea",
      key: "drink.tea",
      content: "用户可能喜欢喝乌龙茶",
      status: "pending",
    });
    const { recaller } = await recallerWith([pending]);
    expect((await recaller.recall({ scope, query: "乌龙茶" })).memories).toEqual([]);
    expect((await recaller.recall({ scope, query: "乌龙茶", includeHistory: true })).memories).toEqual([]);
  });
});

describe("one active value per key", () => {
  it("keeps only the newest active value of a single-valued key, and drops expired values", async () => {
    const older = makeRecord(scope, {
      id: "city_old",
      key: "profile.city",
      kind: "fact",
      content: "用户住在杭州",
      value: "杭州",
      observedAt: daysAgo(30),
      importance: 1,
    });
    const newer = makeRecord(scope, {
      id: "city_new",
      key: "profile.city",
      kind: "fact",
      content: "用户住在上海",
      value: "上海",
      observedAt: daysAgo(2),
    });
    const expired = makeRecord(scope, {
      id: "temp_wechat",
      key: "contact.exception",
      content: "这次可以用微信联系用户",
      expiresAt: new Date(NOW.getTime() - 1000).toISOString(),
    });
    const { recaller } = await recallerWith([older, newer, expired]);
    const { memories, traceId } = await recaller.recall({ scope, query: "用户住在哪 微信联系", limit: 10 });
    expect(memories.map((m) => m.id)).toEqual(["city_new"]);
    const trace = await recaller.trace(scope, traceId);
    const byId = Object.fromEntries(trace.memories.map((m) => [m.id, m]));
    expect(byId.city_old).toMatchObject({ outcome: "dropped", reason: "key.older_value" });
    expect(byId.temp_wechat).toMatchObject({ outcome: "dropped", reason: "expired" });
  });

  it("keeps coexisting records of a multi-valued kind under one key, but collapses repeats", () => {
    const a = makeRecord(scope, {
      id: "ep1",
      key: "trip.japan",
      kind: "episode",
      content: "用户三月去了东京",
      observedAt: daysAgo(20),
    });
    const b = makeRecord(scope, {
      id: "ep2",
      key: "trip.japan",
      kind: "episode",
      content: "用户五月去了大阪",
      observedAt: daysAgo(3),
    });
    const c = makeRecord(scope, {
      id: "ep3",
      key: "trip.japan",
      kind: "episode",
      content: "用户五月去了大阪",
      observedAt: daysAgo(1),
    });
    const candidate = (value: MemoryRecord): Candidate<MemoryRecord> => ({
      id: value.id,
      value,
      channels: {},
      rrf: 0.01,
    });
    const decided = dedupeKeys([a, b, c].map(candidate), NOW);
    expect(decided.map((d) => d.decision?.reason ?? "kept")).toEqual(["kept", "key.older_value", "kept"]);
  });
});

describe("a reported change through the facade", () => {
  it("supersedes the old state, so recall answers with the change and never the old tool or city", async () => {
    const memory = await createMemory({ store: memoryStore(), env: {} });
    const scope = { userId: "u_change" };
    const at = (day: number) => new Date(Date.UTC(2024, 2, day, 9)).toISOString();
    await memory.remember({
      scope,
      messages: [{ role: "user", id: "m1", content: "Our team uses Jira for tickets.", at: at(4) }],
    });
    await memory.remember({ scope, messages: [{ role: "user", id: "m2", content: "我住在北京。", at: at(4) }] });
    const switched = await memory.remember({
      scope,
      messages: [{ role: "user", id: "m3", content: "We switched from Jira to Linear last month.", at: at(11) }],
    });
    const moved = await memory.remember({
      scope,
      messages: [{ role: "user", id: "m4", content: "我去年从北京搬到了上海。", at: at(11) }],
    });
    expect(switched.superseded.map((r) => r.content)).toEqual(["The user's team uses Jira for tickets"]);
    expect(moved.superseded.map((r) => r.content)).toEqual(["用户住在北京"]);
    const tickets = await memory.recall({ scope, query: "Which tool do we use for tickets?" });
    expect(tickets.memories.map((m) => m.source.messageIds)).toContainEqual(["m3"]);
    expect(tickets.memories.map((m) => m.source.messageIds)).not.toContainEqual(["m1"]);
    const home = await memory.recall({ scope, query: "我现在住在哪里？" });
    expect(home.context).toContain("上海");
    expect(home.memories.map((m) => m.content)).not.toContain("用户住在北京");
    await memory.close();
  });
});
