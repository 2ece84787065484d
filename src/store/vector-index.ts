/**
 * Vector search partitioned by namespace.
 *
 * Each namespace is its own partition, so a search under a prefix only ever touches the
 * partitions under it: isolation is structural, and a small namespace's latency does not grow
 * with the size of the others. Small partitions are scanned exactly (vectors are unit length,
 * so cosine is a dot product); a partition that reaches `hnswThreshold` vectors gets its own
 * hnswlib-node graph, persisted under `<dir>/hnsw/` and diffed against SQLite on load.
 *
 * SQLite stays the source of truth: an HNSW file records the namespace's `seq` when written;
 * a file whose seq is behind is repaired (missing vectors added, deleted ones scrubbed) and a
 * missing one is rebuilt. Vector ids are never reused, so the diff is exact.
 *
 * While inserts are deferred (a bulk load, {@link VectorIndex.deferInserts}), vectors committed
 * to a partition that has a graph wait beside it (deferred-vectors.ts) and are searched exactly
 * with it; they go into the graph when the load ends, or when a search finds more than
 * `hnswThreshold` of them waiting (so a search during a load never scans more than a small
 * partition would). A graph file is never written while vectors of its partition wait: a crash
 * leaves a file behind SQLite, which the next load repairs.
 */
import fs from "node:fs";
import path from "node:path";
import hnswlib from "hnswlib-node";
import { DeferredVectors } from "./deferred-vectors.js";
import type { Db } from "./sqlite.js";

const { HierarchicalNSW } = hnswlib;
type Hnsw = InstanceType<typeof HierarchicalNSW>;

export interface VectorIndexOptions {
  dims: number;
  /** Vectors in one namespace before it gets an HNSW graph. @default 2000 */
  hnswThreshold: number;
  /** HNSW out-degree. @default 32 */
  m: number;
  /** @default 200 */
  efConstruction: number;
  /** Candidate list size at query time (raised to k when k is larger). @default 256 */
  efSearch: number;
  /** Float budget for cached exact-scan partitions. @default 32M floats (128 MiB) */
  cacheFloats: number;
}

/** How graphs are built while inserts are deferred. */
export interface DeferOptions {
  /** Build-time beam width of graphs built or extended during the load. */
  efConstruction: number;
}

export interface VectorHit {
  vid: number;
  score: number;
}

export interface PartitionRef {
  id: number;
  vectorCount: number;
  seq: number;
}

interface ExactPartition {
  vids: Float64Array;
  data: Float32Array;
}

interface HnswPartition {
  index: Hnsw;
  dirty: boolean;
  /** Vectors scrubbed since the graph was built; many of them make a rebuild worthwhile. */
  deletedSinceBuild: number;
}

/** What a committed batch changed in one namespace. */
export interface PartitionChange {
  /** New vectors, each with the item it belongs to. */
  added: Array<{ vid: number; vec: Float32Array; item: number }>;
  removed: number[];
}

/** Removals of one commit that are scrubbed one by one; more than this (and than half the graph) rebuild it. */
const SCRUB_AT_MOST = 200;

export class VectorIndex {
  private readonly exact = new Map<number, ExactPartition>();
  private cachedFloats = 0;
  private readonly hnsw = new Map<number, HnswPartition>();
  private readonly hnswDir: string;
  private readonly tombstone: number[];
  private readonly stmts;
  /** Open deferrals (bulk loads may overlap); inserts are deferred while any is open. */
  private deferrals: DeferOptions[] = [];
  private readonly deferred = new Map<number, DeferredVectors>();

  constructor(
    readonly db: Db,
    dir: string,
    private readonly options: VectorIndexOptions,
  ) {
    this.hnswDir = path.join(dir, "hnsw");
    fs.mkdirSync(this.hnswDir, { recursive: true });
    // Deleted vectors are overwritten with this before being marked deleted, so their values
    // do not survive in memory or in the next index file.
    this.tombstone = Array.from({ length: options.dims }, (_, i) => (i === 0 ? 1 : 0));
    this.stmts = {
      partitionVectors: db.prepare("SELECT id, vec FROM vectors WHERE ns_id = ? ORDER BY id"),
      partitionIds: db.prepare("SELECT id FROM vectors WHERE ns_id = ?"),
      vector: db.prepare("SELECT vec FROM vectors WHERE id = ?"),
      partition: db.prepare("SELECT id, vector_count, seq FROM namespaces WHERE id = ?"),
    };
  }

  /** True when searching this partition scores every vector (no HNSW graph). */
  scansExactly(partition: PartitionRef): boolean {
    return partition.vectorCount < this.options.hnswThreshold && !this.hnsw.has(partition.id);
  }

  /**
   * Best `k` vectors of one partition, best first. `k` may exceed the partition size.
   * `efSearch` overrides the configured candidate list size for this search.
   */
  search(partition: PartitionRef, query: Float32Array, k: number, efSearch = this.options.efSearch): VectorHit[] {
    if (partition.vectorCount === 0 || k <= 0) return [];
    if (this.scansExactly(partition)) return this.searchExact(partition, query, k);
    const { index } = this.loadHnsw(partition);
    let waiting = this.deferred.get(partition.id);
    if (waiting && waiting.size > this.options.hnswThreshold) {
      this.insertDeferred(partition.id);
      waiting = undefined;
    }
    const inGraph = partition.vectorCount - (waiting?.size ?? 0);
    const n = Math.min(k, inGraph);
    let hits: VectorHit[] = [];
    if (n > 0) {
      index.setEf(Math.max(efSearch, n));
      const { neighbors, distances } = index.searchKnn(Array.from(query), n);
      // Inner-product space on unit vectors: distance = 1 - cosine.
      hits = neighbors.map((vid, i) => ({ vid, score: 1 - distances[i]! }));
    }
    if (!waiting?.size) return hits;
    return [...hits, ...waiting.search(query, k)]
      .sort((a, b) => b.score - a.score || a.vid - b.vid)
      .slice(0, Math.min(k, partition.vectorCount));
  }

  /**
   * Defer graph inserts until the returned function is called (calls may overlap; inserts
   * resume when the last one ends, and every waiting vector then goes into its graph). Graphs
   * built meanwhile use `options.efConstruction`.
   */
  deferInserts(options: DeferOptions): () => void {
    this.deferrals.push(options);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const at = this.deferrals.indexOf(options);
      // Gone when the index was closed meanwhile (the store stopped): nothing waits any more.
      if (at < 0) return;
      this.deferrals.splice(at, 1);
      if (this.deferrals.length === 0) for (const nsId of [...this.deferred.keys()]) this.insertDeferred(nsId);
    };
  }

  /** Vectors committed but not yet in their graph (for tests and stats). */
  get deferredVectors(): number {
    let n = 0;
    for (const waiting of this.deferred.values()) n += waiting.size;
    return n;
  }

  /** Mirror a committed batch. Runs synchronously right after the SQLite commit. */
  applyCommitted(changes: Map<number, PartitionChange>, partitions: Map<number, PartitionRef>): void {
    for (const [nsId, change] of changes) {
      const partition = partitions.get(nsId)!;
      this.patchExact(nsId, change);
      const loaded = this.hnsw.get(nsId);
      if (!loaded) {
        // Crossing the threshold builds the graph now (from SQLite, which already has this batch)
        // rather than in the middle of the next search.
        if (partition.vectorCount >= this.options.hnswThreshold) this.loadHnsw(partition);
        continue;
      }
      if (partition.vectorCount < this.options.hnswThreshold / 2) {
        // Shrunk well below the threshold: back to exact scan, and the file goes.
        this.dropHnsw(nsId, true);
        continue;
      }
      if (change.removed.length > Math.max(SCRUB_AT_MOST, partition.vectorCount / 2)) {
        // Many removals at once (maintenance retiring a scope's details, a source forgotten):
        // rebuilding from SQLite, which no longer holds them, costs fewer inserts than
        // overwriting each in place (hnswlib's update re-links the point's neighbours), and the
        // rebuilt graph never held them either. It is written to its file at the next flush.
        this.hnsw.delete(nsId);
        this.build(partition);
        continue;
      }
      const waiting = this.deferred.get(nsId);
      for (const vid of change.removed) if (!waiting?.remove(vid)) this.scrub(loaded, vid);
      if (this.deferrals.length > 0 && change.added.length > 0) {
        const tail = waiting ?? new DeferredVectors(this.options.dims);
        this.deferred.set(nsId, tail);
        for (const { vid, vec } of change.added) tail.add(vid, vec);
        continue;
      }
      this.ensureCapacity(loaded.index, change.added.length);
      for (const { vid, vec } of change.added) loaded.index.addPoint(Array.from(vec), vid, true);
      loaded.dirty = true;
    }
  }

  /** Forget a namespace's partitions entirely (its rows are already gone). */
  dropPartition(nsId: number): void {
    this.dropExact(nsId);
    this.dropHnsw(nsId, true);
  }

  /** Write every changed HNSW graph to disk (atomically: temp file, then rename). */
  flush(): void {
    for (const [nsId, partition] of this.hnsw) {
      const ref = this.partitionRef(nsId);
      if (!ref) continue;
      if (partition.deletedSinceBuild > Math.max(100, ref.vectorCount / 4)) {
        // Many tombstones slow the graph down: rebuild from SQLite.
        this.hnsw.delete(nsId);
        this.build(ref);
      }
      const current = this.hnsw.get(nsId)!;
      // A file must never claim a seq whose vectors its graph lacks.
      if (!current.dirty || this.deferred.has(nsId)) continue;
      this.writeFile(nsId, current.index, ref.seq);
      current.dirty = false;
    }
  }

  /**
   * Leave on disk only the graphs of live namespaces, each holding only live vectors: a graph
   * with deleted elements (a scrubbed placeholder and its label per deleted vector) is rebuilt
   * from SQLite and written; a graph file of a namespace that is gone or scanned exactly, and
   * any leftover temp file, is removed.
   */
  compact(): { rebuilt: number; removedFiles: number } {
    let rebuilt = 0;
    let removedFiles = 0;
    const files = new Map<number, string[]>();
    for (const name of fs.readdirSync(this.hnswDir)) {
      // Graph files are ns-<id>.bin with .json, .tmp and .json.tmp siblings (writeFile).
      const nsId = name.startsWith("ns-") ? Number.parseInt(name.slice(3), 10) : Number.NaN;
      if (!Number.isInteger(nsId) || !name.startsWith(`ns-${nsId}.bin`)) continue;
      files.set(nsId, [...(files.get(nsId) ?? []), name]);
    }
    for (const [nsId, names] of files) {
      const ref = this.partitionRef(nsId);
      const live = ref !== undefined && (ref.vectorCount >= this.options.hnswThreshold || this.hnsw.has(nsId));
      for (const name of names) {
        if (live && !name.endsWith(".tmp")) continue;
        fs.rmSync(path.join(this.hnswDir, name), { force: true });
        removedFiles += 1;
      }
    }
    const graphs = new Set([...this.hnsw.keys(), ...files.keys()]);
    for (const nsId of graphs) {
      const ref = this.partitionRef(nsId);
      if (!ref || this.scansExactly(ref)) continue;
      const state = this.loadHnsw(ref);
      if (state.index.getCurrentCount() <= ref.vectorCount) continue;
      this.hnsw.delete(nsId);
      this.build(ref);
      rebuilt += 1;
    }
    this.flush();
    return { rebuilt, removedFiles };
  }

  close(): void {
    this.exact.clear();
    this.hnsw.clear();
    this.deferred.clear();
    this.deferrals = [];
    this.cachedFloats = 0;
  }

  /** Number of namespaces that currently use an HNSW graph (for tests and stats). */
  get hnswPartitions(): number {
    return this.hnsw.size;
  }

  private searchExact(partition: PartitionRef, query: Float32Array, k: number): VectorHit[] {
    const { vids, data } = this.loadExact(partition.id);
    const dims = this.options.dims;
    const n = vids.length;
    const scores = new Float32Array(n);
    for (let row = 0, offset = 0; row < n; row += 1, offset += dims) {
      let dot = 0;
      for (let j = 0; j < dims; j += 1) dot += data[offset + j]! * query[j]!;
      scores[row] = dot;
    }
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => scores[b]! - scores[a]!);
    return order.slice(0, Math.min(k, n)).map((row) => ({ vid: vids[row]!, score: scores[row]! }));
  }

  private loadExact(nsId: number): ExactPartition {
    const cached = this.exact.get(nsId);
    if (cached) {
      // LRU: move to the end.
      this.exact.delete(nsId);
      this.exact.set(nsId, cached);
      return cached;
    }
    const rows = this.stmts.partitionVectors.all(nsId) as Array<{ id: number; vec: Buffer }>;
    const dims = this.options.dims;
    const vids = new Float64Array(rows.length);
    const data = new Float32Array(rows.length * dims);
    rows.forEach((row, i) => {
      vids[i] = row.id;
      data.set(bufferToVector(row.vec), i * dims);
    });
    const partition = { vids, data };
    this.exact.set(nsId, partition);
    this.cachedFloats += data.length;
    while (this.cachedFloats > this.options.cacheFloats && this.exact.size > 1) {
      const oldest = this.exact.keys().next().value as number;
      this.dropExact(oldest);
    }
    return partition;
  }

  /** Apply a commit to a cached exact partition instead of reloading it from SQLite. */
  private patchExact(nsId: number, change: PartitionChange): void {
    const cached = this.exact.get(nsId);
    if (!cached) return;
    const dims = this.options.dims;
    const removed = new Set(change.removed);
    const kept: number[] = [];
    cached.vids.forEach((vid, row) => {
      if (!removed.has(vid)) kept.push(row);
    });
    const n = kept.length + change.added.length;
    const vids = new Float64Array(n);
    const data = new Float32Array(n * dims);
    kept.forEach((row, i) => {
      vids[i] = cached.vids[row]!;
      data.set(cached.data.subarray(row * dims, (row + 1) * dims), i * dims);
    });
    change.added.forEach(({ vid, vec }, i) => {
      vids[kept.length + i] = vid;
      data.set(vec, (kept.length + i) * dims);
    });
    this.cachedFloats += data.length - cached.data.length;
    this.exact.set(nsId, { vids, data });
  }

  private dropExact(nsId: number): void {
    const cached = this.exact.get(nsId);
    if (!cached) return;
    this.cachedFloats -= cached.data.length;
    this.exact.delete(nsId);
  }

  private loadHnsw(partition: PartitionRef): HnswPartition {
    const loaded = this.hnsw.get(partition.id);
    if (loaded) return loaded;
    const file = this.indexFile(partition.id);
    const meta = readMeta(file);
    if (meta && meta.dims === this.options.dims && fs.existsSync(file)) {
      const index = new HierarchicalNSW("ip", this.options.dims);
      try {
        index.readIndexSync(file, true);
        const state: HnswPartition = { index, dirty: false, deletedSinceBuild: 0 };
        if (meta.seq !== partition.seq) this.repair(partition.id, state);
        this.hnsw.set(partition.id, state);
        return state;
      } catch {
        // An unreadable file is only a cache: rebuild it from SQLite below.
      }
    }
    return this.build(partition);
  }

  /** Bring a graph read from an older file in line with SQLite. */
  private repair(nsId: number, state: HnswPartition): void {
    const inIndex = new Set(state.index.getIdsList());
    const rows = this.stmts.partitionIds.all(nsId) as Array<{ id: number }>;
    const live = new Set(rows.map((r) => r.id));
    const missing = rows.filter((r) => !inIndex.has(r.id)).map((r) => r.id);
    for (const vid of inIndex) if (!live.has(vid)) this.scrub(state, vid);
    this.ensureCapacity(state.index, missing.length);
    const get = this.stmts.vector;
    for (const vid of missing) {
      const row = get.get(vid) as { vec: Buffer };
      state.index.addPoint(Array.from(bufferToVector(row.vec)), vid, true);
    }
    state.dirty = true;
  }

  /** Put a partition's waiting vectors into its graph, in commit order. */
  private insertDeferred(nsId: number): void {
    const waiting = this.deferred.get(nsId);
    this.deferred.delete(nsId);
    const state = this.hnsw.get(nsId);
    if (!waiting || !state) return;
    this.ensureCapacity(state.index, waiting.size);
    for (const [vid, vec] of waiting.entries()) state.index.addPoint(Array.from(vec), vid, true);
    state.dirty = true;
  }

  private build(partition: PartitionRef): HnswPartition {
    // Built from SQLite, which holds every committed vector: none is left waiting.
    this.deferred.delete(partition.id);
    const index = new HierarchicalNSW("ip", this.options.dims);
    index.initIndex({
      maxElements: Math.max(1024, Math.ceil(partition.vectorCount * 1.5)),
      m: this.options.m,
      efConstruction: this.deferrals.at(-1)?.efConstruction ?? this.options.efConstruction,
      randomSeed: 100,
      allowReplaceDeleted: true,
    });
    const rows = this.stmts.partitionVectors.iterate(partition.id) as Iterable<{
      id: number;
      vec: Buffer;
    }>;
    for (const row of rows) {
      this.ensureCapacity(index, 1);
      index.addPoint(Array.from(bufferToVector(row.vec)), row.id);
    }
    const state: HnswPartition = { index, dirty: true, deletedSinceBuild: 0 };
    this.hnsw.set(partition.id, state);
    this.dropExact(partition.id);
    return state;
  }

  private scrub(state: HnswPartition, vid: number): void {
    try {
      // Overwrite first (the update keeps the graph valid), then mark deleted.
      state.index.addPoint(this.tombstone, vid);
      state.index.markDelete(vid);
      state.deletedSinceBuild += 1;
      state.dirty = true;
    } catch {
      // Already deleted (and scrubbed when it was) or never present.
    }
  }

  private ensureCapacity(index: Hnsw, adding: number): void {
    const needed = index.getCurrentCount() + adding;
    if (needed > index.getMaxElements()) index.resizeIndex(Math.max(needed, index.getMaxElements() * 2));
  }

  private dropHnsw(nsId: number, removeFile: boolean): void {
    this.hnsw.delete(nsId);
    this.deferred.delete(nsId);
    if (removeFile) {
      fs.rmSync(this.indexFile(nsId), { force: true });
      fs.rmSync(`${this.indexFile(nsId)}.json`, { force: true });
    }
  }

  private writeFile(nsId: number, index: Hnsw, seq: number): void {
    const file = this.indexFile(nsId);
    const tmp = `${file}.tmp`;
    index.writeIndexSync(tmp);
    fs.renameSync(tmp, file);
    const meta = { seq, dims: this.options.dims };
    fs.writeFileSync(`${file}.json.tmp`, JSON.stringify(meta));
    fs.renameSync(`${file}.json.tmp`, `${file}.json`);
  }

  private partitionRef(nsId: number): PartitionRef | undefined {
    const row = this.stmts.partition.get(nsId) as { id: number; vector_count: number; seq: number } | undefined;
    return row && { id: row.id, vectorCount: row.vector_count, seq: row.seq };
  }

  private indexFile(nsId: number): string {
    return path.join(this.hnswDir, `ns-${nsId}.bin`);
  }
}

function readMeta(file: string): { seq: number; dims: number } | undefined {
  try {
    return JSON.parse(fs.readFileSync(`${file}.json`, "utf8")) as { seq: number; dims: number };
  } catch {
    return undefined;
  }
}

export function bufferToVector(buffer: Buffer): Float32Array {
  // Copy: better-sqlite3 buffers may not be 4-byte aligned.
  const copy = new Uint8Array(buffer.byteLength);
  copy.set(buffer);
  return new Float32Array(copy.buffer);
}

export function vectorToBuffer(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}
