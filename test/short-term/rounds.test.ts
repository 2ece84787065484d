import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { estimateTokens } from "../../src/recall/budget.js";
import { condenseRound, countTokens, splitRounds } from "../../src/short-term/rounds.js";
import { chatRound, toolRound, transcript } from "./helpers.js";

const weather = { name: "get_weather", args: { city: "Paris" }, result: "18°C, sunny\nwind 3 km/h\nhumidity 40%" };
const tianqi = { name: "get_weather", args: { city: "北京" }, result: "晴，18 度\n风力 2 级" };

describe("splitRounds", () => {
  it("starts a round at each user message and keeps tool calls and results in it", () => {
    const first = toolRound("What's the weather in Paris?", weather, "It is 18°C and sunny in Paris.");
    const second = chatRound("谢谢！", "不客气。");
    const { preamble, rounds } = splitRounds([...first, ...second]);
    expect(preamble).toEqual([]);
    expect(rounds).toEqual([first, second]);
  });

  it("keeps what comes before the first user message as the preamble", () => {
    const system = new SystemMessage("You are helpful.");
    const greeting = new AIMessage("Hi! How can I help?");
    const round = chatRound("hello", "hi");
    expect(splitRounds([system, greeting, ...round])).toEqual({ preamble: [system, greeting], rounds: [round] });
  });

  it("makes two user messages in a row two rounds, the first without a reply", () => {
    const { rounds } = splitRounds([new HumanMessage("one"), new HumanMessage("two"), new AIMessage("ok")]);
    expect(rounds.map((r) => r.length)).toEqual([1, 2]);
  });

  it("refuses what is not a list of LangChain messages", async () => {
    expect(() => splitRounds([{ role: "user", content: "hi" }] as never)).toThrow(InvalidInputError);
    expect(() => splitRounds([{ role: "user", content: "hi" }] as never)).toThrow(
      /Message 0 must be a LangChain message/,
    );
    expect(() => splitRounds("hi" as never)).toThrow(InvalidInputError);
  });
});

describe("condenseRound", () => {
  it("keeps the user's message and the final reply, without the tool call and its result", () => {
    const round = toolRound("What's the weather in Paris?", weather, "It is 18°C and sunny in Paris.");
    const condensed = condenseRound(round);
    expect(condensed[0]).toBe(round[0]);
    expect(transcript(condensed)).toBe("human: What's the weather in Paris?\nai: It is 18°C and sunny in Paris.");
    expect((condensed[1] as AIMessage).tool_calls ?? []).toEqual([]);
  });

  it("reduces a round that ended in a tool result to a one-line conclusion, in the round's language", () => {
    expect(transcript(condenseRound(toolRound("What's the weather in Paris?", weather)))).toBe(
      "human: What's the weather in Paris?\nai: (Result of tool get_weather: 18°C, sunny)",
    );
    expect(transcript(condenseRound(toolRound("北京天气怎么样？", tianqi)))).toBe(
      "human: 北京天气怎么样？\nai: （工具 get_weather 的结果：晴，18 度）",
    );
  });

  it("names the tool from the call when the result carries no name, and cuts a long line", () => {
    const call = new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "lookup", args: {} }] });
    const result = new ToolMessage({ content: "x".repeat(500), tool_call_id: "c1" });
    const [, conclusion] = condenseRound([new HumanMessage("look it up"), call, result]);
    expect(conclusion!.content).toMatch(/^\(Result of tool lookup: x+…\)$/);
    expect(String(conclusion!.content).length).toBeLessThan(200);
  });

  it("does not write a conclusion when a reply follows the tool results", () => {
    // negative case of the conclusion rule
    const condensed = condenseRound(toolRound("北京天气怎么样？", tianqi, "北京今天晴，18 度。"));
    expect(transcript(condensed)).toBe("human: 北京天气怎么样？\nai: 北京今天晴，18 度。");
    expect(transcript(condensed)).not.toContain("工具");
  });

  it("keeps the text of a final reply that also called a tool, without the call", () => {
    const call = new AIMessage({ content: "Let me check.", tool_calls: [{ id: "c1", name: "lookup", args: {} }] });
    const condensed = condenseRound([new HumanMessage("check"), call]);
    expect(transcript(condensed)).toBe("human: check\nai: Let me check.");
    expect((condensed[1] as AIMessage).tool_calls ?? []).toEqual([]);
  });

  it("drops system messages inside a round and keeps a round with no reply as the user's message", () => {
    const user = new HumanMessage("hello");
    expect(condenseRound([user, new SystemMessage("note")])).toEqual([user]);
  });

  it("reads the text parts of multimodal content", () => {
    const reply = new AIMessage({ content: [{ type: "text", text: "A cat." }] });
    expect(transcript(condenseRound([new HumanMessage("what is it?"), reply]))).toBe("human: what is it?\nai: A cat.");
  });
});

describe("countTokens", () => {
  it("counts each message's text, its tool calls and a per-message overhead", () => {
    expect(countTokens([new HumanMessage("用户偏好简洁回复")])).toBe(estimateTokens("用户偏好简洁回复") + 4);
    const [, call] = toolRound("q", weather);
    expect(countTokens([call!])).toBeGreaterThan(4 + estimateTokens("get_weather"));
  });
});
