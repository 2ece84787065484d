/**
 * HNSWStore's in-memory copy of the short top-level fields its searches filter on (a memory's
 * `status`, `kind`), per namespace, so a search whose filter passes few of the namespace's items
 * drops the failing hits before reading their rows. Without it, a selective filter ("the kinds
 * this task may see", a tenth of a 100k scope) widens the search round by round and reads
 * thousands of rows from SQLite only to reject them.
 *
 * The facets only prune: a hit is dropped when its facets show it fails the filter exactly as
 * `matchesFilter` would judge its value (same comparison, on the same value), and read as before
 * otherwise. A field is filled for a namespace the first time a search there needs it, from
 * SQLite's committed rows, then kept in step with every committed write; a namespace's facets
 * are dropped when it is emptied, and the least recently used go past the budget.
 *
 * Kept: strings, booleans, null and "absent". A number or an object or array is not kept (its
 * item is read and judged as before): JSON numbers may not survive SQLite's number types.
 */
import { type Filter, matchesCondition } from "./filter.js";

/** The field is not in the value. */
const ABSENT = Symbol("absent");
/** The field holds something not kept here: the item is read and judged as before. */
const UNKNOWN = Symbol("unknown");

type Facet = string | boolean | null | typeof ABSENT | typeof UNKNOWN;

/** One row of a field's fill: json_type and json_extract of the field. */
export interface FacetRow {
  id: number;
  type: string | null;
  value: unknown;
}

/** What one committed write did to an item: its new value's JSON, or gone (`null`). */
export interface ItemChange {
  nsId: number;
  id: number;
  json: string | null;
}

/** Fields a filter tests that can be kept: plain names of up to 64 characters, not Object.prototype's. */
function keptFields(filter: Filter): string[] {
  return Object.keys(filter).filter((field) => /^[A-Za-z0-9_]{1,64}$/u.test(field) && !(field in Object.prototype));
}

function facetOf(type: string | null, value: unknown): Facet {
  switch (type) {
    case null:
      return ABSENT;
    case "text":
      return typeof value === "string" ? value : UNKNOWN;
    case "true":
      return true;
    case "false":
      return false;
    case "null":
      return null;
    default:
      return UNKNOWN;
  }
}

function facetOfValue(value: Record<string, unknown>, field: string): Facet {
  if (!Object.hasOwn(value, field)) return ABSENT;
  const v = value[field];
  return typeof v === "string" || typeof v === "boolean" || v === null ? v : UNKNOWN;
}

/** A committed batch's vectors in one namespace: added (with their item) and removed. */
export interface VectorChange {
  added: ReadonlyArray<{ vid: number; item: number }>;
  removed: readonly number[];
}

export class ItemFacets {
  /** nsId → field → item id → facet; Map order is the LRU order of namespaces. */
  private readonly byNamespace = new Map<number, Map<string, Map<number, Facet>>>();
  /** nsId → vector id → item id, for the namespaces whose vector hits are pruned. */
  private readonly itemOfVector = new Map<number, Map<number, number>>();
  private size = 0;

  constructor(
    /** A namespace's items with the field's json_type and json_extract, from SQLite. */
    private readonly read: (nsId: number, field: string) => Iterable<FacetRow>,
    /** A namespace's vectors with their items, from SQLite. */
    private readonly readVectors: (nsId: number) => Iterable<{ vid: number; item: number }>,
    /** Facets and vector links kept at most (about 40 bytes each). */
    private readonly budget = 2_000_000,
  ) {}

  /** As {@link prepare}, and the namespace's vectors linked to their items. */
  prepareVectors(nsId: number, filter: Filter | undefined): boolean {
    if (!this.prepare(nsId, filter)) return false;
    if (!this.itemOfVector.has(nsId)) {
      const links = new Map<number, number>();
      for (const row of this.readVectors(nsId)) links.set(row.vid, row.item);
      this.itemOfVector.set(nsId, links);
      this.size += links.size;
      this.evict(nsId);
    }
    return true;
  }

  /** Whether vector hits of the namespace can be pruned for the filter (nothing is read). */
  readyVectors(nsId: number, filter: Filter | undefined): boolean {
    return this.itemOfVector.has(nsId) && this.ready(nsId, filter);
  }

  /** {@link fails} for the item a vector belongs to; false when the link is unknown. */
  vectorFails(nsId: number, vid: number, filter: Filter | undefined): boolean {
    const id = this.itemOfVector.get(nsId)?.get(vid);
    return id !== undefined && this.fails(nsId, id, filter);
  }

  /** Whether the namespace already has facets for every field the filter tests (nothing is read). */
  ready(nsId: number, filter: Filter | undefined): boolean {
    const fields = this.byNamespace.get(nsId);
    if (!filter || !fields) return false;
    const wanted = keptFields(filter);
    return wanted.length > 0 && wanted.every((field) => fields.has(field));
  }

  /** Fill the namespace's facets for the fields the filter tests; true when at least one is kept. */
  prepare(nsId: number, filter: Filter | undefined): boolean {
    if (!filter) return false;
    const wanted = keptFields(filter);
    if (wanted.length === 0) return false;
    let fields = this.byNamespace.get(nsId);
    if (fields) this.byNamespace.delete(nsId);
    fields ??= new Map();
    this.byNamespace.set(nsId, fields);
    for (const field of wanted) {
      if (fields.has(field)) continue;
      const facets = new Map<number, Facet>();
      for (const row of this.read(nsId, field)) facets.set(row.id, facetOf(row.type, row.value));
      fields.set(field, facets);
      this.size += facets.size;
    }
    this.evict(nsId);
    return true;
  }

  /**
   * Whether the item certainly fails the filter: some condition on a kept field is false for
   * its facet. False when nothing is known (the item is then read and judged as before).
   */
  fails(nsId: number, id: number, filter: Filter | undefined): boolean {
    const fields = filter && this.byNamespace.get(nsId);
    if (!fields) return false;
    for (const [field, condition] of Object.entries(filter)) {
      const facet = fields.get(field)?.get(id);
      if (facet === undefined || facet === UNKNOWN) continue;
      if (!matchesCondition(facet === ABSENT ? undefined : facet, condition)) return true;
    }
    return false;
  }

  /** Mirror a committed batch into the namespaces that have facets. */
  applyCommitted(
    changes: readonly ItemChange[],
    emptied: readonly number[],
    vectors: ReadonlyMap<number, VectorChange> = new Map(),
  ): void {
    for (const [nsId, change] of vectors) {
      const links = this.itemOfVector.get(nsId);
      if (!links) continue;
      for (const vid of change.removed) this.size -= links.delete(vid) ? 1 : 0;
      for (const { vid, item } of change.added) {
        if (!links.has(vid)) this.size += 1;
        links.set(vid, item);
      }
    }
    for (const change of changes) {
      const fields = this.byNamespace.get(change.nsId);
      if (!fields) continue;
      const value = change.json === null ? undefined : (JSON.parse(change.json) as Record<string, unknown>);
      for (const [field, facets] of fields) {
        const had = facets.has(change.id);
        if (value === undefined) facets.delete(change.id);
        else facets.set(change.id, facetOfValue(value, field));
        this.size += (facets.has(change.id) ? 1 : 0) - (had ? 1 : 0);
      }
    }
    for (const nsId of emptied) this.drop(nsId);
  }

  clear(): void {
    this.byNamespace.clear();
    this.itemOfVector.clear();
    this.size = 0;
  }

  private drop(nsId: number): void {
    this.size -= this.itemOfVector.get(nsId)?.size ?? 0;
    this.itemOfVector.delete(nsId);
    const fields = this.byNamespace.get(nsId);
    if (!fields) return;
    this.byNamespace.delete(nsId);
    for (const facets of fields.values()) this.size -= facets.size;
  }

  private evict(keep: number): void {
    for (const nsId of [...this.byNamespace.keys()]) {
      if (this.size <= this.budget) return;
      if (nsId !== keep) this.drop(nsId);
    }
  }
}
