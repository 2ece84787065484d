/**
 * The thread registry: which scope owns which session and which task, with when each was
 * created and last active. Forget and the session TTL read it to know which threads to delete,
 * and every session and task call checks it, so one user can never resume another user's thread.
 *
 * It lives in the memory store, not in the checkpointers: a `BaseCheckpointSaver` has no notion
 * of an owner and no portable way to list threads by one, while the store is there whatever
 * savers are passed. Entries sit under the scope's namespace, so forget's prefix delete takes
 * them with everything else of the user; the owner of each id sits in one global namespace,
 * because a thread id is global to its checkpointer and a claim must be seen by every scope.
 * An owner row holds a hash of the scope, not the scope: listing it names nobody.
 *
 * Claims are serialised on one queue key of the store's scope queue (inside one process, as the
 * HNSWStore is): two users claiming one id at once cannot both get it.
 */
import { createHash } from "node:crypto";
import type { BaseCheckpointSaver, BaseStore, Item, Operation } from "@langchain/langgraph-checkpoint";
import type { z } from "zod";
import { NotFoundError, ThreadOwnedError } from "../errors.js";
import { sessionsNamespace, tasksNamespace, threadOwnersNamespace } from "../namespaces.js";
import type { MemoryScope } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { scanNamespace } from "../store/scan.js";
import { type SessionEntry, SessionEntrySchema, type TaskEntry, TaskEntrySchema } from "./schema.js";

/** The session and the task checkpointer: kept apart, a session's expiry never reaches a task. */
export interface Checkpointers {
  /** Thread id = session id. Sessions expire after `sessions.ttlDays` idle days. */
  sessions: BaseCheckpointSaver;
  /** Thread id = task id. Tasks never expire; only `tasks.delete` and `forget` remove them. */
  tasks: BaseCheckpointSaver;
}

interface Entries {
  session: SessionEntry;
  task: TaskEntry;
}
export type ThreadKind = keyof Entries;

const KINDS: { [K in ThreadKind]: { namespace: (scope: MemoryScope) => string[]; schema: z.ZodType<Entries[K]> } } = {
  session: { namespace: sessionsNamespace, schema: SessionEntrySchema },
  task: { namespace: tasksNamespace, schema: TaskEntrySchema },
};

/** The queue key claims run on; scope keys are JSON arrays, so it cannot be one of them. */
const CLAIMS = "thread-claims";

/** What an owner row holds: a hash of the scope key, enough to compare, nothing to read. */
function ownerTag(scope: MemoryScope): string {
  return createHash("sha256").update(scopeKey(scope)).digest("hex").slice(0, 32);
}

function idOf<K extends ThreadKind>(kind: K, entry: Entries[K]): string {
  return kind === "session" ? (entry as SessionEntry).sessionId : (entry as TaskEntry).taskId;
}

export class ThreadRegistry {
  constructor(
    private readonly store: BaseStore,
    private readonly queue: ScopeQueue,
  ) {}

  /** The scope's entry of `id`, or null when the scope has none. */
  async get<K extends ThreadKind>(kind: K, scope: MemoryScope, id: string): Promise<Entries[K] | null> {
    const item = await this.store.get(KINDS[kind].namespace(scope), id);
    return item ? KINDS[kind].schema.parse(item.value) : null;
  }

  /** Every entry of the scope; an entry that fails validation is skipped here (forget still finds it, by key). */
  async list<K extends ThreadKind>(kind: K, scope: MemoryScope): Promise<Array<Entries[K]>> {
    const items = await scanNamespace(this.store, KINDS[kind].namespace(scope), { exact: true, pageSize: 500 });
    const out: Array<Entries[K]> = [];
    for (const item of items) {
      const parsed = KINDS[kind].schema.safeParse(item.value);
      if (parsed.success) out.push(parsed.data);
    }
    return out;
  }

  /** The ids of every entry of the scope, valid or not. */
  async ids(kind: ThreadKind, scope: MemoryScope): Promise<string[]> {
    const items = await scanNamespace(this.store, KINDS[kind].namespace(scope), { exact: true, pageSize: 500 });
    return items.map((item) => item.key);
  }

  /**
   * The scope's entry of `id`.
   * @throws {ThreadOwnedError} when another scope owns it. @throws {NotFoundError} when nobody does.
   */
  async require<K extends ThreadKind>(kind: K, scope: MemoryScope, id: string): Promise<Entries[K]> {
    const entry = await this.get(kind, scope, id);
    if (entry) return entry;
    const owner = await this.owner(kind, id);
    if (owner !== null && owner !== ownerTag(scope)) throw new ThreadOwnedError(kind, id);
    throw new NotFoundError(`No ${kind} ${JSON.stringify(id)} in this scope.`, { kind, id });
  }

  /**
   * Claim the entry's id for the scope and write the entry, or refuse it when another scope owns
   * it. `check` runs inside the claim, before anything is written (a task checks that its thread
   * is empty there).
   * @throws {ThreadOwnedError}
   */
  async claim<K extends ThreadKind>(
    kind: K,
    scope: MemoryScope,
    entry: Entries[K],
    check?: () => Promise<void>,
  ): Promise<void> {
    const id = idOf(kind, entry);
    const tag = ownerTag(scope);
    await this.queue.run(CLAIMS, async () => {
      const owner = await this.owner(kind, id);
      if (owner !== null && owner !== tag) throw new ThreadOwnedError(kind, id);
      await check?.();
      await this.store.batch([
        { namespace: threadOwnersNamespace(kind), key: id, value: { owner: tag }, index: false },
        { namespace: KINDS[kind].namespace(scope), key: id, value: entry, index: false },
      ]);
    });
  }

  /** Rewrite an entry the scope already owns (last-active time, status, task links). */
  async put<K extends ThreadKind>(kind: K, scope: MemoryScope, entry: Entries[K]): Promise<void> {
    await this.store.put(KINDS[kind].namespace(scope), idOf(kind, entry), entry, false);
  }

  /**
   * Delete threads of the scope: each from its checkpointer first, then their entries and owner
   * rows in one batch. In that order a crash in between leaves entries pointing at nothing, which
   * the next delete or forget clears, never a thread no entry leads to.
   */
  async deleteThreads(
    kind: ThreadKind,
    scope: MemoryScope,
    ids: readonly string[],
    checkpointer: BaseCheckpointSaver,
  ): Promise<void> {
    if (ids.length === 0) return;
    for (const id of ids) await checkpointer.deleteThread(id);
    const tag = ownerTag(scope);
    await this.queue.run(CLAIMS, async () => {
      const operations: Operation[] = ids.map((id) => ({
        namespace: KINDS[kind].namespace(scope),
        key: id,
        value: null,
      }));
      // An owner row goes only if it is this scope's (an id another scope claimed since stays claimed).
      const owners = (await this.store.batch(
        ids.map((id) => ({ namespace: threadOwnersNamespace(kind), key: id })),
      )) as Array<Item | null>;
      owners.forEach((row, i) => {
        if ((row?.value as { owner?: unknown } | undefined)?.owner === tag)
          operations.push({ namespace: threadOwnersNamespace(kind), key: ids[i]!, value: null });
      });
      await this.store.batch(operations);
    });
  }

  private async owner(kind: ThreadKind, id: string): Promise<string | null> {
    const item = await this.store.get(threadOwnersNamespace(kind), id);
    const owner = (item?.value as { owner?: unknown } | undefined)?.owner;
    return typeof owner === "string" ? owner : null;
  }
}
