/**
 * Recall bookkeeping (trace + usage counters) queued behind the answer, and the per-scope
 * queue that keeps it ordered with the facade's writes.
 */
import { InMemoryStore } from "@langchain/langgraph";
import type { Operation, OperationResults } from "@langchain/langgraph-checkpoint";
import { describe, expect, it, vi } from "vitest";
import { createMemory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS, tracesNamespace } from "../../src/namespaces.js";
import { GATHER_MAX, GATHER_MS, ScopeQueue } from "../../src/scope-queue.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { getRecord, makeRecord, NOW, putRecords } from "./helpers.js";

/** An InMemoryStore whose trace writes wait for `open()` (or fail, when told to). */
class GatedStore extends InMemoryStore {
  private gate: Promise<void> = Promise.resolve();
  private release = () => {};
  failTraces: Error | undefined;
  /** Namespaces of committed writes, in commit order (the first label after "memory"/tenant/user). */
  readonly log: string[] = [];

  constructor() {
    super({ index: { dims: 64, embeddings: new HashEmbeddings({ dims: 64 }), fields: RECORD_INDEX_FIELDS } });
  }

  close(): void {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  open(): void {
    this.release();
  }

  override async batch<Op extends readonly Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    const writes = operations.filter((op) => "value" in op) as Array<{ namespace: string[] }>;
    if (writes.some((op) => op.namespace.at(-1) === "traces")) {
      await this.gate;
      if (this.failTraces) throw this.failTraces;
    }
    const out = await super.batch(operations);
    for (const op of writes) this.log.push(op.namespace.at(-1)!);
    return out;
  }
}

const scope = { userId: "u_book" };
const other = { userId: "u_other" };

describe("background bookkeeping (the facade's default)", () => {
  it("answers before the trace is written; trace(), the scope's next write and settled() wait for it", async () => {
    const store = new GatedStore();
    const tea = makeRecord(scope, { id: "tea", key: "drink.tea", content: "用户喜欢喝绿茶", accessCount: 1 });
    await putRecords(store, [tea]);
    const memory = await createMemory({ store, env: {}, now: () => NOW });
    store.log.length = 0;
    store.close();
    const { traceId, memories } = await memory.recall({ scope, query: "绿茶" });
    expect(memories.map((m) => m.id)).toEqual(["tea"]);
    expect(await store.get(tracesNamespace(scope), traceId)).toBeNull();
    expect((await getRecord(store, tea)).accessCount).toBe(1);

    // Queued behind the bookkeeping: a remember() of the same scope and a trace lookup.
    const remembered = memory.remember({ scope, messages: [{ role: "user", content: "我不吃香菜" }] });
    const trace = memory.trace(scope, traceId);
    // Whole-scope reads page through the store, which the usage counters reorder: they wait too.
    let listed = false;
    const listing = memory.list(scope).then((records) => {
      listed = true;
      return records;
    });
    // Another scope does not wait.
    await memory.remember({ scope: other, messages: [{ role: "user", content: "我喜欢爬山" }] });
    expect(store.log).not.toContain("traces");
    // Only the other scope's write landed.
    expect(store.log.filter((ns) => ns === "records")).toHaveLength(1);
    expect(listed).toBe(false);

    store.open();
    expect((await listing).map((r) => r.id)).toContain("tea");
    expect((await trace).traceId).toBe(traceId);
    await remembered;
    await memory.settled();
    // The trace and usage batch committed before the same scope's remember().
    expect(store.log.indexOf("traces")).toBeLessThan(store.log.lastIndexOf("records"));
    expect((await getRecord(store, tea)).accessCount).toBe(2);
  });

  it("keeps a failed write for settled() and close() instead of losing it or breaking the queue", async () => {
    const store = new GatedStore();
    await putRecords(store, [makeRecord(scope, { key: "drink.tea", content: "用户喜欢喝绿茶" })]);
    const memory = await createMemory({ store, env: {}, now: () => NOW });
    store.failTraces = new Error("disk full");
    const answer = await memory.recall({ scope, query: "绿茶" });
    expect(answer.context).toContain("绿茶");
    await expect(memory.settled()).rejects.toThrow("disk full");
    // Reported once; the queue keeps working.
    await expect(memory.settled()).resolves.toBeUndefined();
    store.failTraces = undefined;
    const next = await memory.recall({ scope, query: "绿茶" });
    expect((await memory.trace(scope, next.traceId)).traceId).toBe(next.traceId);
    store.failTraces = new Error("still full");
    await memory.recall({ scope, query: "绿茶" });
    await expect(memory.close()).rejects.toThrow("still full");
  });

  it("gathers a scope's recalls into one write, and the next recall counts the uses still pending", async () => {
    const store = new GatedStore();
    const tea = makeRecord(scope, { id: "tea", key: "drink.tea", content: "用户喜欢喝绿茶", accessCount: 1 });
    await putRecords(store, [tea]);
    const memory = await createMemory({ store, env: {}, now: () => NOW });
    const batches = vi.spyOn(store, "batch");
    const usage: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { memories } = await memory.recall({ scope, query: "绿茶" });
      usage.push(memories[0]!.accessCount);
    }
    // Nothing written yet, and each recall saw the earlier ones' uses.
    expect((await getRecord(store, tea)).accessCount).toBe(1);
    expect(usage).toEqual([1, 2, 3]);
    await memory.settled();
    const writes = batches.mock.calls.filter((call) => call[0].some((op) => "value" in op));
    // Three traces and one usage put, in one batch.
    expect(writes).toHaveLength(1);
    expect(writes[0]![0].filter((op) => "value" in op)).toHaveLength(4);
    expect((await getRecord(store, tea)).accessCount).toBe(4);
    const { memories } = await memory.recall({ scope, query: "绿茶" });
    expect(memories[0]!.accessCount).toBe(4);
    await memory.close();
  });

  it("commits gathered bookkeeping by itself, within GATHER_MS, with no later call", async () => {
    const store = new GatedStore();
    await putRecords(store, [makeRecord(scope, { key: "drink.tea", content: "用户喜欢喝绿茶" })]);
    const memory = await createMemory({ store, env: {}, now: () => NOW });
    const { traceId } = await memory.recall({ scope, query: "绿茶" });
    expect(await store.get(tracesNamespace(scope), traceId)).toBeNull();
    await vi.waitFor(async () => expect(await store.get(tracesNamespace(scope), traceId)).not.toBeNull(), {
      timeout: GATHER_MS * 20,
      interval: GATHER_MS / 5,
    });
    await memory.close();
  });

  it("forget() after recalls leaves no trace of the user: gathered bookkeeping lands before it", async () => {
    const store = new GatedStore();
    await putRecords(store, [makeRecord(scope, { key: "drink.tea", content: "用户喜欢喝绿茶" })]);
    const memory = await createMemory({ store, env: {}, now: () => NOW });
    await memory.recall({ scope, query: "绿茶" });
    await memory.recall({ scope, query: "喝什么" });
    await memory.forget(scope);
    await memory.settled();
    expect(await store.search(tracesNamespace(scope), { limit: 10 })).toEqual([]);
    expect(await memory.list(scope)).toEqual([]);
    await memory.close();
  });

  it('writes before answering with bookkeeping: "inline"', async () => {
    const store = new GatedStore();
    await putRecords(store, [makeRecord(scope, { key: "drink.tea", content: "用户喜欢喝绿茶" })]);
    const memory = await createMemory({ store, env: {}, now: () => NOW, bookkeeping: "inline" });
    const { traceId } = await memory.recall({ scope, query: "绿茶" });
    expect(await store.get(tracesNamespace(scope), traceId)).not.toBeNull();
    await expect(createMemory({ store, env: {}, bookkeeping: "later" as "inline" })).rejects.toThrow(/bookkeeping/);
  });
});

describe("ScopeQueue", () => {
  it("runs one scope's tasks in order, other scopes alongside, and survives a failed task", async () => {
    const queue = new ScopeQueue();
    const events: string[] = [];
    let releaseA = () => {};
    const a1 = queue.run("a", () =>
      new Promise<void>((resolve) => (releaseA = resolve)).then(() => void events.push("a1")),
    );
    const a2 = queue.run("a", async () => void events.push("a2"));
    await queue.run("b", async () => void events.push("b1"));
    expect(events).toEqual(["b1"]);
    releaseA();
    await Promise.all([a1, a2]);
    expect(events).toEqual(["b1", "a1", "a2"]);

    const failed = queue.run("a", async () => {
      throw new Error("boom");
    });
    await expect(failed).rejects.toThrow("boom");
    expect(await queue.run("a", async () => "after")).toBe("after");
    queue.defer("a", async () => {
      throw new Error("late");
    });
    queue.defer("b", async () => {
      throw new Error("later");
    });
    await expect(queue.settled()).rejects.toThrow(AggregateError);
    await expect(queue.settled()).resolves.toBeUndefined();
  });

  it("gather() commits a scope's items once, in order, as soon as GATHER_MAX wait, or before its next task", async () => {
    const queue = new ScopeQueue();
    const commits: Array<{ key: string; items: number[] }> = [];
    const commitOf = (key: string) => async (items: number[]) => void commits.push({ key, items });
    const commitA = commitOf("a");
    for (let i = 0; i < GATHER_MAX; i++) queue.gather("a", i, commitA);
    queue.gather("b", 1, commitOf("b"));
    // The full group is queued at once, without waiting for GATHER_MS.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(commits).toEqual([{ key: "a", items: Array.from({ length: GATHER_MAX }, (_, i) => i) }]);
    // A task of scope b runs after b's gathered items are committed.
    expect(await queue.run("b", async () => commits.length)).toBe(2);
    queue.gather("a", 99, commitA);
    await queue.idle("a");
    expect(commits.at(-1)).toEqual({ key: "a", items: [99] });
  });

  it("changes() waits for the scope's writes, not for its deferred bookkeeping; idle() waits for both", async () => {
    const queue = new ScopeQueue();
    let releaseBookkeeping = () => {};
    queue.defer("a", () => new Promise<void>((resolve) => (releaseBookkeeping = resolve)));
    let changed = false;
    await queue.changes("a").then(() => (changed = true));
    expect(changed).toBe(true);
    let idle = false;
    const waiting = queue.idle("a").then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).toBe(false);
    // A write queued after the bookkeeping waits for it, and changes() waits for the write.
    const write = queue.run("a", async () => "written");
    let afterWrite = false;
    const changes = queue.changes("a").then(() => (afterWrite = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(afterWrite).toBe(false);
    releaseBookkeeping();
    expect(await write).toBe("written");
    await Promise.all([waiting, changes]);
    expect([idle, afterWrite]).toEqual([true, true]);
  });
});
