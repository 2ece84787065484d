/**
 * PostgresStore's reads: get, search (vector or listing), listNamespaces, the keyword channel
 * (`ts_rank` over the terms segmented in Node) and both channels ranked inside a set of items.
 */
import type { Item, ListNamespacesOperation, SearchItem } from "@langchain/langgraph-checkpoint";
import type { HybridHits } from "./contract.js";
import type { Filter } from "./filter.js";
import { dropUbiquitousTerms, queryTerms } from "./keyword.js";
import { listNamespacesOf } from "./namespace.js";
import type { CheckedQuerySearch } from "./operations.js";
import { filterSql, prefixSql } from "./postgres-filter.js";
import {
  type PostgresItemRow,
  type PostgresTables,
  type Queryable,
  scopeOf,
  toItem,
  toSearchItems,
  vectorLiteral,
} from "./postgres-rows.js";
import type { SearchOp } from "./vector-search.js";

/** What the reads need of their store. */
export interface PostgresSearchOptions {
  tables: PostgresTables;
  /** The store's pool, for reads outside a batch's transaction. */
  pool: Queryable;
  /** `hnsw.ef_search`, raised to the candidates a search needs. */
  efSearch: number;
  /** Fields embedded per item: a search reads this many vectors per item it wants. */
  fieldsPerItem: number;
}

export class PostgresSearch {
  private readonly tables: PostgresTables;
  private frequencies?: { at: number; map: Map<string, number> };

  constructor(private readonly options: PostgresSearchOptions) {
    this.tables = options.tables;
  }

  async getItem(db: Queryable, ns: string, key: string): Promise<Item | null> {
    const { rows } = await db.query<PostgresItemRow>(
      `SELECT ns, key, value, created_at, updated_at FROM ${this.tables.of("items")} WHERE scope = $3 AND ns = $1 AND key = $2`,
      [ns, key, scopeOf(ns)],
    );
    return rows[0] ? toItem(rows[0]) : null;
  }

  async searchItems(db: Queryable, op: SearchOp, query: Float32Array | undefined): Promise<SearchItem[]> {
    const params: unknown[] = [];
    const prefixWhere = prefixSql("i", op.namespacePrefix, params);
    const filterWhere = filterSql(op.filter, "i.value", params);
    const where = [prefixWhere, filterWhere].filter(Boolean);
    const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
    if (!query) {
      // In key order: the primary key serves it (a page of a large namespace sorts nothing).
      params.push(op.limit, op.offset);
      const { rows } = await db.query<PostgresItemRow>(
        `SELECT i.ns, i.key, i.value, i.created_at, i.updated_at FROM ${this.tables.of("items")} i ${whereSql}
         ORDER BY i.scope, i.ns, i.key LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return toSearchItems(rows, op.filter);
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
    let candidates = wanted * Math.max(1, this.options.fieldsPerItem) + 8;
    let hits: SearchItem[] = [];
    for (;;) {
      await db.query(`SET LOCAL hnsw.ef_search = ${Math.min(1000, Math.max(this.options.efSearch, candidates))}`);
      await db.query("SET LOCAL hnsw.iterative_scan = relaxed_order");
      // One row per hit, each with the number of vectors read; a single row of NULLs with that
      // number when none passed (so an empty prefix is not searched again with more candidates).
      const { rows } = await db.query<PostgresItemRow & { found: string }>(
        `WITH near AS MATERIALIZED (
           SELECT v.scope, v.ns, v.key, v.vec <=> ${q} AS distance FROM ${this.tables.of("vectors")} v ${near}
           ORDER BY v.vec <=> ${q} LIMIT ${candidates}
         ), best AS (SELECT scope, ns, key, 1 - min(distance) AS score FROM near GROUP BY scope, ns, key)
         SELECT c.found, r.* FROM (SELECT count(*) AS found FROM near) c LEFT JOIN LATERAL (
           SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, b.score
           FROM best b JOIN ${this.tables.of("items")} i ON i.scope = b.scope AND i.ns = b.ns AND i.key = b.key
           ${filterWhere ? `WHERE ${filterWhere}` : ""}
           ORDER BY b.score DESC, i.ns, i.key LIMIT ${wanted}
         ) r ON TRUE`,
        params,
      );
      hits = toSearchItems(
        rows.filter((r) => r.ns !== null),
        op.filter,
      );
      const exhausted = Number(rows[0]?.found ?? 0) < candidates;
      if (hits.length >= wanted || exhausted || candidates >= 20_000) break;
      candidates *= 4;
    }
    if (hits.length < wanted) {
      const { rows } = await db.query<PostgresItemRow>(
        `SELECT i.ns, i.key, i.value, i.created_at, i.updated_at FROM ${this.tables.of("items")} i
         ${whereSql ? `${whereSql} AND` : "WHERE"}
         NOT EXISTS (SELECT 1 FROM ${this.tables.of("vectors")} v WHERE v.scope = i.scope AND v.ns = i.ns AND v.key = i.key)
         ORDER BY i.scope, i.ns, i.key LIMIT ${wanted - hits.length}`,
        params.slice(0, -1),
      );
      hits.push(...toSearchItems(rows, op.filter));
    }
    return hits.slice(op.offset, op.offset + op.limit);
  }

  async listNamespaces(db: Queryable, op: ListNamespacesOperation): Promise<string[][]> {
    const { rows } = await db.query<{ ns: string }>(`SELECT ns FROM ${this.tables.of("namespaces")} ORDER BY ns`);
    return listNamespacesOf(
      rows.map((r) => r.ns),
      op,
    );
  }

  /** Keyword hits (`ts_rank`) of the checked search, best first. */
  async keywordSearch(search: CheckedQuerySearch): Promise<SearchItem[]> {
    const { prefix, query, filter, limit, offset } = search;
    const all = queryTerms(query);
    if (all.length === 0 || limit === 0) return [];
    // As in HNSWStore: terms in more than 30% of the documents (用户, "user") weigh nearly nothing
    // and would make the search rank a whole scope; the rarest term always stays.
    const frequencies = await this.termFrequencies();
    const terms = dropUbiquitousTerms(all, (term) => Math.round((frequencies.get(term) ?? 0) * 1000), 1000);
    const params: unknown[] = [];
    const where = [prefixSql("i", prefix, params), filterSql(filter, "i.value", params)].filter(Boolean);
    // The query's terms, OR-ed, as lexemes of the same `simple` parse the stored terms had.
    params.push(terms.join(" "));
    const tsq = `(SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) FROM unnest(to_tsvector('simple', $${params.length})))`;
    params.push(limit, offset);
    const { rows } = await this.options.pool.query<PostgresItemRow>(
      `WITH q AS (SELECT ${tsq} AS q)
       SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, ts_rank(i.terms, q.q, 1) AS score
       FROM ${this.tables.of("items")} i, q
       WHERE q.q IS NOT NULL AND i.terms @@ q.q ${where.length ? `AND ${where.join(" AND ")}` : ""}
       ORDER BY score DESC, i.ns, i.key LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return toSearchItems(rows, filter);
  }

  /**
   * Lexeme frequencies of the stored terms, from PostgreSQL's own statistics (`pg_stats`
   * most_common_elems, kept by ANALYZE / autovacuum), cached for a minute: no scan per query.
   */
  private async termFrequencies(): Promise<Map<string, number>> {
    const now = Date.now();
    if (this.frequencies && now - this.frequencies.at < 60_000) return this.frequencies.map;
    const { rows } = await this.options.pool.query<{ elems: string[] | null; freqs: number[] | null }>(
      `SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
       FROM pg_stats WHERE schemaname = $1 AND tablename = 'items' AND attname = 'terms'`,
      [this.tables.schema],
    );
    const map = new Map<string, number>();
    const { elems, freqs } = rows[0] ?? { elems: null, freqs: null };
    for (const [i, elem] of (elems ?? []).entries()) map.set(elem, Number(freqs?.[i] ?? 0));
    this.frequencies = { at: now, map };
    return map;
  }

  /** Both channels ranked inside the given items, each over every item passing the filter. */
  async rankWithin(
    refs: Array<{ ns: string; key: string }>,
    query: string,
    embedQuery: (() => Promise<Float32Array>) | undefined,
    filter: Filter | undefined,
    limit: number,
  ): Promise<HybridHits> {
    if (refs.length === 0 || limit === 0) return { ...(embedQuery ? { vector: [] } : {}), keyword: [] };
    const base: unknown[] = [refs.map((r) => scopeOf(r.ns)), refs.map((r) => r.ns), refs.map((r) => r.key)];
    const want = "unnest($1::text[], $2::text[], $3::text[]) AS w(scope, ns, key)";
    const vectorHits = async (): Promise<SearchItem[] | undefined> => {
      if (!embedQuery) return undefined;
      const vec = await embedQuery();
      const params = [...base];
      const filterWhere = filterSql(filter, "i.value", params);
      params.push(vectorLiteral(vec), limit);
      const { rows } = await this.options.pool.query<PostgresItemRow>(
        `SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, b.score FROM (
           SELECT v.scope, v.ns, v.key, 1 - min(v.vec <=> $${params.length - 1}::vector) AS score
           FROM ${this.tables.of("vectors")} v JOIN ${want} ON v.scope = w.scope AND v.ns = w.ns AND v.key = w.key
           GROUP BY v.scope, v.ns, v.key
         ) b JOIN ${this.tables.of("items")} i ON i.scope = b.scope AND i.ns = b.ns AND i.key = b.key
         ${filterWhere ? `WHERE ${filterWhere}` : ""}
         ORDER BY b.score DESC, i.ns, i.key LIMIT $${params.length}`,
        params,
      );
      return toSearchItems(rows, filter);
    };
    const keywordHits = async (): Promise<SearchItem[]> => {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      const params = [...base];
      const filterWhere = filterSql(filter, "i.value", params);
      params.push(terms.join(" "), limit);
      const { rows } = await this.options.pool.query<PostgresItemRow>(
        `WITH q AS (SELECT (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | '))
                            FROM unnest(to_tsvector('simple', $${params.length - 1}))) AS q)
         SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, ts_rank(i.terms, q.q, 1) AS score
         FROM ${this.tables.of("items")} i JOIN ${want} ON i.scope = w.scope AND i.ns = w.ns AND i.key = w.key, q
         WHERE q.q IS NOT NULL AND i.terms @@ q.q ${filterWhere ? `AND ${filterWhere}` : ""}
         ORDER BY score DESC, i.ns, i.key LIMIT $${params.length}`,
        params,
      );
      return toSearchItems(rows, filter);
    };
    const [vector, keyword] = await Promise.all([vectorHits(), keywordHits()]);
    return { ...(vector ? { vector } : {}), keyword };
  }
}
