import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/memory.js";
import { daysAgo, makeRecord, openMemory, SCOPE, seed } from "./helpers.js";

let memory: Memory | undefined;
afterEach(async () => {
  await memory?.close();
  memory = undefined;
});

describe("retired memories move to the cold tier", () => {
  it("moves a superseded memory the write graph left hot, keeps it for history, and leaves live ones hot", async () => {
    ({ memory } = await openMemory());
    const live = makeRecord({ key: "home.city", content: "用户住在上海", observedAt: daysAgo(2) });
    const old = makeRecord({
      key: "home.city",
      content: "用户住在杭州",
      status: "superseded",
      supersededBy: live.id,
      observedAt: daysAgo(3),
      updatedAt: daysAgo(2),
      lastAccessedAt: daysAgo(2),
    });
    await seed(memory, [old, live]);
    expect((await memory.get(SCOPE, old.id))!.tier).toBeUndefined();

    await memory.maintain({ scope: SCOPE });
    expect(await memory.get(SCOPE, old.id)).toMatchObject({ status: "superseded", tier: "cold" });
    expect((await memory.get(SCOPE, live.id))!.tier).toBeUndefined();
    // Out of normal recall, found by a history question.
    const now = await memory.recall({ scope: SCOPE, query: "用户住在哪里 杭州" });
    expect(now.memories.map((m) => m.id)).not.toContain(old.id);
    const before = await memory.recall({ scope: SCOPE, query: "我以前住在哪里？杭州", includeHistory: true });
    expect(before.memories.map((m) => m.id)).toContain(old.id);
    // Its history records no transition: only where it is stored changed.
    expect((await memory.history(SCOPE, old.id)).filter((h) => h.at > daysAgo(1))).toEqual([]);
  });
});
