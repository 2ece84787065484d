/**
 * Bookkeeping after the block is built: the trace and the usage counters, written in one batch
 * (src/recall/bookkeeping.ts). Inside a LangGraph graph the write is part of the step; when the
 * facade hands over `deferBookkeeping`, the write is queued behind the answer instead.
 */
import { prepareBookkeeping } from "../../src/recall/bookkeeping.js";
import type { ReadDeps, ReadNode } from "../../src/recall/state.js";

export function createRecordNode(
  deps: ReadDeps,
): ReadNode<"request" | "candidates" | "knowledgeCandidates" | "retrieval" | "context", "traceId"> {
  return async (state, config) => {
    const bookkeeping = prepareBookkeeping(deps, state, config);
    if (deps.deferBookkeeping) deps.deferBookkeeping(bookkeeping);
    else await bookkeeping.commit();
    return { traceId: bookkeeping.traceId };
  };
}
