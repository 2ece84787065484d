/**
 * The session TTL (seed 000 遗忘: 会话上下文 7–30 天过期): sessions idle longer than the TTL are
 * deleted, thread and entry. Tasks are not looked at: a task outlives its sessions (seed 002 N9).
 */
import type { ExpiredSession } from "../../src/maintain/state.js";
import { type MaintainDeps, type MaintainNode, stepContext } from "../../src/maintain/state.js";
import { ThreadRegistry } from "../../src/threads/registry.js";
import { expireIdleSessions } from "../../src/threads/sessions.js";

export function createExpireSessionsNode(deps: MaintainDeps): MaintainNode<"request", "expiredSessions"> {
  const { checkpointer, ttlDays } = deps.sessions;
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    if (!checkpointer || ttlDays === null) return { expiredSessions: [] as ExpiredSession[] };
    const registry = new ThreadRegistry(ctx.store, ctx.queue);
    return { expiredSessions: await expireIdleSessions({ ...ctx, registry, checkpointer, ttlDays }) };
  };
}
