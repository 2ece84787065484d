/**
 * Deciding what each admitted candidate does to the scope's memories (seed 002 §3, seed 003
 * §4.2): find related ACTIVE memories (same key first, then vector neighbours, then keyword hits
 * when the store has a keyword channel), classify the relation and decide the action. Decisions
 * are applied to a scratch plan as they are made, so a statement repeated within one
 * conversation reinforces the memory its first mention creates.
 *
 * The resolve-conflict step runs it once; persist runs it again, inside the scope's queue, when
 * another write committed to the scope in between (the decisions' basis is gone).
 */
import type { BaseStore } from "@langchain/langgraph";
import { recordsNamespace } from "../../namespaces.js";
import type { MemoryScope } from "../../schema.js";
import { yieldIfDue } from "../../yield.js";
import { newRecordId } from "../records.js";
import type { AdmissionConfig, AdmittedCandidate } from "../scoring.js";
import { WritePlan } from "./apply.js";
import { decideConflict, mergeRelated, type RelatedMemory } from "./decide.js";
import type { ConflictDecision } from "./decision.js";
import { keyAndKeywordMatches, NEIGHBOURS, vectorNeighbours } from "./lookup.js";

export interface ResolveContext {
  store: BaseStore;
  scope: MemoryScope;
  admission: AdmissionConfig;
  /** ISO time of the write. */
  now: string;
  sessionId?: string;
  taskId?: string;
  /** Look up neighbours afresh instead of using the ones admission found (the store changed since). */
  fresh?: boolean;
}

/**
 * One decision per admitted candidate, in order.
 * @example
 * const decisions = await resolveDecisions(admitted, { store, scope, admission, now: new Date().toISOString() });
 */
export async function resolveDecisions(
  admittedList: readonly AdmittedCandidate[],
  ctx: ResolveContext,
): Promise<ConflictDecision[]> {
  const { store, scope } = ctx;
  const namespace = recordsNamespace(scope);
  // The store does not change until persist, so every lookup of the run is made up front;
  // only the scratch plan (this run's own decisions) evolves candidate by candidate.
  const admitted = ctx.fresh ? admittedList.map(({ neighbours: _stale, ...rest }) => rest) : admittedList;
  const vectors = await missingNeighbours(store, namespace, admitted);
  const seenAll = vectors.some((near) => near.length < NEIGHBOURS);
  const matches = await keyAndKeywordMatches(
    store,
    namespace,
    admitted.map((a) => a.candidate),
    seenAll,
  );
  const scratch = new WritePlan({
    scope,
    now: ctx.now,
    ...(ctx.sessionId ? { sessionId: ctx.sessionId } : {}),
    ...(ctx.taskId ? { taskId: ctx.taskId } : {}),
  });
  const decisions: ConflictDecision[] = [];
  for (const [i, candidate] of admitted.entries()) {
    await yieldIfDue();
    const found = [...vectors[i]!, ...matches[i]!];
    scratch.seed(found.map((m) => m.record));
    const inRun = scratch.activeChanges().map((record) => ({ record, similarity: 0 }));
    const related = mergeRelated([...found, ...inRun], (id) => scratch.get(id));
    const decision = decideConflict(candidate, related, {
      recordId: newRecordId(),
      duplicateSimilarity: ctx.admission.duplicateSimilarity,
    });
    decisions.push(decision);
    scratch.apply(decision);
  }
  return decisions;
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
