/**
 * The task graph (`memory_task`): a task's state as a graph of its own (seed 002 N9: a task is an
 * entity, a session only talks about it).
 *
 *   START → apply_change → END
 *
 * Input: `request` (start a task on an empty thread, or change it: progress note, steps done and
 * remaining, variables, status). Output and state: `task`. Run it on the task checkpointer with
 * `thread_id` = the task id, and the state is there for any later session that knows the id.
 *
 * It runs as its own root graph, invoked from the session (by `memory.tasks`, or by a node of
 * the session graph), never added to the session graph as a subgraph: a compiled subgraph
 * inherits its parent's checkpointer and thread, so the task's state would hang on the session's
 * thread again, and go when the session expires.
 *
 * Call it through `memory.tasks` (start / get / update): they check that the scope owns the
 * task before the graph touches its thread. A direct `invoke` has no scope to check.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { applyChange } from "../nodes/task/apply-change.js";
import { Pipeline, stepOf } from "../src/graph/pipeline.js";
import {
  type TaskGraphState,
  TaskGraphStateAnnotation,
  TaskInputAnnotation,
  TaskOutputAnnotation,
} from "../src/threads/task-state.js";

const step = stepOf<TaskGraphState>();

/** The task graph's one declaration. */
export function taskPipeline() {
  return new Pipeline({
    name: "memory_task",
    state: TaskGraphStateAnnotation,
    input: TaskInputAnnotation,
    output: TaskOutputAnnotation,
    stages: [step({ name: "apply_change", reads: ["request", "task"], writes: ["task"], node: applyChange })],
  });
}

export interface TaskGraphOptions {
  /**
   * The task checkpointer (`memory.checkpointers.tasks`). Omit it only where the LangGraph server
   * supplies one; without any, a task would not outlive the call.
   */
  checkpointer?: BaseCheckpointSaver;
}

/**
 * Build and compile the task graph.
 * @example
 * import type { Memory } from "../src/memory.js";
 * declare const memory: Memory;
 * const tasks = createTaskGraph({ checkpointer: memory.checkpointers.tasks });
 * const config = { configurable: { thread_id: "task-1" } };
 * const at = new Date().toISOString();
 * await tasks.invoke({ request: { op: "start", taskId: "task-1", title: "迁移数据库", at, change: { remaining: ["导出", "导入"] } } }, config);
 * const { task } = await tasks.invoke({ request: { op: "update", taskId: "task-1", at, change: { done: ["导出"] } } }, config);
 * task?.remaining; // ["导入"]
 */
export function createTaskGraph(options: TaskGraphOptions = {}) {
  return taskPipeline().compile({ checkpointer: options.checkpointer });
}

export type TaskGraph = ReturnType<typeof createTaskGraph>;
