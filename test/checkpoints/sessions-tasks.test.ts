/**
 * Sessions and tasks through the facade, on the default SQLite checkpointers (seed 002 N9: a
 * session is a conversation container, a task is an entity that outlives it).
 */
import fs from "node:fs";
import path from "node:path";
import { Annotation, END, InMemoryStore, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { SecureSqliteSaver } from "../../checkpoints/sqlite.js";
import { InvalidConfigError, InvalidInputError, NotFoundError, ThreadOwnedError } from "../../src/errors.js";
import { ALICE, BOB, DAY_MS, latest, openedPerTest, sessionGraph } from "./helpers.js";

const open = openedPerTest();

/** The checkpoint databases of a memory directory (without their -wal / -shm files). */
function databases(dir: string): string[] {
  return fs
    .readdirSync(path.join(dir, "checkpoints"))
    .filter((file) => file.endsWith(".sqlite"))
    .sort();
}

describe("a task outlives its sessions", () => {
  it("survives the deletion of the session that started it and is resumed from a second session by its id", async () => {
    const { memory, dir } = await open();
    expect(memory.checkpointers.sessions).toBeInstanceOf(SecureSqliteSaver);
    expect(databases(dir)).toEqual(["sessions.sqlite", "tasks.sqlite"]);

    await memory.sessions.open(BOB, "s-monday");
    const agent = sessionGraph(memory.checkpointers.sessions);
    await agent.invoke({ notes: ["let us migrate the orders database"] }, { configurable: { thread_id: "s-monday" } });
    const task = await memory.tasks.start(BOB, {
      title: "Migrate the orders database",
      sessionId: "s-monday",
      steps: ["export", "import", "verify"],
      variables: { source: "mysql://orders" },
    });
    expect(task.taskId).toMatch(/^task-[0-9a-f-]{36}$/);
    await memory.tasks.update(BOB, task.taskId, {
      done: ["export"],
      progress: "exported 1,200 rows",
      sessionId: "s-monday",
    });
    expect((await memory.sessions.list(BOB)).map((s) => [s.sessionId, s.taskIds])).toEqual([
      ["s-monday", [task.taskId]],
    ]);

    await memory.sessions.delete(BOB, "s-monday");
    expect(await latest(memory.checkpointers.sessions, "s-monday")).toBeUndefined();
    expect(await memory.sessions.list(BOB)).toEqual([]);

    // A new conversation: "how far did that migration get?"
    await memory.sessions.open(BOB, "s-friday");
    const [found] = await memory.tasks.list(BOB, { title: "migrate the orders database " });
    expect(found?.taskId).toBe(task.taskId);
    const resumed = await memory.tasks.get(BOB, task.taskId);
    expect(resumed).toMatchObject({
      title: "Migrate the orders database",
      status: "active",
      progress: "exported 1,200 rows",
      done: ["export"],
      remaining: ["import", "verify"],
      variables: { source: "mysql://orders" },
    });
    const finished = await memory.tasks.update(BOB, task.taskId, {
      done: ["import", "verify"],
      status: "done",
      variables: { source: null, rows: 1200 },
      sessionId: "s-friday",
    });
    expect(finished).toMatchObject({ status: "done", done: ["export", "import", "verify"], remaining: [] });
    expect(finished.variables).toEqual({ rows: 1200 });
    expect((await memory.tasks.list(BOB, { status: "done" })).map((t) => t.taskId)).toEqual([task.taskId]);
    expect((await memory.sessions.list(BOB))[0]?.taskIds).toEqual([task.taskId]);
  });

  it("survives the session TTL run by maintenance, which reports the sessions it deleted", async () => {
    const { memory } = await open({ sessions: { ttlDays: 7 } });
    await memory.sessions.open(BOB, "s-old");
    const task = await memory.tasks.start(BOB, { title: "Quarterly report", sessionId: "s-old", steps: ["draft"] });
    await sessionGraph(memory.checkpointers.sessions).invoke(
      { notes: ["hi"] },
      { configurable: { thread_id: "s-old" } },
    );
    await memory.sessions.open(ALICE, "s-alice");

    // Six days later nothing is idle long enough.
    const early = await memory.maintain({ now: new Date(Date.now() + 6 * DAY_MS) });
    expect(early.totals.expiredSessions).toBe(0);

    const report = await memory.maintain({ now: new Date(Date.now() + 8 * DAY_MS) });
    const bob = report.scopes.find((s) => s.scope.userId === "bob")!;
    expect(bob.expiredSessions).toEqual([expect.objectContaining({ sessionId: "s-old", idleDays: 8 })]);
    expect(report.totals.expiredSessions).toBe(2);
    expect(await latest(memory.checkpointers.sessions, "s-old")).toBeUndefined();
    expect(await memory.sessions.list(BOB)).toEqual([]);

    // The task is untouched, and a new session resumes it.
    expect(await latest(memory.checkpointers.tasks, task.taskId)).toBeDefined();
    await memory.sessions.open(BOB, "s-new");
    const resumed = await memory.tasks.update(BOB, task.taskId, { done: ["draft"], sessionId: "s-new" });
    expect(resumed).toMatchObject({ title: "Quarterly report", done: ["draft"], remaining: [] });
    // The expired id is free again: its owner row went with it.
    await expect(memory.sessions.open(ALICE, "s-old")).resolves.toMatchObject({ sessionId: "s-old" });
  });

  it("counts a session's own checkpoints as activity, and keeps sessions when ttlDays is null", async () => {
    const { memory } = await open({ sessions: { ttlDays: 30 } });
    await memory.sessions.open(BOB, "s-1");
    const opened = (await memory.sessions.list(BOB))[0]!.lastActiveAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sessionGraph(memory.checkpointers.sessions).invoke(
      { notes: ["turn"] },
      { configurable: { thread_id: "s-1" } },
    );
    const [listed] = await memory.sessions.list(BOB);
    expect(Date.parse(listed!.lastActiveAt)).toBeGreaterThan(Date.parse(opened));

    const { memory: keeper } = await open({ sessions: { ttlDays: null } });
    await keeper.sessions.open(BOB, "s-kept");
    const report = await keeper.maintain({ now: new Date(Date.now() + 3650 * DAY_MS) });
    expect(report.totals.expiredSessions).toBe(0);
    expect((await keeper.sessions.list(BOB)).map((s) => s.sessionId)).toEqual(["s-kept"]);
  });
});

describe("memory.tasks inside the caller's session graph", () => {
  it("keeps the task on its own thread when a node of the session graph starts and updates it", async () => {
    const { memory } = await open();
    const State = Annotation.Root({ said: Annotation<string>(), taskId: Annotation<string>() });
    const agent = new StateGraph(State)
      .addNode("track", async (state, config) => {
        const sessionId = config.configurable?.thread_id as string;
        const scope = { userId: config.configurable?.user_id as string, tenantId: "acme" };
        if (!state.taskId)
          return { taskId: (await memory.tasks.start(scope, { title: state.said, sessionId })).taskId };
        await memory.tasks.update(scope, state.taskId, { done: [state.said], sessionId });
        return {};
      })
      .addEdge(START, "track")
      .addEdge("track", END)
      .compile({ checkpointer: memory.checkpointers.sessions });
    const turn = { configurable: { thread_id: "s-1", user_id: "bob" } };
    await memory.sessions.open(BOB, "s-1");
    const { taskId } = await agent.invoke({ said: "Migrate the orders database" }, turn);
    await agent.invoke({ said: "export" }, turn);

    expect((await memory.tasks.get(BOB, taskId)).done).toEqual(["export"]);
    expect(await latest(memory.checkpointers.sessions, taskId)).toBeUndefined();
    const sessionThread = JSON.stringify((await latest(memory.checkpointers.sessions, "s-1"))?.checkpoint);
    expect(sessionThread).toContain(taskId);
    expect(sessionThread).not.toContain('"done"');
  });
});

describe("one user never reaches another user's session or task", () => {
  it("refuses get, update, delete and a named start of another user's task, and changes nothing", async () => {
    const { memory } = await open();
    const task = await memory.tasks.start(BOB, { title: "Migration", steps: ["export"] });
    const before = await latest(memory.checkpointers.tasks, task.taskId);

    await expect(memory.tasks.get(ALICE, task.taskId)).rejects.toThrow(ThreadOwnedError);
    await expect(memory.tasks.update(ALICE, task.taskId, { progress: "hijacked" })).rejects.toThrow(ThreadOwnedError);
    await expect(memory.tasks.delete(ALICE, task.taskId)).rejects.toThrow(ThreadOwnedError);
    await expect(memory.tasks.start(ALICE, { title: "Migration", taskId: task.taskId })).rejects.toThrow(
      ThreadOwnedError,
    );
    // The same user id in another tenant is another user.
    await expect(memory.tasks.get({ userId: "bob" }, task.taskId)).rejects.toThrow(ThreadOwnedError);
    expect(await memory.tasks.list(ALICE)).toEqual([]);

    const after = await latest(memory.checkpointers.tasks, task.taskId);
    expect(after?.checkpoint.id).toBe(before?.checkpoint.id);
    expect((await memory.tasks.get(BOB, task.taskId)).progress).toBe("");
    const error = await memory.tasks.get(ALICE, task.taskId).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "THREAD_OWNED", details: { kind: "task", id: task.taskId } });
    expect(JSON.stringify(error)).not.toContain("bob");
  });

  it("refuses another user's session id, and a task started in it", async () => {
    const { memory } = await open();
    await memory.sessions.open(BOB, "shared-name");
    await expect(memory.sessions.open(ALICE, "shared-name")).rejects.toThrow(ThreadOwnedError);
    await expect(memory.sessions.delete(ALICE, "shared-name")).rejects.toThrow(ThreadOwnedError);
    await expect(memory.tasks.start(ALICE, { title: "Mine", sessionId: "shared-name" })).rejects.toThrow(
      ThreadOwnedError,
    );
    expect((await memory.sessions.list(BOB)).map((s) => s.taskIds)).toEqual([[]]);
    expect(await memory.sessions.list(ALICE)).toEqual([]);
    expect(await memory.tasks.list(ALICE)).toEqual([]);
  });

  it("gives two users who name a task alike two threads: generated ids, a named id only once", async () => {
    const { memory } = await open();
    const bobs = await memory.tasks.start(BOB, { title: "migration", variables: { owner: "bob" } });
    const alices = await memory.tasks.start(ALICE, { title: "migration", variables: { owner: "alice" } });
    expect(bobs.taskId).not.toBe(alices.taskId);
    expect((await memory.tasks.list(BOB, { title: "Migration" })).map((t) => t.taskId)).toEqual([bobs.taskId]);
    expect((await memory.tasks.list(ALICE, { title: "Migration" })).map((t) => t.taskId)).toEqual([alices.taskId]);
    expect((await memory.tasks.get(ALICE, alices.taskId)).variables).toEqual({ owner: "alice" });

    await memory.tasks.start(BOB, { title: "named", taskId: "migration" });
    await expect(memory.tasks.start(ALICE, { title: "named", taskId: "migration" })).rejects.toThrow(ThreadOwnedError);
    await expect(memory.tasks.start(BOB, { title: "again", taskId: "migration" })).rejects.toThrow(InvalidInputError);
    // Deleted, the id is free for anyone.
    await memory.tasks.delete(BOB, "migration");
    await expect(memory.tasks.get(BOB, "migration")).rejects.toThrow(NotFoundError);
    await expect(memory.tasks.start(ALICE, { title: "hers now", taskId: "migration" })).resolves.toMatchObject({
      taskId: "migration",
      title: "hers now",
      done: [],
    });
  });

  it("serialises claims: two users opening one session id at once, one gets it", async () => {
    const { memory } = await open();
    const results = await Promise.allSettled([memory.sessions.open(BOB, "race"), memory.sessions.open(ALICE, "race")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(
      ThreadOwnedError,
    );
  });
});

describe("bad input gives typed errors", () => {
  it("refuses malformed ids, changes and filters with InvalidInputError, unknown ids with NotFoundError", async () => {
    const { memory } = await open();
    const task = await memory.tasks.start(BOB, { title: "t" });
    const bad: Array<[string, () => Promise<unknown>]> = [
      ["no title", () => memory.tasks.start(BOB, {} as never)],
      ["blank title", () => memory.tasks.start(BOB, { title: "  " })],
      ["control character in an id", () => memory.tasks.start(BOB, { title: "t", taskId: "a\nb" })],
      ["id too long", () => memory.tasks.start(BOB, { title: "t", taskId: "x".repeat(129) })],
      ["lone surrogate", () => memory.sessions.open(BOB, "s\ud800")],
      ["empty id", () => memory.tasks.get(BOB, "")],
      ["not a string", () => memory.tasks.get(BOB, 42 as never)],
      ["unknown change field", () => memory.tasks.update(BOB, task.taskId, { percent: 50 } as never)],
      ["unknown status", () => memory.tasks.update(BOB, task.taskId, { status: "finished" } as never)],
      ["a step that is not text", () => memory.tasks.update(BOB, task.taskId, { done: [7] } as never)],
      ["a function variable", () => memory.tasks.update(BOB, task.taskId, { variables: { f: () => 1 } } as never)],
      ["oversized variables", () => memory.tasks.update(BOB, task.taskId, { variables: { big: "x".repeat(70_000) } })],
      ["unknown filter", () => memory.tasks.list(BOB, { owner: "bob" } as never)],
      ["bad scope", () => memory.tasks.list({ userId: "" })],
    ];
    for (const [name, call] of bad) await expect(call(), name).rejects.toThrow(InvalidInputError);
    await expect(memory.tasks.get(BOB, "task-unknown")).rejects.toThrow(NotFoundError);
    await expect(memory.tasks.update(BOB, "task-unknown", {})).rejects.toThrow(NotFoundError);
    await expect(memory.sessions.delete(BOB, "s-unknown")).rejects.toThrow(NotFoundError);
    expect((await memory.tasks.get(BOB, task.taskId)).variables).toEqual({});
  });

  it("refuses bad options with InvalidConfigError", async () => {
    await expect(open({ sessions: { ttlDays: -1 } })).rejects.toThrow(InvalidConfigError);
    await expect(open({ sessions: { days: 3 } as never })).rejects.toThrow(InvalidConfigError);
    await expect(open({ checkpointers: { sessions: {} as never } })).rejects.toThrow(InvalidConfigError);
    await expect(open({ checkpointers: { other: new MemorySaver() } as never })).rejects.toThrow(InvalidConfigError);
    const saver = new MemorySaver();
    await expect(open({ checkpointers: { sessions: saver, tasks: saver } })).rejects.toThrow(InvalidConfigError);
  });
});

describe("any BaseCheckpointSaver can be passed", () => {
  it("runs sessions, tasks, the TTL and forget on LangGraph's MemorySaver, with no checkpoint files", async () => {
    const sessions = new MemorySaver();
    const tasks = new MemorySaver();
    const { memory, dir } = await open({ checkpointers: { sessions, tasks } });
    expect(memory.checkpointers).toEqual({ sessions, tasks });
    expect(fs.existsSync(path.join(dir, "checkpoints"))).toBe(false);

    await memory.sessions.open(BOB, "s-1");
    await sessionGraph(sessions).invoke({ notes: ["hello"] }, { configurable: { thread_id: "s-1" } });
    const task = await memory.tasks.start(BOB, { title: "t", sessionId: "s-1", steps: ["a", "b"] });
    expect(await latest(tasks, task.taskId)).toBeDefined();
    expect(await latest(sessions, task.taskId)).toBeUndefined();

    await memory.maintain({ scope: BOB, now: new Date(Date.now() + 31 * DAY_MS) });
    expect(await latest(sessions, "s-1")).toBeUndefined();
    expect((await memory.tasks.get(BOB, task.taskId)).remaining).toEqual(["a", "b"]);

    const report = await memory.forget(BOB);
    expect(report).toMatchObject({ sessions: 0, tasks: 1 });
    expect(await latest(tasks, task.taskId)).toBeUndefined();
    expect(await memory.tasks.list(BOB)).toEqual([]);
  });

  it("mixes a custom saver with a default one, and uses MemorySavers with a custom store and no dir", async () => {
    const sessions = new MemorySaver();
    const { memory, dir } = await open({ checkpointers: { sessions } });
    expect(memory.checkpointers.sessions).toBe(sessions);
    expect(memory.checkpointers.tasks).toBeInstanceOf(SecureSqliteSaver);
    expect(databases(dir)).toEqual(["tasks.sqlite"]);

    const { memory: inMemory } = await open({ store: new InMemoryStore() });
    expect(inMemory.checkpointers.sessions).toBeInstanceOf(MemorySaver);
    expect(inMemory.checkpointers.tasks).toBeInstanceOf(MemorySaver);
    const task = await inMemory.tasks.start(BOB, { title: "in memory" });
    expect((await inMemory.tasks.get(BOB, task.taskId)).title).toBe("in memory");
  });
});
