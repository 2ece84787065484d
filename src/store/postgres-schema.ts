/**
 * PostgresStore's schema: the tables, created or upgraded idempotently by `migrate()` (one
 * migrator at a time across processes, the version recorded in `meta`), and the pgvector HNSW
 * index, which a bulk load drops and builds once over the loaded rows.
 */
import pg from "pg";
import { z } from "zod";
import { InvalidConfigError, StoreCorruptError } from "../errors.js";
import { POSTGRES_DEFAULTS, POSTGRES_SCHEMA_VERSION } from "./postgres-defaults.js";
import type { PostgresTables, Queryable } from "./postgres-rows.js";

/** pgvector HNSW parameters of the vector index. */
export interface PostgresHnswOptions {
  m?: number;
  efConstruction?: number;
}

/**
 * Create or upgrade the schema's tables in the caller's transaction; `dims` (the configured
 * vector size, else the one stored) decides the vector table.
 * @throws {StoreCorruptError} for a schema newer than this release.
 * @throws {InvalidConfigError} when `dims` differs from the vectors the schema holds.
 */
export async function migrateSchema(
  db: Queryable,
  tables: PostgresTables,
  dims: number | undefined,
  hnsw: PostgresHnswOptions = {},
): Promise<void> {
  // One migrator at a time across processes (the key is the schema's name).
  await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`langgraph-memory:${tables.schema}`]);
  await db.query("CREATE EXTENSION IF NOT EXISTS vector");
  await db.query(`CREATE SCHEMA IF NOT EXISTS "${tables.schema}"`);
  await db.query(`CREATE TABLE IF NOT EXISTS ${tables.of("meta")} (key text PRIMARY KEY, value text NOT NULL)`);
  const meta = await db.query<{ key: string; value: string }>(`SELECT key, value FROM ${tables.of("meta")}`);
  const have = new Map(meta.rows.map((r) => [r.key, r.value]));
  const version = Number(have.get("schema_version") ?? 0);
  if (version > POSTGRES_SCHEMA_VERSION)
    throw new StoreCorruptError(
      `Schema "${tables.schema}" is at version ${version}, newer than this release understands (${POSTGRES_SCHEMA_VERSION}).`,
      { schema: tables.schema },
    );
  const storedDims = have.get("dims");
  if (dims !== undefined && storedDims !== undefined && Number(storedDims) !== dims)
    throw new InvalidConfigError(
      `Schema "${tables.schema}" holds ${storedDims}-dimensional vectors; this store was configured with ${dims}.`,
      { field: "index.dims" },
    );
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${tables.of("namespaces")} (
      scope text COLLATE "C" NOT NULL,
      ns text COLLATE "C" NOT NULL,
      PRIMARY KEY (scope, ns)
    );
    CREATE TABLE IF NOT EXISTS ${tables.of("items")} (
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
    ALTER TABLE ${tables.of("items")} ADD COLUMN IF NOT EXISTS structure_hash text NOT NULL DEFAULT '';
    CREATE INDEX IF NOT EXISTS items_ns ON ${tables.of("items")} (ns, key);
    CREATE INDEX IF NOT EXISTS items_terms ON ${tables.of("items")} USING gin (terms);
    -- changedSince(): what a namespace wrote since a time, for maintenance passes
    CREATE INDEX IF NOT EXISTS items_changed ON ${tables.of("items")} (scope, ns, updated_at);
    CREATE TABLE IF NOT EXISTS ${tables.of("item_days")} (
      scope text COLLATE "C" NOT NULL,
      ns text COLLATE "C" NOT NULL,
      key text NOT NULL,
      day integer NOT NULL,
      md integer NOT NULL,
      PRIMARY KEY (scope, ns, key, day),
      FOREIGN KEY (scope, ns, key) REFERENCES ${tables.of("items")} (scope, ns, key) ON DELETE CASCADE
    );
    CREATE INDEX IF NOT EXISTS item_days_day ON ${tables.of("item_days")} (scope, ns, day);
    CREATE INDEX IF NOT EXISTS item_days_md ON ${tables.of("item_days")} (scope, ns, md);
    CREATE TABLE IF NOT EXISTS ${tables.of("facts")} (
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
      FOREIGN KEY (scope, ns, key) REFERENCES ${tables.of("items")} (scope, ns, key) ON DELETE CASCADE
    );
    CREATE INDEX IF NOT EXISTS facts_subject ON ${tables.of("facts")} (scope, ns, subject_key, id DESC);
    CREATE INDEX IF NOT EXISTS facts_subject_predicate ON ${tables.of("facts")} (scope, ns, subject_key, predicate, id DESC);
    CREATE INDEX IF NOT EXISTS facts_object ON ${tables.of("facts")} (scope, ns, object_key, id DESC);
    CREATE INDEX IF NOT EXISTS facts_object_predicate ON ${tables.of("facts")} (scope, ns, object_key, predicate, id DESC);
    CREATE INDEX IF NOT EXISTS facts_predicate ON ${tables.of("facts")} (scope, ns, predicate, id DESC);
    CREATE INDEX IF NOT EXISTS facts_item ON ${tables.of("facts")} (scope, ns, key);
  `);
  const vectorDims = dims ?? (storedDims ? Number(storedDims) : undefined);
  if (vectorDims !== undefined) {
    await db.query(`
      CREATE TABLE IF NOT EXISTS ${tables.of("vectors")} (
        scope text COLLATE "C" NOT NULL,
        ns text COLLATE "C" NOT NULL,
        key text NOT NULL,
        field text NOT NULL,
        text_hash text NOT NULL,
        vec vector(${vectorDims}) NOT NULL,
        PRIMARY KEY (scope, ns, key, field),
        FOREIGN KEY (scope, ns, key) REFERENCES ${tables.of("items")} (scope, ns, key) ON DELETE CASCADE
      );
      CREATE INDEX IF NOT EXISTS vectors_ns ON ${tables.of("vectors")} (ns, key, field);
    `);
    // Not while another process bulk-loads with the index down (it builds the index after).
    const { rows: free } = await db.query<{ free: boolean }>(
      "SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS free",
      [bulkLoadLockKey(tables)],
    );
    if (free[0]?.free) await db.query(vectorIndexSql(tables, hnsw));
    await db.query(`INSERT INTO ${tables.of("meta")} (key, value) VALUES ('dims', $1) ON CONFLICT (key) DO NOTHING`, [
      String(vectorDims),
    ]);
  }
  await db.query(
    `INSERT INTO ${tables.of("meta")} (key, value) VALUES ('schema_version', $1)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [String(POSTGRES_SCHEMA_VERSION)],
  );
}

/** The HNSW index over the vectors (pgvector, cosine), with the configured `m` and `ef_construction`. */
export function vectorIndexSql(tables: PostgresTables, hnsw: PostgresHnswOptions = {}): string {
  const m = hnsw.m ?? POSTGRES_DEFAULTS.m;
  const efc = hnsw.efConstruction ?? POSTGRES_DEFAULTS.efConstruction;
  return `CREATE INDEX IF NOT EXISTS vectors_hnsw ON ${tables.of("vectors")}
    USING hnsw (vec vector_cosine_ops) WITH (m = ${m}, ef_construction = ${efc})`;
}

/** The advisory lock a bulk load holds while the index is down (see {@link bulkLoadWithoutIndex}). */
function bulkLoadLockKey(tables: PostgresTables): string {
  return `langgraph-memory:${tables.schema}:bulk-load`;
}

const BulkLoadOptionsSchema = z
  .object({
    maintenanceWorkMem: z
      .string()
      .regex(/^[1-9][0-9]{0,6}(kB|MB|GB)$/u, "a size such as '512MB' or '4GB'")
      .optional(),
    parallelWorkers: z.number().int().min(0).max(64).optional(),
  })
  .strict();

/** What a bulk load needs of its store. */
export interface BulkLoadContext {
  tables: PostgresTables;
  hnsw?: PostgresHnswOptions;
  /** Run `work` in one transaction of the store's pool. */
  transaction<T>(work: (db: Queryable) => Promise<T>): Promise<T>;
  /** How to open a connection of its own, beside the pool. */
  connectionConfig: pg.ClientConfig;
}

/**
 * The settings of a bulk load's index build (PostgreSQL's `maintenance_work_mem` and
 * `max_parallel_maintenance_workers`), as name–value pairs.
 * @throws {InvalidConfigError} for options outside the schema.
 */
export function bulkLoadSettings(options: unknown): Array<[string, string]> {
  const parsed = BulkLoadOptionsSchema.safeParse(options);
  if (!parsed.success)
    throw new InvalidConfigError(`Invalid bulkLoad options: ${parsed.error.issues[0]?.message}`, {
      field: parsed.error.issues[0]?.path.join("."),
    });
  const settings: Array<[string, string]> = [];
  if (parsed.data.maintenanceWorkMem) settings.push(["maintenance_work_mem", parsed.data.maintenanceWorkMem]);
  if (parsed.data.parallelWorkers !== undefined)
    settings.push(["max_parallel_maintenance_workers", String(parsed.data.parallelWorkers)]);
  return settings;
}

/**
 * Run `work` with the HNSW index dropped, then build it once over the loaded rows with
 * `settings` (PostgresStore `bulkLoad`). The settings are tried on the server before anything
 * is dropped, so a refused one leaves the index in place; the index is rebuilt even when
 * `work` throws.
 * @throws {InvalidConfigError} for settings the server refuses.
 */
export async function bulkLoadWithoutIndex<T>(
  store: BulkLoadContext,
  work: () => Promise<T>,
  settings: Array<[string, string]>,
): Promise<T> {
  // The server has the last word on a setting ("1kB" is below maintenance_work_mem's minimum).
  await store
    .transaction(async (db) => {
      for (const [name, value] of settings) await db.query("SELECT set_config($1, $2, true)", [name, value]);
    })
    .catch((error: unknown) => {
      throw new InvalidConfigError(`Invalid bulkLoad options: ${(error as Error).message}`, { field: "options" });
    });
  // Held for the whole load on a connection of its own: migrate() in another process sees it
  // and leaves the index to this build instead of re-creating it empty (and the lock goes
  // with the connection if this process dies, so the next migrate() builds it).
  const guard = new pg.Client(store.connectionConfig);
  await guard.connect();
  try {
    await guard.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [bulkLoadLockKey(store.tables)]);
    await store.transaction((db) => db.query(`DROP INDEX IF EXISTS "${store.tables.schema}".vectors_hnsw`));
    let failure: { error: unknown } | undefined;
    let result: T | undefined;
    try {
      result = await work();
    } catch (error) {
      failure = { error };
    }
    try {
      await buildVectorIndex(store, settings);
    } catch (error) {
      // The load's own error says more; the index then waits for the next migrate().
      if (!failure) throw error;
    }
    if (failure) throw failure.error;
    // The keyword index's pending list (GIN fastupdate) holds the load's last rows unmerged,
    // up to gin_pending_list_limit, and every keyword probe scans it whole until a vacuum
    // merges it: merge it now, and gather the statistics the keyword channel reads.
    await store.transaction(async (db) => {
      await db.query(`SELECT gin_clean_pending_list('"${store.tables.schema}".items_terms'::regclass)`);
      await db.query(`ANALYZE ${store.tables.of("items")}`);
    });
    return result as T;
  } finally {
    await guard.end();
  }
}

/** Build the HNSW index with the given settings; once more without them if that fails. */
async function buildVectorIndex(store: BulkLoadContext, settings: Array<[string, string]>): Promise<void> {
  const sql = vectorIndexSql(store.tables, store.hnsw);
  try {
    await store.transaction(async (db) => {
      for (const [name, value] of settings) await db.query("SELECT set_config($1, $2, true)", [name, value]);
      await db.query(sql);
    });
  } catch (error) {
    if (settings.length === 0) throw error;
    await store.transaction((db) => db.query(sql));
  }
}
