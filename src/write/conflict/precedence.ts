/**
 * Who wins a conflict (seed 003 §4.2, seed 004 §2): the user's own word outranks what the
 * model inferred, which outranks what the agent generated; business systems are authoritative
 * for business facts. At equal rank the newer statement wins.
 */
import type { SourceType } from "../../schema.js";
import type { ConflictRelation } from "./classify.js";

const SOURCE_RANK: Record<SourceType, number> = {
  system_sync: 3,
  explicit: 3,
  inferred: 2,
  agent_generated: 1,
};

export function sourceRank(source: SourceType): number {
  return SOURCE_RANK[source];
}

export interface PrecedenceInput {
  relation: ConflictRelation;
  candidateSource: SourceType;
  candidateObservedAt: string;
  existingSource: SourceType;
  existingObservedAt: string;
  /**
   * The candidate is the user's own chat statement of what a business system records, marked
   * `inferred` as hearsay about that system (scoring.ts `asBusinessHearsay`): against anything
   * but the system's own record it is the user's word, and ranks as such.
   */
  candidateHearsay?: boolean;
}

export type PrecedenceOutcome =
  | { relation: ConflictRelation; reason?: string }
  | { rejected: "outranked" | "stale"; reason: string };

/**
 * Adjust a relation for source precedence. Only relations that would change or question the
 * existing memory (supersede, ask_user) are affected.
 * @example
 * applyPrecedence({
 *   relation: "ask_user",
 *   candidateSource: "explicit",
 *   candidateObservedAt: "2026-03-02T10:00:00Z",
 *   existingSource: "inferred",
 *   existingObservedAt: "2026-03-01T10:00:00Z",
 * });
 * // → { relation: "supersede", reason: "an explicit statement outranks inferred memory" }
 */
export function applyPrecedence(input: PrecedenceInput): PrecedenceOutcome {
  if (input.relation !== "supersede" && input.relation !== "ask_user") return { relation: input.relation };
  const hearsay =
    input.candidateHearsay && input.candidateSource === "inferred" && input.existingSource !== "system_sync";
  const candidate = sourceRank(hearsay ? "explicit" : input.candidateSource);
  const existing = sourceRank(input.existingSource);
  if (candidate < existing) {
    return {
      rejected: "outranked",
      reason: `${article(input.candidateSource)} statement cannot override ${input.existingSource} memory`,
    };
  }
  if (candidate > existing) {
    return {
      relation: "supersede",
      reason: `${hearsay ? "the user's own" : article(input.candidateSource)} statement outranks ${input.existingSource} memory`,
    };
  }
  if (input.relation === "supersede" && Date.parse(input.candidateObservedAt) < Date.parse(input.existingObservedAt)) {
    return { rejected: "stale", reason: "older than the memory it contradicts: at equal source, newer wins" };
  }
  return { relation: input.relation };
}

function article(source: SourceType): string {
  return `${/^[aeiou]/u.test(source) ? "an" : "a"} ${source}`;
}
