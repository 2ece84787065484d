/**
 * resolve-conflict (seed 002 §3, seed 003 §4.2): what each admitted candidate does to the
 * scope's active memories: add, reinforce, supersede, merge, a one-off exception, ask or reject
 * (src/write/conflict/resolve.ts). Its decisions rest on the store as score read it (`basis`,
 * noted there); persist decides again if another write committed since.
 */
import type { BaseStore } from "@langchain/langgraph";
import { resolveDecisions } from "../../src/write/conflict/resolve.js";
import { runIds, writeScope, writeStore } from "../../src/write/context.js";
import type { AdmissionConfig } from "../../src/write/scoring.js";
import type { WriteNode } from "../../src/write/state.js";

export interface ResolveConflictNodeOptions {
  store?: BaseStore;
  admission: AdmissionConfig;
  now: () => Date;
}

export function createResolveConflictNode(
  options: ResolveConflictNodeOptions,
): WriteNode<"admitted" | "sessionId" | "taskId", "decisions"> {
  return async (state, config) => {
    const scope = writeScope(config);
    const store = writeStore(options.store, config);
    const decisions = await resolveDecisions(state.admitted, {
      store,
      scope,
      admission: options.admission,
      now: options.now().toISOString(),
      ...runIds(state, config),
    });
    return { decisions };
  };
}
