import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { Annotation, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createWriteGraph } from "../../graphs/write.js";
import { InvalidConfigError, InvalidInputError } from "../../src/errors.js";
import { createMemory } from "../../src/memory.js";
import { historyNamespace } from "../../src/namespaces.js";
import { memoryStore, SCOPE } from "./helpers.js";

const NOW = () => new Date("2024-05-07T10:00:00.000Z");

describe("the write graph", () => {
  it("accepts LangChain messages, takes the scope from configurable and writes under it", async () => {
    const store = memoryStore();
    const graph = createWriteGraph({ store, now: NOW });
    const out = await graph.invoke(
      {
        messages: [new HumanMessage({ content: "我不吃香菜", id: "h1" }), new AIMessage("好的，记住了。")],
        sessionId: "s1",
      },
      { configurable: { user_id: "u7", tenant_id: "acme" } },
    );
    expect(out.memoryWrite!.written).toEqual([
      expect.objectContaining({
        scope: { userId: "u7", tenantId: "acme" },
        source: expect.objectContaining({ messageIds: ["h1"], sessionId: "s1" }),
      }),
    ]);
    // The memory, and the episode of the exchange in its own namespace (the reply "好的，记住了。"
    // says nothing to keep).
    expect(await store.search(["memory", "acme", "u7", "records"], { limit: 10 })).toHaveLength(1);
    const episodes = await store.search(["memory", "acme", "u7", "episodes"], { limit: 10 });
    expect(episodes.map((i) => i.value.about)).toEqual(["conversation"]);
    expect(out.memoryWrite!.episodes).toEqual([
      expect.objectContaining({
        about: "conversation",
        kind: "episode",
        source: expect.objectContaining({ messageIds: ["h1"] }),
      }),
    ]);
    expect(out.memoryWrite!.episodes[0]!.content).toMatch(/用户说：“我不吃香菜”$/);
    expect(await store.search(["memory", "_default", "u7", "records"], { limit: 10 })).toHaveLength(0);
  });

  it("fails with InvalidInputError when configurable has no user_id, writing nothing", async () => {
    const store = memoryStore();
    const graph = createWriteGraph({ store, now: NOW });
    await expect(graph.invoke({ messages: [{ role: "user", content: "我不吃香菜" }] }, {})).rejects.toThrow(
      InvalidInputError,
    );
    // The error names the graph that needs the scope.
    await expect(graph.invoke({ messages: [{ role: "user", content: "我不吃香菜" }] }, {})).rejects.toThrow(
      /^The write graph needs a scope: pass config\.configurable\.user_id/,
    );
    await expect(
      graph.invoke({ messages: [{ role: "user", content: "我不吃香菜" }] }, { configurable: { user_id: "" } }),
    ).rejects.toThrow(InvalidInputError);
    expect(await store.search(["memory"], { limit: 10 })).toEqual([]);
  });

  it("uses the store of the graph it runs in when given none", async () => {
    const store = memoryStore();
    const write = createWriteGraph({ now: NOW });
    const State = Annotation.Root({ messages: Annotation<unknown[]>() });
    const parent = new StateGraph(State)
      .addNode("remember", write)
      .addEdge(START, "remember")
      .compile({ store, checkpointer: new MemorySaver() });
    await parent.invoke(
      { messages: [{ role: "user", content: "我们约定：每次发版前必须跑 lint。" }] },
      { configurable: { thread_id: "p", user_id: "u1" } },
    );
    expect(await store.search(["memory", "_default", "u1", "records"], { limit: 10 })).toHaveLength(1);
    await expect(
      write.invoke({ messages: [{ role: "user", content: "我不吃香菜" }] }, { configurable: { user_id: "u1" } }),
    ).rejects.toThrow(InvalidConfigError);
  });

  it("reinforces a statement said again in a later call instead of writing it twice", async () => {
    const store = memoryStore();
    const graph = createWriteGraph({ store, now: NOW });
    const config = { configurable: { user_id: "u1" } };
    const say = (ids: string[]) =>
      graph.invoke({ messages: ids.map((id) => ({ role: "user", content: "我不用微信沟通", id })) }, config);
    const activeOfKey = async () =>
      (await store.search(["memory", "_default", "u1", "records"], { filter: { status: "active" }, limit: 10 }))
        .map((item) => item.value)
        .filter((value) => value.key === "communication.channel");

    // Repeats within one call are folded by extraction: one record citing every message.
    const first = (await say(["w0", "w1"])).memoryWrite!;
    expect(first.reinforced).toEqual([]);
    expect(first.written).toHaveLength(1);
    const original = first.written[0]!;
    expect(original).toMatchObject({
      key: "communication.channel",
      status: "active",
      confidence: 0.9,
      source: { messageIds: ["w0", "w1"] },
    });

    // Said again in a separate call: the stored record is reinforced, nothing new is written.
    const second = (await say(["w2"])).memoryWrite!;
    expect(second.written).toEqual([]);
    expect(second.pending).toEqual([]);
    expect(second.rejected).toEqual([]);
    expect(second.reinforced.map((r) => r.id)).toEqual([original.id]);
    const reinforced = second.reinforced[0]!;
    // records.ts reinforceRecord: a third of the remaining doubt goes, 0.9 → 0.933.
    expect(reinforced.confidence).toBeCloseTo(0.9 + (1 - 0.9) / 3, 3);
    expect(reinforced.source.messageIds).toEqual(["w0", "w1", "w2"]);
    expect(reinforced.accessCount).toBe(original.accessCount + 1);
    expect(reinforced.createdAt).toBe(original.createdAt);

    // The store agrees: one active record of that key, the reinforced one.
    const active = await activeOfKey();
    expect(active.map((v) => v.id)).toEqual([original.id]);
    expect(active[0]).toMatchObject({ confidence: reinforced.confidence, source: { messageIds: ["w0", "w1", "w2"] } });
  });

  it("records malformed model output instead of throwing, and keeps the rule results", async () => {
    const model = new FakeListChatModel({ responses: ["this is not JSON", "still {not json"] });
    const memory = await createMemory({ store: memoryStore(), model, now: NOW, env: {} });
    const out = await memory.remember({ scope: SCOPE, messages: [{ role: "user", content: "我不吃香菜" }] });
    expect(out.extractionFailures.length).toBeGreaterThan(0);
    expect(out.written).toEqual([expect.objectContaining({ content: expect.stringContaining("香菜") })]);
    await memory.close();
  });

  it("audits every change with what, when, why and from which messages", async () => {
    const store = memoryStore();
    const memory = await createMemory({ store, now: NOW, env: {} });
    const out = await memory.remember({
      scope: SCOPE,
      messages: [
        { role: "user", content: "我不吃香菜", id: "a1" },
        { role: "user", content: "这次先用 SQLite，上线再换 PG。", id: "a2" },
      ],
      sessionId: "s9",
    });
    const entries = (await store.search(historyNamespace(SCOPE), { limit: 10 })).map((i) => i.value);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "add",
          recordId: out.written[0]!.id,
          messageIds: ["a1"],
          at: NOW().toISOString(),
          sessionId: "s9",
        }),
        expect.objectContaining({
          action: "reject",
          messageIds: ["a2"],
          reason: expect.stringMatching(/^transient/),
          score: out.rejected[0]!.score,
        }),
      ]),
    );
    await memory.close();
  });
});
