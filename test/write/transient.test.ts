/**
 * States of the moment are not long-term facts: where the speaker is right now, what they are
 * busy with, a passing ache or mood. Lasting states that look alike are still written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { isTransient, TRANSIENT } from "../../src/write/cues.js";
import { createRng } from "../bench/fixtures.js";
import { EN_BOOK, EN_CLUB, NameBook, pick } from "../eval/families/names.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

let memory: Memory;
let n = 0;
beforeAll(async () => {
  memory = await createMemory({ ...suiteMemoryLocation("lgm-transient-"), env: {} });
});
afterAll(async () => {
  await memory.close();
});

/** What one message leaves behind in a fresh scope. */
async function say(content: string) {
  const out = await memory.remember({
    scope: { userId: `u${n++}` },
    messages: [{ id: "m1", role: "user", content, at: "2024-05-07T10:00:00+08:00" }],
  });
  return { written: out.written.map((r) => r.content), rejected: out.rejected.map((r) => r.reason) };
}

describe("states of the moment", () => {
  it.each([
    "我在外面",
    "我在外面，晚点回你",
    "我现在在地铁上",
    "我在路上了",
    "我正在开会",
    "我在家",
    "我刚到家了",
    "我头有点疼",
    "I'm on the bus right now",
    "I'm on the bus",
    "I'm in a meeting",
    "I'm driving to work",
    "I have a headache today",
  ])("%s is rejected as transient", async (content) => {
    expect(await say(content)).toEqual({ written: [], rejected: ["transient"] });
  });

  it("writes nothing for a passing mood (not even a candidate)", async () => {
    expect(await say("我现在有点累")).toEqual({ written: [], rejected: [] });
    expect(await say("I'm so tired right now")).toEqual({ written: [], rejected: [] });
  });
});

describe("an activity under way with others, on a named work", () => {
  it("is written whatever the club and title, while a choice of this moment is not (seeded)", async () => {
    const r = createRng(3307);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 6; i++) {
      const [title, club] = [book.entity(EN_BOOK), book.entity(EN_CLUB)];
      const verb = pick(r, ["doing", "reading", "discussing"]);
      const said = await say(`We're ${verb} ${title} in ${club} ${pick(r, ["right now", "at the moment"])}.`);
      expect(said.rejected, title).toEqual([]);
      expect(said.written.join(" "), title).toContain(title.replace(/^The /u, ""));
    }
    expect((await say("We're using SQLite right now.")).rejected).toEqual(["transient"]);
  });
});

describe("lasting states that look alike", () => {
  it.each([
    ["我在外企工作", "用户在外企工作"],
    ["我在家办公", "用户在家办公"],
    ["我现在住在上海", "用户现在住在上海"],
    ["I live outside the city", "The user lives outside the city"],
    ["I work outside the city", "The user works outside the city"],
    ["I'm driving a Tesla now", "The user is driving a Tesla now"],
  ])("%s is written", async (content, stored) => {
    expect(await say(content)).toEqual({ written: [stored], rejected: [] });
  });

  it("keeps an event that happened somewhere outside", async () => {
    expect((await say("我昨天在外面吃了火锅")).written).toEqual(["用户在 2024-05-06 在外面吃了火锅"]);
  });

  it("tells a sequence of steps from a choice put off until later (先…再)", async () => {
    expect(isTransient("这次先用 SQLite，上线再换 PG")).toBe(true);
    expect(isTransient("先这样，回头再说")).toBe(true);
    expect(isTransient("以后改数据库结构，记得先跑一下 make gen 再做迁移")).toBe(false);
    expect(await say("以后改数据库结构，记得先跑一下 make gen 再做迁移。")).toEqual({
      written: ["用户要求：以后改数据库结构，记得先跑一下 make gen 再做迁移"],
      rejected: [],
    });
  });

  it("reads the third person too (a model's candidate)", () => {
    expect(TRANSIENT.en.test("The user is on the bus")).toBe(true);
    expect(TRANSIENT.zh.test("用户在外面")).toBe(true);
    expect(TRANSIENT.en.test("The user lives outside the city")).toBe(false);
    expect(TRANSIENT.zh.test("用户在外企工作")).toBe(false);
  });
});
