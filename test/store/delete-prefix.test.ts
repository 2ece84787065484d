import fs from "node:fs";
import path from "node:path";
import hnswlib from "hnswlib-node";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidNamespaceError, InvalidOperationError } from "../../src/errors.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { DIMS, openStore, readAllFiles, tempDir, testEmbeddings } from "../helpers/store.js";

let store: HNSWStore | undefined;
afterEach(() => {
  store?.stop();
  store = undefined;
});

const ZH = "用户的保险柜密语是青花瓷貔貅";
const EN = "Quillwort-Marmalade is the vault phrase";

function records(user: string, n: number, secretEvery = 0) {
  return Array.from({ length: n }, (_, i) => ({
    namespace: ["memory", "t1", user, "records"],
    key: `${user}-${i}`,
    value: {
      content: secretEvery && i % secretEvery === 0 ? `${i % 2 ? ZH : EN} (${i})` : `${user} note ${i} about gardening`,
    },
  }));
}

function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  return readAllFiles(dir)
    .filter(({ bytes }) => bytes.includes(needle))
    .map(({ file }) => path.relative(dir, file));
}

function graphFiles(dir: string): string[] {
  return fs.readdirSync(path.join(dir, "hnsw")).sort();
}

describe("HNSWStore.deletePrefix", () => {
  it("deletes every namespace under the prefix, label by label, and nothing else", async () => {
    const dir = tempDir();
    store = openStore(dir);
    await store.batch([
      ...records("u", 5, 2),
      ...records("u2", 3),
      { namespace: ["memory", "t1", "u", "history"], key: "h1", value: { content: EN }, index: false },
      { namespace: ["memory", "t1", "u", "keys", "food", "dislike"], key: "r1", value: { status: "active" } },
      { namespace: ["knowledge", "t1", "docs"], key: "d1", value: { content: "shipping policy" } },
    ]);

    const deleted = await store.deletePrefix(["memory", "t1", "u"]);

    expect(deleted.map((d) => [d.namespace.join("/"), d.items]).sort()).toEqual([
      ["memory/t1/u/history", 1],
      ["memory/t1/u/keys/food/dislike", 1],
      ["memory/t1/u/records", 5],
    ]);
    expect(await store.search(["memory", "t1", "u"], { limit: 50 })).toEqual([]);
    expect(await store.search(["memory", "t1", "u"], { query: EN, limit: 50 })).toEqual([]);
    expect(await store.keywordSearch(["memory", "t1", "u"], "Quillwort")).toEqual([]);
    expect(await store.listNamespaces({ prefix: ["memory", "t1", "u"] })).toEqual([]);
    // "u2" starts with "u" but is another label: untouched, as is the knowledge base.
    expect((await store.search(["memory", "t1", "u2"], { query: "gardening", limit: 50 })).length).toBe(3);
    expect((await store.keywordSearch(["memory", "t1", "u2"], "gardening")).length).toBe(3);
    expect(await store.get(["knowledge", "t1", "docs"], "d1")).not.toBeNull();
    // The namespace can be written again afterwards.
    await store.put(["memory", "t1", "u", "records"], "again", { content: "a new start" });
    expect((await store.search(["memory", "t1", "u"], { query: "new start" })).map((i) => i.key)).toEqual(["again"]);
    expect(await store.deletePrefix(["memory", "t1", "nobody"])).toEqual([]);
  });

  it("refuses the empty prefix and malformed labels, deleting nothing", async () => {
    store = openStore(tempDir());
    await store.batch(records("u", 2));
    await expect(store.deletePrefix([])).rejects.toThrow(InvalidOperationError);
    await expect(store.deletePrefix(["memory", "t.1"])).rejects.toThrow(InvalidNamespaceError);
    expect((await store.search(["memory"], { limit: 10 })).length).toBe(2);
  });

  it("leaves no byte of the deleted content, and no graph file of the namespace, on disk", async () => {
    const dir = tempDir();
    store = openStore(dir, { hnsw: { threshold: 50 } });
    await store.batch([...records("u", 120, 3), ...records("v", 80)]);
    store.flush();
    const before = graphFiles(dir);
    expect(before.filter((f) => f.endsWith(".bin")).length).toBe(2);
    // Sanity: the scan below can fail.
    expect(filesContaining(dir, ZH)).toEqual(["store.sqlite"]);
    const secretVector = testEmbeddings().embed(`${EN} (0)`);
    const vectorBytes = Buffer.from(secretVector.buffer).subarray(0, 32);
    expect(readAllFiles(dir).some(({ bytes }) => bytes.includes(vectorBytes))).toBe(true);

    await store.deletePrefix(["memory", "t1", "u"]);
    store.stop();
    store = undefined;

    for (const text of [ZH, EN, "青花瓷", "Quillwort", "u note"]) expect(filesContaining(dir, text)).toEqual([]);
    expect(readAllFiles(dir).some(({ bytes }) => bytes.includes(vectorBytes))).toBe(false);
    // One graph left: v's.
    expect(graphFiles(dir).filter((f) => f.endsWith(".bin")).length).toBe(1);
    store = openStore(dir, { hnsw: { threshold: 50 } });
    expect((await store.search(["memory", "t1", "v"], { query: "gardening", limit: 100 })).length).toBe(80);
  });
});

describe("HNSWStore.compact", () => {
  it("rebuilds a graph holding deleted elements so its file holds live vectors only", async () => {
    const dir = tempDir();
    store = openStore(dir, { hnsw: { threshold: 50 } });
    await store.batch(records("u", 200, 4));
    store.flush();
    await store.batch(
      Array.from({ length: 50 }, (_, j) => ({
        namespace: ["memory", "t1", "u", "records"],
        key: `u-${j * 4}`,
        value: null,
      })),
    );
    const graph = graphFiles(dir).find((f) => f.endsWith(".bin"))!;
    const file = path.join(dir, "hnsw", graph);
    const countIn = () => {
      const index = new hnswlib.HierarchicalNSW("ip", DIMS);
      index.readIndexSync(file, true);
      return { elements: index.getCurrentCount(), live: index.getIdsList().length };
    };
    store.flush();
    // Scrubbed and marked deleted, but still 200 elements in the file.
    expect(countIn().elements).toBe(200);

    expect(store.compact()).toEqual({ rebuiltGraphs: 1, removedFiles: 0 });
    expect(countIn()).toEqual({ elements: 150, live: 150 });
    expect(filesContaining(dir, "Quillwort")).toEqual([]);
    const hits = await store.search(["memory", "t1", "u"], { query: "u note 7 about gardening", limit: 5 });
    expect(hits[0]?.key).toBe("u-7");
    // Nothing left to do the second time.
    expect(store.compact()).toEqual({ rebuiltGraphs: 0, removedFiles: 0 });
  });

  it("rebuilds a graph that loses most of its vectors in one commit, so no removed vector stays in its file", async () => {
    const dir = tempDir();
    store = openStore(dir, { hnsw: { threshold: 50 } });
    await store.batch(records("u", 400, 4));
    store.flush();
    const removedVector = testEmbeddings().embed(`${EN} (0)`);
    const vectorBytes = Buffer.from(removedVector.buffer).subarray(0, 32);
    expect(readAllFiles(dir).some(({ bytes }) => bytes.includes(vectorBytes))).toBe(true);
    // 300 of 400 in one batch: more than SCRUB_AT_MOST and than half of what stays.
    await store.batch(
      Array.from({ length: 300 }, (_, j) => ({
        namespace: ["memory", "t1", "u", "records"],
        key: `u-${j}`,
        value: null,
      })),
    );
    store.flush();
    const graph = graphFiles(dir).find((f) => f.endsWith(".bin"))!;
    const index = new hnswlib.HierarchicalNSW("ip", DIMS);
    index.readIndexSync(path.join(dir, "hnsw", graph), true);
    expect([index.getCurrentCount(), index.getIdsList().length]).toEqual([100, 100]);
    store.stop();
    store = undefined;
    expect(readAllFiles(dir).some(({ bytes }) => bytes.includes(vectorBytes))).toBe(false);
    store = openStore(dir, { hnsw: { threshold: 50 } });
    const hits = await store.search(["memory", "t1", "u"], { query: "u note 377 about gardening", limit: 3 });
    expect(hits[0]?.key).toBe("u-377");
  });

  it("removes graph files of namespaces that no longer exist", async () => {
    const dir = tempDir();
    store = openStore(dir, { hnsw: { threshold: 50 } });
    await store.batch(records("u", 60));
    store.flush();
    fs.writeFileSync(path.join(dir, "hnsw", "ns-999.bin"), "stale graph");
    fs.writeFileSync(path.join(dir, "hnsw", "ns-999.bin.json"), "{}");
    fs.writeFileSync(path.join(dir, "hnsw", "ns-1.bin.tmp"), "half-written");
    expect(store.compact()).toEqual({ rebuiltGraphs: 0, removedFiles: 3 });
    expect(graphFiles(dir)).toEqual(["ns-1.bin", "ns-1.bin.json"]);
  });
});
