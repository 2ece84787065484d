/**
 * Usage bookkeeping: injected live memories get `lastAccessedAt` and `accessCount` bumped in
 * one batch, feeding recency decay and usage frequency next time.
 */
import { recordUsage } from "../../src/recall/usage.js";
import { requestOf, storeFor, type ReadDeps, type ReadNode } from "../../src/recall/state.js";

export function createUsageNode(deps: ReadDeps): ReadNode {
  return async (state, config) => {
    const request = requestOf(state);
    // History answers (superseded, archived) are not "used" preferences; only live ones count.
    const used = state.candidates.filter((c) => c.decision?.outcome === "injected" && c.value.status === "active").map((c) => c.value);
    if (used.length > 0) await recordUsage(storeFor(deps, config), request.scope, used, new Date(request.now));
    return {};
  };
}
