import { describe, expect, it } from "vitest";
import { InvalidInputError, NotFoundError } from "../../src/errors.js";
import { createMemory } from "../../src/memory.js";
import { tracesNamespace } from "../../src/namespaces.js";
import { DEFAULT_TRACE_RETENTION_DAYS, purgeExpiredTraces } from "../../src/recall/trace.js";
import { DAY_MS, makeRecord, NOW, recallerWith } from "./helpers.js";

const scope = { userId: "u_trace", tenantId: "acme" };

describe("the memory trace (seed 004 §4)", () => {
  it("records the query, task, every candidate with per-signal scores, and the outcome of each", async () => {
    const { recaller } = await recallerWith([
      makeRecord(scope, { id: "brief", key: "reply.style", content: "用户偏好简洁回复", importance: 0.9 }),
      makeRecord(scope, { id: "english", key: "output.language", content: "用户要求输出用英文" }),
      makeRecord(scope, { id: "tea", key: "drink.tea", kind: "fact", content: "用户喜欢喝绿茶" }),
    ]);
    const result = await recaller.recall({ scope, query: "这次用中文，简洁回复", task: "write_email" });
    expect(result.traceId).toMatch(/^tr_[0-9a-f-]{36}$/);
    const trace = await recaller.trace(scope, result.traceId);

    expect(trace).toMatchObject({
      traceId: result.traceId,
      query: "这次用中文，简洁回复",
      task: "write_email",
      policy: "write_email",
      includeHistory: false,
    });
    expect(trace.channels).toEqual(["vector", "keyword"]);
    expect(trace.createdAt).toBe(NOW.toISOString());
    expect(trace.expiresAt).toBe(new Date(NOW.getTime() + DEFAULT_TRACE_RETENTION_DAYS * DAY_MS).toISOString());

    const byId = Object.fromEntries(trace.memories.map((m) => [m.id, m]));
    // write_email includes preference and business_fact only: the tea fact is named as left out by
    // the policy, never ranked or injected.
    expect(Object.keys(byId).sort()).toEqual(["brief", "english", "tea"]);
    expect(byId.tea).toMatchObject({
      outcome: "dropped",
      reason: "policy.kind",
      detail: "task policy 'write_email' leaves out fact",
    });
    expect(byId.tea!.signals).toBeUndefined();
    expect(byId.brief).toMatchObject({
      outcome: "injected",
      key: "reply.style",
      kind: "preference",
      sourceType: "explicit",
    });
    expect(byId.brief!.messageIds).toEqual(result.memories[0]!.source.messageIds);
    expect(byId.english).toMatchObject({ outcome: "overridden", reason: "override.language" });
    for (const m of trace.memories.filter((m) => m.reason !== "policy.kind")) {
      expect(m.signals).toBeDefined();
      const { semantic, recency, importance, usage } = m.signals!;
      for (const v of [semantic, recency, importance, usage]) expect(v).toBeGreaterThanOrEqual(0);
      expect(m.score).toBeCloseTo(0.55 * semantic + 0.2 * recency + 0.15 * importance + 0.1 * usage, 10);
      expect(m.rrf).toBeGreaterThan(0);
    }
    expect(byId.brief!.signals!.importance).toBe(0.9);
    expect(trace.injected).toEqual(["brief"]);
    expect(trace.overridden).toEqual(["english"]);
    expect(trace.contextTokens).toBeGreaterThan(0);
  });

  it("names what a task policy left out, with the reason, and nothing for a policy that leaves nothing out", async () => {
    const { recaller } = await recallerWith([
      makeRecord(scope, { id: "tone", key: "email.tone", content: "用户写邮件喜欢正式的语气" }),
      makeRecord(scope, { id: "codename", kind: "fact", key: "project.codename", content: "用户的项目代号是 Phoenix" }),
      makeRecord(scope, {
        id: "launch",
        kind: "todo",
        key: "project.launch",
        content: "用户要在周五前准备 Phoenix 的发布",
      }),
    ]);
    const email = await recaller.recall({
      scope,
      query: "帮我给客户写一封关于 Phoenix 发布的邮件",
      task: "write_email",
    });
    expect(email.memories.map((m) => m.id)).toEqual(["tone"]);
    await recaller.settled();
    const trace = await recaller.trace(scope, email.traceId);
    const left = trace.memories.filter((m) => m.reason === "policy.kind");
    expect(left.map((m) => m.id).sort()).toEqual(["codename", "launch"]);
    expect(left.find((m) => m.id === "launch")!.detail).toBe("task policy 'write_email' leaves out todo");
    expect(trace.injected).toEqual(["tone"]);

    // The default policy sees every kind: nothing is left out, nothing extra is listed.
    const plain = await recaller.recall({ scope, query: "Phoenix 的发布" });
    await recaller.settled();
    const all = await recaller.trace(scope, plain.traceId);
    expect(all.memories.some((m) => m.reason === "policy.kind")).toBe(false);
    expect(all.memories.map((m) => m.id)).toEqual(expect.arrayContaining(["codename", "launch"]));
  });

  it("is kept for the retention window, then no longer returned and purged on the next write", async () => {
    let now = NOW;
    const { store } = await recallerWith([makeRecord(scope, { key: "drink.tea", content: "用户喜欢喝绿茶" })]);
    const recaller = await createMemory({ store, now: () => now });
    const { traceId } = await recaller.recall({ scope, query: "喝茶" });

    now = new Date(NOW.getTime() + 6 * DAY_MS);
    expect((await recaller.trace(scope, traceId)).traceId).toBe(traceId);

    now = new Date(NOW.getTime() + 8 * DAY_MS);
    await expect(recaller.trace(scope, traceId)).rejects.toThrow(NotFoundError);
    expect(await store.get(tracesNamespace(scope), traceId)).not.toBeNull();

    const fresh = await recaller.recall({ scope, query: "绿茶" });
    // The facade's bookkeeping (trace write, purge) runs behind the answer.
    await recaller.settled();
    expect(await store.get(tracesNamespace(scope), traceId)).toBeNull();
    expect((await recaller.trace(scope, fresh.traceId)).traceId).toBe(fresh.traceId);
  });

  it("honours a custom retention and purges only expired traces", async () => {
    let now = NOW;
    const { store } = await recallerWith([makeRecord(scope, { key: "drink.tea", content: "用户喜欢喝绿茶" })]);
    const recaller = await createMemory({ store, now: () => now, traceRetentionDays: 1 });
    const old = await recaller.recall({ scope, query: "喝茶" });
    now = new Date(NOW.getTime() + 0.5 * DAY_MS);
    const recent = await recaller.recall({ scope, query: "喝茶" });
    await recaller.settled();
    expect(await purgeExpiredTraces(store, scope, new Date(NOW.getTime() + 1.2 * DAY_MS))).toBe(1);
    expect(await store.get(tracesNamespace(scope), old.traceId)).toBeNull();
    expect(await store.get(tracesNamespace(scope), recent.traceId)).not.toBeNull();
    await expect(createMemory({ store, traceRetentionDays: 0 })).rejects.toThrow(/traceRetentionDays/);
  });

  it("throws NotFoundError for an unknown id and InvalidInputError for a malformed request", async () => {
    const { recaller } = await recallerWith([]);
    await expect(recaller.trace(scope, "tr_nope")).rejects.toThrow(NotFoundError);
    await expect(recaller.trace(scope, "")).rejects.toThrow(InvalidInputError);
    await expect(recaller.trace({ userId: "" }, "tr_nope")).rejects.toThrow(InvalidInputError);
  });
});
