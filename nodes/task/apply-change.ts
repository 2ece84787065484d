/**
 * Apply one request to the task the thread holds: start it on an empty thread, or change it.
 * The request is validated here too, since the graph can be invoked without the facade; its task
 * id must be the thread's id (thread id = task id is what lets any later session resume it).
 */
import { InvalidInputError, zodProblem } from "../../src/errors.js";
import type { JsonValue, TaskChange, TaskState } from "../../src/threads/schema.js";
import { TaskRequestSchema } from "../../src/threads/schema.js";
import type { TaskNode } from "../../src/threads/task-state.js";

export const applyChange: TaskNode<"request" | "task", "task"> = (state, config) => {
  const parsed = TaskRequestSchema.safeParse(state.request);
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "request");
    throw new InvalidInputError(`The task graph needs { request: { op, taskId, at, change } }: ${text}.`, { field });
  }
  const request = parsed.data;
  const threadId = config.configurable?.thread_id;
  if (threadId !== request.taskId) {
    throw new InvalidInputError(
      `The task graph runs on the thread of its task: thread_id must be the task id ${JSON.stringify(request.taskId)}, received ${JSON.stringify(threadId)}.`,
      { field: "configurable.thread_id" },
    );
  }
  if (request.op === "start") {
    if (state.task) {
      throw new InvalidInputError(`Task ${JSON.stringify(request.taskId)} already exists; change it with an update.`, {
        field: "request.op",
      });
    }
    const blank: TaskState = {
      taskId: request.taskId,
      title: request.title,
      status: "active",
      progress: "",
      done: [],
      remaining: [],
      variables: {},
      createdAt: request.at,
      updatedAt: request.at,
    };
    return { task: changed(blank, request.change, request.at) };
  }
  if (!state.task) {
    throw new InvalidInputError(`Task ${JSON.stringify(request.taskId)} has not been started on this thread.`, {
      field: "request.op",
    });
  }
  return { task: changed(state.task, request.change, request.at) };
};

/** The task after `change` (TaskChangeSchema says what each field does). */
function changed(task: TaskState, change: TaskChange, at: string): TaskState {
  const finished = [...new Set(change.done ?? [])];
  const variables: Record<string, JsonValue> = { ...task.variables };
  for (const [name, value] of Object.entries(change.variables ?? {})) {
    if (value === null) delete variables[name];
    else variables[name] = value as JsonValue;
  }
  return {
    ...task,
    status: change.status ?? task.status,
    progress: change.progress ?? task.progress,
    done: [...task.done, ...finished.filter((step) => !task.done.includes(step))],
    remaining: (change.remaining ?? task.remaining).filter((step) => !finished.includes(step)),
    variables,
    updatedAt: at,
  };
}
