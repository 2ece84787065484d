import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseMessage } from "@langchain/core/messages";
import { AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createReadGraph, createReadPipeline } from "../../graphs/read.js";
import { MEMORY_BLOCK_TAG } from "../../src/recall/injection.js";
import { makeRecord, memoryStore, NOW, putRecords } from "./helpers.js";

/** A scripted chat model that remembers what it was sent. */
class RecordingModel extends FakeListChatModel {
  readonly inputs: BaseMessage[][] = [];
  override async _generate(
    messages: BaseMessage[],
    options?: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ) {
    this.inputs.push(messages);
    return super._generate(messages, options, runManager);
  }
}

const scope = { userId: "u_graph", tenantId: "acme" };
const SYSTEM = "You are a helpful assistant.";

const RECORDS = [
  makeRecord(scope, {
    id: "brief",
    key: "reply.style",
    content: "用户偏好简洁回复",
    observedAt: "2026-03-01T08:00:00.000Z",
  }),
  makeRecord(scope, { id: "tea", key: "drink.tea", content: "用户喜欢喝绿茶", observedAt: "2026-02-01T08:00:00.000Z" }),
  makeRecord(
    { userId: "someone_else", tenantId: "acme" },
    { id: "other", key: "reply.style", content: "用户偏好详细回复" },
  ),
];

async function seededStore() {
  const store = memoryStore();
  await putRecords(store, RECORDS);
  return store;
}

describe("the read graph as a subgraph before the model call", () => {
  it("puts the injection block after the system prompt and before the user's messages", async () => {
    const store = await seededStore();
    const model = new RecordingModel({ responses: ["好的。"] });
    const Parent = Annotation.Root({ ...MessagesAnnotation.spec, context: Annotation<string> });
    const agent = new StateGraph(Parent)
      .addNode("recall", createReadGraph({ store, now: () => NOW }))
      .addNode("model", async (state) => {
        const system = new SystemMessage(state.context ? `${SYSTEM}\n\n${state.context}` : SYSTEM);
        return { messages: [await model.invoke([system, ...state.messages])] };
      })
      .addEdge(START, "recall")
      .addEdge("recall", "model")
      .addEdge("model", END)
      .compile();

    const out = await agent.invoke(
      { messages: [new HumanMessage("你好"), new AIMessage("你好！"), new HumanMessage("推荐一款茶，回复简洁一点")] },
      { configurable: { user_id: scope.userId, tenant_id: scope.tenantId } },
    );

    expect(model.inputs).toHaveLength(1);
    const [system, ...rest] = model.inputs[0]!;
    expect(system).toBeInstanceOf(SystemMessage);
    const text = String(system!.content);
    expect(text.startsWith(SYSTEM)).toBe(true);
    expect(text).toContain(`<${MEMORY_BLOCK_TAG}>`);
    expect(text).toContain("[偏好][2026-03] 用户偏好简洁回复");
    expect(text).toContain("[偏好][2026-02] 用户喜欢喝绿茶");
    expect(text).not.toContain("详细回复");
    expect(rest.map((m) => m.getType())).toEqual(["human", "ai", "human"]);
    // The parent's conversation is untouched apart from the model's reply.
    expect(out.messages.map((m) => m.getType())).toEqual(["human", "ai", "human", "ai"]);
    expect(out.context).toContain("用户偏好简洁回复");
  });

  it("the compiled graph and the facade's direct pipeline agree", async () => {
    const graph = createReadGraph({ store: await seededStore(), now: () => NOW });
    const input = { messages: [new HumanMessage("推荐一款茶")], task: "write_email" };
    const config = { configurable: { user_id: scope.userId, tenant_id: scope.tenantId } };
    // Usage bookkeeping changes recency between runs, so each runs against a fresh store.
    const viaGraph = await graph.invoke(input, config);
    const viaPipeline = await createReadPipeline({ store: await seededStore(), now: () => NOW })(input, config);
    expect(viaGraph.memories.map((m) => m.id)).toEqual(["brief", "tea"]);
    expect(viaPipeline.context).toBe(viaGraph.context);
    expect(viaPipeline.memories).toEqual(viaGraph.memories);
    expect(viaGraph.traceId).toMatch(/^tr_/);
    expect(Object.keys(viaGraph).sort()).toEqual(["context", "knowledge", "memories", "traceId"]);
    expect(Object.keys(viaPipeline).sort()).toEqual(["context", "knowledge", "memories", "traceId"]);
  });

  it("streams its output schema in values mode, not its working state", async () => {
    const graph = createReadGraph({ store: await seededStore(), now: () => NOW });
    const config = { configurable: { user_id: scope.userId, tenant_id: scope.tenantId } };
    const chunks: Array<Record<string, unknown>> = [];
    for await (const chunk of await graph.stream({ query: "绿茶" }, { ...config, streamMode: "values" })) {
      chunks.push(chunk as Record<string, unknown>);
    }
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      for (const key of Object.keys(chunk)) expect(["context", "knowledge", "memories", "traceId"]).toContain(key);
    }
    expect(String(chunks.at(-1)!.context)).toContain("用户喜欢喝绿茶");
  });

  it("an explicit query wins over the latest message; the store can come from compile({ store })", async () => {
    const store = await seededStore();
    const graph = createReadGraph({ now: () => NOW });
    const Parent = Annotation.Root({
      ...MessagesAnnotation.spec,
      query: Annotation<string>,
      context: Annotation<string>,
    });
    const parent = new StateGraph(Parent)
      .addNode("recall", graph)
      .addEdge(START, "recall")
      .addEdge("recall", END)
      .compile({ store });
    const out = await parent.invoke(
      { messages: [new HumanMessage("随便聊聊")], query: "绿茶" },
      { configurable: { user_id: scope.userId, tenant_id: scope.tenantId } },
    );
    expect(out.context).toContain("用户喜欢喝绿茶");
    // Through LangGraph's store wrapper too, usage and trace were written.
    const tea = await store.get(["memory", "acme", scope.userId, "records"], "tea");
    expect(tea?.value.accessCount).toBe(1);
  });
});
