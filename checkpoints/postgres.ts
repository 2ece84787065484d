/**
 * The session and task checkpointers on PostgreSQL: LangGraph's `PostgresSaver`, each in a
 * schema of its own (`<schema>_sessions`, `<schema>_tasks`), so they are two savers as the
 * SQLite ones are two files (savers.ts says why): a session's expiry deletes its thread, which
 * must never be a task's. `deleteThread` deletes the thread's checkpoints, blobs and writes;
 * forgetting a user deletes every thread of theirs (src/forget).
 *
 * `PostgresSaver.setup()` creates its tables; it runs here once per saver under an advisory
 * lock, so many processes starting together do not race on its migrations table.
 */
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { InvalidConfigError } from "../src/errors.js";
import type { Checkpointers } from "../src/threads/registry.js";

export interface PostgresCheckpointersOptions {
  connectionString: string;
  /** Prefix of the savers' schemas. @default "langgraph_memory" */
  schema?: string;
  /** Connections per saver. @default 5 */
  poolMax?: number;
}

export interface OpenedPostgresCheckpointers extends Checkpointers {
  /** The savers' schemas, for operations (backups, forget-me checks). */
  readonly schemas: { sessions: string; tasks: string };
  /** End both savers' pools. */
  close(): Promise<void>;
}

/**
 * Open (and set up) the session and task savers on one database.
 * @example
 * const { sessions, tasks, close } = await openPostgresCheckpointers({ connectionString: process.env.DATABASE_URL! });
 * const agent = builder.compile({ checkpointer: sessions });
 * await close();
 */
export async function openPostgresCheckpointers(
  options: PostgresCheckpointersOptions,
): Promise<OpenedPostgresCheckpointers> {
  const prefix = options.schema ?? "langgraph_memory";
  if (!/^[a-z_][a-z0-9_]{0,50}$/u.test(prefix))
    throw new InvalidConfigError(
      `Invalid checkpoint schema prefix '${prefix}': lower-case letters, digits and _ (a PostgreSQL identifier).`,
      { field: "schema" },
    );
  const schemas = { sessions: `${prefix}_sessions`, tasks: `${prefix}_tasks` };
  const pools: pg.Pool[] = [];
  const saver = (schema: string) => {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolMax ?? 5 });
    pools.push(pool);
    return new PostgresSaver(pool, undefined, { schema });
  };
  const sessions = saver(schemas.sessions);
  const tasks = saver(schemas.tasks);
  const close = async () => {
    await Promise.all(pools.map((pool) => pool.end()));
  };
  try {
    const client = await pools[0]!.connect();
    try {
      await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [`langgraph-memory:setup:${prefix}`]);
      await sessions.setup();
      await tasks.setup();
    } finally {
      const unlocked = await client
        .query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [`langgraph-memory:setup:${prefix}`])
        .then(
          () => true,
          () => false,
        );
      client.release(!unlocked);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { sessions, tasks, schemas, close };
}
