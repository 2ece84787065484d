/**
 * The vectors of one partition committed while its graph inserts are deferred (a bulk load, see
 * VectorIndex.deferInserts): kept beside the graph and searched exactly with hnswlib's
 * brute-force index, whose inner-product distance is the graph's own, so a deferred vector is
 * scored exactly as the graph would score it and a search sees every committed vector.
 */
import hnswlib from "hnswlib-node";

const { BruteforceSearch } = hnswlib;
type Bruteforce = InstanceType<typeof BruteforceSearch>;

export interface DeferredHit {
  vid: number;
  score: number;
}

const INITIAL_CAPACITY = 256;

export class DeferredVectors {
  /** In commit order: the order they are inserted into the graph. */
  private readonly vectors = new Map<number, Float32Array>();
  private brute: Bruteforce;
  private capacity = INITIAL_CAPACITY;

  constructor(private readonly dims: number) {
    this.brute = this.make(INITIAL_CAPACITY);
  }

  get size(): number {
    return this.vectors.size;
  }

  add(vid: number, vec: Float32Array): void {
    if (this.vectors.size >= this.capacity) {
      // The brute-force index cannot grow: a larger one takes every vector again.
      this.capacity *= 2;
      this.brute = this.make(this.capacity);
      for (const [id, v] of this.vectors) this.brute.addPoint(Array.from(v), id);
    }
    this.vectors.set(vid, vec);
    this.brute.addPoint(Array.from(vec), vid);
  }

  /** Drop a deferred vector; false when it is not one (it is in the graph, or was never added). */
  remove(vid: number): boolean {
    if (!this.vectors.delete(vid)) return false;
    this.brute.removePoint(vid);
    return true;
  }

  /** The best `k` deferred vectors, best first. */
  search(query: Float32Array, k: number): DeferredHit[] {
    const n = Math.min(k, this.vectors.size);
    if (n <= 0) return [];
    const { neighbors, distances } = this.brute.searchKnn(Array.from(query), n);
    // Inner-product space on unit vectors: distance = 1 - cosine, as in the graph.
    return neighbors.map((vid, i) => ({ vid, score: 1 - distances[i]! }));
  }

  entries(): IterableIterator<[number, Float32Array]> {
    return this.vectors.entries();
  }

  private make(capacity: number): Bruteforce {
    const brute = new BruteforceSearch("ip", this.dims);
    brute.initIndex(capacity);
    return brute;
  }
}
