/**
 * HNSWStore's keyword (BM25) search. Two paths, one answer shape:
 *
 * - a prefix holding exactly one namespace (every recall: a user's records, a tenant's
 *   knowledge) is searched in that namespace's in-memory index (keyword-index.ts), with the
 *   namespace's own statistics;
 * - a prefix spanning several namespaces (an operator's search across users) goes to SQLite
 *   FTS5, scoped by the prefix's token inside the MATCH, with database-wide statistics.
 *
 * Either way the filter is applied to the items (simple conditions in SQL, the rest in JS) and
 * pages are over-fetched until `offset + limit` items pass.
 */
import type { SearchItem } from "@langchain/langgraph-checkpoint";
import type { ItemFacets } from "./facets.js";
import { filterToSql, matchesFilter } from "./filter.js";
import { dropUbiquitousTerms, matchExpression, queryTerms } from "./keyword.js";
import type { KeywordIndexCache } from "./keyword-index.js";
import { prefixRange } from "./namespace.js";
import type { CheckedQuerySearch } from "./operations.js";
import type { RowCache } from "./row-cache.js";
import { type ItemRow, toItem } from "./rows.js";
import type { Statement } from "./sqlite.js";

/** A keyword search, checked (operations.ts checkQuerySearch). */
type KeywordQuery = CheckedQuerySearch;

export class KeywordSearch {
  /** Item rows read by searches so far (tests count them). */
  rowsRead = 0;

  /** Database-wide document frequencies for the FTS path, refreshed after enough writes. */
  private docFrequency = { terms: new Map<string, number>(), totalDocs: 0, writesSinceFill: Number.POSITIVE_INFINITY };

  constructor(
    private readonly stmt: (sql: string) => Statement,
    private readonly indexes: KeywordIndexCache,
    private readonly facets?: ItemFacets,
  ) {}

  /** Count writes: the FTS path's document frequencies are refreshed after 100 + 5% of the corpus. */
  noteWrites(count: number): void {
    this.docFrequency.writesSinceFill += count;
  }

  /** `cache`: rows are read through it, and the values returned are its frozen snapshots. */
  search(q: KeywordQuery, cache?: RowCache): SearchItem[] {
    if (q.limit === 0) return [];
    const range = prefixRange(q.prefix);
    const namespaces = this.stmt(
      `SELECT id FROM namespaces WHERE item_count > 0 ${range ? "AND path >= ? AND path < ?" : ""} LIMIT 2`,
    ).all(...(range ?? [])) as Array<{ id: number }>;
    if (namespaces.length === 0) return [];
    return namespaces.length === 1 ? this.searchNamespace(namespaces[0]!.id, q, cache) : this.searchFts(q);
  }

  private searchNamespace(nsId: number, q: KeywordQuery, cache: RowCache | undefined): SearchItem[] {
    const index = this.indexes.get(nsId);
    const terms = index.usefulTerms(queryTerms(q.query));
    if (terms.length === 0) return [];
    const pushed = filterToSql(q.filter, "i.value");
    const lookup = this.stmt(
      `SELECT i.id, i.path, i.key, i.value, i.created_at, i.updated_at
       FROM json_each(?) j JOIN items i ON i.id = j.value ${pushed.sql ? `WHERE ${pushed.sql}` : ""}`,
    );
    const want = q.offset + q.limit;
    const out: SearchItem[] = [];
    let seen = 0;
    let read = 0;
    // Facets drop hits the filter certainly fails before their rows are read: kept for a
    // namespace once a search there had to widen.
    let pruning = this.facets?.ready(nsId, q.filter) ?? false;
    // Hits for a larger k extend those for a smaller one (ties broken by id), so each round
    // only looks up the new tail.
    // Most filters (status: active) pass most items: start a little above `want`, widen ×4.
    for (let k = Math.ceil(want * 1.25) + 8; ; k *= 4) {
      if (k > Math.ceil(want * 1.25) + 8 && !pruning && this.facets) pruning = this.facets.prepare(nsId, q.filter);
      const hits = index.search(terms, k);
      const facets = pruning ? this.facets : undefined;
      const tail = facets ? hits.slice(read).filter((h) => !facets.fails(nsId, h.id, q.filter)) : hits.slice(read);
      read = hits.length;
      // Cached rows need no query (their values are judged by matchesFilter below).
      const missing = cache ? tail.filter((h) => !cache.item(h.id)).map((h) => h.id) : tail.map((h) => h.id);
      this.rowsRead += tail.length;
      const rows = new Map(
        (missing.length > 0 ? (lookup.all(JSON.stringify(missing), ...pushed.params) as ItemRow[]) : []).map((row) => [
          row.id,
          row,
        ]),
      );
      for (const hit of tail) {
        const cached = cache?.item(hit.id);
        const row = cached ? (cached.row as ItemRow) : rows.get(hit.id);
        if (!row) continue;
        const value = (cached?.value ??
          (cache ? cache.remember(row, JSON.parse(row.value)) : JSON.parse(row.value))) as Record<string, unknown>;
        if (!matchesFilter(value, q.filter)) continue;
        seen += 1;
        if (seen > q.offset) out.push({ ...toItem(row, value), score: hit.score });
        if (out.length >= q.limit) return out;
      }
      if (hits.length < k) return out;
    }
  }

  private searchFts(q: KeywordQuery): SearchItem[] {
    const match = matchExpression(q.prefix, this.ftsQueryTerms(q.query));
    if (!match) return [];
    const range = prefixRange(q.prefix);
    const pushed = filterToSql(q.filter, "i.value");
    // Rank inside FTS alone, then join items for one page of rowids: joined first, SQLite reads
    // (and json_extracts) the value of every matching row before sorting. The scope token in the
    // match scopes the search; the path range stays as a guard. LEFT JOIN: a row the pushed
    // filter rejects still comes back (as NULLs), so a short page still means the matches ran out.
    const stmt = this.stmt(
      `SELECT i.id, i.path, i.key, i.value, i.created_at, i.updated_at, f.rank
       FROM (SELECT rowid, bm25(fts, 0.0, 1.0) AS rank FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT ? OFFSET ?) f
       LEFT JOIN items i ON i.id = f.rowid ${range ? "AND i.path >= ? AND i.path < ?" : ""} ${pushed.sql ? `AND ${pushed.sql}` : ""}
       ORDER BY f.rank`,
    );
    const out: SearchItem[] = [];
    const want = q.offset + q.limit;
    let seen = 0;
    // Over-fetch pages until the filter has let `offset + limit` rows through.
    for (let page = 0, size = Math.max(want * 3, 48); out.length < q.limit; page += size, size *= 4) {
      const rows = stmt.all(match, size, page, ...(range ?? []), ...pushed.params) as Array<
        (ItemRow & { rank: number }) | { id: null; rank: number }
      >;
      this.rowsRead += rows.length;
      for (const row of rows) {
        if (out.length >= q.limit) break;
        if (row.id === null) continue;
        const item = toItem(row as ItemRow);
        if (!matchesFilter(item.value, q.filter)) continue;
        seen += 1;
        if (seen > q.offset) out.push({ ...item, score: -row.rank });
      }
      if (rows.length < size) break;
    }
    return out;
  }

  /** Query terms minus the database-wide ubiquitous ones, with cached document frequencies. */
  private ftsQueryTerms(query: string): string[] {
    const terms = queryTerms(query);
    if (terms.length <= 1) return terms;
    if (this.docFrequency.writesSinceFill > 100 + this.docFrequency.totalDocs * 0.05) {
      const total = this.stmt("SELECT coalesce(sum(item_count), 0) AS n FROM namespaces").get() as { n: number };
      this.docFrequency = { terms: new Map(), totalDocs: total.n, writesSinceFill: 0 };
    }
    const cache = this.docFrequency;
    const lookup = this.stmt("SELECT doc FROM fts_vocab WHERE term = ?");
    const df = (term: string) => {
      let n = cache.terms.get(term);
      if (n === undefined) {
        n = (lookup.get(term) as { doc: number } | undefined)?.doc ?? 0;
        if (cache.terms.size > 50_000) cache.terms.clear();
        cache.terms.set(term, n);
      }
      return n;
    };
    return dropUbiquitousTerms(terms, df, cache.totalDocs);
  }
}
