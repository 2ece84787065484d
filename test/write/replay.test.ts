import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

let memory: Memory | undefined;
afterEach(async () => {
  await memory?.close();
  memory = undefined;
});

async function open(): Promise<Memory> {
  memory = await createMemory({
    ...suiteMemoryLocation("replay-"),
    env: {},
    now: () => new Date("2026-05-02T10:00:00Z"),
  });
  return memory;
}

const scope = { userId: "u_replay" };

describe("a message read again is not a second mention", () => {
  it("does not reinforce a memory when the same message is written again, with or without an id", async () => {
    const m = await open();
    const withId = { id: "m1", role: "user" as const, content: "我不吃香菜。" };
    const first = await m.remember({ scope, messages: [withId] });
    const [written] = first.written;
    // A graph replayed with the whole conversation sends the earlier turns again.
    const replay = await m.remember({
      scope,
      messages: [withId, { id: "a1", role: "assistant" as const, content: "好的，记住了。" }],
    });
    expect(replay.reinforced).toEqual([]);
    expect(replay.rejected.map((r) => r.reason)).toContain("already_known");
    expect((await m.get(scope, written!.id))!.confidence).toBe(written!.confidence);

    const noId = { role: "user" as const, content: "I prefer short replies.", at: "2026-05-01T09:00:00Z" };
    const once = await m.remember({ scope, messages: [noId] });
    const again = await m.remember({ scope, messages: [noId] });
    expect(again.reinforced).toEqual([]);
    expect((await m.get(scope, once.written[0]!.id))!.confidence).toBe(once.written[0]!.confidence);
  });

  it("reinforces the same sentence said again at another time", async () => {
    const m = await open();
    const said = (at: string) => ({ role: "user" as const, content: "I prefer short replies.", at });
    const once = await m.remember({ scope, messages: [said("2026-05-01T09:00:00Z")] });
    const later = await m.remember({ scope, messages: [said("2026-05-02T09:00:00Z")] });
    expect(later.reinforced.map((r) => r.id)).toEqual([once.written[0]!.id]);
    expect(later.reinforced[0]!.source.messageIds).toHaveLength(2);
  });
});
