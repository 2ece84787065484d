/**
 * What `langgraph.json` registers for LangGraph Studio (`langgraphjs dev`): the memory graphs on
 * this project's own `HNSWStore`, so what a developer sees in Studio is what their agent does.
 *
 * The dev server replaces a compiled graph's `store` and `checkpointer` with its own (an
 * in-memory store, its own checkpointer for threads). The graphs below therefore hold the
 * project's store by closure: every node reads `options.store` before `config.store`, so the
 * server's store is never used for memories. Threads, their checkpoints and interrupts stay the
 * server's (that is what Studio shows as a thread's state and history); tasks live on the
 * project's task checkpointer, under the same directory.
 *
 * Where the memories live: `LANGGRAPH_MEMORY_DIR`, default `.langgraph-memory` under the directory
 * the server runs in. It is opened on the first run, not at import (the server imports graph
 * files to read their schemas). OPENAI_* variables select a
 * model for extraction and conflicts when set (src/text/models.ts); offline otherwise.
 */
import path from "node:path";
import { createMemory, type Memory } from "../src/memory.js";
import { type AgentGraph, createAgentGraph } from "./agent.js";

/** The memory directory the Studio graphs use. */
export function studioMemoryDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.LANGGRAPH_MEMORY_DIR?.trim() || ".langgraph-memory");
}

/**
 * Memories opened in this process, by directory. Kept on `globalThis` because the dev server
 * re-imports graph files when they change, and a second store on the same directory would be
 * refused by its lock. Never closed explicitly: SQLite (WAL) is the source of truth, and an HNSW
 * file left behind it is repaired on the next open (src/store/vector-index.ts).
 */
const OPENED = Symbol.for("langgraph-memory.studio");
const shared = globalThis as { [OPENED]?: Map<string, Promise<Memory>> };
shared[OPENED] ??= new Map();
const registry = shared[OPENED];

/** The one Memory the registered graphs share in this process. */
export function studioMemory(env: NodeJS.ProcessEnv = process.env): Promise<Memory> {
  const dir = studioMemoryDir(env);
  let opened = registry.get(dir);
  if (!opened) {
    opened = createMemory({ dir, env: { ...env } });
    registry.set(dir, opened);
    // A failed open is not cached: the next run tries again and reports its own error.
    opened.catch(() => registry.delete(dir));
  }
  return opened;
}

// Graph factories: the server calls them per run with the run's config; each returns the same
// compiled graph, built once by the facade with the store above.
export const memory_write = async () => (await studioMemory()).graphs.write;
export const memory_read = async () => (await studioMemory()).graphs.read;
export const memory_maintain = async () => (await studioMemory()).graphs.maintain;
export const memory_sync = async () => (await studioMemory()).graphs.sync;

const agents = new WeakMap<Memory, AgentGraph>();
/**
 * The example agent (apps/agent.ts) on the same memory. Its task graph runs on the memory's
 * task checkpointer (`<dir>/checkpoints/tasks.sqlite`), held by closure like the store: a task
 * started in one Studio thread is resumed from another. The agent's own threads are the server's.
 */
export const agent = async () => {
  const memory = await studioMemory();
  let graph = agents.get(memory);
  if (!graph) {
    graph = createAgentGraph({ memory, env: { ...process.env } });
    agents.set(memory, graph);
  }
  return graph;
};
