/**
 * A key's history does not grow what a write's same-key lookup reads: the key index holds the
 * active records of a key only, so after a value changed many times the lookup's listing reads
 * one entry (counted as rows of the key's index namespace, not timed), and an index written by
 * an older version, which kept retired entries, loses them on first use.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { recordsNamespace, scopeNamespace } from "../../src/namespaces.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { scanNamespace } from "../../src/store/scan.js";
import { indexedRecords, keyIndexNamespace } from "../../src/write/conflict/key-index.js";
import { SEARCHED } from "../../src/write/conflict/lookup.js";
import { tempDir } from "../helpers/store.js";

const SCOPE = { userId: "u-history" };
const UPDATES = 40;

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

async function open(dir: string): Promise<Memory> {
  const memory = await createMemory({ dir, env: {}, now: () => new Date("2026-03-01T12:00:00Z") });
  opened.push(memory);
  return memory;
}

/** The locker number said `times` times, a new value each time (an hour apart). */
async function updateLocker(memory: Memory, times: number, from = 0): Promise<string> {
  for (let i = from; i < from + times; i++) {
    const at = new Date(Date.parse("2026-01-01T09:00:00Z") + i * 3_600_000).toISOString();
    await memory.remember({
      scope: SCOPE,
      messages: [{ role: "user", content: `My locker number is ${100 + i}.`, at }],
    });
  }
  const records = await memory.list(SCOPE, { status: "superseded" });
  expect(records.length).toBe(from + times - 1);
  return records[0]!.key;
}

/** Every row of the key's index namespace, whatever its status: what a listing of it walks. */
async function indexRows(memory: Memory, key: string) {
  return scanNamespace(memory.store, keyIndexNamespace(SCOPE, key), { pageSize: 1000 });
}

describe("the key index after a key changed many times", () => {
  it("holds one entry for the key, the active record, however many versions it had", async () => {
    const memory = await open(tempDir("lgm-key-history-"));
    const key = await updateLocker(memory, UPDATES);
    const rows = await indexRows(memory, key);
    expect(rows).toHaveLength(1);
    const [found] = await indexedRecords(memory.store, SCOPE, [{ prefix: key, exact: true }], 8);
    expect(found!.map((r) => r.content)).toEqual([expect.stringContaining(String(100 + UPDATES - 1))]);
    expect(rows[0]!.key).toBe(found![0]!.id);
  });

  it("reads as many rows in a write's searches after many versions of the key as after a few", async () => {
    const memory = await open(tempDir("lgm-key-history-reads-"));
    const store = memory.store as HNSWStore;
    expect(store).toBeInstanceOf(HNSWStore);
    const readsOfOneWrite = async (i: number) => {
      const before = store.searchRowsRead;
      await updateLocker(memory, 1, i);
      return store.searchRowsRead - before;
    };
    await updateLocker(memory, 60);
    const after60 = await readsOfOneWrite(60);
    await updateLocker(memory, 90, 61);
    const after150 = await readsOfOneWrite(151);
    // A filtered search read past every superseded version near the statement: 60 rows after 60
    // versions, 151 after 150.
    expect(after60).toBeGreaterThan(0);
    expect(after150).toBeLessThanOrEqual(after60);
    // SEARCHED items per search, each with up to two vectors (content and hints), read in chunks.
    expect(after150).toBeLessThanOrEqual(4 * SEARCHED);
  });

  it("removes the retired entries an older index kept, on first use", async () => {
    const dir = tempDir("lgm-key-history-old-");
    const memory = await open(dir);
    const key = await updateLocker(memory, 6);
    const superseded = await memory.list(SCOPE, { status: "superseded" });
    // What version 1 of the index left: an entry per retired record, and its marker.
    await memory.store.batch([
      ...superseded.map((r) => ({
        namespace: keyIndexNamespace(SCOPE, key),
        key: r.id,
        value: { key, status: "retired" },
        index: false as const,
      })),
      { namespace: [...scopeNamespace(SCOPE), "keys"], key: "_index", value: { version: 1 }, index: false as const },
    ]);
    expect(await indexRows(memory, key)).toHaveLength(6);
    await memory.close();
    opened.splice(0);
    const reopened = await open(dir);
    await reopened.remember({ scope: SCOPE, messages: [{ role: "user", content: "My locker number is 999." }] });
    expect(await indexRows(reopened, key)).toHaveLength(1);
    expect(await scanNamespace(reopened.store, recordsNamespace(SCOPE), { pageSize: 1000 })).toHaveLength(7);
  });
});
