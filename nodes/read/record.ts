/**
 * Bookkeeping after the block is built: the trace and the usage counters, written in one batch
 * before the node returns (src/recall/bookkeeping.ts). Inside a LangGraph graph the write is
 * part of the step; the facade's recall() queues the same write behind its answer instead.
 */
import { prepareBookkeeping } from "../../src/recall/bookkeeping.js";
import type { ReadDeps, ReadNode } from "../../src/recall/state.js";

export function createRecordNode(deps: ReadDeps): ReadNode {
  return async (state, config) => {
    const bookkeeping = prepareBookkeeping(deps, state, config);
    await bookkeeping.commit();
    return { traceId: bookkeeping.traceId };
  };
}
