/**
 * The append-only audit history of a scope's memories: what changed, when, why and from which
 * messages (seed 002 §3.3: "谁在什么时候覆盖了谁，能查"). Entries are written in the same
 * `store.batch` as the records they describe and are never indexed for search.
 */
import type { BaseStore, PutOperation } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { historyNamespace } from "../namespaces.js";
import type { MemoryScope } from "../schema.js";
import { scanNamespace } from "../store/scan.js";

/** `archive` / `restore`: the cold tier (maintenance, src/maintain/); `delete` also records a purge. */
export const HISTORY_ACTIONS = [
  "add",
  "reinforce",
  "supersede",
  "merge",
  "reject",
  "resolve",
  "delete",
  "archive",
  "restore",
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The decisions a user can take on a pending memory (conflict options, plus confirm for unconfirmed ones). */
export const USER_DECISIONS = ["supersede", "keep_both", "merge", "reject", "confirm"] as const;
export const UserDecisionSchema = z.enum(USER_DECISIONS);
export type UserDecision = z.infer<typeof UserDecisionSchema>;

/** Options offered for a conflict between a new statement and an existing memory. */
export const CONFLICT_OPTIONS = ["supersede", "keep_both", "merge", "reject"] as const;
/** Options offered for an unconfirmed (inferred or agent-generated) memory. */
export const CONFIRMATION_OPTIONS = ["confirm", "reject"] as const;

const json = z.record(z.string(), z.unknown());

export const HistoryEntrySchema = z.object({
  id: z.string().min(1),
  action: z.enum(HISTORY_ACTIONS),
  /** The record the entry is about (for a rejected candidate: the id it would have had). */
  recordId: z.string().min(1),
  at: z.iso.datetime({ offset: true }),
  /** Order within one batch, so entries written at the same instant keep their order. */
  seq: z.number().int().min(0),
  reason: z.string(),
  messageIds: z.array(z.string()),
  /** The memory key of the record; a delete tombstone keeps it (and nothing of the content). */
  key: z.string().optional(),
  /** The other record involved: the superseding one, the merge target, the standing preference. */
  relatedId: z.string().optional(),
  relation: z.string().optional(),
  score: z.number().optional(),
  decision: UserDecisionSchema.optional(),
  before: json.optional(),
  after: json.optional(),
  /** For a pending memory created by an unresolved conflict: what to ask and about which memory. */
  conflict: z
    .object({
      existingId: z.string().optional(),
      relation: z.string(),
      question: z.string(),
      options: z.array(z.string()),
    })
    .optional(),
  sessionId: z.string().optional(),
  taskId: z.string().optional(),
  /** For a change a business system made (src/sync/): which system, and its reference for the fact. */
  sync: z.object({ system: z.string().min(1), reference: z.string().optional() }).optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export type HistoryEntryInput = Omit<HistoryEntry, "id" | "seq">;

/**
 * Collects the entries of one write, numbering them in order.
 * @example
 * import type { MemoryRecord } from "../schema.js";
 * declare const store: BaseStore;
 * declare const record: MemoryRecord;
 * declare const recordPuts: PutOperation[];
 * const scope = { userId: "u1" };
 * const log = new HistoryLog();
 * log.append({ action: "add", recordId: record.id, at: new Date().toISOString(), reason: "admitted 0.875", messageIds: ["m1"] });
 * await store.batch([...recordPuts, ...log.operations(scope)]);
 */
export class HistoryLog {
  readonly entries: HistoryEntry[] = [];

  append(input: HistoryEntryInput): HistoryEntry {
    const seq = this.entries.length;
    const entry = HistoryEntrySchema.parse({ ...dropUndefined(input), id: historyKey(input.at, seq), seq });
    this.entries.push(entry);
    return entry;
  }

  operations(scope: MemoryScope): PutOperation[] {
    const namespace = historyNamespace(scope);
    return this.entries.map((entry) => ({ namespace, key: entry.id, value: entry, index: false }));
  }
}

/**
 * Every history entry of one record, oldest first.
 * @example
 * declare const store: BaseStore;
 * declare const recordId: string;
 * const entries = await readHistory(store, { userId: "u1" }, recordId);
 */
export async function readHistory(store: BaseStore, scope: MemoryScope, recordId: string): Promise<HistoryEntry[]> {
  const namespace = historyNamespace(scope);
  const items = await scanNamespace(store, namespace, { filter: { recordId } });
  const entries = items.map((item) => HistoryEntrySchema.parse(item.value));
  return entries.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}

/**
 * Keys sort by time, then by the process's monotonic clock (two writes with the same injected
 * `now` keep their order), then by position in the batch.
 */
function historyKey(at: string, seq: number): string {
  const tick = process.hrtime.bigint().toString().padStart(20, "0");
  return `${at}#${tick}#${String(seq).padStart(4, "0")}`;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
