import type { PutOperation } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import type { MemoryCandidate } from "../../src/write/candidate.js";
import { analyzeStatement } from "../../src/write/conflict/analyze.js";
import { WritePlan } from "../../src/write/conflict/apply.js";
import { classifyRelation } from "../../src/write/conflict/classify.js";
import { decideConflict } from "../../src/write/conflict/decide.js";
import { applyPrecedence } from "../../src/write/conflict/precedence.js";
import { type AdmittedCandidate, admit, parseAdmissionConfig } from "../../src/write/scoring.js";
import { candidate, record, SCOPE, T0 } from "./helpers.js";

const config = parseAdmissionConfig();
const relation = (text: string, existing: string) =>
  classifyRelation(
    { content: text, key: "a.b", kind: "preference" },
    { content: existing, key: "c.d", kind: "preference" },
  ).relation;

function admitted(c: MemoryCandidate, nearest = 0): AdmittedCandidate {
  const verdict = admit(c, nearest, config);
  if (!("admitted" in verdict)) throw new Error(`expected admission, got ${verdict.rejected.reason}`);
  return verdict.admitted;
}

describe("statement analysis (seed 002 §3.4 pitfalls)", () => {
  it("reads inserted Chinese negation as polarity", () => {
    expect(analyzeStatement("用户喜欢吃苹果").stance).toBe(1);
    expect(analyzeStatement("用户最近不吃苹果了").stance).toBe(-1);
    expect(analyzeStatement("用户不用微信沟通").stance).toBe(-1);
    expect(analyzeStatement("用户不喜欢吃香菜").stance).toBe(-1);
    expect(analyzeStatement("用户讨厌香菜").stance).toBe(-1);
    expect(analyzeStatement("用户不讨厌香菜").stance).toBe(1);
  });

  it("does not read negation inside the object or in idioms as polarity", () => {
    expect(analyzeStatement("用户喜欢喝美式咖啡不加糖").stance).toBe(1);
    expect(analyzeStatement("用户喜欢不加糖的咖啡").stance).toBe(1);
    expect(analyzeStatement("用户觉得这家店不错").stance).toBe(1);
    expect(analyzeStatement("The user likes tea, not coffee").stance).toBe(1);
    expect(analyzeStatement("The user no longer eats apples").stance).toBe(-1);
    expect(analyzeStatement("The user doesn't use WeChat").stance).toBe(-1);
  });

  it("never uses single characters as anchors: 用 does not match 用户, 开 does not match 开票", () => {
    const anchors = analyzeStatement("用户不用微信沟通").anchors;
    expect([...anchors].every((a) => Array.from(a).length >= 2)).toBe(true);
    expect(anchors.has("用户")).toBe(false);
    expect(relation("用户要开发票", "用户开车上班")).toBe("coexist");
    expect(relation("用户用 Mac", "用户的用户名是 alice")).toBe("coexist");
  });
});

describe("the article's conflicts (seed 002 §3.2)", () => {
  const apple = "用户喜欢吃苹果";
  it("用户最近不吃苹果了 supersedes 用户喜欢吃苹果", () =>
    expect(relation("用户最近不吃苹果了", apple)).toBe("supersede"));
  it("用户喜欢喝咖啡 is asked about", () => expect(relation("用户喜欢喝咖啡", apple)).toBe("ask_user"));
  it("用户偏好华为手机 coexists", () => expect(relation("用户偏好华为手机", apple)).toBe("coexist"));

  it("gives the same answers in English", () => {
    const en = "The user likes eating apples";
    expect(relation("The user no longer eats apples", en)).toBe("supersede");
    expect(relation("The user likes drinking coffee", en)).toBe("ask_user");
    expect(relation("The user prefers Huawei phones", en)).toBe("coexist");
  });

  it("recognises duplicates, merges and changed values", () => {
    expect(relation("用户不用微信沟通", "用户不用微信沟通")).toBe("duplicate");
    expect(relation("用户喜欢喝美式咖啡不加糖", "用户喜欢喝美式咖啡")).toBe("merge");
    expect(relation("用户喜欢喝美式咖啡", "用户喜欢喝美式咖啡不加糖")).toBe("duplicate");
    const changed = classifyRelation(
      { content: "用户的项目代号是 Falcon", key: "project.codename", kind: "fact", value: "Falcon" },
      { content: "用户的项目代号是 Phoenix", key: "project.codename", kind: "fact", value: "Phoenix" },
    );
    expect(changed.relation).toBe("supersede");
    expect(changed.reason).toMatch(/Phoenix.*Falcon/);
  });

  it("supersedes the old state when a statement reports the change, not a memory that merely mentions it", () => {
    const judge = (text: string, existing: string, kind = "fact") =>
      classifyRelation(
        { content: text, key: "episode.change", kind: "episode" },
        { content: existing, key: "x.y", kind },
      );
    expect(
      judge(
        "The user and others switched from Jira to Linear in February 2024",
        "The user's team uses Jira for tickets",
      ).relation,
    ).toBe("supersede");
    expect(judge("用户等人在 2024年2月从 Jira 换成了 Linear", "用户的团队用 Jira 管理工单").relation).toBe("supersede");
    expect(judge("The user moved from Beijing to Shanghai in 2023", "The user lives in Beijing").relation).toBe(
      "supersede",
    );
    expect(judge("用户在 2023年从北京搬到了上海", "用户住在北京").relation).toBe("supersede");
    expect(
      judge("The user replaced the old Kindle with a Kobo", "The user uses the old Kindle for reading").relation,
    ).toBe("supersede");
    expect(
      judge("The user uses Vim instead of Emacs", "The user uses Emacs for everything", "preference").relation,
    ).toBe("supersede");
    const reason = judge("The user switched from VS Code to Cursor", "The user uses VS Code for Python").reason;
    expect(reason).toBe("the statement says it changed from vs code to cursor");
    // Mentioning the old thing is not stating it: a favourite restaurant survives a move.
    expect(
      judge("The user moved from Beijing to Shanghai in 2023", "The user's favourite restaurant in Beijing is Da Dong")
        .relation,
    ).toBe("coexist");
    expect(judge("用户在 2023年从北京搬到了上海", "用户最喜欢的餐厅在北京").relation).toBe("coexist");
    // More ways to say it: leaving, preferring over, 把…换成, 跳槽, and a move to a named place.
    expect(judge("The user left Google and joined OpenAI in February 2024", "The user works at Google").relation).toBe(
      "supersede",
    );
    expect(judge("The user prefers VS Code over Vim these days", "The user's favorite editor is Vim").relation).toBe(
      "supersede",
    );
    expect(
      judge("The user and others migrated from AWS to GCP in 2024", "The user and their team deploy on AWS").relation,
    ).toBe("supersede");
    expect(judge("用户把 iPhone 换成了华为", "用户用 iPhone").relation).toBe("supersede");
    expect(judge("用户已经从字节跳槽到腾讯了", "用户在字节工作").relation).toBe("supersede");
    expect(judge("用户的家搬到深圳了", "用户的家在杭州").relation).toBe("supersede");
    expect(judge("The user moved to New York in 2023", "The user lives in Seattle").relation).toBe("supersede");
    expect(judge("Rafael moved to Valencia in 2023", "Rafael lives in Seattle").relation).toBe("supersede");
    // Someone else's change, or no named place, is not the user's new state.
    expect(judge("The user's sister moved to Boston", "The user lives in Seattle").relation).toBe("coexist");
    expect(judge("用户的妹妹搬到了上海", "用户住在北京").relation).toBe("coexist");
    expect(judge("The user's friend switched from Jira to Linear", "The user's team uses Jira").relation).toBe(
      "coexist",
    );
    expect(judge("Sunita moved to Valencia", "Rafael lives in Seattle").relation).toBe("coexist");
    expect(judge("The user moved it to Friday", "The user lives in Seattle").relation).toBe("coexist");
    expect(judge("The user moved to a new apartment", "The user lives in Seattle").relation).toBe("coexist");
    expect(judge("用户搬到了新家", "用户住在北京").relation).toBe("coexist");
    // Already the new state, or a past event itself: left alone.
    expect(
      judge("The user switched from Jira to Linear", "The user's team uses Linear and used Jira before").relation,
    ).not.toBe("supersede");
    expect(judge("The user switched from Jira to Linear", "The user set up Jira in 2020", "episode").relation).toBe(
      "coexist",
    );
  });

  it("classifies a one-off permission next to a standing preference as an exception", () => {
    const judgement = classifyRelation(
      { content: "用户这次发微信也行", key: "contact.channel", kind: "preference" },
      { content: "用户不用微信沟通", key: "contact.wechat", kind: "preference" },
      { oneOffException: true },
    );
    expect(judgement.relation).toBe("exception");
  });
});

describe("source precedence (seeds 003 §4.2, 004 §2)", () => {
  const base = { candidateObservedAt: T0, existingObservedAt: T0 };
  it("lets an explicit statement override inferred memory without asking", () => {
    expect(
      applyPrecedence({ ...base, relation: "ask_user", candidateSource: "explicit", existingSource: "inferred" }),
    ).toMatchObject({
      relation: "supersede",
    });
  });
  it("never lets inferred or agent-generated statements override explicit memory", () => {
    expect(
      applyPrecedence({ ...base, relation: "supersede", candidateSource: "inferred", existingSource: "explicit" }),
    ).toMatchObject({
      rejected: "outranked",
    });
    expect(
      applyPrecedence({
        ...base,
        relation: "ask_user",
        candidateSource: "agent_generated",
        existingSource: "inferred",
      }),
    ).toMatchObject({
      rejected: "outranked",
    });
  });
  it("ranks the user's hearsay about a business system as the user's word, except against the system", () => {
    const later = { candidateObservedAt: "2026-03-02T10:00:00Z", existingObservedAt: "2026-03-02T09:00:00Z" };
    const hearsay = { relation: "supersede" as const, candidateSource: "inferred" as const, candidateHearsay: true };
    // "Order P6385 is delivered" after the user's own "the status of P6385 is refunded".
    expect(applyPrecedence({ ...later, ...hearsay, existingSource: "explicit" })).toEqual({ relation: "supersede" });
    expect(applyPrecedence({ ...later, ...hearsay, existingSource: "inferred" })).toMatchObject({
      relation: "supersede",
    });
    // Said before the stored value: stale, as any statement of the user's.
    expect(
      applyPrecedence({
        ...hearsay,
        candidateObservedAt: later.existingObservedAt,
        existingObservedAt: later.candidateObservedAt,
        existingSource: "explicit",
      }),
    ).toMatchObject({ rejected: "stale" });
    // Must not fire: the system's own record, and an inference that is not hearsay.
    expect(applyPrecedence({ ...later, ...hearsay, existingSource: "system_sync" })).toMatchObject({
      rejected: "outranked",
    });
    expect(
      applyPrecedence({ ...later, ...hearsay, candidateHearsay: false, existingSource: "explicit" }),
    ).toMatchObject({ rejected: "outranked" });
    expect(
      applyPrecedence({ ...later, ...hearsay, candidateSource: "agent_generated", existingSource: "explicit" }),
    ).toMatchObject({ rejected: "outranked" });
  });
  it("lets the newer statement win at equal source, and rejects an older one", () => {
    expect(
      applyPrecedence({ ...base, relation: "supersede", candidateSource: "explicit", existingSource: "explicit" }),
    ).toEqual({
      relation: "supersede",
    });
    expect(
      applyPrecedence({
        relation: "supersede",
        candidateSource: "explicit",
        existingSource: "explicit",
        candidateObservedAt: "2024-01-01T00:00:00Z",
        existingObservedAt: T0,
      }),
    ).toMatchObject({ rejected: "stale" });
  });
});

describe("decisions and the write plan", () => {
  const ctx = { scope: SCOPE, now: "2024-05-08T00:00:00.000Z" };

  it("supersedes softly: the old record stays, marked superseded, and both changes are audited", () => {
    const apple = record("用户喜欢吃苹果");
    const decision = decideConflict(admitted(candidate("用户最近不吃苹果了")), [{ record: apple, similarity: 0.57 }], {
      recordId: "new",
    });
    expect(decision).toMatchObject({ action: "supersede", relation: "supersede" });
    const plan = new WritePlan(ctx, [apple]);
    plan.apply(decision);
    const result = plan.result();
    expect(result.written.map((r) => r.id)).toEqual(["new"]);
    expect(result.superseded[0]).toMatchObject({ id: apple.id, status: "superseded", supersededBy: "new" });
    expect(plan.history.entries.map((e) => e.action)).toEqual(["add", "supersede"]);
    const ops = plan.operations().filter((op) => "value" in op) as PutOperation[];
    const at = (label: string) => ops.filter((op) => op.namespace.at(-1) === label);
    // Nothing leaves the records namespace; the superseded version leaves its indexes for a cold copy.
    expect(at("records").filter((op) => op.value === null)).toHaveLength(0);
    expect(at("records").find((op) => op.key === apple.id)).toMatchObject({ index: false });
    expect(at("records").find((op) => op.key === "new")?.index).not.toBe(false);
    expect(at("cold").find((op) => op.key === apple.id)?.value).toMatchObject({ status: "superseded" });
    expect(at("cold").find((op) => op.key === "new")?.value).toBeNull();
    // Of the key index, only the old record's entry goes (key-index.ts lists active records only).
    const indexDeletes = ops.filter((op) => op.value === null && op.namespace.includes("keys"));
    expect(indexDeletes.map((op) => op.key)).toEqual([apple.id]);
  });

  it("turns an inferred statement that contradicts an explicit memory into a rejection", () => {
    const apple = record("用户喜欢吃苹果");
    const guess = admitted(candidate("用户不吃苹果", { kind: "fact", sourceType: "inferred", confidence: 0.6 }));
    const decision = decideConflict(guess, [{ record: apple, similarity: 0.6 }], { recordId: "x" });
    expect(decision).toMatchObject({ action: "reject", rejection: "outranked" });
  });

  it("lets an explicit statement supersede an inferred memory instead of asking", () => {
    const inferred = record("用户喜欢吃苹果", { sourceType: "inferred" });
    const decision = decideConflict(admitted(candidate("用户喜欢喝咖啡")), [{ record: inferred, similarity: 0.5 }], {
      recordId: "x",
    });
    expect(decision).toMatchObject({ action: "supersede" });
  });

  it("does not let the agent reinforce what it already knows (seed 003 §5.6)", () => {
    const known = record("The user prefers titanium cups");
    const echo = admitted(
      candidate("The user prefers titanium cups", { sourceType: "agent_generated", confidence: 0.9 }),
    );
    expect(decideConflict(echo, [{ record: known, similarity: 1 }], { recordId: "x" })).toMatchObject({
      action: "reject",
      rejection: "already_known",
    });
  });

  it("reinforces a repeated statement: confidence up, count and sources appended", () => {
    const wechat = record("用户不用微信沟通");
    const again = candidate("用户不用微信沟通");
    const decision = decideConflict(admitted(again, 1), [{ record: wechat, similarity: 1 }], { recordId: "x" });
    expect(decision.action).toBe("reinforce");
    const plan = new WritePlan(ctx, [wechat]);
    plan.apply(decision);
    const [reinforced] = plan.result().reinforced;
    expect(reinforced!.confidence).toBeGreaterThan(wechat.confidence);
    expect(reinforced!.accessCount).toBe(1);
    expect(reinforced!.source.messageIds).toEqual([...wechat.source.messageIds, ...again.messageIds]);
    expect(reinforced!.updatedAt).toBe(ctx.now);
  });

  it("keeps the asking question in the candidate's language", () => {
    const apple = record("用户喜欢吃苹果");
    const zh = decideConflict(admitted(candidate("用户喜欢喝咖啡")), [{ record: apple, similarity: 0.5 }], {
      recordId: "x",
    });
    expect(zh.question).toMatch(/用户喜欢吃苹果.*用户喜欢喝咖啡/);
    const en = decideConflict(
      admitted(candidate("The user likes drinking coffee")),
      [{ record: record("The user likes eating apples"), similarity: 0.6 }],
      {
        recordId: "y",
      },
    );
    expect(en.question).toMatch(/^I remember "The user likes eating apples"/);
  });
});
