/**
 * A name given right after something is introduced names that thing (我有一辆自行车，叫钱奕; 我有个
 * 同事，叫林一鸣), never the speaker; the speaker's own name (我叫…) still is theirs. Names,
 * things and sentence forms are drawn at random (seeded).
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../bench/fixtures.js";
import { NameBook, pick, ZH_FULL_NAME, ZH_PET } from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open: suiteMemory, tick } = steppedSuite("lgm-naming-", "2026-07-01T09:00:00Z");

const THINGS = [
  "一辆红色自行车",
  "一只橘猫",
  "一条柯基",
  "两只英短",
  "一盆多肉",
  "个同事",
  "一位邻居",
  "一台旧电脑",
  "一艘小船",
];
const OPENINGS = ["我有", "我家养了", "我们家有", "我去年买了", "我最近认识了"];
const NAMINGS = ["叫{n}", "名叫{n}", "名字叫{n}", "取名叫{n}"];

describe("a name given to what was just introduced is that thing's", () => {
  it("zh: never written as the user's own name, and kept with its name", async () => {
    const r = createRng(7707);
    const book = new NameBook(r, 0);
    const memory = await suiteMemory();
    const scope = { userId: "naming" };
    for (let i = 0; i < 24; i++) {
      const name = book.entity(pick(r, [ZH_FULL_NAME, ZH_PET]));
      const text = `${pick(r, OPENINGS)}${pick(r, THINGS)}，${pick(r, NAMINGS).replace("{n}", name)}。`;
      const out = await memory.remember({
        scope,
        messages: [{ id: `n${i}`, role: "user", content: text, at: tick() }],
      });
      expect(
        out.written.map((m) => m.key),
        text,
      ).not.toContain("identity.name");
      expect(out.superseded, text).toEqual([]);
      expect(
        out.written.some((m) => m.content.includes(name)),
        `${text} → ${out.written.map((m) => m.content).join(" | ")}`,
      ).toBe(true);
    }
    await memory.close();
  });

  it("zh: the speaker's own name, and a relative's after a clause about them, are still read as such", async () => {
    const r = createRng(7708);
    const book = new NameBook(r, 0);
    const memory = await suiteMemory();
    const scope = { userId: "own-name" };
    const own = book.entity(ZH_FULL_NAME);
    const mine = await memory.remember({
      scope,
      messages: [{ id: "me", role: "user", content: `我叫${own}，在杭州工作。`, at: tick() }],
    });
    expect(mine.written.find((m) => m.key === "identity.name")?.value).toBe(own);
    const child = book.entity(ZH_FULL_NAME);
    const out = await memory.remember({
      scope,
      messages: [{ id: "kid", role: "user", content: `我女儿今年六岁，叫${child}。`, at: tick() }],
    });
    expect(out.written.map((m) => m.key)).not.toContain("identity.name");
    expect(out.written.some((m) => m.content.includes(`女儿叫${child}`))).toBe(true);
    await memory.close();
  });
});
