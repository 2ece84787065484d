/**
 * What resolve-conflict decides for each admitted candidate, what ask-user adds to it, and
 * what a write run returns. Shared by the write graph's nodes and the facade.
 */

import type { MemoryRecord } from "../../schema.js";
import type { MemoryCandidate } from "../candidate.js";
import type { UserDecision } from "../history.js";
import type { AdmittedCandidate, Rejection, RejectionReason } from "../scoring.js";
import type { ConflictRelation } from "./classify.js";
import type { Verdict } from "./judge.js";

/** The model's verdict on the pair the rules would ask about (judge.ts), or why there is none. */
export interface ModelJudgement {
  /** The stored memory of the pair. */
  existingId: string;
  verdict?: Verdict;
  failure?: string;
}

/**
 * The write action for one candidate:
 * add · reinforce · supersede · merge · exception (one-off, next to a standing memory) ·
 * ask (the user decides; ask-user turns it into `userDecision` or a pending record) · reject.
 */
export type WriteAction = "add" | "reinforce" | "supersede" | "merge" | "exception" | "ask" | "reject";

export interface ConflictDecision {
  admitted: AdmittedCandidate;
  /** The id the candidate's record gets if it is written (pre-assigned so later candidates can refer to it). */
  recordId: string;
  relation: ConflictRelation;
  action: WriteAction;
  reason: string;
  /** The memory it relates to, as read when deciding (persist re-reads it). */
  existing?: MemoryRecord;
  /** For `reject`. */
  rejection?: RejectionReason;
  /** For `ask`: the question in the candidate's language. */
  question?: string;
  /** For `ask`, once answered (interactive runs). */
  userDecision?: UserDecision;
  /** For `ask` in non-interactive runs: keep it as a pending record until `memory.resolve`. */
  deferred?: boolean;
  /**
   * The model's judgement this decision applied. Persist, deciding again against a store that
   * changed (or on a store shared by processes), applies it again while the pair is the same
   * instead of asking the model twice or dropping its verdict.
   */
  judged?: ModelJudgement;
}

/** What one write run (or one `resolve`) changed. Records are as stored after the run. */
export interface WriteResult {
  /** New active records (including those that superseded an old one, and one-off exceptions). */
  written: MemoryRecord[];
  reinforced: MemoryRecord[];
  /** Old records now marked superseded. */
  superseded: MemoryRecord[];
  /** Existing records that absorbed a candidate's detail. */
  merged: MemoryRecord[];
  /** Records waiting for the user: unresolved conflicts and unconfirmed inferences. */
  pending: MemoryRecord[];
  /** Candidates not written, each with its reason and admission score. */
  rejected: Rejection[];
  /** One-off exceptions recorded next to a standing preference (also in `written`). */
  exceptions: MemoryRecord[];
}

/** What extraction could not read (malformed model output, ...): recorded, never thrown. */
export interface ExtractionFailure {
  stage: string;
  error: string;
  raw?: string;
}

/** A write run's output: the persisted result plus extraction failures. */
/** Input the run did not read for memories, and why (so nothing is dropped without a word). */
export interface IgnoredInput {
  messageId: string;
  /** `role`: a system or tool message; `non_text_parts`: content parts that are not text. */
  reason: "role" | "non_text_parts";
  detail: string;
}

export interface MemoryWriteOutput extends WriteResult {
  /**
   * Episodes of the conversation this run recorded (seed 000 情景记忆, src/write/episodes.ts):
   * about the session, not the user, so they are listed here and not in `written`.
   */
  episodes: MemoryRecord[];
  extractionFailures: ExtractionFailure[];
  ignored: IgnoredInput[];
  /** Every message of the run and what became of it (src/write/accounting.ts), in input order. */
  messages: MessageOutcome[];
}

export function emptyWriteResult(): WriteResult {
  return { written: [], reinforced: [], superseded: [], merged: [], pending: [], rejected: [], exceptions: [] };
}

export const MESSAGE_OUTCOMES = ["written", "merged", "known", "pending", "rejected", "ignored"] as const;
export type MessageOutcomeKind = (typeof MESSAGE_OUTCOMES)[number];

export interface MessageOutcome {
  messageId: string;
  outcome: MessageOutcomeKind;
  /** The memories the message became or touched (written, merged into, reinforced, pending). */
  recordIds: string[];
  /** Older memories a memory of this message replaced. */
  supersededIds?: string[];
  /**
   * Why nothing was remembered: an admission reason (`below_threshold`, `transient`, …), or
   * `question`, `small_talk`, `assistant_turn`, `no_statement` when the rules read no memory from it.
   */
  reason?: string;
  /** The episode of the conversation the message is kept in, when no memory was made of it. */
  episodeId?: string;
}

/** The JSON a conflict interrupt carries (seed 002 §3.2). */
export interface MemoryConflictInterrupt {
  type: "memory_conflict";
  candidate: MemoryCandidate;
  existing: MemoryRecord | null;
  relation: ConflictRelation;
  question: string;
  options: string[];
}
