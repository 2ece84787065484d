/**
 * resolve-conflict (seed 002 §3, seed 003 §4.2): what each admitted candidate does to the
 * scope's active memories: add, reinforce, supersede, merge, a one-off exception, ask or reject
 * (src/write/conflict/resolve.ts). Where the rules would ask and a chat model is configured, the
 * model judges every such pair in one structured call, and the user is asked only about what it
 * could not settle (src/write/conflict/judge.ts). Its decisions rest on the store as score read it
 * (`basis`, noted there); persist decides again if another write committed since.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseStore } from "@langchain/langgraph";
import { resolveDecisions } from "../../src/write/conflict/resolve.js";
import { runIds, writeScope, writeStore } from "../../src/write/context.js";
import type { AdmissionConfig } from "../../src/write/scoring.js";
import type { WriteNode } from "../../src/write/state.js";

export interface ResolveConflictNodeOptions {
  store?: BaseStore;
  admission: AdmissionConfig;
  now: () => Date;
  /** Judges the conflicts the rules would ask about; without it they are asked. */
  model?: BaseChatModel;
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
      ...(options.model ? { judge: options.model, judgeConfig: config } : {}),
      ...runIds(state, config),
    });
    return { decisions };
  };
}
