/**
 * persist: every record change and its audit history in ONE `store.batch` (seed 002 §3.3),
 * so a run that fails writes nothing partial. It commits inside the scope's queue (shared by
 * every writer of the store in this process: the facade, this graph compiled into an agent,
 * recall bookkeeping), and when another write committed to the scope since the decisions were
 * made, it decides again against the store as it is now: two runs never both add a value of a
 * key that holds one. The user's own answers to a conflict question are kept as given. Every
 * message of the run is accounted for in the output (src/write/accounting.ts).
 */
import type { BaseStore } from "@langchain/langgraph";
import type { MemoryRecord } from "../../src/schema.js";
import { scopeKey, scopeQueueFor } from "../../src/scope-queue.js";
import { accountMessages } from "../../src/write/accounting.js";
import { commitDecisions } from "../../src/write/commit.js";
import type { WriteResult } from "../../src/write/conflict/decision.js";
import { resolveDecisions } from "../../src/write/conflict/resolve.js";
import { runIds, writeScope, writeStore } from "../../src/write/context.js";
import { episodeWrites } from "../../src/write/episodes.js";
import type { AdmissionConfig } from "../../src/write/scoring.js";
import type { WriteNode, WriteState } from "../../src/write/state.js";

export interface PersistNodeOptions {
  store?: BaseStore;
  admission: AdmissionConfig;
  now: () => Date;
}

type PersistReads =
  | "messages"
  | "ignored"
  | "admitted"
  | "decisions"
  | "basis"
  | "rejected"
  | "extractionFailures"
  | "sessionId"
  | "taskId"
  | "conversation"
  | "episodes";

export function createPersistNode(options: PersistNodeOptions): WriteNode<PersistReads, "memoryWrite"> {
  return async (state: Pick<WriteState, PersistReads>, config) => {
    const scope = writeScope(config);
    const store = writeStore(options.store, config);
    const queue = scopeQueueFor(store);
    const key = scopeKey(scope);
    const result = await queue.run(key, async () => {
      const now = options.now();
      let decisions = state.decisions;
      if (!queue.isCurrent(key, state.basis) && state.admitted.length > 0) {
        const fresh = await resolveDecisions(state.admitted, {
          store,
          scope,
          admission: options.admission,
          now: now.toISOString(),
          fresh: true,
          judged: new Map(state.decisions.flatMap((d, i) => (d.judged ? [[i, d.judged] as const] : []))),
          ...runIds(state, config),
        });
        decisions = fresh.map((decision, i) => {
          const asked = state.decisions[i];
          return asked?.action === "ask" && asked.userDecision ? asked : decision;
        });
      }
      const ctx = { scope, now: now.toISOString(), ...runIds(state, config) };
      let episodes: MemoryRecord[] = [];
      const extraOperations = async (planned: WriteResult) => {
        const writes = await episodeWrites(store, scope, state.episodes, planned, ctx);
        episodes = writes.records;
        return writes.operations;
      };
      const committed = await commitDecisions(store, scope, { ...state, decisions, extraOperations }, config, now);
      queue.bump(key);
      return { ...committed, episodes };
    });
    const messages = accountMessages(state.messages, { ...result, ignored: state.ignored });
    return {
      memoryWrite: { ...result, extractionFailures: state.extractionFailures, ignored: state.ignored, messages },
    };
  };
}
