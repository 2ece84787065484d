import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidConfigError, StoreClosedError, StoreLockedError } from "../../src/errors.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { openStore, tempDir } from "../helpers/store.js";

const dirs: string[] = [];
const stores: HNSWStore[] = [];
function fresh(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}
function open(dir: string, threshold = 10): HNSWStore {
  const store = openStore(dir, { hnsw: { threshold } });
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const s of stores.splice(0)) s.stop();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function fill(store: HNSWStore, n: number, ns = ["m", "u1"]) {
  await store.batch(
    Array.from({ length: n }, (_, i) => ({
      namespace: ns,
      key: `k${i}`,
      value: { content: `note ${i} about topic ${i % 5} and item ${i}` },
    })),
  );
}

describe("HNSWStore persistence", () => {
  it("returns exactly what was committed after reopening", async () => {
    const dir = fresh();
    const a = open(dir);
    await fill(a, 40);
    await a.delete(["m", "u1"], "k3");
    await a.put(["m", "u1"], "k4", { content: "rewritten note four" });
    const before = await a.search(["m", "u1"], { query: "note 7 about topic 2", limit: 5 });
    a.stop();
    const b = open(dir);
    expect(await b.get(["m", "u1"], "k3")).toBeNull();
    expect((await b.get(["m", "u1"], "k4"))?.value).toEqual({ content: "rewritten note four" });
    expect((await b.search(["m", "u1"], { limit: 100 })).length).toBe(39);
    const after = await b.search(["m", "u1"], { query: "note 7 about topic 2", limit: 5 });
    expect(after.map((i) => i.key)).toEqual(before.map((i) => i.key));
    expect((await b.search(["m", "u1"], { query: "rewritten four", limit: 1 }))[0]?.key).toBe("k4");
  });

  it("rebuilds a missing HNSW file from SQLite", async () => {
    const dir = fresh();
    const a = open(dir);
    await fill(a, 30);
    a.stop();
    const hnswDir = path.join(dir, "hnsw");
    const files = fs.readdirSync(hnswDir);
    expect(files.some((f) => f.endsWith(".bin"))).toBe(true);
    for (const f of files) fs.rmSync(path.join(hnswDir, f));
    const b = open(dir);
    const hits = await b.search(["m", "u1"], { query: "note 12 about topic 2 and item 12", limit: 3 });
    expect(hits[0]?.key).toBe("k12");
    expect(fs.readdirSync(hnswDir).length).toBe(0); // rebuilt in memory, written on flush
    b.flush();
    expect(fs.readdirSync(hnswDir).some((f) => f.endsWith(".bin"))).toBe(true);
  });

  it("repairs a stale HNSW file: adds what is missing, drops what was deleted", async () => {
    const dir = fresh();
    const a = open(dir);
    await fill(a, 30);
    a.flush();
    const hnswDir = path.join(dir, "hnsw");
    const snapshot = new Map(fs.readdirSync(hnswDir).map((f) => [f, fs.readFileSync(path.join(hnswDir, f))]));
    await a.put(["m", "u1"], "late", { content: "a late arrival about zebras" });
    await a.delete(["m", "u1"], "k12");
    a.stop();
    // Put the old graph back, as if the process died before writing the new one.
    for (const [f, bytes] of snapshot) fs.writeFileSync(path.join(hnswDir, f), bytes);
    const b = open(dir);
    expect((await b.search(["m", "u1"], { query: "late arrival zebras", limit: 1 }))[0]?.key).toBe("late");
    const hits = await b.search(["m", "u1"], { query: "note 12 about topic 2 and item 12", limit: 30 });
    expect(hits.map((h) => h.key)).not.toContain("k12");
    expect(hits.length).toBe(30);
  });

  it("treats a corrupt HNSW file as a cache and rebuilds it", async () => {
    const dir = fresh();
    const a = open(dir);
    await fill(a, 30);
    a.stop();
    const hnswDir = path.join(dir, "hnsw");
    for (const f of fs.readdirSync(hnswDir).filter((x) => x.endsWith(".bin")))
      fs.writeFileSync(path.join(hnswDir, f), "garbage");
    const b = open(dir);
    expect((await b.search(["m", "u1"], { query: "note 3 about topic 3 and item 3", limit: 1 }))[0]?.key).toBe("k3");
  });

  it("refuses embeddings of other dimensions than the stored vectors", async () => {
    const dir = fresh();
    const a = open(dir);
    await fill(a, 3);
    a.stop();
    expect(
      () =>
        new HNSWStore({ dir, index: { dims: 32, embeddings: new HashEmbeddings({ dims: 32 }) }, flushIntervalMs: 0 }),
    ).toThrow(InvalidConfigError);
    // The failed open released the lock: the right configuration still opens.
    expect((open(dir) as HNSWStore).dir).toBe(path.resolve(dir));
  });

  it("holds the directory for one open store and refuses use after stop", async () => {
    const dir = fresh();
    const a = open(dir);
    expect(() => openStore(dir)).toThrow(StoreLockedError);
    a.stop();
    await expect(a.get(["m"], "k")).rejects.toThrow(StoreClosedError);
    a.start();
    await a.put(["m"], "k", { content: "back again" });
    expect((await a.get(["m"], "k"))?.value.content).toBe("back again");
  });

  it("moves a namespace from exact scan to an HNSW graph and back as it grows and shrinks", async () => {
    const dir = fresh();
    const a = open(dir, 20);
    await fill(a, 19);
    a.flush();
    expect(fs.readdirSync(path.join(dir, "hnsw"))).toEqual([]);
    await a.put(["m", "u1"], "k19", { content: "the twentieth note" });
    a.flush();
    expect(fs.readdirSync(path.join(dir, "hnsw")).filter((f) => f.endsWith(".bin")).length).toBe(1);
    expect((await a.search(["m", "u1"], { query: "twentieth note", limit: 1 }))[0]?.key).toBe("k19");
    await a.batch(Array.from({ length: 15 }, (_, i) => ({ namespace: ["m", "u1"], key: `k${i}`, value: null })));
    expect(fs.readdirSync(path.join(dir, "hnsw"))).toEqual([]);
    expect((await a.search(["m", "u1"], { query: "twentieth note", limit: 1 }))[0]?.key).toBe("k19");
  });
});
