/**
 * PostgresStore's version and tuning defaults, apart from the modules that use the pg driver:
 * the package's declarations re-export them without naming pg's types.
 */

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
