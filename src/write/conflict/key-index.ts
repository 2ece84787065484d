/**
 * The active memories of one key, found without reading the scope: an index entry per record
 * under `["memory", <tenant>, <user>, "keys", ...<key segments>]` (item key = record id, never
 * embedded or keyword-indexed), written in the same `store.batch` as the record it describes
 * (WritePlan.operations) and removed when the record stops being active (the record itself stays,
 * superseded or archived, with its history). A key's namespace thus holds its active records
 * only: a key updated ten thousand times lists one entry, so a lookup reads a bounded number of
 * rows whatever the key's history. A filtered listing of the records namespace reads every row
 * of the scope; through the index a same-key lookup costs one small listing per key and one
 * `get` per record, however many memories the user has and however often a key changed.
 *
 * The index is a hint, never the truth: every record it names is read back and kept only if it
 * is still active under that key. Records written before the index existed (or by hand) are
 * indexed once per scope on first use (`ensureKeyIndex`), which also removes the entries an
 * older index kept for retired records.
 */
import type { BaseStore, Item, Operation, SearchItem } from "@langchain/langgraph-checkpoint";
import { recordsNamespace, scopeNamespace } from "../../namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../../schema.js";
import { scanNamespace } from "../../store/scan.js";

const MARKER = "_index";
/** 2: entries of records no longer active are removed, not kept marked `retired` (version 1). */
const MARKER_VERSION = 2;

function indexRoot(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "keys"];
}

/** Where the entries of one memory key live: one namespace label per key segment. */
export function keyIndexNamespace(scope: MemoryScope, key: string): string[] {
  return [...indexRoot(scope), ...key.split(".")];
}

/** Whether a record belongs in the index: active, and a memory of the user (not of the conversation). */
function indexed(record: MemoryRecord): boolean {
  return record.status === "active" && record.about !== "conversation";
}

/**
 * The index operations for records a write changes: an `active` entry for an active one, the
 * entry removed for the rest (superseded, pending, archived, deleted).
 */
export function keyIndexOperations(
  scope: MemoryScope,
  changes: Iterable<{ record: MemoryRecord; deleted: boolean }>,
): Operation[] {
  const ops: Operation[] = [];
  for (const { record, deleted } of changes) {
    const active = !deleted && indexed(record);
    ops.push({
      namespace: keyIndexNamespace(scope, record.key),
      key: record.id,
      value: active ? { key: record.key, status: "active" } : null,
      ...(active ? { index: false as const } : {}),
    });
  }
  return ops;
}

// Scopes whose index is known to be complete, per store: the marker is read once per process.
const ready = new WeakMap<BaseStore, Set<string>>();

/**
 * Make sure every active record of the scope is indexed: a scope written before the index
 * existed is indexed once (one read of the scope), then marked. Indexing is idempotent, so two
 * runs doing it at once only repeat each other.
 */
export async function ensureKeyIndex(store: BaseStore, scope: MemoryScope): Promise<void> {
  const id = JSON.stringify(scopeNamespace(scope));
  let scopes = ready.get(store);
  if (scopes?.has(id)) return;
  const [marker] = (await store.batch([{ namespace: indexRoot(scope), key: MARKER }])) as Array<Item | null>;
  if (!marker || (marker.value as { version?: number }).version !== MARKER_VERSION) {
    const items = await scanNamespace(store, recordsNamespace(scope), { filter: { status: "active" }, pageSize: 1000 });
    const records = items.map((item) => parseMemoryRecord(item.value));
    const ops = keyIndexOperations(
      scope,
      records.map((record) => ({ record, deleted: false })),
    );
    // Entries an older index kept for retired records: removed, so listings read active ones only.
    const retired = await scanNamespace(store, indexRoot(scope), { filter: { status: "retired" }, pageSize: 1000 });
    for (const entry of retired) ops.push({ namespace: entry.namespace, key: entry.key, value: null });
    ops.push({ namespace: indexRoot(scope), key: MARKER, value: { version: MARKER_VERSION }, index: false });
    for (let start = 0; start < ops.length; start += 500) await store.batch(ops.slice(start, start + 500));
  }
  if (!scopes) {
    scopes = new Set();
    ready.set(store, scopes);
  }
  scopes.add(id);
}

/**
 * The active records under each of `prefixes`, newest first, at most `limit` each: a whole key
 * (`fact.locker_number`, `exact`) or the leading segments of keys (`colleague.anna`: every
 * memory about Anna). Entries whose record is gone, retired or re-keyed are skipped.
 */
export async function indexedRecords(
  store: BaseStore,
  scope: MemoryScope,
  prefixes: ReadonlyArray<{ prefix: string; exact: boolean }>,
  limit: number,
): Promise<MemoryRecord[][]> {
  if (prefixes.length === 0) return [];
  await ensureKeyIndex(store, scope);
  const listings = (await store.batch(
    prefixes.map(({ prefix, exact }) => ({
      namespacePrefix: keyIndexNamespace(scope, prefix),
      filter: exact ? { key: prefix, status: "active" } : { status: "active" },
      // A few more than needed: entries of records retired by hand are skipped below.
      limit: limit * 2,
      offset: 0,
    })),
  )) as SearchItem[][];
  const ids = [...new Set(listings.flat().map((entry) => entry.key))];
  const byId = new Map<string, MemoryRecord>();
  if (ids.length > 0) {
    const namespace = recordsNamespace(scope);
    const items = (await store.batch(ids.map((key) => ({ namespace, key })))) as Array<Item | null>;
    for (const item of items) {
      const record = item ? parseMemoryRecord(item.value) : undefined;
      if (record && indexed(record)) byId.set(record.id, record);
    }
  }
  return prefixes.map(({ prefix, exact }, i) =>
    listings[i]!.flatMap((entry) => {
      const record = byId.get(entry.key);
      const under = record && (exact ? record.key === prefix : record.key.startsWith(`${prefix}.`));
      return under ? [record] : [];
    })
      .sort((a, b) => (a.observedAt < b.observedAt ? 1 : a.observedAt > b.observedAt ? -1 : 0))
      .slice(0, limit),
  );
}
