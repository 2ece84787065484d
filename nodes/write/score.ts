/**
 * score: the admission gate (seed 002 §2). Source rules first (seeds 003, 004), then the
 * four-question score against the threshold. Novelty is computed HERE, from the store, against
 * what is known about the same subject and attribute: the active memories under the
 * candidate's own key (from the key index), scored with their vector similarity where the
 * nearest-neighbour search found them too. A candidate about someone named is looked up among
 * their memories only (src/write/conflict/lookup.ts), never in a search of the whole scope. A candidate held back only by low novelty next to a
 * near-duplicate is passed on as a restatement, which resolve-conflict reinforces.
 * Both lookups travel on to resolve-conflict, so the step also notes the scope's write
 * generation they were read at (`basis`): persist decides again when another write committed since.
 */
import type { BaseStore } from "@langchain/langgraph";
import { scopeKey, scopeQueueFor } from "../../src/scope-queue.js";
import { neighboursOf } from "../../src/write/conflict/lookup.js";
import { writeScope, writeStore } from "../../src/write/context.js";
import {
  type AdmissionConfig,
  type AdmittedCandidate,
  admit,
  type Rejection,
  sameFactSimilarity,
} from "../../src/write/scoring.js";
import type { WriteNode } from "../../src/write/state.js";

export interface ScoreNodeOptions {
  store?: BaseStore;
  admission: AdmissionConfig;
}

export function createScoreNode(options: ScoreNodeOptions): WriteNode<"candidates", "admitted" | "rejected" | "basis"> {
  return async (state, config) => {
    const scope = writeScope(config);
    const store = writeStore(options.store, config);
    const candidates = state.candidates;
    // Read before the first lookup: every decision of this run rests on what the store held then.
    const basis = scopeQueueFor(store).generation(scopeKey(scope));
    const { found, vectorHits } = await neighboursOf(store, scope, candidates);
    const admitted: AdmittedCandidate[] = [];
    const rejected: Rejection[] = [];
    candidates.forEach((candidate, i) => {
      const near = found[i]!;
      const same = sameFactSimilarity(candidate, near);
      const verdict = admit(candidate, same.similarity, options.admission, same.memory);
      // The neighbours travel on: resolve-conflict needs them too, and one search is enough.
      if ("admitted" in verdict) admitted.push({ ...verdict.admitted, neighbours: near, vectorHits: vectorHits[i]! });
      else rejected.push(verdict.rejected);
    });
    return { admitted, rejected, basis };
  };
}
