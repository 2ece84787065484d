/** Shared fixtures of the sessions-and-tasks suites: a facade per test, closed after it. */
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { afterEach } from "vitest";
import { type CreateMemoryOptions, createMemory, type Memory } from "../../src/memory.js";
import { tempDir } from "../helpers/store.js";

export const BOB = { userId: "bob", tenantId: "acme" };
export const ALICE = { userId: "alice", tenantId: "acme" };
export const DAY_MS = 86_400_000;

/** `open(options?)` for a test file: a memory on a new directory unless `dir` or `store` says otherwise. */
export function openedPerTest(): (options?: CreateMemoryOptions) => Promise<{ memory: Memory; dir: string }> {
  const opened: Memory[] = [];
  afterEach(async () => {
    for (const memory of opened.splice(0)) await memory.close();
  });
  return async (options = {}) => {
    const dir = options.dir ?? tempDir("lgm-threads-");
    const memory = await createMemory({ env: {}, ...options, ...(options.store ? {} : { dir }) });
    opened.push(memory);
    return { memory, dir };
  };
}

/**
 * A session graph of the caller's: it appends each turn to `notes`, on the session
 * checkpointer, with thread_id = session id.
 */
export function sessionGraph(checkpointer: BaseCheckpointSaver) {
  const State = Annotation.Root({
    notes: Annotation<string[]>({ reducer: (all, next) => [...all, ...next], default: () => [] }),
  });
  return new StateGraph(State)
    .addNode("reply", (state) => ({ notes: [`reply to turn ${state.notes.length}`] }))
    .addEdge(START, "reply")
    .addEdge("reply", END)
    .compile({ checkpointer });
}

/** The latest checkpoint of a thread, if the saver has one. */
export async function latest(saver: BaseCheckpointSaver, threadId: string) {
  return saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
}
