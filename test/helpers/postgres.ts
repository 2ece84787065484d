/**
 * The PostgreSQL suites' server: `LGM_TEST_POSTGRES_URL`, which `.ci/run` sets to a throwaway
 * cluster it starts (scripts/pg-cluster.sh). Without it the suites are skipped locally, with a
 * line saying why; in CI (`CI` set) a missing server fails the run instead of skipping it.
 * Every store a test makes lives in a schema of its own, dropped when the test file ends.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";
import { PostgresStore, type PostgresStoreOptions } from "../../src/store/postgres-store.js";
import { DIMS, testEmbeddings } from "./store.js";

export const POSTGRES_URL = process.env.LGM_TEST_POSTGRES_URL;

if (!POSTGRES_URL && process.env.CI)
  throw new Error(
    "LGM_TEST_POSTGRES_URL is not set: CI runs the PostgreSQL suites against the server .ci/run starts (scripts/pg-cluster.sh).",
  );

/** Why the PostgreSQL suites are skipped here, or undefined when they run. */
export const POSTGRES_SKIP_REASON = POSTGRES_URL
  ? undefined
  : "no PostgreSQL server: set LGM_TEST_POSTGRES_URL (scripts/pg-cluster.sh start <dir> prints one) to run these suites";

let warned = false;
/** Print the skip reason once per test file. */
export function noteSkip(suite: string): void {
  if (POSTGRES_SKIP_REASON && !warned) {
    warned = true;
    console.warn(`[${suite}] skipped: ${POSTGRES_SKIP_REASON}`);
  }
}

const schemas = new Set<string>();
const stores = new Set<PostgresStore>();

let pool: pg.Pool | undefined;

afterAll(async () => {
  for (const store of stores) await store.end();
  stores.clear();
  await pool?.end();
  pool = undefined;
  if (!POSTGRES_URL || schemas.size === 0) return;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
  schemas.clear();
});

/** A fresh schema name, dropped after the test file. */
export function freshSchema(): string {
  const schema = `lgm_t_${randomBytes(6).toString("hex")}`;
  schemas.add(schema);
  return schema;
}

/** Drop this schema too after the test file (one a saver or facade made from a prefix). */
export function registerSchema(schema: string): void {
  schemas.add(schema);
}

/**
 * One pool for the stores of a test file that makes many (a store per case): each store's own
 * pool would hold its connections until the file ends, past the server's max_connections.
 */
export function sharedPool(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: POSTGRES_URL, max: 6 });
  return pool;
}

/** A PostgresStore on a fresh schema, ended after the test file (`pool` given: on that pool). */
export function openPostgresStore(extra: Partial<PostgresStoreOptions> = {}): PostgresStore {
  const store = new PostgresStore({
    ...(extra.pool ? {} : { connectionString: POSTGRES_URL! }),
    schema: freshSchema(),
    index: { dims: DIMS, embeddings: testEmbeddings(), fields: ["content"] },
    poolMax: 4,
    ...extra,
  });
  stores.add(store);
  return store;
}

/** Drop one store's schema now (a test that wants its tables gone before the file ends). */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
  schemas.delete(schema);
}

/**
 * Hold a scope's lock as another process would: resolves once it is held; `release()` lets go
 * and resolves when the holder has finished.
 */
export async function holdScopeLock(store: PostgresStore, key: string): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const holder = store.withScopeLock(key, async () => {
    entered();
    await held;
  });
  await inside;
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}
