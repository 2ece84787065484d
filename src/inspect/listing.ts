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
import { decodeNamespace, encodeNamespace, prefixRange } from "../store/namespace.js";
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
  close(): void | Promise<void>;
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

/**
 * What a SQL store's listing needs of its backend: how to run a statement (placeholders `?`) and
 * the store's spelling of a table, a JSON field and a substring test. The algorithm is one; the
 * SQLite file (below) and PostgreSQL (listing-postgres.ts) only execute it.
 */
export interface SqlBackend {
  all(sql: string, args: unknown[]): Promise<Record<string, unknown>[]>;
  /** The items table, its encoded-namespace column, and the tie-break of newest first. */
  table: string;
  ns: string;
  tieBreak: string;
  /** A JSON field of `value` as text: `status`, `source.type`. */
  field(path: string): string;
  /** SQL true when `haystack` contains `needle` (both SQL expressions). */
  contains(haystack: string, needle: string): string;
  /** Extra conditions that let the store use its per-scope index. */
  scoped?(namespace: string[]): { where: string; args: unknown[] };
  close(): void | Promise<void>;
}

const parseJson = (value: unknown): Record<string, unknown> =>
  typeof value === "string" ? JSON.parse(value) : (value as Record<string, unknown>);

/** The listing over a SQL store's items table, each page one statement with its filters and a capped count. */
export function sqlListing(backend: SqlBackend): Listing {
  const { table, ns, field } = backend;
  const list = (sql: string, ...args: unknown[]) => backend.all(sql, args);
  const inNamespace = (namespace: string[]) => {
    const scoped = backend.scoped?.(namespace);
    return {
      where: [`${ns} = ?`, ...(scoped ? [scoped.where] : [])],
      args: [encodeNamespace(namespace), ...(scoped?.args ?? [])],
    };
  };
  async function pageOf(namespace: string[], where: string[], args: unknown[], page: number) {
    const base = inNamespace(namespace);
    const clause = [...base.where, ...where].join(" AND ");
    const all = [...base.args, ...args];
    const [rows, counted] = await Promise.all([
      list(
        `SELECT key, value FROM ${table} WHERE ${clause} ORDER BY updated_at DESC, ${backend.tieBreak} DESC LIMIT ? OFFSET ?`,
        ...all,
        PAGE_SIZE + 1,
        page * PAGE_SIZE,
      ),
      list(
        `SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${clause} LIMIT ?) AS capped`,
        ...all,
        COUNT_CAP + 1,
      ),
    ]);
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
  const record = (row: Record<string, unknown>) => parseMemoryRecord(parseJson(row.value));
  const marks = (n: number) => Array.from({ length: n }, () => "?").join(",");
  async function historyOf(scope: MemoryScope, ids: string[]): Promise<HistoryEntry[]> {
    if (ids.length === 0) return [];
    const base = inNamespace(historyNamespace(scope));
    const rows = await list(
      `SELECT value FROM ${table} WHERE ${base.where.join(" AND ")} AND ${field("recordId")} IN (${marks(ids.length)})`,
      ...base.args,
      ...ids,
    );
    return rows.map((row) => HistoryEntrySchema.parse(parseJson(row.value))).sort(byTime);
  }
  /** Item counts per encoded namespace under `prefix`. */
  async function grouped(prefix: string[]): Promise<{ labels: string[]; n: number }[]> {
    const [low, high] = prefixRange(prefix)!;
    const rows = await list(
      `SELECT ${ns} AS path, count(*) AS n FROM ${table} WHERE ${ns} >= ? AND ${ns} < ? GROUP BY ${ns}`,
      low,
      high,
    );
    return rows.map((row) => ({ labels: decodeNamespace(String(row.path)), n: Number(row.n) }));
  }

  return {
    async scopes() {
      const scopes = new Map<string, ScopeSummary>();
      for (const { labels, n } of await grouped(["memory"])) {
        if (labels.length !== 4) continue;
        const [, tenantId, userId, section] = labels as [string, string, string, string];
        if (section !== "records" && section !== "episodes") continue;
        const id = `${tenantId}\u0000${userId}`;
        const scope = scopes.get(id) ?? { tenantId, userId, records: 0, episodes: 0 };
        scope[section] += n;
        scopes.set(id, scope);
      }
      return [...scopes.values()].sort(
        (a, b) => a.tenantId.localeCompare(b.tenantId) || a.userId.localeCompare(b.userId),
      );
    },
    async records(scope, query) {
      const where: string[] = [];
      const args: unknown[] = [];
      for (const [path, value] of [
        ["status", query.status],
        ["kind", query.kind],
        ["source.type", query.source],
      ] as const)
        if (value) {
          where.push(`${field(path)} = ?`);
          args.push(value);
        }
      if (query.q) {
        where.push(`(${backend.contains(`lower(${field("content")})`, "?")} OR ${backend.contains("key", "?")})`);
        args.push(query.q.toLowerCase(), query.q);
      }
      const { rows, total } = await pageOf(recordsNamespace(scope), where, args, query.page);
      return finish(rows, total, record);
    },
    async pending(scope, page) {
      const { rows, total } = await pageOf(recordsNamespace(scope), [`${field("status")} = 'pending'`], [], page);
      const shown = finish(rows, total, record);
      const history = await historyOf(
        scope,
        shown.items.map((r) => r.id),
      );
      const conflicts = new Map(shown.items.map((r) => [r.id, conflictOf(history.filter((e) => e.recordId === r.id))]));
      const existingIds = [...new Set([...conflicts.values()].flatMap((c) => (c?.existingId ? [c.existingId] : [])))];
      const base = inNamespace(recordsNamespace(scope));
      const existing = new Map(
        (existingIds.length === 0
          ? []
          : await list(
              `SELECT value FROM ${table} WHERE ${base.where.join(" AND ")} AND key IN (${marks(existingIds.length)})`,
              ...base.args,
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
    history: (scope, recordId) => historyOf(scope, [recordId]),
    async episodeDays(scope) {
      const base = inNamespace(episodesNamespace(scope));
      const rows = await list(
        `SELECT substr(${field("observedAt")}, 1, 10) AS day, count(*) AS n FROM ${table} WHERE ${base.where.join(" AND ")}
          GROUP BY 1 ORDER BY 1 DESC LIMIT 366`,
        ...base.args,
      );
      return rows.map((row) => ({ day: String(row.day), count: Number(row.n) }));
    },
    async episodes(scope, day, page) {
      const { rows, total } = await pageOf(
        episodesNamespace(scope),
        [`substr(${field("observedAt")}, 1, 10) = ?`],
        [day],
        page,
      );
      return finish(rows, total, record);
    },
    async traces(scope, page, now) {
      // JSON text compared as a number (as text, "9" would sort after "10").
      const { rows, total } = await pageOf(
        tracesNamespace(scope),
        [`CAST(${field("expiresAtMs")} AS DOUBLE PRECISION) > ?`],
        [now.getTime()],
        page,
      );
      return finish(rows, total, (row) => traceSummary(String(row.key), parseJson(row.value)));
    },
    async counts(scope) {
      const counts: SectionCounts = {};
      // ["memory", tenant, user, section, …]: deeper namespaces count under their section.
      for (const { labels, n } of await grouped(scopeNamespace(scope))) {
        const section = labels[3] ?? "";
        counts[section] = (counts[section] ?? 0) + n;
      }
      return counts;
    },
    close: () => backend.close(),
  };
}

/**
 * The embedded store's listing, over its own read-only connection to `dir`/store.sqlite (WAL:
 * it reads the last committed state and never blocks the store's writer).
 * @example
 * const listing = openSqliteListing("./.memory");
 * const page = await listing.records({ userId: "u1" }, { status: "active", page: 0 });
 * await listing.close();
 */
export function openSqliteListing(dir: string): Listing {
  const db: Db = openReader(path.join(dir, "store.sqlite"));
  return sqlListing({
    all: async (sql, args) => db.prepare(sql).all(...args) as Record<string, unknown>[],
    table: "items",
    ns: "path",
    tieBreak: "id",
    field: (name) => `json_extract(value, '$.${name}')`,
    contains: (haystack, needle) => `instr(${haystack}, ${needle}) > 0`,
    close() {
      db.close();
    },
  });
}
