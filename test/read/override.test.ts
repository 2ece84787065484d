import { describe, expect, it } from "vitest";
import { conflictWithCurrent, currentStatements, statedPreferences } from "../../src/recall/override.js";
import { getRecord, makeRecord, recallerWith } from "./helpers.js";

const scope = { userId: "u_override" };

describe("the current instruction wins (seed 004 §4)", () => {
  it("这次用中文 leaves the stored 输出用英文 out of this turn, marks it overridden, and keeps it stored", async () => {
    const english = makeRecord(scope, { id: "lang_en", key: "output.language", content: "用户要求输出用英文" });
    const brief = makeRecord(scope, { id: "brief", key: "reply.style", content: "用户偏好简洁回复" });
    const { store, recaller } = await recallerWith([english, brief]);

    const { memories, context, traceId } = await recaller.recall({
      scope,
      query: "这次用中文回复我，总结一下输出风格",
    });
    expect(memories.map((m) => m.id)).toEqual(["brief"]);
    expect(context).not.toContain("英文");

    const trace = await recaller.trace(scope, traceId);
    expect(trace.overridden).toEqual(["lang_en"]);
    expect(trace.memories.find((m) => m.id === "lang_en")).toMatchObject({
      outcome: "overridden",
      reason: "override.language",
      detail: "stored en; this turn asks zh",
    });
    // Not deleted, not changed: next turn without the instruction it is back.
    expect(await getRecord(store, english)).toEqual(english);
    const next = await recaller.recall({ scope, query: "输出风格" });
    expect(next.memories.map((m) => m.id)).toContain("lang_en");
  });

  it("works in English and for negations", async () => {
    const { recaller } = await recallerWith([
      makeRecord(scope, { id: "zh", key: "output.language", content: "The user wants answers in Chinese" }),
      makeRecord(scope, { id: "table", key: "output.format", content: "用户喜欢用表格展示数据" }),
    ]);
    const english = await recaller.recall({
      scope,
      query: "Please answer in English this time: how should data be shown?",
    });
    expect(english.memories.map((m) => m.id)).not.toContain("zh");
    const noTables = await recaller.recall({ scope, query: "这次不要用表格展示数据" });
    expect(noTables.memories.map((m) => m.id)).not.toContain("table");
    expect(noTables.memories.map((m) => m.id)).toContain("zh");
  });

  it("does not override facts, agreeing preferences, or a message that states nothing", async () => {
    const native = makeRecord(scope, {
      id: "native",
      key: "profile.native_language",
      kind: "fact",
      content: "用户的母语是英文",
    });
    const short = makeRecord(scope, { id: "short", key: "reply.length", content: "The user prefers short replies" });
    const { recaller } = await recallerWith([native, short]);
    const result = await recaller.recall({ scope, query: "这次用中文，回复简洁一点：我的母语和回复长度偏好" });
    expect(result.memories.map((m) => m.id).sort()).toEqual(["native", "short"]);
    const question = await recaller.recall({ scope, query: "中文怎么说 short reply" });
    expect(question.memories.map((m) => m.id)).toContain("short");
  });
});

describe("statedPreferences", () => {
  it("reads wanted and refused values per dimension", () => {
    expect(statedPreferences("这次用中文").get("language")).toEqual({ wants: "zh", refuses: new Set() });
    expect(statedPreferences("不要用表格，用要点").get("format")).toEqual({
      wants: "bullets",
      refuses: new Set(["table"]),
    });
    expect(statedPreferences("Don't use bullet points").get("format")).toEqual({ refuses: new Set(["bullets"]) });
    expect(statedPreferences("把英文翻译成中文").get("language")?.wants).toBeUndefined();
    expect(currentStatements("The user prefers short replies").size).toBe(0);
  });

  it("finds the conflicting dimension", () => {
    const stored = makeRecord(scope, { key: "contact.channel", content: "用户不用微信沟通" });
    expect(conflictWithCurrent(stored, currentStatements("这次发微信也行"))).toEqual({
      dimension: "channel",
      stored: "not wechat",
      current: "wechat",
    });
    expect(conflictWithCurrent(stored, currentStatements("请发邮件给我"))).toBeUndefined();
  });
});

describe("only instructions override (seed 004 §4)", () => {
  const stored = makeRecord(scope, { key: "contact.channel", content: "用户希望用邮件联系" });
  const wechat = (text: string) => conflictWithCurrent(stored, currentStatements(text));

  it.each([
    "这次发微信给我吧",
    "这次用微信联系我",
    "Just this once, use WeChat.",
    "能用微信发给我吗？",
    "Could you send it on WeChat this time?",
  ])("an instruction overrides: %s", (text) => {
    expect(wechat(text)).toMatchObject({ dimension: "channel", current: "wechat" });
  });

  it.each([
    "可以用微信联系吗？",
    "Can I reach you on WeChat?",
    "如果用微信发会更快吗",
    "What if I used WeChat instead?",
    "老板说以后都用微信",
    "My boss said to use WeChat from now on.",
  ])("a question, a hypothetical or someone else's words does not: %s", (text) => {
    expect(wechat(text)).toBeUndefined();
  });

  it("reads the instruction sentence of a message that also asks something", () => {
    const language = makeRecord(scope, { key: "reply.language", content: "用户要求输出用英文" });
    expect(conflictWithCurrent(language, currentStatements("这次用中文回答。英文版本还需要吗？"))).toMatchObject({
      current: "zh",
    });
    expect(
      conflictWithCurrent(language, currentStatements("Is there a Chinese version of this book?")),
    ).toBeUndefined();
  });
});
