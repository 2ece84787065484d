/**
 * What the inspector lists, read its own way: the facade's `list()` and `pending()` read a whole
 * scope (seconds at 100k memories), a page of the inspector reads one page. This file is the
 * contract and the embedded store's reader: its own read-only connection to the store's SQLite
 * file, each page one indexed range of the scope's namespace with the filters in SQL and the
 * counts capped at {@link COUNT_CAP}. listing-store.ts reads any other BaseStore through its API.
 */
import path from "node:path";
import {
  episodesNamespace,
  historyNamespace,
  recordsNamespace,
  scopeNamespace,
  tracesNamespace,
} from "../namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../schema.js";
import { encodeNamespace, prefixRange } from "../store/namespace.js";
import { type Db, openReader } from "../store/sqlite.js";
import { type HistoryEntry, HistoryEntrySchema } from "../write/history.js";
import { conflictOf, describePending, type PendingMemory } from "../write/review.js";

/** Rows of a table page. */
export const PAGE_SIZE = 50;
/** Counts stop here: "10,000+" is as useful to a reader as the exact figure, and costs a bounded read. */
export const COUNT_CAP = 10_000;

export interface ScopeSummary {
  tenantId: string;
  userId: string;
  /** The user's memories (not the episodes of the conversation). */
  records: number;
  episodes: number;
}

export interface RecordQuery {
  status?: string;
  kind?: string;
  source?: string;
  /** Text the content or key contains (case-insensitive for ASCII). */
  q?: string;
  /** 0-based. */
  page: number;
}

export interface Page<T> {
  items: T[];
  /** Matching rows, at most {@link COUNT_CAP} (then `capped`). */
  total: number;
  capped: boolean;
  hasNext: boolean;
}

export interface TraceSummary {
  traceId: string;
  createdAt: string;
  query: string;
  task: string | null;
  candidates: number;
  injected: number;
}

/** Items of the scope per section (records, episodes, history, traces, sessions, tasks, …). */
export type SectionCounts = Record<string, number>;

export interface Listing {
  scopes(): Promise<ScopeSummary[]>;
  records(scope: MemoryScope, query: RecordQuery): Promise<Page<MemoryRecord>>;
  pending(scope: MemoryScope, page: number): Promise<Page<PendingMemory>>;
  /** A record's history, oldest first. */
  history(scope: MemoryScope, recordId: string): Promise<HistoryEntry[]>;
  episodeDays(scope: MemoryScope): Promise<{ day: string; count: number }[]>;
  episodes(scope: MemoryScope, day: string, page: number): Promise<Page<MemoryRecord>>;
  traces(scope: MemoryScope, page: number, now: Date): Promise<Page<TraceSummary>>;
  counts(scope: MemoryScope): Promise<SectionCounts>;
  close(): void;
}

/** A trace value as the list shows it. */
export function traceSummary(key: string, value: Record<string, unknown>): TraceSummary {
  const memories = Array.isArray(value.memories) ? value.memories : [];
  return {
    traceId: typeof value.traceId === "string" ? value.traceId : key,
    createdAt: typeof value.createdAt === "string" ? value.createdAt : "",
    query: typeof value.query === "string" ? value.query : "",
    task: typeof value.task === "string" ? value.task : null,
    candidates: memories.length,
    injected: Array.isArray(value.injected) ? value.injected.length : 0,
  };
}

/** Sort history entries as readHistory does. */
export function byTime(a: HistoryEntry, b: HistoryEntry): number {
  return a.at.localeCompare(b.at) || a.id.localeCompare(b.id);
}

const json = (column: string, field: string) => `json_extract(${column}, '$.${field}')`;

/**
 * The embedded store's listing, over its own read-only connection to `dir`/store.sqlite (WAL:
 * it reads the last committed state and never blocks the store's writer).
 * @example
 * const listing = openSqliteListing("./.memory");
 * const page = await listing.records({ userId: "u1" }, { status: "active", page: 0 });
 * listing.close();
 */
export function openSqliteListing(dir: string): Listing {
  const db: Db = openReader(path.join(dir, "store.sqlite"));
  const all = (sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as Record<string, unknown>[];

  function pageOf(where: string[], args: unknown[], page: number): { rows: Record<string, unknown>[]; total: number } {
    const clause = where.join(" AND ");
    const rows = all(
      `SELECT key, value FROM items WHERE ${clause} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`,
      ...args,
      PAGE_SIZE + 1,
      page * PAGE_SIZE,
    );
    const counted = all(
      `SELECT count(*) AS n FROM (SELECT 1 FROM items WHERE ${clause} LIMIT ?)`,
      ...args,
      COUNT_CAP + 1,
    );
    return { rows, total: Number(counted[0]?.n ?? 0) };
  }
  function finish<T>(
    rows: Record<string, unknown>[],
    total: number,
    map: (row: Record<string, unknown>) => T,
  ): Page<T> {
    return {
      items: rows.slice(0, PAGE_SIZE).map(map),
      total: Math.min(total, COUNT_CAP),
      capped: total > COUNT_CAP,
      hasNext: rows.length > PAGE_SIZE,
    };
  }
  const record = (row: Record<string, unknown>) => parseMemoryRecord(JSON.parse(String(row.value)));
  const historyOf = (scope: MemoryScope, ids: string[]): HistoryEntry[] =>
    ids.length === 0
      ? []
      : all(
          `SELECT value FROM items WHERE path = ? AND ${json("value", "recordId")} IN (${ids.map(() => "?").join(",")})`,
          encodeNamespace(historyNamespace(scope)),
          ...ids,
        )
          .map((row) => HistoryEntrySchema.parse(JSON.parse(String(row.value))))
          .sort(byTime);

  return {
    async scopes() {
      const [low, high] = prefixRange(["memory"])!;
      const rows = all("SELECT path, count(*) AS n FROM items WHERE path >= ? AND path < ? GROUP BY path", low, high);
      const scopes = new Map<string, ScopeSummary>();
      for (const row of rows) {
        const labels = String(row.path).split(":").slice(0, -1);
        if (labels.length !== 4) continue;
        const [, tenantId, userId, section] = labels as [string, string, string, string];
        if (section !== "records" && section !== "episodes") continue;
        const id = `${tenantId}\u0000${userId}`;
        const scope = scopes.get(id) ?? { tenantId, userId, records: 0, episodes: 0 };
        scope[section] += Number(row.n);
        scopes.set(id, scope);
      }
      return [...scopes.values()].sort(
        (a, b) => a.tenantId.localeCompare(b.tenantId) || a.userId.localeCompare(b.userId),
      );
    },
    async records(scope, query) {
      const where = ["path = ?"];
      const args: unknown[] = [encodeNamespace(recordsNamespace(scope))];
      for (const [field, value] of [
        ["status", query.status],
        ["kind", query.kind],
        ["source.type", query.source],
      ] as const)
        if (value) {
          where.push(`${json("value", field)} = ?`);
          args.push(value);
        }
      if (query.q) {
        where.push(`(instr(lower(${json("value", "content")}), ?) > 0 OR instr(key, ?) > 0)`);
        args.push(query.q.toLowerCase(), query.q);
      }
      const { rows, total } = pageOf(where, args, query.page);
      return finish(rows, total, record);
    },
    async pending(scope, page) {
      const records = encodeNamespace(recordsNamespace(scope));
      const { rows, total } = pageOf(["path = ?", `${json("value", "status")} = 'pending'`], [records], page);
      const shown = finish(rows, total, record);
      const history = historyOf(
        scope,
        shown.items.map((r) => r.id),
      );
      const conflicts = new Map(shown.items.map((r) => [r.id, conflictOf(history.filter((e) => e.recordId === r.id))]));
      const existingIds = [...conflicts.values()].flatMap((c) => (c?.existingId ? [c.existingId] : []));
      const existing = new Map(
        (existingIds.length === 0
          ? []
          : all(
              `SELECT value FROM items WHERE path = ? AND key IN (${existingIds.map(() => "?").join(",")})`,
              records,
              ...existingIds,
            )
        )
          .map(record)
          .map((r) => [r.id, r]),
      );
      return {
        ...shown,
        items: shown.items.map((r) => {
          const conflict = conflicts.get(r.id);
          return describePending(r, conflict, (conflict?.existingId && existing.get(conflict.existingId)) || null);
        }),
      };
    },
    async history(scope, recordId) {
      return historyOf(scope, [recordId]);
    },
    async episodeDays(scope) {
      return all(
        `SELECT substr(${json("value", "observedAt")}, 1, 10) AS day, count(*) AS n FROM items WHERE path = ?
          GROUP BY day ORDER BY day DESC LIMIT 366`,
        encodeNamespace(episodesNamespace(scope)),
      ).map((row) => ({ day: String(row.day), count: Number(row.n) }));
    },
    async episodes(scope, day, page) {
      const { rows, total } = pageOf(
        ["path = ?", `substr(${json("value", "observedAt")}, 1, 10) = ?`],
        [encodeNamespace(episodesNamespace(scope)), day],
        page,
      );
      return finish(rows, total, record);
    },
    async traces(scope, page, now) {
      const { rows, total } = pageOf(
        ["path = ?", `${json("value", "expiresAtMs")} > ?`],
        [encodeNamespace(tracesNamespace(scope)), now.getTime()],
        page,
      );
      return finish(rows, total, (row) => traceSummary(String(row.key), JSON.parse(String(row.value))));
    },
    async counts(scope) {
      const [low, high] = prefixRange(scopeNamespace(scope))!;
      const counts: SectionCounts = {};
      for (const row of all(
        "SELECT path, count(*) AS n FROM items WHERE path >= ? AND path < ? GROUP BY path",
        low,
        high,
      )) {
        // ["memory", tenant, user, section, …]: deeper namespaces count under their section.
        const section = String(row.path).split(":")[3] ?? "";
        counts[section] = (counts[section] ?? 0) + Number(row.n);
      }
      return counts;
    },
    close() {
      db.close();
    },
  };
}
