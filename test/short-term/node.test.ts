import { AIMessage, type BaseMessage, HumanMessage } from "@langchain/core/messages";
import { Annotation, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createWriteGraph } from "../../graphs/write.js";
import { createShortTermNode } from "../../nodes/short-term/window.js";
import { ShortTermAnnotation, type ShortTermOptions, type ShortTermState, shortTermMessages } from "../../src/index.js";
import { recordsNamespace } from "../../src/namespaces.js";
import { memoryStore } from "../write/helpers.js";
import { ScriptedModel, toolPairsIntact } from "./helpers.js";

const now = () => new Date("2024-05-07T10:00:00.000Z");

const TURNS = [
  "我的项目代号是 Phoenix。",
  "今天天气怎么样？",
  "My team uses Python.",
  "哈哈好的",
  "下周再帮我看这个问题。",
  "What's the weather in Paris?",
];

/** An agent: the window node, then a responder that answers from what the window shows and calls a tool every third turn. */
function agent(options: ShortTermOptions, seen: BaseMessage[][]) {
  return new StateGraph(ShortTermAnnotation)
    .addNode("window", createShortTermNode(options))
    .addNode("respond", async (state: ShortTermState) => {
      const view = await shortTermMessages(state, options);
      seen.push(view);
      const turn = state.messages.filter((m) => m.getType() === "human").length + (state.shortTerm?.rounds ?? 0);
      if (turn % 3 !== 0) return { messages: [new AIMessage(`ok (${turn})`)] };
      const call = { id: `call${turn}`, name: "search_docs", args: { q: turn } };
      return {
        messages: [
          new AIMessage({ content: "", tool_calls: [call] }),
          { role: "tool", content: `result ${turn}: ${"lorem ".repeat(60)}`, tool_call_id: call.id, name: call.name },
          new AIMessage(`found it (${turn})`),
        ],
      };
    })
    .addEdge(START, "window")
    .addEdge("window", "respond")
    .compile({ checkpointer: new MemorySaver() });
}

describe("the short-term node in a StateGraph with a checkpointer", () => {
  it("keeps the thread bounded across invocations, folding every 5 rounds and removing what it folds", async () => {
    const seen: BaseMessage[][] = [];
    const graph = agent({ now }, seen);
    const config = { configurable: { thread_id: "s1" } };
    const roundsKept: number[] = [];
    const leaving: BaseMessage[] = [];
    for (let i = 0; i < 44; i++) {
      const out = await graph.invoke({ messages: [new HumanMessage(`${TURNS[i % TURNS.length]} (${i + 1})`)] }, config);
      roundsKept.push(out.messages.filter((m) => m.getType() === "human").length);
      leaving.push(...out.leaving);
    }
    // The thread grows to 19 rounds, then 5 fold into the summary and leave it: 15, 16, … 19, 15, …
    const cycle = [15, 16, 17, 18, 19];
    const expected = Array.from({ length: 44 }, (_, i) => (i < 19 ? i + 1 : cycle[(i - 19) % 5]!));
    expect(roundsKept).toEqual(expected);
    const state = (await graph.getState(config)).values as ShortTermState;
    expect(state.shortTerm).toMatchObject({ rounds: 25, by: "extractive", language: "zh" });
    expect(state.shortTerm!.facts.map((f) => f.text)).toContain("用户的项目代号是 Phoenix");
    // Every folded message left exactly once, by id, and none is still in the thread.
    const ids = leaving.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(leaving.filter((m) => m.getType() === "human")).toHaveLength(25);
    const kept = new Set(state.messages.map((m) => m.id));
    expect(ids.some((id) => kept.has(id))).toBe(false);
    // What the model saw stayed whole-round, within the budget, and began with the summary once there was one.
    for (const view of seen) expect(toolPairsIntact(view)).toBe(true);
    expect(String(seen.at(-1)![0]!.content)).toMatch(/^此前对话摘要（第 1–25 轮）：/);
    expect(state.leaving).toEqual([]); // cleared on the turns that fold nothing
  });

  it("summarises with the model inside the graph, one call per refresh", async () => {
    const model = new ScriptedModel({
      responses: [
        JSON.stringify({ facts: ["The user's project codename is Phoenix"], openItems: ["Look at the bug"] }),
      ],
    });
    const options = { now, model, fullRounds: 1, condensedRounds: 1, refreshEvery: 2 };
    const graph = agent(options, []);
    const config = { configurable: { thread_id: "s2" } };
    for (let i = 0; i < 4; i++) await graph.invoke({ messages: [new HumanMessage(TURNS[i]!)] }, config);
    const state = (await graph.getState(config)).values as ShortTermState;
    expect(model.prompts).toHaveLength(1);
    expect(state.shortTerm).toMatchObject({ by: "model", rounds: 2 });
    expect(state.shortTerm!.openItems).toEqual([{ text: "Look at the bug" }]);
  });

  it("hands what leaves to the write graph, which keeps only what its rules admit", async () => {
    const store = memoryStore();
    const write = createWriteGraph({ store, now, episodes: false, interactive: false });
    const options = { now, fullRounds: 1, condensedRounds: 1, refreshEvery: 2 };
    const State = Annotation.Root({ ...ShortTermAnnotation.spec });
    const graph = new StateGraph(State)
      .addNode("window", createShortTermNode(options))
      .addNode("sink", async (state, config) => {
        await write.invoke({ messages: state.leaving }, config);
        return {};
      })
      .addNode("respond", async () => ({ messages: [new AIMessage("ok")] }))
      .addEdge(START, "window")
      .addConditionalEdges("window", (state) => (state.leaving.length > 0 ? "sink" : "respond"), ["sink", "respond"])
      .addEdge("sink", "respond")
      .compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "s3", user_id: "u1" } };
    const turns = ["I don't eat cilantro.", "lol ok", "What's the weather like?", "thanks", "ok bye", "see you"];
    for (const said of turns) {
      await graph.invoke({ messages: [new HumanMessage(said)] }, config);
    }
    const state = (await graph.getState(config)).values as ShortTermState;
    expect(state.shortTerm!.rounds).toBe(4); // rounds 1–4 went through the write graph
    const records = await store.search(recordsNamespace({ userId: "u1" }), { limit: 10 });
    expect(records.map((r) => r.value.content)).toEqual(["The user does not eat cilantro"]);
  });
});
