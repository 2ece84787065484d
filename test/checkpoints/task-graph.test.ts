/**
 * The task graph (graphs/task.ts) on its own: thread id = task id, the change rules, and a task
 * run as a root graph from a node of a session graph, so its state lands on the task's thread in
 * the task checkpointer and not on the session's.
 */
import { Annotation, END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createTaskGraph } from "../../graphs/task.js";
import { InvalidInputError } from "../../src/errors.js";
import { runAsRootGraph } from "../../src/graph/runtime.js";
import type { TaskState } from "../../src/threads/schema.js";
import { latest } from "./helpers.js";

const AT = "2026-05-01T09:00:00.000Z";
const LATER = "2026-05-02T09:00:00.000Z";
const on = (taskId: string) => ({ configurable: { thread_id: taskId } });

describe("the task graph", () => {
  it("starts a task on its thread and applies changes: done leaves remaining, null removes a variable", async () => {
    const graph = createTaskGraph({ checkpointer: new MemorySaver() });
    const started = await graph.invoke(
      {
        request: {
          op: "start",
          taskId: "t-1",
          title: "迁移数据库",
          at: AT,
          change: { remaining: ["导出", "导入", "校验"], variables: { db: "orders", rows: 0 } },
        },
      },
      on("t-1"),
    );
    expect(started.task).toEqual({
      taskId: "t-1",
      title: "迁移数据库",
      status: "active",
      progress: "",
      done: [],
      remaining: ["导出", "导入", "校验"],
      variables: { db: "orders", rows: 0 },
      createdAt: AT,
      updatedAt: AT,
    } satisfies TaskState);

    const { task } = await graph.invoke(
      {
        request: {
          op: "update",
          taskId: "t-1",
          at: LATER,
          change: {
            done: ["导出", "导出"],
            progress: "导出完成",
            variables: { rows: 1200, db: null },
            status: "paused",
          },
        },
      },
      on("t-1"),
    );
    expect(task).toMatchObject({
      status: "paused",
      progress: "导出完成",
      done: ["导出"],
      remaining: ["导入", "校验"],
      variables: { rows: 1200 },
      createdAt: AT,
      updatedAt: LATER,
    });
    const replanned = await graph.invoke(
      {
        request: {
          op: "update",
          taskId: "t-1",
          at: LATER,
          change: { remaining: ["导入", "回滚预案"], done: ["导入"] },
        },
      },
      on("t-1"),
    );
    expect(replanned.task).toMatchObject({ done: ["导出", "导入"], remaining: ["回滚预案"] });
    expect((await graph.getState(on("t-1"))).values.task?.remaining).toEqual(["回滚预案"]);
  });

  it("refuses a thread that is not the task's, a second start and an update of nothing", async () => {
    const graph = createTaskGraph({ checkpointer: new MemorySaver() });
    const start = { op: "start" as const, taskId: "t-1", title: "t", at: AT, change: {} };
    await expect(graph.invoke({ request: start }, on("another-thread"))).rejects.toThrow(InvalidInputError);
    await graph.invoke({ request: start }, on("t-1"));
    await expect(graph.invoke({ request: start }, on("t-1"))).rejects.toThrow(InvalidInputError);
    await expect(
      graph.invoke({ request: { op: "update", taskId: "t-2", at: AT, change: {} } }, on("t-2")),
    ).rejects.toThrow(InvalidInputError);
    await expect(graph.invoke({ request: { op: "finish" } as never }, on("t-1"))).rejects.toThrow(InvalidInputError);
    expect((await graph.getState(on("t-1"))).values.task?.title).toBe("t");
  });

  it("runs as its own root graph from a session graph's node: the task's state is on the task thread", async () => {
    const sessions = new MemorySaver();
    const tasks = new MemorySaver();
    const taskGraph = createTaskGraph({ checkpointer: tasks });
    const SessionState = Annotation.Root({
      said: Annotation<string>(),
      reply: Annotation<string>(),
    });
    const session = new StateGraph(SessionState)
      .addNode("work_on_task", async (state) => {
        const request = { op: "update" as const, taskId: "t-9", at: LATER, change: { done: [state.said] } };
        // Invoked plainly inside a node, the task graph would become this node's subgraph and
        // run on the session's checkpointer and thread.
        const { task } = await runAsRootGraph(() => taskGraph.invoke({ request }, on("t-9")));
        return { reply: `${task?.done.length} done, ${task?.remaining.length} to go` };
      })
      .addEdge(START, "work_on_task")
      .addEdge("work_on_task", END)
      .compile({ checkpointer: sessions });
    await taskGraph.invoke(
      { request: { op: "start", taskId: "t-9", title: "t", at: AT, change: { remaining: ["a", "b"] } } },
      on("t-9"),
    );

    const out = await session.invoke({ said: "a" }, { configurable: { thread_id: "s-1" } });
    expect(out.reply).toBe("1 done, 1 to go");
    expect(await latest(sessions, "t-9")).toBeUndefined();
    expect((await latest(tasks, "t-9"))?.checkpoint.channel_values).toMatchObject({ task: { done: ["a"] } });
    expect(JSON.stringify((await latest(sessions, "s-1"))?.checkpoint.channel_values)).not.toContain("remaining");

    // The session goes; the task stays, and a new session reaches it by its id.
    await sessions.deleteThread("s-1");
    const again = await session.invoke({ said: "b" }, { configurable: { thread_id: "s-2" } });
    expect(again.reply).toBe("2 done, 0 to go");
  });
});
