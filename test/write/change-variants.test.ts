/**
 * Stated changes in other words (src/write/conflict/change.ts): giving a thing up, a new home
 * said outright, moving what a tool was used for, and the plans, wishes and suggestions that
 * change nothing. Every rule has cases it must not fire on. Then the scenario fixture's
 * variants: every scenario has paraphrases and negatives, and a near-miss is never stored.
 */
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import {
  mentions,
  SOMETHING_ELSE,
  sameSubject,
  statedChange,
  statedMove,
  stateSubject,
} from "../../src/write/conflict/change.js";
import { classifyRelation } from "../../src/write/conflict/classify.js";
import { BASE_SCENARIOS, SCENARIO_START, SCENARIO_VARIANTS } from "../eval/scenarios.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

/** Whether the change rules alone (not polarity or keys) say `candidate` replaces `existing`. */
function replaces(candidate: string, existing: string): boolean {
  const change = statedChange(candidate);
  const holder = change ? stateSubject(existing, change.from) : undefined;
  if (change && holder !== undefined && sameSubject(change.subject, holder) && !mentions(existing, change.to))
    return true;
  return statedMove(candidate, existing) !== undefined;
}

describe("giving a thing up", () => {
  it.each([
    ["The user gave up coffee", "The user drinks coffee every morning"],
    ["The user quit coffee in April 2024", "The user drinks coffee every morning"],
    ["The user quit Google in March", "The user works at Google"],
    [
      "The user and others dropped Jira in April 2024, tickets live in Linear now",
      "The user's team uses Jira for tickets",
    ],
    ["The user stopped using Slack", "The user's team uses Slack"],
    ["The user and others track tickets in Linear now, no more Jira", "The user's team uses Jira for tickets"],
    ["The user moved out of Boston in 2023", "The user lives in Boston"],
    ["用户戒掉了咖啡", "用户每天喝咖啡"],
    ["用户不再用微信了", "用户用微信沟通"],
    ["苹果用户现在不碰了，医生让用户控制血糖", "用户喜欢吃苹果，每天一个"],
    ["用户已经从北京搬走了", "用户住在北京"],
  ])("%s replaces %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(true);
  });

  it("names no replacement, so the memory that merely mentions the thing is not spared for naming it", () => {
    expect(statedChange("The user gave up coffee")).toMatchObject({ from: "coffee", to: SOMETHING_ELSE });
    expect(mentions("The user drinks something else", SOMETHING_ELSE)).toBe(false);
    expect(mentions("The user drinks coffee", "")).toBe(false);
  });

  it.each([
    // Someone else gives it up.
    ["The user's wife gave up coffee", "The user drinks coffee every morning"],
    ["用户的妈妈戒了咖啡", "用户喝咖啡"],
    // An accident, not a choice: "dropped" before an article or possessive.
    ["The user dropped the phone", "The user uses a phone for work"],
    ["The user dropped a cup of coffee", "The user drinks coffee every morning"],
    // Not giving it up at all.
    ["The user stopped by the coffee shop", "The user drinks coffee every morning"],
    ["The user had no more than two coffees", "The user drinks coffee every morning"],
    // Only a plan or a maybe.
    ["The user might give up coffee", "The user drinks coffee every morning"],
    ["The user wants to quit Google", "The user works at Google"],
    ["用户打算戒掉咖啡", "用户每天喝咖啡"],
    // Giving up something the memory does not state as current.
    ["The user gave up the Boston apartment", "The user lives in Boston"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });
});

describe("a change that has not happened", () => {
  it.each([
    ["Someone suggested the user and others switch from Jira to Linear", "The user's team uses Jira for tickets"],
    ["The user might switch from Jira to Linear", "The user's team uses Jira for tickets"],
    ["The user and others will migrate from AWS to GCP in 2025", "The user and their team deploy on AWS"],
    ["If the price drops the user would switch from iPhone to Pixel", "The user uses iPhone"],
    ["用户在考虑在 2025年要不要搬去上海", "用户住在北京"],
    ["用户打算从 iPhone 换成华为", "用户用 iPhone"],
    ["用户建议团队从 Jira 换成 Linear", "用户的团队用 Jira"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });

  it("reads the month May and the instruction 要求 as no plan", () => {
    expect(replaces("The user switched from Jira to Linear in May 2024", "The user's team uses Jira for tickets")).toBe(
      true,
    );
    expect(replaces("用户要求：已经把 iPhone 换成了华为", "用户用 iPhone")).toBe(true);
  });
});

describe("a new home", () => {
  it.each([
    ["The user relocated to Seattle in 2024", "The user lives in Boston"],
    ["The user said just finished relocating to Seattle", "The user lives in Boston"],
    ["The user said Home is Seattle now", "The user lives in Boston"],
    ["The user now lives in Seattle", "The user lives in Boston"],
    ["The user's new home is in Seattle", "The user lives in Boston"],
    ["用户在 2024年4月搬家了，新家在上海", "用户住在北京"],
    ["用户已经从北京搬走了，现在定居上海", "用户住在北京"],
    ["用户刚从外地搬来杭州", "用户住在北京"],
  ])("%s replaces %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(true);
  });

  it.each([
    // Not a home: a meeting, a plan, someone else's.
    ["The user relocated the meeting to Friday", "The user lives in Boston"],
    ["The user is thinking about relocating to Seattle", "The user lives in Boston"],
    ["The user's sister lives in Seattle now", "The user lives in Boston"],
    ["用户的弟弟现在住在上海", "用户住在北京"],
    // No "now" or "new": the home already stored, or a second one (the key decides).
    ["The user lives in Seattle", "The user lives in Boston"],
    // Somewhere inside the same city.
    ["用户现在住在西湖区", "用户住在杭州"],
    // Not where anyone lives.
    ["The user's favourite café is in Seattle now", "The user lives in Boston"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });
});

describe("what a tool was used for, moved to another tool", () => {
  it.each([
    ["The team moved all the user's tickets over to Linear, Jira is gone", "The user's team uses Jira for tickets"],
    ["The user and others migrated the tickets to Linear", "The user's team uses Jira for ticket tracking"],
    ["用户把工单都迁到了 Linear", "用户的团队用 Jira 管理工单"],
  ])("%s replaces %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(true);
  });

  it.each([
    // Other work moved.
    ["The user moved the meeting notes over to Notion", "The user's team uses Jira for tickets"],
    ["用户把文档都迁到了 Notion", "用户的团队用 Jira 管理工单"],
    // Someone else's.
    ["The user's friend moved their tickets to Linear", "The user's team uses Jira for tickets"],
    ["用户的朋友把工单迁到了 Linear", "用户的团队用 Jira 管理工单"],
    // Only a plan.
    ["The user and others plan to move the tickets to Linear", "The user's team uses Jira for tickets"],
    // Already there.
    ["The user moved the tickets to Jira", "The user's team uses Jira for tickets"],
  ])("%s does not replace %s", (candidate, existing) => {
    expect(replaces(candidate, existing)).toBe(false);
  });

  it("is what classification reads (the reason names both tools)", () => {
    const judged = classifyRelation(
      { content: "The team moved all the user's tickets over to Linear", key: "fact.team.ticket_over", kind: "fact" },
      { content: "The user's team uses Jira for tickets", key: "fact.team.jira_ticket", kind: "fact" },
    );
    expect(judged).toEqual({ relation: "supersede", reason: "moved from jira to linear" });
  });
});

describe("the scenario fixture's variants", () => {
  it("gives every scenario a paraphrase and a negative", () => {
    for (const base of BASE_SCENARIOS) {
      const kinds = SCENARIO_VARIANTS.filter((v) => v.variant?.of === base.id).map((v) => v.variant!.kind);
      expect(kinds, base.id).toContain("paraphrase");
      expect(kinds, base.id).toContain("negative");
    }
  });

  it("stores no near-miss a negative says must not be stored", async () => {
    let now = Date.parse(SCENARIO_START);
    const memory = await createMemory({ ...suiteMemoryLocation("lgm-variants-"), env: {}, now: () => new Date(now) });
    try {
      for (const scenario of SCENARIO_VARIANTS) {
        const absent = scenario.questions.flatMap((q) => q.absent ?? []);
        if (absent.length === 0) continue;
        const scope = { userId: scenario.id };
        for (const [s, session] of scenario.sessions.entries()) {
          const at = new Date(Date.parse(SCENARIO_START) + s * 7 * 86_400_000).toISOString();
          now = Date.parse(at) + 86_400_000;
          await memory.remember({ scope, messages: session.map((m) => ({ ...m, at })) });
        }
        const cited = (await memory.list(scope, { status: "active" })).flatMap((r) => r.source.messageIds);
        for (const id of absent) expect(cited, `${scenario.id} ${id}`).not.toContain(id);
      }
    } finally {
      await memory.close();
    }
  });
});
