/**
 * resolve-conflict (seed 002 §3, seed 003 §4.2): for each admitted candidate, find related
 * ACTIVE memories in the same scope (same key first, then vector neighbours, then keyword
 * hits when the store has a keyword channel), classify the relation and decide the action.
 * Decisions are applied to a scratch plan as they are made, so a statement repeated within
 * one conversation reinforces the memory its first mention creates.
 */
import type { BaseStore } from "@langchain/langgraph";
import { recordsNamespace } from "../../src/namespaces.js";
import { WritePlan } from "../../src/write/conflict/apply.js";
import { decideConflict, mergeRelated, type RelatedMemory } from "../../src/write/conflict/decide.js";
import type { ConflictDecision } from "../../src/write/conflict/decision.js";
import { keyAndKeywordMatches, NEIGHBOURS, vectorNeighbours } from "../../src/write/conflict/lookup.js";
import { runIds, writeScope, writeStore } from "../../src/write/context.js";
import { newRecordId } from "../../src/write/records.js";
import type { AdmissionConfig, AdmittedCandidate } from "../../src/write/scoring.js";
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
    const admittedList = state.admitted;
    const namespace = recordsNamespace(scope);
    // The store does not change until persist, so every lookup of the run is made up front;
    // only the scratch plan (this run's own decisions) evolves candidate by candidate.
    const vectors = await missingNeighbours(store, namespace, admittedList);
    const seenAll = vectors.some((near) => near.length < NEIGHBOURS);
    const matches = await keyAndKeywordMatches(
      store,
      namespace,
      admittedList.map((a) => a.candidate),
      seenAll,
    );
    const scratch = new WritePlan({ scope, now: options.now().toISOString(), ...runIds(state, config) });
    const decisions: ConflictDecision[] = [];
    admittedList.forEach((admitted, i) => {
      const found = [...vectors[i]!, ...matches[i]!];
      scratch.seed(found.map((m) => m.record));
      const inRun = scratch.activeChanges().map((record) => ({ record, similarity: 0 }));
      const related = mergeRelated([...found, ...inRun], (id) => scratch.get(id));
      const decision = decideConflict(admitted, related, {
        recordId: newRecordId(),
        duplicateSimilarity: options.admission.duplicateSimilarity,
      });
      decisions.push(decision);
      scratch.apply(decision);
    });
    return { decisions };
  };
}

/** The score node's neighbours, or a fresh vector search for candidates admitted without them. */
async function missingNeighbours(
  store: BaseStore,
  namespace: string[],
  admitted: readonly AdmittedCandidate[],
): Promise<RelatedMemory[][]> {
  const missing = admitted.flatMap((a, i) => (a.neighbours ? [] : [i]));
  const searched = await vectorNeighbours(
    store,
    namespace,
    missing.map((i) => admitted[i]!.candidate.content),
  );
  return admitted.map((a, i) => a.neighbours ?? searched[missing.indexOf(i)]!);
}
