/**
 * Two people talking (long two-person conversations recalled by the message ids of their
 * evidence): every informative turn keeps a memory citing it, speakers never
 * overwrite or question each other, events add up, and a speaker's own interests and feelings
 * are kept while judgements of personality are not.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import type { ChatMessage } from "../../src/messages.js";
import { classifyRelation, type Statement } from "../../src/write/conflict/classify.js";
import { extractWithRules } from "../../src/write/extract/index.js";
import { resolveSpeakers } from "../../src/write/extract/speakers.js";
import { admit, parseAdmissionConfig } from "../../src/write/scoring.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

const AT = "2024-09-17T18:20:00Z";
const said = (id: string, name: string, content: string) => ({ id, role: "user" as const, name, content, at: AT });

// Written for this suite: the opening of a catch-up between two friends, with greetings,
// questions and reactions between the turns worth remembering.
const NADIA_AND_JONAH = [
  said("D1:1", "Nadia", "Hi Jonah! Long time no see! How have you been?"),
  said(
    "D1:2",
    "Jonah",
    "Hey Nadia! Good to hear from you! I'm buried in grading and the twins' swim meets. How about you? Any news?",
  ),
  said("D1:3", "Nadia", "I went to a beekeeping workshop yesterday and it was so inspiring."),
  said("D1:4", "Jonah", "Oh wow, Nadia! What did they teach you? Did you get stung at all?"),
  said("D1:7", "Nadia", "The workshop has made me feel calmer and given me a reason to spend my weekends outdoors."),
  said("D1:8", "Jonah", "Sounds great. Good for you. What's next?"),
  said(
    "D1:9",
    "Nadia",
    "I'm keen on keeping my own hives or working on an organic farm. I'd love to sell honey at the farmers market.",
  ),
  said("D1:11", "Nadia", "Thanks, Jonah! That's really kind. Did you make this quilt yourself?"),
  said("D1:12", "Jonah", "Yep, I stitched that patchwork quilt last year! It means a lot to me."),
  said("D1:16", "Jonah", "Sure, Nadia. Rest matters. I'm off to drive the twins to practice. Talk soon!"),
  said("D1:17", "Nadia", "How is your cousin doing these days?"),
  said("D1:18", "Nadia", "My brother moved to Halifax last year, and I visit him every winter."),
];

const opened: Memory[] = [];
async function open(): Promise<Memory> {
  const memory = await createMemory({ ...suiteMemoryLocation("lgm-conversation-"), env: {} });
  opened.push(memory);
  return memory;
}
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

describe("a two-person conversation through the facade", () => {
  it("keeps the evidence: every informative turn is written, none pending, none superseded", async () => {
    const memory = await open();
    const scope = { userId: "friends" };
    const out = await memory.remember({ scope, messages: NADIA_AND_JONAH });
    const cited = new Set(out.written.flatMap((r) => r.source.messageIds));
    for (const id of ["D1:2", "D1:3", "D1:7", "D1:9", "D1:12", "D1:16", "D1:18"]) expect(cited, id).toContain(id);
    // Greetings and questions leave nothing behind.
    for (const id of ["D1:1", "D1:4", "D1:8", "D1:17"]) expect(cited, id).not.toContain(id);
    expect(out.pending).toEqual([]);
    expect(out.superseded).toEqual([]);
    const byId = (id: string) => out.written.filter((r) => r.source.messageIds.includes(id)).map((r) => r.content);
    expect(byId("D1:3")).toContain("Nadia went to a beekeeping workshop on 2024-09-16 and it was so inspiring");
    expect(byId("D1:9")).toContain("Nadia is keen on keeping Nadia's own hives or working on an organic farm");
    expect(byId("D1:12")).toContain("Jonah stitched that patchwork quilt in 2023");
    expect(byId("D1:18")).toContain("Nadia's brother moved to Halifax in 2023");
    expect(out.written.find((r) => r.source.messageIds.includes("D1:9"))).toMatchObject({
      source: { type: "explicit", speaker: "Nadia" },
    });
  });

  it("recalls the evidence for a temporal and a paraphrased question", async () => {
    const memory = await open();
    const scope = { userId: "friends" };
    await memory.remember({ scope, messages: NADIA_AND_JONAH });
    const cites = async (query: string) =>
      (await memory.recall({ scope, query, limit: 10 })).memories.flatMap((m) => m.source.messageIds);
    expect(await cites("When did Nadia go to the beekeeping workshop?")).toContain("D1:3");
    expect(await cites("What career is Nadia interested in?")).toContain("D1:9");
    expect(await cites("When did Jonah stitch a quilt?")).toContain("D1:12");
  });

  it("reads a mem0-style transcript (the second person replayed as the assistant) as two people speaking", async () => {
    const memory = await open();
    const scope = { userId: "mem0" };
    const out = await memory.remember({
      scope,
      messages: [
        { id: "D1:1", role: "user", content: "Nadia: I went to a beekeeping workshop yesterday.", at: AT },
        { id: "D1:2", role: "assistant", content: "Jonah: I stitched that patchwork quilt last year!", at: AT },
      ],
    });
    // Every turn carries a person's name and the names keep to their roles: a transcript
    // (src/write/transcript.ts), so Jonah's own statement is hers, not an AI's claim.
    expect(out.written.map((r) => r.content)).toEqual([
      "Nadia went to a beekeeping workshop on 2024-09-16",
      "Jonah stitched that patchwork quilt in 2023",
    ]);
    expect(out.written[1]!.source).toMatchObject({ type: "explicit", speaker: "Jonah", messageIds: ["D1:2"] });
    expect(out.pending).toEqual([]);
  });
});

describe("what is no longer asked about (dates, numbers and filler are not shared topics)", () => {
  it("writes different objects and differently dated plans without a question; the article's case is still asked", async () => {
    const memory = await open();
    const scope = { userId: "asks" };
    const say = (content: string) =>
      memory.remember({ scope, messages: [{ role: "user", content, at: "2024-05-06T09:00:00+08:00" }] });
    for (const text of [
      "我不吃洋葱，点外卖记得备注。",
      "我不吃茄子，点外卖记得备注。",
      "我 2024年4月骑行了一次",
      "我要在 2024-05-07 中午之前准备演示",
    ]) {
      const out = await say(text);
      expect(out.written, text).toHaveLength(1);
      expect(out.pending, text).toEqual([]);
    }
    await say("我喜欢吃苹果");
    expect((await say("我喜欢喝咖啡")).pending).toEqual([expect.objectContaining({ content: "用户喜欢喝咖啡" })]);
  });
});

describe("one turn per call", () => {
  it("reads a turn sent on its own as part of the conversation its scope has seen", async () => {
    const memory = await open();
    const scope = { userId: "turns" };
    const turn = (id: string, name: string, content: string) =>
      memory.remember({ scope, messages: [said(id, name, content)] });
    await turn("D1:1", "Marcus", "We took Maya camping in Yosemite last weekend.");
    await turn("D1:2", "Priya", "Fun! What does Maya want to be when she grows up?");
    const out = await turn("D1:3", "Marcus", "Now she wants to be a park ranger, you would love her.");
    const [ranger] = out.written;
    expect(ranger!.content).toBe("Marcus said now she wants to be a park ranger");
    // The question of the previous call and the person last named travel with the answer.
    expect(ranger!.retrievalHints!.join(" ")).toMatch(/\bmaya\b/i);
    expect(
      (await memory.recall({ scope, query: "What does Maya want to be?", limit: 3 })).memories.flatMap(
        (m) => m.source.messageIds,
      ),
    ).toContain("D1:3");
  });

  it("keeps no conversation context for an assistant chat", async () => {
    const memory = await open();
    const scope = { userId: "chat" };
    await memory.remember({ scope, messages: [{ role: "user", content: "我不吃香菜", at: AT }] });
    expect(await memory.store.search(["memory", "_default", "chat", "conversation"], { limit: 5 })).toEqual([]);
  });
});

describe("speakers", () => {
  const message = (id: string, role: ChatMessage["role"], content: string, name?: string): ChatMessage => ({
    id,
    role,
    content,
    at: AT,
    ...(name ? { name } : {}),
  });

  it("reads a 'Name: ' prefix as the speaker, and the other person as 'you'", () => {
    const views = resolveSpeakers([
      message("a", "user", "Nadia: How are you?"),
      message("b", "assistant", "Jonah: Great, you?"),
    ]);
    expect(views.map((v) => [v.speaker, v.listener, v.content, v.conversation])).toEqual([
      ["Nadia", "Jonah", "How are you?", true],
      ["Jonah", "Nadia", "Great, you?", true],
    ]);
  });

  it("does not take labels or agent ids for names, nor a lone Chinese heading", () => {
    const views = resolveSpeakers([
      message("a", "user", "Note: I moved to Boston"),
      message("b", "assistant", "Sure.", "research_agent"),
      message("c", "user", "记住：我不吃香菜"),
      message("d", "user", "总结：项目延期"),
    ]);
    expect(views.map((v) => v.speaker)).toEqual([undefined, undefined, undefined, undefined]);
    expect(views.every((v) => !v.conversation)).toBe(true);
  });

  it("rewrites 'you' as the other person and drops requests between the two", () => {
    const contents = extractWithRules([
      message("1", "user", "You'd love the new café, I went there on Saturday.", "Tom"),
      message("2", "user", "Send me pictures! My brother lives near it.", "Ana"),
    ]).map((c) => c.content);
    expect(contents).toContain("Ana's brother lives near it");
    expect(contents.some((c) => /pictures/.test(c))).toBe(false);
    expect(contents.some((c) => /assistant/.test(c))).toBe(false);
  });

  it("qualifies keys by speaker so two people's attributes are two values", () => {
    const [priya, marcus] = extractWithRules([
      message("1", "user", "I'm a nurse.", "Priya"),
      message("2", "user", "I'm a teacher.", "Marcus"),
    ]);
    expect(priya!.key).toBe("work.role.p_priya");
    expect(marcus!.key).toBe("work.role.p_marcus");
    expect(priya!.speaker).toBe("Priya");
  });
});

describe("what counts as the same dimension (seed 002 §3, with speakers, dates and events)", () => {
  const s = (content: string, extra: Partial<Statement> = {}): Statement => ({
    content,
    key: "fact.x",
    kind: "fact",
    ...extra,
  });

  it("never relates two speakers' statements about themselves", () => {
    expect(
      classifyRelation(
        s("Marcus plays upright bass", { speaker: "Marcus" }),
        s("Priya plays the piano", { speaker: "Priya" }),
      ).relation,
    ).toBe("coexist");
    expect(
      classifyRelation(
        s("Marcus does not eat shrimp", { kind: "preference", speaker: "Marcus" }),
        s("Priya eats shrimp", { kind: "preference", speaker: "Priya" }),
      ).relation,
    ).toBe("coexist");
  });

  it("does not treat the speaker's name, dates, numbers or the rewrite's frame as a shared topic", () => {
    expect(
      classifyRelation(
        s("Marcus and others have big news: Lena is pregnant", { speaker: "Marcus" }),
        s("Marcus plays upright bass with three other teachers", { speaker: "Marcus" }),
      ).relation,
    ).toBe("coexist");
    expect(
      classifyRelation(
        s("用户在 2024年4月骑行", { kind: "episode", key: "episode.a" }),
        s("用户在 2024-05-07 中午之前要准备演示", { kind: "todo", key: "todo.b" }),
      ).relation,
    ).toBe("coexist");
    expect(
      classifyRelation(s("Priya ran 14 kilometers on 2023-04-01"), s("Priya read 14 books in 2023")).relation,
    ).toBe("coexist");
  });

  it("keeps two objects of one topic apart even when the sentences share their tail", () => {
    const eggplant = s("用户不吃茄子，点外卖记得备注", { kind: "preference", key: "food.eggplant" });
    const onion = s("用户不吃洋葱，点外卖记得备注", { kind: "preference", key: "food.onion" });
    expect(classifyRelation(eggplant, onion).relation).toBe("coexist");
    // The article's case stays a question: one attitude about one domain.
    expect(
      classifyRelation(
        s("用户喜欢喝咖啡", { kind: "preference", key: "food.coffee" }),
        s("用户喜欢吃苹果", { kind: "preference", key: "food.apple" }),
      ).relation,
    ).toBe("ask_user");
  });

  it("adds events up: an episode only repeats or details the same event", () => {
    const camping = s("Marcus took Maya camping in Yosemite on the weekend of 2023-03-25", { kind: "episode" });
    expect(
      classifyRelation(s("Marcus went kayaking with Maya on 2023-07-04", { kind: "episode" }), camping).relation,
    ).toBe("coexist");
    expect(
      classifyRelation(
        s("Marcus took Maya camping in Yosemite on the weekend of 2023-06-10", { kind: "episode" }),
        camping,
      ).relation,
    ).toBe("coexist");
    expect(classifyRelation(camping, camping).relation).toBe("duplicate");
    expect(classifyRelation(s("Marcus said he is not into camping", { kind: "fact" }), camping).relation).toBe(
      "coexist",
    );
  });

  it("asks only about preferences; related facts coexist, contradicted ones are superseded", () => {
    expect(
      classifyRelation(
        s("Priya is applying to the program at Loyola"),
        s("Priya is thinking about going back to school"),
      ).relation,
    ).toBe("coexist");
    expect(
      classifyRelation(s("Priya does not run along the lakefront anymore"), s("Priya runs along the lakefront"))
        .relation,
    ).toBe("supersede");
  });
});

describe("a speaker's own interests and feelings (seed 003 §5.1's 0.85 bar is for judgements)", () => {
  const one = (content: string, name?: string) =>
    extractWithRules([{ id: "m1", role: "user", content, at: AT, ...(name ? { name } : {}) }]);

  const config = parseAdmissionConfig();
  /** The one candidate of `content` and what admission (src/write/scoring.ts `admit`) does with it. */
  const verdictOf = (content: string) => {
    const candidates = one(content);
    expect(candidates, content).toHaveLength(1);
    const verdict = admit(candidates[0]!, 0, config);
    return {
      confidence: candidates[0]!.confidence,
      signals: candidates[0]!.signals,
      ...("admitted" in verdict
        ? { admitted: { confidence: verdict.admitted.confidence, status: verdict.admitted.status } }
        : { rejected: verdict.rejected.reason }),
    };
  };

  it("keeps first-person interests, aspirations and feelings about an event at explicit confidence", () => {
    // Self-stated: flagged personal by extraction (so admission reads the 0.85 bar) and read at
    // ordinary confidence 0.9, which clears it: written as an active explicit memory at 0.9.
    const kept = { confidence: 0.9, signals: { personal: true }, admitted: { confidence: 0.9, status: "active" } };
    expect(verdictOf("I'm keen on keeping bees or working on an organic farm.")).toEqual(kept);
    expect(verdictOf("I'd love to sell honey at the farmers market.")).toEqual(kept);
    expect(verdictOf("The workshop has made me feel calmer.")).toEqual(kept);
  });

  it("leaves out moods without content and self-judgements of personality", () => {
    // A mood with nothing else in it is not even a candidate.
    expect(one("I'm so happy today!")).toEqual([]);
    // A trait extraction itself recognises: flagged personal at 0.75, under the 0.85 bar.
    expect(verdictOf("I'm such an anxious person.")).toEqual({
      confidence: 0.75,
      signals: { personal: true },
      rejected: "personal_low_confidence",
    });
    // A trait only admission's hints notice: extraction read it as ordinary speech (0.9, no
    // signal), which does not vouch for a judgement, so it is rejected all the same.
    expect(verdictOf("我这个人就是比较难搞")).toEqual({
      confidence: 0.9,
      signals: undefined,
      rejected: "personal_low_confidence",
    });
  });

  it("writes a self-judgement only when the user asks for it to be remembered", async () => {
    expect(verdictOf("记住：我这个人就是比较难搞")).toEqual({
      confidence: 1,
      signals: { explicitMarker: true },
      admitted: { confidence: 0.9, status: "active" },
    });
    // End to end through the facade: said in passing, nothing is written and the reason is given.
    const memory = await open();
    const say = async (userId: string, content: string) => {
      const out = await memory.remember({ scope: { userId }, messages: [{ id: "m1", role: "user", content, at: AT }] });
      return {
        written: out.written.map((r) => [r.content, r.confidence]),
        rejected: out.rejected.map((r) => r.reason),
      };
    };
    expect(await say("passing", "我这个人就是比较难搞")).toEqual({
      written: [],
      rejected: ["personal_low_confidence"],
    });
    expect(await say("asked", "记住：我这个人就是比较难搞")).toEqual({
      written: [["用户这个人就是比较难搞", 0.9]],
      rejected: [],
    });
    expect(await say("interest", "I'm keen on keeping bees or working on an organic farm.")).toEqual({
      written: [["The user is keen on keeping bees or working on an organic farm", 0.9]],
      rejected: [],
    });
  });
});
