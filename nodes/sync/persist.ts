/**
 * persist: every record change of the sync and its history in ONE `store.batch`, inside the
 * scope's queue (shared with remember(), recall bookkeeping and maintenance), so nothing commits
 * half a sync. When another write committed to the scope since `current` was read, the sync is
 * decided again against the store as it is now.
 */
import { storeFromConfig } from "../../src/graph/runtime.js";
import { scopeKey, scopeQueueFor } from "../../src/scope-queue.js";
import { readCurrent } from "../../src/sync/current.js";
import { planSync, syncOperations } from "../../src/sync/plan.js";
import { type SyncDeps, type SyncNode, syncReport } from "../../src/sync/state.js";

export function createPersistNode(deps: SyncDeps): SyncNode<"request" | "facts" | "plan" | "basis", "sync"> {
  return async (state, config) => {
    const request = state.request;
    if (!request || !state.plan) throw new Error("sync plan missing: plan_versions runs first");
    const store = storeFromConfig(deps.store, config, "sync");
    const queue = scopeQueueFor(store);
    const key = scopeKey(request.scope);
    const plan = await queue.run(key, async () => {
      const fresh = queue.isCurrent(key, state.basis)
        ? state.plan!
        : planSync(state.facts, await readCurrent(store, request, state.facts), request);
      if (fresh.writes.length > 0) {
        await store.batch(syncOperations(fresh, request));
        queue.bump(key);
      }
      return fresh;
    });
    return { sync: syncReport(request, plan) };
  };
}
