/**
 * Tasks: entities that outlive the sessions that talk about them (seed 002 N9). A task is a
 * thread of the task checkpointer (thread id = task id) run by the task graph (graphs/task.ts),
 * and an entry in the registry that gives it to one scope.
 *
 * Task ids are global to the task checkpointer, so two users who both call a task "migration"
 * must not get one thread: ids are generated (`task-<uuid>`) unless the caller names one, a
 * named id another user owns is refused (ThreadOwnedError), and the title, which is the user's
 * own word for the task, is looked up per scope (`list(scope, { title })`).
 */
import { randomUUID } from "node:crypto";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { InvalidInputError, parseInput } from "../errors.js";
import { runAsRootGraph } from "../graph/runtime.js";
import { type MemoryScope, parseScope } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import type { ThreadRegistry } from "./registry.js";
import {
  parseThreadId,
  type TaskChange,
  type TaskEntry,
  type TaskListFilter,
  TaskListSchema,
  type TaskRequest,
  type TaskStart,
  TaskStartSchema,
  type TaskState,
  type TaskSummary,
  type TaskUpdate,
  TaskUpdateSchema,
} from "./schema.js";
import { openSession } from "./sessions.js";

export interface Tasks {
  /**
   * Start a task for the scope and run the task graph once on its new thread.
   * @throws {ThreadOwnedError} when `taskId` is another user's.
   * @throws {InvalidInputError} for malformed input, or a `taskId` the scope already has.
   * @example
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * declare const scope: MemoryScope;
   * const task = await memory.tasks.start(scope, { title: "数据库迁移", sessionId: "s-1", steps: ["导出", "导入", "校验"] });
   * task.taskId; // "task-3f0c…"
   */
  start(scope: MemoryScope, input: TaskStart): Promise<TaskState>;
  /**
   * The task as it stands, from any session: its state is on the task's own thread.
   * @throws {NotFoundError} for an id the scope does not have. @throws {ThreadOwnedError} for another user's.
   */
  get(scope: MemoryScope, taskId: string): Promise<TaskState>;
  /**
   * Change a task (TaskChangeSchema: progress note, steps done, remaining steps, variables,
   * status); `sessionId` records which session it was changed in.
   * @throws {NotFoundError} @throws {ThreadOwnedError} @throws {InvalidInputError}
   * @example
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * declare const scope: MemoryScope;
   * declare const task: TaskState;
   * await memory.tasks.update(scope, task.taskId, { done: ["导出"], variables: { rows: 1200 }, sessionId: "s-2" });
   */
  update(scope: MemoryScope, taskId: string, change: TaskUpdate): Promise<TaskState>;
  /**
   * The scope's tasks, most recently active first; `title` finds the user's task by its name.
   * @example
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * declare const scope: MemoryScope;
   * const [migration] = await memory.tasks.list(scope, { title: "数据库迁移" });
   */
  list(scope: MemoryScope, filter?: TaskListFilter): Promise<TaskSummary[]>;
  /**
   * Delete a task: its thread from the task checkpointer (gone from the files) and its entry.
   * @throws {NotFoundError} @throws {ThreadOwnedError}
   */
  delete(scope: MemoryScope, taskId: string): Promise<{ taskId: string }>;
}

/** The compiled task graph, as the facade uses it (src/ does not import graphs/). */
export interface TaskGraphRunner {
  invoke(input: { request: TaskRequest }, config: RunnableConfig): Promise<{ task?: TaskState }>;
  getState(config: RunnableConfig): Promise<{ values: unknown }>;
}

export interface TasksOptions {
  registry: ThreadRegistry;
  queue: ScopeQueue;
  /** The task graph compiled with the task checkpointer. */
  graph: TaskGraphRunner;
  /** The task checkpointer, for `delete`. */
  checkpointer: BaseCheckpointSaver;
  now: () => Date;
}

/** Titles compare as the user would read them: NFC, trimmed, case-insensitive. */
function titleKey(title: string): string {
  return title.normalize("NFC").trim().toLocaleLowerCase();
}

export function createTasks({ registry, queue, graph, checkpointer, now }: TasksOptions): Tasks {
  const threadOf = (taskId: string): RunnableConfig => ({ configurable: { thread_id: taskId } });

  const stateOf = async (entry: TaskEntry): Promise<TaskState> => {
    const task = await stateOn(entry.taskId);
    // An entry whose first run never finished (a crash between the two) reads as just started.
    return (
      task ?? {
        taskId: entry.taskId,
        title: entry.title,
        status: entry.status,
        progress: "",
        done: [],
        remaining: [],
        variables: {},
        createdAt: entry.createdAt,
        updatedAt: entry.lastActiveAt,
      }
    );
  };

  // A root run even when memory.tasks is called from a node of the caller's session graph.
  const stateOn = async (taskId: string): Promise<TaskState | undefined> => {
    const { values } = await runAsRootGraph(() => graph.getState(threadOf(taskId)));
    return (values as { task?: TaskState } | undefined)?.task;
  };

  const run = async (request: TaskRequest): Promise<TaskState> => {
    const { task } = await runAsRootGraph(() => graph.invoke({ request }, threadOf(request.taskId)));
    if (!task) throw new Error(`task graph returned no task for ${request.taskId}`);
    return task;
  };

  return {
    async start(scope, input) {
      const valid = parseScope(scope);
      const {
        title,
        taskId: named,
        sessionId,
        steps,
        variables,
        progress,
      } = parseInput(
        TaskStartSchema,
        input,
        "tasks.start",
        "{ title, taskId?, sessionId?, steps?, variables?, progress? }",
      );
      const taskId = named ?? `task-${randomUUID()}`;
      const at = now().toISOString();
      return queue.run(scopeKey(valid), async () => {
        if (await registry.get("task", valid, taskId)) {
          throw new InvalidInputError(
            `Task ${JSON.stringify(taskId)} already exists; resume it with tasks.get / tasks.update, or start one without taskId.`,
            { field: "taskId" },
          );
        }
        // The session first: another user's session id refuses the call before the task is claimed.
        if (sessionId !== undefined) await openSession(registry, valid, sessionId, at);
        const entry: TaskEntry = { taskId, title, status: "active", createdAt: at, lastActiveAt: at };
        await registry.claim("task", valid, entry, async () => {
          // A thread nobody registered (written by another graph on this saver) is not adopted.
          if (await stateOn(taskId)) {
            throw new InvalidInputError(
              `The task checkpointer already holds a thread ${JSON.stringify(taskId)}; start the task without taskId.`,
              { field: "taskId" },
            );
          }
        });
        if (sessionId !== undefined) await openSession(registry, valid, sessionId, at, taskId);
        const change: TaskChange = {
          ...(steps ? { remaining: steps } : {}),
          ...(variables ? { variables } : {}),
          ...(progress !== undefined ? { progress } : {}),
        };
        return run({ op: "start", taskId, title, at, change });
      });
    },

    async get(scope, taskId) {
      const valid = parseScope(scope);
      const id = parseThreadId("task", taskId, "tasks.get");
      return queue.run(scopeKey(valid), async () => stateOf(await registry.require("task", valid, id)));
    },

    async update(scope, taskId, change) {
      const valid = parseScope(scope);
      const id = parseThreadId("task", taskId, "tasks.update");
      const { sessionId, ...fields } = parseInput(
        TaskUpdateSchema,
        change,
        "tasks.update",
        "{ progress?, done?, remaining?, variables?, status?, sessionId? }",
      );
      const at = now().toISOString();
      return queue.run(scopeKey(valid), async () => {
        const entry = await registry.require("task", valid, id);
        if (sessionId !== undefined) await openSession(registry, valid, sessionId, at, id);
        // A thread without state is an entry whose first run never finished: start it now.
        const task = (await stateOn(id))
          ? await run({ op: "update", taskId: id, at, change: fields })
          : await run({ op: "start", taskId: id, title: entry.title, at, change: fields });
        await registry.put("task", valid, { ...entry, status: task.status, lastActiveAt: at });
        return task;
      });
    },

    async list(scope, filter = {}) {
      const valid = parseScope(scope);
      const { title, status } = parseInput(TaskListSchema, filter ?? {}, "tasks.list", "{ title?, status? }");
      const entries = await queue.run(scopeKey(valid), () => registry.list("task", valid));
      return entries
        .filter(
          (entry) =>
            (title === undefined || titleKey(entry.title) === titleKey(title)) && (!status || entry.status === status),
        )
        .sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt));
    },

    async delete(scope, taskId) {
      const valid = parseScope(scope);
      const id = parseThreadId("task", taskId, "tasks.delete");
      return queue.run(scopeKey(valid), async () => {
        await registry.require("task", valid, id);
        await registry.deleteThreads("task", valid, [id], checkpointer);
        return { taskId: id };
      });
    },
  };
}
