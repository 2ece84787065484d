/**
 * What a stored memory reads like: discourse filler at the start of a statement is left out,
 * the speaker's pronouns become the speaker, and someone else's words in quotes stay theirs.
 */
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../src/messages.js";
import { extractWithRules } from "../../src/write/extract/index.js";
import { keepingQuotes } from "../../src/write/extract/segment.js";

const AT = "2024-05-07T10:00:00+08:00";
const contents = (content: string, extra: Partial<ChatMessage> = {}) =>
  extractWithRules([{ id: "m1", role: "user", content, at: AT, ...extra }]).map((c) => c.content);

describe("discourse filler", () => {
  it.each([
    ["说了，我不吃香菜。", "用户不吃香菜"],
    ["说了我不吃香菜", "用户不吃香菜"],
    ["我都说过了，我不吃香菜", "用户不吃香菜"],
    ["其实，我住在上海。", "用户住在上海"],
    ["嗯，我在腾讯工作", "用户在腾讯工作"],
    ["老实说我不喜欢开会", "用户不喜欢开会"],
    ["Actually, I prefer tea.", "The user prefers tea"],
    ["Well, I live in Denver.", "The user lives in Denver"],
    ["So, I work at Google.", "The user works at Google"],
    ["By the way, I'm allergic to peanuts.", "The user is allergic to peanuts"],
    ["To be honest, I prefer email.", "The user prefers email"],
    ["To be honest I prefer email.", "The user prefers email"],
  ])("%s → %s", (said, stored) => {
    expect(contents(said)).toEqual([stored]);
  });

  it("keeps words that only look like filler", () => {
    // 说了算 is "has the final say", not "as I said".
    expect(contents("我说了算")).toEqual(["用户说了算"]);
    // After the statement, filler is the speaker's tone, kept as said.
    expect(contents("I can't swim at all, honestly.")).toEqual(["The user cannot swim at all, honestly"]);
    // "Well" after the subject is the statement's.
    expect(contents("I cook well enough for a dinner party")).toEqual([
      "The user cooks well enough for a dinner party",
    ]);
  });

  it("reads an acknowledgement said back as nothing, not as a marker with nothing after it", () => {
    expect(extractWithRules([{ id: "a1", role: "assistant", content: "记下了。", at: AT }])).toEqual([]);
    expect(contents("好的，记住了")).toEqual([]);
  });

  it("reads a lasting scope on its own clause as marking the next one, not as a memory of its own", () => {
    expect(
      extractWithRules([
        { id: "m1", role: "user", content: "From now on, I prefer concise answers with the code first.", at: AT },
      ]),
    ).toEqual([
      expect.objectContaining({
        content: "The user prefers concise answers with the code first",
        signals: expect.objectContaining({ explicitMarker: true }),
      }),
    ]);
    expect(contents("Going forward, keep your answers short and show me the code before any explanation.")).toEqual([
      "The user's instruction: keep the assistant's answers short and show the user the code before any explanation",
    ]);
    // Without a marker, talk about the code or an answer is still a comment on the conversation.
    expect(contents("I think that's a great answer.")).toEqual([]);
    expect(contents("Your code looks great.")).toEqual([]);
  });
});

describe("pronouns map to the speaker", () => {
  it("names the user, or the speaker, once, wherever the sentence puts them", () => {
    // The object leads (topicalised): the speaker is named where 我 was, not added in front.
    expect(contents("苹果我现在不碰了。")).toEqual(["苹果用户现在不碰了"]);
    expect(contents("芒果我吃了会过敏")).toEqual(["芒果用户吃了会过敏"]);
    expect(contents("苹果我现在不碰了。", { name: "小王" })).toEqual(["苹果小王现在不碰了"]);
    expect(contents("我不吃香菜")).toEqual(["用户不吃香菜"]);
  });

  it("keeps the tense a date gives to a verb spelled the same in past and present", () => {
    expect(contents("I quit coffee last month.")).toEqual(["The user quit coffee in April 2024"]);
    expect(contents("I quit coffee every January.")[0] ?? "").not.toContain("quits coffee in");
  });

  it("never rewrites another person's 我 or I inside quoted speech", () => {
    expect(contents("我妈说“我不吃辣”，所以我做菜少放辣。")).toContain("用户的妈说“我不吃辣”");
    expect(contents("我妈总说「我最会做饭」")).toEqual(["用户的妈总说「我最会做饭」"]);
    expect(contents('My mom always says "I never eat spicy food".')).toEqual([
      'The user\'s mom always says "I never eat spicy food"',
    ]);
    // Apostrophes are not quotes: the speaker's own words around them are rewritten.
    expect(contents("I don't eat cilantro and I don't like 'fusion' food.")[0]).toMatch(/^The user does not eat/);
  });

  it("restores every quote after a rewrite, in order", () => {
    const upper = keepingQuotes('I said "no" and "yes" and “我” too', (t) => t.toUpperCase());
    expect(upper).toBe('I SAID "no" AND "yes" AND “我” TOO');
  });
});
