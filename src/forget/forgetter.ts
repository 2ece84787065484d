/**
 * The forgetting side of the facade (seed 000 遗忘策略 "用户要求遗忘", seed 004 §4 GDPR 删除):
 * `delete` one memory everywhere, `forget` a whole user (with their sessions and tasks, from both
 * checkpointers) or every memory of one source. Each runs inside the scope's queue, so no write,
 * recall bookkeeping, session or task call of that user commits in between, and writes deleted
 * data out of the store's files before it returns.
 */
import type { BaseStore, Item } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { NotFoundError, parseInput } from "../errors.js";
import { episodesNamespace, recordsNamespace, scopeNamespace } from "../namespaces.js";
import { quoteValue, redactId } from "../redact.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord, parseScope, SourceTypeSchema } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { scanNamespace } from "../store/scan.js";
import { type Checkpointers, ThreadRegistry } from "../threads/registry.js";
import { listRecords } from "../write/review.js";
import { recordId } from "../write/writer.js";
import { deleteNamespacePrefix, writeDeletionsToDisk } from "./purge.js";
import { planRemoval, type RemovalReport } from "./remove.js";

export type DeleteReport = RemovalReport;

/** What `forget` removed. */
export interface ForgetReport {
  /** Memories of the user removed, whatever their status. */
  records: number;
  /** How many of those were pending (unresolved conflicts, unconfirmed inferences). */
  pending: number;
  /** Episodes of the conversation removed. */
  episodes: number;
  /** History entries removed (whole user) or rewritten without content (by source). */
  history: number;
  /** Recall traces removed (whole user), or those that listed a removed memory (by source). */
  traces: number;
  /** Key-index entries removed. */
  keys: number;
  /** Stored conversation-window entries removed or scrubbed. */
  conversation: number;
  /** Sessions removed, each with its thread in the session checkpointer (whole user only). */
  sessions: number;
  /** Tasks removed, each with its thread in the task checkpointer (whole user only). */
  tasks: number;
  /** By source: the ids of the removed records, each of which left a tombstone in the history. */
  ids?: string[];
}

export interface Forgetter {
  /**
   * Remove one memory everywhere: the record (and its vectors and keyword postings), its
   * key-index entry, its content in history entries and recall traces, the turns it came from in
   * the stored conversation window, and, for a memory of the user, the episodes recorded from the
   * same messages (they quote the same words). Leaves a content-free tombstone in the history.
   * @throws {NotFoundError} when the scope has no memory with that id.
   * @example
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * declare const scope: MemoryScope;
   * declare const record: MemoryRecord;
   * await memory.delete(scope, record.id, { reason: "the user asked" });
   */
  delete(scope: MemoryScope, id: string, options?: { reason?: string }): Promise<DeleteReport>;
  /**
   * Without `source`: remove everything of the user (every namespace under
   * `["memory", tenant, user]`: memories, pending conflicts, episodes, history, traces, key index,
   * conversation window and known names, and the user's sessions and tasks with their threads in both
   * checkpointers); other users and the knowledge base are untouched. No tombstone stays.
   * With `source`: remove every memory and episode of that source, each with a tombstone, and
   * nothing else.
   * @example
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * declare const scope: MemoryScope;
   * await memory.forget(scope);                        // { records: 12, episodes: 30, history: 41, ... }
   * await memory.forget(scope, { source: "inferred" }); // { records: 2, ids: [...], ... }
   */
  forget(
    scope: MemoryScope,
    options?: { source?: MemoryRecord["source"]["type"]; reason?: string },
  ): Promise<ForgetReport>;
}

const DeleteOptionsSchema = z.object({ reason: z.string().max(500).optional() }).strict();
const ForgetOptionsSchema = z
  .object({ source: SourceTypeSchema.optional(), reason: z.string().max(500).optional() })
  .strict();

export interface ForgetterOptions {
  store: BaseStore;
  queue: ScopeQueue;
  now: () => Date;
  /** The savers whose threads the user's sessions and tasks are (src/threads/registry.ts). */
  checkpointers: Checkpointers;
}

export function createForgetter({ store, queue, now, checkpointers }: ForgetterOptions): Forgetter {
  const registry = new ThreadRegistry(store, queue);
  return {
    async delete(scope, id, options = {}) {
      const valid = parseScope(scope);
      const key = recordId(id, "delete");
      const { reason } = parseInput(DeleteOptionsSchema, options ?? {}, "delete", "options { reason? }");
      const queueKey = scopeKey(valid);
      return queue.run(queueKey, async () => {
        const record = await findRecord(store, valid, key);
        if (!record)
          throw new NotFoundError(`No memory ${quoteValue(key)} in this scope to delete.`, { id: redactId(key) });
        const removals = [{ record, reason: reason ?? "deleted on request" }];
        for (const episode of await episodesOfTurns(store, valid, record))
          removals.push({ record: episode, reason: `episode of the turns of deleted memory ${record.id}` });
        const { operations, report } = await planRemoval(store, valid, removals, now());
        await store.batch(operations);
        queue.bump(queueKey);
        await writeDeletionsToDisk(store);
        return report;
      });
    },

    async forget(scope, options = {}) {
      const valid = parseScope(scope);
      const { source, reason } = parseInput(
        ForgetOptionsSchema,
        options ?? {},
        "forget",
        "options { source?, reason? }",
      );
      const queueKey = scopeKey(valid);
      return queue.run(queueKey, async () => {
        const report = source
          ? await forgetSource(store, valid, source, reason ?? `forgot every ${source} memory on request`, now())
          : await forgetUser(store, valid, registry, checkpointers);
        queue.bump(queueKey);
        await writeDeletionsToDisk(store);
        return report;
      });
    },
  };
}

/** A record of the scope by id, a memory of the user or an episode. */
async function findRecord(store: BaseStore, scope: MemoryScope, id: string): Promise<MemoryRecord | null> {
  const items = (await store.batch([
    { namespace: recordsNamespace(scope), key: id },
    { namespace: episodesNamespace(scope), key: id },
  ])) as Array<Item | null>;
  const item = items[0] ?? items[1];
  return item ? parseMemoryRecord(item.value) : null;
}

/**
 * The episodes recorded from the messages a memory of the user came from. They quote the same
 * words ("我不吃香菜"), so deleting the memory and keeping them would leave it recallable.
 */
async function episodesOfTurns(store: BaseStore, scope: MemoryScope, record: MemoryRecord): Promise<MemoryRecord[]> {
  if (record.about === "conversation" || record.source.messageIds.length === 0) return [];
  const messageIds = new Set(record.source.messageIds);
  const items = await scanNamespace(store, episodesNamespace(scope), { pageSize: 500 });
  return items
    .map((item) => parseMemoryRecord(item.value))
    .filter((episode) => episode.source.messageIds.some((id) => messageIds.has(id)));
}

async function forgetUser(
  store: BaseStore,
  scope: MemoryScope,
  registry: ThreadRegistry,
  checkpointers: Checkpointers,
): Promise<ForgetReport> {
  const pending = (await scanNamespace(store, recordsNamespace(scope), { filter: { status: "pending" }, exact: true }))
    .length;
  // Threads first, while the registry still says which they are (the prefix delete takes it).
  const sessions = await registry.ids("session", scope);
  const tasks = await registry.ids("task", scope);
  await registry.deleteThreads("session", scope, sessions, checkpointers.sessions);
  await registry.deleteThreads("task", scope, tasks, checkpointers.tasks);
  const deleted = await deleteNamespacePrefix(store, scopeNamespace(scope));
  const depth = scopeNamespace(scope).length;
  const count = (label: string) =>
    deleted.filter((d) => d.namespace[depth] === label).reduce((sum, d) => sum + d.items, 0);
  return {
    records: count("records"),
    pending,
    episodes: count("episodes"),
    history: count("history"),
    traces: count("traces"),
    keys: count("keys"),
    conversation: count("conversation"),
    sessions: sessions.length,
    tasks: tasks.length,
  };
}

async function forgetSource(
  store: BaseStore,
  scope: MemoryScope,
  source: MemoryRecord["source"]["type"],
  reason: string,
  now: Date,
): Promise<ForgetReport> {
  const records = (await listRecords(store, scope, { about: "any" })).filter((r) => r.source.type === source);
  const { operations, report } = await planRemoval(
    store,
    scope,
    records.map((record) => ({ record, reason })),
    now,
  );
  if (records.length > 0) await store.batch(operations);
  const memories = records.filter((r) => r.about !== "conversation");
  return {
    records: memories.length,
    pending: memories.filter((r) => r.status === "pending").length,
    episodes: records.length - memories.length,
    history: report.historyScrubbed,
    traces: report.tracesDropped,
    keys: records.length,
    conversation: report.conversationScrubbed,
    sessions: 0,
    tasks: 0,
    ids: report.deleted,
  };
}
