/**
 * The SQLite source of truth of HNSWStore: items, their vectors and the FTS5 keyword index.
 * Everything the HNSW files hold can be rebuilt from here.
 */
import Database from "better-sqlite3";
import { StoreCorruptError } from "../errors.js";

export type Db = Database.Database;
export type Statement = Database.Statement;

const SCHEMA_VERSION = "1";

export interface OpenOptions {
  /** `normal` survives a killed process (WAL); `full` also survives power loss, at a write-latency cost. */
  synchronous: "normal" | "full";
}

export function openDatabase(file: string, options: OpenOptions): Db {
  let db: Db;
  try {
    db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${options.synchronous === "full" ? "FULL" : "NORMAL"}`);
    // Deleted content is overwritten with zeros, so "deleted" also means gone from the file.
    db.pragma("secure_delete = ON");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    // 64 MiB of page cache instead of SQLite's 2 MiB: a recall reads a few dozen random item
    // rows, and at 100k memories (~60 MB of rows) the default cache makes each a syscall;
    // bench:recall measured 0.19 → 0.08 ms for one 38-row lookup.
    db.pragma("cache_size = -65536");
    // A large write transaction writes its pages to the WAL as it goes (past 4 MiB of changes),
    // between the slices it hands the event loop back at, instead of all at once on COMMIT; the
    // log is folded back by a worker thread (wal-checkpointer.ts), not inside a COMMIT.
    db.pragma("cache_spill = 1024");
    db.pragma("wal_autocheckpoint = 0");
    migrate(db);
  } catch (error) {
    throw new StoreCorruptError(
      `Could not open the store database ${file}: ${(error as Error).message}`,
      { file },
      error,
    );
  }
  return db;
}

/**
 * A read-only connection to a store database another connection of this process opened (and
 * migrated): it reads the last committed state, whatever write transaction is open elsewhere.
 */
export function openReader(file: string): Db {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    db.pragma("cache_size = -65536");
    return db;
  } catch (error) {
    throw new StoreCorruptError(
      `Could not open the store database ${file}: ${(error as Error).message}`,
      { file },
      error,
    );
  }
}

function migrate(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    -- AUTOINCREMENT: a namespace id is never reused, so an old HNSW file can't be mistaken for a new namespace's.
    CREATE TABLE IF NOT EXISTS namespaces (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      path TEXT NOT NULL UNIQUE,
      item_count INTEGER NOT NULL DEFAULT 0,
      vector_count INTEGER NOT NULL DEFAULT 0,
      -- bumped by every committed change to this namespace's vectors; HNSW files record it
      seq INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS items (
      id INTEGER PRIMARY KEY,
      ns_id INTEGER NOT NULL REFERENCES namespaces(id),
      path TEXT NOT NULL,
      key TEXT NOT NULL,
      value TEXT NOT NULL,
      -- hash of the keyword body: an unchanged body is not rewritten in FTS
      keyword_hash TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      UNIQUE (path, key)
    );
    CREATE INDEX IF NOT EXISTS items_by_path_time ON items (path, updated_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS items_by_ns ON items (ns_id);
    -- AUTOINCREMENT: a vector id is never reused, so an HNSW file can be diffed against this table.
    CREATE TABLE IF NOT EXISTS vectors (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      ns_id INTEGER NOT NULL,
      field TEXT NOT NULL,
      -- hash of the embedded text: a put that leaves it unchanged keeps the vector (no re-embedding)
      text_hash TEXT NOT NULL DEFAULT '',
      vec BLOB NOT NULL
    );
    CREATE INDEX IF NOT EXISTS vectors_by_item ON vectors (item_id);
    CREATE INDEX IF NOT EXISTS vectors_by_ns ON vectors (ns_id, id);
    -- rowid = items.id. scope: one token per namespace prefix, so a keyword query is scoped
    -- inside FTS itself. body: pre-segmented terms (Intl.Segmenter) joined by spaces.
    CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(scope, body, tokenize = "unicode61 remove_diacritics 0");
    -- per-term document counts, to leave ubiquitous terms out of keyword queries
    CREATE VIRTUAL TABLE IF NOT EXISTS fts_vocab USING fts5vocab(fts, 'row');
    -- The structured index (src/store/item-structure.ts): rows derived from an item's value, deleted
    -- with it (ON DELETE CASCADE). day: epoch day (UTC); md: month * 100 + day, for dates said
    -- without a year.
    CREATE TABLE IF NOT EXISTS item_days (
      item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      ns_id INTEGER NOT NULL,
      day INTEGER NOT NULL,
      md INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS item_days_by_day ON item_days (ns_id, day);
    CREATE INDEX IF NOT EXISTS item_days_by_md ON item_days (ns_id, md);
    CREATE INDEX IF NOT EXISTS item_days_by_item ON item_days (item_id);
    CREATE TABLE IF NOT EXISTS facts (
      id INTEGER PRIMARY KEY,
      item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      ns_id INTEGER NOT NULL,
      subject TEXT NOT NULL,
      predicate TEXT NOT NULL,
      object TEXT NOT NULL,
      subject_key TEXT NOT NULL,
      object_key TEXT NOT NULL
    );
    -- Each fact probe (src/store/sqlite-structure-queries.ts) is an equality on a whole index prefix,
    -- read newest first (rowid order) with a limit: an entity's facts, or its facts of one
    -- predicate. Without the two-column ones a hub entity's newest facts would be a sort of all.
    CREATE INDEX IF NOT EXISTS facts_by_subject ON facts (ns_id, subject_key);
    CREATE INDEX IF NOT EXISTS facts_by_object ON facts (ns_id, object_key);
    CREATE INDEX IF NOT EXISTS facts_by_subject_predicate ON facts (ns_id, subject_key, predicate);
    CREATE INDEX IF NOT EXISTS facts_by_object_predicate ON facts (ns_id, object_key, predicate);
    CREATE INDEX IF NOT EXISTS facts_by_item ON facts (item_id);
    CREATE INDEX IF NOT EXISTS facts_by_predicate ON facts (ns_id, predicate);
  `);
  const version = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
    | { value: string }
    | undefined;
  if (!version) {
    db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(SCHEMA_VERSION);
    // FTS5 rewrites pages on delete instead of leaving stale terms behind (SQLite >= 3.42).
    db.prepare("INSERT INTO fts (fts, rank) VALUES ('secure-delete', 1)").run();
  } else if (version.value !== SCHEMA_VERSION) {
    throw new Error(`schema version ${version.value} is not supported (expected ${SCHEMA_VERSION})`);
  }
}

export function getMeta(db: Db, key: string): string | undefined {
  return (db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined)?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
    key,
    value,
  );
}
