/**
 * Turns conflict decisions into record changes and audit entries, all collected first so the
 * caller writes them in ONE `store.batch` (a failed run persists nothing partial).
 *
 * The same plan runs twice per write: resolve-conflict applies its decisions to a scratch plan
 * so later candidates of the same run see earlier ones (a statement said three times in one
 * conversation reinforces one memory), and persist applies them for real on fresh records.
 */
import type { Operation } from "@langchain/langgraph-checkpoint";
import { coldNamespace, recordOperations, recordsNamespace } from "../../namespaces.js";
import type { MemoryRecord } from "../../schema.js";
import { detectLanguage } from "../../text/tokenizer.js";
import type { MemoryCandidate } from "../candidate.js";
import {
  CONFIRMATION_OPTIONS,
  CONFLICT_OPTIONS,
  type HistoryEntryInput,
  HistoryLog,
  type UserDecision,
} from "../history.js";
import {
  activateRecord,
  exceptionRecord,
  mergeRecord,
  type RecordContext,
  recordFromCandidate,
  reinforceRecord,
  supersedeRecord,
} from "../records.js";
import type { Rejection } from "../scoring.js";
import { type ConflictDecision, emptyWriteResult, type WriteResult } from "./decision.js";
import { keyIndexOperations } from "./key-index.js";

type Category = Exclude<keyof WriteResult, "rejected">;

export class WritePlan {
  readonly history = new HistoryLog();
  private readonly records = new Map<string, MemoryRecord>();
  private readonly changed = new Set<string>();
  private readonly deleted = new Set<string>();
  private readonly categories = new Map<string, Set<Category>>();
  private readonly rejections: Rejection[] = [];

  constructor(
    private readonly ctx: RecordContext,
    existing: Iterable<MemoryRecord> = [],
  ) {
    for (const record of existing) this.records.set(record.id, record);
  }

  /** Make existing records known to the plan (first copy wins: the plan's own changes are newer). */
  seed(records: Iterable<MemoryRecord>): void {
    for (const record of records) if (!this.records.has(record.id)) this.records.set(record.id, record);
  }

  /** The record as it stands in this plan (existing, or created earlier in the run). */
  get(id: string): MemoryRecord | undefined {
    return this.deleted.has(id) ? undefined : this.records.get(id);
  }

  /** Records created or changed by the plan that are active now. */
  activeChanges(): MemoryRecord[] {
    return [...this.changed].map((id) => this.records.get(id)!).filter((r) => r.status === "active");
  }

  /** Log an admission rejection (it changes no record, but is audited). */
  reject(rejection: Rejection, recordId: string): void {
    this.rejections.push(rejection);
    const c = rejection.candidate;
    this.log({
      action: "reject",
      recordId,
      reason: `${rejection.reason}: ${rejection.message}`,
      messageIds: c.messageIds,
      score: rejection.score,
      relatedId: rejection.relatedId,
      // Seed 003 §5.1: a judgement about the user's personality or mood that was not admitted
      // stays out of storage altogether; the audit keeps only that it was refused.
      after: rejection.reason === "personal_low_confidence" ? { key: c.key, kind: c.kind } : snapshot(c),
    });
  }

  apply(decision: ConflictDecision): void {
    const c = decision.admitted.candidate;
    const target = decision.existing ? this.get(decision.existing.id) : undefined;
    const action = decision.action;
    if (action === "reject") {
      this.reject(
        {
          candidate: c,
          reason: decision.rejection ?? "below_threshold",
          score: decision.admitted.scores.score,
          scores: decision.admitted.scores,
          message: decision.reason,
          relatedId: decision.existing?.id,
        },
        decision.recordId,
      );
    } else if (action === "supersede") {
      this.supersede(decision, target, decision.reason);
    } else if (action === "ask") {
      if (decision.userDecision) this.applyAnswer(decision, target, decision.userDecision);
      else this.addPending(decision);
    } else if (action === "add" || !target) {
      // Reinforce, merge and exception need their target; without it the candidate stands alone.
      this.add(decision, decision.admitted.status, decision.reason);
    } else if (action === "reinforce") {
      this.change(target, reinforceRecord(target, c, this.ctx), "reinforce", "reinforced", decision.reason, c);
    } else if (action === "merge") {
      this.change(target, mergeRecord(target, c, this.ctx), "merge", "merged", decision.reason, c);
    } else {
      this.addException(decision, target);
    }
  }

  /**
   * Resolve a pending record (`memory.resolve`): the user's decision on a deferred conflict
   * (`existing` set) or on an unconfirmed inference (`existing` undefined).
   */
  resolvePending(pending: MemoryRecord, decision: UserDecision, existing?: MemoryRecord): void {
    const reason = `user decision: ${decision}`;
    const target = existing ? this.get(existing.id) : undefined;
    const resolved = (after: MemoryRecord | undefined, relatedId: string | undefined): void =>
      this.log({
        action: "resolve",
        recordId: pending.id,
        reason,
        messageIds: [],
        decision,
        relatedId,
        before: pending,
        after,
      });
    // Supersede with nothing left to supersede keeps the memory, as keep_both does.
    if (decision === "confirm" || decision === "keep_both" || decision === "supersede") {
      const activated = activateRecord(pending, this.ctx, decision === "confirm");
      this.put(activated, "written");
      resolved(activated, decision === "supersede" ? target?.id : undefined);
      if (decision === "supersede" && target) {
        const retired = supersedeRecord(target, pending.id, this.ctx);
        this.change(target, retired, "supersede", "superseded", reason, undefined, pending.id);
      }
      return;
    }
    if (decision === "merge" && target) {
      const merged = mergeRecord(target, candidateFromRecord(pending), this.ctx);
      this.change(target, merged, "merge", "merged", reason, undefined, pending.id);
    }
    // reject, or merge done: the pending record goes away; its snapshot stays in the history.
    this.remove(pending);
    resolved(undefined, target?.id);
  }

  /**
   * The user named `target` as the memory `by` replaces (`memory.revise`): it steps aside like
   * any superseded memory, kept for audit and undo.
   */
  replace(target: MemoryRecord, by: MemoryRecord, reason: string): void {
    const current = this.get(target.id) ?? target;
    const retired = supersedeRecord(current, by.id, this.ctx);
    this.put(retired, "superseded");
    this.log({
      action: "supersede",
      recordId: current.id,
      reason,
      messageIds: by.source.messageIds,
      relatedId: by.id,
      decision: "supersede",
      before: current,
      after: retired,
    });
  }

  /**
   * Every record put/delete, its key-index entry (key-index.ts) and history entry, for one
   * `store.batch`.
   */
  operations(): Operation[] {
    const namespace = recordsNamespace(this.ctx.scope);
    const ops: Operation[] = [];
    for (const id of this.changed) {
      if (this.deleted.has(id)) continue;
      ops.push(...recordOperations({ ...this.records.get(id)!, scope: this.ctx.scope }));
    }
    for (const id of this.deleted) {
      ops.push({ namespace, key: id, value: null });
      ops.push({ namespace: coldNamespace(this.ctx.scope), key: id, value: null });
    }
    const indexed = keyIndexOperations(
      this.ctx.scope,
      [...new Set([...this.changed, ...this.deleted])].map((id) => ({
        record: this.records.get(id)!,
        deleted: this.deleted.has(id),
      })),
    );
    return [...ops, ...indexed, ...this.history.operations(this.ctx.scope)];
  }

  result(): WriteResult {
    const result = emptyWriteResult();
    for (const [id, categories] of this.categories) {
      const record = this.records.get(id);
      if (!record || this.deleted.has(id)) continue;
      for (const category of categories) result[category].push(record);
    }
    result.rejected = [...this.rejections];
    return result;
  }

  private applyAnswer(decision: ConflictDecision, target: MemoryRecord | undefined, answer: UserDecision): void {
    const reason = `user decision: ${answer} (${decision.reason})`;
    const c = decision.admitted.candidate;
    this.log({
      action: "resolve",
      recordId: decision.recordId,
      reason,
      messageIds: c.messageIds,
      decision: answer,
      relatedId: target?.id,
    });
    if (answer === "reject") this.apply({ ...decision, action: "reject", rejection: "user_rejected", reason });
    else if (answer === "supersede") this.supersede(decision, target, reason);
    else if (answer === "merge" && target)
      this.change(target, mergeRecord(target, c, this.ctx), "merge", "merged", reason, c);
    else this.add(decision, "active", reason);
  }

  private add(decision: ConflictDecision, status: MemoryRecord["status"], reason: string): void {
    const c = decision.admitted.candidate;
    const record = recordFromCandidate(
      c,
      { id: decision.recordId, confidence: decision.admitted.confidence, status },
      this.ctx,
    );
    this.put(record, status === "pending" ? "pending" : "written");
    this.log({
      action: "add",
      recordId: record.id,
      reason,
      messageIds: c.messageIds,
      score: decision.admitted.scores.score,
      relatedId: decision.existing?.id,
      relation: decision.relation,
      after: record,
      // An unconfirmed source waits for the user: what to ask is kept with its creation.
      ...(status === "pending"
        ? {
            conflict: {
              relation: "unconfirmed",
              question: decision.question ?? reason,
              options: [...CONFIRMATION_OPTIONS],
            },
          }
        : {}),
    });
  }

  private addPending(decision: ConflictDecision): void {
    const c = decision.admitted.candidate;
    const record = recordFromCandidate(
      c,
      { id: decision.recordId, confidence: decision.admitted.confidence, status: "pending" },
      this.ctx,
    );
    this.put(record, "pending");
    this.log({
      action: "add",
      recordId: record.id,
      reason: `pending: ${decision.reason}`,
      messageIds: c.messageIds,
      score: decision.admitted.scores.score,
      relatedId: decision.existing?.id,
      relation: decision.relation,
      after: record,
      conflict: {
        existingId: decision.existing?.id,
        relation: decision.relation,
        question: decision.question ?? decision.reason,
        options: [...CONFLICT_OPTIONS],
      },
    });
  }

  private supersede(decision: ConflictDecision, target: MemoryRecord | undefined, reason: string): void {
    this.add(decision, "active", reason);
    if (!target) return;
    const c = decision.admitted.candidate;
    this.change(
      target,
      supersedeRecord(target, decision.recordId, this.ctx),
      "supersede",
      "superseded",
      reason,
      c,
      decision.recordId,
    );
  }

  private addException(decision: ConflictDecision, standing: MemoryRecord): void {
    const c = decision.admitted.candidate;
    const record = exceptionRecord(c, standing, decision.recordId, this.ctx);
    this.put(record, "written");
    this.tag(record.id, "exceptions");
    this.log({
      action: "add",
      recordId: record.id,
      reason: `one-off exception; standing memory ${standing.id} kept (${decision.reason})`,
      messageIds: c.messageIds,
      score: decision.admitted.scores.score,
      relatedId: standing.id,
      relation: "exception",
      after: record,
    });
  }

  private change(
    before: MemoryRecord,
    after: MemoryRecord,
    action: "reinforce" | "merge" | "supersede",
    category: Category,
    reason: string,
    candidate?: MemoryCandidate,
    relatedId?: string,
  ): void {
    this.put(after, category);
    this.log({ action, recordId: after.id, reason, messageIds: candidate?.messageIds ?? [], relatedId, before, after });
  }

  private put(record: MemoryRecord, category: Category): void {
    this.records.set(record.id, record);
    this.changed.add(record.id);
    this.deleted.delete(record.id);
    this.tag(record.id, category);
  }

  private remove(record: MemoryRecord): void {
    this.records.set(record.id, record);
    this.deleted.add(record.id);
    this.categories.delete(record.id);
  }

  private tag(id: string, category: Category): void {
    const set = this.categories.get(id) ?? new Set<Category>();
    set.add(category);
    this.categories.set(id, set);
  }

  private log(entry: Omit<HistoryEntryInput, "at" | "sessionId" | "taskId">): void {
    this.history.append({
      ...entry,
      at: this.ctx.now,
      sessionId: this.ctx.sessionId,
      taskId: this.ctx.taskId,
    } as HistoryEntryInput);
  }
}

/** A stored record seen as a candidate again (merging a pending memory into another). */
export function candidateFromRecord(record: MemoryRecord): MemoryCandidate {
  return {
    candidateId: record.id,
    kind: record.kind,
    key: record.key,
    content: record.content,
    ...(record.value !== undefined ? { value: record.value } : {}),
    language: detectLanguage(record.content),
    positive: true,
    sourceType: record.source.type,
    messageIds: record.source.messageIds,
    observedAt: record.observedAt,
    confidence: record.confidence,
    importance: record.importance,
    sensitivity: record.sensitivity,
    ...(record.expiresAt ? { expiresAt: record.expiresAt } : {}),
    ...(record.retrievalHints ? { retrievalHints: record.retrievalHints } : {}),
    extractor: "stored_record",
  };
}

function snapshot(candidate: MemoryCandidate): Record<string, unknown> {
  return JSON.parse(JSON.stringify(candidate)) as Record<string, unknown>;
}
