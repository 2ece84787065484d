/**
 * How the CLI opens the store a command names: an existing directory or migrated PostgreSQL
 * schema that is only read or erased (never embedding), or one written to with the configured
 * embeddings; and `migrate`, which sets a PostgreSQL schema up.
 */
import fs from "node:fs";
import path from "node:path";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseStore } from "@langchain/langgraph";
import Database from "better-sqlite3";
import { InvalidConfigError } from "../errors.js";
import type { Memory } from "../memory.js";
import { RECORD_INDEX_FIELDS, RECORD_KEYWORD_ONLY_FIELDS } from "../namespaces.js";
import { DEFAULT_TENANT, type MemoryScope } from "../schema.js";
import type { HNSWStore } from "../store/hnsw-store.js";
import { readStoreStats } from "../store/stats.js";
import { CliError, USAGE } from "./cli-error.js";

/** Where a command's store is: a directory, or a PostgreSQL database and schema. */
export type Target = { dir: string } | { postgres: string; schema?: string };
/** The CLI never embeds (export reads, forget deletes): embeddings that say so if they are asked. */
const NO_EMBEDDINGS: EmbeddingsInterface = {
  embedQuery: () => Promise.reject(new InvalidConfigError("The langgraph-memory CLI does not embed text.")),
  embedDocuments: () => Promise.reject(new InvalidConfigError("The langgraph-memory CLI does not embed text.")),
};

/** The records' index at the dimensions a store was written with, embedding nothing (none: a store without vectors). */
function readOnlyIndex(dims: number | undefined) {
  return dims
    ? {
        index: {
          dims,
          embeddings: NO_EMBEDDINGS,
          fields: RECORD_INDEX_FIELDS,
          keywordOnly: RECORD_KEYWORD_ONLY_FIELDS,
        },
      }
    : {};
}

/** A facade over an existing store directory, opened with the dimensions its vectors have. */
async function openExisting(dir: string): Promise<{ memory: Memory; store: HNSWStore }> {
  // Refuses a directory that holds no store, rather than creating an empty one.
  readStoreStats(dir);
  const db = new Database(path.join(dir, "store.sqlite"), { readonly: true, fileMustExist: true });
  let dims: number | undefined;
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'dims'").get() as { value: string } | undefined;
    dims = row ? Number(row.value) : undefined;
  } finally {
    db.close();
  }
  // Loaded on use: usage errors and `stats` stay quick.
  const [{ createMemory }, { HNSWStore }, { recordStructure }] = await Promise.all([
    import("../memory.js"),
    import("../store/hnsw-store.js"),
    import("../facts/structure.js"),
  ]);
  const store = new HNSWStore({
    dir,
    structure: recordStructure,
    ...readOnlyIndex(dims),
  });
  return { memory: await createMemory({ store, env: {} }), store };
}
/**
 * A facade over an existing store that never embeds (export, forget): a directory opened with
 * the dimensions its vectors have, or a migrated PostgreSQL schema with its savers.
 */
export async function withExisting<T>(
  target: Target,
  run: (memory: Memory, store: BaseStore) => Promise<T>,
): Promise<T> {
  if ("dir" in target) {
    const { memory, store } = await openExisting(target.dir);
    try {
      return await run(memory, store);
    } finally {
      await memory.close();
      store.stop();
    }
  }
  const opened = await openExistingPostgres(target.postgres, target.schema);
  try {
    return await run(opened.memory, opened.store);
  } finally {
    await opened.close();
  }
}

/**
 * An operator's export or erasure names a user the store holds under that tenant: otherwise it
 * would report success over nothing. Where the user exists under other tenants, they are named.
 * @throws {CliError} exit 1, naming the tenants where the user exists, if any.
 */
export async function requireUser(store: BaseStore, scope: MemoryScope, command: string): Promise<void> {
  const tenant = scope.tenantId ?? DEFAULT_TENANT;
  const tenants = new Set<string>();
  const PAGE = 1000;
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.listNamespaces({ prefix: ["memory"], maxDepth: 3, limit: PAGE, offset });
    for (const [root, owner, user] of page) if (root === "memory" && user === scope.userId && owner) tenants.add(owner);
    if (page.length < PAGE) break;
  }
  if (tenants.has(tenant)) return;
  const where = [...tenants].sort();
  const shown = (t: string) => (t === DEFAULT_TENANT ? "(no tenant)" : `'${t}'`);
  throw new CliError(
    where.length === 0
      ? `No user '${scope.userId}' in this store: nothing to ${command}.`
      : `No user '${scope.userId}' under ` +
          `${scope.tenantId ? `tenant '${scope.tenantId}'` : "the default tenant"}; the user exists ` +
          `under ${where.map(shown).join(", ")}. Pass --tenant to ${command} there.`,
    1,
  );
}

/**
 * A facade over an existing store for a command that writes (maintain, sync, import), with the
 * configured embeddings; a store of other dimensions is refused by the store itself.
 */
export async function withWriter<T>(target: Target, command: string, run: (memory: Memory) => Promise<T>): Promise<T> {
  const { createMemory } = await import("../memory.js");
  let memory: Memory;
  if ("dir" in target) {
    // maintain has nothing to do without a store; sync and import may start one in a directory
    // made for it, never in a mistyped path.
    if (command === "maintain" && !fs.existsSync(path.join(target.dir, "store.sqlite")))
      throw new CliError(`No store at ${target.dir}: 'maintain' works on an existing store directory.`, 1);
    if (!fs.existsSync(target.dir))
      throw new CliError(
        `No directory ${target.dir}: pass the store's directory (create it first for a new store).`,
        1,
      );
    memory = await createMemory({ dir: target.dir });
  } else {
    // The schema must exist: a typo in --schema must not create an empty store.
    await existingDims(target.postgres, target.schema);
    memory = await createMemory({
      postgres: { connectionString: target.postgres, ...(target.schema ? { schema: target.schema } : {}) },
    });
  }
  try {
    return await run(memory);
  } finally {
    await memory.close();
  }
}

/**
 * The vector size a migrated schema holds (undefined: one without vectors).
 * @throws {CliError} when the database cannot be reached or has no such schema.
 */
async function existingDims(url: string, schema: string | undefined): Promise<number | undefined> {
  const [{ default: pg }, { POSTGRES_DEFAULTS }] = await Promise.all([
    import("pg"),
    import("../store/postgres-store.js"),
  ]);
  const name = schema ?? POSTGRES_DEFAULTS.schema;
  if (!/^[a-z_][a-z0-9_]{0,62}$/u.test(name))
    throw new CliError(`--schema must be lower-case letters, digits and _; received '${name}'.`, USAGE);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new CliError(`Cannot connect to PostgreSQL: ${(error as Error).message}`, 1);
  }
  try {
    const { rows } = await client.query<{ value: string }>(`SELECT value FROM "${name}".meta WHERE key = 'dims'`);
    return rows[0] ? Number(rows[0].value) : undefined;
  } catch (error) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: nothing migrated there.
    if (["42P01", "3F000"].includes((error as { code?: string }).code ?? ""))
      throw new CliError(
        `No langgraph-memory store in schema ${name}: run 'langgraph-memory migrate --postgres <url>${schema ? ` --schema ${name}` : ""}' first.`,
        1,
      );
    throw error;
  } finally {
    await client.end();
  }
}

/** A facade over a migrated PostgreSQL schema with the dimensions its vectors have; never embeds. */
async function openExistingPostgres(
  url: string,
  schema: string | undefined,
): Promise<{ memory: Memory; store: BaseStore; close(): Promise<void> }> {
  const dims = await existingDims(url, schema);
  const [{ createMemory }, { PostgresStore }, { openPostgresCheckpointers }, { recordStructure }] = await Promise.all([
    import("../memory.js"),
    import("../store/postgres-store.js"),
    import("../index.js"),
    import("../facts/structure.js"),
  ]);
  const store = new PostgresStore({
    connectionString: url,
    ...(schema ? { schema } : {}),
    structure: recordStructure,
    ...readOnlyIndex(dims),
  });
  let savers: Awaited<ReturnType<typeof openPostgresCheckpointers>> | undefined;
  let memory: Memory;
  try {
    savers = await openPostgresCheckpointers({ connectionString: url, ...(schema ? { schema } : {}) });
    memory = await createMemory({
      store,
      checkpointers: { sessions: savers.sessions, tasks: savers.tasks },
      env: {},
    });
  } catch (error) {
    await savers?.close();
    await store.end();
    throw error;
  }
  const opened = savers;
  return {
    memory,
    store,
    close: async () => {
      await memory.close();
      await opened.close();
      await store.end();
    },
  };
}

/** Set up (or upgrade) the PostgreSQL schemas of the store and both checkpointers. */
export async function migratePostgres(url: string, schema: string | undefined, dims: number | undefined) {
  const [
    { PostgresStore, POSTGRES_SCHEMA_VERSION, POSTGRES_DEFAULTS },
    { openPostgresCheckpointers },
    { resolveEmbeddings },
  ] = await Promise.all([import("../store/postgres-store.js"), import("../index.js"), import("../text/models.js")]);
  const resolved = dims ?? (await resolveEmbeddings({ env: process.env })).dims;
  const store = new PostgresStore({
    connectionString: url,
    ...(schema ? { schema } : {}),
    index: {
      dims: resolved,
      embeddings: NO_EMBEDDINGS,
      fields: RECORD_INDEX_FIELDS,
      keywordOnly: RECORD_KEYWORD_ONLY_FIELDS,
    },
  });
  try {
    await store.migrate();
  } finally {
    await store.end();
  }
  const savers = await openPostgresCheckpointers({ connectionString: url, ...(schema ? { schema } : {}) });
  await savers.close();
  return {
    schema: schema ?? POSTGRES_DEFAULTS.schema,
    version: POSTGRES_SCHEMA_VERSION,
    dims: resolved,
    checkpointers: savers.schemas,
  };
}
