/**
 * Read the active business facts the sync is decided against, and the scope's write generation
 * they were read at (`basis`): persist decides again when another write committed since.
 */
import { storeFromConfig } from "../../src/graph/runtime.js";
import { scopeKey, scopeQueueFor } from "../../src/scope-queue.js";
import { readCurrent } from "../../src/sync/current.js";
import type { SyncDeps, SyncNode } from "../../src/sync/state.js";

export function createReadCurrentNode(deps: SyncDeps): SyncNode<"request" | "facts", "current" | "basis"> {
  return async (state, config) => {
    const request = state.request;
    if (!request) throw new Error("sync request missing: resolve_scope runs first");
    const store = storeFromConfig(deps.store, config, "sync");
    const basis = scopeQueueFor(store).generation(scopeKey(request.scope));
    return { current: await readCurrent(store, request, state.facts), basis };
  };
}
