/**
 * Every item under a namespace that matches a filter, read page by page: the one way the library
 * lists a namespace in full (records of a scope, history of a record, a knowledge base, the
 * fallback channels of a store without search capabilities).
 */
import type { BaseStore, SearchItem } from "@langchain/langgraph-checkpoint";

export interface ScanOptions {
  filter?: Record<string, unknown>;
  /**
   * Items in the first store call; each next call asks for twice as many, up to
   * {@link MAX_PAGE}: a store pages by offset, so fixed pages of 100 would re-read a 100k-item
   * namespace a thousand times (quadratic), while doubling reads it about twice. @default 100
   */
  pageSize?: number;
  /**
   * Only items in exactly this namespace: a search prefix also matches deeper namespaces
   * (`["docs"]` matches `["docs", "v2"]`).
   */
  exact?: boolean;
}

/**
 * @example
 * import { recordsNamespace } from "../namespaces.js";
 * declare const store: BaseStore;
 * const pending = await scanNamespace(store, recordsNamespace({ userId: "u1" }), { filter: { status: "pending" } });
 */
export async function scanNamespace(
  store: BaseStore,
  namespace: string[],
  options: ScanOptions = {},
): Promise<SearchItem[]> {
  let pageSize = options.pageSize ?? 100;
  const items: SearchItem[] = [];
  for (let offset = 0; ; ) {
    const page = await store.search(namespace, { filter: options.filter, limit: pageSize, offset });
    for (const item of page) if (!options.exact || sameNamespace(item.namespace, namespace)) items.push(item);
    if (page.length < pageSize) return items;
    offset += pageSize;
    pageSize = Math.min(pageSize * 2, Math.max(MAX_PAGE, options.pageSize ?? 0));
  }
}

/** The largest page {@link scanNamespace} grows to. */
export const MAX_PAGE = 10_000;

/** Two namespaces are the same when every label is. */
export function sameNamespace(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((label, i) => label === b[i]);
}
