import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
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
    store = new HNSWStore({
      dir,
      index: { dims: DIMS, embeddings, fields: ["content"] },
      flushIntervalMs: 0,
      hnsw: { threshold: 1 },
    });
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

  it("leaves the FTS row of an unchanged text alone, also for rows whose hash predates the current form", async () => {
    dir = tempDir();
    const open = () =>
      new HNSWStore({
        dir,
        index: { dims: DIMS, embeddings: new HashEmbeddings({ dims: DIMS }), fields: ["content"] },
        flushIntervalMs: 0,
      });
    store = open();
    await store.put(["m"], "a", { content: "用户喜欢喝乌龙茶 oolong", n: 0 });
    await store.put(["m"], "b", { content: "unrelated words", n: 0 });
    store.stop();
    // An older store layout hashed the keyword body itself; rewrite the hash as such a store left it.
    const file = path.join(dir, "store.sqlite");
    const raw = new Database(file);
    raw.prepare("UPDATE items SET keyword_hash = 'old-form-hash' WHERE key = 'a'").run();
    const segments = () => (raw.prepare("SELECT group_concat(hex(block)) AS s FROM fts_data").get() as { s: string }).s;
    const before = segments();
    store = open();
    await store.put(["m"], "a", { content: "用户喜欢喝乌龙茶 oolong", n: 1 });
    store.flush();
    expect(segments()).toBe(before);
    const hash = (raw.prepare("SELECT keyword_hash FROM items WHERE key = 'a'").get() as { keyword_hash: string })
      .keyword_hash;
    expect(hash).not.toBe("old-form-hash");
    expect((await store.keywordSearch(["m"], "乌龙茶")).map((i) => [i.key, i.value.n])).toEqual([["a", 1]]);
    // A real text change does rewrite it.
    await store.put(["m"], "a", { content: "用户改喝咖啡了", n: 2 });
    store.flush();
    expect(segments()).not.toBe(before);
    expect(await store.keywordSearch(["m"], "乌龙茶")).toEqual([]);
    raw.close();
  });

  it("keyword-indexes but never embeds the keyword-only paths, and re-embeds nothing when only they change", async () => {
    dir = tempDir();
    const embeddings = new CountingEmbeddings({ dims: DIMS });
    store = new HNSWStore({
      dir,
      index: { dims: DIMS, embeddings, fields: ["content", "hints", "terms[*]"], keywordOnly: ["terms[*]"] },
      flushIntervalMs: 0,
    });
    await store.put(["m"], "a", { content: "We talked about kites", hints: ["风筝", "toys"], terms: ["date_0506"] });
    await store.put(["m"], "b", { content: "We talked about boats", terms: ["date_0507"] });
    // One text per path: the content, and the hints array as one JSON text; never the terms.
    expect(embeddings.embedded).toHaveLength(3);
    expect(embeddings.embedded.some((t) => t.includes("date_"))).toBe(false);
    expect(embeddings.embedded.filter((t) => t.includes("风筝") && t.includes("toys"))).toHaveLength(1);
    expect((await store.keywordSearch(["m"], "date_0506")).map((i) => i.key)).toEqual(["a"]);
    expect((await store.keywordSearch(["m"], "风筝")).map((i) => i.key)).toEqual(["a"]);
    const vectors = new Database(path.join(dir, "store.sqlite"), { readonly: true });
    expect(vectors.prepare("SELECT field FROM vectors ORDER BY item_id, field").all()).toEqual([
      { field: "content" },
      { field: "hints" },
      { field: "content" },
    ]);
    vectors.close();
    // A new day term changes the keyword body only: no embedding, found under the new term.
    await store.put(["m"], "b", { content: "We talked about boats", terms: ["date_0508"] });
    expect(embeddings.embedded).toHaveLength(3);
    expect((await store.keywordSearch(["m"], "date_0508")).map((i) => i.key)).toEqual(["b"]);
    expect(await store.keywordSearch(["m"], "date_0507")).toEqual([]);
  });
});
