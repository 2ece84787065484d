/**
 * The session and the task checkpointer, and their policies (seed 002 N9: a session is a
 * conversation container, a task is an entity):
 *
 * | saver    | thread id  | default file                       | deleted by                          |
 * | -------- | ---------- | ---------------------------------- | ----------------------------------- |
 * | sessions | session id | `<dir>/checkpoints/sessions.sqlite` | `sessions.delete`, the TTL, forget  |
 * | tasks    | task id    | `<dir>/checkpoints/tasks.sqlite`    | `tasks.delete`, forget; never a TTL |
 *
 * Two savers, not one with two kinds of id: a session's expiry deletes its thread, and with one
 * saver a session and a task that happened to share an id would share a thread.
 */
import path from "node:path";
import { type BaseCheckpointSaver, MemorySaver } from "@langchain/langgraph-checkpoint";
import { InvalidConfigError } from "../src/errors.js";
import type { Checkpointers } from "../src/threads/registry.js";
import { SecureSqliteSaver } from "./sqlite.js";

/** Where the default savers live, relative to the memory directory. */
export const CHECKPOINT_FILES = Object.freeze({
  sessions: path.join("checkpoints", "sessions.sqlite"),
  tasks: path.join("checkpoints", "tasks.sqlite"),
});

export interface OpenCheckpointersOptions {
  /**
   * The memory directory: each saver not passed is a {@link SecureSqliteSaver} under it. Without
   * a directory it is LangGraph's `MemorySaver` (process memory, gone when the process ends).
   */
  dir?: string;
  sessions?: BaseCheckpointSaver;
  tasks?: BaseCheckpointSaver;
}

export interface OpenedCheckpointers extends Checkpointers {
  /** Close the savers opened here (never one that was passed in). */
  close(): void;
}

/**
 * Open the session and task checkpointers.
 * @throws {InvalidConfigError} when one saver is passed as both.
 * @example
 * const { sessions, tasks, close } = openCheckpointers({ dir: "./.memory" });
 * const agent = builder.compile({ checkpointer: sessions });
 */
export function openCheckpointers(options: OpenCheckpointersOptions = {}): OpenedCheckpointers {
  if (options.sessions && options.sessions === options.tasks) {
    throw new InvalidConfigError(
      "checkpointers.sessions and checkpointers.tasks must be two savers: a session's expiry deletes its thread, which would delete a task of the same id.",
      { field: "checkpointers.tasks" },
    );
  }
  const opened: SecureSqliteSaver[] = [];
  const open = (kind: keyof typeof CHECKPOINT_FILES, given?: BaseCheckpointSaver): BaseCheckpointSaver => {
    if (given) return given;
    if (options.dir === undefined) return new MemorySaver();
    const saver = SecureSqliteSaver.open(path.join(options.dir, CHECKPOINT_FILES[kind]));
    opened.push(saver);
    return saver;
  };
  try {
    const sessions = open("sessions", options.sessions);
    const tasks = open("tasks", options.tasks);
    return {
      sessions,
      tasks,
      close() {
        for (const saver of opened) saver.close();
      },
    };
  } catch (error) {
    for (const saver of opened) saver.close();
    throw error;
  }
}
