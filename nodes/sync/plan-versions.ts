/**
 * Decide each fact's version: added, updated (the active one superseded), refreshed, unchanged,
 * retired or skipped as stale; in a snapshot, retire what the system no longer reports.
 */
import { planSync } from "../../src/sync/plan.js";
import type { SyncNode } from "../../src/sync/state.js";

export const planVersions: SyncNode<"request" | "facts" | "current", "plan"> = (state) => {
  if (!state.request) throw new Error("sync request missing: resolve_scope runs first");
  return { plan: planSync(state.facts, state.current, state.request) };
};
