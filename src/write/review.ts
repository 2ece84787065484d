/**
 * What a user reviews of their memory: records by id or filter, the memories waiting for them
 * (unresolved conflicts, unconfirmed inferences) with what to ask, and their answer, applied
 * through the write side's one commit path.
 */
import type { BaseStore } from "@langchain/langgraph";
import { z } from "zod";
import { InvalidInputError, NotFoundError, zodProblem } from "../errors.js";
import { episodesNamespace, recordsNamespace } from "../namespaces.js";
import { quoteValue, redactId } from "../redact.js";
import {
  MEMORY_SUBJECTS,
  MemoryKindSchema,
  type MemoryRecord,
  type MemoryScope,
  MemoryStatusSchema,
  parseMemoryRecord,
} from "../schema.js";
import { scanNamespace } from "../store/scan.js";
import { commitResolution } from "./commit.js";
import type { WriteResult } from "./conflict/decision.js";
import { type HistoryEntry, readHistory, type UserDecision, UserDecisionSchema } from "./history.js";

/** A memory waiting for the user, with what to ask. */
export interface PendingMemory {
  /** The pending memory's id (`record.id`): what `resolve(scope, id, decision)` takes; it also takes the item itself. */
  id: string;
  record: MemoryRecord;
  /** `unconfirmed` for inferred / agent-generated memories, else the conflict relation. */
  relation: string;
  question: string;
  options: UserDecision[];
  /** The memory it conflicts with, when still there. */
  existing: MemoryRecord | null;
}

const RecordFilterSchema = z
  .object({
    status: MemoryStatusSchema.optional(),
    kind: MemoryKindSchema.optional(),
    about: z.enum([...MEMORY_SUBJECTS, "any"]).optional(),
  })
  .strict();

/** What `list()` may filter on. `about` defaults to `user`: the profile, without the episodes of the conversation. */
export type RecordFilter = z.input<typeof RecordFilterSchema>;

/** One record of the scope, or null. */
export async function getRecord(store: BaseStore, scope: MemoryScope, id: string): Promise<MemoryRecord | null> {
  const item =
    (await store.get(recordsNamespace(scope), id)) ??
    (id.startsWith("episode-") ? await store.get(episodesNamespace(scope), id) : null);
  return item ? parseMemoryRecord(item.value) : null;
}

/**
 * Every record of the scope matching `filter`, read page by page. Episodes of the conversation
 * (`about: "conversation"`) are listed only when asked for (`about: "conversation"` or `"any"`).
 * @throws {InvalidInputError} for a filter other than `{ status?, kind?, about? }`.
 */
export async function listRecords(store: BaseStore, scope: MemoryScope, filter: unknown = {}): Promise<MemoryRecord[]> {
  const parsed = RecordFilterSchema.safeParse(filter ?? {});
  if (!parsed.success) {
    throw new InvalidInputError(
      `list() filter accepts { status?, kind?, about? }: ${zodProblem(parsed.error, "(filter)").text}.`,
      { field: "filter" },
    );
  }
  const { status, kind, about = "user" } = parsed.data;
  const where = { ...(status ? { status } : {}), ...(kind ? { kind } : {}) };
  const namespaces = { user: [recordsNamespace(scope)], conversation: [episodesNamespace(scope)] };
  const read = about === "any" ? [...namespaces.user, ...namespaces.conversation] : namespaces[about];
  const records: MemoryRecord[] = [];
  for (const namespace of read)
    for (const item of await scanNamespace(store, namespace, { filter: where }))
      records.push(parseMemoryRecord(item.value));
  return records;
}

/** The memories of the scope waiting for the user. */
export async function listPending(store: BaseStore, scope: MemoryScope): Promise<PendingMemory[]> {
  const records = await listRecords(store, scope, { status: "pending" });
  return Promise.all(records.map((record) => pendingOf(store, scope, record)));
}

/**
 * Settle a pending memory with the user's decision.
 * @throws {NotFoundError} when no pending memory has that id in the scope.
 * @throws {InvalidInputError} when the decision is not one of the memory's options.
 */
export async function resolvePending(
  store: BaseStore,
  scope: MemoryScope,
  pendingId: string,
  decision: unknown,
  now: Date,
): Promise<WriteResult> {
  const record = await getRecord(store, scope, pendingId);
  if (record?.status !== "pending") {
    throw new NotFoundError(
      `No pending memory ${quoteValue(pendingId)} in this ` +
        `scope${record ? ` (it is ${record.status})` : ""}; pending(scope) lists the memories ` +
        `waiting for the user, each with its id.`,
      { id: redactId(pendingId) },
    );
  }
  const pending = await pendingOf(store, scope, record);
  const choice = UserDecisionSchema.safeParse(decision);
  if (!choice.success || !pending.options.includes(choice.data)) {
    throw new InvalidInputError(
      `Decision for pending memory '${pendingId}' must be one of ${pending.options.join(", ")}; received ${JSON.stringify(decision)}.`,
      { expected: pending.options, received: decision },
    );
  }
  return commitResolution(store, scope, record, choice.data, pending.existing ?? undefined, now);
}

async function pendingOf(store: BaseStore, scope: MemoryScope, record: MemoryRecord): Promise<PendingMemory> {
  const conflict = conflictOf(await readHistory(store, scope, record.id));
  const existing = conflict?.existingId ? await getRecord(store, scope, conflict.existingId) : null;
  return describePending(record, conflict, existing);
}

/** The last conflict an entry of a pending memory's history recorded: what to ask, about which memory. */
export function conflictOf(history: readonly HistoryEntry[]): HistoryEntry["conflict"] {
  return [...history].reverse().find((e) => e.conflict)?.conflict;
}

/**
 * What to ask about a pending memory, from the conflict its history recorded (none: an
 * unconfirmed inference) and the memory it conflicts with as read now. Pure: a reader that
 * fetched history and records its own way (the inspector, in one query per page) describes
 * them as `pending()` does.
 * @example
 * declare const record: MemoryRecord;
 * describePending(record, undefined, null).options; // ["confirm", "reject"]
 */
export function describePending(
  record: MemoryRecord,
  conflict: HistoryEntry["conflict"],
  existing: MemoryRecord | null,
): PendingMemory {
  return {
    id: record.id,
    record,
    relation: conflict?.relation ?? "unconfirmed",
    question: conflict?.question ?? record.content,
    options: (conflict?.options ?? ["confirm", "reject"]).map((o) => UserDecisionSchema.parse(o)),
    existing: existing?.status === "active" ? existing : null,
  };
}
