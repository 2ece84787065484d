/**
 * HNSWStore's structured queries (contract.ts StructuredSearchable) over its SQLite tables
 * `item_days` and `facts`: every query is scoped by the namespace range of its prefix, bounded
 * by a limit, and served by an index ((ns_id, day), (ns_id, md), (ns_id, subject_key[, predicate]),
 * (ns_id, object_key[, predicate]), (ns_id, predicate)): no OR across columns, which SQLite
 * would answer by scanning every fact of the scope.
 */
import type { SearchItem } from "@langchain/langgraph-checkpoint";
import {
  type DayCondition,
  type FactHit,
  type FactPath,
  type HybridHits,
  type ItemRef,
  MAX_STRUCTURED_ROWS,
} from "./contract.js";
import { joinFactPaths, newest, probeKeys } from "./fact-paths.js";
import { type Filter, filterToSql, matchesFilter } from "./filter.js";
import { queryTerms } from "./keyword.js";
import type { KeywordIndexCache } from "./keyword-index.js";
import { decodeNamespace, encodeNamespace, pathsUnder, prefixRange } from "./namespace.js";
import type { DaysQuery, FactPathsQuery, FactsQuery, SearchOnDaysQuery, SearchWithinQuery } from "./operations.js";
import { type ItemRow, toItem } from "./rows.js";
import type { Statement } from "./sqlite.js";
import { bufferToVector } from "./vector-index.js";

/** A fact row as probed (the item's path and key are looked up for the rows returned). */
type FactRow = {
  id: number;
  item_id: number;
  subject: string;
  predicate: string;
  object: string;
  subject_key: string;
  object_key: string;
};

const FACT_COLUMNS = "id, item_id, subject, predicate, object, subject_key, object_key";
type Side = "subject" | "object";

export class SqliteStructureQueries {
  constructor(
    private readonly stmt: (sql: string) => Statement,
    /** The namespaces' in-memory keyword postings, when the store has them. */
    private readonly keywords?: KeywordIndexCache,
  ) {}

  /**
   * The namespaces a structured query reads: `namespaces` (those under the prefix) when given,
   * else every namespace under the prefix that holds structured rows. A user's prefix also
   * holds a namespace per memory key and the history: thousands, none with rows, so a query
   * never probes per namespace of the prefix.
   */
  private namespaceIds(prefix: string[], namespaces?: string[][]): number[] {
    if (namespaces) {
      const paths = pathsUnder(prefix, namespaces);
      return (
        this.stmt("SELECT id FROM namespaces WHERE path IN (SELECT value FROM json_each(?))").all(
          JSON.stringify(paths),
        ) as Array<{ id: number }>
      ).map((r) => r.id);
    }
    const range = prefixRange(prefix);
    const holding = `(EXISTS (SELECT 1 FROM facts f WHERE f.ns_id = n.id) OR EXISTS (SELECT 1 FROM item_days d WHERE d.ns_id = n.id))`;
    const rows = (
      range
        ? this.stmt(`SELECT n.id FROM namespaces n WHERE n.path >= ? AND n.path < ? AND ${holding}`).all(...range)
        : this.stmt(`SELECT n.id FROM namespaces n WHERE ${holding}`).all()
    ) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }

  itemsOnDays({ prefix, days, limit, namespaces }: DaysQuery): ItemRef[] {
    const members = this.dayMembers(this.namespaceIds(prefix, namespaces), days, limit);
    const where = this.places(members.map((m) => m.id));
    return members.map((m) => {
      const place = where.get(m.id)!;
      return { namespace: decodeNamespace(place.path), key: place.key };
    });
  }

  /**
   * {@link itemsOnDays} and {@link searchWithin} in one step, by item id (no round trip through
   * namespace paths and keys): the items of the days in exactly these namespaces, ranked inside.
   * `matched`: how many items the days selected, before the filter.
   */
  searchOnDays(
    { namespaces, days, query, filter, limit }: SearchOnDaysQuery,
    queryVector: Float32Array | undefined,
  ): { matched: number; hits: HybridHits } {
    const ns = this.namespaceIds([], namespaces);
    const members = this.dayMembers(ns, days, MAX_STRUCTURED_ROWS);
    return { matched: members.length, hits: this.rankMembers(members, query, queryVector, filter, limit) };
  }

  /** Items (id, namespace id) of the days, newest day first, at most `limit`. */
  private dayMembers(ns: number[], days: DayCondition, limit: number): Array<{ id: number; ns_id: number }> {
    const ranges = (days.ranges ?? []).slice(0, 16);
    const monthDays = (days.monthDays ?? []).slice(0, 16);
    if (ns.length === 0 || ranges.length + monthDays.length === 0) return [];
    const conditions = [
      ...ranges.map(() => "d.day BETWEEN ? AND ?"),
      ...monthDays.map(() => "d.md BETWEEN ? AND ?"),
    ].join(" OR ");
    const params = [...ranges.flatMap((r) => [r.from, r.to]), ...monthDays.flatMap((r) => [r.from, r.to])];
    return this.stmt(
      `SELECT d.item_id AS id, d.ns_id, MAX(d.day) AS day FROM item_days d
       WHERE d.ns_id IN (SELECT value FROM json_each(?)) AND (${conditions})
       GROUP BY d.item_id ORDER BY day DESC, d.item_id DESC LIMIT ?`,
    ).all(JSON.stringify(ns), ...params, Math.min(limit, MAX_STRUCTURED_ROWS)) as Array<{ id: number; ns_id: number }>;
  }

  /**
   * Facts touching the entities (newest first), or of one predicate. Every probe is an equality
   * on a whole index prefix read newest first with a limit (src/store/sqlite.ts: facts_by_subject,
   * facts_by_object and their predicate forms, facts_by_predicate), so a request reads at most its
   * limit per probe, and a probe runs only for a (namespace, key, side) that holds a fact
   * ({@link present}).
   */
  factsAbout({ prefix, entityKeys, limit: cap, predicate, namespaces }: FactsQuery): FactHit[] {
    const ns = this.namespaceIds(prefix, namespaces);
    if (ns.length === 0 || cap <= 0) return [];
    if (entityKeys.length === 0) {
      if (predicate === undefined) return [];
      const rows: FactRow[] = [];
      for (const id of ns)
        rows.push(
          ...(this.stmt(
            `SELECT ${FACT_COLUMNS} FROM facts WHERE ns_id = ? AND predicate = ? ORDER BY id DESC LIMIT ?`,
          ).all(id, predicate, cap) as FactRow[]),
        );
      return this.hits(newest(rows, cap));
    }
    const predicates = predicate === undefined ? undefined : [predicate];
    return this.hits(newest(this.touching(ns, probeKeys(entityKeys), predicates, cap), cap));
  }

  /** Two-step facts (fact-paths.ts joinFactPaths) over this store's probes. */
  async factPaths({ prefix, entityKeys, limit: cap, predicates, namespaces }: FactPathsQuery): Promise<FactPath[]> {
    const ns = this.namespaceIds(prefix, namespaces);
    if (ns.length === 0 || entityKeys.length === 0 || cap <= 0) return [];
    const probe = (keys: string[], asked: string[] | undefined, perProbe: number) =>
      this.touching(ns, keys, asked, perProbe);
    const chosen = await joinFactPaths(entityKeys, predicates, cap, probe, (row) => row.item_id);
    const where = this.places(chosen.flatMap((p) => [p.first.item_id, p.second.item_id]));
    return chosen.map(({ first, second }) => ({
      first: factHit(first, where.get(first.item_id)!),
      second: factHit(second, where.get(second.item_id)!),
    }));
  }

  /**
   * Facts with one of `keys` as subject or object (of one of `predicates` when given), newest
   * first per probe, at most `perProbe` rows each; only the probes {@link present} finds rows for.
   */
  private touching(ns: number[], keys: string[], predicates: string[] | undefined, perProbe: number): FactRow[] {
    const seen = new Map<number, FactRow>();
    for (const { nsId, key, side, predicate } of this.present(ns, keys, predicates)) {
      const rows = (
        predicate === undefined
          ? this.stmt(
              `SELECT ${FACT_COLUMNS} FROM facts WHERE ns_id = ? AND ${side}_key = ? ORDER BY id DESC LIMIT ?`,
            ).all(nsId, key, perProbe)
          : this.stmt(
              `SELECT ${FACT_COLUMNS} FROM facts WHERE ns_id = ? AND ${side}_key = ? AND predicate = ? ORDER BY id DESC LIMIT ?`,
            ).all(nsId, key, predicate, perProbe)
      ) as FactRow[];
      for (const row of rows) seen.set(row.id, row);
    }
    return [...seen.values()];
  }

  /**
   * The (namespace, key, side[, predicate]) combinations that hold a fact, by one statement of
   * index seeks: a query's many n-grams that name nothing cost a seek each, not a probe.
   */
  private present(
    ns: number[],
    keys: string[],
    predicates: string[] | undefined,
  ): Array<{ nsId: number; key: string; side: Side; predicate?: string }> {
    if (keys.length === 0 || predicates?.length === 0) return [];
    const params = {
      ns: JSON.stringify(ns),
      keys: JSON.stringify(keys),
      ...(predicates ? { predicates: JSON.stringify(predicates) } : {}),
    };
    const sideSql = (side: Side) =>
      predicates === undefined
        ? `SELECT n.value AS ns_id, k.value AS key, '${side}' AS side, NULL AS predicate
           FROM json_each(@ns) n, json_each(@keys) k
           WHERE EXISTS (SELECT 1 FROM facts f WHERE f.ns_id = n.value AND f.${side}_key = k.value)`
        : `SELECT n.value AS ns_id, k.value AS key, '${side}' AS side, p.value AS predicate
           FROM json_each(@ns) n, json_each(@keys) k, json_each(@predicates) p
           WHERE EXISTS (SELECT 1 FROM facts f WHERE f.ns_id = n.value AND f.${side}_key = k.value AND f.predicate = p.value)`;
    const rows = this.stmt(`${sideSql("subject")} UNION ALL ${sideSql("object")}`).all(params) as Array<{
      ns_id: number;
      key: string;
      side: Side;
      predicate: string | null;
    }>;
    return rows.map((r) => ({
      nsId: r.ns_id,
      key: r.key,
      side: r.side,
      ...(r.predicate === null ? {} : { predicate: r.predicate }),
    }));
  }

  /** Fact rows as hits, with their item's namespace and key. */
  private hits(rows: FactRow[]): FactHit[] {
    const where = this.places(rows.map((r) => r.item_id));
    return rows.map((r) => factHit(r, where.get(r.item_id)!));
  }

  /** Namespace path and key of each item id. */
  private places(itemIds: number[]): Map<number, { path: string; key: string }> {
    const ids = [...new Set(itemIds)];
    if (ids.length === 0) return new Map();
    const rows = this.stmt("SELECT id, path, key FROM items WHERE id IN (SELECT value FROM json_each(?))").all(
      JSON.stringify(ids),
    ) as Array<{ id: number; path: string; key: string }>;
    return new Map(rows.map((r) => [r.id, { path: r.path, key: r.key }]));
  }

  /**
   * Rank a given set of items: exact cosine against their stored vectors (an item is as close
   * as its closest vector, as in search()) and BM25 over their keyword bodies, the set being
   * the corpus (a word common on the asked day weighs less). Items failing the filter are left
   * out of both. Keyword statistics come from the namespaces' in-memory postings, vectors from
   * SQLite; only the best items' values are read and parsed.
   */
  searchWithin({ items, query, filter, limit }: SearchWithinQuery, queryVector: Float32Array | undefined): HybridHits {
    const refs = items.slice(0, MAX_STRUCTURED_ROWS).map((ref) => [encodeNamespace(ref.namespace), ref.key]);
    const empty = { ...(queryVector ? { vector: [] } : {}), keyword: [] };
    if (refs.length === 0 || limit <= 0) return empty;
    // The filter's simple conditions in SQL; matchesFilter judges the rest on the values read.
    const pushed = filterToSql(filter, "i.value");
    const members = this.stmt(
      `SELECT i.id, i.ns_id FROM json_each(?) j
       JOIN items i ON i.path = json_extract(j.value, '$[0]') AND i.key = json_extract(j.value, '$[1]')
       ${pushed.sql ? `WHERE ${pushed.sql}` : ""}`,
    ).all(JSON.stringify(refs), ...pushed.params) as Array<{ id: number; ns_id: number }>;
    return this.rankMembers(members, query, queryVector, filter, limit);
  }

  private rankMembers(
    members: Array<{ id: number; ns_id: number }>,
    query: string,
    queryVector: Float32Array | undefined,
    filter: Filter | undefined,
    limit: number,
  ): HybridHits {
    if (members.length === 0 || limit <= 0) return { ...(queryVector ? { vector: [] } : {}), keyword: [] };
    const keyword = this.materialize(this.bm25Within(members, query), filter, limit);
    const vector = queryVector ? this.materialize(this.cosineWithin(members, queryVector), filter, limit) : undefined;
    return { ...(vector ? { vector } : {}), keyword };
  }

  /** Items of ranked ids, best first, that pass the filter: values read a page at a time. */
  private materialize(ranked: Array<{ id: number; score: number }>, filter: Filter | undefined, limit: number) {
    const out: Array<SearchItem & { score: number }> = [];
    const page = Math.max(limit * 2, 16);
    for (let start = 0; start < ranked.length && out.length < limit; start += page) {
      const slice = ranked.slice(start, start + page);
      const rows = new Map(
        (
          this.stmt(
            "SELECT i.id, i.path, i.key, i.value, i.created_at, i.updated_at FROM items i WHERE i.id IN (SELECT value FROM json_each(?))",
          ).all(JSON.stringify(slice.map((r) => r.id))) as ItemRow[]
        ).map((row) => [row.id, row]),
      );
      for (const { id, score } of slice) {
        const row = rows.get(id);
        if (!row) continue;
        const value = JSON.parse(row.value) as Record<string, unknown>;
        if (!matchesFilter(value, filter)) continue;
        out.push({ ...toItem(row, value), score });
        if (out.length >= limit) break;
      }
    }
    return out;
  }

  /**
   * Best cosine per item, best first. The vectors come from SQLite: hnswlib's getPoint copies
   * one point per call (~18 µs), slower than reading the blobs of a day's items in one query.
   */
  private cosineWithin(members: Array<{ id: number; ns_id: number }>, queryVector: Float32Array) {
    const vids = this.stmt(
      "SELECT id, item_id, vec FROM vectors WHERE item_id IN (SELECT value FROM json_each(?))",
    ).all(JSON.stringify(members.map((m) => m.id))) as Array<{ id: number; item_id: number; vec: Buffer }>;
    const points = new Map(vids.map((v) => [v.id, bufferToVector(v.vec)]));
    const best = new Map<number, number>();
    for (const { id: vid, item_id } of vids) {
      const v = points.get(vid);
      if (!v) continue;
      let dot = 0;
      // Stored vectors and the query are unit length: the dot product is the cosine.
      for (let i = 0; i < v.length; i++) dot += v[i]! * queryVector[i]!;
      best.set(item_id, Math.max(best.get(item_id) ?? Number.NEGATIVE_INFINITY, dot));
    }
    return [...best].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id, score]) => ({ id, score }));
  }

  /**
   * Okapi BM25 (k1 1.2, b 0.75) with the subset as the corpus, from the namespaces' in-memory
   * postings (keyword-index.ts): document frequencies and the average length are the subset's.
   */
  private bm25Within(members: Array<{ id: number; ns_id: number }>, query: string) {
    const terms = queryTerms(query);
    if (terms.length === 0 || !this.keywords) return [];
    const lengths = new Map<number, number>();
    const tfs = new Map<string, Map<number, number>>();
    const byNs = new Map<number, number[]>();
    for (const m of members) byNs.set(m.ns_id, [...(byNs.get(m.ns_id) ?? []), m.id]);
    for (const [nsId, ids] of byNs) {
      const stats = this.keywords.get(nsId).statsWithin(terms, ids);
      for (const [id, length] of stats.lengths) lengths.set(id, length);
      for (const [term, within] of stats.tfs) {
        const all = tfs.get(term) ?? new Map<number, number>();
        for (const [id, tf] of within) all.set(id, tf);
        tfs.set(term, all);
      }
    }
    const n = lengths.size;
    if (n === 0) return [];
    let total = 0;
    for (const length of lengths.values()) total += length;
    const avg = total / n || 1;
    const scores = new Map<number, number>();
    for (const within of tfs.values()) {
      const idf = Math.log(1 + (n - within.size + 0.5) / (within.size + 0.5));
      for (const [id, tf] of within)
        scores.set(
          id,
          (scores.get(id) ?? 0) + (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths.get(id)!) / avg)),
        );
    }
    return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id, score]) => ({ id, score }));
  }
}

function factHit(r: FactRow, where: { path: string; key: string }): FactHit {
  return {
    namespace: decodeNamespace(where.path),
    key: where.key,
    subject: r.subject,
    predicate: r.predicate,
    object: r.object,
    subjectKey: r.subject_key,
    objectKey: r.object_key,
  };
}

const K1 = 1.2;
const B = 0.75;
