/**
 * persist: every record change and its audit history in ONE `store.batch` (seed 002 §3.3),
 * so a run that fails writes nothing partial. Targets are re-read here (a conflict question
 * may have waited on the user for a while) and every record is validated before it is written.
 */
import type { BaseStore } from "@langchain/langgraph";
import { commitDecisions } from "../../src/write/commit.js";
import { writeScope, writeStore } from "../../src/write/context.js";
import type { WriteNode, WriteState } from "../../src/write/state.js";

export interface PersistNodeOptions {
  store?: BaseStore;
  now: () => Date;
}

type PersistReads = "decisions" | "rejected" | "extractionFailures" | "sessionId" | "taskId" | "conversation";

export function createPersistNode(options: PersistNodeOptions): WriteNode<PersistReads, "memoryWrite"> {
  return async (state: Pick<WriteState, PersistReads>, config) => {
    const scope = writeScope(config);
    const store = writeStore(options.store, config);
    const result = await commitDecisions(store, scope, state, config, options.now());
    return { memoryWrite: { ...result, extractionFailures: state.extractionFailures } };
  };
}
