/**
 * Sessions and tasks (seed 002 N9): a session is a conversation container, a task is an entity.
 * A task's state (progress, steps, variables, status) hangs on its task id, never on a session,
 * so a later session resumes it by that id; a session is only the index of which conversation
 * talked about which task. Both are checkpointer threads: thread id = session id in the session
 * checkpointer, thread id = task id in the task checkpointer.
 *
 * This file holds what callers send and what the registry keeps, as zod schemas.
 */
import { z } from "zod";
import { parseInput } from "../errors.js";
import { idProblem } from "../ids.js";
import { redactText } from "../redact.js";

/** The most steps a task lists (done or remaining). Not from a seed: a plan, not a log. */
export const MAX_TASK_STEPS = 500;
/** The most bytes of JSON a task's variables take. Not from a seed: working values, not documents. */
export const MAX_TASK_VARIABLES_BYTES = 64 * 1024;
/** Task ids a session entry remembers, most recent last. Not from a seed. */
export const MAX_SESSION_TASKS = 100;

/**
 * A session or task id: LangGraph's `thread_id`, kept exactly as given (it has to match what the
 * caller's own graph passes in `config.configurable.thread_id`), so it is checked, never rewritten:
 * 1–128 characters, not blank, no control characters, well-formed UTF-16.
 */
export const ThreadIdSchema = z
  .string()
  .min(1)
  .max(128)
  .refine((id) => id.trim().length > 0, "must not be blank")
  .refine((id) => !hasControlCharacter(id), "must not contain control characters")
  .superRefine((id, ctx) => {
    const problem = idProblem(id);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  // String.prototype.isWellFormed (Node 20+): no lone surrogate, so the id stores as UTF-8.
  .refine((id) => (id as unknown as { isWellFormed(): boolean }).isWellFormed(), "must not contain a lone surrogate");

/**
 * A session or task id argument of a facade call.
 * @throws {InvalidInputError} naming the call and what it takes.
 */
export function parseThreadId(kind: "session" | "task", id: unknown, call: string): string {
  return parseInput(
    ThreadIdSchema,
    id,
    call,
    `a ${kind} id (1–128 characters, no control, zero-width or bidi characters, no wildcard)`,
  );
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Where a task stands. `done` and `cancelled` are where it ends, but nothing is final: an update
 * with `status: "active"` reopens it (the user decides, not the library).
 */
export const TASK_STATUSES = ["active", "paused", "done", "cancelled"] as const;
export const TaskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

const isoTime = z.iso.datetime({ offset: true });
// A task's title, steps and progress note are the user's words, kept in the registry and the task
// checkpointer: redacted like message content (src/redact.ts), so no typed secret is stored.
const redacted = (text: string) => redactText(text).text;
const TitleSchema = z.string().trim().min(1).max(200).transform(redacted);
const StepSchema = z.string().trim().min(1).max(500).transform(redacted);
const ProgressSchema = z.string().trim().max(2000).transform(redacted);
const StepsSchema = z.array(StepSchema).max(MAX_TASK_STEPS);
const VariableNameSchema = z.string().min(1).max(128);

/** JSON values; a task's variables are working values the agent reads back, stored as given. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const VariablesSchema = z
  .record(VariableNameSchema, z.json())
  .refine(
    (variables) => Buffer.byteLength(JSON.stringify(variables)) <= MAX_TASK_VARIABLES_BYTES,
    `must be at most ${MAX_TASK_VARIABLES_BYTES} bytes of JSON`,
  );

/**
 * One change to a task. Every field is optional; what is absent stays as it was.
 * - `progress`: a note on where the task stands, replacing the last one ("tables 1–3 copied").
 * - `done`: steps finished now, appended to `done` (once) and taken out of `remaining`.
 * - `remaining`: the steps still to do, replacing the list (applied before `done`).
 * - `variables`: merged key by key; a `null` value removes the key.
 * - `status`: see {@link TASK_STATUSES}.
 */
export const TaskChangeSchema = z
  .object({
    progress: ProgressSchema.optional(),
    done: StepsSchema.optional(),
    remaining: StepsSchema.optional(),
    variables: VariablesSchema.optional(),
    status: TaskStatusSchema.optional(),
  })
  .strict();
export type TaskChange = z.input<typeof TaskChangeSchema>;

/** `tasks.start` input. */
export const TaskStartSchema = z
  .object({
    /** What the task is, as the user names it; `tasks.list(scope, { title })` finds it by this. */
    title: TitleSchema,
    /** An id of the caller's choosing; refused when it is taken. @default a generated `task-<uuid>` */
    taskId: ThreadIdSchema.optional(),
    /** The session the task is started in: opened for the scope and linked to the task. */
    sessionId: ThreadIdSchema.optional(),
    /** The plan: the steps still to do. */
    steps: StepsSchema.optional(),
    variables: VariablesSchema.optional(),
    progress: ProgressSchema.optional(),
  })
  .strict();
export type TaskStart = z.input<typeof TaskStartSchema>;

/** `tasks.update` input: a {@link TaskChange}, and the session it is made in. */
export const TaskUpdateSchema = TaskChangeSchema.extend({ sessionId: ThreadIdSchema.optional() }).strict();
export type TaskUpdate = z.input<typeof TaskUpdateSchema>;

/** `tasks.list` filter. */
export const TaskListSchema = z
  .object({
    /** Tasks of this title (compared case-insensitively, white space trimmed). */
    title: TitleSchema.optional(),
    status: TaskStatusSchema.optional(),
  })
  .strict();
export type TaskListFilter = z.input<typeof TaskListSchema>;

/** A task as the task graph keeps it (the state of its thread). */
export interface TaskState {
  taskId: string;
  title: string;
  status: TaskStatus;
  /** The last progress note; "" until one is given. */
  progress: string;
  /** Steps finished, in the order they were finished. */
  done: string[];
  /** Steps still to do. */
  remaining: string[];
  variables: Record<string, JsonValue>;
  createdAt: string;
  updatedAt: string;
}

/** What the task graph is asked to do: start a task on an empty thread, or change one. */
export const TaskRequestSchema = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("start"),
    taskId: ThreadIdSchema,
    title: TitleSchema,
    at: isoTime,
    change: TaskChangeSchema,
  }),
  z.object({ op: z.literal("update"), taskId: ThreadIdSchema, at: isoTime, change: TaskChangeSchema }),
]);
export type TaskRequest = z.input<typeof TaskRequestSchema>;

/** The registry's entry of a session (src/threads/registry.ts). */
export const SessionEntrySchema = z.object({
  sessionId: ThreadIdSchema,
  createdAt: isoTime,
  /** The last `sessions.open` of it, or the last task change made in it. */
  lastActiveAt: isoTime,
  /** Tasks started or changed in this session, most recent last (at most {@link MAX_SESSION_TASKS}). */
  taskIds: z.array(ThreadIdSchema),
});
export type SessionEntry = z.infer<typeof SessionEntrySchema>;

/** The registry's entry of a task: enough to list and find tasks without reading every thread. */
export const TaskEntrySchema = z.object({
  taskId: ThreadIdSchema,
  title: TitleSchema,
  status: TaskStatusSchema,
  createdAt: isoTime,
  lastActiveAt: isoTime,
});
export type TaskEntry = z.infer<typeof TaskEntrySchema>;

/**
 * A session as `sessions.open` / `sessions.list` report it; `lastActiveAt` there is the later of
 * its last open and its last checkpoint (src/threads/sessions.ts).
 */
export type SessionInfo = SessionEntry;
/** A task as `tasks.list` reports it. */
export type TaskSummary = TaskEntry;
