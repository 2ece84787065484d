/**
 * WAL checkpoints off the event loop. SQLite folds the write-ahead log back into the database
 * file on the COMMIT that grows it past 1,000 pages, inside that COMMIT: a large write would
 * then hold the event loop for the whole copy. The store's connections turn that off
 * (`wal_autocheckpoint = 0`) and this worker thread, on a connection of its own, runs a PASSIVE
 * checkpoint (never waiting on readers or writers) whenever the log has grown past a threshold.
 * `HNSWStore.flush()` still folds and truncates the log itself, at close and after a deletion,
 * with the worker held off (`hold`): SQLite refuses a second checkpoint while one runs, and a
 * refused truncation would leave deleted rows in the log.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** Checkpoint once the log holds this many bytes (SQLite's own default is about 4 MiB). */
const WAL_BYTES = 4 * 1024 * 1024;
const INTERVAL_MS = 250;

// The shared state word: the worker checkpoints only after moving it from IDLE to RUNNING.
const IDLE = 0;
const RUNNING = 1;
const HELD = 2;

// CommonJS, evaluated in the worker: better-sqlite3 is loaded from the path the store resolved.
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const Database = require(workerData.driver);
const state = new Int32Array(workerData.state);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 1000");
db.pragma("wal_autocheckpoint = 0");
setInterval(() => {
  try {
    if (fs.statSync(workerData.file + "-wal").size < workerData.walBytes) return;
  } catch {
    return;
  }
  if (Atomics.compareExchange(state, 0, ${IDLE}, ${RUNNING}) !== ${IDLE}) return;
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // The store is closing: flush() does it.
  } finally {
    Atomics.store(state, 0, ${IDLE});
    Atomics.notify(state, 0);
  }
}, workerData.intervalMs);
`;

export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly state = new Int32Array(new SharedArrayBuffer(4));

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver, state: this.state.buffer, walBytes: WAL_BYTES, intervalMs: INTERVAL_MS },
    });
    this.worker.unref();
    // A worker that cannot open the file leaves checkpoints to flush(); nothing else depends on it.
    this.worker.on("error", () => undefined);
  }

  /**
   * Run `work` (a checkpoint of the caller's) with the worker held off: waits for a checkpoint
   * of the worker's in flight to end (a PASSIVE one, bounded by the log's size).
   */
  hold<T>(work: () => T): T {
    while (Atomics.compareExchange(this.state, 0, IDLE, HELD) !== IDLE) Atomics.wait(this.state, 0, RUNNING, 50);
    try {
      return work();
    } finally {
      Atomics.store(this.state, 0, IDLE);
    }
  }

  /** Stop the thread (its connection closes with it). */
  close(): void {
    Atomics.store(this.state, 0, HELD);
    void this.worker.terminate();
  }
}
