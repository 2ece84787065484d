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
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type {
  Item,
  ListNamespacesOperation,
  Operation,
  OperationResults,
  PutOperation,
  SearchItem,
} from "@langchain/langgraph-checkpoint";
import { BaseStore } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import {
  InvalidConfigError,
  InvalidOperationError,
  StoreClosedError,
  StoreLockedError,
  zodProblem,
} from "../errors.js";
import { yieldIfDue } from "../yield.js";
import { textsAtPaths } from "./fields.js";
import { validateFilter } from "./filter.js";
import { HNSW_DEFAULTS } from "./hnsw-defaults.js";
import { keywordBody } from "./keyword.js";
import { KeywordIndexCache } from "./keyword-index.js";
import { KeywordSearch } from "./keyword-search.js";
import { acquireLock, releaseLock } from "./lock.js";
import {
  decodeNamespace,
  encodeNamespace,
  matchesConditions,
  prefixRange,
  validateNamespaceLabels,
} from "./namespace.js";
import { checkOperation, hashText, indexConfigSchema, pageOf } from "./operations.js";
import { type ItemRow, toItem } from "./rows.js";
import { type Db, getMeta, openDatabase, openReader, type Statement, setMeta } from "./sqlite.js";
import {
  checkFactPaths,
  checkFactsAbout,
  checkItemsOnDays,
  type DayCondition,
  type FactHit,
  type ItemRef,
  type StructuredSearchable,
  type StructureOf,
  validateDays,
  validateNamespaces,
} from "./structured.js";
import { boundedStructure, StructuredQueries } from "./structured-queries.js";
import type { HybridHits, HybridSearchable, KeywordSearchOptions } from "./types.js";
import { DEFAULT_MAX_VALUE_BYTES, serializeValue } from "./values.js";
import { VectorIndex } from "./vector-index.js";
import { type SearchOp, VectorSearch } from "./vector-search.js";
import { toUnitVector } from "./vectors.js";
import { WalCheckpointer } from "./wal-checkpointer.js";
import { type PreparedWrite, StaleVectorsError, StoreWriter } from "./writer.js";

export interface HNSWStoreIndexConfig {
  /** Dimensions of the embeddings; checked on every vector and against the directory's data. */
  dims: number;
  /** Any LangChain embeddings (the offline default is `HashEmbeddings`). */
  embeddings: EmbeddingsInterface;
  /**
   * Paths of the value to embed and keyword-index, InMemoryStore syntax.
   * @default ["$"] (the whole value as JSON)
   * @example ["content", "retrievalHints", "terms[*]"]
   */
  fields?: string[];
  /**
   * Paths (of `fields` or of a put's `index`) whose texts are keyword-indexed but never embedded:
   * exact terms that mean nothing to a vector (the day terms `date_20240506` of an episode).
   * Every embedded text is one more HNSW insert, the dearest part of a write.
   * @default []
   */
  keywordOnly?: string[];
}

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
   * relational tables that {@link StructuredSearchable} queries; see src/store/structured.ts.
   * `createMemory` passes the memory record's (src/facts/structure.ts). Without it no rows are kept.
   */
  structure?: StructureOf;
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
});

// Query embeddings kept: a recall embeds one query for several namespaces (records, knowledge).
const QUERY_CACHE_SIZE = 64;

type PlannedWrite = PreparedWrite & { texts: Array<{ field: string; text: string; textHash: string }> };
type GetOp = { namespace: string[]; key: string };

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
export class HNSWStore extends BaseStore implements HybridSearchable, StructuredSearchable {
  readonly dir: string;
  private readonly options: z.infer<typeof OptionsSchema>;
  private readonly fields: string[];
  private readonly maxValueBytes: number;
  private db?: Db;
  /**
   * A second connection for every read: it sees what is committed, so a write transaction that
   * hands the event loop back between slices is seen whole or not at all.
   */
  private readDb?: Db;
  /** The commit in flight, if any: commits (and deletions) on `db` run one at a time. */
  private writing: Promise<unknown> = Promise.resolve();
  private writer?: StoreWriter;
  private checkpointer?: WalCheckpointer;
  private vectors?: VectorIndex;
  private flushTimer?: NodeJS.Timeout;
  private keywords?: KeywordSearch;
  private vectorSearch?: VectorSearch;
  private structured?: StructuredQueries;
  private efSearchHybrid: number = HNSW_DEFAULTS.efSearchHybrid;
  private keywordIndexes?: KeywordIndexCache;
  private readonly statements = new Map<string, Statement>();
  /** Recent query embeddings: one recall asks the same query of several namespaces. */
  private readonly queryVectors = new Map<string, Promise<Float32Array>>();

  constructor(options: HNSWStoreOptions) {
    super();
    const parsed = OptionsSchema.safeParse(options);
    if (!parsed.success) {
      const { field, text } = zodProblem(parsed.error, "(options)");
      throw new InvalidConfigError(`Invalid HNSWStore options: ${text}.`, { field });
    }
    this.options = parsed.data;
    this.dir = path.resolve(parsed.data.dir);
    this.fields = parsed.data.index?.fields ?? ["$"];
    this.maxValueBytes = parsed.data.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
    this.open();
  }

  /** The vector index configuration, as InMemoryStore exposes it. */
  get indexConfig(): HNSWStoreIndexConfig | undefined {
    return this.options.index;
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
    this.readDb?.close();
    this.readDb = undefined;
    this.db.close();
    this.vectors!.close();
    this.db = undefined;
    this.writer = undefined;
    this.vectors = undefined;
    this.keywords = undefined;
    this.keywordIndexes = undefined;
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
   * Delete every namespace under `namespacePrefix` (matched label by label) with all its items,
   * vectors, keyword rows and HNSW graph file, in one transaction: what forgetting a user needs,
   * without listing their items first. Returns what went, per namespace.
   * @throws {InvalidOperationError} for the empty prefix (it would delete the whole store).
   * @example
   * declare const store: HNSWStore;
   * await store.deletePrefix(["memory", "acme", "u1"]); // [{ namespace: [..., "records"], items: 12 }, ...]
   */
  async deletePrefix(namespacePrefix: string[]): Promise<Array<{ namespace: string[]; items: number }>> {
    this.requireOpen();
    const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
    const range = prefixRange(prefix);
    if (!range) throw new InvalidOperationError("deletePrefix() needs a non-empty namespace prefix.");
    const deleted = await this.exclusive(() => this.writer!.deleteRange(range));
    const emptied = deleted.map((ns) => ns.id);
    this.keywords!.noteWrites(deleted.reduce((sum, ns) => sum + ns.items, 0));
    this.keywordIndexes!.applyCommitted([], emptied);
    for (const nsId of emptied) this.vectors!.dropPartition(nsId);
    return deleted.map((ns) => ({ namespace: decodeNamespace(ns.path), items: ns.items }));
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

  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    this.requireOpen();
    if (!Array.isArray(operations)) throw new InvalidOperationError("batch() expects an array of operations.");
    // Validate everything before doing anything: one bad operation leaves the store untouched.
    // Planning, embedding and keyword bodies hand the event loop back between slices; only the
    // transaction itself runs at one go.
    const planned: Array<ReturnType<HNSWStore["plan"]>> = [];
    for (const [i, op] of operations.entries()) {
      planned.push(this.plan(op, i));
      await yieldIfDue();
    }
    const writes = planned.filter((p): p is Extract<typeof p, { kind: "put" }> => p.kind === "put").map((p) => p.write);
    const queries = [
      ...new Set(planned.flatMap((p) => (p.kind === "search" && p.op.query && this.options.index ? [p.op.query] : []))),
    ];
    const [queryVectors] = await Promise.all([this.embedQueries(queries), this.embedWrites(writes)]);
    await this.prepareKeywordBodies(writes);
    // From here on everything is synchronous: reads see the store as it was before this batch
    // (as in InMemoryStore), then the writes commit in one transaction.
    this.requireOpen();
    const results = planned.map((p) => {
      switch (p.kind) {
        case "get":
          return this.getItem(p.op);
        case "search":
          return this.searchItems(p.op, p.op.query ? queryVectors.get(p.op.query) : undefined);
        case "list":
          return this.listNamespacesOp(p.op);
        default:
          return undefined;
      }
    });
    if (writes.length) {
      try {
        await this.commit(writes);
      } catch (error) {
        if (!(error instanceof StaleVectorsError)) throw error;
        // A concurrent batch changed an item whose vectors this one meant to keep: embed, retry.
        await this.embedWrites(writes, false);
        this.requireOpen();
        await this.commit(writes);
      }
    }
    return results as OperationResults<Op>;
  }

  async keywordSearch(
    namespacePrefix: string[],
    query: string,
    options: KeywordSearchOptions = {},
  ): Promise<SearchItem[]> {
    this.requireOpen();
    const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
    if (typeof query !== "string")
      throw new InvalidOperationError(`keywordSearch expects a string query, received ${typeof query}.`);
    const filter = validateFilter(options.filter);
    const { limit, offset } = pageOf(options.limit ?? 10, options.offset ?? 0);
    return this.keywords!.search({ prefix, query, filter, limit, offset });
  }

  /**
   * Vector and keyword search for one query in one call: the query is embedded once (and
   * cached), both channels read the same committed state, and the vector channel uses
   * `efSearchHybrid`. Each list holds up to `limit` items passing the filter, ranked as
   * `search()` and `keywordSearch()` rank them; `vector` is undefined without an index.
   */
  async hybridSearch(
    namespacePrefix: string[],
    query: string,
    options: KeywordSearchOptions = {},
  ): Promise<HybridHits> {
    this.requireOpen();
    const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
    if (typeof query !== "string")
      throw new InvalidOperationError(`hybridSearch expects a string query, received ${typeof query}.`);
    const filter = validateFilter(options.filter);
    const { limit, offset } = pageOf(options.limit ?? 10, options.offset ?? 0);
    const queryVector = this.options.index ? (await this.embedQueries([query])).get(query) : undefined;
    this.requireOpen();
    const op: SearchOp = { namespacePrefix: prefix, filter, limit, offset, query };
    return {
      ...(queryVector ? { vector: this.searchItems(op, queryVector, this.efSearchHybrid) } : {}),
      keyword: this.keywords!.search({ prefix, query, filter, limit, offset }),
    };
  }

  // ---- structured queries (src/store/structured.ts) -----------------------------------------

  async itemsOnDays(
    namespacePrefix: string[],
    days: DayCondition,
    options: { limit: number; namespaces?: string[][] },
  ): Promise<ItemRef[]> {
    this.requireOpen();
    return this.structured!.itemsOnDays(...checkItemsOnDays(namespacePrefix, days, options));
  }

  async factsAbout(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicate?: string; namespaces?: string[][] },
  ): Promise<FactHit[]> {
    this.requireOpen();
    return this.structured!.factsAbout(...checkFactsAbout(namespacePrefix, entityKeys, options));
  }

  async factPaths(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicates?: string[]; namespaces?: string[][] },
  ): Promise<Array<{ first: FactHit; second: FactHit }>> {
    this.requireOpen();
    return this.structured!.factPaths(...checkFactPaths(namespacePrefix, entityKeys, options));
  }

  async searchWithin(
    items: ItemRef[],
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<HybridHits> {
    this.requireOpen();
    if (typeof query !== "string")
      throw new InvalidOperationError(`searchWithin expects a string query, received ${typeof query}.`);
    if (!Array.isArray(items)) throw new InvalidOperationError("searchWithin expects an array of { namespace, key }.");
    for (const item of items) validateNamespaceLabels(item?.namespace, "namespace");
    const filter = validateFilter(options.filter);
    const { limit } = pageOf(options.limit, 0);
    const queryVector = this.options.index ? (await this.embedQueries([query])).get(query) : undefined;
    this.requireOpen();
    return this.structured!.searchWithin(items, query, queryVector, filter, limit);
  }

  async searchOnDays(
    namespaces: string[][],
    days: DayCondition,
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<{ matched: number; hits: HybridHits }> {
    this.requireOpen();
    if (typeof query !== "string")
      throw new InvalidOperationError(`searchOnDays expects a string query, received ${typeof query}.`);
    if (!Array.isArray(namespaces)) throw new InvalidOperationError("searchOnDays expects an array of namespaces.");
    const exact = validateNamespaces(namespaces)!;
    const condition = validateDays(days);
    const filter = validateFilter(options.filter);
    const { limit } = pageOf(options.limit, 0);
    const queryVector = this.options.index ? (await this.embedQueries([query])).get(query) : undefined;
    this.requireOpen();
    return this.structured!.searchOnDays(exact, condition, query, queryVector, filter, limit);
  }

  // ---- planning and validation -------------------------------------------------------------

  private plan(op: Operation, i: number) {
    const checked = checkOperation(op, i);
    switch (checked.kind) {
      case "search": {
        const { prefix, filter, limit, offset, query } = checked;
        return { kind: "search" as const, op: { namespacePrefix: prefix, filter, limit, offset, query } };
      }
      case "list":
        return { kind: "list" as const, op: checked.list };
      case "get":
        return { kind: "get" as const, op: { namespace: checked.namespace, key: checked.key } };
      default:
        return { kind: "put" as const, write: this.preparePut(checked.op, checked.namespace) };
    }
  }

  private preparePut(op: PutOperation, namespace: string[]): PlannedWrite {
    const where = `put ${JSON.stringify(namespace)}/${op.key}`;
    const json = op.value === null ? null : serializeValue(op.value, this.maxValueBytes, where);
    const paths = json === null || op.index === false ? [] : (op.index ?? this.fields);
    const keywordOnly = this.options.index?.keywordOnly ?? [];
    const textsOf = (selected: string[]) =>
      textsAtPaths(op.value as Record<string, unknown>, selected).map((t) => ({ ...t, textHash: hashText(t.text) }));
    // Embedded texts (vectors and keyword body) and keyword-only ones (keyword body alone).
    const texts = textsOf(paths.filter((p) => !keywordOnly.includes(p)));
    const termTexts = keywordOnly.length ? textsOf(paths.filter((p) => keywordOnly.includes(p))) : [];
    const keywordTexts = termTexts.length ? [...texts, ...termTexts] : texts;
    // The keyword body (Intl.Segmenter over every text) is only built when the writer rewrites
    // the item's FTS row; a usage-counter update leaves the texts alone and skips it. Its hash
    // comes from the text hashes already computed.
    let body: string | undefined;
    return {
      namespace,
      path: encodeNamespace(namespace),
      key: op.key,
      json,
      vectors: [],
      get keywordBody() {
        body ??= keywordBody(keywordTexts.map((t) => t.text));
        return body;
      },
      keywordHash: keywordTexts.length ? hashText(keywordTexts.map((t) => t.textHash).join("\n")) : "",
      // Ordered by field, as the writer reads them back (ORDER BY field).
      textSignature: this.options.index
        ? [...texts]
            .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))
            .map((t) => `${t.field}=${t.textHash}`)
            .join("\n")
        : "",
      reuseVectors: false,
      texts,
      ...(this.options.structure && json !== null
        ? { structure: boundedStructure(this.options.structure(op.value as Record<string, unknown>)) }
        : {}),
    };
  }

  private async embedQueries(queries: string[]): Promise<Map<string, Float32Array>> {
    const index = this.options.index;
    const out = new Map<string, Float32Array>();
    if (!index || queries.length === 0) return out;
    // Promises are cached, so two searches started together (records and knowledge) share one
    // call. They are collected here too: a batch of more queries than the cache holds evicts
    // its own first ones.
    const pending = queries.map((q) => {
      const cached = this.queryVectors.get(q);
      if (cached) return cached;
      if (this.queryVectors.size >= QUERY_CACHE_SIZE) this.queryVectors.delete(this.queryVectors.keys().next().value!);
      const vector = index.embeddings
        .embedQuery(q)
        .then((v) => toUnitVector(v, index.dims, `query ${JSON.stringify(q.slice(0, 40))}`));
      // A failed embedding is not remembered: the next search tries again.
      vector.catch(() => this.queryVectors.get(q) === vector && this.queryVectors.delete(q));
      this.queryVectors.set(q, vector);
      return vector;
    });
    const vectors = await Promise.all(pending);
    for (const [i, q] of queries.entries()) out.set(q, vectors[i]!);
    return out;
  }

  /**
   * Embed the texts of the writes. A put whose indexed texts are exactly those already stored
   * (a usage-counter update, say) reuses the stored vectors instead: no model call, no HNSW work.
   */
  private async embedWrites(writes: PlannedWrite[], reuse = true): Promise<void> {
    const index = this.options.index;
    if (!index) return;
    const pending: PlannedWrite[] = [];
    for (const write of writes) {
      write.vectors = [];
      write.reuseVectors = false;
      if (write.json === null || write.texts.length === 0) continue;
      if (reuse && this.storedSignature(write) === write.textSignature) write.reuseVectors = true;
      else pending.push(write);
      await yieldIfDue();
    }
    const all = pending.flatMap((w) => w.texts.map((t) => ({ write: w, ...t })));
    if (all.length === 0) return;
    const unique = [...new Set(all.map((t) => t.text))];
    const vectors = await index.embeddings.embedDocuments(unique);
    if (!Array.isArray(vectors) || vectors.length !== unique.length) {
      throw new InvalidOperationError(`Embeddings returned ${vectors?.length} vectors for ${unique.length} texts.`);
    }
    const byText = new Map(
      unique.map((text, i) => [
        text,
        toUnitVector(vectors[i], index.dims, `text ${JSON.stringify(text.slice(0, 40))}`),
      ]),
    );
    for (const t of all) t.write.vectors.push({ field: t.field, vec: byText.get(t.text)!, textHash: t.textHash });
  }

  /**
   * Build, ahead of the transaction, the keyword body of every write whose stored keyword hash
   * differs (a new item or new texts): segmenting is the costly part of a write, and the
   * transaction must not run it. A write whose texts are unchanged (a usage update) is skipped;
   * one changed by another batch meanwhile still builds its body when the writer reads it.
   */
  private async prepareKeywordBodies(writes: PlannedWrite[]): Promise<void> {
    const stored = this.stmt("SELECT keyword_hash FROM items WHERE path = ? AND key = ?");
    for (const write of writes) {
      if (write.json === null || write.keywordHash === "") continue;
      const row = stored.get(write.path, write.key) as { keyword_hash: string } | undefined;
      if (row?.keyword_hash !== write.keywordHash) void write.keywordBody;
      await yieldIfDue();
    }
  }

  private storedSignature(write: PlannedWrite): string | undefined {
    const rows = this.stmt(
      "SELECT v.field, v.text_hash FROM vectors v JOIN items i ON i.id = v.item_id WHERE i.path = ? AND i.key = ? ORDER BY v.field",
    ).all(write.path, write.key) as Array<{ field: string; text_hash: string }>;
    return rows.length ? rows.map((r) => `${r.field}=${r.text_hash}`).join("\n") : undefined;
  }

  // ---- reads -------------------------------------------------------------------------------

  private getItem(op: GetOp): Item | null {
    const row = this.stmt(
      "SELECT id, path, key, value, created_at, updated_at FROM items WHERE path = ? AND key = ?",
    ).get(encodeNamespace(op.namespace), op.key) as ItemRow | undefined;
    return row ? toItem(row) : null;
  }

  /** search() and the vector channel of hybridSearch() (kept as a method: bench:recall --profile times it). */
  private searchItems(op: SearchOp, queryVector: Float32Array | undefined, efSearch?: number): SearchItem[] {
    return this.vectorSearch!.search(op, queryVector, efSearch);
  }

  private listNamespacesOp(op: ListNamespacesOperation): string[][] {
    const rows = this.stmt("SELECT path FROM namespaces WHERE item_count > 0 ORDER BY path").all() as Array<{
      path: string;
    }>;
    let namespaces = rows.map((r) => decodeNamespace(r.path)).filter((ns) => matchesConditions(ns, op.matchConditions));
    if (op.maxDepth !== undefined) {
      const seen = new Map<string, string[]>();
      for (const ns of namespaces) {
        const cut = ns.slice(0, op.maxDepth);
        seen.set(encodeNamespace(cut), cut);
      }
      namespaces = [...seen.values()];
    }
    // Same order as InMemoryStore.
    namespaces.sort((a, b) => a.join(":").localeCompare(b.join(":")));
    const offset = op.offset ?? 0;
    return namespaces.slice(offset, offset + (op.limit ?? namespaces.length));
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

  private async commit(writes: PreparedWrite[]): Promise<void> {
    await this.exclusive(() => this.commitNow(writes));
  }

  private async commitNow(writes: PreparedWrite[]): Promise<void> {
    const result = await this.writer!.commit(writes, Date.now()).catch((error: unknown) => {
      // Closed while the transaction was open: SQLite rolled it back with the connection.
      if (!this.db) throw new StoreClosedError();
      throw error;
    });
    this.keywords!.noteWrites(writes.length);
    this.keywordIndexes!.applyCommitted(result.keywordChanges, result.emptied);
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
      this.writer = new StoreWriter(db);
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
      this.keywords = new KeywordSearch((sql) => this.stmt(sql), this.keywordIndexes);
      this.vectorSearch = new VectorSearch((sql) => this.stmt(sql), this.vectors);
      this.structured = new StructuredQueries((sql) => this.stmt(sql), this.keywordIndexes);
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
