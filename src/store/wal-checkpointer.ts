/**
 * WAL checkpoints off the event loop. SQLite folds the write-ahead log back into the database
 * file on the COMMIT that grows it past 1,000 pages, inside that COMMIT: a large write would
 * then hold the event loop for the whole copy. The store's connections turn that off
 * (`wal_autocheckpoint = 0`) and this worker thread, on a connection of its own, runs a PASSIVE
 * checkpoint (never waiting on readers or writers) whenever the log has grown past a threshold.
 * `HNSWStore.flush()` still folds and truncates the log itself, at close and after a deletion.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** Checkpoint once the log holds this many bytes (SQLite's own default is about 4 MiB). */
const WAL_BYTES = 4 * 1024 * 1024;
const INTERVAL_MS = 250;

// CommonJS, evaluated in the worker: better-sqlite3 is loaded from the path the store resolved.
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 1000");
db.pragma("wal_autocheckpoint = 0");
setInterval(() => {
  try {
    if (fs.statSync(workerData.file + "-wal").size >= workerData.walBytes) db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // No log yet, or the store is closing: the next tick (or flush) does it.
  }
}, workerData.intervalMs);
`;

export class WalCheckpointer {
  private readonly worker: Worker;

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver, walBytes: WAL_BYTES, intervalMs: INTERVAL_MS },
    });
    this.worker.unref();
    // A worker that cannot open the file leaves checkpoints to flush(); nothing else depends on it.
    this.worker.on("error", () => undefined);
  }

  /** Stop the thread (its connection closes with it); the caller checkpoints after. */
  close(): void {
    void this.worker.terminate();
  }
}
