/**
 * What a PostgreSQL store holds, for `langgraph-memory stats --postgres`: the per-user counts a
 * store directory reports (stats.ts: records by status and kind, history, traces, knowledge
 * chunks), and the size of the schema's tables and indexes. Plain reads in one snapshot: it
 * works while applications write.
 */
import pg from "pg";
import { InvalidConfigError, NotFoundError } from "../errors.js";
import { prefixRange } from "./namespace.js";
import { POSTGRES_DEFAULTS } from "./postgres-store.js";
import { type NamespaceCountRow, recordSectionSql, type StoreStats, summarizeStoreRows } from "./stats.js";

export interface PostgresStoreStats extends Pick<StoreStats, "schemaVersion" | "users" | "totals" | "knowledge"> {
  schema: string;
  /** On-disk size of the store's tables (heap and TOAST) and of their indexes, HNSW included. */
  bytes: { total: number; tables: number; indexes: number };
}

/**
 * Read the counts of the store in `schema`.
 * @throws {NotFoundError} when the schema holds no store (`migrate` never ran there).
 * @example
 * const stats = await readPostgresStats(process.env.DATABASE_URL!);
 * stats.totals.records;
 */
export async function readPostgresStats(
  connectionString: string,
  schema: string = POSTGRES_DEFAULTS.schema,
): Promise<PostgresStoreStats> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/u.test(schema))
    throw new InvalidConfigError(`Invalid schema name '${schema}': lower-case letters, digits and _.`, {
      field: "schema",
    });
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    let version: string | null;
    try {
      const { rows } = await client.query<{ value: string }>(
        `SELECT value FROM "${schema}".meta WHERE key = 'schema_version'`,
      );
      version = rows[0]?.value ?? null;
    } catch (error) {
      // 42P01 undefined_table, 3F000 invalid_schema_name.
      if (["42P01", "3F000"].includes((error as { code?: string }).code ?? ""))
        throw new NotFoundError(`Schema ${schema} holds no langgraph-memory store (run migrate first).`, { schema });
      throw error;
    }
    const grouped = async (prefix: string, split: boolean) => {
      const [low, high] = prefixRange([prefix])!;
      const { rows } = await client.query<NamespaceCountRow>(
        split
          ? `SELECT ns AS path,
                    CASE WHEN ${recordSectionSql("ns")} THEN value->>'status' END AS status,
                    CASE WHEN ${recordSectionSql("ns")} THEN value->>'kind' END AS kind,
                    count(*)::int AS n
               FROM "${schema}".items WHERE ns >= $1 AND ns < $2 GROUP BY 1, 2, 3 ORDER BY 1`
          : `SELECT ns AS path, count(*)::int AS n FROM "${schema}".items
              WHERE ns >= $1 AND ns < $2 GROUP BY 1 ORDER BY 1`,
        [low, high],
      );
      return rows;
    };
    const memoryRows = await grouped("memory", true);
    const knowledgeRows = await grouped("knowledge", false);
    const { rows: sizes } = await client.query<{ tables: string; indexes: string }>(
      `SELECT coalesce(sum(pg_table_size(c.oid)), 0) AS tables, coalesce(sum(pg_indexes_size(c.oid)), 0) AS indexes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind = 'r'`,
      [schema],
    );
    const tables = Number(sizes[0]?.tables ?? 0);
    const indexes = Number(sizes[0]?.indexes ?? 0);
    return {
      schema,
      schemaVersion: version,
      bytes: { total: tables + indexes, tables, indexes },
      ...summarizeStoreRows(memoryRows, knowledgeRows),
    };
  } finally {
    await client.query("ROLLBACK").catch(() => {});
    await client.end();
  }
}
