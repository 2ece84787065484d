/**
 * Recall bookkeeping (trace + usage counters) queued behind the answer, and the per-scope
 * queue that keeps it ordered with the facade's writes.
 */
import { InMemoryStore } from "@langchain/langgraph";
import type { Operation, OperationResults } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS, tracesNamespace } from "../../src/namespaces.js";
import { ScopeQueue } from "../../src/scope-queue.js";
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
