/**
 * HNSWStore: the embedded, durable long-term store, a LangGraph `BaseStore`.
 *
 * SQLite (WAL) is the source of truth for items, vectors and the FTS5 keyword index; vector
 * search runs per namespace (exact scan when small, an hnswlib-node graph when large) so a
 * search under a prefix cannot see outside it. `batch()` does the work; get/search/put/delete/
 * listNamespaces are BaseStore's thin wrappers over it.
 */
import fs from "node:fs";
import path from "node:path";
import type { Item, ListNamespacesOperation, SearchItem } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import {
  InvalidConfigError,
  InvalidOperationError,
  StoreClosedError,
  StoreLockedError,
  zodProblem,
} from "../errors.js";
import { yieldIfDue } from "../yield.js";
import type { HybridHits, StoreIndexConfig, StructureOf } from "./contract.js";
import type { PlannedBatch, PlannedPut } from "./core.js";
import { ItemFacets } from "./facets.js";
import { HNSW_DEFAULTS } from "./hnsw-defaults.js";
import { KeywordIndexCache } from "./keyword-index.js";
import { KeywordSearch } from "./keyword-search.js";
import { acquireLock, releaseLock } from "./lock.js";
import { decodeNamespace, listNamespacesOf } from "./namespace.js";
import {
  type CheckedQuerySearch,
  indexConfigSchema,
  type SearchOnDaysQuery,
  type SearchWithinQuery,
} from "./operations.js";
import { RowCache } from "./row-cache.js";
import { type ItemRow, toItem } from "./rows.js";
import { type Db, getMeta, openDatabase, openReader, type Statement, setMeta } from "./sqlite.js";
import { SqliteStructureQueries } from "./sqlite-structure-queries.js";
import { SqliteWriter } from "./sqlite-writes.js";
import { StoreBase, type StructureQueries } from "./store-base.js";
import { VectorIndex } from "./vector-index.js";
import { type SearchOp, VectorSearch } from "./vector-search.js";
import { WalCheckpointer } from "./wal-checkpointer.js";

/** HNSWStore's vector index (contract.ts StoreIndexConfig). */
export interface HNSWStoreIndexConfig extends StoreIndexConfig {}

export interface HNSWStoreOptions {
  /** Directory holding `store.sqlite` and `hnsw/`; created if missing. One process at a time. */
  dir: string;
  /** Vector search; without it `query` searches fall back to filtered listing, like InMemoryStore. */
  index?: HNSWStoreIndexConfig;
  /** Largest JSON value accepted, in bytes. @default 524288 */
  maxValueBytes?: number;
  /** `normal` survives a killed process; `full` also a power cut. @default "normal" */
  synchronous?: "normal" | "full";
  /**
   * HNSW tuning. Partitions below `threshold` vectors are scanned exactly.
   * `efSearch` serves `search()`; `efSearchHybrid` the vector channel of `hybridSearch()`, whose
   * hits are fused with BM25 and re-ranked, so it needs less precision (see HNSW_DEFAULTS).
   * @default HNSW_DEFAULTS: { threshold: 2000, m: 32, efConstruction: 200, efSearch: 256, efSearchHybrid: 128 }
   */
  hnsw?: { threshold?: number; m?: number; efConstruction?: number; efSearch?: number; efSearchHybrid?: number };
  /** Write changed HNSW graphs to disk this often (they are also written by `flush()` and `stop()`); 0 disables. @default 30000 */
  flushIntervalMs?: number;
  /**
   * Derive each put value's structured rows (days, subject–predicate–object facts) into the
   * relational tables that `StructuredSearchable` queries; see src/store/item-structure.ts.
   * `createMemory` passes the memory record's (src/facts/structure.ts). Without it no rows are kept.
   */
  structure?: StructureOf;
  /**
   * Keep in memory the short fields searches filter on (a memory's status and kind), per
   * namespace, once a search there had to read past many rows its filter rejected: those hits
   * are then dropped unread (src/store/facets.ts). Results are the same either way. @default true
   */
  facets?: boolean;
}

const OptionsSchema = z.object({
  dir: z.string().min(1),
  index: indexConfigSchema(65536).optional(),
  maxValueBytes: z.number().int().positive().optional(),
  synchronous: z.enum(["normal", "full"]).optional(),
  hnsw: z
    .object({
      threshold: z.number().int().min(1).optional(),
      m: z.number().int().min(2).max(128).optional(),
      efConstruction: z.number().int().min(8).optional(),
      efSearch: z.number().int().min(1).optional(),
      efSearchHybrid: z.number().int().min(1).optional(),
    })
    .optional(),
  flushIntervalMs: z.number().int().min(0).optional(),
  structure: z.custom<StructureOf>((f) => typeof f === "function", "must be a function").optional(),
  facets: z.boolean().optional(),
});

type GetOp = { path: string; key: string };

/** {@link HNSWStore.bulkLoad}'s options. */
export interface HNSWBulkLoadOptions {
  /**
   * Build-time beam width of the graphs built during the load (a graph keeps it for later
   * inserts). Lower builds faster but finds less: at 100k vectors in one namespace, 100 gave
   * recall@10 0.848 against exact search where the store's 200 gives 0.965
   * (`npm run bench:store -- --ef-construction=100`), below the 0.95 the store keeps.
   * @default the store's `hnsw.efConstruction`
   */
  efConstruction?: number;
}

const BulkLoadSchema = z.object({ efConstruction: z.number().int().min(8).max(4096).optional() }).strict();

/**
 * @example
 * import { HashEmbeddings } from "../text/embeddings.js";
 * const store = new HNSWStore({
 *   dir: "./.memory",
 *   index: { dims: 256, embeddings: new HashEmbeddings({ dims: 256 }), fields: ["content"] },
 * });
 * await store.put(["memory", "u1"], "m1", { content: "The user prefers short replies" });
 * const hits = await store.search(["memory", "u1"], { query: "reply style", limit: 3 });
 * await store.stop();
 */
export class HNSWStore extends StoreBase {
  readonly dir: string;
  private readonly options: z.infer<typeof OptionsSchema>;
  private db?: Db;
  /**
   * A second connection for every read: it sees what is committed, so a write transaction that
   * hands the event loop back between slices is seen whole or not at all.
   */
  private readDb?: Db;
  /** The commit in flight, if any: commits (and deletions) on `db` run one at a time. */
  private writing: Promise<unknown> = Promise.resolve();
  private writer?: SqliteWriter;
  private checkpointer?: WalCheckpointer;
  private vectors?: VectorIndex;
  private flushTimer?: NodeJS.Timeout;
  /** Rows the search extensions read again and again (row-cache.ts); forgotten as writes commit. */
  private readonly rows = new RowCache();
  private keywords?: KeywordSearch;
  private vectorSearch?: VectorSearch;
  private structured?: SqliteStructureQueries;
  private efSearchHybrid: number = HNSW_DEFAULTS.efSearchHybrid;
  private keywordIndexes?: KeywordIndexCache;
  private facets?: ItemFacets;
  private readonly statements = new Map<string, Statement>();

  constructor(options: HNSWStoreOptions) {
    const parsed = OptionsSchema.safeParse(options);
    if (!parsed.success) {
      const { field, text } = zodProblem(parsed.error, "(options)");
      throw new InvalidConfigError(`Invalid HNSWStore options: ${text}.`, { field });
    }
    super({ ...parsed.data, nulAllowed: true });
    this.options = parsed.data;
    this.dir = path.resolve(parsed.data.dir);
    this.open();
  }

  /** Reopen after `stop()`; a no-op while open. */
  override start(): void {
    if (!this.db) this.open();
  }

  /** Write changed HNSW graphs, checkpoint the WAL into the database file, close. */
  override stop(): void {
    if (!this.db) return;
    clearInterval(this.flushTimer);
    this.flush();
    this.checkpointer?.close();
    this.checkpointer = undefined;
    this.statements.clear();
    this.rows.clear();
    this.readDb?.close();
    this.readDb = undefined;
    this.db.close();
    this.vectors!.close();
    this.db = undefined;
    this.writer = undefined;
    this.vectors = undefined;
    this.keywords = undefined;
    this.keywordIndexes = undefined;
    this.facets = undefined;
    this.vectorSearch = undefined;
    this.structured = undefined;
    releaseLock(this.dir);
  }

  /**
   * Make the files on disk reflect exactly what is committed: HNSW graphs written and the WAL
   * folded into the database file and truncated (deleted data is then gone from every file).
   */
  flush(): void {
    const db = this.requireOpen();
    this.vectors!.flush();
    // A write transaction in flight keeps its frames; `flushCommitted` waits for it.
    if (db.inTransaction) return;
    const checkpoint = () => (db.pragma("wal_checkpoint(TRUNCATE)") as Array<{ busy: number }>)[0]?.busy === 0;
    // Deleted rows must leave the log: a checkpoint another connection keeps from finishing (a
    // reader of another process) is retried for a second, then an error, never a silent no-op.
    for (let attempt = 0; ; attempt++) {
      if (this.checkpointer ? this.checkpointer.hold(checkpoint) : checkpoint()) return;
      if (attempt >= 50) throw new StoreLockedError(this.dir);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }

  /** {@link flush} once the writes already started have committed: what a deletion awaits. */
  async flushCommitted(): Promise<void> {
    await this.exclusive(() => this.flush());
  }

  /**
   * Make the files hold only live data, physically: HNSW graphs that still carry deleted
   * elements are rebuilt from SQLite, graph files of namespaces that are gone are removed, the
   * FTS5 index is merged into one segment, and the WAL is folded into the database file and
   * truncated. Costs a rebuild per graph with deletions: run it after purging, not per write.
   * @example
   * declare const store: HNSWStore;
   * await store.deletePrefix(["memory", "acme", "u1"]);
   * store.compact();
   */
  compact(): { rebuiltGraphs: number; removedFiles: number } {
    const db = this.requireOpen();
    if (db.inTransaction)
      throw new InvalidOperationError("compact() runs between writes: await the pending batch() first.");
    const { rebuilt, removedFiles } = this.vectors!.compact();
    db.prepare("INSERT INTO fts (fts) VALUES ('optimize')").run();
    db.pragma("wal_checkpoint(TRUNCATE)");
    return { rebuiltGraphs: rebuilt, removedFiles };
  }

  /**
   * Run `work` (any writes through this store: `memory.import`, a `remember` over a transcript)
   * with vector-graph inserts deferred, then put every deferred vector into its graph at once
   * and write the graphs, as `PostgresStore.bulkLoad` builds its index once after the rows. A
   * search meanwhile still sees every committed vector: the deferred ones are scanned exactly
   * beside the graph (at most `hnsw.threshold` per namespace before they are inserted), so the
   * writes decide exactly as they would one by one. SQLite commits as usual: a crash during the
   * load loses no committed row, and the next open indexes the rows its graph files lack.
   * Overlapping loads share one deferral; it ends with the last.
   * @throws {InvalidConfigError} for unknown or out-of-range options.
   * @example
   * declare const store: HNSWStore;
   * declare const memory: import("../memory.js").Memory;
   * declare const documents: Array<{ scope: { userId: string }; doc: unknown }>;
   * await store.bulkLoad(async () => {
   *   for (const { scope, doc } of documents) await memory.import(scope, doc);
   * });
   */
  async bulkLoad<T>(work: () => Promise<T>, options: HNSWBulkLoadOptions = {}): Promise<T> {
    const parsed = BulkLoadSchema.safeParse(options);
    if (!parsed.success) {
      const { field, text } = zodProblem(parsed.error, "(options)");
      throw new InvalidConfigError(`Invalid bulkLoad options: ${text}.`, { field });
    }
    this.requireOpen();
    const vectors = this.vectors!;
    const efConstruction =
      parsed.data.efConstruction ?? this.options.hnsw?.efConstruction ?? HNSW_DEFAULTS.efConstruction;
    const end = vectors.deferInserts({ efConstruction });
    try {
      return await work();
    } finally {
      // After the commits already started: their vectors are deferred too.
      await this.writing;
      end();
      if (this.vectors === vectors) vectors.flush();
    }
  }

  /**
   * Item rows the vector and keyword searches have read since the store opened: what a search
   * costs, counted rather than timed (tests show a lookup's reads stay bounded).
   */
  get searchRowsRead(): number {
    return (this.vectorSearch?.rowsRead ?? 0) + (this.keywords?.rowsRead ?? 0);
  }

  /** Vectors committed during a bulk load and not yet in their graph (0 outside a load). */
  get deferredVectors(): number {
    return this.vectors?.deferredVectors ?? 0;
  }

  // ---- the backend (store-base.ts) ---------------------------------------------------------

  protected checkOpen(): void {
    this.requireOpen();
  }

  protected async ready(): Promise<void> {}

  protected async execute(batch: PlannedBatch, queryVectors: Map<string, Float32Array>): Promise<unknown[]> {
    // Keyword bodies are built slice by slice; only the transaction itself runs at one go.
    await this.prepareKeywordBodies(batch.writes);
    // From here on everything is synchronous: reads see the store as it was before this batch
    // (as in InMemoryStore), then the writes commit in one transaction.
    this.requireOpen();
    const results = batch.operations.map((p) => {
      switch (p.kind) {
        case "get":
          return this.getItem(p);
        case "search":
          return this.searchItems(p.search, p.search.query ? queryVectors.get(p.search.query) : undefined);
        case "list":
          return this.listNamespacesOp(p.list);
        default:
          return undefined;
      }
    });
    if (batch.writes.length) await this.core.commitFresh(batch.writes, () => this.commit(batch.writes));
    return results;
  }

  protected keywordHits(search: CheckedQuerySearch): SearchItem[] {
    return this.keywords!.search(search, this.rows);
  }

  /** Both channels read the same committed state; the vector channel uses `efSearchHybrid`. */
  protected hybridHits(search: CheckedQuerySearch, queryVector: Float32Array | undefined): HybridHits {
    const { prefix, query, filter, limit, offset } = search;
    const op: SearchOp = { namespacePrefix: prefix, filter, limit, offset, query };
    return {
      ...(queryVector ? { vector: this.vectorSearch!.search(op, queryVector, this.efSearchHybrid, this.rows) } : {}),
      keyword: this.keywords!.search(search, this.rows),
    };
  }

  protected structureQueries(): StructureQueries {
    this.requireOpen();
    return this.structured!;
  }

  protected async rankWithin(search: SearchWithinQuery): Promise<HybridHits> {
    const queryVector = await this.core.queryVector(search.query);
    this.requireOpen();
    return this.structured!.searchWithin(search, queryVector);
  }

  protected async rankOnDays(search: SearchOnDaysQuery): Promise<{ matched: number; hits: HybridHits }> {
    const queryVector = await this.core.queryVector(search.query);
    this.requireOpen();
    return this.structured!.searchOnDays(search, queryVector);
  }

  /** The namespaces' rows in one transaction, their HNSW graph files with them. */
  protected async deleteRange(range: [string, string]): Promise<Array<{ namespace: string[]; items: number }>> {
    const deleted = await this.exclusive(() => this.writer!.deleteRange(range));
    this.rows.clear();
    const emptied = deleted.map((ns) => ns.id);
    this.keywords!.noteWrites(deleted.reduce((sum, ns) => sum + ns.items, 0));
    this.keywordIndexes!.applyCommitted([], emptied);
    this.facets?.applyCommitted([], emptied);
    for (const nsId of emptied) this.vectors!.dropPartition(nsId);
    return deleted.map((ns) => ({ namespace: decodeNamespace(ns.path), items: ns.items }));
  }

  // ---- what the core asks of SQLite ---------------------------------------------------------

  /**
   * Build, ahead of the transaction, the keyword body of every write whose stored keyword hash
   * differs (a new item or new texts): segmenting is the costly part of a write, and the
   * transaction must not run it. A write whose texts are unchanged (a usage update) is skipped;
   * one changed by another batch meanwhile still builds its body when the writer reads it.
   */
  private async prepareKeywordBodies(writes: PlannedPut[]): Promise<void> {
    const stored = this.stmt("SELECT keyword_hash FROM items WHERE path = ? AND key = ?");
    for (const write of writes) {
      if (write.json === null || write.keywordHash === "") continue;
      const row = stored.get(write.path, write.key) as { keyword_hash: string } | undefined;
      if (row?.keyword_hash !== write.keywordHash) void write.keywordBody;
      await yieldIfDue();
      // A store stopped while the loop was handed back says so, not "database not open".
      this.requireOpen();
    }
  }

  protected async storedTextHashes(writes: PlannedPut[]): Promise<Map<PlannedPut, Map<string, string>>> {
    const stored = this.stmt(
      "SELECT v.field, v.text_hash FROM vectors v JOIN items i ON i.id = v.item_id WHERE i.path = ? AND i.key = ?",
    );
    const out = new Map<PlannedPut, Map<string, string>>();
    for (const write of writes) {
      const rows = stored.all(write.path, write.key) as Array<{ field: string; text_hash: string }>;
      if (rows.length) out.set(write, new Map(rows.map((r) => [r.field, r.text_hash])));
      await yieldIfDue();
      this.requireOpen();
    }
    return out;
  }

  // ---- reads -------------------------------------------------------------------------------

  private getItem(op: GetOp): Item | null {
    const row = this.stmt(
      "SELECT id, path, key, value, created_at, updated_at FROM items WHERE path = ? AND key = ?",
    ).get(op.path, op.key) as ItemRow | undefined;
    return row ? toItem(row) : null;
  }

  /** Served by `items_by_path_time` (path, updated_at): reads only the rows written since. */
  protected async changedItems(path: string, sinceMs: number, limit: number): Promise<Item[]> {
    const rows = this.stmt(
      "SELECT id, path, key, value, created_at, updated_at FROM items WHERE path = ? AND updated_at >= ? ORDER BY updated_at, id LIMIT ?",
    ).all(path, sinceMs, limit) as ItemRow[];
    return rows.map((row) => toItem(row));
  }

  /** search() and the vector channel of hybridSearch() (kept as a method: bench:recall --profile times it). */
  private searchItems(op: SearchOp, queryVector: Float32Array | undefined, efSearch?: number): SearchItem[] {
    return this.vectorSearch!.search(op, queryVector, efSearch);
  }

  private listNamespacesOp(op: ListNamespacesOperation): string[][] {
    const rows = this.stmt("SELECT path FROM namespaces WHERE item_count > 0 ORDER BY path").all() as Array<{
      path: string;
    }>;
    return listNamespacesOf(
      rows.map((r) => r.path),
      op,
    );
  }

  // ---- writes ------------------------------------------------------------------------------

  /** One write on `db` at a time, in call order; a failed one does not hold up the next. */
  private exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    const run = this.writing.then(() => {
      this.requireOpen();
      return work();
    });
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async commit(writes: PlannedPut[]): Promise<void> {
    await this.exclusive(() => this.commitNow(writes));
  }

  private async commitNow(writes: PlannedPut[]): Promise<void> {
    const result = await this.writer!.commit(writes, Date.now()).catch((error: unknown) => {
      // Closed while the transaction was open: SQLite rolled it back with the connection.
      if (!this.db) throw new StoreClosedError();
      throw error;
    });
    this.rows.forgetKeys(writes);
    this.keywords!.noteWrites(writes.length);
    this.keywordIndexes!.applyCommitted(result.keywordChanges, result.emptied);
    this.facets?.applyCommitted(result.items, result.emptied, result.changes);
    for (const nsId of result.emptied) this.vectors!.dropPartition(nsId);
    this.vectors!.applyCommitted(result.changes, result.partitions);
  }

  // ---- lifecycle ---------------------------------------------------------------------------

  private open(): void {
    fs.mkdirSync(this.dir, { recursive: true });
    acquireLock(this.dir);
    try {
      const db = openDatabase(path.join(this.dir, "store.sqlite"), {
        synchronous: this.options.synchronous ?? "normal",
      });
      const dims = this.options.index?.dims;
      const stored = getMeta(db, "dims");
      const hasVectors =
        (db.prepare("SELECT EXISTS (SELECT 1 FROM vectors) AS any").get() as { any: number }).any === 1;
      if (dims !== undefined && stored !== undefined && Number(stored) !== dims && hasVectors) {
        db.close();
        throw new InvalidConfigError(
          `Store ${this.dir} holds ${stored}-dimensional vectors; index.dims is ${dims}. Use the same embeddings or a new directory.`,
        );
      }
      if (dims !== undefined) setMeta(db, "dims", String(dims));
      const hnsw = this.options.hnsw ?? {};
      this.db = db;
      const readDb = openReader(path.join(this.dir, "store.sqlite"));
      this.readDb = readDb;
      this.checkpointer = new WalCheckpointer(path.join(this.dir, "store.sqlite"));
      this.writer = new SqliteWriter(db);
      this.vectors = new VectorIndex(readDb, this.dir, {
        dims: dims ?? 1,
        hnswThreshold: hnsw.threshold ?? HNSW_DEFAULTS.threshold,
        m: hnsw.m ?? HNSW_DEFAULTS.m,
        efConstruction: hnsw.efConstruction ?? HNSW_DEFAULTS.efConstruction,
        efSearch: hnsw.efSearch ?? HNSW_DEFAULTS.efSearch,
        cacheFloats: 32 * 1024 * 1024,
      });
      this.efSearchHybrid = hnsw.efSearchHybrid ?? HNSW_DEFAULTS.efSearchHybrid;
      const bodies = readDb.prepare("SELECT i.id, f.body FROM items i JOIN fts f ON f.rowid = i.id WHERE i.ns_id = ?");
      const nsPath = readDb.prepare("SELECT path FROM namespaces WHERE id = ?");
      this.keywordIndexes = new KeywordIndexCache((nsId) => ({
        // An FTS row holds one scope token per namespace label (see scopeTokens).
        lengthOffset: decodeNamespace((nsPath.get(nsId) as { path: string }).path).length,
        rows: bodies.iterate(nsId) as Iterable<{ id: number; body: string }>,
      }));
      const facetRows = readDb.prepare(
        `SELECT id, json_type(value, '$."' || ? || '"') AS type, json_extract(value, '$."' || ? || '"') AS value
         FROM items WHERE ns_id = ?`,
      );
      const vectorLinks = readDb.prepare("SELECT id AS vid, item_id AS item FROM vectors WHERE ns_id = ?");
      this.facets =
        this.options.facets === false
          ? undefined
          : new ItemFacets(
              (nsId, field) =>
                facetRows.iterate(field, field, nsId) as Iterable<{ id: number; type: string | null; value: unknown }>,
              (nsId) => vectorLinks.iterate(nsId) as Iterable<{ vid: number; item: number }>,
            );
      this.keywords = new KeywordSearch((sql) => this.stmt(sql), this.keywordIndexes, this.facets);
      this.vectorSearch = new VectorSearch((sql) => this.stmt(sql), this.vectors, this.facets);
      this.structured = new SqliteStructureQueries((sql) => this.stmt(sql), this.keywordIndexes);
    } catch (error) {
      this.checkpointer?.close();
      this.checkpointer = undefined;
      this.readDb?.close();
      this.readDb = undefined;
      this.db?.close();
      this.db = undefined;
      releaseLock(this.dir);
      throw error;
    }
    const interval = this.options.flushIntervalMs ?? HNSW_DEFAULTS.flushIntervalMs;
    if (interval > 0) {
      this.flushTimer = setInterval(() => this.db && this.vectors!.flush(), interval);
      this.flushTimer.unref();
    }
  }

  /** Prepared statements are cached per open database (preparing costs more than most reads). */
  private stmt(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      this.requireOpen();
      statement = this.readDb!.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private requireOpen(): Db {
    if (!this.db) throw new StoreClosedError();
    return this.db;
  }
}
