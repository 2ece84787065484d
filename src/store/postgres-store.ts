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
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import {
  BaseStore,
  type Item,
  type ListNamespacesOperation,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchItem,
} from "@langchain/langgraph-checkpoint";
import pg from "pg";
import { z } from "zod";
import {
  InvalidConfigError,
  InvalidOperationError,
  InvalidValueError,
  ScopeBusyError,
  StoreCorruptError,
  zodProblem,
} from "../errors.js";
import { textsAtPaths } from "./fields.js";
import { type Filter, matchesFilter, validateFilter } from "./filter.js";
import { dropUbiquitousTerms, keywordBody, queryTerms } from "./keyword.js";
import {
  decodeNamespace,
  encodeNamespace,
  matchesConditions,
  prefixRange,
  validateNamespaceLabels,
} from "./namespace.js";
import { checkOperation, hashText, indexConfigSchema, pageOf } from "./operations.js";
import { PostgresStructured } from "./postgres-structured.js";
import {
  checkFactPaths,
  checkFactsAbout,
  checkItemsOnDays,
  type DayCondition,
  type FactHit,
  type ItemRef,
  type ItemStructure,
  MAX_STRUCTURED_ROWS,
  monthDayOf,
  type StructuredSearchable,
  type StructureOf,
  validateDays,
  validateNamespaces,
} from "./structured.js";
import { boundedStructure } from "./structured-queries.js";
import type { HybridHits, HybridSearchable, KeywordSearchOptions, ScopeLocking } from "./types.js";
import { DEFAULT_MAX_VALUE_BYTES, serializeValue } from "./values.js";
import { toUnitVector } from "./vectors.js";

/** The schema version `migrate()` brings a database to. */
export const POSTGRES_SCHEMA_VERSION = 1;

/** Tuning defaults of the PostgreSQL store (docs/store.md "Deploying on PostgreSQL"). */
export const POSTGRES_DEFAULTS = Object.freeze({
  schema: "langgraph_memory",
  /** Connections in the pool of one process. */
  poolMax: 10,
  /** HNSW index out-degree (pgvector `m`). */
  m: 16,
  /** HNSW build beam (pgvector `ef_construction`). */
  efConstruction: 64,
  /** HNSW search beam (`hnsw.ef_search`), raised to the candidates a search needs. */
  efSearch: 100,
  /** Longest wait for a scope lock another process holds, in ms. */
  lockTimeoutMs: 30_000,
});

export interface PostgresStoreIndexConfig {
  dims: number;
  embeddings: EmbeddingsInterface;
  /** @default ["$"] */
  fields?: string[];
  /** Paths keyword-indexed but never embedded (as HNSWStore's `keywordOnly`). @default [] */
  keywordOnly?: string[];
}

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
   * the StructuredSearchable queries read (src/store/structured.ts). `createMemory` passes the
   * memory record's (src/facts/structure.ts). Without it no rows are kept.
   */
  structure?: StructureOf;
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
  })
  .refine((o) => (o.connectionString === undefined) !== (o.pool === undefined), {
    message: "pass exactly one of connectionString and pool",
  });

const BulkLoadOptionsSchema = z
  .object({
    maintenanceWorkMem: z
      .string()
      .regex(/^[1-9][0-9]{0,6}(kB|MB|GB)$/u, "a size such as '512MB' or '4GB'")
      .optional(),
    parallelWorkers: z.number().int().min(0).max(64).optional(),
  })
  .strict();

type Parsed = z.infer<typeof OptionsSchema>;
type Queryable = Pick<pg.PoolClient, "query">;

interface PutPlan {
  ns: string;
  key: string;
  /** null: a delete. */
  json: string | null;
  body: string;
  texts: Array<{ field: string; text: string; hash: string }>;
  /** The value's structured rows and their hash (unchanged rows are not rewritten). */
  structure?: { rows: ItemStructure; hash: string };
}

interface SearchPlan {
  prefix: string[];
  filter?: Filter;
  limit: number;
  offset: number;
  query?: string;
}

interface ItemRow {
  ns: string;
  key: string;
  value: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  score?: number | string | null;
}

export class PostgresStore extends BaseStore implements HybridSearchable, ScopeLocking, StructuredSearchable {
  readonly schema: string;
  private readonly options: Parsed;
  private readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  /**
   * Connections that hold scope locks, apart from `pool`: a task holding a lock needs pool
   * connections for its batches, so sharing one pool could leave every connection holding a
   * lock while its task waits for a connection.
   */
  private lockPool?: pg.Pool;
  private readonly fields: string[];
  private readonly maxValueBytes: number;
  private ready?: Promise<void>;
  private ended = false;
  private frequencies?: { at: number; map: Map<string, number> };
  private readonly structured: PostgresStructured;

  constructor(options: PostgresStoreOptions) {
    super();
    const parsed = OptionsSchema.safeParse(options);
    if (!parsed.success) {
      const { field, text } = zodProblem(parsed.error, "(options)");
      throw new InvalidConfigError(`Invalid PostgresStore options: ${text}.`, { field });
    }
    this.options = parsed.data;
    this.schema = parsed.data.schema ?? POSTGRES_DEFAULTS.schema;
    this.fields = parsed.data.index?.fields ?? ["$"];
    this.maxValueBytes = parsed.data.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
    this.ownsPool = !parsed.data.pool;
    this.structured = new PostgresStructured({
      query: async <R>(sql: string, params: unknown[]) => {
        await this.migrate();
        return (await this.pool.query(sql, params)) as unknown as { rows: R[] };
      },
      table: (name) => this.t(name),
      scopeOf,
      scopeLabels: SCOPE_LABELS,
    });
    this.pool =
      (parsed.data.pool as pg.Pool | undefined) ??
      new pg.Pool({
        connectionString: parsed.data.connectionString,
        max: parsed.data.poolMax ?? POSTGRES_DEFAULTS.poolMax,
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: 10_000,
      });
  }

  /** The vector index configuration, as InMemoryStore exposes it. */
  get indexConfig(): PostgresStoreIndexConfig | undefined {
    return this.options.index;
  }

  /**
   * Create or upgrade the schema (idempotent; concurrent callers serialise on an advisory lock).
   * Every operation runs it once first; call it to migrate ahead of traffic.
   */
  migrate(): Promise<void> {
    this.ready ??= this.runMigration().catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
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
    return this.options.connectionString
      ? { connectionString: this.options.connectionString }
      : { ...((this.pool as unknown as { options: pg.ClientConfig }).options ?? {}) };
  }

  override stop(): void {
    void this.end();
  }

  private t(table: string): string {
    return `"${this.schema}".${table}`;
  }

  private async runMigration(): Promise<void> {
    const dims = this.options.index?.dims;
    await this.transaction(async (db) => {
      // One migrator at a time across processes (the key is the schema's name).
      await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`langgraph-memory:${this.schema}`]);
      await db.query("CREATE EXTENSION IF NOT EXISTS vector");
      await db.query(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
      await db.query(`CREATE TABLE IF NOT EXISTS ${this.t("meta")} (key text PRIMARY KEY, value text NOT NULL)`);
      const meta = await db.query<{ key: string; value: string }>(`SELECT key, value FROM ${this.t("meta")}`);
      const have = new Map(meta.rows.map((r) => [r.key, r.value]));
      const version = Number(have.get("schema_version") ?? 0);
      if (version > POSTGRES_SCHEMA_VERSION)
        throw new StoreCorruptError(
          `Schema "${this.schema}" is at version ${version}, newer than this release understands (${POSTGRES_SCHEMA_VERSION}).`,
          { schema: this.schema },
        );
      const storedDims = have.get("dims");
      if (dims !== undefined && storedDims !== undefined && Number(storedDims) !== dims)
        throw new InvalidConfigError(
          `Schema "${this.schema}" holds ${storedDims}-dimensional vectors; this store was configured with ${dims}.`,
          { field: "index.dims" },
        );
      await db.query(`
        CREATE TABLE IF NOT EXISTS ${this.t("namespaces")} (
          scope text COLLATE "C" NOT NULL,
          ns text COLLATE "C" NOT NULL,
          PRIMARY KEY (scope, ns)
        );
        CREATE TABLE IF NOT EXISTS ${this.t("items")} (
          scope text COLLATE "C" NOT NULL,
          ns text COLLATE "C" NOT NULL,
          key text NOT NULL,
          value jsonb NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          terms tsvector NOT NULL DEFAULT ''::tsvector,
          structure_hash text NOT NULL DEFAULT '',
          PRIMARY KEY (scope, ns, key)
        ) WITH (fillfactor = 80);
        ALTER TABLE ${this.t("items")} ADD COLUMN IF NOT EXISTS structure_hash text NOT NULL DEFAULT '';
        CREATE INDEX IF NOT EXISTS items_ns ON ${this.t("items")} (ns, key);
        CREATE INDEX IF NOT EXISTS items_terms ON ${this.t("items")} USING gin (terms);
        CREATE TABLE IF NOT EXISTS ${this.t("item_days")} (
          scope text COLLATE "C" NOT NULL,
          ns text COLLATE "C" NOT NULL,
          key text NOT NULL,
          day integer NOT NULL,
          md integer NOT NULL,
          PRIMARY KEY (scope, ns, key, day),
          FOREIGN KEY (scope, ns, key) REFERENCES ${this.t("items")} (scope, ns, key) ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS item_days_day ON ${this.t("item_days")} (scope, ns, day);
        CREATE INDEX IF NOT EXISTS item_days_md ON ${this.t("item_days")} (scope, ns, md);
        CREATE TABLE IF NOT EXISTS ${this.t("facts")} (
          scope text COLLATE "C" NOT NULL,
          id bigserial NOT NULL,
          ns text COLLATE "C" NOT NULL,
          key text NOT NULL,
          subject text NOT NULL,
          predicate text NOT NULL,
          object text NOT NULL,
          subject_key text NOT NULL,
          object_key text NOT NULL,
          PRIMARY KEY (scope, id),
          FOREIGN KEY (scope, ns, key) REFERENCES ${this.t("items")} (scope, ns, key) ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS facts_subject ON ${this.t("facts")} (scope, ns, subject_key, id DESC);
        CREATE INDEX IF NOT EXISTS facts_subject_predicate ON ${this.t("facts")} (scope, ns, subject_key, predicate, id DESC);
        CREATE INDEX IF NOT EXISTS facts_object ON ${this.t("facts")} (scope, ns, object_key, id DESC);
        CREATE INDEX IF NOT EXISTS facts_object_predicate ON ${this.t("facts")} (scope, ns, object_key, predicate, id DESC);
        CREATE INDEX IF NOT EXISTS facts_predicate ON ${this.t("facts")} (scope, ns, predicate, id DESC);
        CREATE INDEX IF NOT EXISTS facts_item ON ${this.t("facts")} (scope, ns, key);
      `);
      const vectorDims = dims ?? (storedDims ? Number(storedDims) : undefined);
      if (vectorDims !== undefined) {
        await db.query(`
          CREATE TABLE IF NOT EXISTS ${this.t("vectors")} (
            scope text COLLATE "C" NOT NULL,
            ns text COLLATE "C" NOT NULL,
            key text NOT NULL,
            field text NOT NULL,
            text_hash text NOT NULL,
            vec vector(${vectorDims}) NOT NULL,
            PRIMARY KEY (scope, ns, key, field),
            FOREIGN KEY (scope, ns, key) REFERENCES ${this.t("items")} (scope, ns, key) ON DELETE CASCADE
          );
          CREATE INDEX IF NOT EXISTS vectors_ns ON ${this.t("vectors")} (ns, key, field);
        `);
        // Not while another process bulk-loads with the index down (it builds the index after).
        const { rows: free } = await db.query<{ free: boolean }>(
          "SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS free",
          [this.bulkLoadKey()],
        );
        if (free[0]?.free) await db.query(this.vectorIndexSql());
        await db.query(`INSERT INTO ${this.t("meta")} (key, value) VALUES ('dims', $1) ON CONFLICT (key) DO NOTHING`, [
          String(vectorDims),
        ]);
      }
      await db.query(
        `INSERT INTO ${this.t("meta")} (key, value) VALUES ('schema_version', $1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [String(POSTGRES_SCHEMA_VERSION)],
      );
    });
  }

  /** The HNSW index over the vectors (pgvector, cosine), with the configured `m` and `ef_construction`. */
  private vectorIndexSql(): string {
    const m = this.options.hnsw?.m ?? POSTGRES_DEFAULTS.m;
    const efc = this.options.hnsw?.efConstruction ?? POSTGRES_DEFAULTS.efConstruction;
    return `CREATE INDEX IF NOT EXISTS vectors_hnsw ON ${this.t("vectors")}
      USING hnsw (vec vector_cosine_ops) WITH (m = ${m}, ef_construction = ${efc})`;
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
    const parsed = BulkLoadOptionsSchema.safeParse(options);
    if (!parsed.success)
      throw new InvalidConfigError(`Invalid bulkLoad options: ${parsed.error.issues[0]?.message}`, {
        field: parsed.error.issues[0]?.path.join("."),
      });
    if (!this.options.index) return work();
    await this.migrate();
    const settings: Array<[string, string]> = [];
    if (parsed.data.maintenanceWorkMem) settings.push(["maintenance_work_mem", parsed.data.maintenanceWorkMem]);
    if (parsed.data.parallelWorkers !== undefined)
      settings.push(["max_parallel_maintenance_workers", String(parsed.data.parallelWorkers)]);
    // The server has the last word on a setting ("1kB" is below maintenance_work_mem's minimum):
    // asked before anything is dropped, so a refused option leaves the index in place.
    await this.transaction(async (db) => {
      for (const [name, value] of settings) await db.query("SELECT set_config($1, $2, true)", [name, value]);
    }).catch((error: unknown) => {
      throw new InvalidConfigError(`Invalid bulkLoad options: ${(error as Error).message}`, { field: "options" });
    });
    // Held for the whole load on a connection of its own: migrate() in another process sees it
    // and leaves the index to this build instead of re-creating it empty (and the lock goes
    // with the connection if this process dies, so the next migrate() builds it).
    const guard = new pg.Client(this.connectionConfig());
    await guard.connect();
    try {
      await guard.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [this.bulkLoadKey()]);
      await this.transaction((db) => db.query(`DROP INDEX IF EXISTS "${this.schema}".vectors_hnsw`));
      let failure: { error: unknown } | undefined;
      let result: T | undefined;
      try {
        result = await work();
      } catch (error) {
        failure = { error };
      }
      try {
        await this.buildVectorIndex(settings);
      } catch (error) {
        // The load's own error says more; the index then waits for the next migrate().
        if (!failure) throw error;
      }
      if (failure) throw failure.error;
      return result as T;
    } finally {
      await guard.end();
    }
  }

  /** The advisory lock a bulk load holds while the index is down (see {@link bulkLoad}). */
  private bulkLoadKey(): string {
    return `langgraph-memory:${this.schema}:bulk-load`;
  }

  /** Build the HNSW index with the given settings; once more without them if that fails. */
  private async buildVectorIndex(settings: Array<[string, string]>): Promise<void> {
    try {
      await this.transaction(async (db) => {
        for (const [name, value] of settings) await db.query("SELECT set_config($1, $2, true)", [name, value]);
        await db.query(this.vectorIndexSql());
      });
    } catch (error) {
      if (settings.length === 0) throw error;
      await this.transaction((db) => db.query(this.vectorIndexSql()));
    }
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

  // ---- BaseStore ---------------------------------------------------------------------------

  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    if (!Array.isArray(operations)) throw new InvalidOperationError("batch() expects an array of operations.");
    const planned = operations.map((op, i) => this.plan(op, i));
    await this.migrate();
    const puts = planned.flatMap((p) => (p.kind === "put" ? [p.put] : []));
    const queries = [
      ...new Set(planned.flatMap((p) => (p.kind === "search" && p.search.query ? [p.search.query] : []))),
    ];
    const queryVectors = await this.embedQueries(queries);
    // Last write of a key wins, as in a sequence of puts.
    const lastPut = new Map<string, PutPlan>();
    for (const put of puts) lastPut.set(`${put.ns}\u0000${put.key}`, put);
    const writes = [...lastPut.values()];
    const vectors = await this.embedWrites(writes);
    return this.transaction(async (db) => {
      // Reads see the store as it was before this batch's writes, as in HNSWStore.
      const results: unknown[] = [];
      for (const p of planned) {
        if (p.kind === "get") results.push(await this.getItem(db, p.ns, p.key));
        else if (p.kind === "search")
          results.push(
            await this.searchItems(db, p.search, p.search.query ? queryVectors.get(p.search.query) : undefined),
          );
        else if (p.kind === "list") results.push(await this.listNamespacesOp(db, p.list));
        else results.push(undefined);
      }
      if (writes.length > 0) await this.write(db, writes, vectors);
      return results as OperationResults<Op>;
    });
  }

  private plan(op: Operation, i: number) {
    const checked = checkOperation(op, i, { nulInKeys: false });
    switch (checked.kind) {
      case "search": {
        const { kind, ...search } = checked;
        return { kind, search: search satisfies SearchPlan };
      }
      case "list":
        return checked;
      case "get":
        return { kind: "get" as const, ns: encodeNamespace(checked.namespace), key: checked.key };
      default:
        return { kind: "put" as const, put: this.preparePut(checked.op, checked.namespace) };
    }
  }

  private preparePut(op: PutOperation, namespace: string[]): PutPlan {
    const ns = encodeNamespace(namespace);
    const where = `put ${JSON.stringify(namespace)}/${op.key}`;
    const json = op.value === null ? null : serializeValue(op.value, this.maxValueBytes, where);
    // jsonb cannot hold the NUL character (HNSWStore can): the value is refused whole, not altered.
    if (json !== null && holdsNul(op.value))
      throw new InvalidValueError(`${where}: PostgreSQL cannot store the NUL character (\\u0000) in a value.`, {
        key: op.key,
      });
    const paths = json === null || op.index === false ? [] : (op.index ?? this.fields);
    const keywordOnly = this.options.index?.keywordOnly ?? [];
    // Keyword-only paths are chosen by path, as in HNSWStore: their texts join the keyword body alone.
    const value = (op.value ?? {}) as Record<string, unknown>;
    const embedded = textsAtPaths(
      value,
      paths.filter((p) => !keywordOnly.includes(p)),
    );
    const all = keywordOnly.length
      ? [
          ...embedded,
          ...textsAtPaths(
            value,
            paths.filter((p) => keywordOnly.includes(p)),
          ),
        ]
      : embedded;
    const rows =
      this.options.structure && json !== null
        ? boundedStructure(this.options.structure(op.value as Record<string, unknown>))
        : undefined;
    return {
      ...(rows ? { structure: { rows, hash: hashText(JSON.stringify(rows)) } } : {}),
      ns,
      key: op.key,
      json,
      body: keywordBody(all.map((t) => t.text)),
      texts: this.options.index ? embedded.map((t) => ({ ...t, hash: hashText(t.text) })) : [],
    };
  }

  private async embedQueries(queries: string[]): Promise<Map<string, Float32Array>> {
    const index = this.options.index;
    const out = new Map<string, Float32Array>();
    if (!index || queries.length === 0) return out;
    const vectors = await Promise.all(queries.map((q) => index.embeddings.embedQuery(q)));
    for (const [i, q] of queries.entries()) out.set(q, toUnitVector(vectors[i], index.dims, "query"));
    return out;
  }

  /** Vectors for the texts whose hash changed (a put with the same texts keeps its rows). */
  private async embedWrites(writes: PutPlan[]): Promise<Map<PutPlan, Map<string, Float32Array>>> {
    const index = this.options.index;
    const out = new Map<PutPlan, Map<string, Float32Array>>();
    const withTexts = writes.filter((w) => w.json !== null && w.texts.length > 0);
    if (!index || withTexts.length === 0) return out;
    const stored = await this.pool.query<{ ns: string; key: string; field: string; text_hash: string }>(
      `SELECT v.ns, v.key, v.field, v.text_hash FROM ${this.t("vectors")} v
       JOIN unnest($1::text[], $2::text[]) AS w(ns, key) ON v.ns = w.ns AND v.key = w.key`,
      [withTexts.map((w) => w.ns), withTexts.map((w) => w.key)],
    );
    const have = new Set(stored.rows.map((r) => JSON.stringify([r.ns, r.key, r.field, r.text_hash])));
    const pending = withTexts.flatMap((w) =>
      w.texts.filter((t) => !have.has(JSON.stringify([w.ns, w.key, t.field, t.hash]))).map((t) => ({ w, t })),
    );
    const unique = [...new Set(pending.map((p) => p.t.text))];
    if (unique.length === 0) return out;
    const vectors = await index.embeddings.embedDocuments(unique);
    if (!Array.isArray(vectors) || vectors.length !== unique.length)
      throw new InvalidOperationError(`Embeddings returned ${vectors?.length} vectors for ${unique.length} texts.`);
    const byText = new Map(
      unique.map((text, i) => [
        text,
        toUnitVector(vectors[i], index.dims, `text ${JSON.stringify(text.slice(0, 40))}`),
      ]),
    );
    for (const { w, t } of pending) {
      const fields = out.get(w) ?? new Map<string, Float32Array>();
      fields.set(t.field, byText.get(t.text)!);
      out.set(w, fields);
    }
    return out;
  }

  private async write(db: Queryable, writes: PutPlan[], vectors: Map<PutPlan, Map<string, Float32Array>>) {
    const now = new Date();
    const deletes = writes.filter((w) => w.json === null);
    const puts = writes.filter((w) => w.json !== null);
    if (deletes.length > 0) {
      await db.query(
        `DELETE FROM ${this.t("items")} i USING unnest($1::text[], $2::text[]) AS d(ns, key)
         WHERE i.ns = d.ns AND i.key = d.key`,
        [deletes.map((d) => d.ns), deletes.map((d) => d.key)],
      );
      await db.query(
        `DELETE FROM ${this.t("namespaces")} n WHERE n.ns = ANY($1::text[])
         AND NOT EXISTS (SELECT 1 FROM ${this.t("items")} i WHERE i.ns = n.ns)`,
        [[...new Set(deletes.map((d) => d.ns))]],
      );
    }
    if (puts.length === 0) return;
    await db.query(
      `INSERT INTO ${this.t("namespaces")} (scope, ns)
       SELECT DISTINCT ${SCOPE_OF_SQL("n.ns")}, n.ns FROM unnest($1::text[]) AS n(ns) ON CONFLICT DO NOTHING`,
      [[...new Set(puts.map((p) => p.ns))]],
    );
    // Structured rows are rewritten only for items whose rows changed (a usage-counter put keeps them).
    const stored = new Map<string, string>();
    if (this.options.structure) {
      const { rows } = await db.query<{ ns: string; key: string; structure_hash: string }>(
        `SELECT i.ns, i.key, i.structure_hash FROM ${this.t("items")} i
         JOIN unnest($1::text[], $2::text[], $3::text[]) AS w(scope, ns, key) ON i.scope = w.scope AND i.ns = w.ns AND i.key = w.key`,
        [puts.map((p) => scopeOf(p.ns)), puts.map((p) => p.ns), puts.map((p) => p.key)],
      );
      for (const r of rows) stored.set(JSON.stringify([r.ns, r.key]), r.structure_hash);
    }
    await db.query(
      `INSERT INTO ${this.t("items")} (scope, ns, key, value, created_at, updated_at, terms, structure_hash)
       SELECT ${SCOPE_OF_SQL("w.ns")}, w.ns, w.key, w.value::jsonb, $4, $4, to_tsvector('simple', w.body), w.hash
       FROM unnest($1::text[], $2::text[], $3::text[], $5::text[], $6::text[]) AS w(ns, key, value, body, hash)
       ON CONFLICT (scope, ns, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,
         terms = excluded.terms, structure_hash = excluded.structure_hash`,
      [
        puts.map((p) => p.ns),
        puts.map((p) => p.key),
        puts.map((p) => p.json),
        now,
        puts.map((p) => p.body),
        puts.map((p) => p.structure?.hash ?? ""),
      ],
    );
    const changed = puts.filter((p) => p.structure && stored.get(JSON.stringify([p.ns, p.key])) !== p.structure.hash);
    if (changed.length > 0) await this.writeStructure(db, changed);
    if (!this.options.index) return;
    // Vector rows: drop those whose field is gone or whose text changed, add the new ones.
    const keep = puts.flatMap((p) => p.texts.filter((t) => !vectors.get(p)?.has(t.field)).map((t) => ({ p, t })));
    await db.query(
      `DELETE FROM ${this.t("vectors")} v USING unnest($1::text[], $2::text[]) AS w(ns, key)
       WHERE v.ns = w.ns AND v.key = w.key
         AND NOT EXISTS (
           SELECT 1 FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS k(ns, key, field, hash)
           WHERE k.ns = v.ns AND k.key = v.key AND k.field = v.field AND k.hash = v.text_hash)`,
      [
        puts.map((p) => p.ns),
        puts.map((p) => p.key),
        keep.map(({ p }) => p.ns),
        keep.map(({ p }) => p.key),
        keep.map(({ t }) => t.field),
        keep.map(({ t }) => t.hash),
      ],
    );
    const added = puts.flatMap((p) =>
      p.texts.flatMap((t) => {
        const vec = vectors.get(p)?.get(t.field);
        return vec ? [{ p, t, vec }] : [];
      }),
    );
    if (added.length === 0) return;
    await db.query(
      `INSERT INTO ${this.t("vectors")} (scope, ns, key, field, text_hash, vec)
       SELECT ${SCOPE_OF_SQL("w.ns")}, w.* FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::vector[])
         AS w(ns, key, field, text_hash, vec)
       ON CONFLICT (scope, ns, key, field) DO UPDATE SET text_hash = excluded.text_hash, vec = excluded.vec`,
      [
        added.map((a) => a.p.ns),
        added.map((a) => a.p.key),
        added.map((a) => a.t.field),
        added.map((a) => a.t.hash),
        added.map((a) => vectorLiteral(a.vec)),
      ],
    );
  }

  /** Replace the structured rows of `puts` (items whose rows changed). */
  private async writeStructure(db: Queryable, puts: PutPlan[]): Promise<void> {
    const items = [puts.map((p) => scopeOf(p.ns)), puts.map((p) => p.ns), puts.map((p) => p.key)];
    for (const table of ["item_days", "facts"])
      await db.query(
        `DELETE FROM ${this.t(table)} t USING unnest($1::text[], $2::text[], $3::text[]) AS w(scope, ns, key)
         WHERE t.scope = w.scope AND t.ns = w.ns AND t.key = w.key`,
        items,
      );
    const days = puts.flatMap((p) => p.structure!.rows.days.map((day) => ({ p, day })));
    if (days.length > 0)
      await db.query(
        `INSERT INTO ${this.t("item_days")} (scope, ns, key, day, md)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[])`,
        [
          days.map(({ p }) => scopeOf(p.ns)),
          days.map(({ p }) => p.ns),
          days.map(({ p }) => p.key),
          days.map(({ day }) => day),
          days.map(({ day }) => monthDayOf(day)),
        ],
      );
    const facts = puts.flatMap((p) => p.structure!.rows.facts.map((f) => ({ p, f })));
    if (facts.length > 0)
      await db.query(
        `INSERT INTO ${this.t("facts")} (scope, ns, key, subject, predicate, object, subject_key, object_key)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])`,
        [
          facts.map(({ p }) => scopeOf(p.ns)),
          facts.map(({ p }) => p.ns),
          facts.map(({ p }) => p.key),
          facts.map(({ f }) => f.subject),
          facts.map(({ f }) => f.predicate),
          facts.map(({ f }) => f.object),
          facts.map(({ f }) => f.subjectKey),
          facts.map(({ f }) => f.objectKey),
        ],
      );
  }

  // ---- structured queries (src/store/structured.ts) -----------------------------------------

  async itemsOnDays(
    namespacePrefix: string[],
    days: DayCondition,
    options: { limit: number; namespaces?: string[][] },
  ): Promise<ItemRef[]> {
    return this.structured.itemsOnDays(...checkItemsOnDays(namespacePrefix, days, options));
  }

  async factsAbout(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicate?: string; namespaces?: string[][] },
  ): Promise<FactHit[]> {
    return this.structured.factsAbout(...checkFactsAbout(namespacePrefix, entityKeys, options));
  }

  async factPaths(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicates?: string[]; namespaces?: string[][] },
  ): Promise<Array<{ first: FactHit; second: FactHit }>> {
    return this.structured.factPaths(...checkFactPaths(namespacePrefix, entityKeys, options));
  }

  async searchWithin(
    items: ItemRef[],
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<HybridHits> {
    if (typeof query !== "string")
      throw new InvalidOperationError(`searchWithin expects a string query, received ${typeof query}.`);
    if (!Array.isArray(items)) throw new InvalidOperationError("searchWithin expects an array of { namespace, key }.");
    const refs = items.slice(0, MAX_STRUCTURED_ROWS).map((item) => ({
      ns: encodeNamespace(validateNamespaceLabels(item?.namespace, "namespace")),
      key: String(item.key),
    }));
    const filter = validateFilter(options.filter);
    const { limit } = pageOf(options.limit, 0);
    await this.migrate();
    return this.rankWithin(refs, query, filter, limit);
  }

  async searchOnDays(
    namespaces: string[][],
    days: DayCondition,
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<{ matched: number; hits: HybridHits }> {
    if (typeof query !== "string")
      throw new InvalidOperationError(`searchOnDays expects a string query, received ${typeof query}.`);
    if (!Array.isArray(namespaces)) throw new InvalidOperationError("searchOnDays expects an array of namespaces.");
    const exact = validateNamespaces(namespaces)!;
    const condition = validateDays(days);
    const filter = validateFilter(options.filter);
    const { limit } = pageOf(options.limit, 0);
    const members = await this.structured.itemsOnDays([], condition, MAX_STRUCTURED_ROWS, exact);
    const refs = members.map((m) => ({ ns: encodeNamespace(m.namespace), key: m.key }));
    return { matched: members.length, hits: await this.rankWithin(refs, query, filter, limit) };
  }

  /** Both channels ranked inside the given items, each over every item passing the filter. */
  private async rankWithin(
    refs: Array<{ ns: string; key: string }>,
    query: string,
    filter: Filter | undefined,
    limit: number,
  ): Promise<HybridHits> {
    if (refs.length === 0 || limit === 0) return { ...(this.options.index ? { vector: [] } : {}), keyword: [] };
    const base: unknown[] = [refs.map((r) => scopeOf(r.ns)), refs.map((r) => r.ns), refs.map((r) => r.key)];
    const want = "unnest($1::text[], $2::text[], $3::text[]) AS w(scope, ns, key)";
    const vectorHits = async (): Promise<SearchItem[] | undefined> => {
      if (!this.options.index) return undefined;
      const vec = (await this.embedQueries([query])).get(query)!;
      const params = [...base];
      const filterWhere = filterSql(filter, "i.value", params);
      params.push(vectorLiteral(vec), limit);
      const { rows } = await this.pool.query<ItemRow>(
        `SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, b.score FROM (
           SELECT v.scope, v.ns, v.key, 1 - min(v.vec <=> $${params.length - 1}::vector) AS score
           FROM ${this.t("vectors")} v JOIN ${want} ON v.scope = w.scope AND v.ns = w.ns AND v.key = w.key
           GROUP BY v.scope, v.ns, v.key
         ) b JOIN ${this.t("items")} i ON i.scope = b.scope AND i.ns = b.ns AND i.key = b.key
         ${filterWhere ? `WHERE ${filterWhere}` : ""}
         ORDER BY b.score DESC, i.ns, i.key LIMIT $${params.length}`,
        params,
      );
      return this.finish(rows, filter);
    };
    const keywordHits = async (): Promise<SearchItem[]> => {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      const params = [...base];
      const filterWhere = filterSql(filter, "i.value", params);
      params.push(terms.join(" "), limit);
      const { rows } = await this.pool.query<ItemRow>(
        `WITH q AS (SELECT (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | '))
                            FROM unnest(to_tsvector('simple', $${params.length - 1}))) AS q)
         SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, ts_rank(i.terms, q.q, 1) AS score
         FROM ${this.t("items")} i JOIN ${want} ON i.scope = w.scope AND i.ns = w.ns AND i.key = w.key, q
         WHERE q.q IS NOT NULL AND i.terms @@ q.q ${filterWhere ? `AND ${filterWhere}` : ""}
         ORDER BY score DESC, i.ns, i.key LIMIT $${params.length}`,
        params,
      );
      return this.finish(rows, filter);
    };
    const [vector, keyword] = await Promise.all([vectorHits(), keywordHits()]);
    return { ...(vector ? { vector } : {}), keyword };
  }

  // ---- reads -------------------------------------------------------------------------------

  private async getItem(db: Queryable, ns: string, key: string): Promise<Item | null> {
    const { rows } = await db.query<ItemRow>(
      `SELECT ns, key, value, created_at, updated_at FROM ${this.t("items")} WHERE scope = $3 AND ns = $1 AND key = $2`,
      [ns, key, scopeOf(ns)],
    );
    return rows[0] ? toItem(rows[0]) : null;
  }

  private async searchItems(db: Queryable, op: SearchPlan, query: Float32Array | undefined): Promise<SearchItem[]> {
    const params: unknown[] = [];
    const prefixWhere = this.prefixSql("i", op.prefix, params);
    const filterWhere = filterSql(op.filter, "i.value", params);
    const where = [prefixWhere, filterWhere].filter(Boolean);
    const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
    if (!query) {
      // In key order: the primary key serves it (a page of a large namespace sorts nothing).
      params.push(op.limit, op.offset);
      const { rows } = await db.query<ItemRow>(
        `SELECT i.ns, i.key, i.value, i.created_at, i.updated_at FROM ${this.t("items")} i ${whereSql}
         ORDER BY i.scope, i.ns, i.key LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return this.finish(rows, op.filter);
    }
    // Nearest vectors of the prefix first, from the vectors table alone, so PostgreSQL picks the
    // path: pgvector's HNSW index for a large scope, the (scope, ns) key and an exact sort for a
    // small one. Then one score per item (its best field) and the filter on the items. The
    // candidates grow until enough items pass or the prefix has no more vectors; items without
    // vectors (put with index: false) follow unscored, as in InMemoryStore.
    const wanted = op.limit + op.offset;
    if (wanted === 0) return [];
    params.push(vectorLiteral(query));
    const q = `$${params.length}::vector`;
    const near = prefixWhere ? `WHERE ${prefixWhere.replaceAll("i.", "v.")}` : "";
    let candidates = wanted * Math.max(1, this.fields.length) + 8;
    let hits: SearchItem[] = [];
    for (;;) {
      await db.query(`SET LOCAL hnsw.ef_search = ${Math.min(1000, Math.max(this.efSearch(), candidates))}`);
      await db.query("SET LOCAL hnsw.iterative_scan = relaxed_order");
      // One row per hit, each with the number of vectors read; a single row of NULLs with that
      // number when none passed (so an empty prefix is not searched again with more candidates).
      const { rows } = await db.query<ItemRow & { found: string }>(
        `WITH near AS MATERIALIZED (
           SELECT v.scope, v.ns, v.key, v.vec <=> ${q} AS distance FROM ${this.t("vectors")} v ${near}
           ORDER BY v.vec <=> ${q} LIMIT ${candidates}
         ), best AS (SELECT scope, ns, key, 1 - min(distance) AS score FROM near GROUP BY scope, ns, key)
         SELECT c.found, r.* FROM (SELECT count(*) AS found FROM near) c LEFT JOIN LATERAL (
           SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, b.score
           FROM best b JOIN ${this.t("items")} i ON i.scope = b.scope AND i.ns = b.ns AND i.key = b.key
           ${filterWhere ? `WHERE ${filterWhere}` : ""}
           ORDER BY b.score DESC, i.ns, i.key LIMIT ${wanted}
         ) r ON TRUE`,
        params,
      );
      hits = this.finish(
        rows.filter((r) => r.ns !== null),
        op.filter,
      );
      const exhausted = Number(rows[0]?.found ?? 0) < candidates;
      if (hits.length >= wanted || exhausted || candidates >= 20_000) break;
      candidates *= 4;
    }
    if (hits.length < wanted) {
      const { rows } = await db.query<ItemRow>(
        `SELECT i.ns, i.key, i.value, i.created_at, i.updated_at FROM ${this.t("items")} i
         ${whereSql ? `${whereSql} AND` : "WHERE"}
         NOT EXISTS (SELECT 1 FROM ${this.t("vectors")} v WHERE v.scope = i.scope AND v.ns = i.ns AND v.key = i.key)
         ORDER BY i.scope, i.ns, i.key LIMIT ${wanted - hits.length}`,
        params.slice(0, -1),
      );
      hits.push(...this.finish(rows, op.filter));
    }
    return hits.slice(op.offset, op.offset + op.limit);
  }

  private efSearch(): number {
    return this.options.hnsw?.efSearch ?? POSTGRES_DEFAULTS.efSearch;
  }

  private finish(rows: ItemRow[], filter: Filter | undefined): SearchItem[] {
    // SQL already applied the filter; matchesFilter keeps the last word on JS semantics
    // (Number() of odd strings), as in HNSWStore.
    return rows.filter((r) => matchesFilter(r.value, filter)).map(toSearchItem);
  }

  /**
   * A namespace prefix as SQL on `<alias>.ns`; a prefix of at least SCOPE_LABELS labels also
   * names the scope, so the query reads one scope's rows (one shard on a distributed database).
   */
  private prefixSql(alias: string, prefix: string[], params: unknown[]): string {
    const range = prefixRange(prefix);
    if (!range) return "";
    params.push(range[0], range[1]);
    const ns = `${alias}.ns >= $${params.length - 1} AND ${alias}.ns < $${params.length}`;
    if (prefix.length < SCOPE_LABELS) return ns;
    params.push(encodeNamespace(prefix.slice(0, SCOPE_LABELS)));
    return `${alias}.scope = $${params.length} AND ${ns}`;
  }

  private async listNamespacesOp(db: Queryable, op: ListNamespacesOperation): Promise<string[][]> {
    const { rows } = await db.query<{ ns: string }>(`SELECT ns FROM ${this.t("namespaces")} ORDER BY ns`);
    let namespaces = rows.map((r) => decodeNamespace(r.ns)).filter((ns) => matchesConditions(ns, op.matchConditions));
    if (op.maxDepth !== undefined) {
      const seen = new Map<string, string[]>();
      for (const ns of namespaces) {
        const cut = ns.slice(0, op.maxDepth);
        seen.set(encodeNamespace(cut), cut);
      }
      namespaces = [...seen.values()];
    }
    namespaces.sort((a, b) => a.join(":").localeCompare(b.join(":")));
    const offset = op.offset ?? 0;
    return namespaces.slice(offset, offset + (op.limit ?? namespaces.length));
  }

  // ---- keyword and hybrid channels ---------------------------------------------------------

  async keywordSearch(
    namespacePrefix: string[],
    query: string,
    options: KeywordSearchOptions = {},
  ): Promise<SearchItem[]> {
    const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
    if (typeof query !== "string") throw new InvalidOperationError("keywordSearch() needs a query string.");
    const filter = validateFilter(options.filter);
    const { limit, offset } = pageOf(options.limit ?? 10, options.offset ?? 0);
    await this.migrate();
    const all = queryTerms(query);
    if (all.length === 0 || limit === 0) return [];
    // As in HNSWStore: terms in more than 30% of the documents (用户, "user") weigh nearly nothing
    // and would make the search rank a whole scope; the rarest term always stays.
    const frequencies = await this.termFrequencies();
    const terms = dropUbiquitousTerms(all, (term) => Math.round((frequencies.get(term) ?? 0) * 1000), 1000);
    const params: unknown[] = [];
    const where = [this.prefixSql("i", prefix, params), filterSql(filter, "i.value", params)].filter(Boolean);
    // The query's terms, OR-ed, as lexemes of the same `simple` parse the stored terms had.
    params.push(terms.join(" "));
    const tsq = `(SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) FROM unnest(to_tsvector('simple', $${params.length})))`;
    params.push(limit, offset);
    const { rows } = await this.pool.query<ItemRow>(
      `WITH q AS (SELECT ${tsq} AS q)
       SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, ts_rank(i.terms, q.q, 1) AS score
       FROM ${this.t("items")} i, q
       WHERE q.q IS NOT NULL AND i.terms @@ q.q ${where.length ? `AND ${where.join(" AND ")}` : ""}
       ORDER BY score DESC, i.ns, i.key LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return this.finish(rows, filter);
  }

  /**
   * Lexeme frequencies of the stored terms, from PostgreSQL's own statistics (`pg_stats`
   * most_common_elems, kept by ANALYZE / autovacuum), cached for a minute: no scan per query.
   */
  private async termFrequencies(): Promise<Map<string, number>> {
    const now = Date.now();
    if (this.frequencies && now - this.frequencies.at < 60_000) return this.frequencies.map;
    const { rows } = await this.pool.query<{ elems: string[] | null; freqs: number[] | null }>(
      `SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
       FROM pg_stats WHERE schemaname = $1 AND tablename = 'items' AND attname = 'terms'`,
      [this.schema],
    );
    const map = new Map<string, number>();
    const { elems, freqs } = rows[0] ?? { elems: null, freqs: null };
    for (const [i, elem] of (elems ?? []).entries()) map.set(elem, Number(freqs?.[i] ?? 0));
    this.frequencies = { at: now, map };
    return map;
  }

  async hybridSearch(
    namespacePrefix: string[],
    query: string,
    options: KeywordSearchOptions = {},
  ): Promise<HybridHits> {
    const [vector, keyword] = await Promise.all([
      this.options.index
        ? this.search(namespacePrefix, { query, filter: options.filter, limit: options.limit, offset: options.offset })
        : Promise.resolve(undefined),
      this.keywordSearch(namespacePrefix, query, options),
    ]);
    return { vector, keyword };
  }

  /**
   * Delete every namespace under a non-empty prefix with all its items and vectors, in one
   * transaction (what forgetting a user needs). Returns what went, per namespace.
   */
  async deletePrefix(namespacePrefix: string[]): Promise<Array<{ namespace: string[]; items: number }>> {
    const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
    const range = prefixRange(prefix);
    if (!range) throw new InvalidOperationError("deletePrefix() needs a non-empty namespace prefix.");
    await this.migrate();
    return this.transaction(async (db) => {
      const { rows } = await db.query<{ ns: string; items: string }>(
        `WITH gone AS (DELETE FROM ${this.t("items")} WHERE ns >= $1 AND ns < $2 RETURNING ns)
         SELECT ns, count(*) AS items FROM gone GROUP BY ns ORDER BY ns`,
        range,
      );
      await db.query(`DELETE FROM ${this.t("namespaces")} WHERE ns >= $1 AND ns < $2`, range);
      return rows.map((r) => ({ namespace: decodeNamespace(r.ns), items: Number(r.items) }));
    });
  }

  /** Every table this store owns, schema-qualified (forget-me checks read them all). */
  tables(): string[] {
    return ["meta", "namespaces", "items", "vectors", "item_days", "facts"].map((t) => this.t(t));
  }
}

// ---- helpers -----------------------------------------------------------------------------

/**
 * Labels of a namespace that make its scope: `["memory", tenant, user, ...]` → `memory:tenant:user:`.
 * Every table carries it as `scope`, the distribution column on a distributed PostgreSQL (Citus):
 * one user's rows, and every join among them, stay on one shard.
 */
export const SCOPE_LABELS = 3;

/** The scope of an encoded namespace (its first SCOPE_LABELS labels). */
export function scopeOf(ns: string): string {
  return encodeNamespace(decodeNamespace(ns).slice(0, SCOPE_LABELS));
}

/** scopeOf() in SQL, for rows built from encoded namespaces. */
const SCOPE_OF_SQL = (ns: string) =>
  `array_to_string((string_to_array(${ns}, ':'))[1:LEAST(${SCOPE_LABELS}, array_length(string_to_array(${ns}, ':'), 1) - 1)], ':') || ':'`;

/** True when a string or key anywhere in the value holds the NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([k, v]) => k.includes("\u0000") || holdsNul(v));
  return false;
}

function vectorLiteral(vec: Float32Array): string {
  return `[${Array.from(vec).join(",")}]`;
}

function toItem(row: ItemRow): Item {
  return {
    namespace: decodeNamespace(row.ns),
    key: row.key,
    value: row.value,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toSearchItem(row: ItemRow): SearchItem {
  const item = toItem(row);
  return row.score === undefined || row.score === null ? item : { ...item, score: Number(row.score) };
}

const RANGES = { $gt: ">", $gte: ">=", $lt: "<", $lte: "<=" } as const;

/** A numeric string as JavaScript's Number() reads it (decimal notation), else NULL. */
const stringNumber = (text: string) => `(CASE
  WHEN btrim(${text}, E' \\t\\n\\r') = '' THEN 0
  WHEN btrim(${text}, E' \\t\\n\\r') ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$'
    THEN btrim(${text}, E' \\t\\n\\r')::float8 END)`;

/**
 * A jsonb value as JavaScript's Number() reads it, NULL where that is NaN: numbers, numeric
 * strings, booleans (0/1), null (0), and arrays of none or one such element ([] is 0, [5] is 5).
 */
const numberOf = (p: string) => `(CASE jsonb_typeof(${p})
  WHEN 'number' THEN (${p})::text::float8
  WHEN 'boolean' THEN (CASE WHEN (${p})::text = 'true' THEN 1 ELSE 0 END)
  WHEN 'null' THEN 0
  WHEN 'string' THEN ${stringNumber(`(${p} #>> '{}')`)}
  WHEN 'array' THEN (CASE jsonb_array_length(${p})
    WHEN 0 THEN 0
    WHEN 1 THEN (CASE jsonb_typeof(${p} -> 0)
      WHEN 'number' THEN (${p} -> 0)::text::float8
      WHEN 'string' THEN ${stringNumber(`(${p} ->> 0)`)}
      WHEN 'null' THEN 0 END) END) END)`;

/**
 * A filter as SQL on a jsonb column, with InMemoryStore's semantics (src/store/filter.ts):
 * equality is JSON equality of primitives (an object or array never equals), `$ne`/`$nin` hold
 * for a missing field, ranges compare numbers (a numeric string, a boolean and null compare as
 * JavaScript's Number() reads them; anything else never matches).
 */
export function filterSql(filter: Filter | undefined, column: string, params: unknown[]): string {
  const clauses: string[] = [];
  const primitive = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  for (const [field, condition] of Object.entries(filter ?? {})) {
    // The field is bound once, when a clause first uses it (an unused parameter has no type).
    let bound: string | undefined;
    const pathOf = () => {
      bound ??= `(${column} -> ${bind(field)}::text)`;
      return bound;
    };
    const eq = (v: unknown) => (primitive(v) ? `${pathOf()} = ${bind(JSON.stringify(v))}::jsonb` : "FALSE");
    const isOperators =
      typeof condition === "object" &&
      condition !== null &&
      !Array.isArray(condition) &&
      Object.keys(condition).length > 0 &&
      Object.keys(condition).every((k) => k.startsWith("$"));
    if (!isOperators) {
      clauses.push(eq(condition));
      continue;
    }
    for (const [op, operand] of Object.entries(condition as Record<string, unknown>)) {
      if (op === "$eq") clauses.push(eq(operand));
      else if (op === "$ne") clauses.push(`COALESCE(NOT (${eq(operand)}), TRUE)`);
      else if (op === "$in") {
        const list = (operand as unknown[]).filter(primitive);
        clauses.push(list.length ? `COALESCE(${list.map(eq).join(" OR ")}, FALSE)` : "FALSE");
      } else if (op === "$nin") {
        const list = (operand as unknown[]).filter(primitive);
        if (list.length) clauses.push(`COALESCE(NOT (${list.map(eq).join(" OR ")}), TRUE)`);
      } else if (op in RANGES) {
        const limit = Number(operand);
        if (Number.isNaN(limit)) {
          clauses.push("FALSE");
          continue;
        }
        const sqlOp = RANGES[op as keyof typeof RANGES];
        const b = `${bind(limit)}::float8`;
        clauses.push(`COALESCE(${numberOf(pathOf())} ${sqlOp} ${b}, FALSE)`);
      }
    }
  }
  return clauses.join(" AND ");
}
