/**
 * The default saver: LangGraph's `SqliteSaver` on a better-sqlite3 connection opened here, so
 * that a deleted thread is gone from the files, not only from the tables (seed 000 遗忘, seed 004
 * §4: deletion that leaves the bytes behind is not deletion).
 *
 * - `secure_delete = ON`: SQLite overwrites deleted rows and freed pages with zeros.
 * - After `deleteThread`, the WAL is folded into the database and truncated: its frames still
 *   hold the pages as they were before the delete until then.
 */
import fs from "node:fs";
import path from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import Database from "better-sqlite3";
import { StoreCorruptError } from "../src/errors.js";

export class SecureSqliteSaver extends SqliteSaver {
  /** The database file. */
  readonly file: string;

  /**
   * Open (or create) a checkpoint database; its directory is created when missing.
   * @throws {StoreCorruptError} when the file cannot be opened as a database.
   * @example
   * const saver = SecureSqliteSaver.open("./.memory/checkpoints/sessions.sqlite");
   * const graph = builder.compile({ checkpointer: saver });
   * await saver.deleteThread("session-1"); // gone from sessions.sqlite and its -wal
   * saver.close();
   */
  static open(file: string): SecureSqliteSaver {
    const resolved = path.resolve(file);
    let db: Database.Database | undefined;
    try {
      fs.mkdirSync(path.dirname(resolved), { recursive: true });
      db = new Database(resolved);
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
      db.pragma("secure_delete = ON");
      db.pragma("busy_timeout = 5000");
      const saver = new SecureSqliteSaver(db, resolved);
      // Creates the tables now, so a broken file fails here and not in the middle of a run.
      saver.setup();
      return saver;
    } catch (error) {
      db?.close();
      throw new StoreCorruptError(
        `Could not open the checkpoint database ${resolved}: ${(error as Error).message}`,
        { file: resolved },
        error,
      );
    }
  }

  private constructor(db: Database.Database, file: string) {
    super(db);
    this.file = file;
  }

  /** Delete every checkpoint and pending write of the thread, and write the deletion to disk. */
  override async deleteThread(threadId: string): Promise<void> {
    await super.deleteThread(threadId);
    this.db.pragma("wal_checkpoint(TRUNCATE)");
  }

  /** Fold the WAL into the database and close the connection; a no-op once closed. */
  close(): void {
    if (!this.db.open) return;
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    this.db.close();
  }
}
