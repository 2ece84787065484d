/**
 * HNSWStore's cache of item rows that recall reads again and again: a scope's memories come back
 * from its searches turn after turn, and reading each hit's row from SQLite and parsing its JSON
 * was most of a search's cost. Rows are kept by item id with their value parsed once and frozen,
 * and a vector id leads to its item without a query.
 *
 * Only the store's own search extensions use it (`hybridSearch`, `keywordSearch`), whose values
 * are read-only snapshots; `get`, `search` and `list` hand out fresh copies as before.
 * Every committed write forgets the rows of the keys it wrote (HNSWStore `commitNow`); a deleted
 * namespace range clears the cache. Bounded: the oldest rows go first past {@link ROW_CACHE_LIMIT}.
 */
import type { ItemRow } from "./rows.js";

/** Rows kept at most (a few kilobytes each). */
export const ROW_CACHE_LIMIT = 20_000;

export interface CachedRow {
  row: Omit<ItemRow, "value">;
  value: Readonly<Record<string, unknown>>;
}

export class RowCache {
  private readonly byItem = new Map<number, CachedRow>();
  private readonly itemOfVector = new Map<number, number>();
  private readonly vectorsOfItem = new Map<number, number[]>();
  private readonly itemOfKey = new Map<string, number>();

  constructor(private readonly limit = ROW_CACHE_LIMIT) {}

  /** The row of an item, if cached. */
  item(id: number): CachedRow | undefined {
    return this.byItem.get(id);
  }

  /** The row a vector belongs to, if cached. */
  vector(vid: number): CachedRow | undefined {
    const id = this.itemOfVector.get(vid);
    return id === undefined ? undefined : this.byItem.get(id);
  }

  /** Keep a row just read (its value parsed), reached from vector `vid` when given; returns the frozen value. */
  remember(row: ItemRow, value: Record<string, unknown>, vid?: number): Readonly<Record<string, unknown>> {
    let cached = this.byItem.get(row.id);
    if (!cached) {
      if (this.byItem.size >= this.limit) this.forgetItem(this.byItem.keys().next().value!);
      const { value: _json, ...rest } = row;
      cached = { row: rest, value: deepFreeze(value) };
      this.byItem.set(row.id, cached);
      this.itemOfKey.set(keyOf(row.path, row.key), row.id);
    }
    if (vid !== undefined && !this.itemOfVector.has(vid)) {
      this.itemOfVector.set(vid, row.id);
      this.vectorsOfItem.set(row.id, [...(this.vectorsOfItem.get(row.id) ?? []), vid]);
    }
    return cached.value;
  }

  /** Forget the rows of keys just written (put or deleted). */
  forgetKeys(keys: Iterable<{ path: string; key: string }>): void {
    if (this.byItem.size === 0) return;
    for (const { path, key } of keys) {
      const id = this.itemOfKey.get(keyOf(path, key));
      if (id !== undefined) this.forgetItem(id);
    }
  }

  clear(): void {
    this.byItem.clear();
    this.itemOfVector.clear();
    this.vectorsOfItem.clear();
    this.itemOfKey.clear();
  }

  get size(): number {
    return this.byItem.size;
  }

  private forgetItem(id: number): void {
    const cached = this.byItem.get(id);
    this.byItem.delete(id);
    if (cached) this.itemOfKey.delete(keyOf(cached.row.path, cached.row.key));
    for (const vid of this.vectorsOfItem.get(id) ?? []) this.itemOfVector.delete(vid);
    this.vectorsOfItem.delete(id);
  }
}

const keyOf = (path: string, key: string) => `${path}\u0000${key}`;

/** Freeze `value` and everything it holds. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
