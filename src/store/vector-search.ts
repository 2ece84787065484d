/**
 * HNSWStore's `search()`: vector search over the namespaces under a prefix (one partition per
 * namespace, see vector-index.ts), with the filter's simple conditions checked by SQLite and
 * the rest in JS; without a query vector, a filtered listing newest first (as InMemoryStore).
 */
import type { SearchItem } from "@langchain/langgraph-checkpoint";
import type { ItemFacets } from "./facets.js";
import { type Filter, filterToSql, matchesFilter } from "./filter.js";
import { prefixRange } from "./namespace.js";
import type { RowCache } from "./row-cache.js";
import { type ItemRow, toItem } from "./rows.js";
import type { Statement } from "./sqlite.js";
import type { PartitionRef, VectorIndex } from "./vector-index.js";

export type SearchOp = { namespacePrefix: string[]; filter?: Filter; limit: number; offset: number; query?: string };

export class VectorSearch {
  /** Item rows read by searches so far (they are what a search costs; tests count them). */
  rowsRead = 0;

  constructor(
    private readonly stmt: (sql: string) => Statement,
    private readonly vectors: VectorIndex,
    private readonly facets?: ItemFacets,
  ) {}

  /**
   * The page `op` asks for: scored items best first, then (as InMemoryStore does) items without
   * vectors; a plain listing when there is no query vector. `efSearch` overrides the HNSW
   * candidate list size for this search.
   */
  search(op: SearchOp, queryVector: Float32Array | undefined, efSearch?: number, cache?: RowCache): SearchItem[] {
    if (op.limit === 0) return [];
    if (!queryVector) return this.list(op, op.offset, op.limit, false);
    const want = op.offset + op.limit;
    const range = prefixRange(op.namespacePrefix);
    const partitions = this.stmt(
      `SELECT id, vector_count AS vectorCount, seq FROM namespaces WHERE vector_count > 0 ${range ? "AND path >= ? AND path < ?" : ""}`,
    ).all(...(range ?? [])) as PartitionRef[];
    const scored: Array<{ row: ItemRow; score: number; value?: Record<string, unknown> }> = [];
    for (const partition of partitions)
      scored.push(...this.searchPartition(partition, queryVector, want, op.filter, efSearch, cache));
    scored.sort((a, b) => b.score - a.score || a.row.id - b.row.id);
    const results: SearchItem[] = scored
      .slice(op.offset, want)
      .map(({ row, score, value }) => ({ ...toItem(row, value), score }));
    if (scored.length < want) {
      // Items without vectors (put with index: false) come after the scored ones, as in InMemoryStore.
      const skip = Math.max(0, op.offset - scored.length);
      results.push(...this.list(op, skip, want - Math.max(scored.length, op.offset), true));
    }
    return results;
  }

  /**
   * The best `want` items of one namespace that pass the filter. Hits are read in score order,
   * chunk by chunk, with the filter's simple conditions checked by SQLite; an exact partition is
   * scored once, an HNSW partition is asked for more neighbours only when too few pass.
   */
  private searchPartition(
    partition: PartitionRef,
    query: Float32Array,
    want: number,
    filter: Filter | undefined,
    efSearch?: number,
    cache?: RowCache,
  ) {
    const pushed = filterToSql(filter, "i.value");
    const lookup = this.stmt(
      `SELECT v.id AS vid, i.id, i.path, i.key, i.value, i.created_at, i.updated_at
       FROM json_each(?) j JOIN vectors v ON v.id = j.value JOIN items i ON i.id = v.item_id
       ${pushed.sql ? `WHERE ${pushed.sql}` : ""}`,
    );
    const total = partition.vectorCount;
    let k = this.vectors.scansExactly(partition) ? total : Math.min(total, Math.max(want * 2, 16));
    const passing = new Map<number, { row: ItemRow; score: number; value?: Record<string, unknown> }>();
    const failed = new Set<number>();
    let read = 0;
    // Facets drop hits whose item the filter certainly fails before their rows are read: kept
    // for a namespace once a search there had to widen.
    let pruning = this.facets?.readyVectors(partition.id, filter) ?? false;
    for (;;) {
      const hits = this.vectors.search(partition, query, k, efSearch);
      let facets = pruning ? this.facets : undefined;
      // Chunks start a little above `want` (most filters pass most items) and double.
      for (let size = Math.ceil(want * 1.25) + 8; read < hits.length && passing.size < want; size *= 2) {
        // A chunk read already and too few passed: the filter is selective here.
        if (read > 0 && !pruning && this.facets) {
          pruning = this.facets.prepareVectors(partition.id, filter);
          facets = pruning ? this.facets : undefined;
        }
        const chunk = hits.slice(read, read + size);
        read += chunk.length;
        const scoreOf = new Map(chunk.map((h) => [h.vid, h.score]));
        // Cached rows need no query (their values are judged by matchesFilter below).
        const rows: Array<{ vid: number; row: ItemRow; value?: Record<string, unknown> }> = [];
        const missing: number[] = [];
        let pruned = 0;
        for (const hit of chunk) {
          const cached = cache?.vector(hit.vid);
          if (cached) rows.push({ vid: hit.vid, row: cached.row as ItemRow, value: cached.value });
          else if (facets?.vectorFails(partition.id, hit.vid, filter)) pruned += 1;
          else missing.push(hit.vid);
        }
        if (missing.length > 0)
          for (const row of lookup.all(JSON.stringify(missing), ...pushed.params) as Array<ItemRow & { vid: number }>)
            rows.push({
              vid: row.vid,
              row,
              ...(cache ? { value: cache.remember(row, JSON.parse(row.value), row.vid) } : {}),
            });
        // Every hit of the chunk not pruned is a row the search reads, from SQLite or the row cache.
        this.rowsRead += chunk.length - pruned;
        // Best score first, so an item with several indexed fields counts as its best field.
        rows.sort((a, b) => scoreOf.get(b.vid)! - scoreOf.get(a.vid)!);
        for (const { vid, row, value: known } of rows) {
          if (passing.size >= want) break;
          if (passing.has(row.id) || failed.has(row.id)) continue;
          // Parsed once: the value is reused for the result item.
          const value = known ?? (filter ? (JSON.parse(row.value) as Record<string, unknown>) : undefined);
          if (filter && !matchesFilter(value!, filter)) failed.add(row.id);
          else passing.set(row.id, { row, score: scoreOf.get(vid)!, value });
        }
      }
      if (passing.size >= want || k >= total) return [...passing.values()];
      k = Math.min(total, k * 4);
    }
  }

  private list(op: SearchOp, offset: number, limit: number, unvectoredOnly: boolean): SearchItem[] {
    const range = prefixRange(op.namespacePrefix);
    // The filter's simple conditions run in SQL (a trace purge lists a few expired rows out of
    // thousands without parsing the rest); matchesFilter below stays the judge.
    const pushed = filterToSql(op.filter, "value");
    const conditions = [
      range ? "path >= ? AND path < ?" : "1",
      unvectoredOnly ? "NOT EXISTS (SELECT 1 FROM vectors v WHERE v.item_id = items.id)" : "1",
      pushed.sql || "1",
    ];
    const rows = this.stmt(
      `SELECT id, path, key, value, created_at, updated_at FROM items WHERE ${conditions.join(" AND ")} ORDER BY updated_at DESC, id DESC`,
    ).iterate(...(range ?? []), ...pushed.params) as Iterable<ItemRow>;
    const out: SearchItem[] = [];
    let seen = 0;
    for (const row of rows) {
      if (out.length >= limit) break;
      const item = toItem(row);
      if (!matchesFilter(item.value, op.filter)) continue;
      seen += 1;
      if (seen > offset) out.push({ ...item, score: undefined });
    }
    return out;
  }
}
