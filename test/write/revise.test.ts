import { afterEach, describe, expect, it } from "vitest";
import { InvalidInputError, NotFoundError } from "../../src/errors.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { memoryStore, SCOPE } from "./helpers.js";

const NOW = new Date("2024-05-07T10:00:00.000Z");
const user = (content: string, id?: string) => ({ role: "user", content, ...(id ? { id } : {}) });
const opened: Memory[] = [];

async function open(): Promise<Memory> {
  const memory = await createMemory({ store: memoryStore(), now: () => NOW, env: {} });
  opened.push(memory);
  return memory;
}

afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

async function remembered(memory: Memory, text: string, id?: string) {
  const out = await memory.remember({ scope: SCOPE, messages: [user(text, id)] });
  expect(out.written).toHaveLength(1);
  return out.written[0]!;
}

describe("memory.revise", () => {
  it("supersedes a changed value through the rules, and the history shows both versions", async () => {
    const memory = await open();
    const name = await remembered(memory, "My name is Alex");
    const out = await memory.revise({ scope: SCOPE, id: name.id, messages: [user("My name is Sam")] });

    expect(out.written.map((r) => r.content)).toEqual(["The user's name is Sam"]);
    expect(out.revised).toMatchObject({ id: name.id, status: "superseded", supersededBy: out.written[0]!.id });
    expect((await memory.get(SCOPE, name.id))?.content).toBe("The user's name is Alex");
    const history = await memory.history(SCOPE, name.id);
    expect(history.map((e) => e.action)).toEqual(["add", "supersede"]);
    expect(history[1]).toMatchObject({ relatedId: out.written[0]!.id, before: { status: "active" } });
  });

  it("answers a conflict the rules would ask about with the revision: the new statement replaces the named memory", async () => {
    const memory = await open();
    const dark = await remembered(memory, "I prefer dark mode");
    // Without a named memory the same statement waits for the user.
    const out = await memory.revise({ scope: SCOPE, id: dark.id, messages: [user("I prefer light mode")] });

    expect(out.pending).toEqual([]);
    expect(out.written).toHaveLength(1);
    expect(out.written[0]).toMatchObject({ content: "The user prefers light mode", status: "active" });
    expect(out.superseded.map((r) => r.id)).toEqual([dark.id]);
    expect(out.revised?.supersededBy).toBe(out.written[0]!.id);
    expect(await memory.pending(SCOPE)).toEqual([]);
    const light = await memory.history(SCOPE, out.written[0]!.id);
    expect(light.map((e) => [e.action, e.decision])).toEqual([
      ["add", undefined],
      ["resolve", "supersede"],
    ]);
  });

  it("supersedes the named memory by an unrelated statement, and retires the episode of its turn with it", async () => {
    const memory = await open();
    const cilantro = await remembered(memory, "我不吃香菜", "m-cilantro");
    const out = await memory.revise({ scope: SCOPE, id: cilantro.id, messages: [user("I live in Berlin")] });

    expect(out.revised).toMatchObject({ status: "superseded", supersededBy: out.written[0]!.id });
    const [supersede] = (await memory.history(SCOPE, cilantro.id)).filter((e) => e.action === "supersede");
    expect(supersede).toMatchObject({ decision: "supersede", reason: expect.stringContaining("revised") });
    const episodes = await memory.list(SCOPE, { about: "conversation" });
    const ofTurn = episodes.find((e) => e.source.messageIds.includes("m-cilantro"));
    expect(ofTurn).toMatchObject({ status: "superseded", supersededBy: out.written[0]!.id });
    const recalled = await memory.recall({ scope: SCOPE, query: "香菜" });
    expect(recalled.memories.filter((m) => m.content.includes("香菜"))).toEqual([]);
  });

  it("leaves the named memory as it was when the rules reinforce it or refuse the statement", async () => {
    const memory = await open();
    const cilantro = await remembered(memory, "我不吃香菜", "m-first");

    // Said again in a new message (the same message read again would be no second mention).
    const repeated = await memory.revise({ scope: SCOPE, id: cilantro.id, messages: [user("我不吃香菜", "m-again")] });
    expect(repeated.reinforced.map((r) => r.id)).toEqual([cilantro.id]);
    expect(repeated.revised).toMatchObject({ id: cilantro.id, status: "active" });

    const transient = await memory.revise({
      scope: SCOPE,
      id: cilantro.id,
      messages: [user("这次先用 SQLite，上线再换 PG。")],
    });
    expect(transient.rejected.map((r) => r.reason)).toEqual(["transient"]);
    expect(transient.written).toEqual([]);
    expect(transient.revised).toMatchObject({ id: cilantro.id, status: "active" });
  });

  it("refuses an unknown id, another user's memory and a memory no longer active, before writing anything", async () => {
    const memory = await open();
    const name = await remembered(memory, "My name is Alex");
    const other = { userId: "u2" };
    await expect(memory.revise({ scope: other, id: name.id, messages: [user("My name is Eve")] })).rejects.toThrow(
      NotFoundError,
    );
    expect(await memory.list(other)).toEqual([]);
    await expect(memory.revise({ scope: SCOPE, id: "nope", messages: [user("x")] })).rejects.toThrow(NotFoundError);

    await memory.revise({ scope: SCOPE, id: name.id, messages: [user("My name is Sam")] });
    const stale = memory.revise({ scope: SCOPE, id: name.id, messages: [user("My name is Max")] });
    await expect(stale).rejects.toThrow(InvalidInputError);
    await expect(stale).rejects.toThrow(/superseded; only an active memory can be revised; its current version is/);
    expect((await memory.list(SCOPE, { status: "active" })).map((r) => r.content)).toEqual(["The user's name is Sam"]);
  });
});
