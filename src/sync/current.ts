/**
 * What a sync is decided against: the active business facts under the keys it names (through the
 * key index, src/write/conflict/key-index.ts, so a large profile is not read whole) and, for a
 * snapshot, every active business fact the system synced before.
 */
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { recordsNamespace } from "../namespaces.js";
import { type MemoryRecord, parseMemoryRecord } from "../schema.js";
import { scanNamespace } from "../store/scan.js";
import { indexedRecords } from "../write/conflict/key-index.js";
import type { SyncFact } from "./input.js";
import type { SyncRequest } from "./plan.js";

/** Not from a seed: a business key holds one active version; more would be a store edited by hand. */
const VERSIONS_PER_KEY = 10;

/**
 * @example
 * declare const store: BaseStore;
 * declare const request: SyncRequest;
 * declare const facts: SyncFact[];
 * const current = await readCurrent(store, request, facts);
 */
export async function readCurrent(
  store: BaseStore,
  request: SyncRequest,
  facts: readonly SyncFact[],
): Promise<MemoryRecord[]> {
  const keys = [...new Set(facts.map((fact) => fact.key))];
  const byKey = await indexedRecords(
    store,
    request.scope,
    keys.map((key) => ({ prefix: key, exact: true })),
    VERSIONS_PER_KEY,
  );
  const found = new Map<string, MemoryRecord>();
  for (const record of byKey.flat()) if (record.kind === "business_fact") found.set(record.id, record);
  if (request.mode === "snapshot") {
    const items = await scanNamespace(store, recordsNamespace(request.scope), {
      filter: { kind: "business_fact", status: "active" },
      pageSize: 1000,
      exact: true,
    });
    for (const item of items) {
      const record = parseMemoryRecord(item.value);
      if (record.source.system === request.system) found.set(record.id, record);
    }
  }
  return [...found.values()];
}
