import { describe, expect, it } from "vitest";
import {
  MAX_SUMMARY_ITEMS,
  refreshSummary,
  renderSummary,
  type ShortTermSummary,
  summaryMessage,
} from "../../src/short-term/summary.js";
import { chatRound, ScriptedModel, toolRound } from "./helpers.js";

const now = () => new Date("2024-05-07T10:00:00.000Z");

const zhRounds = () => [
  chatRound("我的项目代号是 Phoenix。", "好的，记下了。"),
  chatRound("我不喜欢用表格。", "明白，以后用列表。"),
  chatRound("下周再帮我看这个问题。", "好的。"),
  chatRound("哈哈，今天好累啊。", "辛苦了！"),
];
const enRounds = () => [
  chatRound("My team uses Python.", "Noted."),
  chatRound("Remind me to send the report by Friday.", "Will do."),
  chatRound("lol ok thanks", "Anytime!"),
];

describe("the extractive summary", () => {
  it("lists facts and open items from the leaving rounds, in Chinese", async () => {
    const summary = await refreshSummary(undefined, zhRounds(), { now });
    expect(summary).toMatchObject({ rounds: 4, by: "extractive", language: "zh", refreshedAt: now().toISOString() });
    expect(summary.facts.map((f) => f.text)).toEqual(["用户的项目代号是 Phoenix", "用户不喜欢用表格"]);
    expect(summary.openItems.map((f) => f.text)).toEqual(["在 2024-05-13 那一周再帮用户看这个问题"]);
    expect(renderSummary(summary)).toBe(
      [
        "此前对话摘要（第 1–4 轮）：",
        "事实：",
        "- 用户的项目代号是 Phoenix",
        "- 用户不喜欢用表格",
        "未完成事项：",
        "- 在 2024-05-13 那一周再帮用户看这个问题",
      ].join("\n"),
    );
  });

  it("lists facts and open items from the leaving rounds, in English", async () => {
    const summary = await refreshSummary(undefined, enRounds(), { now });
    expect(summary.language).toBe("en");
    expect(summary.facts.map((f) => f.text)).toEqual(["The user's team uses Python"]);
    expect(summary.openItems).toHaveLength(1);
    expect(summary.openItems[0]!.text).toMatch(/send the report by 2024-05-10/);
    expect(renderSummary(summary)).toMatch(/^Summary of the earlier conversation \(rounds 1–3\):\nFacts:\n- /);
  });

  it("finds nothing in small talk, thanks and questions (the rule's negative case)", async () => {
    const rounds = [
      chatRound("哈哈，今天好累啊。", "辛苦了！"),
      chatRound("今天天气怎么样？", "北京今天晴。"),
      chatRound("lol ok thanks", "Anytime!"),
      chatRound("What time is it in Tokyo?", "It is 5 pm there."),
    ];
    const summary = await refreshSummary(undefined, rounds, { now });
    expect(summary.facts).toEqual([]);
    expect(summary.openItems).toEqual([]);
    expect(renderSummary(summary)).toBe("");
    expect(summaryMessage(summary)).toBeUndefined();
  });

  it("does not read tool results, as the write graph does not", async () => {
    const round = toolRound(
      "查一下订单",
      { name: "orders", args: {}, result: "我的项目代号是 Atlas。" },
      "订单已发货。",
    );
    const summary = await refreshSummary(undefined, [round], { now });
    expect(JSON.stringify(summary)).not.toContain("Atlas");
  });

  it("rolls: keeps earlier items, and a later statement with the same key replaces the earlier one", async () => {
    const first = await refreshSummary(
      undefined,
      [chatRound("I live in Boston.", "ok"), chatRound("My team uses Python.", "ok")],
      { now },
    );
    const second = await refreshSummary(first, [chatRound("I live in Paris.", "ok")], { now });
    expect(second.rounds).toBe(3);
    expect(second.facts.map((f) => f.text)).toEqual(["The user's team uses Python", "The user lives in Paris"]);
  });

  it("redacts what it keeps: the summary outlives the messages it folds", async () => {
    const summary = await refreshSummary(undefined, [chatRound("我的邮箱是 wang.lei@example.com，记住。", "好的。")], {
      now,
    });
    expect(JSON.stringify(summary)).not.toContain("wang.lei@example.com");
    expect(JSON.stringify(summary)).toContain("[EMAIL]");
  });

  it(`keeps at most ${MAX_SUMMARY_ITEMS} items, the oldest facts going first and open items staying`, async () => {
    const previous: ShortTermSummary = {
      facts: Array.from({ length: MAX_SUMMARY_ITEMS - 1 }, (_, i) => ({ text: `fact ${i}` })),
      openItems: [{ text: "open 0" }],
      rounds: 30,
      refreshedAt: now().toISOString(),
      by: "extractive",
      language: "en",
    };
    const summary = await refreshSummary(previous, enRounds(), { now });
    expect(summary.facts.length + summary.openItems.length).toBe(MAX_SUMMARY_ITEMS);
    expect(summary.facts[0]!.text).toBe("fact 2");
    expect(summary.openItems.map((i) => i.text)[0]).toBe("open 0");
    expect(summary.rounds).toBe(33);
  });
});

const reply = (facts: string[], openItems: string[]) => JSON.stringify({ facts, openItems });

describe("the model summary", () => {
  it("makes one call with the previous notes and the leaving rounds, and keeps its facts and open items", async () => {
    const model = new ScriptedModel({
      responses: [reply(["The user's project codename is Phoenix", "Paris is 18°C"], ["Book the hotel"])],
    });
    const previous = await refreshSummary(undefined, [chatRound("My team uses Python.", "Noted.")], { now });
    const leaving = [
      toolRound(
        "What's the weather in Paris?",
        { name: "get_weather", args: { city: "Paris" }, result: "18°C" },
        "18°C and sunny.",
      ),
      chatRound("My project codename is Phoenix. Call me at 13812345678.", "Noted."),
    ];
    const summary = await refreshSummary(previous, leaving, { now, model });
    expect(model.prompts).toHaveLength(1);
    expect(summary).toMatchObject({ by: "model", rounds: 3, language: "en" });
    expect(summary.fallback).toBeUndefined();
    expect(summary.facts.map((f) => f.text)).toEqual(["The user's project codename is Phoenix", "Paris is 18°C"]);
    expect(summary.openItems.map((f) => f.text)).toEqual(["Book the hotel"]);

    const [system, human] = model.prompts[0]!;
    expect(String(system!.content)).toMatch(/Do NOT summarise or narrate/);
    expect(String(system!.content)).toMatch(/facts.*openItems/s);
    const prompt = String(human!.content);
    expect(prompt).toContain("- The user's team uses Python"); // the notes so far
    expect(prompt).toContain("Rounds 2–3, leaving the context window:");
    expect(prompt).toContain("[round 2] user: What's the weather in Paris?");
    expect(prompt).toContain('[calls get_weather {"city":"Paris"}]');
    expect(prompt).toContain("[round 2] tool get_weather returned: 18°C");
    expect(prompt).not.toContain("13812345678"); // the model reads redacted text
  });

  it("redacts the model's items too", async () => {
    const model = new ScriptedModel({ responses: [reply(["用户的手机号是 13812345678"], [])] });
    const summary = await refreshSummary(undefined, [chatRound("记一下我的电话", "好的")], { now, model });
    expect(summary.facts[0]!.text).toBe("用户的手机号是 [PHONE]");
  });

  it("falls back to the extractive summary when the reply is not JSON, and says why", async () => {
    const model = new ScriptedModel({ responses: ["The user talked about their project and then about tables."] });
    const summary = await refreshSummary(undefined, zhRounds(), { now, model });
    expect(model.prompts).toHaveLength(1); // one call, no retry
    expect(summary.by).toBe("extractive");
    expect(summary.fallback).toMatch(/^model call failed: /);
    expect(summary.facts.map((f) => f.text)).toContain("用户的项目代号是 Phoenix");
  });

  it("falls back when the reply is JSON of the wrong shape", async () => {
    for (const bad of [
      JSON.stringify({ summary: "The user talked about Phoenix." }),
      reply(["x".repeat(301)], []),
      reply(
        Array.from({ length: MAX_SUMMARY_ITEMS + 1 }, (_, i) => `fact ${i}`),
        [],
      ),
    ]) {
      const model = new ScriptedModel({ responses: [bad] });
      const summary = await refreshSummary(undefined, zhRounds(), { now, model });
      expect(summary.by).toBe("extractive");
      expect(summary.fallback).toMatch(/^(reply failed validation|model call failed)/);
    }
  });

  it("falls back when the model call throws", async () => {
    class Down extends ScriptedModel {
      override async invoke(): Promise<never> {
        throw new Error("503 Service Unavailable");
      }
      override withStructuredOutput(): never {
        throw new Error("withStructuredOutput is not implemented");
      }
    }
    const summary = await refreshSummary(undefined, enRounds(), { now, model: new Down({ responses: [] }) });
    expect(summary).toMatchObject({ by: "extractive", fallback: "model call failed: 503 Service Unavailable" });
  });

  it("summarises extractively without a call when the leaving rounds are too long for one", async () => {
    const model = new ScriptedModel({ responses: [reply(["unused"], [])] });
    const long = Array.from({ length: 40 }, (_, i) => chatRound(`${"word ".repeat(190)} (${i})`, "ok"));
    const summary = await refreshSummary(undefined, long, { now, model });
    expect(model.prompts).toHaveLength(0);
    expect(summary.fallback).toMatch(/longer than one summary call takes/);
  });
});
