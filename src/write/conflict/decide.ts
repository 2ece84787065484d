/**
 * From relations to one decision per candidate: pick the strongest relation among the related
 * memories, apply source precedence and the pending rules, name the action.
 */
import type { MemoryRecord } from "../../schema.js";
import { keySubject } from "../extract/keys.js";
import { sameEntity } from "../extract/subject.js";
import type { AdmittedCandidate } from "../scoring.js";
import { type ConflictRelation, classifyRelation, type RelationJudgement } from "./classify.js";
import type { ConflictDecision, ModelJudgement } from "./decision.js";
import { applyPrecedence } from "./precedence.js";
import { confirmationQuestion, conflictQuestion } from "./question.js";

/** An active memory found near a candidate: by key, vector or keyword, or created earlier in the run. */
export interface RelatedMemory {
  record: MemoryRecord;
  /** Cosine similarity from the vector index; 0 when found another way. */
  similarity: number;
}

// When a candidate relates to several memories, the most specific relation wins:
// repeating a memory beats questioning another one.
const PRIORITY: Record<ConflictRelation, number> = {
  duplicate: 5,
  exception: 4,
  supersede: 3,
  merge: 2,
  ask_user: 1,
  coexist: 0,
};

/**
 * Decide what to do with one admitted candidate.
 * @example
 * import { newRecordId } from "../records.js";
 * declare const admitted: AdmittedCandidate; // 用户最近不吃芒果了
 * declare const mango: MemoryRecord; // 用户喜欢吃芒果
 * const decision = decideConflict(admitted, [{ record: mango, similarity: 0.57 }], { recordId: newRecordId() });
 * decision.action; // "supersede"
 */
export function decideConflict(
  admitted: AdmittedCandidate,
  related: readonly RelatedMemory[],
  options: {
    recordId: string;
    duplicateSimilarity?: number;
    /** The model's verdict on the pair the rules would ask about (judge.ts), or why there is none. */
    judged?: ModelJudgement;
    /** The dimension a text is about by meaning, where an embeddings model is configured (meaning.ts). */
    meaning?: (content: string) => string | undefined;
  },
): ConflictDecision {
  let c = admitted.candidate;
  const base: Pick<ConflictDecision, "admitted" | "recordId" | "judged"> = { admitted, recordId: options.recordId };
  let best: { memory: RelatedMemory; judgement: RelationJudgement } | undefined;
  for (const memory of related) {
    const judgement = classifyRelation(
      c,
      { ...memory.record, speaker: memory.record.source.speaker },
      {
        similarity: memory.similarity,
        oneOffException: admitted.oneOffException,
        duplicateSimilarity: options.duplicateSimilarity,
        ...(options.meaning ? { meaning: options.meaning } : {}),
      },
    );
    if (
      !best ||
      PRIORITY[judgement.relation] > PRIORITY[best.judgement.relation] ||
      (PRIORITY[judgement.relation] === PRIORITY[best.judgement.relation] && memory.similarity > best.memory.similarity)
    ) {
      best = { memory, judgement };
    }
  }
  let relation = best?.judgement.relation ?? "coexist";
  let reason = best?.judgement.reason ?? "no related memory";
  // Where the rules would ask, the model's judgement decides when it gave one (seed 002 §3.2).
  const judged = options.judged;
  let modelSaid = false;
  if (relation === "ask_user" && judged && best?.memory.record.id === judged.existingId) {
    base.judged = judged;
    if (judged.verdict) {
      modelSaid = true;
      reason = `model judgement: ${judged.verdict.reason} (rules: ${reason})`;
      relation = judged.verdict.relation;
    } else if (judged.failure) {
      reason = `${reason}; ${judged.failure}, so the user is asked`;
    }
  }
  const existing = relation === "coexist" ? undefined : best!.memory.record;
  // "Anna moved to Osaka" about the colleague Anna already known: her key, not a new one.
  const known = existing ? knownEntityKey(c.key, existing.key) : undefined;
  if (known) {
    c = { ...c, key: known };
    base.admitted = { ...admitted, candidate: c };
  }

  if (admitted.deferredRejection && !["duplicate", "exception", "merge", "supersede"].includes(relation)) {
    const { reason: rejection, message } = admitted.deferredRejection;
    return { ...base, relation, action: "reject", rejection, reason: message, existing };
  }
  if (!existing) {
    const why = modelSaid ? `${admittedReason(admitted)}; ${reason}` : admittedReason(admitted);
    return { ...base, relation, action: "add", reason: why, question: pendingQuestion(admitted) };
  }

  // Seed 004 §2: a business fact changes only with its system's next sync (src/sync/). A chat
  // repeating it adds nothing, one contradicting it is outranked, anything else stays beside it.
  if (existing.source.type === "system_sync" && c.sourceType !== "system_sync") {
    const synced = `${existing.id} is a business fact from ${existing.source.system ?? "system sync"}`;
    if (relation === "duplicate" || relation === "supersede" || relation === "ask_user") {
      const rejection = relation === "duplicate" ? "already_known" : "outranked";
      return {
        ...base,
        relation,
        action: "reject",
        rejection,
        reason: `${synced}, which chat cannot change (${reason})`,
        existing,
      };
    }
    if (admitted.deferredRejection) {
      const { reason: rejection, message } = admitted.deferredRejection;
      return { ...base, relation, action: "reject", rejection, reason: message, existing };
    }
    return {
      ...base,
      relation: "coexist",
      action: "add",
      reason: `${admittedReason(admitted)}; kept beside ${synced} (${reason})`,
      question: pendingQuestion(admitted),
    };
  }

  if (relation === "duplicate") {
    // The same message read again (a graph replayed with the whole conversation, a retried run)
    // is not a second mention: reinforcing it would raise confidence with every replay.
    if (c.messageIds.length > 0 && c.messageIds.every((id) => existing.source.messageIds.includes(id))) {
      return {
        ...base,
        relation,
        action: "reject",
        rejection: "already_known",
        reason: `already known as ${existing.id} from the same message`,
        existing,
      };
    }
    // Seed 003 §5.6: the agent repeating what we know must not reinforce it (self-pollution).
    if (admitted.status === "pending") {
      return {
        ...base,
        relation,
        action: "reject",
        rejection: "already_known",
        reason: `already known as ${existing.id}: ${reason}`,
        existing,
      };
    }
    return { ...base, relation, action: "reinforce", reason, existing };
  }

  const precedence = applyPrecedence({
    relation,
    candidateSource: c.sourceType,
    candidateObservedAt: c.observedAt,
    existingSource: existing.source.type,
    existingObservedAt: existing.observedAt,
    candidateHearsay: c.signals?.businessHearsay === true,
  });
  if ("rejected" in precedence) {
    return {
      ...base,
      relation,
      action: "reject",
      rejection: precedence.rejected,
      reason: `${precedence.reason} (${reason})`,
      existing,
    };
  }
  // Unconfirmed sources never change other memories; they wait for the user as they are.
  if (admitted.status === "pending") {
    return {
      ...base,
      relation,
      action: "add",
      reason: `${admittedReason(admitted)}; related to ${existing.id}: ${reason}`,
      existing,
      question: pendingQuestion(admitted),
    };
  }
  const finalReason = precedence.reason ? `${precedence.reason} (${reason})` : reason;
  switch (precedence.relation) {
    case "exception":
      return { ...base, relation: "exception", action: "exception", reason: finalReason, existing };
    case "supersede":
      return { ...base, relation: "supersede", action: "supersede", reason: finalReason, existing };
    case "merge":
      return { ...base, relation: "merge", action: "merge", reason: finalReason, existing };
    case "ask_user":
      return {
        ...base,
        relation: "ask_user",
        action: "ask",
        reason: finalReason,
        existing,
        question: conflictQuestion(c.language, c.content, existing.content),
      };
    default:
      return { ...base, relation: precedence.relation, action: "add", reason: admittedReason(admitted) };
  }
}

function admittedReason(admitted: AdmittedCandidate): string {
  const s = admitted.scores;
  const why = `admission score ${s.score} (novelty ${s.novelty}, stability ${s.stability}, reusability ${s.reusability}, confidence ${s.confidence})`;
  const hearsay = "what a business system records, said in a chat";
  const syncOnly = "never a business fact (those come from system sync only)";
  if (admitted.candidate.signals?.businessHearsay)
    return admitted.status === "active"
      ? `${why}; ${hearsay}: kept as the user's unconfirmed word (inferred), ${syncOnly}`
      : `${why}; ${hearsay}, in a model's words: an inferred note until the user confirms it, ${syncOnly}`;
  if (admitted.status === "active") return why;
  return `${why}; ${admitted.candidate.sourceType} ${admitted.candidate.kind} waits for the user's confirmation`;
}

function pendingQuestion(admitted: AdmittedCandidate): string | undefined {
  return admitted.status === "pending"
    ? confirmationQuestion(admitted.candidate.language, admitted.candidate.content)
    : undefined;
}

/** Drop memories the run has already retired, prefer the run's newest copy of each record. */
export function mergeRelated(
  found: readonly RelatedMemory[],
  current: (id: string) => MemoryRecord | undefined,
): RelatedMemory[] {
  const byId = new Map<string, RelatedMemory>();
  for (const memory of found) {
    const latest = current(memory.record.id) ?? memory.record;
    if (latest.status !== "active") continue;
    const previous = byId.get(latest.id);
    byId.set(latest.id, { record: latest, similarity: Math.max(previous?.similarity ?? 0, memory.similarity) });
  }
  return [...byId.values()];
}

/**
 * A bare name's key (`person.anna.location`) rewritten to the entity a related memory names
 * (`colleague.anna_lee.location`), or undefined when the candidate already names its entity.
 */
function knownEntityKey(candidateKey: string, existingKey: string): string | undefined {
  const mine = keySubject(candidateKey).entity;
  const theirs = keySubject(existingKey).entity;
  if (!mine?.startsWith("person.") || !theirs || theirs === mine || !sameEntity(mine, theirs)) return undefined;
  return `${theirs}${candidateKey.slice(mine.length)}`;
}
