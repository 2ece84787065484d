/**
 * In-memory BM25 over one namespace's keyword bodies: the fast path of
 * `HNSWStore.keywordSearch` when a prefix holds exactly one namespace (a user's records, a
 * tenant's knowledge), which is every recall.
 *
 * Why not FTS5 alone: FTS5 keeps one term space for the whole database, so a scoped query has
 * to intersect each term's global posting list with the scope token and rank every matching
 * row of the namespace (8–9 ms per recall at 100k memories in one scope, and slower the more
 * other users share a term). Here each namespace has its own postings, built from SQLite on
 * first use and kept in step with every commit, so a query reads only its terms' postings in
 * its own namespace and keeps the best `k` with a heap: under a millisecond at 100k, and a
 * small namespace costs the same beside a million other memories.
 *
 * SQLite (the FTS5 table) stays the source of truth: an index is only a cache, rebuilt from it
 * when evicted or after a restart. Statistics (document count, average length, document
 * frequency) are the namespace's own, so another user's memories never move this user's
 * scores. Scoring is Okapi BM25 exactly as FTS5's bm25() computes it (k1 1.2, b 0.75, idf
 * floored at 1e-6, and a document's length counting the scope tokens of its FTS row), so both
 * paths give the same scores for the same corpus.
 */
import { dropUbiquitousTerms } from "./keyword.js";

// FTS5's bm25() constants (sqlite.org/fts5.html §5.1.1), kept so both paths agree.
const K1 = 1.2;
const B = 0.75;
const MIN_IDF = 1e-6;

export interface KeywordHit {
  /** items.id */
  id: number;
  /** BM25, higher is better. */
  score: number;
}

/** A growable list of (slot, term frequency) pairs: one term's postings. */
class Postings {
  slots = new Int32Array(4);
  tfs = new Uint16Array(4);
  length = 0;

  push(slot: number, tf: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const tfs = new Uint16Array(this.length * 2);
      tfs.set(this.tfs);
      this.tfs = tfs;
    }
    this.slots[this.length] = slot;
    this.tfs[this.length] = Math.min(tf, 65535);
    this.length += 1;
  }

  /** Swap-remove: order within a posting list does not matter to scoring. */
  remove(slot: number): void {
    const last = this.length - 1;
    for (let i = 0; i <= last; i++) {
      if (this.slots[i] !== slot) continue;
      this.slots[i] = this.slots[last]!;
      this.tfs[i] = this.tfs[last]!;
      this.length = last;
      return;
    }
  }
}

/** BM25 postings of one namespace. Documents are items, identified by `items.id`. */
export class NamespaceKeywordIndex {
  private readonly termIds = new Map<string, number>();
  /** term id → term, to forget a term once no document has it (deleted means gone here too). */
  private readonly termOf: Array<string | undefined> = [];
  private readonly freeTermIds: number[] = [];
  private readonly postings: Postings[] = [];
  /** slot → item id (−1 when free), length in terms, distinct term ids. */
  private ids = new Int32Array(16).fill(-1);
  private lengths = new Float64Array(16);
  private docTerms: Array<Int32Array | undefined> = [];
  private readonly slotOf = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  private slotsUsed = 0;
  private totalLength = 0;
  /** Sum of posting lengths: the cache's measure of this index's size. */
  size = 0;
  /** Score accumulator, indexed by slot; zeroed after each query. */
  private scratch = new Float64Array(16);

  /**
   * @param lengthOffset added to every document's length: FTS5's bm25() measures a row by all
   * its columns, and each FTS row also holds one scope token per namespace label.
   */
  constructor(private readonly lengthOffset = 0) {}

  /** Live documents. */
  get documents(): number {
    return this.slotOf.size;
  }

  /** Index (or re-index) one item from its keyword body: pre-segmented terms joined by spaces. */
  add(id: number, body: string): void {
    this.remove(id);
    const counts = new Map<number, number>();
    let length = 0;
    for (const term of body.split(" ")) {
      if (!term) continue;
      length += 1;
      let termId = this.termIds.get(term);
      if (termId === undefined) {
        termId = this.freeTermIds.pop() ?? this.postings.length;
        this.termIds.set(term, termId);
        this.termOf[termId] = term;
        this.postings[termId] = new Postings();
      }
      counts.set(termId, (counts.get(termId) ?? 0) + 1);
    }
    if (length === 0) return;
    const slot = this.freeSlots.pop() ?? this.slotsUsed++;
    this.ensureCapacity(slot + 1);
    this.ids[slot] = id;
    this.lengths[slot] = length + this.lengthOffset;
    const terms = new Int32Array(counts.size);
    let i = 0;
    for (const [termId, tf] of counts) {
      this.postings[termId]!.push(slot, tf);
      terms[i++] = termId;
    }
    this.docTerms[slot] = terms;
    this.slotOf.set(id, slot);
    this.totalLength += this.lengths[slot]!;
    this.size += terms.length;
  }

  /** Forget an item; a no-op when it is not indexed. */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const terms = this.docTerms[slot]!;
    for (const termId of terms) {
      const list = this.postings[termId]!;
      list.remove(slot);
      if (list.length > 0) continue;
      this.termIds.delete(this.termOf[termId]!);
      this.termOf[termId] = undefined;
      this.freeTermIds.push(termId);
    }
    this.slotOf.delete(id);
    this.ids[slot] = -1;
    this.docTerms[slot] = undefined;
    this.totalLength -= this.lengths[slot]!;
    this.size -= terms.length;
    this.freeSlots.push(slot);
  }

  /** Distinct terms of the live documents. */
  get vocabulary(): number {
    return this.termIds.size;
  }

  /** How many documents contain `term`. */
  documentFrequency(term: string): number {
    const termId = this.termIds.get(term);
    return termId === undefined ? 0 : this.postings[termId]!.length;
  }

  /**
   * The query terms worth matching: those in no more than 30% of this namespace's documents
   * (see dropUbiquitousTerms), measured exactly on this namespace.
   */
  usefulTerms(terms: string[]): string[] {
    return dropUbiquitousTerms(terms, (term) => this.documentFrequency(term), this.documents);
  }

  /**
   * The best `k` documents for the terms (OR semantics), best first; ties go to the lower id,
   * so a larger `k` returns a longer list with the same head.
   */
  search(terms: string[], k: number): KeywordHit[] {
    const n = this.documents;
    if (n === 0 || k <= 0) return [];
    const averageLength = this.totalLength / n;
    const scores = this.scratch;
    const touched: number[] = [];
    for (const term of new Set(terms)) {
      const termId = this.termIds.get(term);
      if (termId === undefined) continue;
      const list = this.postings[termId]!;
      if (list.length === 0) continue;
      const idf = Math.max(MIN_IDF, Math.log((n - list.length + 0.5) / (list.length + 0.5)));
      const { slots, tfs } = list;
      for (let i = 0; i < list.length; i++) {
        const slot = slots[i]!;
        const tf = tfs[i]!;
        if (scores[slot] === 0) touched.push(slot);
        scores[slot] += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.lengths[slot]!) / averageLength));
      }
    }
    const hits = topK(touched, scores, this.ids, k).map((slot) => ({ id: this.ids[slot]!, score: scores[slot]! }));
    for (const slot of touched) scores[slot] = 0;
    return hits;
  }

  /**
   * What BM25 over a subset needs, read from the postings: each subset document's length, and
   * per query term the (item id, term frequency) pairs of the subset documents holding it.
   * Linear in the terms' posting lengths and the subset; nothing is read from SQLite.
   */
  statsWithin(
    terms: string[],
    ids: Iterable<number>,
  ): { lengths: Map<number, number>; tfs: Map<string, Map<number, number>> } {
    const lengths = new Map<number, number>();
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) lengths.set(id, this.lengths[slot]!);
    }
    const tfs = new Map<string, Map<number, number>>();
    for (const term of new Set(terms)) {
      const termId = this.termIds.get(term);
      if (termId === undefined) continue;
      const list = this.postings[termId]!;
      const within = new Map<number, number>();
      for (let i = 0; i < list.length; i++) {
        const id = this.ids[list.slots[i]!]!;
        if (lengths.has(id)) within.set(id, list.tfs[i]!);
      }
      if (within.size > 0) tfs.set(term, within);
    }
    return { lengths, tfs };
  }

  private ensureCapacity(slots: number): void {
    if (slots <= this.ids.length) return;
    const capacity = Math.max(slots, this.ids.length * 2);
    const ids = new Int32Array(capacity).fill(-1);
    ids.set(this.ids);
    this.ids = ids;
    const lengths = new Float64Array(capacity);
    lengths.set(this.lengths);
    this.lengths = lengths;
    this.scratch = new Float64Array(capacity);
  }
}

/**
 * Slots of the `k` best scores, best first (ties: lower item id first), with a size-k min-heap:
 * O(touched × log k) rather than sorting every matching document.
 */
function topK(touched: number[], scores: Float64Array, ids: Int32Array, k: number): number[] {
  const heap: number[] = [];
  // a ranks below b: lower score, or equal score and higher id.
  const below = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && ids[a]! > ids[b]!);
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && below(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && below(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const slot of touched) {
    if (heap.length < k) {
      heap.push(slot);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!below(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (below(heap[0]!, slot)) {
      heap[0] = slot;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (below(a, b) ? 1 : below(b, a) ? -1 : 0));
}

/** What one committed write did to an item's keyword body: indexed anew, or gone (`null`). */
export interface KeywordChange {
  nsId: number;
  id: number;
  body: string | null;
}

/**
 * The namespaces' indexes, least recently searched evicted first once their postings exceed
 * `budget` (~10 bytes each with the per-document arrays: the default 8M is ~80 MB, about half
 * a million memories). The index being searched is never evicted, however large.
 */
export class KeywordIndexCache {
  private readonly indexes = new Map<number, NamespaceKeywordIndex>();
  private size = 0;

  constructor(
    /** A namespace's indexed items with their keyword bodies (from SQLite), and the length offset of its rows. */
    private readonly load: (nsId: number) => { lengthOffset: number; rows: Iterable<{ id: number; body: string }> },
    private readonly budget = 8_000_000,
  ) {}

  /** The namespace's index, built from SQLite if it is not cached. */
  get(nsId: number): NamespaceKeywordIndex {
    let index = this.indexes.get(nsId);
    if (index) {
      // Map order is the LRU order: move to the back.
      this.indexes.delete(nsId);
      this.indexes.set(nsId, index);
      return index;
    }
    const { lengthOffset, rows } = this.load(nsId);
    index = new NamespaceKeywordIndex(lengthOffset);
    for (const row of rows) index.add(row.id, row.body);
    this.indexes.set(nsId, index);
    this.size += index.size;
    this.evict(nsId);
    return index;
  }

  /** Mirror a committed batch into the cached indexes (others are built fresh when needed). */
  applyCommitted(changes: readonly KeywordChange[], emptied: readonly number[]): void {
    for (const change of changes) {
      const index = this.indexes.get(change.nsId);
      if (!index) continue;
      this.size -= index.size;
      if (change.body === null) index.remove(change.id);
      else index.add(change.id, change.body);
      this.size += index.size;
    }
    for (const nsId of emptied) this.drop(nsId);
    this.evict();
  }

  clear(): void {
    this.indexes.clear();
    this.size = 0;
  }

  private drop(nsId: number): void {
    const index = this.indexes.get(nsId);
    if (!index) return;
    this.indexes.delete(nsId);
    this.size -= index.size;
  }

  private evict(keep?: number): void {
    for (const nsId of this.indexes.keys()) {
      if (this.size <= this.budget) return;
      if (nsId !== keep) this.drop(nsId);
    }
  }
}
