import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { isHistoryQuestion } from "../../src/recall/history-question.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

describe("isHistoryQuestion", () => {
  it.each([
    "What did I say before about coffee?",
    "Where did I use to live?",
    "What was my old phone number?",
    "Which editor did I use previously?",
    "我以前喜欢喝什么？",
    "我之前说过我住哪吗？",
    "我原来用的是什么编辑器",
    "我一开始说的预算是多少？",
  ])("asks about the past: %s", (query) => {
    expect(isHistoryQuestion(query)).toBe(true);
  });

  it.each([
    "What should I pack before the trip?",
    "What do I like to drink?",
    "Remind me before the meeting starts",
    "I used to drink coffee, now it's tea.",
    "Did I leave the stove on?",
    "之前的会议纪要在哪？",
    "我喜欢喝什么？",
    "我以前喜欢喝咖啡，现在改喝茶了。",
    "帮我订明天之前的机票",
  ])("does not: %s", (query) => {
    expect(isHistoryQuestion(query)).toBe(false);
  });
});

describe("a history question recalls the old versions", () => {
  it("finds the superseded value when asked about the past, and only the current one otherwise", async () => {
    let now = new Date("2026-03-01T09:00:00Z");
    const memory = await createMemory({ ...suiteMemoryLocation(), env: {}, now: () => now });
    const scope = { userId: "u1" };
    try {
      await memory.remember({ scope, messages: [{ role: "user", content: "I live in Lyon." }] });
      now = new Date("2026-05-01T09:00:00Z");
      const moved = await memory.remember({
        scope,
        messages: [{ role: "user", content: "I moved to Paris last week." }],
      });
      expect(moved.superseded).toHaveLength(1);

      const current = await memory.recall({ scope, query: "Where do I live?" });
      expect(current.context).toContain("Paris");
      expect(current.context).not.toContain("Lyon");

      const past = await memory.recall({ scope, query: "Where did I use to live before?" });
      expect(past.memories.map((m) => [m.content.includes("Lyon"), m.status])).toContainEqual([true, "superseded"]);
      expect((await memory.trace(scope, past.traceId))?.includeHistory).toBe(true);
      // The caller's explicit choice wins over the wording.
      const declined = await memory.recall({ scope, query: "Where did I use to live before?", includeHistory: false });
      expect(declined.memories.some((m) => m.content.includes("Lyon"))).toBe(false);
    } finally {
      await memory.close();
    }
  });
});
