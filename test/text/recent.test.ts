/** src/recent.ts: the bounded memo of pure string functions the write and read paths share. */
import { describe, expect, it } from "vitest";
import { Recent, RecentLists } from "../../src/recent.js";

describe("Recent", () => {
  it("answers a kept key without calling again, forgets the oldest past its bound, and keeps undefined", () => {
    const calls: string[] = [];
    const recent = new Recent<string | undefined>(2);
    const ask = (key: string) =>
      recent.get(key, () => {
        calls.push(key);
        return key === "none" ? undefined : key.toUpperCase();
      });
    expect([ask("a"), ask("none"), ask("a"), ask("none")]).toEqual(["A", undefined, "A", undefined]);
    expect(calls).toEqual(["a", "none"]);
    ask("b"); // "a" is the oldest: it goes
    ask("a");
    expect(calls).toEqual(["a", "none", "b", "a"]);
  });

  it("lists: each caller gets its own copy, the items are frozen and shared", () => {
    const lists = new RecentLists<{ n: number }>(4);
    const first = lists.get("k", () => [{ n: 1 }, { n: 2 }]);
    first.push({ n: 3 });
    const second = lists.get("k", () => []);
    expect(second).toEqual([{ n: 1 }, { n: 2 }]);
    expect(second[0]).toBe(first[0]);
    expect(() => {
      (second[0] as { n: number }).n = 9;
    }).toThrow(TypeError);
  });
});
