/**
 * Physical deletion on any BaseStore. HNSWStore and PostgresStore drop a namespace prefix in one
 * transaction (items, vectors, keyword rows; HNSWStore's graph files too), and HNSWStore can
 * write deleted data out of its files at once; any other BaseStore gets the same logical result
 * item by item. On PostgreSQL the rows are deleted; the database reclaims their pages at its
 * next VACUUM (docs/store.md "Deploying on PostgreSQL").
 */
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { HNSWStore } from "../store/hnsw-store.js";
import { scanNamespace } from "../store/scan.js";

const PAGE = 500;

/** What one namespace lost. */
export interface DeletedNamespace {
  namespace: string[];
  items: number;
}

/**
 * Delete every item of every namespace under `prefix` (label by label).
 * @example
 * import { scopeNamespace } from "../namespaces.js";
 * import type { MemoryScope } from "../schema.js";
 * declare const store: BaseStore;
 * declare const scope: MemoryScope;
 * const gone = await deleteNamespacePrefix(store, scopeNamespace(scope));
 */
export async function deleteNamespacePrefix(store: BaseStore, prefix: string[]): Promise<DeletedNamespace[]> {
  // HNSWStore and PostgresStore drop a prefix in one transaction.
  const prefixed = store as BaseStore & { deletePrefix?: (prefix: string[]) => Promise<DeletedNamespace[]> };
  if (typeof prefixed.deletePrefix === "function") return prefixed.deletePrefix(prefix);
  const namespaces: string[][] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.listNamespaces({ prefix, limit: PAGE, offset });
    // The prefix is matched label by label as written: a store that reads `*` as a wildcard
    // (LangGraph's listNamespaces) never widens a deletion to other scopes.
    namespaces.push(...page.filter((namespace) => prefix.every((label, i) => namespace[i] === label)));
    if (page.length < PAGE) break;
  }
  const out: DeletedNamespace[] = [];
  for (const namespace of namespaces) {
    const items = await scanNamespace(store, namespace, { exact: true, pageSize: PAGE });
    for (let start = 0; start < items.length; start += PAGE)
      await store.batch(items.slice(start, start + PAGE).map((item) => ({ namespace, key: item.key, value: null })));
    out.push({ namespace, items: items.length });
  }
  return out;
}

/**
 * Seed 000 "遗忘" and seed 004 §4: a deletion is only done when the files no longer hold the
 * data. HNSWStore overwrites a deleted vector in its graph before marking it deleted and zeroes
 * freed SQLite pages (secure_delete); flushing writes the graphs and truncates the WAL, whose
 * frames still hold the old pages until then. Other stores manage their own files.
 */
export async function writeDeletionsToDisk(store: BaseStore): Promise<void> {
  if (store instanceof HNSWStore) await store.flushCommitted();
}
