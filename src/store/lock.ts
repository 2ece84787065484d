/**
 * One process per store directory: the HNSW graphs live in memory and are written back on
 * flush, so two writers would overwrite each other's files.
 *
 * The lock is one SQLite holds: `<dir>/store.lock` is a small database kept in an EXCLUSIVE
 * transaction while the store is open. Taking it is atomic (two processes starting together
 * cannot both succeed), and the operating system releases it when the holder exits or is
 * killed, so a lock left behind by a dead process needs no takeover. The file stays in place
 * after release: deleting it could let a process that opened the old file and one that creates a
 * new one both hold "the" lock.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { StoreLockedError } from "../errors.js";

const LOCK_FILE = "store.lock";
// Two processes trying at the same instant can each hold SQLite's SHARED step of the other's
// way to EXCLUSIVE, and both fail. In EXCLUSIVE locking mode a connection keeps every lock it
// took until it closes, so a failed attempt closes its connection (releasing its SHARED lock)
// and retries on a fresh one after a random pause, for this long before giving up: a real
// holder keeps its lock throughout and still refuses everyone.
const CONTENTION_MS = 100;
const held = new Map<string, Database.Database>();
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Take the directory's lock, or fail (within {@link CONTENTION_MS}).
 * @throws {StoreLockedError} when another process, or another open store of this process, holds it.
 */
export function acquireLock(dir: string): void {
  const key = path.resolve(dir);
  if (held.has(key)) throw new StoreLockedError(key);
  const deadline = Date.now() + CONTENTION_MS;
  for (;;) {
    const db = new Database(path.join(key, LOCK_FILE));
    try {
      db.pragma("busy_timeout = 0");
      db.pragma("locking_mode = EXCLUSIVE");
      db.exec("BEGIN EXCLUSIVE");
      held.set(key, db);
      return;
    } catch (error) {
      db.close();
      const code = (error as { code?: string }).code ?? "";
      const busy = code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED");
      if (!busy) throw error;
      if (Date.now() >= deadline) throw new StoreLockedError(key);
      Atomics.wait(pause, 0, 0, 1 + Math.random() * 10);
    }
  }
}

/** Release the directory's lock (no-op when this process does not hold it). */
export function releaseLock(dir: string): void {
  const key = path.resolve(dir);
  const db = held.get(key);
  if (!db) return;
  held.delete(key);
  try {
    db.exec("ROLLBACK");
  } finally {
    db.close();
  }
}
