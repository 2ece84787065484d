/**
 * What is said in passing leaves no memory of the user: a riddle and its punchline, a
 * hypothetical or wish, the weather, the commute, the body or mood of this moment. Each rule has
 * a lasting look-alike that is still written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { splitSentences } from "../../src/write/extract/segment.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

let memory: Memory;
let n = 0;
beforeAll(async () => {
  memory = await createMemory({ ...suiteMemoryLocation("lgm-noise-"), env: {} });
});
afterAll(async () => {
  await memory.close();
});

/** What one message leaves behind in a fresh scope. */
async function written(content: string): Promise<string[]> {
  const out = await memory.remember({
    scope: { userId: `u${n++}` },
    messages: [{ id: "m1", role: "user", content, at: "2024-05-07T10:00:00+08:00" }],
  });
  return out.written.map((r) => r.content);
}

describe("said in passing: not written", () => {
  it.each([
    // riddles
    "why do chemists like nitrates so much? because they're cheaper than day rates",
    "why can't bicycles stand on their own? they are two tired",
    "为什么程序员都分不清万圣节和圣诞节？因为 Oct 31 等于 Dec 25",
    // hypotheticals and wishes
    "If I won the lottery, I would buy a boat",
    "I would give anything to sleep for a week",
    "I wish I could teleport to work",
    "要是老板能早点批假，我早就出发了",
    "如果这次中了彩票，我要先换辆车",
    "假如周末不加班就好了",
    // weather, commute, body and mood of the moment
    "it's snowing sideways and my car won't start",
    "my back is cramping from the long drive",
    "外面在下暴雨，我被困在公司了",
    "刚到家，累得我一动都不想动",
    "开了一下午会，头都大了",
  ])("%s", async (content) => {
    expect(await written(content)).toEqual([]);
  });
});

describe("lasting look-alikes: still written", () => {
  it.each([
    "I'm allergic to cats",
    "我每天骑车上班",
    "I always get carsick on buses",
    // A standing conditional habit in the plain present is how the user lives: kept.
    "If it rains I work from home",
    "如果下雨我就在家办公",
    "我老公讲笑话很好笑",
  ])("%s", async (content) => {
    expect((await written(content)).length).toBeGreaterThan(0);
  });
});

describe("riddles", () => {
  it("keeps a riddle and its punchline as one question", () => {
    expect(splitSentences("why do cows wear bells? their horns don't work. anyway")).toEqual([
      "why do cows wear bells? their horns don't work.",
      "anyway",
    ]);
  });
  it("does not join a question about the speaker to the next sentence", () => {
    expect(splitSentences("why do I always forget? I left my keys again.")).toHaveLength(2);
  });
});
