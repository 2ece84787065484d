/**
 * Removing memories everywhere they are quoted (seed 000 遗忘, seed 004 §4 "删除"): the record,
 * its key-index entry (the store drops its vectors and keyword postings with it), its content in
 * the history (entries about it, or quoting it, are rewritten without content), the recall
 * traces that listed it (dropped), and the turns of the stored conversation window it came
 * from, with the known names only its messages introduced. Each removed record leaves a content-free tombstone in the history: id, key, when, why.
 * Everything is planned first and committed by the caller as ONE store.batch.
 */
import type { BaseStore, Operation } from "@langchain/langgraph-checkpoint";
import { removedOperations } from "../maintain/ledger.js";
import { coldNamespace, historyNamespace, namespaceOf, tracesNamespace } from "../namespaces.js";
import { RecallTraceSchema } from "../recall/trace.js";
import { redactText } from "../redact.js";
import type { MemoryRecord, MemoryScope } from "../schema.js";
import { scanNamespace } from "../store/scan.js";
import { keyIndexNamespace } from "../write/conflict/key-index.js";
import { conversationOperation, readConversation } from "../write/extract/context.js";
import { withoutMessages } from "../write/extract/known-names.js";
import { type HistoryEntry, HistoryEntrySchema, HistoryLog } from "../write/history.js";

/** What a removal rewrote besides the records themselves. */
export interface RemovalReport {
  /** Ids of the records removed. */
  deleted: string[];
  /** History entries rewritten without content (or dropped when unreadable). */
  historyScrubbed: number;
  /** Recall traces dropped because they listed or quoted a removed record. */
  tracesDropped: number;
  /** 1 when turns of the stored conversation window or known names were taken out, else 0. */
  conversationScrubbed: number;
}

export interface RemovalPlan {
  operations: Operation[];
  report: RemovalReport;
}

/** What replaces the reason of a history entry whose content was removed. */
export const SCRUBBED_REASON = "content removed with the memory";

/**
 * Plan the removal of records of `scope`, each with the reason its tombstone will give.
 * @example
 * declare const store: BaseStore;
 * declare const scope: MemoryScope;
 * declare const record: MemoryRecord;
 * const { operations } = await planRemoval(store, scope, [{ record, reason: "asked by the user" }], new Date());
 * await store.batch(operations);
 */
export async function planRemoval(
  store: BaseStore,
  scope: MemoryScope,
  removals: ReadonlyArray<{ record: MemoryRecord; reason: string }>,
  now: Date,
): Promise<RemovalPlan> {
  const ids = new Set(removals.map(({ record }) => record.id));
  const contents = [...new Set(removals.map(({ record }) => record.content))];
  const messageIds = new Set(removals.flatMap(({ record }) => record.source.messageIds));
  const operations: Operation[] = [];
  for (const { record } of removals) {
    operations.push({ namespace: namespaceOf({ ...record, scope }), key: record.id, value: null });
    operations.push({ namespace: keyIndexNamespace(scope, record.key), key: record.id, value: null });
    operations.push({ namespace: coldNamespace(scope), key: record.id, value: null });
  }
  // A group's active member leaves the maintenance ledger's count and group at the next pass.
  const members = removals
    .map(({ record }) => ({ ...record, scope }))
    .filter((r) => r.status === "active" && r.about !== "conversation");
  operations.push(...removedOperations(scope, members));
  const history = await scrubHistory(store, scope, ids, contents);
  const traces = await dropTraces(store, scope, ids, contents);
  const conversation = await scrubConversation(store, scope, messageIds, contents);
  operations.push(...history, ...traces, ...conversation);

  const log = new HistoryLog();
  const at = now.toISOString();
  for (const { record, reason } of removals) {
    // A reason is free text from the caller: redacted like everything else that is stored.
    const why = redactText(reason).text;
    log.append({ action: "delete", recordId: record.id, key: record.key, at, reason: why, messageIds: [] });
  }
  operations.push(...log.operations(scope));
  return {
    operations,
    report: {
      deleted: [...ids],
      historyScrubbed: history.length,
      tracesDropped: traces.length,
      conversationScrubbed: conversation.length,
    },
  };
}

/** True when any string inside `value` contains one of `texts`. */
export function quotes(value: unknown, texts: readonly string[]): boolean {
  if (typeof value === "string") return texts.some((text) => value.includes(text));
  if (Array.isArray(value)) return value.some((v) => quotes(v, texts));
  if (value && typeof value === "object") return Object.values(value).some((v) => quotes(v, texts));
  return false;
}

/** Entries about a removed record, or quoting one, keep who/what/when and lose every text. */
async function scrubHistory(
  store: BaseStore,
  scope: MemoryScope,
  ids: ReadonlySet<string>,
  contents: readonly string[],
): Promise<Operation[]> {
  const namespace = historyNamespace(scope);
  const ops: Operation[] = [];
  for (const item of await scanNamespace(store, namespace, { pageSize: 500 })) {
    const parsed = HistoryEntrySchema.safeParse(item.value);
    // An entry of another record that merely names a removed one (relatedId) keeps its texts
    // unless they quote it.
    if (!(parsed.success && ids.has(parsed.data.recordId)) && !quotes(item.value, contents)) continue;
    ops.push(
      parsed.success
        ? { namespace, key: item.key, value: contentFree(parsed.data), index: false }
        : { namespace, key: item.key, value: null },
    );
  }
  return ops;
}

function contentFree(entry: HistoryEntry): HistoryEntry {
  const { before: _before, after: _after, conflict: _conflict, ...rest } = entry;
  return { ...rest, reason: SCRUBBED_REASON };
}

/**
 * Traces that listed a removed record, or quote it, are dropped whole: the recall's query was
 * most likely about it ("帮我点外卖，香菜"), and a trace is a short-lived debugging aid.
 */
async function dropTraces(
  store: BaseStore,
  scope: MemoryScope,
  ids: ReadonlySet<string>,
  contents: readonly string[],
): Promise<Operation[]> {
  const namespace = tracesNamespace(scope);
  const ops: Operation[] = [];
  for (const item of await scanNamespace(store, namespace, { pageSize: 500 })) {
    const parsed = RecallTraceSchema.safeParse(item.value);
    const listed = parsed.success && parsed.data.memories.some((m) => ids.has(m.id));
    if (listed || quotes(item.value, contents)) ops.push({ namespace, key: item.key, value: null });
  }
  return ops;
}

/**
 * The stored conversation window (named speakers only) loses the turns a removed record came
 * from, and the scope's known names those messages alone introduced (known-names.ts).
 */
async function scrubConversation(
  store: BaseStore,
  scope: MemoryScope,
  messageIds: ReadonlySet<string>,
  contents: readonly string[],
): Promise<Operation[]> {
  const context = await readConversation(store, scope);
  if (!context) return [];
  const recent = context.recent.filter((turn) => !messageIds.has(turn.id) && !quotes(turn, contents));
  const names = withoutMessages(context.names, messageIds);
  const namesKept = names.length === context.names.length && names.every((n, i) => n === context.names[i]);
  if (recent.length === context.recent.length && namesKept) return [];
  return [conversationOperation(scope, { ...context, recent, names })];
}
