/**
 * How many items say a term, as the keyword channel estimates it from PostgreSQL's own
 * statistics (kept by ANALYZE / autovacuum, read at most once a minute, no scan per query):
 * `pg_stats` most_common_elems of `items.terms` (each common lexeme's share of the rows), the
 * most common values of `items.scope` (each large scope's share) and `pg_class.reltuples`.
 * A term's rows in a scope are its share of the table times the scope's rows, as the planner
 * estimates them.
 */
import { encodeNamespace } from "./namespace.js";
import { type PostgresTables, type Queryable, SCOPE_LABELS } from "./postgres-rows.js";

/** How long statistics read from the server are used before they are read again. */
const STATISTICS_TTL_MS = 60_000;

/** What the server's statistics say of the items table. */
export interface TermStatistics {
  /** Each common lexeme's share of the items saying it (0 for a lexeme not among them). */
  share(lexeme: string): number;
  /** Estimated items under a namespace prefix: a scope's, or the whole table's for a shorter prefix. */
  rowsUnder(prefix: string[]): number;
}

interface StatsRow {
  elems: string[] | null;
  elem_freqs: number[] | null;
  scopes: string[] | null;
  scope_freqs: number[] | null;
  scope_distinct: number | null;
  reltuples: number | null;
}

export class PostgresTermStatistics {
  private cached?: { at: number; stats: TermStatistics };

  constructor(
    private readonly pool: Queryable,
    private readonly tables: PostgresTables,
  ) {}

  async read(): Promise<TermStatistics> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < STATISTICS_TTL_MS) return this.cached.stats;
    const { rows } = await this.pool.query<StatsRow>(
      `SELECT t.most_common_elems::text::text[] AS elems, t.most_common_elem_freqs AS elem_freqs,
         s.most_common_vals::text::text[] AS scopes, s.most_common_freqs AS scope_freqs, s.n_distinct AS scope_distinct,
         (SELECT c.reltuples FROM pg_class c WHERE c.oid = to_regclass($2)) AS reltuples
       FROM (SELECT 1) one
       LEFT JOIN pg_stats t ON t.schemaname = $1 AND t.tablename = 'items' AND t.attname = 'terms'
       LEFT JOIN pg_stats s ON s.schemaname = $1 AND s.tablename = 'items' AND s.attname = 'scope'`,
      [this.tables.schema, this.tables.of("items")],
    );
    const stats = statisticsOf(rows[0]);
    this.cached = { at: now, stats };
    return stats;
  }
}

function statisticsOf(row: StatsRow | undefined): TermStatistics {
  const shares = new Map<string, number>();
  for (const [i, elem] of (row?.elems ?? []).entries()) shares.set(elem, Number(row?.elem_freqs?.[i] ?? 0));
  const total = Math.max(0, Number(row?.reltuples ?? 0));
  const scopes = new Map<string, number>();
  for (const [i, scope] of (row?.scopes ?? []).entries()) scopes.set(scope, Number(row?.scope_freqs?.[i] ?? 0));
  // A scope outside the most common values: an even part of the rows those leave.
  const distinct = Number(row?.scope_distinct ?? 0);
  const scopeCount = distinct < 0 ? -distinct * total : distinct;
  const others = Math.max(1, scopeCount - scopes.size);
  const listed = [...scopes.values()].reduce((a, b) => a + b, 0);
  const otherShare = scopeCount > 0 ? Math.max(0, 1 - listed) / others : 1;
  return {
    share: (lexeme) => shares.get(lexeme) ?? 0,
    rowsUnder: (prefix) => {
      if (prefix.length < SCOPE_LABELS) return total;
      return total * (scopes.get(encodeNamespace(prefix.slice(0, SCOPE_LABELS))) ?? otherShare);
    },
  };
}
