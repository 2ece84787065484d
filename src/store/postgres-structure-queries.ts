/**
 * PostgresStore's structured queries (contract.ts StructuredSearchable) over its tables
 * `item_days` and `facts`, with the same answers and bounds as HNSWStore's
 * (sqlite-structure-queries.ts): every query is scoped by its prefix (and by the scope column
 * when the prefix names one), limited, and served by an index: (scope, ns, day), (scope, ns,
 * md), (scope, ns, subject_key, predicate, id), (scope, ns, object_key, predicate, id),
 * (scope, ns, predicate, id). A probe per entity key and
 * side reads newest first with a LIMIT (LATERAL), so an entity named by thousands of facts costs
 * its limit, not its facts.
 */
import type { FactHit, FactPath, ItemRef } from "./contract.js";
import { joinFactPaths, newest, probeKeys } from "./fact-paths.js";
import { decodeNamespace, encodeNamespace, pathsUnder, prefixRange } from "./namespace.js";
import type { DaysQuery, FactPathsQuery, FactsQuery } from "./operations.js";
import { type PostgresTables, SCOPE_LABELS, scopeOf } from "./postgres-rows.js";

/** What the queries need of the store: a query function (the schema migrated) and its tables. */
export interface StructureQueryDb {
  query<R>(sql: string, params: unknown[]): Promise<{ rows: R[] }>;
  tables: PostgresTables;
}

interface FactRow {
  id: string;
  ns: string;
  key: string;
  subject: string;
  predicate: string;
  object: string;
  subject_key: string;
  object_key: string;
}

const FACT_COLUMNS = "f.id, f.ns, f.key, f.subject, f.predicate, f.object, f.subject_key, f.object_key";

const itemOf = (row: { ns: string; key: string }) => `${row.ns}\u0001${row.key}`;

function hit(row: FactRow): FactHit {
  return {
    namespace: decodeNamespace(row.ns),
    key: row.key,
    subject: row.subject,
    predicate: row.predicate,
    object: row.object,
    subjectKey: row.subject_key,
    objectKey: row.object_key,
  };
}

export class PostgresStructureQueries {
  constructor(private readonly db: StructureQueryDb) {}

  /**
   * The rows' namespace condition on `alias`: exactly `namespaces` (those under the prefix) when
   * given, else the prefix range; with the scope named whenever every namespace has one.
   */
  private where(
    alias: string,
    prefix: string[],
    namespaces: string[][] | undefined,
    params: unknown[],
  ): string | undefined {
    if (namespaces) {
      const paths = pathsUnder(prefix, namespaces);
      if (paths.length === 0) return undefined;
      const scopes = [...new Set(paths.map((p) => scopeOf(p)))];
      // One scope (recall's records and episodes of one user): equalities the indexes start with.
      if (scopes.length === 1) {
        params.push(scopes[0], paths);
        return `${alias}.scope = $${params.length - 1} AND ${alias}.ns = ANY($${params.length}::text[])`;
      }
      params.push(
        paths.map((p) => scopeOf(p)),
        paths,
      );
      return `(${alias}.scope, ${alias}.ns) IN (SELECT * FROM unnest($${params.length - 1}::text[], $${params.length}::text[]))`;
    }
    const clauses: string[] = [];
    const range = prefixRange(prefix);
    if (range) {
      params.push(range[0], range[1]);
      clauses.push(`${alias}.ns >= $${params.length - 1} AND ${alias}.ns < $${params.length}`);
    }
    if (prefix.length >= SCOPE_LABELS) {
      params.push(encodeNamespace(prefix.slice(0, SCOPE_LABELS)));
      clauses.push(`${alias}.scope = $${params.length}`);
    }
    return clauses.length ? clauses.join(" AND ") : "TRUE";
  }

  /**
   * The namespaces a fact probe reads, each with its scope: `namespaces` (those under the prefix)
   * when given, else those under the prefix that hold facts (a user's prefix also holds a
   * namespace per memory key and the history, none with facts). A probe per namespace reads one
   * index range newest first, so its LIMIT bounds the rows read.
   */
  private async places(
    prefix: string[],
    namespaces: string[][] | undefined,
  ): Promise<Array<{ scope: string; ns: string }>> {
    if (namespaces) return pathsUnder(prefix, namespaces).map((ns) => ({ scope: scopeOf(ns), ns }));
    const params: unknown[] = [];
    const where = this.where("n", prefix, undefined, params) ?? "TRUE";
    const { rows } = await this.db.query<{ scope: string; ns: string }>(
      `SELECT n.scope, n.ns FROM ${this.db.tables.of("namespaces")} n WHERE ${where}
         AND EXISTS (SELECT 1 FROM ${this.db.tables.of("facts")} f WHERE f.scope = n.scope AND f.ns = n.ns)
       ORDER BY n.scope, n.ns LIMIT 64`,
      params,
    );
    return rows;
  }

  async itemsOnDays(query: DaysQuery): Promise<ItemRef[]> {
    const params: unknown[] = [];
    const sql = this.itemsOnDaysSql(query, params);
    if (!sql) return [];
    const { rows } = await this.db.query<{ ns: string; key: string }>(sql, params);
    return rows.map((r) => ({ namespace: decodeNamespace(r.ns), key: r.key }));
  }

  /**
   * itemsOnDays as SQL over `params` (columns scope, ns, key, day; newest day first), for a
   * statement that ranks inside them; undefined when no item can match.
   */
  itemsOnDaysSql({ prefix, days, limit: cap, namespaces }: DaysQuery, params: unknown[]): string | undefined {
    const ranges = (days.ranges ?? []).slice(0, 16);
    const monthDays = (days.monthDays ?? []).slice(0, 16);
    if (cap <= 0 || ranges.length + monthDays.length === 0) return undefined;
    const where = this.where("d", prefix, namespaces, params);
    if (!where) return undefined;
    const conditions = [
      ...ranges.map((r) => {
        params.push(r.from, r.to);
        return `d.day BETWEEN $${params.length - 1} AND $${params.length}`;
      }),
      ...monthDays.map((r) => {
        params.push(r.from, r.to);
        return `d.md BETWEEN $${params.length - 1} AND $${params.length}`;
      }),
    ].join(" OR ");
    params.push(cap);
    return `SELECT d.scope, d.ns, d.key, max(d.day) AS day FROM ${this.db.tables.of("item_days")} d
       WHERE ${where} AND (${conditions})
       GROUP BY d.scope, d.ns, d.key ORDER BY day DESC, d.ns DESC, d.key DESC LIMIT $${params.length}`;
  }

  async factsAbout({ prefix, entityKeys, limit: cap, predicate, namespaces }: FactsQuery): Promise<FactHit[]> {
    if (cap <= 0) return [];
    if (entityKeys.length === 0) {
      if (predicate === undefined) return [];
      const places = await this.places(prefix, namespaces);
      if (places.length === 0) return [];
      const { rows } = await this.db.query<FactRow>(
        `SELECT ${FACT_COLUMNS} FROM unnest($1::text[], $2::text[]) AS p(scope, ns), LATERAL (
           SELECT * FROM ${this.db.tables.of("facts")} f
           WHERE f.scope = p.scope AND f.ns = p.ns AND f.predicate = $3 ORDER BY f.id DESC LIMIT $4
         ) f ORDER BY f.id DESC LIMIT $4`,
        [places.map((p) => p.scope), places.map((p) => p.ns), predicate, cap],
      );
      return rows.map(hit);
    }
    const rows = await this.touching(
      prefix,
      namespaces,
      probeKeys(entityKeys),
      predicate === undefined ? undefined : [predicate],
      cap,
    );
    return newest(rows, cap).map(hit);
  }

  async factPaths({ prefix, entityKeys, limit: cap, predicates, namespaces }: FactPathsQuery): Promise<FactPath[]> {
    if (entityKeys.length === 0 || cap <= 0) return [];
    const probe = (keys: string[], asked: string[] | undefined, perProbe: number) =>
      this.touching(prefix, namespaces, keys, asked, perProbe);
    const paths = await joinFactPaths(entityKeys, predicates, cap, probe, itemOf);
    return paths.map(({ first, second }) => ({ first: hit(first), second: hit(second) }));
  }

  /**
   * Facts with one of `keys` as subject or object (of one of `predicates` when given): per key,
   * side (and predicate), the newest `perProbe` rows, each probe an index range read with a LIMIT.
   */
  private async touching(
    prefix: string[],
    namespaces: string[][] | undefined,
    keys: string[],
    predicates: string[] | undefined,
    perProbe: number,
  ): Promise<FactRow[]> {
    if (keys.length === 0 || predicates?.length === 0) return [];
    const places = await this.places(prefix, namespaces);
    if (places.length === 0) return [];
    const params: unknown[] = [places.map((p) => p.scope), places.map((p) => p.ns), keys, perProbe];
    let probes = `SELECT p.scope, p.ns, k.key FROM unnest($1::text[], $2::text[]) AS p(scope, ns), unnest($3::text[]) AS k(key)`;
    if (predicates) {
      params.push(predicates);
      probes = `SELECT p.scope, p.ns, k.key, q.predicate FROM unnest($1::text[], $2::text[]) AS p(scope, ns),
        unnest($3::text[]) AS k(key), unnest($5::text[]) AS q(predicate)`;
    }
    const side = (column: string) => `
      SELECT ${FACT_COLUMNS} FROM probes, LATERAL (
        SELECT * FROM ${this.db.tables.of("facts")} f
        WHERE f.scope = probes.scope AND f.ns = probes.ns AND f.${column} = probes.key${predicates ? " AND f.predicate = probes.predicate" : ""}
        ORDER BY f.id DESC LIMIT $4
      ) f`;
    const { rows } = await this.db.query<FactRow>(
      `WITH probes AS (${probes}) ${side("subject_key")} UNION ${side("object_key")}`,
      params,
    );
    return rows;
  }
}
