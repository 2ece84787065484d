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
  return termOverlap(a, b, new Set(keywordTerms(a)), new Set(keywordTerms(b)));
}

function termOverlap(a: string, b: string, left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 && right.size === 0) return a.trim() === b.trim() ? 1 : 0;
  let shared = 0;
  for (const term of left) if (right.has(term)) shared++;
  return shared / (left.size + right.size - shared);
}

/** Each text's keyword terms, computed once however often it is compared. */
function termCache(): (text: string) => ReadonlySet<string> {
  const cache = new Map<string, ReadonlySet<string>>();
  return (text) => {
    let terms = cache.get(text);
    if (!terms) {
      terms = new Set(keywordTerms(text));
      cache.set(text, terms);
    }
    return terms;
  };
}

/**
 * Fold repeated statements of one fact (same key, polarity, source and wording) into one
 * candidate that cites every message and carries the latest `observedAt`.
 */
export function dedupeCandidates(candidates: readonly DraftCandidate[]): DraftCandidate[] {
  const kept: DraftCandidate[] = [];
  // Only candidates of one key, polarity, source and speaker can be twins: compared per bucket,
  // each text tokenised once, so a long batch costs no quadratic re-tokenising.
  const buckets = new Map<string, DraftCandidate[]>();
  const terms = termCache();
  for (const candidate of candidates) {
    const bucketKey = JSON.stringify([
      candidate.key,
      candidate.positive,
      candidate.sourceType,
      candidate.speaker ?? null,
    ]);
    const bucket = buckets.get(bucketKey) ?? [];
    const twin = bucket.find(
      (k) =>
        k.content === candidate.content ||
        termOverlap(k.content, candidate.content, terms(k.content), terms(candidate.content)) >= 0.9,
    );
    if (!twin) {
      const copy = { ...candidate, messageIds: [...candidate.messageIds] };
      kept.push(copy);
      bucket.push(copy);
      buckets.set(bucketKey, bucket);
      continue;
    }
    for (const id of candidate.messageIds) if (!twin.messageIds.includes(id)) twin.messageIds.push(id);
    if (candidate.observedAt > twin.observedAt) twin.observedAt = candidate.observedAt;
    twin.confidence = Math.max(twin.confidence, candidate.confidence);
  }
  return kept;
}

/** Rule candidates plus the model candidates that add something (rules win ties; a tie's relations come from the model). */
export function mergeModelCandidates(
  rules: readonly DraftCandidate[],
  model: readonly DraftCandidate[],
): DraftCandidate[] {
  const merged = [...rules];
  const terms = termCache();
  for (const candidate of model) {
    const restated = merged.findIndex((existing) => {
      const overlap = termOverlap(
        existing.content,
        candidate.content,
        terms(existing.content),
        terms(candidate.content),
      );
      return (existing.key === candidate.key && overlap >= SAME_KEY_OVERLAP) || overlap >= ANY_KEY_OVERLAP;
    });
    if (restated < 0) merged.push(candidate);
    // The rule's candidate stands; the model's reading of its relations is kept with it.
    else if (candidate.facts?.length && !merged[restated]!.facts?.length)
      merged[restated] = { ...merged[restated]!, facts: candidate.facts };
  }
  return merged;
}
