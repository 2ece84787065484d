/**
 * The days a query names (src/recall/dates.ts) and the `date` channel they drive: a question
 * about a day ranks that day's episodes up.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { queryDayTerms } from "../../src/recall/dates.js";
import { dayTerms } from "../../src/time.js";
import { memoryStore } from "../write/helpers.js";

const NOW = new Date("2026-12-01T10:00:00Z");

describe("queryDayTerms", () => {
  it("reads a day without a year as that day of any year, in both languages", () => {
    expect(queryDayTerms("在5月2号我们聊了什么？", NOW)).toEqual(["date_0502"]);
    expect(queryDayTerms("我4月30日做了一道什么菜？", NOW)).toEqual(["date_0430"]);
    expect(queryDayTerms("On May 4th, what did you recommend?", NOW)).toEqual(["date_0504"]);
  });

  it("keeps the year when the query says it, and resolves relative days against now", () => {
    expect(queryDayTerms("2023年5月4日我们聊了什么", NOW)).toEqual(["date_0504", "date_20230504"]);
    expect(queryDayTerms("What did I tell you yesterday?", NOW)).toEqual(["date_1130", "date_20261130"]);
    expect(queryDayTerms("上周三我说了什么", NOW)).toEqual(["date_1125", "date_20261125"]);
  });

  it("names no day for questions without one, for a month or a year, or for a modal 'may'", () => {
    expect(queryDayTerms("What painters did you recommend to me?", NOW)).toEqual([]);
    expect(queryDayTerms("What did we do last year?", NOW)).toEqual([]);
    expect(queryDayTerms("我上个月读了什么书？", NOW)).toEqual([]);
    expect(queryDayTerms("I may visit my aunt, what should I bring?", NOW)).toEqual([]);
  });

  it("matches the terms episodes are indexed with", () => {
    expect(dayTerms("2023-05-02")).toEqual(["date_0502", "date_20230502"]);
    expect(queryDayTerms("在5月2号我们聊了什么？", NOW)[0]).toBe(dayTerms("2023-05-02")[0]);
  });
});

describe("a question about a day", () => {
  const opened: Memory[] = [];
  afterEach(async () => {
    for (const memory of opened.splice(0)) await memory.close();
  });

  it("ranks that day's conversation first, and leaves other questions as they were", async () => {
    const memory = await createMemory({ store: memoryStore(), env: {}, now: () => NOW });
    opened.push(memory);
    const scope = { userId: "u_days" };
    const days = ["2025-03-10", "2025-03-11", "2025-03-12", "2025-03-13"];
    const dishes = ["a mushroom risotto", "a lentil soup", "a pumpkin curry", "a tomato tart"];
    for (const [i, day] of days.entries()) {
      await memory.remember({
        scope,
        sessionId: day,
        messages: [
          {
            id: `${day}#q`,
            role: "user",
            content: `Tonight I cooked ${dishes[i]} for dinner.`,
            at: `${day}T19:00:00Z`,
          },
          { id: `${day}#r`, role: "assistant", content: "That sounds delicious, well done.", at: `${day}T19:01:00Z` },
        ],
      });
    }
    const asked = await memory.recall({ scope, query: "What did I cook for dinner on March 12th?", limit: 3 });
    expect(asked.memories[0]!.source.messageIds).toContain("2025-03-12#q");
    const other = await memory.recall({ scope, query: "What did I cook for dinner on March 10th?", limit: 3 });
    expect(other.memories[0]!.source.messageIds).toContain("2025-03-10#q");
    // The day is a structured condition: that day's memories are the ones ranked (seed 001 §4.3).
    expect((await memory.trace(scope, asked.traceId)).conditions).toEqual([
      expect.objectContaining({ kind: "time", text: "March 12th", applied: true }),
    ]);
    // With the structured path off, the day is a channel of its own that ranks it up.
    const similarity = await createMemory({ store: memoryStore(), env: {}, now: () => NOW, structured: false });
    opened.push(similarity);
    await similarity.remember({
      scope,
      messages: [{ id: "s#q", role: "user", content: "Tonight I cooked a tomato tart.", at: "2025-03-13T19:00:00Z" }],
    });
    const dated = await similarity.recall({ scope, query: "What did I cook on March 13th?", limit: 3 });
    expect((await similarity.trace(scope, dated.traceId)).channels).toContain("date");
    // Without a day, no date channel runs and every evening is still found.
    const plain = await memory.recall({ scope, query: "What did I cook for dinner?", limit: 10 });
    expect((await memory.trace(scope, plain.traceId)).channels).not.toContain("date");
    const cited = plain.memories.flatMap((m) => m.source.messageIds);
    for (const day of days) expect(cited).toContain(`${day}#q`);
  });
});
