import { describe, expect, it } from "vitest";
import { createExtractNode } from "../../nodes/write/extract.js";
import type { ChatMessage } from "../../src/messages.js";
import { MemoryKeySchema } from "../../src/schema.js";
import type { MemoryCandidate } from "../../src/write/candidate.js";
import { extractWithRules } from "../../src/write/extract/index.js";
import { prepareMessages } from "../../src/write/state.js";

// Tuesday 2024-05-07, 10:00 in Beijing.
const AT = "2024-05-07T10:00:00+08:00";
const user = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: "m1",
  role: "user",
  content,
  at: AT,
  ...extra,
});
const extract = (content: string, extra: Partial<ChatMessage> = {}) => extractWithRules([user(content, extra)]);
const only = (content: string, extra: Partial<ChatMessage> = {}): MemoryCandidate => {
  const candidates = extract(content, extra);
  expect(candidates, `one candidate from "${content}"`).toHaveLength(1);
  return candidates[0]!;
};

/** Every candidate must be storable: a valid key, ISO times, bounded hints, ids and a source. */
function expectWellFormed(candidate: MemoryCandidate): void {
  expect(MemoryKeySchema.safeParse(candidate.key).success, candidate.key).toBe(true);
  expect(Number.isNaN(Date.parse(candidate.observedAt))).toBe(false);
  if (candidate.expiresAt) expect(candidate.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59(?:Z|[+-]\d{2}:\d{2})$/);
  expect(candidate.content.trim().length).toBeGreaterThan(0);
  expect(candidate.messageIds.length).toBeGreaterThan(0);
  expect(candidate.confidence).toBeGreaterThanOrEqual(0);
  expect(candidate.confidence).toBeLessThanOrEqual(1);
  expect(candidate.importance).toBeGreaterThanOrEqual(0);
  expect(candidate.importance).toBeLessThanOrEqual(1);
  for (const hint of candidate.retrievalHints ?? []) expect(hint.length).toBeLessThanOrEqual(200);
  expect((candidate.retrievalHints ?? []).length).toBeLessThanOrEqual(20);
}

describe("seed 002's four samples", () => {
  it("我不吃香菜，点外卖记得备注。→ a stable, negative food preference", () => {
    const c = only("我不吃香菜，点外卖记得备注。");
    expect(c).toMatchObject({
      kind: "preference",
      key: "food.cilantro",
      content: "用户不吃香菜，点外卖记得备注",
      value: "香菜",
      positive: false,
      language: "zh",
      sourceType: "explicit",
      messageIds: ["m1"],
      observedAt: AT,
      confidence: 1,
      sensitivity: "low",
      candidateId: "c1",
    });
    expect(c.signals?.transient).toBeUndefined();
    expect(c.retrievalHints).toEqual(expect.arrayContaining(["cilantro", "coriander"]));
    expectWellFormed(c);
  });

  it("I don't eat cilantro, remember to note it when ordering takeout → the same key in English", () => {
    const c = only("I don't eat cilantro, remember to note it when ordering takeout");
    expect(c).toMatchObject({
      kind: "preference",
      key: "food.cilantro",
      positive: false,
      language: "en",
      signals: { explicitMarker: true },
    });
    expect(c.content).toBe("The user does not eat cilantro, remember to note it when ordering takeout");
    expect(c.retrievalHints).toContain("香菜");
  });

  it("我们约定：所有数据库迁移必须先跑 make gen。→ an explicit procedure", () => {
    const c = only("我们约定：所有数据库迁移必须先跑 make gen。");
    expect(c).toMatchObject({
      kind: "procedure",
      key: "procedure.database.migration",
      signals: { explicitMarker: true },
    });
    expect(c.content).toBe("用户及其团队约定：所有数据库迁移必须先跑 make gen");
    const en = only("We agreed: every database migration must run make gen first");
    expect(en).toMatchObject({
      kind: "procedure",
      key: "procedure.database.migration",
      signals: { explicitMarker: true },
    });
    expect(en.content).toBe("The user and their team agreed: every database migration must run make gen first");
    // Hints come from what was said, not from the words the rewrite added.
    expect(c.retrievalHints).toEqual(expect.arrayContaining(["database migration"]));
    expect(c.retrievalHints).not.toContain("team");
  });

  it("这次先用 SQLite，上线再换 PG。→ reaches scoring flagged transient", () => {
    const c = only("这次先用 SQLite，上线再换 PG。");
    expect(c).toMatchObject({
      key: "tool.database",
      value: "SQLite",
      signals: { transient: true },
      content: "用户这次先用 SQLite，上线再换 PG",
    });
    const en = only("Use SQLite for now, switch to PG at launch");
    expect(en).toMatchObject({ key: "tool.database", signals: { transient: true } });
    expect(en.content).toBe("The user's instruction: use SQLite for now, switch to PG at launch");
  });

  it("上周排查过一个 502，是网关超时导致的。→ one episode with the week resolved", () => {
    const c = only("上周排查过一个 502，是网关超时导致的。");
    expect(c).toMatchObject({ kind: "episode", key: "episode.incident.http_502", positive: true });
    expect(c.content).toBe("用户在 2024-04-29 那一周排查过一个 502，是网关超时导致的");
    const en = only("Last week we debugged a 502 caused by a gateway timeout");
    expect(en).toMatchObject({ kind: "episode", key: "episode.incident.http_502" });
    expect(en.content).toBe(
      "The user and their team debugged a 502 caused by a gateway timeout in the week of 2024-04-29",
    );
  });
});

describe("conflict examples (seed 002 §3, seed 003 §4.2)", () => {
  it("keys apples by object, so a change of mind lands on the same key with opposite polarity", () => {
    const likes = only("我喜欢吃苹果");
    const stopped = only("我最近不吃苹果了");
    const coffee = only("我喜欢喝咖啡");
    const huawei = only("我偏好华为手机");
    expect(likes).toMatchObject({
      content: "用户喜欢吃苹果",
      key: "food.apple",
      positive: true,
      kind: "preference",
      signals: { personal: true },
    });
    expect(stopped).toMatchObject({ content: "用户最近不吃苹果了", key: "food.apple", positive: false });
    expect(coffee).toMatchObject({ content: "用户喜欢喝咖啡", key: "food.coffee", positive: true });
    expect(coffee.key.split(".")[0]).toBe(likes.key.split(".")[0]);
    expect(huawei).toMatchObject({ content: "用户偏好华为手机", key: "device.phone", kind: "preference" });
  });

  it("reads the WeChat preference and its one-off exception on one key", () => {
    const standing = only("我不用微信沟通");
    const exception = only("这次发微信也行");
    expect(standing).toMatchObject({ key: "communication.channel", positive: false, value: "微信" });
    expect(standing.signals?.transient).toBeUndefined();
    expect(exception).toMatchObject({
      key: "communication.channel",
      positive: true,
      signals: { oneOffException: true, transient: true },
    });
    expect(only("I don't use WeChat")).toMatchObject({ key: "communication.channel", positive: false });
    expect(only("WeChat is fine this time")).toMatchObject({
      key: "communication.channel",
      signals: { oneOffException: true },
    });
  });

  it("folds one statement repeated in a batch into one candidate citing every message", () => {
    const messages = ["m1", "m2", "m3"].map((id, i) =>
      user("我不用微信沟通", { id, at: `2024-05-0${i + 1}T10:00:00+08:00` }),
    );
    const [c, ...rest] = extractWithRules(messages);
    expect(rest).toEqual([]);
    expect(c).toMatchObject({ messageIds: ["m1", "m2", "m3"], observedAt: "2024-05-03T10:00:00+08:00" });
  });
});

describe("explicit markers, entity attributes, todos and procedures", () => {
  it("takes explicit markers in both languages", () => {
    expect(only("记住，我不吃辣")).toMatchObject({
      content: "用户不吃辣",
      key: "food.spicy",
      signals: { explicitMarker: true },
    });
    expect(only("以后都用中文回复我")).toMatchObject({
      key: "language.preferred",
      content: "用户要求：以后都用中文回复用户",
      signals: { explicitMarker: true },
    });
    expect(only("From now on, reply in Chinese")).toMatchObject({
      key: "language.preferred",
      signals: { explicitMarker: true },
    });
    expect(only("I prefer concise answers")).toMatchObject({
      key: "reply.length",
      content: "The user prefers concise answers",
    });
    expect(only("我的偏好是简洁回复")).toMatchObject({ key: "reply.length", value: "简洁" });
    expect(only("Never use tables in your answers")).toMatchObject({ key: "reply.format", positive: false });
  });

  it("extracts entity–attribute facts with values", () => {
    expect(only("我用的是 Mac")).toMatchObject({
      kind: "fact",
      key: "device.computer",
      value: "Mac",
      content: "用户用的是 Mac",
    });
    expect(only("我们团队有 8 个人")).toMatchObject({
      kind: "fact",
      key: "team.size",
      value: 8,
      content: "用户的团队有 8 个人",
    });
    expect(only("我们团队有八个人")).toMatchObject({ key: "team.size", value: 8 });
    expect(only("My project's codename is Phoenix")).toMatchObject({
      kind: "fact",
      key: "project.codename",
      value: "Phoenix",
    });
    expect(only("我的项目代号是 Phoenix")).toMatchObject({ key: "project.codename", value: "Phoenix" });
    expect(only("Our team has 8 people")).toMatchObject({ key: "team.size", value: 8 });
    expect(only("I use a Mac")).toMatchObject({ key: "device.computer", content: "The user uses a Mac" });
  });

  it("splits compound sentences into atomic facts", () => {
    const zh = extract("我叫李雷，在字节跳动工作，是一名后端工程师。");
    expect(zh.map((c) => [c.key, c.content])).toEqual([
      ["identity.name", "用户叫李雷"],
      ["work.company", "用户在字节跳动工作"],
      ["work.role", "用户是一名后端工程师"],
    ]);
    expect(extract("我不吃香菜和葱").map((c) => [c.key, c.content])).toEqual([
      ["food.cilantro", "用户不吃香菜"],
      ["food.scallion", "用户不吃葱"],
    ]);
    expect(extract("I like apples and bananas").map((c) => c.content)).toEqual([
      "The user likes apples",
      "The user likes bananas",
    ]);
  });

  it("turns time-bound plans into todos due at the end of the resolved day", () => {
    expect(only("下周帮我看一下这个问题")).toMatchObject({ kind: "todo", expiresAt: "2024-05-19T23:59:59+08:00" });
    expect(only("我月底之前要提交报销")).toMatchObject({
      kind: "todo",
      key: "todo.work.reimbursement",
      expiresAt: "2024-05-31T23:59:59+08:00",
      content: "用户 2024-05-31 之前要提交报销",
    });
    expect(only("明天提醒我去取快递")).toMatchObject({ kind: "todo", expiresAt: "2024-05-08T23:59:59+08:00" });
    expect(only("I need to send the report by Friday")).toMatchObject({
      kind: "todo",
      expiresAt: "2024-05-10T23:59:59+08:00",
      content: "The user needs to send the report by 2024-05-10",
    });
    expect(only("Remind me to call mom tomorrow")).toMatchObject({
      kind: "todo",
      expiresAt: "2024-05-08T23:59:59+08:00",
      content: "The user's request: remind the user to call mom on 2024-05-08",
    });
    expect(only("I'm going to Tokyo next week")).toMatchObject({
      kind: "todo",
      expiresAt: "2024-05-19T23:59:59+08:00",
    });
    // A start date is not a due date: this is a preference from tomorrow on.
    expect(only("从明天起我不喝咖啡了")).toMatchObject({
      kind: "preference",
      key: "food.coffee",
      positive: false,
      content: "用户从 2024-05-08 起不喝咖啡了",
    });
  });

  it("reads conventions as procedures", () => {
    expect(only("以后都先跑测试再提交代码")).toMatchObject({
      kind: "procedure",
      key: "procedure.engineering.test",
      signals: { explicitMarker: true },
    });
    expect(only("Always run the tests before pushing")).toMatchObject({
      kind: "procedure",
      content: "The user's instruction: always run the tests before pushing",
    });
  });
});

describe("ordinary conversation", () => {
  it("turns informative first-person statements into episodes with absolute dates", () => {
    expect(only("I went to a yoga class yesterday")).toMatchObject({
      kind: "episode",
      key: "episode.hobby.yoga",
      content: "The user went to a yoga class on 2024-05-06",
      confidence: 0.9,
    });
    expect(only("my brother moved to Porto last year")).toMatchObject({
      kind: "episode",
      content: "The user's brother moved to Porto in 2023",
    });
    expect(only("我上周去了杭州出差")).toMatchObject({
      kind: "episode",
      key: "episode.travel.business_trip",
      content: "用户在 2024-04-29 那一周去了杭州出差",
    });
    expect(only("昨天晚上我看了一部电影")).toMatchObject({
      kind: "episode",
      content: "用户在 2024-05-06 晚上看了一部电影",
    });
  });

  it("splits two events joined by 'and' into two atomic memories", () => {
    const both = extract("I went to a yoga class yesterday and my brother moved to Porto last year");
    expect(both.map((c) => c.content)).toEqual([
      "The user went to a yoga class on 2024-05-06",
      "The user's brother moved to Porto in 2023",
    ]);
    expect(both.map((c) => c.candidateId)).toEqual(["c1", "c2"]);
  });

  it("reads 'we' by context: the team at work, the family at home", () => {
    expect(only("We went to the beach last weekend").content).toBe(
      "The user and their family went to the beach on the weekend of 2024-05-04",
    );
    expect(only("我们上周去了海边").content).toBe("用户及其家人在 2024-04-29 那一周去了海边");
  });

  it("names the speaker when messages carry names", () => {
    const c = only("I went to a beekeeping workshop yesterday", { name: "Nadia", at: "2024-09-17T18:20:00Z" });
    expect(c.content).toBe("Nadia went to a beekeeping workshop on 2024-09-16");
    const zh = only("我妹妹去年搬到了波士顿", { name: "小王" });
    expect(zh.content).toBe("小王的妹妹在 2023年搬到了波士顿");
  });

  it("drops greetings, thanks, filler, questions, reactions, passing moods and requests", () => {
    for (const text of [
      "你好！",
      "谢谢",
      "好的",
      "哈哈哈好的",
      "你能帮我写个邮件吗？",
      "这个代码怎么改？",
      "我觉得这个方案不错",
      "我今天好累",
      "帮我查一下明天的天气",
      "Hi!",
      "Thanks a lot!",
      "ok thanks bye",
      "Can you write an email?",
      "What's the weather like?",
      "I think that's a good idea",
      "I'm so tired",
      "Honestly I think your previous answer was wrong.",
      "Write me a poem about spring",
      "今天天气不错",
      "The weather is nice today.",
    ]) {
      expect(extract(text), text).toEqual([]);
    }
  });

  it("reads someone else's liking as a fact about them, not as the user's personality", () => {
    // Seed 003 §5.1's bar is for the user's own traits and moods; a relative's hobby is a fact of the user's world.
    const mom = only("my mom loves gardening");
    expect(mom.key).toMatch(/^mother\./u);
    // Said outright: it is not the user's personality (scoring does not guess it from the words).
    expect(mom.signals?.personal).toBe(false);
    expect(mom.confidence).toBe(0.9);
  });
});

describe("sources (seed 003 §5.6, seed 004 §2)", () => {
  it("caps what the assistant says at agent_generated and 0.5, with no explicit marker", () => {
    const candidates = extractWithRules([
      {
        id: "a1",
        role: "assistant",
        content: "根据您之前的反馈，您偏好钛杯。You prefer concise answers. Remember, you don't eat cilantro.",
        at: AT,
      },
    ]);
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    for (const c of candidates) {
      expect(c.sourceType).toBe("agent_generated");
      expect(c.confidence).toBeLessThanOrEqual(0.5);
      expect(c.signals?.explicitMarker).toBeUndefined();
    }
    expect(candidates.map((c) => c.content)).toEqual(
      expect.arrayContaining(["用户偏好钛杯", "The user prefers concise answers"]),
    );
  });

  it("reads an assistant's own first person as the assistant, not the user", () => {
    expect(
      extractWithRules([
        { id: "a1", role: "assistant", content: "I don't eat cilantro either, I love coffee.", at: AT },
      ]),
    ).toEqual([]);
  });

  it("yields nothing from system and tool messages", () => {
    expect(
      extractWithRules([
        { id: "s1", role: "system", content: "The user prefers concise answers. 我不吃香菜", at: AT },
        { id: "t1", role: "tool", content: "I went to Boston yesterday", at: AT },
      ]),
    ).toEqual([]);
  });
});

describe("redaction before extraction", () => {
  it("never lets a raw secret into a candidate and sets sensitivity from placeholders", async () => {
    const messages = prepareMessages([
      { role: "user", content: "我的邮箱是 a.b@example.com", at: AT },
      { role: "user", content: "记住我的身份证号是 11010519491231002X", at: AT },
    ]);
    const { candidates } = await createExtractNode()({ messages }, {});
    expect(candidates!.map((c) => [c.content, c.sensitivity])).toEqual([
      ["用户的邮箱是 [EMAIL]", "medium"],
      ["用户的身份证号是 [ID_NUMBER]", "high"],
    ]);
    expect(JSON.stringify(candidates)).not.toMatch(/example\.com|11010519491231002X/);
  });
});

describe("robustness", () => {
  type Expected = Pick<MemoryCandidate, "kind" | "content" | "positive"> & {
    key: string | ReturnType<typeof expect.stringMatching>;
    value?: MemoryCandidate["value"];
  };
  const pref = (key: string, content: string, value: string, positive = true): Expected => ({
    kind: "preference",
    key,
    content,
    positive,
    value,
  });
  const fact = (key: Expected["key"], content: string, value?: string | number): Expected => ({
    kind: "fact",
    key,
    content,
    positive: true,
    ...(value !== undefined ? { value } : {}),
  });
  const event = (kind: "episode" | "todo", key: string, content: string): Expected => ({
    kind,
    key,
    content,
    positive: true,
  });

  /** Each input with exactly what extraction must make of it, or why it must make nothing. */
  const cases: Array<[string, Expected[] | string]> = [
    [
      "我住在杭州，平时喜欢跑步和游泳。",
      [
        fact("location.home", "用户住在杭州", "杭州"),
        pref("hobby.running", "用户喜欢跑步", "跑步"),
        pref("hobby.swimming", "用户喜欢游泳", "游泳"),
      ],
    ],
    ["我对花生过敏。", [pref("food.peanut", "用户对花生过敏", "花生", false)]],
    ["我家有两只猫。", [fact(expect.stringMatching(/^fact\.pet\.cat\./), "用户的家有两只猫")]],
    ["我们公司有 200 个人", [fact("work.company_size", "用户的公司有 200 个人", 200)]],
    ["快递请发顺丰", [pref("shipping.carrier", "用户要求：快递请发顺丰", "顺丰")]],
    ["我从不喝酒", [pref("food.alcohol", "用户从不喝酒", "喝酒", false)]],
    // "上个月" resolved against the message time (2024-05-07).
    [
      "上个月我换了新工作，现在在阿里",
      [event("episode", "episode.work.job", "用户在 2024年4月换了新工作，现在在阿里")],
    ],
    ["周五之前把方案发给老板", [event("todo", "todo.team.manager", "用户 2024-05-10 之前把方案发给老板")]],
    [
      "My name is Alice and I work at Google as a software engineer.",
      [
        fact("identity.name", "The user's name is Alice", "Alice"),
        fact("work.company", "The user works at Google as a software engineer", "Google"),
      ],
    ],
    ["I'm allergic to peanuts.", [pref("food.peanut", "The user is allergic to peanuts", "peanuts", false)]],
    ["We're a team of 5 engineers.", [fact("team.size", "The user and their team are a team of 5 engineers", 5)]],
    [
      "I live in Seattle with my wife.",
      [fact("location.home", "The user lives in Seattle with the user's wife", "Seattle")],
    ],
    [
      "Send it via email, not WeChat.",
      [pref("communication.channel", "The user's instruction: send it via email, not WeChat", "email")],
    ],
    [
      "Yesterday I adopted a puppy named Max!",
      [event("episode", "episode.pet.dog", "The user adopted a puppy named Max on 2024-05-06")],
    ],
    [
      "Ship my orders with SF Express from now on.",
      [
        pref(
          "shipping.carrier",
          "The user's instruction: ship the user's orders with SF Express from now on",
          "SF Express",
        ),
      ],
    ],
    ["i dont like spicy food", [pref("food.spicy", "The user does not like spicy food", "spicy food", false)]],
    [
      "I've been vegetarian for 10 years.",
      [pref("food.vegetarian", "The user has been vegetarian for 10 years", "vegetarian")],
    ],
    [
      "我今天开会开了一整天，好累。",
      [event("episode", "episode.work.meeting", "用户在 2024-05-07 开会开了一整天，好累")],
    ],
    [
      "Use SQLite, PG, MySQL and Redis for now, switch later",
      [
        fact(
          "tool.database",
          "The user's instruction: use SQLite, PG, MySQL and Redis for now, switch later",
          "SQLite",
        ),
      ],
    ],
    // One statement said many times over, however it is repeated, is one candidate.
    ["我不吃香菜。".repeat(300), [pref("food.cilantro", "用户不吃香菜", "香菜", false)]],
    ["我不吃香菜\n\n\n我不吃香菜", [pref("food.cilantro", "用户不吃香菜", "香菜", false)]],
    ["🙂🙂", "emoji only: no words"],
    ["...", "punctuation only"],
    ["？？？", "full-width punctuation only"],
    ["   ", "whitespace only"],
    ["\u0000\u0007", "control characters only"],
    ["\ud800", "a lone surrogate"],
    ["a", "a lone letter"],
    ["我", "a pronoun with nothing said about it"],
    ["I", "a pronoun with nothing said about it"],
    ["I I I I", "a repeated pronoun"],
    ["我我我我", "a repeated pronoun"],
    ["1234", "a bare number"],
    ["the the the", "stop words only"],
    ["哈哈哈哈", "laughter"],
    ["ok", "an acknowledgement"],
    ["Thanks!", "thanks"],
    ["今天天气不错", "small talk about the weather"],
    ["The weather is nice today.", "small talk about the weather"],
    ["<script>alert(1)</script>", "markup, not speech"],
    ["https://example.com/a?b=c", "a bare link"],
    ["function f() { return 1; }", "code, not speech"],
    ["x".repeat(70_000), "one enormous non-word"],
  ];

  it.each(cases.map(([text, want]) => [JSON.stringify(text.slice(0, 40)), text, want] as const))(
    "extracts exactly what %s says, and nothing from noise",
    (_label, text, want) => {
      let candidates: MemoryCandidate[] = [];
      expect(() => {
        candidates = extract(text);
      }).not.toThrow();
      const got = candidates.map((c) => ({
        kind: c.kind,
        key: c.key,
        content: c.content,
        positive: c.positive,
        ...(c.value !== undefined ? { value: c.value } : {}),
      }));
      if (typeof want === "string") {
        expect(got, `nothing from ${JSON.stringify(text.slice(0, 40))}: ${want}`).toEqual([]);
        return;
      }
      expect(got).toEqual(want);
      for (const c of candidates) {
        expectWellFormed(c);
        expect(c.messageIds).toEqual(["m1"]);
        expect(c.sourceType).toBe("explicit");
        // Rewritten in the third person: the speaker's own "I" or 我 never reaches a memory.
        expect(c.content).not.toMatch(/我|\b(?:I|I'm|I've|me|my)\b/u);
      }
    },
  );

  it("flags the task-scoped 'for now' as transient, so scoring can turn it away", () => {
    expect(extract("Use SQLite, PG, MySQL and Redis for now, switch later")[0]!.signals).toEqual({ transient: true });
    expect(extract("周五之前把方案发给老板")[0]!.expiresAt).toBe("2024-05-10T23:59:59+08:00");
  });
});
