import { HumanMessage } from "@langchain/core/messages";
import {
  Annotation,
  Command,
  INTERRUPT,
  isInterrupted,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
} from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createWriteGraph } from "../../graphs/write.js";
import { InvalidInputError } from "../../src/errors.js";
import { createMemory } from "../../src/memory.js";
import type { MemoryConflictInterrupt } from "../../src/write/conflict/decision.js";
import { memoryStore, SCOPE } from "./helpers.js";

const NOW = () => new Date("2024-05-07T10:00:00.000Z");

/** A user's agent: its own messages state, one node that is the write graph, a checkpointer. */
function parentWith(write: ReturnType<typeof createWriteGraph>) {
  const State = Annotation.Root({ ...MessagesAnnotation.spec });
  return new StateGraph(State)
    .addNode("remember", write)
    .addEdge(START, "remember")
    .compile({ checkpointer: new MemorySaver() });
}

/** The conflict payloads a run paused on (empty when it ran to the end). */
function pausedOn(values: unknown): MemoryConflictInterrupt[] {
  return isInterrupted<MemoryConflictInterrupt>(values) ? values[INTERRUPT].map((i) => i.value!) : [];
}

async function seededMemory() {
  const memory = await createMemory({ store: memoryStore(), now: NOW, env: {} });
  await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: "我喜欢吃苹果" }] });
  return memory;
}

describe("ask-user: interrupt and resume through a parent graph", () => {
  it("surfaces two conflicts one after another in the parent and applies both answers", async () => {
    const memory = await seededMemory();
    const parent = parentWith(memory.graphs.write);
    const config = { configurable: { thread_id: "t1", user_id: SCOPE.userId } };

    const first = await parent.invoke(
      { messages: [new HumanMessage("我喜欢喝咖啡"), new HumanMessage("我喜欢喝茶")] },
      config,
    );
    const [interrupt1] = pausedOn(first);
    expect(interrupt1).toMatchObject({
      type: "memory_conflict",
      relation: "ask_user",
      candidate: { content: "用户喜欢喝咖啡" },
      existing: { content: "用户喜欢吃苹果" },
      options: ["supersede", "keep_both", "merge", "reject"],
    });
    expect(interrupt1!.question).toMatch(/^我记得「用户喜欢吃苹果」/);
    const state = await parent.getState(config);
    expect(state.tasks.flatMap((t) => t.interrupts)).toHaveLength(1);
    // Nothing is written while the user is being asked.
    expect(await memory.list(SCOPE, { status: "active" })).toHaveLength(1);

    const second = await parent.invoke(new Command({ resume: { decision: "keep_both" } }), config);
    const [interrupt2] = pausedOn(second);
    expect(interrupt2!.candidate.content).toBe("用户喜欢喝茶");

    const done = await parent.invoke(new Command({ resume: { decision: "reject" } }), config);
    expect(pausedOn(done)).toEqual([]);
    // The parent's own messages are untouched by the subgraph.
    expect(done.messages.map((m) => m.content)).toEqual(["我喜欢喝咖啡", "我喜欢喝茶"]);
    const active = await memory.list(SCOPE, { status: "active" });
    expect(active.map((r) => r.content).sort()).toEqual(["用户喜欢吃苹果", "用户喜欢喝咖啡"]);
    const teaRejections = (
      await memory.store.search(["memory", "_default", "u1", "history"], { filter: { action: "reject" }, limit: 10 })
    ).map((i) => i.value);
    expect(teaRejections).toEqual([
      expect.objectContaining({ reason: expect.stringContaining("user decision: reject") }),
    ]);
    await memory.close();
  });

  it("answers in English for English statements", async () => {
    const memory = await createMemory({ store: memoryStore(), now: NOW, env: {} });
    await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: "I like eating apples" }] });
    const parent = parentWith(memory.graphs.write);
    const config = { configurable: { thread_id: "t-en", user_id: SCOPE.userId } };
    const out = await parent.invoke({ messages: [new HumanMessage("I like drinking coffee")] }, config);
    const [pause] = pausedOn(out);
    expect(pause!.question).toMatch(/^I remember "The user likes eating apples"/);
    await parent.invoke(new Command({ resume: { decision: "supersede" } }), config);
    const [coffee] = await memory.list(SCOPE, { status: "active" });
    expect(coffee!.content).toBe("The user likes drinking coffee");
    expect(await memory.list(SCOPE, { status: "superseded" })).toEqual([
      expect.objectContaining({ supersededBy: coffee!.id }),
    ]);
    await memory.close();
  });

  it("rejects a resume without a valid decision with a clear error", async () => {
    const memory = await seededMemory();
    const parent = parentWith(memory.graphs.write);
    const config = { configurable: { thread_id: "t2", user_id: SCOPE.userId } };
    await parent.invoke({ messages: [new HumanMessage("我喜欢喝咖啡")] }, config);
    await expect(parent.invoke(new Command({ resume: { decision: "maybe" } }), config)).rejects.toThrow(
      InvalidInputError,
    );
    await expect(parent.invoke(new Command({ resume: "yes" }), config)).rejects.toThrow(/resume: \{ decision \}/);
    expect(await memory.list(SCOPE, { status: "active" })).toHaveLength(1);
    await memory.close();
  });

  it("defers the conflict as pending when the run says interactive: false", async () => {
    const memory = await seededMemory();
    const parent = parentWith(memory.graphs.write);
    const config = { configurable: { thread_id: "t3", user_id: SCOPE.userId, interactive: false } };
    const out = await parent.invoke({ messages: [new HumanMessage("我喜欢喝咖啡")] }, config);
    expect(pausedOn(out)).toEqual([]);
    expect((await memory.pending(SCOPE)).map((p) => p.record.content)).toEqual(["用户喜欢喝咖啡"]);
    await memory.close();
  });

  it("defers instead of failing when the run has no checkpointer to pause with", async () => {
    const store = memoryStore();
    const graph = createWriteGraph({ store, now: NOW });
    const config = { configurable: { user_id: "u1" } };
    await graph.invoke({ messages: [{ role: "user", content: "我喜欢吃苹果" }] }, config);
    const out = await graph.invoke({ messages: [{ role: "user", content: "我喜欢喝咖啡" }] }, config);
    expect(out.memoryWrite!.pending).toEqual([
      expect.objectContaining({ content: "用户喜欢喝咖啡", status: "pending" }),
    ]);
  });

  it("works standalone with its own checkpointer", async () => {
    const store = memoryStore();
    const graph = createWriteGraph({ store, now: NOW, checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "solo", user_id: "u1" } };
    await graph.invoke({ messages: [{ role: "user", content: "我喜欢吃苹果" }] }, config);
    const config2 = { configurable: { thread_id: "solo-2", user_id: "u1" } };
    const paused = await graph.invoke({ messages: [{ role: "user", content: "我喜欢喝咖啡" }] }, config2);
    expect(pausedOn(paused)).toHaveLength(1);
    const done = await graph.invoke(new Command({ resume: { decision: "merge" } }), config2);
    expect(done.memoryWrite!.merged).toEqual([expect.objectContaining({ content: "用户喜欢吃苹果；用户喜欢喝咖啡" })]);
  });
});
