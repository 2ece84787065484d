import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { InvalidConfigError, InvalidInputError } from "../../src/errors.js";
import { createMemory } from "../../src/memory.js";
import {
  EXAMPLE_POLICIES_FILE,
  loadTaskPolicies,
  parseTaskPolicies,
  resolvePolicy,
} from "../../src/recall/policies.js";
import { makeRecord, memoryStore, NOW, recallerWith } from "./helpers.js";

const EXAMPLE_PATH = fileURLToPath(new URL("../../src/policies/tasks.example.json", import.meta.url));
const scope = { userId: "u_policy", tenantId: "acme" };

// One memory of every kind, all about the same customer, so only the policy decides.
function mixedRecords() {
  return [
    makeRecord(scope, {
      id: "pref_tone",
      key: "email.tone",
      kind: "preference",
      content: "用户给王总写邮件时偏好正式语气",
    }),
    makeRecord(scope, {
      id: "pref_gofmt",
      key: "code.style",
      kind: "preference",
      content: "用户写 Go 代码时要求先跑 gofmt，王总也同意",
    }),
    makeRecord(scope, {
      id: "pref_overtime",
      key: "life.overtime",
      kind: "preference",
      content: "用户不喜欢加班，王总知道",
    }),
    makeRecord(scope, { id: "fact_wang", key: "customer.wang", kind: "fact", content: "王总是用户最大的客户" }),
    makeRecord(scope, { id: "ep_delay", key: "order.delay", kind: "episode", content: "王总的订单上个月延迟了三天" }),
    makeRecord(scope, {
      id: "biz_synced",
      key: "order.status",
      kind: "business_fact",
      content: "王总的订单 A1029 状态为已发货",
      source: { type: "system_sync", messageIds: ["sync_1"] },
    }),
    makeRecord(scope, {
      id: "biz_chat",
      key: "contract.status",
      kind: "business_fact",
      content: "王总的合同快签了",
      source: { type: "inferred", messageIds: ["msg_chat"] },
    }),
    makeRecord(scope, {
      id: "pref_temp",
      key: "report.format",
      kind: "preference",
      content: "这周的周报给王总用表格",
      expiresAt: new Date(NOW.getTime() + 3 * 86_400_000).toISOString(),
    }),
    makeRecord(scope, { id: "todo_call", key: "todo.call_wang", kind: "todo", content: "用户下周要给王总打电话" }),
  ];
}

describe("task policies (seed 004 §3)", () => {
  it("ships the article's four policies as the JSON file the defaults are read from", () => {
    const policies = loadTaskPolicies(EXAMPLE_PATH);
    expect(parseTaskPolicies(EXAMPLE_POLICIES_FILE)).toEqual(policies);
    expect(Object.keys(policies.tasks).sort()).toEqual([
      "code_generation",
      "query_order",
      "weekly_report",
      "write_email",
    ]);
    expect(resolvePolicy(policies, "query_order")).toMatchObject({
      kinds: ["business_fact"],
      maxItems: 5,
      requireSystemSync: true,
    });
    expect(resolvePolicy(policies, "weekly_report")).toMatchObject({
      kinds: ["business_fact", "preference"],
      maxItems: 15,
      excludeSession: true,
    });
  });

  it("falls back to the default policy for an unknown or absent task", () => {
    const policies = parseTaskPolicies(EXAMPLE_POLICIES_FILE);
    expect(resolvePolicy(policies, "plan_trip").name).toBe("default");
    expect(resolvePolicy(policies, undefined).name).toBe("default");
    expect(resolvePolicy(policies, "toString").name).toBe("default");
    const custom = parseTaskPolicies({ memory_policy: {}, default: { include: ["preference"], max_items: 2 } });
    expect(resolvePolicy(custom, "anything")).toMatchObject({ name: "default", kinds: ["preference"], maxItems: 2 });
  });

  it("rejects an invalid policies file with InvalidConfigError naming the field", async () => {
    expect(() => parseTaskPolicies({ memory_policy: { write_email: { include: ["gossip"] } } })).toThrow(
      InvalidConfigError,
    );
    expect(() => parseTaskPolicies({ memory_policy: { write_email: { max_items: 0 } } })).toThrow(
      /memory_policy\.write_email\.max_items/,
    );
    expect(() => parseTaskPolicies({ memory_policy: { write_email: { maxItems: 3 } } })).toThrow(InvalidConfigError);
    expect(() => loadTaskPolicies("/nonexistent/policies.json")).toThrow(InvalidConfigError);
    await expect(
      createMemory({ store: memoryStore(), policies: { memory_policy: { x: { include: [] } } } }),
    ).rejects.toThrow(InvalidConfigError);
  });

  it("code_generation sees memories about code whatever their kind, never a hobby, at most 3", async () => {
    const coding = [
      makeRecord(scope, {
        id: "tabs_fact",
        key: "go.style",
        kind: "fact",
        content: "The user always uses tabs in their Go code",
      }),
      makeRecord(scope, {
        id: "review",
        key: "team.review",
        kind: "procedure",
        content: "每个合并请求都要两个人做代码审查",
      }),
      makeRecord(scope, {
        id: "hike",
        key: "hobby.hiking",
        kind: "preference",
        content: "The user loves hiking on weekends",
      }),
      makeRecord(scope, { id: "zip", key: "home.zip", kind: "fact", content: "The user's zip code is 94110" }),
      makeRecord(scope, { id: "stock", key: "stock.pick", kind: "preference", content: "用户关注的股票代码是 600519" }),
    ];
    const { recaller } = await recallerWith([...mixedRecords(), ...coding]);
    const { memories, traceId } = await recaller.recall({
      scope,
      query: "write the Go code for the review tool, the user likes hiking",
      task: "code_generation",
      limit: 10,
    });
    const ids = memories.map((m) => m.id);
    expect(ids).toContain("tabs_fact");
    expect(ids.length).toBeLessThanOrEqual(3);
    for (const id of ["hike", "zip", "stock", "pref_overtime"]) expect(ids).not.toContain(id);
    const trace = await recaller.trace(scope, traceId);
    expect(trace.memories.find((m) => m.id === "hike")).toMatchObject({ outcome: "dropped", reason: "policy.topic" });
  });

  it("refuses an unknown topic", () => {
    expect(() => parseTaskPolicies({ memory_policy: { x: { topics: ["cooking"] } } })).toThrow(
      /memory_policy\.x\.topics/,
    );
  });

  it("query_order sees only system-synced business facts", async () => {
    const { recaller } = await recallerWith(mixedRecords());
    const { memories, traceId } = await recaller.recall({ scope, query: "王总的订单和合同", task: "query_order" });
    expect(memories.map((m) => m.id)).toEqual(["biz_synced"]);
    const trace = await recaller.trace(scope, traceId);
    expect(trace.policy).toBe("query_order");
    expect(trace.memories.find((m) => m.id === "biz_chat")).toMatchObject({
      outcome: "dropped",
      reason: "policy.require_system_sync",
    });
    // Kinds outside the policy were never ranked: the trace names them as left out by the policy.
    for (const m of trace.memories.filter((m) => m.kind !== "business_fact"))
      expect(m).toMatchObject({ outcome: "dropped", reason: "policy.kind" });
    expect(trace.memories.filter((m) => m.reason !== "policy.kind").every((m) => m.kind === "business_fact")).toBe(
      true,
    );
  });

  it("weekly_report excludes temporary (session) memories and non-listed kinds", async () => {
    const { recaller } = await recallerWith(mixedRecords());
    const { memories, traceId } = await recaller.recall({ scope, query: "王总 周报 表格", task: "weekly_report" });
    const ids = memories.map((m) => m.id);
    expect(ids).not.toContain("pref_temp");
    expect(ids).not.toContain("ep_delay");
    expect(ids).not.toContain("todo_call");
    expect(memories.every((m) => m.kind === "business_fact" || m.kind === "preference")).toBe(true);
    const trace = await recaller.trace(scope, traceId);
    expect(trace.memories.find((m) => m.id === "pref_temp")).toMatchObject({
      outcome: "dropped",
      reason: "policy.exclude_session",
    });
  });

  it("weekly_report keeps a business fact with an expiry: its expiry is its system's, not session context", async () => {
    const quote = makeRecord(scope, {
      id: "biz_quote",
      key: "quote.wang.price",
      kind: "business_fact",
      content: "给王总的报价单有效期至下周五",
      source: { type: "system_sync", messageIds: [], system: "crm" },
      expiresAt: new Date(NOW.getTime() + 7 * 86_400_000).toISOString(),
    });
    const { recaller } = await recallerWith([...mixedRecords(), quote]);
    const { memories } = await recaller.recall({ scope, query: "王总 周报 报价单", task: "weekly_report" });
    const ids = memories.map((m) => m.id);
    expect(ids).toContain("biz_quote");
    expect(ids).not.toContain("pref_temp");
  });

  it("an unknown task gets every kind under the default policy; explicit kinds replace the policy's", async () => {
    const { recaller } = await recallerWith(mixedRecords());
    const all = await recaller.recall({ scope, query: "王总", task: "plan_trip", limit: 20 });
    expect(new Set(all.memories.map((m) => m.kind)).size).toBeGreaterThanOrEqual(5);
    const todos = await recaller.recall({ scope, query: "王总", kinds: ["todo"] });
    expect(todos.memories.map((m) => m.id)).toEqual(["todo_call"]);
  });

  it("validates recall input", async () => {
    const { recaller } = await recallerWith([]);
    await expect(recaller.recall({ scope, query: "" })).rejects.toThrow(InvalidInputError);
    await expect(recaller.recall({ scope, query: "x", limit: 0 })).rejects.toThrow(InvalidInputError);
    await expect(recaller.recall({ scope: { userId: "a:b" }, query: "x" })).rejects.toThrow(InvalidInputError);
    await expect(recaller.recall({ scope, query: "x", kinds: ["gossip" as never] })).rejects.toThrow(InvalidInputError);
    // A parent graph's `task` channel holding something else than a policy name is refused, not traced.
    await expect(
      recaller.graphs.read.invoke({ query: "x", task: { title: "迁移" } as never }, { configurable: { user_id: "u" } }),
    ).rejects.toThrow(/task policy's name/);
  });
});
