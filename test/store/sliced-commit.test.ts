/**
 * A large batch commits in one SQLite transaction that hands the event loop back between
 * slices: while it is open, readers (on the store's read connection) see none of it; once it
 * commits, all of it; a store stopped mid-transaction keeps none of it. Deletions and flushes
 * wait for the commit in flight. The WAL is folded back by a worker thread, not inside a COMMIT.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { openStore, tempDir } from "../helpers/store.js";

const dirs: string[] = [];
const stores: HNSWStore[] = [];
function open(dir = tempDir()): HNSWStore {
  dirs.push(dir);
  const store = openStore(dir);
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const s of stores.splice(0)) s.stop();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const ns = ["memory", "t", "writer", "records"];
const puts = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({
    namespace: ns,
    key: `${tag}${i}`,
    value: { content: `${tag} note ${i}: the user keeps bees in an orchard near lake ${i % 7}` },
  }));

const count = async (store: HNSWStore) => (await store.search(ns, { limit: 10_000 })).length;

describe("HNSWStore sliced commit", () => {
  it("a reader between the slices of a large commit sees none of it, then all of it", async () => {
    const store = open();
    await store.batch(puts(5, "old"));
    let done = false;
    const writing = store.batch(puts(3000, "new")).then(() => {
      done = true;
    });
    const seen: number[] = [];
    let hits: number[] = [];
    while (!done) {
      seen.push(await count(store));
      hits = (await store.keywordSearch(ns.slice(0, 3), "orchard bees", { limit: 50 })).map((h) => h.key.length);
      expect(hits.length).toBeGreaterThan(0);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writing;
    // The commit handed the loop back: readers ran while it was open and saw the old state; the
    // last read may come after the commit, and then sees all of it.
    expect(seen.filter((n) => n === 5).length).toBeGreaterThan(1);
    expect(seen.every((n) => n === 5 || n === 3005)).toBe(true);
    expect(await count(store)).toBe(3005);
  });

  it("a store stopped while a commit is open keeps none of it, and says the batch failed", async () => {
    const dir = tempDir();
    const store = open(dir);
    await store.batch(puts(5, "old"));
    const writing = store.batch(puts(3000, "new"));
    const outcome = writing.then(
      () => "committed",
      (error: Error) => error.name,
    );
    // Let the commit start and hand the loop back at least once.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    store.stop();
    expect(await outcome).toBe("StoreClosedError");
    store.start();
    expect(await count(store)).toBe(5);
  });

  it("a deletion waits for the commit in flight, and the flushed files hold neither", async () => {
    const dir = tempDir();
    const store = open(dir);
    // A log past 4 MiB: the worker's checkpoints run while the deletion flushes (held off by it).
    const kept = ["memory", "t", "kept", "records"];
    for (let i = 0; i < 3; i++)
      await store.batch(
        puts(1500, `k${i}-`).map((op) => ({ ...op, namespace: kept, value: { content: `kept ${op.key}` } })),
      );
    const writing = store.batch(puts(2000, "gone"));
    // Once the commit's transaction is open, a deletion of the same scope waits for it.
    const db = (store as unknown as { db: { inTransaction: boolean } }).db;
    while (!db.inTransaction) await new Promise((resolve) => setImmediate(resolve));
    const deleting = store.deletePrefix(ns.slice(0, 3));
    await writing;
    const deleted = await deleting;
    expect(deleted.reduce((sum, d) => sum + d.items, 0)).toBe(2000);
    await store.flushCommitted();
    expect(await count(store)).toBe(0);
    const wal = path.join(dir, "store.sqlite-wal");
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
    expect(fs.readFileSync(path.join(dir, "store.sqlite")).includes("orchard near lake")).toBe(false);
  });

  it("folds a growing write-ahead log back into the database file off the event loop", async () => {
    const dir = tempDir();
    const store = open(dir);
    for (let i = 0; i < 4; i++) await store.batch(puts(1500, `b${i}-`));
    const wal = path.join(dir, "store.sqlite-wal");
    // The worker checkpoints once the log passes 4 MiB; the database file then holds the rows.
    const deadline = Date.now() + 10_000;
    while (fs.statSync(path.join(dir, "store.sqlite")).size < 4 * 1024 * 1024 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.statSync(path.join(dir, "store.sqlite")).size).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    expect(fs.existsSync(wal)).toBe(true);
    expect(await count(store)).toBe(6000);
  });
});
