/**
 * What the user (or their team, their shop) uses all along is a standing fact, said with or
 * without a subject (一直用…, 目前用…开发, …都在…里通知, "I've always shot on …"); a single use
 * or a borrowed thing is not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

let memory: Memory;
let n = 0;
beforeAll(async () => {
  memory = await createMemory({ ...suiteMemoryLocation("lgm-standing-"), env: {} });
});
afterAll(async () => {
  await memory.close();
});

async function written(content: string): Promise<string[]> {
  const out = await memory.remember({
    scope: { userId: `u${n++}` },
    messages: [{ id: "m1", role: "user", content, at: "2024-05-07T10:00:00+08:00" }],
  });
  return out.written.map((r) => r.content);
}

describe("standing use: written", () => {
  it.each([
    ["平时喜欢写字，一直用百乐的钢笔。", "百乐"],
    ["目前用 Flutter 开发，后端是 Go。", "Flutter"],
    ["店里进货的事都在钉钉群里通知。", "钉钉"],
    ["I've always shot on a Leica.", "Leica"],
    ["We build it in Godot.", "Godot"],
    ["We post the rota in the team Slack channel.", "Slack"],
  ])("%s", async (content, word) => {
    expect((await written(content)).some((c) => c.includes(word))).toBe(true);
  });
});

describe("a single use: not a standing fact", () => {
  it.each([
    ["用了一下佳能，还行。", "佳能"],
    ["借了朋友的尼康，拍了几张。", "尼康"],
  ])("%s", async (content, word) => {
    expect((await written(content)).some((c) => c.includes(word))).toBe(false);
  });
});
