/**
 * HNSWStore's structured queries (src/store/structured.ts) over its SQLite tables `item_days`
 * and `facts`: every query is scoped by the namespace range of its prefix, bounded by a limit,
 * and served by an index ((ns_id, day), (ns_id, md), (ns_id, subject_key), (ns_id, object_key)).
 */
import { keywordTerms } from "../text/tokenizer.js";
import { type Filter, matchesFilter } from "./filter.js";
import { decodeNamespace, encodeNamespace, prefixRange } from "./namespace.js";
import { type ItemRow, toItem } from "./rows.js";
import type { Statement } from "./sqlite.js";
import {
  type DayCondition,
  type FactHit,
  type ItemRef,
  type ItemStructure,
  MAX_STRUCTURED_ROWS,
} from "./structured.js";
import type { HybridHits } from "./types.js";
import { bufferToVector } from "./vector-index.js";

type FactJoinRow = {
  path: string;
  key: string;
  subject: string;
  predicate: string;
  object: string;
  subject_key: string;
  object_key: string;
};

const FACT_COLUMNS = "i.path, i.key, f.subject, f.predicate, f.object, f.subject_key, f.object_key";

export class StructuredQueries {
  constructor(private readonly stmt: (sql: string) => Statement) {}

  /** Namespace ids under a prefix (a user's records, episodes, cold copies: a handful). */
  private namespaceIds(prefix: string[]): number[] {
    const range = prefixRange(prefix);
    const rows = (
      range
        ? this.stmt("SELECT id FROM namespaces WHERE path >= ? AND path < ?").all(...range)
        : this.stmt("SELECT id FROM namespaces").all()
    ) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }

  itemsOnDays(prefix: string[], days: DayCondition, limit: number): ItemRef[] {
    const ns = this.namespaceIds(prefix);
    const ranges = (days.ranges ?? []).slice(0, 16);
    const monthDays = (days.monthDays ?? []).slice(0, 16);
    if (ns.length === 0 || ranges.length + monthDays.length === 0) return [];
    const conditions = [
      ...ranges.map(() => "d.day BETWEEN ? AND ?"),
      ...monthDays.map(() => "d.md BETWEEN ? AND ?"),
    ].join(" OR ");
    const params = [...ranges.flatMap((r) => [r.from, r.to]), ...monthDays.flatMap((r) => [r.from, r.to])];
    const rows = this.stmt(
      `SELECT i.path, i.key, MAX(d.day) AS day FROM item_days d JOIN items i ON i.id = d.item_id
       WHERE d.ns_id IN (SELECT value FROM json_each(?)) AND (${conditions})
       GROUP BY d.item_id ORDER BY day DESC, d.item_id DESC LIMIT ?`,
    ).all(JSON.stringify(ns), ...params, Math.min(limit, MAX_STRUCTURED_ROWS)) as Array<{ path: string; key: string }>;
    return rows.map((r) => ({ namespace: decodeNamespace(r.path), key: r.key }));
  }

  factsAbout(prefix: string[], entityKeys: string[], limit: number, predicate?: string): FactHit[] {
    const ns = this.namespaceIds(prefix);
    if (ns.length === 0 || (entityKeys.length === 0 && predicate === undefined)) return [];
    const where = [
      "f.ns_id IN (SELECT value FROM json_each(@ns))",
      ...(entityKeys.length
        ? [
            "(f.subject_key IN (SELECT value FROM json_each(@keys)) OR f.object_key IN (SELECT value FROM json_each(@keys)))",
          ]
        : []),
      ...(predicate !== undefined ? ["f.predicate = @predicate"] : []),
    ].join(" AND ");
    const rows = this.stmt(
      `SELECT ${FACT_COLUMNS} FROM facts f JOIN items i ON i.id = f.item_id WHERE ${where} ORDER BY f.id DESC LIMIT @limit`,
    ).all({
      ns: JSON.stringify(ns),
      ...(entityKeys.length ? { keys: JSON.stringify(entityKeys) } : {}),
      limit: Math.min(limit, MAX_STRUCTURED_ROWS),
      ...(predicate !== undefined ? { predicate } : {}),
    }) as FactJoinRow[];
    return rows.map(factHit);
  }

  /**
   * Hop 1: facts touching the entities; hop 2: facts touching each hop-1 fact's other end, in
   * one join. The user is never a pivot (every fact of the user would be hop 2 of everything).
   */
  factPaths(prefix: string[], entityKeys: string[], limit: number): Array<{ first: FactHit; second: FactHit }> {
    const ns = this.namespaceIds(prefix);
    if (ns.length === 0 || entityKeys.length === 0) return [];
    const rows = this.stmt(
      `WITH hop1 AS (
         SELECT f.id, f.item_id, f.subject, f.predicate, f.object, f.subject_key, f.object_key,
           CASE WHEN f.subject_key IN (SELECT value FROM json_each(@keys)) THEN f.object_key ELSE f.subject_key END AS pivot
         FROM facts f
         WHERE f.ns_id IN (SELECT value FROM json_each(@ns))
           AND (f.subject_key IN (SELECT value FROM json_each(@keys)) OR f.object_key IN (SELECT value FROM json_each(@keys)))
         ORDER BY f.id DESC LIMIT 200
       )
       SELECT i1.path AS path1, i1.key AS key1, h.subject AS subject1, h.predicate AS predicate1, h.object AS object1,
         h.subject_key AS subject_key1, h.object_key AS object_key1,
         i2.path, i2.key, g.subject, g.predicate, g.object, g.subject_key, g.object_key
       FROM hop1 h
       JOIN facts g ON g.ns_id IN (SELECT value FROM json_each(@ns)) AND g.id != h.id
         AND (g.subject_key = h.pivot OR g.object_key = h.pivot)
       JOIN items i1 ON i1.id = h.item_id
       JOIN items i2 ON i2.id = g.item_id
       WHERE h.pivot != 'user' AND g.item_id != h.item_id
       ORDER BY g.id DESC LIMIT @limit`,
    ).all({
      ns: JSON.stringify(ns),
      keys: JSON.stringify(entityKeys),
      limit: Math.min(limit, MAX_STRUCTURED_ROWS),
    }) as Array<
      FactJoinRow & {
        path1: string;
        key1: string;
        subject1: string;
        predicate1: string;
        object1: string;
        subject_key1: string;
        object_key1: string;
      }
    >;
    return rows.map((r) => ({
      first: factHit({
        path: r.path1,
        key: r.key1,
        subject: r.subject1,
        predicate: r.predicate1,
        object: r.object1,
        subject_key: r.subject_key1,
        object_key: r.object_key1,
      }),
      second: factHit(r),
    }));
  }

  /**
   * Rank a given set of items: exact cosine against their stored vectors (an item is as close
   * as its closest vector, as in search()) and BM25 over their keyword bodies, the set being
   * the corpus. Items failing the filter are left out of both.
   */
  searchWithin(
    items: ItemRef[],
    query: string,
    queryVector: Float32Array | undefined,
    filter: Filter | undefined,
    limit: number,
  ): HybridHits {
    const refs = items.slice(0, MAX_STRUCTURED_ROWS).map((ref) => [encodeNamespace(ref.namespace), ref.key]);
    if (refs.length === 0) return { ...(queryVector ? { vector: [] } : {}), keyword: [] };
    const rows = this.stmt(
      `SELECT i.id, i.path, i.key, i.value, i.created_at, i.updated_at, f.body
       FROM json_each(?) j JOIN items i ON i.path = json_extract(j.value, '$[0]') AND i.key = json_extract(j.value, '$[1]')
       LEFT JOIN fts f ON f.rowid = i.id`,
    ).all(JSON.stringify(refs)) as Array<ItemRow & { body: string | null }>;
    const passing = rows
      .map((row) => ({ row, value: JSON.parse(row.value) as Record<string, unknown> }))
      .filter(({ value }) => matchesFilter(value, filter));
    const vector = queryVector ? this.cosineWithin(passing, queryVector, limit) : undefined;
    const keyword = bm25Within(passing, query, limit);
    return { ...(vector ? { vector } : {}), keyword };
  }

  private cosineWithin(
    passing: Array<{ row: ItemRow; value: Record<string, unknown> }>,
    queryVector: Float32Array,
    limit: number,
  ) {
    const byId = new Map(passing.map((p) => [p.row.id, p]));
    const vectors = this.stmt("SELECT item_id, vec FROM vectors WHERE item_id IN (SELECT value FROM json_each(?))").all(
      JSON.stringify([...byId.keys()]),
    ) as Array<{ item_id: number; vec: Buffer }>;
    const best = new Map<number, number>();
    for (const { item_id, vec } of vectors) {
      const v = bufferToVector(vec);
      let dot = 0;
      // Stored vectors and the query are unit length: the dot product is the cosine.
      for (let i = 0; i < v.length; i++) dot += v[i]! * queryVector[i]!;
      best.set(item_id, Math.max(best.get(item_id) ?? Number.NEGATIVE_INFINITY, dot));
    }
    return [...best]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([id, score]) => ({ ...toItem(byId.get(id)!.row, byId.get(id)!.value), score }));
  }
}

function factHit(r: FactJoinRow): FactHit {
  return {
    namespace: decodeNamespace(r.path),
    key: r.key,
    subject: r.subject,
    predicate: r.predicate,
    object: r.object,
    subjectKey: r.subject_key,
    objectKey: r.object_key,
  };
}

const K1 = 1.2;
const B = 0.75;

/** Okapi BM25 over pre-segmented keyword bodies, the given items being the corpus. */
function bm25Within(
  passing: Array<{ row: ItemRow & { body: string | null }; value: Record<string, unknown> }>,
  query: string,
  limit: number,
) {
  const terms = [...new Set(keywordTerms(query))];
  if (terms.length === 0 || passing.length === 0) return [];
  const docs = passing.map((p) => {
    const counts = new Map<string, number>();
    const words = (p.row.body ?? "").split(" ").filter(Boolean);
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    return { p, counts, length: words.length };
  });
  const avg = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const df = new Map(terms.map((t) => [t, docs.filter((d) => d.counts.has(t)).length]));
  return docs
    .map((d) => {
      let score = 0;
      for (const t of terms) {
        const tf = d.counts.get(t);
        if (!tf) continue;
        const n = df.get(t)!;
        score +=
          (Math.log(1 + (docs.length - n + 0.5) / (n + 0.5)) * tf * (K1 + 1)) /
          (tf + K1 * (1 - B + (B * d.length) / avg));
      }
      return { d, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.d.p.row.id - b.d.p.row.id)
    .slice(0, limit)
    .map(({ d, score }) => ({ ...toItem(d.p.row, d.p.value), score }));
}

/** Clamp a derived structure to the store's bounds (a buggy derivation must not flood a table). */
export function boundedStructure(structure: ItemStructure | undefined): ItemStructure {
  if (!structure) return { days: [], facts: [] };
  const days = [...new Set(structure.days.filter((d) => Number.isInteger(d)))].slice(0, 31);
  const facts = structure.facts
    .filter((f) => f.subjectKey && f.objectKey && f.predicate)
    .slice(0, 16)
    .map((f) => ({
      subject: f.subject.slice(0, 200),
      predicate: f.predicate.slice(0, 64),
      object: f.object.slice(0, 200),
      subjectKey: f.subjectKey.slice(0, 200),
      objectKey: f.objectKey.slice(0, 200),
    }));
  return { days, facts };
}
