/**
 * The memory tools inside a real LangGraph agent loop: a model node that binds them, a ToolNode
 * that runs them, and a scripted tool-calling model whose turns read the tools' answers (the ids
 * it updates are the ones search_memory printed).
 */
import { AIMessage, HumanMessage, isToolMessage, type ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { describe, expect, it } from "vitest";
import { InvalidConfigError } from "../../src/errors.js";
import { createMemoryTools } from "../../src/index.js";
import {
  ALICE,
  ALICE_SCOPE,
  BOB,
  BOB_SCOPE,
  callTools,
  lastToolMessage,
  listedId,
  openedPerTest,
  ScriptedChatModel,
  toolCall,
} from "./helpers.js";

const open = openedPerTest();

function agent(model: ScriptedChatModel, tools: readonly StructuredToolInterface[], handleToolErrors?: boolean) {
  const bound = model.bindTools([...tools]);
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await bound.invoke(state.messages)] }))
    .addNode("tools", new ToolNode([...tools], handleToolErrors === undefined ? {} : { handleToolErrors }))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile();
}

const toolMessages = (messages: unknown[]) => messages.filter(isToolMessage) as ToolMessage[];
const say = (text: string) => () => new AIMessage(text);

describe("the memory tools in an agent loop (ToolNode, scripted tool-calling model)", () => {
  it("remembers, finds the id, updates it (the old version superseded, with history) and forgets, for the user in configurable", async () => {
    const { memory } = await open();
    const tools = createMemoryTools(memory);
    let darkId = "";
    let lightId = "";
    const model = new ScriptedChatModel([
      // Session 1: "Remember that I prefer dark mode."
      () => callTools(toolCall("manage_memory", { content: "I prefer dark mode" })),
      say("Noted: dark mode."),
      // Session 2: "I've switched to light mode."
      () => callTools(toolCall("search_memory", { query: "dark mode" })),
      (messages) => {
        darkId = listedId(lastToolMessage(messages).text);
        return callTools(toolCall("manage_memory", { action: "update", id: darkId, content: "I prefer light mode" }));
      },
      (messages) => {
        lightId = /superseded by (\S+)/.exec(lastToolMessage(messages).text)![1]!;
        return new AIMessage("Updated: light mode from now on.");
      },
      // Session 3: "Forget my display preference."
      () => callTools(toolCall("search_memory", { query: "light mode" })),
      (messages) =>
        callTools(toolCall("manage_memory", { action: "delete", id: listedId(lastToolMessage(messages).text) })),
      say("Forgotten."),
    ]);
    const graph = agent(model, tools);
    const config = (thread: string) => ({ configurable: { ...ALICE, thread_id: thread } });

    const first = await graph.invoke(
      { messages: [new HumanMessage("Remember that I prefer dark mode.")] },
      config("s1"),
    );
    expect(toolMessages(first.messages).map((m) => [m.name, m.status])).toEqual([["manage_memory", "success"]]);
    expect(toolMessages(first.messages)[0]!.text).toMatch(
      /^Stored memory \S+ \(preference, key preference\.dark_mode\)/,
    );
    expect(model.offered.map((t) => t.name)).toEqual(["search_memory", "manage_memory"]);
    expect(JSON.stringify(model.offered)).not.toMatch(/user_?id/i);

    const second = await graph.invoke({ messages: [new HumanMessage("I've switched to light mode.")] }, config("s2"));
    const answers = toolMessages(second.messages);
    expect(answers.map((m) => [m.name, m.status])).toEqual([
      ["search_memory", "success"],
      ["manage_memory", "success"],
    ]);
    expect(answers[1]!.text).toMatch(new RegExp(`^Updated: memory ${darkId} is superseded by ${lightId}`));
    expect(await memory.get(ALICE_SCOPE, darkId)).toMatchObject({ status: "superseded", supersededBy: lightId });
    expect(await memory.get(ALICE_SCOPE, lightId)).toMatchObject({
      status: "active",
      content: "The user prefers light mode",
    });
    expect((await memory.history(ALICE_SCOPE, darkId)).map((e) => e.action)).toEqual(["add", "supersede"]);

    const third = await graph.invoke({ messages: [new HumanMessage("Forget my display preference.")] }, config("s3"));
    expect(toolMessages(third.messages).at(-1)!.text).toMatch(new RegExp(`^Deleted memory ${lightId} `));
    expect(await memory.get(ALICE_SCOPE, lightId)).toBeNull();
    expect((await memory.history(ALICE_SCOPE, lightId)).at(-1)).toMatchObject({ action: "delete" });
    expect(model.played).toBe(8);
  });

  it("runs parallel tool calls of one turn through the write rules one after another", async () => {
    const { memory } = await open();
    const tools = createMemoryTools(memory);
    const model = new ScriptedChatModel([
      () =>
        callTools(
          toolCall("manage_memory", { content: "I prefer dark mode" }),
          toolCall("manage_memory", { content: "I drink oat milk" }),
          toolCall("manage_memory", { content: "I prefer dark mode" }),
        ),
      say("Noted all three."),
    ]);
    const out = await agent(model, tools).invoke(
      { messages: [new HumanMessage("Dark mode, oat milk.")] },
      { configurable: ALICE },
    );
    expect(toolMessages(out.messages).map((m) => m.status)).toEqual(["success", "success", "success"]);
    const active = await memory.list(ALICE_SCOPE, { status: "active" });
    expect(active.map((r) => r.content).sort()).toEqual(["The user drinks oat milk", "The user prefers dark mode"]);
  });

  it("keeps each run to its own user: another user's id and a user named in the arguments get nowhere", async () => {
    const { memory } = await open();
    const tools = createMemoryTools(memory);
    const aliceId = (
      await memory.remember({ scope: ALICE_SCOPE, messages: [{ role: "user", content: "I prefer dark mode" }] })
    ).written[0]!.id;
    const model = new ScriptedChatModel([
      () =>
        callTools(
          toolCall("search_memory", { query: "dark mode", user_id: "alice" }),
          toolCall("search_memory", { query: "dark mode" }),
          toolCall("manage_memory", { action: "update", id: aliceId, content: "I prefer light mode" }),
          toolCall("manage_memory", { action: "delete", id: aliceId }),
        ),
      say("I could not find that."),
    ]);
    const out = await agent(model, tools).invoke(
      { messages: [new HumanMessage("What do you know?")] },
      { configurable: BOB },
    );
    const [named, searched, updated, deleted] = toolMessages(out.messages);
    expect(named).toMatchObject({ status: "error" });
    expect(named!.text).toMatch(/^search_memory has no argument "user_id"/);
    expect(searched!.text).toMatch(/^No memories found for "dark mode"/);
    for (const answer of [updated!, deleted!]) {
      expect(answer.status).toBe("error");
      expect(answer.text).toBe(
        `No memory with id "${aliceId}" for this user. Call search_memory to find the id, then retry.`,
      );
    }
    expect(await memory.get(ALICE_SCOPE, aliceId)).toMatchObject({
      status: "active",
      content: "The user prefers dark mode",
    });
    expect(await memory.list(BOB_SCOPE, { about: "any" })).toEqual([]);
  });

  it("answers a model's mistakes even when ToolNode rethrows errors, and lets a missing user reach the caller", async () => {
    const { memory } = await open();
    const tools = createMemoryTools(memory);
    const model = new ScriptedChatModel([
      () => callTools(toolCall("manage_memory", { action: "update", content: "I prefer light mode" })),
      (messages) => {
        expect(lastToolMessage(messages).text).toMatch(/^update needs the memory's id\. Call search_memory/);
        return new AIMessage("Let me look it up next time.");
      },
      () => callTools(toolCall("search_memory", { query: "dark mode" })),
    ]);
    const graph = agent(model, tools, false);
    const answered = await graph.invoke({ messages: [new HumanMessage("Light mode now.")] }, { configurable: ALICE });
    expect(toolMessages(answered.messages).map((m) => m.status)).toEqual(["error"]);
    expect(model.played).toBe(2);
    await expect(graph.invoke({ messages: [new HumanMessage("What do you know?")] }, {})).rejects.toThrow(
      InvalidConfigError,
    );
  });
});
