/**
 * Bookkeeping after the block is built: the memory trace (seed 004 §4: every candidate with its
 * per-signal scores and what became of it, kept `traceRetentionDays`) and usage counters
 * (injected live memories get `lastAccessedAt` and `accessCount` bumped, feeding recency and
 * usage frequency next time). Both go to the store in ONE batch, so one write transaction per
 * recall instead of two: on HNSWStore a commit costs ~0.25 ms at p50 and far more when it
 * triggers a WAL checkpoint (issue 4's budget is 5 ms for the whole recall).
 */
import { buildTrace, purgeExpiredTracesIfDue, traceWrite } from "../../src/recall/trace.js";
import { planUsage } from "../../src/recall/usage.js";
import { requestOf, storeFor, type ReadDeps, type ReadNode } from "../../src/recall/state.js";

export function createRecordNode(deps: ReadDeps): ReadNode {
  return async (state, config) => {
    const request = requestOf(state);
    const store = storeFor(deps, config);
    const now = new Date(request.now);
    const trace = buildTrace({ ...state, request }, deps.traceRetentionDays);
    // History answers (superseded, archived) are not "used" preferences; only live ones count.
    const used = state.candidates.filter((c) => c.decision?.outcome === "injected" && c.value.status === "active").map((c) => c.value);
    const usage = await planUsage(store, request.scope, used, now);
    await store.batch([traceWrite(request.scope, trace), ...usage.puts]);
    await purgeExpiredTracesIfDue(store, request.scope, now);
    return { traceId: trace.traceId };
  };
}
