/**
 * The write side of the facade: `remember` over the write pipeline's direct runner (built by the
 * facade from graphs/write.ts), `revise` (a new statement for one memory, src/write/revise.ts),
 * and what the user reviews: `pending`, `resolve`, `get`, `list`, `history`. Commits of a scope go through the store's scope queue one after another (the
 * write pipeline's persist step and `resolve` both take it); `settled()` waits for every
 * remember() still running.
 */
import type { BaseStore } from "@langchain/langgraph";
import { z } from "zod";
import { InvalidInputError, zodProblem } from "../errors.js";
import { quoteValue } from "../redact.js";
import type { MemoryRecord, MemoryScope } from "../schema.js";
import { parseScope } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { isBulkLoading } from "../store/contract.js";
import { inBackground } from "../yield.js";
import { type BulkRememberOptions, bulkRunSize, joinOutputs, transcriptRuns } from "./bulk.js";
import type { MemoryWriteOutput, WriteResult } from "./conflict/decision.js";
import { type HistoryEntry, readHistory, type UserDecision } from "./history.js";
import {
  getRecord,
  listPending,
  listRecords,
  type PendingMemory,
  type RecordFilter,
  resolvePending,
} from "./review.js";
import { foldRevision, type ReviseOutput, revisionTarget, settleRevision } from "./revise.js";
import { optionalId, type WriteInput } from "./state.js";

export interface RememberInput {
  scope: MemoryScope;
  /** LangChain BaseMessages or `{ role, content, id?, at?, name? }`. */
  messages: unknown[];
  sessionId?: string;
  taskId?: string;
  /** false: record no episodes of these messages (they are not turns of the conversation). @default true */
  recordEpisodes?: boolean;
  /**
   * Write a whole transcript (any number of messages) as runs of whole turns, one after another,
   * inside the store's bulk load: the vector index is built once at the end (bulk.ts). `true`
   * runs turn by turn, with the same records and history as one `remember` per turn. The result
   * is the runs' results concatenated. A run refused (a message over the size limit) ends the
   * call; the runs before it stay written, as separate calls would.
   * @example
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * declare const transcript: Array<{ role: "user" | "assistant"; content: string; at: string }>;
   * await memory.remember({ scope: { userId: "u1" }, messages: transcript, bulk: { messagesPerRun: 100 } });
   */
  bulk?: boolean | BulkRememberOptions;
}

export interface ReviseInput extends RememberInput {
  /** The memory the messages restate: an active memory of the user in `scope`. */
  id: string;
}

export interface WriterOptions {
  store: BaseStore;
  /** The per-scope queue shared with the read side's bookkeeping. */
  queue: ScopeQueue;
  /** The write pipeline's direct runner (non-interactive: conflicts become pending records). */
  run: (
    input: WriteInput,
    configurable: { user_id: string; tenant_id?: string },
  ) => Promise<{ memoryWrite: MemoryWriteOutput }>;
  now: () => Date;
}

export interface Writer {
  remember(input: RememberInput): Promise<MemoryWriteOutput>;
  /**
   * A new statement for one existing memory: written through the write rules like `remember`,
   * and the memory named by `id` is superseded by what they wrote (kept, with its history)
   * unless they reinforced or merged it; a statement they refuse or hold for the user leaves it
   * as it was. See src/write/revise.ts.
   * @throws {NotFoundError} when the scope has no memory of the user with that id.
   * @throws {InvalidInputError} when that memory is not active, or is an episode of the conversation.
   * @example
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * declare const scope: MemoryScope;
   * declare const old: MemoryRecord; // "The user prefers dark mode"
   * const { revised, written } = await memory.revise({ scope, id: old.id, messages: [{ role: "user", content: "I prefer light mode" }] });
   * revised?.status;        // "superseded"
   * revised?.supersededBy;  // written[0].id
   */
  revise(input: ReviseInput): Promise<ReviseOutput>;
  pending(scope: MemoryScope): Promise<PendingMemory[]>;
  /**
   * Settle a memory waiting for the user with their decision (one of the item's `options`).
   * @param pending an item as `pending()` returns it, or its id (`p.id`, the same as `p.record.id`).
   * @throws {InvalidInputError} when `pending` is neither (`undefined`, an empty string, another object), or the decision is not one of its options.
   * @throws {NotFoundError} when no memory of the scope with that id is pending.
   * @example
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * declare const scope: MemoryScope;
   * for (const p of await memory.pending(scope)) await memory.resolve(scope, p, "keep_both"); // or p.id
   */
  resolve(scope: MemoryScope, pending: PendingRef, decision: UserDecision): Promise<WriteResult>;
  get(scope: MemoryScope, id: string): Promise<MemoryRecord | null>;
  list(scope: MemoryScope, filter?: RecordFilter): Promise<MemoryRecord[]>;
  history(scope: MemoryScope, id: string): Promise<HistoryEntry[]>;
  /** Resolves when every remember() started so far has finished (whatever its outcome). */
  settled(): Promise<void>;
}

// Unknown options are refused, as recall refuses them: a misspelt option (recordEpisode) must not
// be silently ignored.
const RememberSchema = z
  .object({
    scope: z.unknown(),
    messages: z.unknown(),
    sessionId: z.unknown().optional(),
    taskId: z.unknown().optional(),
    recordEpisodes: z.unknown().optional(),
    bulk: z.unknown().optional(),
  })
  .strict();
const ReviseSchema = RememberSchema.omit({ bulk: true }).extend({ id: z.unknown() }).strict();

/** A record id argument: a non-empty string of at most 128 characters (MemoryRecordSchema's id). */
export function recordId(id: unknown, call: string): string {
  if (typeof id === "string" && id.length > 0 && id.length <= 128) return id;
  throw new InvalidInputError(
    `${call}() needs a record id (a string of 1–128 characters); received ${quoteValue(id)}.`,
    {
      field: "id",
    },
  );
}

/**
 * What `resolve` takes to name the pending memory: its id, the item `pending()` returned (which
 * has `id`, and `record.id`), or the record itself.
 */
export type PendingRef = string | { readonly id: string } | { readonly record: { readonly id: string } };

/** The id a {@link PendingRef} names. @throws {InvalidInputError} for anything else. */
export function pendingIdOf(pending: unknown): string {
  const fromObject = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const { id, record } = value as { id?: unknown; record?: { id?: unknown } };
    if (id !== undefined) return id;
    return typeof record === "object" && record !== null ? record.id : undefined;
  };
  const id = fromObject(pending);
  if (typeof id === "string" && id.length > 0 && id.length <= 128) return id;
  throw new InvalidInputError(
    `resolve() takes a pending memory: an item of pending(scope) or its id (a string of 1–128 characters); received ${
      pending !== null && typeof pending === "object" ? `an object whose id is ${quoteValue(id)}` : quoteValue(pending)
    }. For example: for (const p of await memory.pending(scope)) await memory.resolve(scope, p.id, "keep_both").`,
    { field: "pendingId" },
  );
}

export function createWriter({ store, queue, run, now }: WriterOptions): Writer {
  const running = new Set<Promise<unknown>>();
  const tracked = async <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    try {
      return await work;
    } finally {
      running.delete(work);
    }
  };
  // A write runs as background work: a recall in the same process goes first at every yield point.
  const write = ({ scope: rawScope, ...input }: Omit<z.output<typeof RememberSchema>, "bulk">) =>
    inBackground(async () => {
      const scope = parseScope(rawScope);
      const configurable = { user_id: scope.userId, ...(scope.tenantId ? { tenant_id: scope.tenantId } : {}) };
      const writeInput = input as WriteInput;
      return (await run(writeInput, configurable)).memoryWrite;
    });
  return {
    async remember(input) {
      const fields = RememberSchema.safeParse(input ?? {});
      if (!fields.success) {
        throw new InvalidInputError(
          `remember() expects { scope, messages, sessionId?, taskId?, recordEpisodes?, bulk? }: ${zodProblem(fields.error, "(input)").text}.`,
        );
      }
      const { bulk, ...call } = fields.data;
      const runSize = bulkRunSize(bulk);
      if (runSize === undefined) return tracked(write(call));
      parseScope(call.scope);
      const runs = transcriptRuns(call.messages, runSize);
      const writeAll = async () => {
        const outputs: MemoryWriteOutput[] = [];
        for (const messages of runs) outputs.push(await write({ ...call, messages }));
        return joinOutputs(outputs);
      };
      return tracked(isBulkLoading(store) ? store.bulkLoad(writeAll) : writeAll());
    },
    async revise(input) {
      const fields = ReviseSchema.safeParse(input ?? {});
      if (!fields.success) {
        throw new InvalidInputError(
          `revise() expects { scope, id, messages, sessionId?, taskId?, recordEpisodes? }: ${zodProblem(fields.error, "(input)").text}.`,
        );
      }
      const scope = parseScope(fields.data.scope);
      const id = recordId(fields.data.id, "revise");
      const { id: _named, ...rest } = fields.data;
      const { sessionId, taskId } = rest;
      return tracked(
        (async () => {
          await revisionTarget(store, scope, id);
          const out = await write(rest);
          const key = scopeKey(scope);
          const ids = { sessionId: optionalId("sessionId", sessionId), taskId: optionalId("taskId", taskId) };
          const settled = await queue.run(key, async () => {
            const result = await settleRevision(store, id, out, { scope, now: now().toISOString(), ...ids });
            queue.bump(key);
            return result;
          });
          return { ...foldRevision(out, settled.result), revised: settled.revised };
        })(),
      );
    },
    // Whole-scope reads page through the store: they run after the scope's queued commits (a
    // recall's usage counters reorder the pages), so no record is skipped or read twice.
    pending: async (scope) => {
      const valid = parseScope(scope);
      await queue.idle(scopeKey(valid));
      return listPending(store, valid);
    },
    async resolve(scope, pending, decision) {
      const valid = parseScope(scope);
      const pendingId = pendingIdOf(pending);
      // Read and write under the scope's queue: nothing commits in between.
      const key = scopeKey(valid);
      return queue.run(key, async () => {
        const result = await resolvePending(store, valid, pendingId, decision, now());
        queue.bump(key);
        return result;
      });
    },
    get: async (scope, id) => getRecord(store, parseScope(scope), recordId(id, "get")),
    list: async (scope, filter = {}) => {
      const valid = parseScope(scope);
      await queue.idle(scopeKey(valid));
      return listRecords(store, valid, filter);
    },
    history: async (scope, id) => readHistory(store, parseScope(scope), recordId(id, "history")),
    async settled() {
      await Promise.allSettled([...running]);
    },
  };
}
