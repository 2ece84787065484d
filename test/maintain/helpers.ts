/** Fixtures of the maintenance suites: a facade over a real SQLite store, records written straight in. */
import { type CreateMemoryOptions, createMemory, type Memory } from "../../src/memory.js";
import { namespaceOf, RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../../src/schema.js";
import { keyIndexOperations } from "../../src/write/conflict/key-index.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

export const NOW = new Date("2026-06-01T12:00:00.000Z");
export const DAY_MS = 86_400_000;
export const SCOPE: MemoryScope = { userId: "u1" };

export function daysAgo(days: number, from: Date = NOW): string {
  return new Date(from.getTime() - days * DAY_MS).toISOString();
}

export function daysLater(days: number, from: Date = NOW): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** A facade over a fresh directory, offline, with a settable clock. */
export async function openMemory(options: CreateMemoryOptions = {}): Promise<{ memory: Memory; clock: { now: Date } }> {
  const clock = { now: NOW };
  const memory = await createMemory({
    ...suiteMemoryLocation("lgm-maintain-"),
    env: {},
    now: () => clock.now,
    ...options,
  });
  return { memory, clock };
}

let counter = 0;

/** A valid record: an explicit preference said and last used a day ago. */
export function makeRecord(
  input: Partial<MemoryRecord> & { content: string; key: string },
  scope = SCOPE,
): MemoryRecord {
  counter += 1;
  const at = input.observedAt ?? daysAgo(1);
  return parseMemoryRecord({
    id: `rec-${counter}`,
    kind: "preference",
    confidence: 0.9,
    importance: 0.6,
    source: { type: "explicit", messageIds: [`msg-${counter}`] },
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

/** Put records (and their key-index entries) as the write graph would. */
export async function seed(memory: Memory, records: readonly MemoryRecord[]): Promise<void> {
  const ops = records.flatMap((record) => [
    { namespace: namespaceOf(record), key: record.id, value: record, index: RECORD_INDEX_FIELDS },
    ...(record.about === "conversation" ? [] : keyIndexOperations(record.scope, [{ record, deleted: false }])),
  ]);
  await memory.store.batch(ops);
}

/** The stored status of each id (undefined once physically deleted). */
export async function statuses(
  memory: Memory,
  ids: readonly string[],
  scope = SCOPE,
): Promise<Array<string | undefined>> {
  return Promise.all(ids.map(async (id) => (await memory.get(scope, id))?.status));
}
