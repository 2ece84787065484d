/**
 * The last answers of a pure function of a string, kept for the next caller that asks the same.
 * Bounded: past `limit` keys the oldest goes first, so memory stays flat.
 */
export class Recent<V> {
  private readonly answers = new Map<string, V>();

  constructor(private readonly limit: number) {}

  /** `make()`'s answer for `key`, from an earlier call when one is kept; the same value is shared. */
  get(key: string, make: () => V): V {
    if (this.answers.has(key)) return this.answers.get(key) as V;
    const value = make();
    if (this.answers.size >= this.limit) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, value);
    return value;
  }
}

/**
 * {@link Recent} for lists: the kept list and its items are frozen (they are shared), and each
 * caller gets its own copy of the list.
 */
export class RecentLists<T extends object> {
  private readonly recent: Recent<readonly T[]>;

  constructor(limit: number) {
    this.recent = new Recent(limit);
  }

  /** `read()`'s list for `key`, from an earlier call when one is kept. */
  get(key: string, read: () => T[]): T[] {
    return [...this.recent.get(key, () => Object.freeze(read().map((item) => Object.freeze(item))))];
  }
}
