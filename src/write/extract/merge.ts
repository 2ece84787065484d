/**
 * Deduplication inside one extraction run: the same fact said three times in a batch is one
 * candidate citing three messages, and a model candidate that restates a rule candidate is
 * dropped (rules win ties: they are deterministic and cite their exact message).
 */

import { keywordTerms } from "../../text/tokenizer.js";
import type { MemoryCandidate } from "../candidate.js";

export type DraftCandidate = Omit<MemoryCandidate, "candidateId">;

// Same key and this much shared vocabulary: the model said what a rule already said.
const SAME_KEY_OVERLAP = 0.5;
// Seed 001 §5.3: ~0.85 is the duplicate threshold; a little lower across extractors, whose
// phrasing differs more than two mentions by the same user.
const ANY_KEY_OVERLAP = 0.8;

/** Jaccard overlap of the two texts' keyword terms (words plus Chinese bigrams), 0–1. */
export function contentOverlap(a: string, b: string): number {
  const left = new Set(keywordTerms(a));
  const right = new Set(keywordTerms(b));
  if (left.size === 0 && right.size === 0) return a.trim() === b.trim() ? 1 : 0;
  let shared = 0;
  for (const term of left) if (right.has(term)) shared++;
  return shared / (left.size + right.size - shared);
}

/**
 * Fold repeated statements of one fact (same key, polarity, source and wording) into one
 * candidate that cites every message and carries the latest `observedAt`.
 */
export function dedupeCandidates(candidates: readonly DraftCandidate[]): DraftCandidate[] {
  const kept: DraftCandidate[] = [];
  for (const candidate of candidates) {
    const twin = kept.find(
      (k) =>
        k.key === candidate.key &&
        k.positive === candidate.positive &&
        k.sourceType === candidate.sourceType &&
        k.speaker === candidate.speaker &&
        (k.content === candidate.content || contentOverlap(k.content, candidate.content) >= 0.9),
    );
    if (!twin) {
      kept.push({ ...candidate, messageIds: [...candidate.messageIds] });
      continue;
    }
    for (const id of candidate.messageIds) if (!twin.messageIds.includes(id)) twin.messageIds.push(id);
    if (candidate.observedAt > twin.observedAt) twin.observedAt = candidate.observedAt;
    twin.confidence = Math.max(twin.confidence, candidate.confidence);
  }
  return kept;
}

/** Rule candidates plus the model candidates that add something (rules win ties). */
export function mergeModelCandidates(
  rules: readonly DraftCandidate[],
  model: readonly DraftCandidate[],
): DraftCandidate[] {
  const merged = [...rules];
  for (const candidate of model) {
    const restates = merged.some((existing) => {
      const overlap = contentOverlap(existing.content, candidate.content);
      return (existing.key === candidate.key && overlap >= SAME_KEY_OVERLAP) || overlap >= ANY_KEY_OVERLAP;
    });
    if (!restates) merged.push(candidate);
  }
  return merged;
}
