/**
 * The inspector's listing on PostgreSQL (a schema PostgresStore has validated and migrated): the SQL listing (listing.ts) over its own small pool,
 * each page one statement on the items table of the store's schema, using the per-scope index
 * `(scope, ns, updated_at)`.
 */
import pg from "pg";
import { encodeNamespace } from "../store/namespace.js";
import { POSTGRES_DEFAULTS } from "../store/postgres-defaults.js";
import { postgresTables, scopeOf } from "../store/postgres-rows.js";
import { type Listing, sqlListing } from "./listing.js";

/**
 * @example
 * const listing = openPostgresListing("postgres://app@db.internal:5432/agents");
 * await listing.scopes();
 * await listing.close();
 */
export function openPostgresListing(connectionString: string, schema: string = POSTGRES_DEFAULTS.schema): Listing {
  const pool = new pg.Pool({ connectionString, max: 2 });
  return sqlListing({
    async all(sql, args) {
      let n = 0;
      const text = sql.replaceAll("?", () => `$${++n}`);
      // Every page only reads: a read-only transaction says so to the server too.
      const client = await pool.connect();
      try {
        await client.query("BEGIN READ ONLY");
        const { rows } = await client.query(text, args);
        await client.query("COMMIT");
        return rows as Record<string, unknown>[];
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    table: postgresTables(schema).of("items"),
    ns: "ns",
    tieBreak: "key",
    field: (name) => `(value #>> '{${name.split(".").join(",")}}')`,
    contains: (haystack, needle) => `strpos(${haystack}, ${needle}) > 0`,
    scoped: (namespace) => ({ where: "scope = ?", args: [scopeOf(encodeNamespace(namespace))] }),
    close: () => pool.end(),
  });
}
