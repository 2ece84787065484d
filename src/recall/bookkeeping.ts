/**
 * Bookkeeping after a recall's block is built: the memory trace (seed 004 §4: every candidate
 * with its per-signal scores and what became of it, kept `traceRetentionDays`) and usage
 * counters (injected live memories get `lastAccessedAt` and `accessCount` bumped, feeding
 * recency and usage frequency next time). Both go to the store in ONE batch: one write
 * transaction per recall instead of two.
 *
 * Split in two so the trace id is known before anything is written: the read graph's `record`
 * node does both at once; the facade returns the recall first and queues the write behind it
 * (see ScopeQueue), which takes ~1 ms off every recall.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { type PreparedBookkeeping, type ReadDeps, type ReadState, readStore, requestOf } from "./state.js";
import { buildTrace, newTraceId, purgeExpiredTracesIfDue, traceWrite } from "./trace.js";
import { planUsage } from "./usage.js";

/**
 * Name the trace of a finished recall; `commit()` builds it (redacting it is the costly part, so
 * it happens off the answer's path in background mode) and writes it with the usage counters.
 * @example
 * const { traceId, commit } = prepareBookkeeping(deps, state, config);
 * await commit();
 */
export function prepareBookkeeping(
  deps: ReadDeps,
  state: Pick<ReadState, "request" | "candidates" | "knowledgeCandidates" | "retrieval" | "context">,
  config: LangGraphRunnableConfig,
): PreparedBookkeeping {
  const request = requestOf(state);
  const store = readStore(deps, config);
  const now = new Date(request.now);
  const traceId = newTraceId();
  // History answers (superseded, archived) are not "used" preferences; only live ones count.
  const used = state.candidates
    .filter((c) => c.decision?.outcome === "injected" && c.value.status === "active")
    .map((c) => c.value);
  return {
    traceId,
    scope: request.scope,
    async commit() {
      const trace = buildTrace({ ...state, request }, deps.traceRetentionDays, traceId);
      const usage = await planUsage(store, request.scope, used, now);
      await store.batch([traceWrite(request.scope, trace), ...usage.puts]);
      await purgeExpiredTracesIfDue(store, request.scope, now);
    },
  };
}
