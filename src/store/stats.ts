/**
 * What a store directory holds, for `langgraph-memory stats`: records per tenant and user by
 * status and kind, audit and trace counts, knowledge chunks, and the size on disk. The SQLite
 * file is read read-only without the store's LOCK, so it works while an application has the
 * store open (WAL readers never block the writer). Reading a closed store leaves SQLite's empty
 * `-wal` and `-shm` side files behind (a read-only connection may not delete them); the store's
 * next open and close removes them.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { NotFoundError, StoreCorruptError } from "../errors.js";
import { MEMORY_KINDS, MEMORY_STATUSES } from "../schema.js";
import { decodeNamespace, prefixRange } from "./namespace.js";

export type Counts = Record<string, number>;

export interface UserStats {
  tenantId: string;
  userId: string;
  /**
   * Memory records: the user's memories (["memory", tenant, user, "records"]) and the episodes of
   * the conversation (["memory", tenant, user, "episodes"], `about: "conversation"`), as
   * `export()` lists them; `byStatus` and `byKind` count both.
   */
  records: number;
  /** Of `records`, the episodes of the conversation (what each turn said). */
  conversation: number;
  byStatus: Counts;
  byKind: Counts;
  /** Audit entries (["memory", tenant, user, "history"]). */
  history: number;
  /** Stored recall traces (["memory", tenant, user, "traces"]). */
  traces: number;
}

export interface StoreStats {
  dir: string;
  schemaVersion: string | null;
  bytes: { total: number; sqlite: number; hnsw: number; other: number };
  users: UserStats[];
  totals: { records: number; conversation: number; byStatus: Counts; byKind: Counts; history: number; traces: number };
  knowledge: { tenantId: string; chunks: number }[];
}

function zeroCounts(names: readonly string[]): Counts {
  return Object.fromEntries(names.map((name) => [name, 0]));
}

function diskUsage(dir: string): StoreStats["bytes"] {
  const bytes = { total: 0, sqlite: 0, hnsw: 0, other: 0 };
  const walk = (current: string, top: string | undefined) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        walk(full, top ?? entry.name);
      } else if (entry.isFile() && !(top === undefined && entry.name === "store.lock")) {
        const size = fs.statSync(full).size;
        bytes.total += size;
        if (top === "hnsw") bytes.hnsw += size;
        else if (top === undefined && entry.name.startsWith("store.sqlite")) bytes.sqlite += size;
        else bytes.other += size;
      }
    }
  };
  walk(dir, undefined);
  return bytes;
}

/**
 * The namespaces of a scope whose items are memory records, counted by status and kind: the
 * user's memories and the episodes of the conversation (src/namespaces.ts). Not `cold`, whose
 * items are copies of records counted where they live.
 */
export const RECORD_SECTIONS = ["records", "episodes"] as const;

/**
 * The SQL condition (on the encoded namespace `column`) of a row whose status and kind are
 * counted: a namespace ending in one of {@link RECORD_SECTIONS}.
 */
export function recordSectionSql(column: string): string {
  return RECORD_SECTIONS.map((section) => `${column} LIKE '%:${section}:'`).join(" OR ");
}

/** A row of items grouped by namespace (and, for records, status and kind), as both stores count them. */
export interface NamespaceCountRow {
  path: string;
  status?: string | null;
  kind?: string | null;
  n: number;
}

/**
 * Per-user counts (records by status and kind, history, traces) and knowledge chunks from item
 * counts grouped by encoded namespace: the part of `stats` both stores share.
 */
export function summarizeStoreRows(
  memoryRows: readonly NamespaceCountRow[],
  knowledgeRows: readonly NamespaceCountRow[],
): Pick<StoreStats, "users" | "totals" | "knowledge"> {
  const users = new Map<string, UserStats>();
  const statuses = [...MEMORY_STATUSES] as string[];
  const kinds = [...MEMORY_KINDS] as string[];
  for (const row of memoryRows) {
    const labels = decodeNamespace(row.path);
    if (labels.length !== 4) continue; // ["memory", tenant, user, "records" | "episodes" | "history" | "traces"]
    const [, tenantId, userId, section] = labels as [string, string, string, string];
    const id = `${tenantId}\u0000${userId}`;
    let user = users.get(id);
    if (!user) {
      user = { tenantId, userId, records: 0, conversation: 0, byStatus: {}, byKind: {}, history: 0, traces: 0 };
      users.set(id, user);
    }
    if (section === "history") user.history += row.n;
    else if (section === "traces") user.traces += row.n;
    else if ((RECORD_SECTIONS as readonly string[]).includes(section)) {
      const status = row.status ?? "(none)";
      const kind = row.kind ?? "(none)";
      user.records += row.n;
      if (section === "episodes") user.conversation += row.n;
      user.byStatus[status] = (user.byStatus[status] ?? 0) + row.n;
      user.byKind[kind] = (user.byKind[kind] ?? 0) + row.n;
      if (!statuses.includes(status)) statuses.push(status);
      if (!kinds.includes(kind)) kinds.push(kind);
    }
  }
  const list = [...users.values()]
    .filter((u) => u.records + u.history + u.traces > 0)
    .sort((a, b) => a.tenantId.localeCompare(b.tenantId) || a.userId.localeCompare(b.userId));
  const totals = {
    records: 0,
    conversation: 0,
    byStatus: zeroCounts(statuses),
    byKind: zeroCounts(kinds),
    history: 0,
    traces: 0,
  };
  for (const user of list) {
    user.byStatus = { ...zeroCounts(statuses), ...user.byStatus };
    user.byKind = { ...zeroCounts(kinds), ...user.byKind };
    totals.records += user.records;
    totals.conversation += user.conversation;
    totals.history += user.history;
    totals.traces += user.traces;
    for (const s of statuses) totals.byStatus[s]! += user.byStatus[s]!;
    for (const k of kinds) totals.byKind[k]! += user.byKind[k]!;
  }
  const knowledge = knowledgeRows
    .map((row) => ({ labels: decodeNamespace(row.path), n: row.n }))
    .filter(({ labels }) => labels.length === 3 && labels[2] === "docs")
    .map(({ labels, n }) => ({ tenantId: labels[1]!, chunks: n }));
  return { users: list, totals, knowledge };
}

/**
 * What a store directory holds, read from its SQLite file read-only (no LOCK taken).
 * @throws {NotFoundError} when `dir` is missing or holds no store.
 * @throws {StoreCorruptError} when the file cannot be opened or read.
 * @example
 * const stats = readStoreStats("./.memory");
 * stats.totals.records;
 */
export function readStoreStats(dirArg: string): StoreStats {
  const dir = path.resolve(dirArg);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
    throw new NotFoundError(`No such directory: ${dir}`, { dir });
  const file = path.join(dir, "store.sqlite");
  if (!fs.existsSync(file))
    throw new NotFoundError(`${dir} is not a langgraph-memory store directory (no store.sqlite in it).`, { dir });

  // Measured before SQLite adds its side files for this read-only connection.
  const bytes = diskUsage(dir);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new StoreCorruptError(`Cannot open ${file} read-only: ${(error as Error).message}`, { file }, error);
  }
  try {
    db.pragma("busy_timeout = 5000");
    const version = (
      db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined
    )?.value;
    // Every item under ["memory", …], grouped in SQLite: one row per namespace, status and kind.
    const [low, high] = prefixRange(["memory"])!;
    const memoryRows = db
      .prepare(
        `SELECT path,
                CASE WHEN ${recordSectionSql("path")} THEN json_extract(value, '$.status') END AS status,
                CASE WHEN ${recordSectionSql("path")} THEN json_extract(value, '$.kind') END AS kind,
                count(*) AS n
           FROM items WHERE path >= ? AND path < ? GROUP BY path, status, kind ORDER BY path`,
      )
      .all(low, high) as { path: string; status: string | null; kind: string | null; n: number }[];
    const [kLow, kHigh] = prefixRange(["knowledge"])!;
    const knowledgeRows = db
      .prepare("SELECT path, count(*) AS n FROM items WHERE path >= ? AND path < ? GROUP BY path ORDER BY path")
      .all(kLow, kHigh) as { path: string; n: number }[];

    return { dir, schemaVersion: version ?? null, bytes, ...summarizeStoreRows(memoryRows, knowledgeRows) };
  } catch (error) {
    throw new StoreCorruptError(`Cannot read ${file}: ${(error as Error).message}`, { file }, error);
  } finally {
    db.close();
  }
}
