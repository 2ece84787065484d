/**
 * The long-term store on PostgreSQL + pgvector, for when one process and one disk are not
 * enough: many agent workers on many machines share one database, and the graphs do not change
 * (they see a `BaseStore` with the same keyword and hybrid channels as HNSWStore).
 *
 * Why not LangGraph's own `PostgresStore` (@langchain/langgraph-checkpoint-postgres): its
 * keyword search is PostgreSQL's text parser, which reads a run of Chinese characters as one
 * word ("用户不吃香菜" never matches "香菜"), and it has no keyword channel to fuse with vectors,
 * no prefix delete, and puts whole values through its own JSON path filters. Here text is
 * segmented in Node by the project's tokenizer (Intl.Segmenter), the terms are stored as a
 * `tsvector` of the `simple` configuration (no server extension beyond pgvector), and
 * namespaces are encoded as in HNSWStore (`a:b:`), so a prefix is a range on a `COLLATE "C"`
 * btree and matches label by label.
 *
 * Tables live in their own schema (`langgraph_memory` by default); `migrate()` creates or
 * upgrades them idempotently and records the version in `meta`. Vectors: one row per indexed
 * field, an HNSW index with `vector_cosine_ops`; search scores are cosine similarity, as in
 * HNSWStore. Keyword scores are `ts_rank` (not BM25): recall fuses the channels by rank.
 * @example
 * import { HashEmbeddings } from "../text/embeddings.js";
 * const store = new PostgresStore({
 *   connectionString: process.env.DATABASE_URL!,
 *   index: { dims: 256, embeddings: new HashEmbeddings({ dims: 256 }), fields: ["content"] },
 * });
 * await store.put(["memory", "u1"], "m1", { content: "The user prefers short replies" });
 * const hits = await store.search(["memory", "u1"], { query: "reply style", limit: 3 });
 * await store.end();
 */
import type { Item, SearchItem } from "@langchain/langgraph-checkpoint";
import pg from "pg";
import { z } from "zod";
import { InvalidConfigError, InvalidOperationError, ScopeBusyError, zodProblem } from "../errors.js";
import {
  type HybridHits,
  MAX_STRUCTURED_ROWS,
  type ScopeLocking,
  type StoreIndexConfig,
  type StructureOf,
} from "./contract.js";
import type { PlannedBatch, PlannedPut } from "./core.js";
import { encodeNamespace } from "./namespace.js";
import {
  type CheckedQuerySearch,
  indexConfigSchema,
  type SearchOnDaysQuery,
  type SearchWithinQuery,
} from "./operations.js";
import { POSTGRES_DEFAULTS } from "./postgres-defaults.js";
import {
  type PostgresItemRow,
  type PostgresTables,
  postgresTables,
  type Queryable,
  scopeOf,
  toItem,
} from "./postgres-rows.js";
import { bulkLoadSettings, bulkLoadWithoutIndex, migrateSchema } from "./postgres-schema.js";
import { PostgresSearch } from "./postgres-search.js";
import { PostgresStructureQueries } from "./postgres-structure-queries.js";
import { deleteRange, storedTextHashes, writeItems } from "./postgres-writes.js";
import { type CheckedLookup, StoreBase, type StructureQueries } from "./store-base.js";

export { POSTGRES_DEFAULTS, POSTGRES_SCHEMA_VERSION } from "./postgres-defaults.js";

/** PostgresStore's vector index (contract.ts StoreIndexConfig). */
export interface PostgresStoreIndexConfig extends StoreIndexConfig {}

/**
 * A `pg.Pool`, as the options name it: typed structurally so the package's declarations do not
 * need `@types/pg` in a consumer's project.
 */
export interface PgPoolLike {
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}

export interface PostgresStoreOptions {
  /** `postgres://user@host:port/db`; or pass `pool`. */
  connectionString?: string;
  /** An existing `pg.Pool` (the store does not end it). */
  pool?: PgPoolLike;
  /** The schema holding the store's tables. @default "langgraph_memory" */
  schema?: string;
  index?: PostgresStoreIndexConfig;
  /** Largest JSON value accepted, in bytes. @default 524288 */
  maxValueBytes?: number;
  /** Pool size when the store makes its pool. @default 10 */
  poolMax?: number;
  /** pgvector HNSW parameters (index build) and `hnsw.ef_search`. */
  hnsw?: { m?: number; efConstruction?: number; efSearch?: number };
  /**
   * How long a commit waits for its user's scope lock, held by another process, before it
   * fails with `ScopeBusyError` (nothing written): a stuck holder never stalls the user's
   * writes for good. @default 30000
   */
  lockTimeoutMs?: number;
  /**
   * Derive each put value's structured rows (days, facts) into `item_days` and `facts`, which
   * the StructuredSearchable queries read (src/store/item-structure.ts). `createMemory` passes the
   * memory record's (src/facts/structure.ts). Without it no rows are kept.
   */
  structure?: StructureOf;
  /**
   * PostgreSQL's JIT compilation for the store's own connections (its pool, scope locks and
   * bulk loads; a `pool` passed in keeps its own settings, and an `options` parameter in the
   * connection string wins). Off by default: the server compiles a statement whose estimated
   * cost passes `jit_above_cost`, which the hybrid statement of a large scope does (its HNSW
   * scan is costed as a sort of the whole table), and compiling costs about a fifth of a second
   * per statement to save well under a millisecond of execution. The store's statements are
   * index reads of a few hundred rows; none gains from compilation. @default false
   */
  jit?: boolean;
}

const OptionsSchema = z
  .object({
    connectionString: z.string().min(1).optional(),
    pool: z.custom<PgPoolLike>((p) => typeof (p as PgPoolLike)?.connect === "function", "must be a pg.Pool").optional(),
    schema: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/u, "lower-case letters, digits and _ (a PostgreSQL identifier)")
      .optional(),
    // pgvector's vector type holds up to 16,000 dimensions.
    index: indexConfigSchema(16000).optional(),
    maxValueBytes: z.number().int().positive().optional(),
    poolMax: z.number().int().min(1).max(1000).optional(),
    hnsw: z
      .object({
        m: z.number().int().min(2).max(100).optional(),
        efConstruction: z.number().int().min(4).max(1000).optional(),
        efSearch: z.number().int().min(1).max(1000).optional(),
      })
      .optional(),
    structure: z.custom<StructureOf>((f) => typeof f === "function", "must be a function").optional(),
    lockTimeoutMs: z.number().int().min(1).max(3_600_000).optional(),
    jit: z.boolean().optional(),
  })
  .refine((o) => (o.connectionString === undefined) !== (o.pool === undefined), {
    message: "pass exactly one of connectionString and pool",
  });

type Parsed = z.infer<typeof OptionsSchema>;

export class PostgresStore extends StoreBase implements ScopeLocking {
  readonly schema: string;
  private readonly options: Parsed;
  private readonly names: PostgresTables;
  private readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  /**
   * Connections that hold scope locks, apart from `pool`: a task holding a lock needs pool
   * connections for its batches, so sharing one pool could leave every connection holding a
   * lock while its task waits for a connection.
   */
  private lockPool?: pg.Pool;
  private migrated?: Promise<void>;
  private ended = false;
  private readonly reads: PostgresSearch;
  private readonly structured: PostgresStructureQueries;

  constructor(options: PostgresStoreOptions) {
    const parsed = OptionsSchema.safeParse(options);
    if (!parsed.success) {
      const { field, text } = zodProblem(parsed.error, "(options)");
      throw new InvalidConfigError(`Invalid PostgresStore options: ${text}.`, { field });
    }
    // PostgreSQL text cannot hold NUL; a value holding one is refused whole, not altered.
    super({ ...parsed.data, nulAllowed: false });
    this.options = parsed.data;
    this.schema = parsed.data.schema ?? POSTGRES_DEFAULTS.schema;
    this.names = postgresTables(this.schema);
    this.ownsPool = !parsed.data.pool;
    this.pool =
      (parsed.data.pool as pg.Pool | undefined) ??
      new pg.Pool({
        ...this.connectionConfig(),
        max: parsed.data.poolMax ?? POSTGRES_DEFAULTS.poolMax,
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: 10_000,
      });
    this.reads = new PostgresSearch({
      tables: this.names,
      pool: this.pool,
      efSearch: parsed.data.hnsw?.efSearch ?? POSTGRES_DEFAULTS.efSearch,
      fieldsPerItem: this.core.fields.length,
    });
    this.structured = new PostgresStructureQueries({
      query: async <R>(sql: string, params: unknown[]) =>
        (await this.pool.query(sql, params)) as unknown as { rows: R[] },
      tables: this.names,
    });
  }

  /**
   * Create or upgrade the schema (idempotent; concurrent callers serialise on an advisory lock).
   * Every operation runs it once first; call it to migrate ahead of traffic.
   */
  migrate(): Promise<void> {
    this.migrated ??= this.transaction((db) =>
      migrateSchema(db, this.names, this.options.index?.dims, this.options.hnsw),
    ).catch((error) => {
      this.migrated = undefined;
      throw error;
    });
    return this.migrated;
  }

  /** Close the pool (when the store made it) and the scope-lock connections. */
  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.lockPool?.end();
    if (this.ownsPool) await this.pool.end();
  }

  /**
   * Run `task` holding the scope's advisory lock (session-level, on a connection of its own):
   * the commits of one user's memory run one at a time across every process on this database
   * (ScopeLocking). The lock goes with the connection if the process dies. A commit waiting for
   * a lock another session holds tries again with backoff and holds no connection meanwhile, so
   * commits of other users are not queued behind it; after `lockTimeoutMs` it fails with
   * `ScopeBusyError`, the task never run.
   */
  async withScopeLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (this.ended) throw new InvalidOperationError("The PostgresStore has been ended.");
    const waitMs = this.options.lockTimeoutMs ?? POSTGRES_DEFAULTS.lockTimeoutMs;
    this.lockPool ??= new pg.Pool({
      ...this.connectionConfig(),
      max: this.options.poolMax ?? POSTGRES_DEFAULTS.poolMax,
      idleTimeoutMillis: 30_000,
      // Every lock connection busy with a commit: wait no longer than for the lock itself.
      connectionTimeoutMillis: waitMs,
    });
    const lockKey = `langgraph-memory:${this.schema}:${key}`;
    const deadline = Date.now() + waitMs;
    for (let pause = 5; ; pause = Math.min(100, pause * 2)) {
      const client = await this.lockPool.connect().catch((error: unknown) => {
        if (Date.now() >= deadline) throw new ScopeBusyError(key, waitMs);
        throw error;
      });
      let locked = false;
      let broken = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          "SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked",
          [lockKey],
        );
        locked = rows[0]?.locked === true;
        if (locked)
          try {
            return await task();
          } finally {
            await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [lockKey]).catch(() => {
              broken = true;
            });
          }
      } finally {
        // A connection whose unlock failed is discarded, so no lock outlives its task.
        client.release(broken);
      }
      if (Date.now() + pause > deadline) throw new ScopeBusyError(key, waitMs);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** How this store connects, for the connections it opens beside its pool (locks, bulk loads). */
  private connectionConfig(): pg.ClientConfig {
    if (!this.options.connectionString)
      return { ...((this.pool as unknown as { options: pg.ClientConfig }).options ?? {}) };
    return {
      connectionString: this.options.connectionString,
      ...(this.options.jit ? {} : { options: "-c jit=off" }),
    };
  }

  override stop(): void {
    void this.end();
  }

  /**
   * An initial load of many memories (a new deployment importing its users): run `work` with the
   * HNSW index dropped, then build it once over the loaded rows. pgvector's advice for bulk
   * loads: one build over the rows is many times faster than growing the graph row by row
   * (1M memories: minutes instead of hours). While `work` runs, vector searches of this schema
   * are exact scans, in every process: meant before serving, not under traffic. The index is
   * rebuilt even when `work` throws. `maintenanceWorkMem` (PostgreSQL's `maintenance_work_mem`,
   * e.g. "4GB") should hold the whole graph, or pgvector falls back to a slow on-disk build;
   * `parallelWorkers` sets `max_parallel_maintenance_workers`.
   */
  async bulkLoad<T>(
    work: () => Promise<T>,
    options: { maintenanceWorkMem?: string; parallelWorkers?: number } = {},
  ): Promise<T> {
    const settings = bulkLoadSettings(options);
    if (!this.options.index) return work();
    await this.migrate();
    return bulkLoadWithoutIndex(
      {
        tables: this.names,
        hnsw: this.options.hnsw,
        transaction: (run) => this.transaction(run),
        connectionConfig: this.connectionConfig(),
      },
      work,
      settings,
    );
  }

  private async transaction<T>(work: (db: Queryable) => Promise<T>): Promise<T> {
    if (this.ended) throw new InvalidOperationError("The PostgresStore has been ended.");
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const out = await work(client);
      await client.query("COMMIT");
      return out;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  // ---- the backend (store-base.ts) ---------------------------------------------------------

  protected checkOpen(): void {
    if (this.ended) throw new InvalidOperationError("The PostgresStore has been ended.");
  }

  protected ready(): Promise<void> {
    return this.migrate();
  }

  protected storedTextHashes(writes: PlannedPut[]): Promise<Map<PlannedPut, Map<string, string>>> {
    return storedTextHashes(this.pool, this.names, writes);
  }

  /**
   * Reads and writes in one transaction; a stale kept vector runs it again, every text embedded.
   * The batch's gets are one statement; a batch without writes needs no transaction (each
   * statement reads a snapshot of its own, as every statement of a READ COMMITTED transaction does).
   */
  protected execute(batch: PlannedBatch, queryVectors: Map<string, Float32Array>): Promise<unknown[]> {
    if (batch.writes.length === 0) {
      this.checkOpen();
      return this.readAll(this.pool, batch, queryVectors);
    }
    const run = () =>
      this.transaction(async (db) => {
        // Reads see the store as it was before this batch's writes, as in HNSWStore.
        const results = await this.readAll(db, batch, queryVectors);
        await writeItems(db, this.names, batch.writes, {
          structure: !!this.options.structure,
          index: !!this.options.index,
        });
        return results;
      });
    return this.core.commitFresh(batch.writes, run);
  }

  /** A batch's reads, in operation order (undefined for a write). */
  private async readAll(
    db: Queryable,
    batch: PlannedBatch,
    queryVectors: Map<string, Float32Array>,
  ): Promise<unknown[]> {
    const gets = batch.operations.flatMap((p) => (p.kind === "get" ? [{ ns: p.path, key: p.key }] : []));
    const items = await this.reads.getItems(db, gets);
    const searches = batch.operations.flatMap((p) =>
      p.kind === "search"
        ? [{ op: p.search, query: p.search.query ? queryVectors.get(p.search.query) : undefined }]
        : [],
    );
    const found = await this.reads.searchMany(db, searches);
    const results: unknown[] = [];
    let [got, searched] = [0, 0];
    for (const p of batch.operations) {
      if (p.kind === "get") results.push(items[got++]);
      else if (p.kind === "search") results.push(found[searched++]);
      else if (p.kind === "list") results.push(await this.reads.listNamespaces(db, p.list));
      else results.push(undefined);
    }
    return results;
  }

  protected keywordHits(search: CheckedQuerySearch): Promise<SearchItem[]> {
    return this.reads.keywordSearch(search);
  }

  /** Both channels in one statement (postgres-search.ts); the keyword channel alone without an index. */
  protected async hybridHits(search: CheckedQuerySearch, queryVector: Float32Array | undefined): Promise<HybridHits> {
    this.checkOpen();
    if (queryVector) return this.reads.hybridSearch(search, queryVector);
    return { keyword: await this.reads.keywordSearch(search) };
  }

  /** A round of a recall plan in one statement (postgres-search.ts lookupMany). */
  protected override lookupRound(
    lookups: CheckedLookup[],
    queryVectors: Map<string, Float32Array>,
  ): Promise<HybridHits[]> {
    return this.reads.lookupMany(
      lookups.map(({ search, hybrid, probe }) => ({
        search,
        vector: hybrid ? queryVectors.get(search.query) : undefined,
        probe,
      })),
    );
  }

  protected structureQueries(): StructureQueries {
    return this.structured;
  }

  protected rankWithin(search: SearchWithinQuery): Promise<HybridHits> {
    const refs = search.items
      .slice(0, MAX_STRUCTURED_ROWS)
      .map((item) => ({ ns: encodeNamespace(item.namespace), key: item.key }));
    return this.reads.rankWithin(refs, search.query, this.embedQuery(search.query), search.filter, search.limit);
  }

  protected async rankOnDays(search: SearchOnDaysQuery): Promise<{ matched: number; hits: HybridHits }> {
    const { namespaces, days, query, filter, limit } = search;
    // The days' items and the ranking inside them in one statement.
    const params: unknown[] = [];
    const members = this.structured.itemsOnDaysSql(
      { prefix: [], days, limit: MAX_STRUCTURED_ROWS, namespaces },
      params,
    );
    const embed = this.embedQuery(query);
    if (!members || limit === 0) {
      const matched = members
        ? (await this.structured.itemsOnDays({ prefix: [], days, limit: MAX_STRUCTURED_ROWS, namespaces })).length
        : 0;
      return { matched, hits: { ...(embed ? { vector: [] } : {}), keyword: [] } };
    }
    return this.reads.rankAmong(members, params, query, embed, filter, limit);
  }

  /** The query's vector, embedded when first asked for (cached by the core); undefined without an index. */
  private embedQuery(query: string): (() => Promise<Float32Array>) | undefined {
    return this.options.index ? async () => (await this.core.queryVector(query))! : undefined;
  }

  /** Served by `items_changed` (scope, ns, updated_at): reads only the rows written since. */
  protected async changedItems(path: string, sinceMs: number, limit: number): Promise<Item[]> {
    const { rows } = await this.pool.query<PostgresItemRow>(
      `SELECT ns, key, value, created_at, updated_at FROM ${this.names.of("items")}
       WHERE scope = $1 AND ns = $2 AND updated_at >= $3 ORDER BY updated_at, key LIMIT $4`,
      [scopeOf(path), path, new Date(sinceMs), limit],
    );
    return rows.map((row) => toItem(row));
  }

  protected deleteRange(range: [string, string]): Promise<Array<{ namespace: string[]; items: number }>> {
    return this.transaction((db) => deleteRange(db, this.names, range));
  }

  /** Every table this store owns, schema-qualified (forget-me checks read them all). */
  tables(): string[] {
    return ["meta", "namespaces", "items", "vectors", "item_days", "facts"].map((t) => this.names.of(t));
  }
}
