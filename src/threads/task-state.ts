/**
 * The task graph's state (graphs/task.ts). The thread of a task holds it: thread id = task id in
 * the task checkpointer, so the state outlives every session that changed it.
 *
 *   input    request: start a task on an empty thread, or change the task the thread holds
 *   output   task: the task as it stands (progress, steps done and remaining, variables, status)
 */
import { Annotation } from "@langchain/langgraph";
import type { StepNode } from "../graph/pipeline.js";
import type { TaskRequest, TaskState } from "./schema.js";

export const TaskInputAnnotation = Annotation.Root({
  request: Annotation<TaskRequest | undefined>(),
});

export const TaskOutputAnnotation = Annotation.Root({
  task: Annotation<TaskState | undefined>(),
});

export const TaskGraphStateAnnotation = Annotation.Root({
  ...TaskInputAnnotation.spec,
  ...TaskOutputAnnotation.spec,
});

export type TaskGraphState = typeof TaskGraphStateAnnotation.State;
export type TaskGraphInput = typeof TaskInputAnnotation.Update;
export type TaskGraphOutput = typeof TaskOutputAnnotation.State;

export type TaskNode<R extends keyof TaskGraphState, W extends keyof TaskGraphState> = StepNode<TaskGraphState, R, W>;
