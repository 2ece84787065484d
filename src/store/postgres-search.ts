/**
 * PostgresStore's reads: get, search (vector or listing), listNamespaces, the keyword channel
 * (`ts_rank` over the terms segmented in Node) and both channels ranked inside a set of items.
 * A hybrid search is one statement: the vector candidates, the items without vectors that
 * follow them, and the keyword ranking come back together, tagged by channel. The HNSW
 * settings a vector search needs are set inside its statement (`set_config`, local to the
 * transaction), so no search needs a transaction of its own.
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
import { PostgresTermStatistics } from "./postgres-terms.js";
import type { SearchOp } from "./vector-search.js";

/**
 * Most rows one query term brings to the keyword ranking (per term, after the filter; at least
 * twice the page asked for): a word that thousands of a scope's memories say ranks this many of
 * them, not every row, so a search costs the same in a scope of 2,000 memories and of 100,000.
 * A rarer term's rows are all ranked: a result differs only among rows matching a common word.
 * Not from a seed: a few times the deepest page recall asks for (24 × 3).
 */
export const KEYWORD_ROWS_PER_TERM = 256;

/** Rows one term brings to the keyword ranking of a page of `page` items. */
const rowsPerTerm = (page: number) => Math.max(KEYWORD_ROWS_PER_TERM, 2 * page);

/** A query's keyword terms: the rare ones bring their rows always, the common ones when those fall short. */
interface KeywordTerms {
  rare: string[];
  common: string[];
}

/** Vector candidates are grown ×4 up to this many when the filter leaves fewer than wanted. */
const MAX_VECTOR_CANDIDATES = 20_000;

/** A row of a fused statement: which list it belongs to, the vectors read, the item (or NULLs). */
type FusedRow = PostgresItemRow & {
  /** The operation's place in its batch. */
  op: number;
  channel: "found" | "vector" | "bare" | "keyword" | "list";
  found: number | null;
};

/** What a search asks of the vector channel, as SQL parts over `params`. */
interface VectorQuery {
  prefixWhere: string;
  filterWhere: string;
  /** The query vector's parameter, `$n::vector`. */
  q: string;
  candidates: number;
  wanted: number;
  /** Ends the names of the search's CTEs (several searches share one statement). */
  tag: string;
}

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
  private readonly statistics: PostgresTermStatistics;

  constructor(private readonly options: PostgresSearchOptions) {
    this.tables = options.tables;
    this.statistics = new PostgresTermStatistics(options.pool, options.tables);
  }

  /** Several items by namespace and key in one statement, in the order asked (null where none). */
  async getItems(db: Queryable, refs: Array<{ ns: string; key: string }>): Promise<Array<Item | null>> {
    if (refs.length === 0) return [];
    const { rows } = await db.query<PostgresItemRow & { at: string }>(
      `SELECT w.at, i.ns, i.key, i.value, i.created_at, i.updated_at
       FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS w(scope, ns, key, at)
       JOIN ${this.tables.of("items")} i ON i.scope = w.scope AND i.ns = w.ns AND i.key = w.key`,
      [refs.map((r) => scopeOf(r.ns)), refs.map((r) => r.ns), refs.map((r) => r.key)],
    );
    const found = new Map(rows.map((row) => [Number(row.at) - 1, toItem(row)]));
    return refs.map((_, at) => found.get(at) ?? null);
  }

  /**
   * One search, vector (first round from `candidates`) or listing; as one operation of
   * {@link searchMany}.
   */
  async searchItems(
    db: Queryable,
    op: SearchOp,
    query: Float32Array | undefined,
    candidates?: number,
  ): Promise<SearchItem[]> {
    if (query && candidates !== undefined) {
      const params: unknown[] = [];
      const vq = this.vectorQuery(op, query, params, "");
      return this.vectorPages(db, op, params, vq, candidates);
    }
    return (await this.searchMany(db, [{ op, query }]))[0]!;
  }

  /**
   * A batch's searches in one statement, each operation's rows tagged with its place: listings
   * in key order (the primary key serves them: a page of a large namespace sorts nothing), and
   * vector searches' first rounds. A vector search whose filter left it short of its page while
   * its prefix has more vectors continues on its own, with more candidates.
   */
  async searchMany(
    db: Queryable,
    searches: Array<{ op: SearchOp; query: Float32Array | undefined }>,
  ): Promise<SearchItem[][]> {
    const params: unknown[] = [];
    const ctes: string[] = [];
    const selects: string[] = [];
    const vectorQueries = new Map<number, VectorQuery>();
    for (const [at, { op, query }] of searches.entries()) {
      if (op.limit === 0) continue;
      if (query) {
        const vq = this.vectorQuery(op, query, params, `_${at}`);
        vectorQueries.set(at, vq);
        ctes.push(this.vectorCtes(vq));
        selects.push(this.vectorSelect(vq, at));
        continue;
      }
      const where = [prefixSql("i", op.namespacePrefix, params), filterSql(op.filter, "i.value", params)].filter(
        Boolean,
      );
      params.push(op.limit, op.offset);
      selects.push(`(SELECT ${at} AS op, 'list' AS channel, NULL::int AS found, i.ns, i.key, i.value, i.created_at,
          i.updated_at, NULL::text AS score FROM ${this.tables.of("items")} i ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY i.scope, i.ns, i.key LIMIT $${params.length - 1} OFFSET $${params.length})`);
    }
    const byOp = new Map<number, FusedRow[]>();
    if (selects.length > 0) {
      const { rows } = await db.query<FusedRow>(
        `${ctes.length ? `WITH ${ctes.join(", ")}` : ""} ${selects.join(" UNION ALL ")}`,
        params,
      );
      for (const row of rows) byOp.set(Number(row.op), [...(byOp.get(Number(row.op)) ?? []), row]);
    }
    const results: SearchItem[][] = [];
    for (const [at, { op, query }] of searches.entries()) {
      const rows = byOp.get(at) ?? [];
      const vq = vectorQueries.get(at);
      if (!vq) results.push(toSearchItems(rows, op.filter));
      else results.push(this.vectorPage(op, vq, rows) ?? (await this.searchItems(db, op, query, vq.candidates * 4)));
    }
    return results;
  }

  /** A vector search's SQL parts, its parameters pushed onto `params`; CTE names end in `tag`. */
  private vectorQuery(op: SearchOp, query: Float32Array, params: unknown[], tag: string): VectorQuery {
    const prefixWhere = prefixSql("i", op.namespacePrefix, params);
    const filterWhere = filterSql(op.filter, "i.value", params);
    params.push(vectorLiteral(query));
    const wanted = op.limit + op.offset;
    const candidates = this.firstCandidates(wanted);
    return { prefixWhere, filterWhere, q: `$${params.length}::vector`, candidates, wanted, tag };
  }

  /**
   * Both channels of a search in one statement (HybridSearchable): the vector page as
   * `searchItems` gives it and the keyword page as `keywordSearch` gives it. Only when the
   * filter rejects more of the nearest vectors than a first round allows does the vector
   * channel take more statements, growing its candidates as `searchItems` does.
   */
  async hybridSearch(search: CheckedQuerySearch, query: Float32Array): Promise<HybridHits> {
    const { prefix, filter, limit, offset } = search;
    const op: SearchOp = { namespacePrefix: prefix, filter, limit, offset, query: search.query };
    if (limit === 0) return { vector: [], keyword: [] };
    const terms = await this.keywordTerms(search.query, prefix, limit + offset);
    const params: unknown[] = [];
    const vq = this.vectorQuery(op, query, params, "");
    const keyword = terms ? this.keywordSql(vq.prefixWhere, vq.filterWhere, terms, limit, offset, params) : undefined;
    const { rows } = await this.options.pool.query<FusedRow>(
      `WITH ${this.vectorCtes(vq)}${keyword ? `, ${keyword.ctes}` : ""}
       ${this.vectorSelect(vq, 0)}
       ${keyword ? `UNION ALL (SELECT 0, 'keyword', NULL, k.ns, k.key, k.value, k.created_at, k.updated_at, k.score::text FROM (${keyword.select}) k)` : ""}`,
      params,
    );
    const keywordHits = toSearchItems(
      rows.filter((r) => r.channel === "keyword"),
      filter,
    );
    const vector = this.vectorPage(op, vq, rows);
    if (vector) return { vector, keyword: keywordHits };
    const vectorParams = params.slice(0, params.length - (keyword?.params ?? 0));
    return {
      vector: await this.vectorPages(this.options.pool, op, vectorParams, vq, vq.candidates * 4),
      keyword: keywordHits,
    };
  }

  /**
   * Many searches in one statement (a round of a recall plan, recall-plan.ts): each hybrid one
   * answered as {@link hybridSearch} answers it, each keyword one as {@link keywordSearch}, their
   * CTEs and rows tagged with their place. Only a vector channel whose filter rejected more of
   * the nearest vectors than a first round allows takes statements of its own. A `probe` (only
   * whether any item says one of the terms) is answered with the first such item found, unranked.
   */
  async lookupMany(
    lookups: Array<{ search: CheckedQuerySearch; vector: Float32Array | undefined; probe?: boolean }>,
  ): Promise<HybridHits[]> {
    const params: unknown[] = [];
    const ctes: string[] = [];
    const selects: string[] = [];
    const vectorQueries = new Map<number, VectorQuery>();
    const probes = new Map<string, { search: CheckedQuerySearch; ats: number[]; texts: string[] }>();
    for (const [at, { search, vector, probe }] of lookups.entries()) {
      const { prefix, filter, limit, offset } = search;
      if (limit === 0) continue;
      const terms = await this.keywordTerms(search.query, prefix, limit + offset);
      if (probe && !vector) {
        if (!terms) continue;
        const key = JSON.stringify([prefix, filter ?? null]);
        const group = probes.get(key) ?? { search, ats: [], texts: [] };
        probes.set(key, group);
        group.ats.push(at);
        group.texts.push([...terms.rare, ...terms.common].join(" "));
        continue;
      }
      let where: { prefixWhere: string; filterWhere: string };
      if (vector) {
        const op: SearchOp = { namespacePrefix: prefix, filter, limit, offset, query: search.query };
        const vq = this.vectorQuery(op, vector, params, `_${at}`);
        vectorQueries.set(at, vq);
        ctes.push(this.vectorCtes(vq));
        selects.push(this.vectorSelect(vq, at));
        where = vq;
      } else where = { prefixWhere: prefixSql("i", prefix, params), filterWhere: filterSql(filter, "i.value", params) };
      if (!terms) continue;
      const keyword = this.keywordSql(where.prefixWhere, where.filterWhere, terms, limit, offset, params, `_${at}`);
      ctes.push(keyword.ctes);
      selects.push(`(SELECT ${at} AS op, 'keyword' AS channel, NULL::int AS found, k.ns, k.key, k.value, k.created_at,
          k.updated_at, k.score::text AS score FROM (${keyword.select}) k)`);
    }
    for (const { search, ats, texts } of probes.values()) selects.push(this.probeSql(search, ats, texts, params));
    const byOp = new Map<number, FusedRow[]>();
    if (selects.length > 0) {
      const { rows } = await this.options.pool.query<FusedRow>(
        `${ctes.length ? `WITH ${ctes.join(", ")}` : ""} ${selects.join(" UNION ALL ")}`,
        params,
      );
      for (const row of rows) {
        const op = Number(row.op);
        const list = byOp.get(op) ?? [];
        if (list.length === 0) byOp.set(op, list);
        list.push(row);
      }
    }
    const results: HybridHits[] = [];
    for (const [at, { search, vector }] of lookups.entries()) {
      const rows = byOp.get(at) ?? [];
      const keyword = toSearchItems(
        rows.filter((r) => r.channel === "keyword"),
        search.filter,
      );
      const vq = vectorQueries.get(at);
      if (!vector) results.push({ keyword });
      else if (!vq) results.push({ vector: [], keyword });
      else {
        const { prefix, filter, limit, offset } = search;
        const op: SearchOp = { namespacePrefix: prefix, filter, limit, offset, query: search.query };
        const hits =
          this.vectorPage(op, vq, rows) ?? (await this.searchItems(this.options.pool, op, vector, vq.candidates * 4));
        results.push({ vector: hits, keyword });
      }
    }
    return results;
  }

  /**
   * Probes sharing a prefix and filter, as one SELECT: for each (its place in `ats`, its terms in
   * `texts`), the first item under the prefix passing the filter that says one of its lexemes,
   * through the same LATERAL probe of each lexeme's GIN postings as {@link keywordSql}.
   */
  private probeSql(search: CheckedQuerySearch, ats: number[], texts: string[], params: unknown[]): string {
    const where = [prefixSql("i", search.prefix, params), filterSql(search.filter, "i.value", params)].filter(Boolean);
    params.push(ats, texts);
    return `(SELECT p.at AS op, 'keyword' AS channel, NULL::int AS found, h.ns, h.key, h.value, h.created_at, h.updated_at,
        NULL::text AS score FROM unnest($${params.length - 1}::int[], $${params.length}::text[]) AS p(at, text)
      CROSS JOIN LATERAL (
        SELECT c.* FROM (SELECT DISTINCT lexeme FROM unnest(to_tsvector('simple', p.text))) l CROSS JOIN LATERAL (
          SELECT i.ns, i.key, i.value, i.created_at, i.updated_at FROM ${this.tables.of("items")} i
          WHERE i.terms @@ to_tsquery('simple', quote_literal(l.lexeme)) ${where.length ? `AND ${where.join(" AND ")}` : ""}
          LIMIT ${rowsPerTerm(1)}
        ) c LIMIT 1
      ) h)`;
  }

  /** The first round's vector candidates: enough for every field of the wanted items, and some. */
  private firstCandidates(wanted: number): number {
    return wanted * Math.max(1, this.options.fieldsPerItem) + 8;
  }

  /**
   * The vector page, one statement per round from `candidates` on: the nearest vectors of the
   * prefix first, then one score per item (its best field) and the filter on the items. The
   * candidates grow until enough items pass or the prefix has no more vectors; items without
   * vectors (put with index: false) follow unscored, as in InMemoryStore.
   */
  private async vectorPages(
    db: Queryable,
    op: SearchOp,
    params: unknown[],
    vq: VectorQuery,
    candidates: number,
  ): Promise<SearchItem[]> {
    for (let round = candidates; ; round *= 4) {
      const at = { ...vq, candidates: round };
      const { rows } = await db.query<FusedRow>(`WITH ${this.vectorCtes(at)} ${this.vectorSelect(at, 0)}`, params);
      const page = this.vectorPage(op, at, rows, round >= MAX_VECTOR_CANDIDATES);
      if (page) return page;
    }
  }

  /**
   * The vector channel's page from a fused statement's rows, or undefined when the filter left
   * fewer items than wanted while the prefix has more vectors than were read (`last` forces an
   * answer, as the candidates' bound).
   */
  private vectorPage(op: SearchOp, vq: VectorQuery, rows: FusedRow[], last = false): SearchItem[] | undefined {
    const hits = toSearchItems(
      rows.filter((r) => r.channel === "vector"),
      op.filter,
    );
    const exhausted = Number(rows.find((r) => r.channel === "found")?.found ?? 0) < vq.candidates;
    if (hits.length < vq.wanted && !exhausted && !last) return undefined;
    if (hits.length < vq.wanted)
      hits.push(
        ...toSearchItems(
          rows.filter((r) => r.channel === "bare"),
          op.filter,
        ),
      );
    return hits.slice(op.offset, op.offset + op.limit);
  }

  /**
   * The vector channel's CTEs: `near`, the nearest vectors of the prefix, read from the vectors
   * table alone so PostgreSQL picks the path (pgvector's HNSW index for a large scope, the
   * (scope, ns) key and an exact sort for a small one); `vec`, the best-scored items passing
   * the filter. The HNSW settings are set by a one-time filter of `near`, evaluated before its
   * scan starts; `set_config(..., true)` keeps them to the transaction (the statement, outside one).
   */
  private vectorCtes(vq: VectorQuery): string {
    const { tag } = vq;
    const ef = Math.min(1000, Math.max(this.options.efSearch, vq.candidates));
    const settings = `(SELECT set_config('hnsw.ef_search', '${ef}', true) || set_config('hnsw.iterative_scan', 'relaxed_order', true)) IS NOT NULL`;
    const near = [vq.prefixWhere.replaceAll("i.", "v."), settings].filter(Boolean).join(" AND ");
    return `near${tag} AS MATERIALIZED (
        SELECT v.scope, v.ns, v.key, v.vec <=> ${vq.q} AS distance FROM ${this.tables.of("vectors")} v WHERE ${near}
        ORDER BY v.vec <=> ${vq.q} LIMIT ${vq.candidates}
      ), best${tag} AS (SELECT scope, ns, key, 1 - min(distance) AS score FROM near${tag} GROUP BY scope, ns, key),
      vec${tag} AS MATERIALIZED (
        SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, b.score
        FROM best${tag} b JOIN ${this.tables.of("items")} i ON i.scope = b.scope AND i.ns = b.ns AND i.key = b.key
        ${vq.filterWhere ? `WHERE ${vq.filterWhere}` : ""}
        ORDER BY b.score DESC, i.ns, i.key LIMIT ${vq.wanted}
      )`;
  }

  /**
   * The vector channel's rows, tagged with operation `op`: one `found` row (the vectors read),
   * the `vector` hits, and, only when the hits fall short and the prefix's vectors ran out, the
   * `bare` items (no vectors, in key order). Scores as text, so each keeps the digits its own
   * type prints.
   */
  private vectorSelect(vq: VectorQuery, op: number): string {
    const { tag } = vq;
    const where = [vq.prefixWhere, vq.filterWhere].filter(Boolean);
    return `SELECT ${op} AS op, 'found' AS channel, count(*)::int AS found, NULL::text AS ns, NULL::text AS key,
         NULL::jsonb AS value, NULL::timestamptz AS created_at, NULL::timestamptz AS updated_at, NULL::text AS score FROM near${tag}
       UNION ALL SELECT ${op}, 'vector', NULL, ns, key, value, created_at, updated_at, score::text FROM vec${tag}
       UNION ALL (SELECT ${op}, 'bare', NULL, i.ns, i.key, i.value, i.created_at, i.updated_at, NULL FROM ${this.tables.of("items")} i
         WHERE ${where.length ? `${where.join(" AND ")} AND` : ""}
           (SELECT count(*) FROM vec${tag}) < ${vq.wanted} AND (SELECT count(*) FROM near${tag}) < ${vq.candidates}
           AND NOT EXISTS (SELECT 1 FROM ${this.tables.of("vectors")} v WHERE v.scope = i.scope AND v.ns = i.ns AND v.key = i.key)
         ORDER BY i.scope, i.ns, i.key LIMIT ${vq.wanted})`;
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
    if (limit === 0) return [];
    const terms = await this.keywordTerms(query, prefix, limit + offset);
    if (!terms) return [];
    const params: unknown[] = [];
    const keyword = this.keywordSql(
      prefixSql("i", prefix, params),
      filterSql(filter, "i.value", params),
      terms,
      limit,
      offset,
      params,
    );
    const { rows } = await this.options.pool.query<PostgresItemRow>(`WITH ${keyword.ctes} ${keyword.select}`, params);
    return toSearchItems(rows, filter);
  }

  /**
   * The query's terms for the keyword channel, undefined when it has none. As in HNSWStore:
   * terms in more than 30% of the documents (用户, "user") weigh nearly nothing and would make
   * the search rank a whole scope; the rarest term always stays. Of the others, those the
   * statistics say more rows under the prefix than a term brings to the ranking are `common`
   * (all but the rarest, when all are): their rows would be cut to an arbitrary few anyway, so
   * they bring rows only when the rare terms bring fewer than the page (they still weigh in the
   * ranking).
   */
  private async keywordTerms(query: string, prefix: string[], page: number): Promise<KeywordTerms | undefined> {
    const all = queryTerms(query);
    if (all.length === 0) return undefined;
    const stats = await this.statistics.read();
    const terms = dropUbiquitousTerms(all, (term) => Math.round(stats.share(term) * 1000), 1000);
    const cap = rowsPerTerm(page);
    const rows = stats.rowsUnder(prefix);
    const common = terms.filter((term) => stats.share(term) * rows > cap);
    if (common.length === terms.length) {
      const rarest = common.reduce((a, b) => (stats.share(b) < stats.share(a) ? b : a));
      common.splice(common.indexOf(rarest), 1);
    }
    return { rare: terms.filter((term) => !common.includes(term)), common };
  }

  /**
   * The keyword channel as SQL: the terms, OR-ed, as lexemes of the same `simple` parse the
   * stored terms had; each rare lexeme brings at most {@link KEYWORD_ROWS_PER_TERM} rows of the
   * prefix passing the filter (its GIN postings, through a LATERAL probe with a LIMIT), each
   * common one as many only when the rare ones brought fewer rows than the page, and `ts_rank`
   * orders their union, keys and terms only: the values are read for the page alone. `params`
   * counts the parameters it added; the CTEs' names end in `tag` (several searches share one
   * statement).
   */
  private keywordSql(
    prefixWhere: string,
    filterWhere: string,
    terms: KeywordTerms,
    limit: number,
    offset: number,
    params: unknown[],
    tag = "",
  ): { ctes: string; select: string; params: number } {
    const before = params.length;
    params.push(terms.rare.join(" "), limit, offset);
    const [text, lim, off] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
    const where = [prefixWhere, filterWhere].filter(Boolean);
    const postings = (lexemes: string) => `SELECT c.* FROM ${lexemes} l CROSS JOIN LATERAL (
          SELECT i.scope, i.ns, i.key, i.terms FROM ${this.tables.of("items")} i
          WHERE i.terms @@ to_tsquery('simple', quote_literal(l.lexeme)) ${where.length ? `AND ${where.join(" AND ")}` : ""}
          LIMIT ${rowsPerTerm(limit + offset)}
        ) c`;
    let ctes = `kw_lexemes${tag} AS (SELECT DISTINCT lexeme FROM unnest(to_tsvector('simple', ${text})))`;
    let found = postings(`kw_lexemes${tag}`);
    let all = `kw_lexemes${tag}`;
    if (terms.common.length > 0) {
      params.push(terms.common.join(" "));
      ctes += `, kw_common${tag} AS (SELECT DISTINCT lexeme FROM unnest(to_tsvector('simple', $${params.length}))
          WHERE lexeme NOT IN (SELECT lexeme FROM kw_lexemes${tag})),
        kw_rare${tag} AS MATERIALIZED (${found})`;
      found = `SELECT * FROM kw_rare${tag} UNION ALL ${postings(`kw_common${tag}`)}
        WHERE (SELECT count(*) FROM (SELECT DISTINCT ns, key FROM kw_rare${tag}) r) < ${limit + offset}`;
      all = `(SELECT lexeme FROM kw_lexemes${tag} UNION ALL SELECT lexeme FROM kw_common${tag})`;
    }
    ctes += `,
      kw_query${tag} AS MATERIALIZED (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS q FROM ${all} a),
      kw_rows${tag} AS (SELECT DISTINCT ON (c.ns, c.key) c.* FROM (${found}) c ORDER BY c.ns, c.key)`;
    // The page is ranked on the terms alone; only its rows' values are read.
    const select = `SELECT i.ns, i.key, i.value, i.created_at, i.updated_at, p.score FROM (
         SELECT r.scope, r.ns, r.key, ts_rank(r.terms, q.q, 1) AS score FROM kw_rows${tag} r, kw_query${tag} q
         ORDER BY score DESC, r.ns, r.key LIMIT ${lim} OFFSET ${off}
       ) p JOIN ${this.tables.of("items")} i ON i.scope = p.scope AND i.ns = p.ns AND i.key = p.key
       ORDER BY p.score DESC, p.ns, p.key`;
    return { ctes, select, params: params.length - before };
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
    const params: unknown[] = [refs.map((r) => scopeOf(r.ns)), refs.map((r) => r.ns), refs.map((r) => r.key)];
    const members = "SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS w(scope, ns, key)";
    return (await this.rankAmong(members, params, query, embedQuery, filter, limit)).hits;
  }

  /**
   * Both channels ranked inside the items `members` selects (SQL over `params`, columns scope,
   * ns, key), each over every item passing the filter, in one statement; `matched` counts the
   * members.
   */
  async rankAmong(
    members: string,
    params: unknown[],
    query: string,
    embedQuery: (() => Promise<Float32Array>) | undefined,
    filter: Filter | undefined,
    limit: number,
  ): Promise<{ matched: number; hits: HybridHits }> {
    const vec = embedQuery ? await embedQuery() : undefined;
    const terms = queryTerms(query);
    const filterWhere = filterSql(filter, "i.value", params);
    params.push(limit);
    const lim = `$${params.length}`;
    const ctes = [`w AS MATERIALIZED (${members})`];
    const selects = [
      `SELECT 'found' AS channel, count(*)::int AS found, NULL::text AS ns, NULL::text AS key, NULL::jsonb AS value,
         NULL::timestamptz AS created_at, NULL::timestamptz AS updated_at, NULL::text AS score FROM w`,
    ];
    const columns = "i.ns, i.key, i.value, i.created_at, i.updated_at";
    // Each member's item (and vectors) by its key, from the members' side: a LATERAL probe the
    // planner cannot turn around into a scan of every row matching the query's words.
    const item = `CROSS JOIN LATERAL (SELECT * FROM ${this.tables.of("items")} i
      WHERE i.scope = w.scope AND i.ns = w.ns AND i.key = w.key LIMIT 1) i`;
    if (vec) {
      params.push(vectorLiteral(vec));
      ctes.push(`vec AS (
        SELECT ${columns}, 1 - b.distance AS score FROM w CROSS JOIN LATERAL (
          SELECT min(v.vec <=> $${params.length}::vector) AS distance FROM ${this.tables.of("vectors")} v
          WHERE v.scope = w.scope AND v.ns = w.ns AND v.key = w.key
        ) b ${item}
        WHERE b.distance IS NOT NULL ${filterWhere ? `AND ${filterWhere}` : ""}
        ORDER BY score DESC, i.ns, i.key LIMIT ${lim})`);
      selects.push("SELECT 'vector', NULL, ns, key, value, created_at, updated_at, score::text FROM vec");
    }
    if (terms.length > 0) {
      params.push(terms.join(" "));
      ctes.push(`kw_query AS MATERIALIZED (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS q
                                  FROM unnest(to_tsvector('simple', $${params.length}))),
        kw AS (
          SELECT ${columns}, ts_rank(i.terms, q.q, 1) AS score FROM w ${item}, kw_query q
          WHERE q.q IS NOT NULL AND i.terms @@ q.q ${filterWhere ? `AND ${filterWhere}` : ""}
          ORDER BY score DESC, i.ns, i.key LIMIT ${lim})`);
      selects.push("SELECT 'keyword', NULL, ns, key, value, created_at, updated_at, score::text FROM kw");
    }
    const { rows } = await this.options.pool.query<FusedRow>(
      `WITH ${ctes.join(", ")} ${selects.join(" UNION ALL ")}`,
      params,
    );
    const of = (channel: FusedRow["channel"]) =>
      toSearchItems(
        rows.filter((r) => r.channel === channel),
        filter,
      );
    const matched = Number(rows.find((r) => r.channel === "found")?.found ?? 0);
    return { matched, hits: { ...(vec ? { vector: of("vector") } : {}), keyword: of("keyword") } };
  }
}
