/**
 * Every item under a namespace that matches a filter, read page by page: the one way the library
 * lists a namespace in full (records of a scope, history of a record, a knowledge base, the
 * fallback channels of a store without search capabilities).
 */
import type { BaseStore, SearchItem } from "@langchain/langgraph-checkpoint";

export interface ScanOptions {
  filter?: Record<string, unknown>;
  /** Items per store call. @default 100 */
  pageSize?: number;
  /**
   * Only items in exactly this namespace: a search prefix also matches deeper namespaces
   * (`["docs"]` matches `["docs", "v2"]`).
   */
  exact?: boolean;
}

/**
 * @example
 * const pending = await scanNamespace(store, recordsNamespace(scope), { filter: { status: "pending" } });
 */
export async function scanNamespace(
  store: BaseStore,
  namespace: string[],
  options: ScanOptions = {},
): Promise<SearchItem[]> {
  const pageSize = options.pageSize ?? 100;
  const items: SearchItem[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await store.search(namespace, { filter: options.filter, limit: pageSize, offset });
    for (const item of page) if (!options.exact || sameNamespace(item.namespace, namespace)) items.push(item);
    if (page.length < pageSize) return items;
  }
}

/** Two namespaces are the same when every label is. */
export function sameNamespace(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((label, i) => label === b[i]);
}
