import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { bufferToVector } from "../../src/store/vector-index.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { DIMS, openStore, readAllFiles, tempDir } from "../helpers/store.js";

let store: HNSWStore | undefined;
let dir = "";
afterEach(() => {
  store?.stop();
  store = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

const topics = [
  "The user is allergic to peanuts",
  "The user prefers window seats on flights",
  "用户不吃香菜，点外卖要备注",
  "The user's team has 8 people",
  "用户习惯用顺丰寄快递",
];

describe.each([
  ["exact scan", 10_000],
  ["HNSW graphs", 1],
])("isolation with %s", (_name, threshold) => {
  it("three users writing about the same topics never see each other's items", async () => {
    dir = tempDir();
    store = openStore(dir, { hnsw: { threshold } });
    const users = ["alice", "bob", "carol"];
    for (const user of users) {
      await store.batch(
        topics.map((content, i) => ({
          namespace: ["memory", "t1", user, "records"],
          key: `${user}-${i}`,
          value: { content, owner: user },
        })),
      );
    }
    // A bigger neighbour with the same words, to tempt a global index.
    await store.batch(
      Array.from({ length: 200 }, (_, i) => ({
        namespace: ["memory", "t1", "dave", "records"],
        key: `dave-${i}`,
        value: { content: `${topics[i % 5]} (${i})`, owner: "dave" },
      })),
    );
    for (const user of users) {
      const ns = ["memory", "t1", user];
      for (const query of [...topics, "peanut allergy", "香菜", "快递"]) {
        const vector = await store.search(ns, { query, limit: 50 });
        const keyword = await store.keywordSearch(ns, query, { limit: 50 });
        expect(vector.length).toBe(5);
        for (const hit of [...vector, ...keyword]) {
          expect(hit.value.owner).toBe(user);
          expect(hit.namespace[2]).toBe(user);
        }
      }
    }
    // A user id that is a prefix of another's ("ali" vs "alice") sees nothing of it.
    expect(await store.search(["memory", "t1", "ali"], { query: "peanuts" })).toEqual([]);
    expect(await store.keywordSearch(["memory", "t1", "ali"], "peanuts")).toEqual([]);
  });
});

describe("delete means gone", () => {
  it("removes the row, its vector and its keyword entry, also from the raw files after a flush", async () => {
    dir = tempDir();
    store = openStore(dir, { hnsw: { threshold: 20 } });
    const secret = "Zanzibarquokka-7731 is the vault phrase";
    await store.batch(
      Array.from({ length: 40 }, (_, i) => ({
        namespace: ["memory", "u1"],
        key: `k${i}`,
        value: { content: `ordinary note ${i} about gardening` },
      })),
    );
    await store.put(["memory", "u1"], "secret", { content: secret });
    store.flush();
    const vector = new HashEmbeddings({ dims: DIMS }).embed(secret);
    const vectorBytes = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
    const containsSecret = () => readAllFiles(dir).filter(({ bytes }) => bytes.includes(Buffer.from("Zanzibarquokka")));
    // Sanity: before deletion the text is on disk (so the check below can fail).
    expect(containsSecret().length).toBeGreaterThan(0);
    expect(readAllFiles(dir).some(({ bytes }) => bytes.includes(vectorBytes.subarray(0, 32)))).toBe(true);

    await store.delete(["memory", "u1"], "secret");
    expect(await store.get(["memory", "u1"], "secret")).toBeNull();
    expect((await store.search(["memory", "u1"], { query: secret, limit: 50 })).map((i) => i.key)).not.toContain(
      "secret",
    );
    expect(await store.keywordSearch(["memory", "u1"], "Zanzibarquokka")).toEqual([]);
    store.flush();
    expect(containsSecret().map((f) => f.file)).toEqual([]);
    const unit = bufferToVector(vectorBytes);
    expect(unit.length).toBe(DIMS);
    expect(
      readAllFiles(dir)
        .filter(({ bytes }) => bytes.includes(vectorBytes.subarray(0, 32)))
        .map((f) => f.file),
    ).toEqual([]);

    store.stop();
    store = openStore(dir, { hnsw: { threshold: 20 } });
    expect(await store.get(["memory", "u1"], "secret")).toBeNull();
    expect((await store.search(["memory", "u1"], { query: secret, limit: 50 })).map((i) => i.key)).not.toContain(
      "secret",
    );
    expect((await store.search(["memory", "u1"], { limit: 100 })).length).toBe(40);
  });
});
