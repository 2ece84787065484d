/**
 * How a maintenance step changes a scope: its record changes, key-index entries and history
 * entries collected first, then committed as ONE `store.batch` inside the scope's queue (src/
 * scope-queue.ts), so remember() and recall() bookkeeping never interleave with it and a crash
 * between two steps leaves every memory in the state one step or the other left it.
 */
import type { BaseStore, Operation } from "@langchain/langgraph-checkpoint";
import { coldNamespace, episodesNamespace, recordOperations, recordsNamespace } from "../namespaces.js";
import { type MemoryRecord, type MemoryScope, type MemoryStatus, parseMemoryRecord } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { scanNamespace } from "../store/scan.js";
import { keyIndexOperations } from "../write/conflict/key-index.js";
import { type HistoryAction, type HistoryEntryInput, HistoryLog } from "../write/history.js";
import { supersedeRecord } from "../write/records.js";
import { yieldIfDue } from "../yield.js";
import { getMany, splitTags, tagOf } from "./ledger.js";

/** What every maintenance step works with. */
export interface StepContext {
  store: BaseStore;
  queue: ScopeQueue;
  scope: MemoryScope;
  /** The run's one clock reading. */
  now: Date;
  /** Records the step wrote ("r:" / "e:" tagged ids, ledger.ts), filled by runStep. */
  written: Set<string>;
}

export class MaintenancePlan {
  readonly history = new HistoryLog();
  private readonly puts = new Map<string, MemoryRecord>();
  private readonly included: Operation[] = [];
  /** Cold records this plan brings back: their cold copies go. */
  private readonly warmed = new Set<string>();

  constructor(
    private readonly scope: MemoryScope,
    private readonly now: string,
  ) {}

  /** The records this plan writes, as the ledger names them. */
  writtenTags(): string[] {
    return [...this.puts.values()].map(tagOf);
  }

  get size(): number {
    return this.puts.size + this.included.length;
  }

  /** Active → archived: out of normal recall, kept for history questions and restore(). */
  archive(record: MemoryRecord, reason: string): void {
    this.change(record, { ...record, status: "archived", updatedAt: this.now }, "archive", reason);
  }

  /**
   * Archived → active again (or pending, with the question to ask, when it would be a second
   * current value of its key). Restored counts as used now, so decay starts over.
   */
  restore(record: MemoryRecord, reason: string, conflict?: HistoryEntryInput["conflict"]): MemoryRecord {
    const { expiresAt, ...rest } = record;
    // A due time already passed would archive it again on the next run: the user asked for it back.
    const keepExpiry = expiresAt !== undefined && Date.parse(expiresAt) > Date.parse(this.now);
    const status: MemoryStatus = conflict ? "pending" : "active";
    const after = parseMemoryRecord({
      ...rest,
      ...(keepExpiry ? { expiresAt } : {}),
      status,
      updatedAt: this.now,
      lastAccessedAt: this.now,
    });
    const placed = this.put(after);
    this.history.append({
      action: "restore",
      recordId: record.id,
      at: this.now,
      reason,
      messageIds: [],
      before: { status: record.status },
      after: { status },
      ...(conflict ? { relatedId: conflict.existingId, conflict } : {}),
    });
    return placed;
  }

  /**
   * A retired record (superseded or archived) still in the hot tier moves to the cold one:
   * out of the vector graph and the hot keyword postings, a keyword copy under the scope's cold
   * namespace (src/namespaces.ts recordOperations). Where it is stored, not what it is: its
   * status and history are unchanged. Records the write graph superseded stay hot until a pass
   * moves them; until then every recall's filter reads past them.
   */
  cool(record: MemoryRecord): void {
    if (record.tier === "cold" || (record.status !== "superseded" && record.status !== "archived")) return;
    this.put(record);
  }

  /** The record steps aside for `by` (a merge target or a summary). */
  supersede(record: MemoryRecord, by: string, reason: string): void {
    const after = supersedeRecord(record, by, { scope: this.scope, now: this.now });
    this.put(after);
    this.log("supersede", record, reason, {
      relatedId: by,
      before: { status: record.status },
      after: { status: after.status, supersededBy: by },
    });
  }

  /**
   * A record changed in place (a merge target gaining counts and sources); `folded` are the
   * source ids it absorbed, listed in full in the history entry (the record lists at most
   * MAX_SOURCE_IDS).
   */
  update(
    before: MemoryRecord,
    after: MemoryRecord,
    action: HistoryAction,
    reason: string,
    relatedIds: string[],
    folded: string[],
  ): void {
    this.put(parseMemoryRecord(after));
    this.log(action, after, reason, { relatedId: relatedIds.join(","), before, after, messageIds: folded });
  }

  /** A new record (a summary) standing for `relatedIds`, whose source ids `folded` lists in full. */
  add(record: MemoryRecord, reason: string, relatedIds: string[], folded: string[]): void {
    this.put(parseMemoryRecord(record));
    this.log("add", record, reason, { relatedId: relatedIds.join(","), after: record, messageIds: folded });
  }

  operations(): Operation[] {
    const ops: Operation[] = [];
    for (const record of this.puts.values()) ops.push(...recordOperations(record));
    for (const id of this.warmed)
      if (this.puts.get(id)?.tier !== "cold") ops.push({ namespace: coldNamespace(this.scope), key: id, value: null });
    const indexed = [...this.puts.values()].filter((record) => record.about !== "conversation");
    ops.push(
      ...keyIndexOperations(
        this.scope,
        indexed.map((record) => ({ record, deleted: false })),
      ),
    );
    ops.push(...this.history.operations(this.scope));
    ops.push(...this.included);
    return ops;
  }

  /** Operations planned elsewhere (a removal, src/forget/remove.ts), committed in the same batch. */
  include(operations: readonly Operation[]): void {
    this.included.push(...operations);
  }

  private change(before: MemoryRecord, next: MemoryRecord, action: HistoryAction, reason: string): MemoryRecord {
    const after = this.put(parseMemoryRecord(next));
    this.log(action, after, reason, { before: { status: before.status }, after: { status: after.status } });
    return after;
  }

  /**
   * What maintenance retires (archived, superseded) moves to the cold tier; what it brings back
   * (restore) leaves it (src/namespaces.ts recordOperations).
   */
  private put(record: MemoryRecord): MemoryRecord {
    const retired = record.status === "archived" || record.status === "superseded";
    const { tier, ...rest } = record;
    if (!retired && tier === "cold") this.warmed.add(record.id);
    const placed: MemoryRecord = retired ? { ...rest, tier: "cold" } : rest;
    this.puts.set(record.id, placed);
    return placed;
  }

  private log(
    action: HistoryAction,
    record: MemoryRecord,
    reason: string,
    extra: {
      relatedId?: string;
      before?: Record<string, unknown>;
      after?: Record<string, unknown>;
      messageIds?: string[];
    },
  ): void {
    this.history.append({
      action,
      recordId: record.id,
      at: this.now,
      reason,
      messageIds: extra.messageIds ? [...new Set(extra.messageIds)] : [],
      ...(extra.relatedId ? { relatedId: extra.relatedId } : {}),
      ...(extra.before ? { before: extra.before } : {}),
      ...(extra.after ? { after: extra.after } : {}),
    });
  }
}

/** Which of a scope's records a step reads. */
export interface LoadOptions {
  statuses: readonly MemoryStatus[];
  /** The conversation's episodes too (their own namespace). */
  episodes: boolean;
  /** Only these records ("r:" / "e:" tagged ids, an incremental pass's), read by id. */
  only?: readonly string[];
}

/**
 * Every record of the scope in `statuses`; a value that fails validation is left alone (it is
 * counted, never rewritten), so one bad row cannot stop a scope's maintenance.
 */
export async function loadRecords(
  store: BaseStore,
  scope: MemoryScope,
  options: LoadOptions,
): Promise<{ records: MemoryRecord[]; invalid: number }> {
  const filter =
    options.statuses.length === 1 ? { status: options.statuses[0] } : { status: { $in: [...options.statuses] } };
  const namespaces = options.episodes ? [recordsNamespace(scope), episodesNamespace(scope)] : [recordsNamespace(scope)];
  const records: MemoryRecord[] = [];
  let invalid = 0;
  if (options.only) {
    const statuses = new Set<string>(options.statuses);
    const ids = splitTags(options.only);
    const wanted = [[recordsNamespace(scope), ids.records] as const];
    if (options.episodes) wanted.push([episodesNamespace(scope), ids.episodes] as const);
    for (const [namespace, keys] of wanted) {
      for (const item of await getMany(store, namespace, keys)) {
        if (!item) continue;
        try {
          const record = parseMemoryRecord(item.value);
          if (statuses.has(record.status)) records.push(record);
        } catch {
          invalid += 1;
        }
        await yieldIfDue();
      }
    }
    return { records, invalid };
  }
  for (const namespace of namespaces) {
    for (const item of await scanNamespace(store, namespace, { filter, pageSize: 1000, exact: true })) {
      try {
        records.push(parseMemoryRecord(item.value));
      } catch {
        invalid += 1;
      }
      await yieldIfDue();
    }
  }
  return { records, invalid };
}

/**
 * One maintenance step for one scope: read, decide, commit one batch, all inside the scope's
 * queue. A step that changes nothing writes nothing.
 */
export async function runStep<R>(
  ctx: StepContext,
  load: LoadOptions,
  decide: (records: MemoryRecord[], plan: MaintenancePlan) => R | Promise<R>,
): Promise<R> {
  const key = scopeKey(ctx.scope);
  return ctx.queue.run(key, async () => {
    const { records } = await loadRecords(ctx.store, ctx.scope, load);
    const plan = new MaintenancePlan(ctx.scope, ctx.now.toISOString());
    const result = await decide(records, plan);
    if (plan.size > 0) {
      await ctx.store.batch(plan.operations());
      ctx.queue.bump(key);
      for (const tag of plan.writtenTags()) ctx.written.add(tag);
    }
    return result;
  });
}
