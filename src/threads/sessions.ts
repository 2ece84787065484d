/**
 * Sessions: conversation containers (seed 002 N9). A session is a thread of the session
 * checkpointer (thread id = session id) that the registry gives to one scope on its first
 * `open`. Its last activity is the later of its last `open` and its last checkpoint, so a graph
 * of the caller's that writes to the session checkpointer keeps its session alive too; after
 * `ttlDays` without either, the maintenance graph deletes it (src/maintain/config.ts). Deleting
 * a session, by hand or by the TTL, never touches a task: tasks live in the other checkpointer.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { ExpiredSession } from "../maintain/state.js";
import { type MemoryScope, parseScope } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { DAY_MS } from "../time.js";
import type { ThreadRegistry } from "./registry.js";
import { MAX_SESSION_TASKS, parseThreadId, type SessionEntry, type SessionInfo } from "./schema.js";

export interface Sessions {
  /**
   * Open a session for the scope: on first use the id becomes the scope's, on every later use it
   * is marked active now. Call it at each turn, before your graph runs with
   * `thread_id: sessionId` on `memory.checkpointers.sessions`: that is what keeps another user
   * off the thread, and what lets forget and the TTL find it.
   * @throws {ThreadOwnedError} when another user owns the id. @throws {InvalidInputError} for a malformed id.
   * @example
   * import { HumanMessage } from "@langchain/core/messages";
   * import { createAgentGraph } from "../../apps/agent.js";
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * declare const scope: MemoryScope;
   * const agent = createAgentGraph({ memory });
   * await memory.sessions.open(scope, "s-42");
   * await agent.invoke({ messages: [new HumanMessage("我不吃香菜")] }, { configurable: { thread_id: "s-42", user_id: scope.userId } });
   */
  open(scope: MemoryScope, sessionId: string): Promise<SessionInfo>;
  /** The scope's sessions, most recently active first. */
  list(scope: MemoryScope): Promise<SessionInfo[]>;
  /**
   * Delete a session: its thread from the session checkpointer (every checkpoint, gone from the
   * files), and its entry. Tasks started in it are untouched.
   * @throws {NotFoundError} for an id the scope does not have. @throws {ThreadOwnedError} for another user's.
   */
  delete(scope: MemoryScope, sessionId: string): Promise<{ sessionId: string }>;
}

export interface SessionsOptions {
  registry: ThreadRegistry;
  queue: ScopeQueue;
  checkpointer: BaseCheckpointSaver;
  now: () => Date;
}

export function createSessions({ registry, queue, checkpointer, now }: SessionsOptions): Sessions {
  return {
    async open(scope, sessionId) {
      const valid = parseScope(scope);
      const id = parseThreadId("session", sessionId, "sessions.open");
      return queue.run(scopeKey(valid), () => openSession(registry, valid, id, now().toISOString()));
    },
    async list(scope) {
      const valid = parseScope(scope);
      const entries = await queue.run(scopeKey(valid), () => registry.list("session", valid));
      const sessions = await Promise.all(entries.map((entry) => withLastActivity(entry, checkpointer)));
      return sessions.sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt));
    },
    async delete(scope, sessionId) {
      const valid = parseScope(scope);
      const id = parseThreadId("session", sessionId, "sessions.delete");
      return queue.run(scopeKey(valid), async () => {
        await registry.require("session", valid, id);
        await registry.deleteThreads("session", valid, [id], checkpointer);
        return { sessionId: id };
      });
    },
  };
}

/**
 * Open (claim or touch) a session inside the scope's queue; `taskId` links a task to it (the
 * session is the index of which conversation talked about which task, seed 002 N9).
 * @throws {ThreadOwnedError}
 */
export async function openSession(
  registry: ThreadRegistry,
  scope: MemoryScope,
  sessionId: string,
  at: string,
  taskId?: string,
): Promise<SessionInfo> {
  const entry = await registry.get("session", scope, sessionId);
  const linked = (ids: string[]) =>
    taskId === undefined ? ids : [...ids.filter((id) => id !== taskId), taskId].slice(-MAX_SESSION_TASKS);
  if (!entry) {
    const created: SessionEntry = { sessionId, createdAt: at, lastActiveAt: at, taskIds: linked([]) };
    await registry.claim("session", scope, created);
    return created;
  }
  const touched: SessionEntry = {
    ...entry,
    lastActiveAt: at > entry.lastActiveAt ? at : entry.lastActiveAt,
    taskIds: linked(entry.taskIds),
  };
  await registry.put("session", scope, touched);
  return touched;
}

/** The entry with `lastActiveAt` moved to its thread's last checkpoint when that is later. */
async function withLastActivity(entry: SessionEntry, checkpointer: BaseCheckpointSaver): Promise<SessionInfo> {
  const tuple = await checkpointer.getTuple({ configurable: { thread_id: entry.sessionId, checkpoint_ns: "" } });
  const written = tuple ? Date.parse(tuple.checkpoint.ts) : Number.NaN;
  if (Number.isNaN(written) || written <= Date.parse(entry.lastActiveAt)) return entry;
  return { ...entry, lastActiveAt: new Date(written).toISOString() };
}

export interface ExpireSessionsContext {
  registry: ThreadRegistry;
  queue: ScopeQueue;
  scope: MemoryScope;
  checkpointer: BaseCheckpointSaver;
  /** The maintenance run's clock reading. */
  now: Date;
  ttlDays: number;
}

/**
 * Delete the scope's sessions idle for more than `ttlDays` (inside the scope's queue): their
 * threads from the session checkpointer, then their entries. Tasks are not looked at.
 */
export async function expireIdleSessions(ctx: ExpireSessionsContext): Promise<ExpiredSession[]> {
  const cutoff = ctx.now.getTime() - ctx.ttlDays * DAY_MS;
  return ctx.queue.run(scopeKey(ctx.scope), async () => {
    const expired: ExpiredSession[] = [];
    for (const entry of await ctx.registry.list("session", ctx.scope)) {
      const { lastActiveAt } = await withLastActivity(entry, ctx.checkpointer);
      if (Date.parse(lastActiveAt) > cutoff) continue;
      const idleDays = Math.floor((ctx.now.getTime() - Date.parse(lastActiveAt)) / DAY_MS);
      expired.push({ sessionId: entry.sessionId, lastActiveAt, idleDays });
    }
    await ctx.registry.deleteThreads(
      "session",
      ctx.scope,
      expired.map((session) => session.sessionId),
      ctx.checkpointer,
    );
    return expired;
  });
}
