/**
 * Test helpers for the read path: valid MemoryRecords written straight into a store (no
 * write graph), and a LangGraph InMemoryStore indexed like the real one.
 */
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { type CreateMemoryOptions, createMemory, type Memory } from "../../src/memory.js";
import { recordsNamespace } from "../../src/namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../../src/schema.js";
import { suiteStore } from "../helpers/suite-store.js";

export const NOW = new Date("2026-03-15T12:00:00.000Z");
export const DAY_MS = 86_400_000;

export function daysAgo(days: number, from: Date = NOW): string {
  return new Date(from.getTime() - days * DAY_MS).toISOString();
}

/** An empty store indexed as the facade indexes records (test/helpers/suite-store.ts: in memory, or PostgreSQL). */
export function memoryStore(dims = 256): BaseStore {
  return suiteStore(dims);
}

let counter = 0;

export type RecordInput = Partial<MemoryRecord> & { content: string; key: string };

/** A valid record with sensible defaults: active explicit preference observed 10 days ago. */
export function makeRecord(scope: MemoryScope, input: RecordInput): MemoryRecord {
  counter += 1;
  const at = input.observedAt ?? daysAgo(10);
  return parseMemoryRecord({
    id: input.id ?? `rec_${counter}`,
    kind: "preference",
    confidence: 0.9,
    importance: 0.5,
    source: { type: "explicit", messageIds: [`msg_${counter}`] },
    scope,
    sensitivity: "low",
    status: "active",
    observedAt: at,
    createdAt: at,
    updatedAt: at,
    lastAccessedAt: at,
    accessCount: 0,
    ...input,
  });
}

export async function putRecords(store: BaseStore, records: MemoryRecord[]): Promise<void> {
  await store.batch(
    records.map((record) => ({ namespace: recordsNamespace(record.scope), key: record.id, value: record })),
  );
}

export async function getRecord(store: BaseStore, record: MemoryRecord): Promise<MemoryRecord> {
  const item = await store.get(recordsNamespace(record.scope), record.id);
  if (!item) throw new Error(`record ${record.id} missing`);
  return parseMemoryRecord(item.value);
}

/** An InMemoryStore holding `records` and a memory facade over it with the fixed clock {@link NOW}. */
export async function recallerWith(
  records: MemoryRecord[],
  options: Omit<CreateMemoryOptions, "store"> & { store?: BaseStore } = {},
): Promise<{ store: BaseStore; recaller: Memory }> {
  const store = options.store ?? memoryStore();
  await putRecords(store, records);
  return { store, recaller: await createMemory({ now: () => NOW, env: {}, ...options, store }) };
}
