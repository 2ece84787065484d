/**
 * A candidate about a single-valued attribute carries its value, and a new value replaces the
 * old one: one active memory per attribute, the latest, the rest superseded (kept, never
 * deleted). Questions never change a value.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { extractWithRules } from "../../src/write/extract/index.js";
import { memoryStore, SCOPE } from "./helpers.js";

const AT = "2024-05-07T10:00:00+08:00";
const only = (content: string) => extractWithRules([{ id: "m1", role: "user", content, at: AT }]);

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

async function open(): Promise<Memory> {
  const memory = await createMemory({ store: memoryStore(), env: {}, now: () => new Date("2025-01-01T00:00:00Z") });
  opened.push(memory);
  return memory;
}

const at = (i: number) => new Date(Date.parse("2024-05-01T10:00:00Z") + i * 3_600_000).toISOString();
const say = (memory: Memory, content: string, i: number) =>
  memory.remember({ scope: SCOPE, messages: [{ role: "user", content, at: at(i), id: `m${i}` }] });

describe("values of single-valued attributes", () => {
  it("reads the value of a possessive attribute, in both languages", () => {
    expect(only("My locker number is 12")[0]).toMatchObject({ kind: "fact", key: "fact.locker_number", value: "12" });
    expect(only("My favourite colour is dark green")[0]).toMatchObject({
      key: "fact.favourite_colour",
      value: "dark green",
    });
    const [zh] = only("我的储物柜号码是12");
    expect(zh).toMatchObject({ kind: "fact", value: "12" });
    expect(zh!.key).toMatch(/^fact\.h[0-9a-f]{8}$/);
  });

  it("reads no value from a question, a person or a clause", () => {
    expect(only("is my locker number 5?")).toEqual([]);
    expect(only("我的储物柜号码是多少？")).toEqual([]);
    // A person, not an attribute of the speaker's: the value is the sister's, under her key.
    const sister = only("My sister is a nurse")[0];
    expect(sister?.key).toMatch(/^sister\./u);
    expect(sister?.key.startsWith("fact.")).toBe(false);
    expect(only("My point is that we should wait")[0]?.value).toBeUndefined();
  });

  it("keeps exactly one active locker number after 101 values, one call each: the latest", async () => {
    const memory = await open();
    for (let n = 1; n <= 101; n++) await say(memory, `My locker number is ${n}`, n);
    const active = (await memory.list(SCOPE, { status: "active" })).filter((r) => r.key === "fact.locker_number");
    expect(active.map((r) => r.value)).toEqual(["101"]);
    const superseded = (await memory.list(SCOPE, { status: "superseded" })).filter(
      (r) => r.key === "fact.locker_number",
    );
    expect(superseded).toHaveLength(100);
    // Asking is not telling.
    const question = await say(memory, "is my locker number 5?", 200);
    expect([...question.written, ...question.superseded]).toEqual([]);
    expect(
      (await memory.list(SCOPE, { status: "active" }))
        .filter((r) => r.key === "fact.locker_number")
        .map((r) => r.value),
    ).toEqual(["101"]);
  }, 60_000);

  it("answers with the latest favourite colour after fifty", async () => {
    const memory = await open();
    const colours = Array.from({ length: 50 }, (_, i) => `colour${String.fromCharCode(97 + (i % 26))}${i}`);
    for (const [i, colour] of colours.entries()) await say(memory, `My favourite colour is ${colour}`, i);
    const { memories } = await memory.recall({ scope: SCOPE, query: "What is my favourite colour?" });
    const told = memories.filter((m) => m.key === "fact.favourite_colour");
    expect(told.map((m) => m.value)).toEqual([colours.at(-1)]);
  }, 60_000);

  it("reinforces the same value said again rather than adding a second memory", async () => {
    const memory = await open();
    await say(memory, "My locker number is 7", 1);
    const again = await say(memory, "my locker number is 7", 2);
    expect(again.written).toEqual([]);
    expect(again.reinforced.map((r) => r.value)).toEqual(["7"]);
  });

  it("supersedes where someone lives, whether said as a state or a move", async () => {
    const memory = await open();
    await say(memory, "My colleague Anna lives in Boston", 1);
    const moved = await say(memory, "My colleague Anna moved to Denver last month", 2);
    expect(moved.superseded.map((r) => r.value)).toEqual(["Boston"]);
    expect(moved.written.map((r) => r.value)).toEqual(["Denver"]);
    // Someone else's move leaves her alone.
    const other = await say(memory, "My colleague Bob moved to Miami last month", 3);
    expect(other.superseded).toEqual([]);
  });
});
