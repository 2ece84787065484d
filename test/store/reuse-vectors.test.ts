import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { DIMS, tempDir } from "../helpers/store.js";

/** Counts the texts it embeds. */
class CountingEmbeddings extends HashEmbeddings {
  embedded: string[] = [];
  override async embedDocuments(texts: string[]) {
    this.embedded.push(...texts);
    return super.embedDocuments(texts);
  }
}

let store: HNSWStore | undefined;
let dir = "";
afterEach(() => {
  store?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("HNSWStore keeps vectors of unchanged texts", () => {
  it("does not re-embed when only non-indexed fields change, and does when the text changes", async () => {
    dir = tempDir();
    const embeddings = new CountingEmbeddings({ dims: DIMS });
    store = new HNSWStore({ dir, index: { dims: DIMS, embeddings, fields: ["content"] }, flushIntervalMs: 0, hnsw: { threshold: 1 } });
    await store.put(["m"], "a", { content: "The user prefers tea", accessCount: 0 });
    expect(embeddings.embedded).toEqual(["The user prefers tea"]);
    for (let i = 1; i <= 3; i += 1) await store.put(["m"], "a", { content: "The user prefers tea", accessCount: i });
    expect(embeddings.embedded).toHaveLength(1);
    expect((await store.get(["m"], "a"))?.value.accessCount).toBe(3);
    expect((await store.search(["m"], { query: "prefers tea", limit: 1 }))[0]?.key).toBe("a");
    expect((await store.keywordSearch(["m"], "tea")).map((i) => i.key)).toEqual(["a"]);

    await store.put(["m"], "a", { content: "The user prefers coffee", accessCount: 4 });
    expect(embeddings.embedded).toEqual(["The user prefers tea", "The user prefers coffee"]);
    expect(await store.keywordSearch(["m"], "tea")).toEqual([]);
    const hit = (await store.search(["m"], { query: "The user prefers coffee", limit: 1 }))[0];
    expect(hit?.key).toBe("a");
    expect(hit!.score!).toBeGreaterThan(0.99);
  });

  it("stays correct when concurrent batches change the same item", async () => {
    dir = tempDir();
    const embeddings = new CountingEmbeddings({ dims: DIMS });
    store = new HNSWStore({ dir, index: { dims: DIMS, embeddings, fields: ["content"] }, flushIntervalMs: 0 });
    await store.put(["m"], "a", { content: "original text about tea" });
    // Started together: the first plans to keep the vectors, the second rewrites the text.
    await Promise.all([
      store.put(["m"], "a", { content: "original text about tea", n: 1 }),
      store.put(["m"], "a", { content: "new text about mountains", n: 2 }),
      store.batch([
        { namespace: ["m"], key: "a", value: { content: "third text about rivers", n: 3 } },
        { namespace: ["m"], key: "a", value: { content: "original text about tea", n: 4 } },
      ]),
    ]);
    const final = await store.get(["m"], "a");
    const hit = (await store.search(["m"], { query: final!.value.content as string, limit: 1 }))[0];
    expect(hit?.key).toBe("a");
    expect(hit!.score!).toBeGreaterThan(0.99);
    const keyword = await store.keywordSearch(["m"], (final!.value.content as string).split(" ").pop()!);
    expect(keyword.map((i) => i.key)).toEqual(["a"]);
  });
});
