/**
 * The session TTL step of the maintenance graph (expire_sessions): idle sessions deleted from
 * the session checkpointer and reported by id; tasks never looked at.
 */
import { MemorySaver } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { createMaintainGraph } from "../../graphs/maintain.js";
import { InvalidConfigError } from "../../src/errors.js";
import type { Memory } from "../../src/memory.js";
import { daysLater, NOW, openMemory, SCOPE } from "./helpers.js";

let memory: Memory | undefined;
afterEach(async () => {
  await memory?.close();
  memory = undefined;
});

describe("expire_sessions", () => {
  it("deletes the sessions idle past the TTL, in the graph as in the facade, and never a task", async () => {
    const sessions = new MemorySaver();
    ({ memory } = await openMemory({ checkpointers: { sessions } }));
    await memory.sessions.open(SCOPE, "idle");
    const task = await memory.tasks.start(SCOPE, { title: "long task", sessionId: "idle" });

    const graph = createMaintainGraph({
      store: memory.store,
      now: () => NOW,
      sessions: { checkpointer: sessions, ttlDays: 1 },
    });
    const config = { configurable: { user_id: SCOPE.userId } };
    expect((await graph.invoke({ now: daysLater(0.5).toISOString() }, config)).expiredSessions).toEqual([]);
    const out = await graph.invoke({ now: daysLater(2).toISOString() }, config);
    expect(out.expiredSessions).toEqual([{ sessionId: "idle", lastActiveAt: NOW.toISOString(), idleDays: 2 }]);
    expect(await memory.sessions.list(SCOPE)).toEqual([]);
    expect((await memory.tasks.get(SCOPE, task.taskId)).title).toBe("long task");
    // Nothing left to expire, and the facade's own TTL (30 days) agrees.
    expect((await memory.maintain({ scope: SCOPE, now: daysLater(400) })).totals.expiredSessions).toBe(0);
  });

  it("does nothing without a session checkpointer, and refuses a bad TTL", async () => {
    ({ memory } = await openMemory());
    await memory.sessions.open(SCOPE, "kept");
    const graph = createMaintainGraph({ store: memory.store, now: () => NOW });
    const out = await graph.invoke({ now: daysLater(400).toISOString() }, { configurable: { user_id: SCOPE.userId } });
    expect(out.expiredSessions).toEqual([]);
    expect((await memory.sessions.list(SCOPE)).map((s) => s.sessionId)).toEqual(["kept"]);
    expect(() => createMaintainGraph({ sessions: { ttlDays: 0 } })).toThrow(InvalidConfigError);
  });
});
