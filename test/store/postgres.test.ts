/**
 * What PostgresStore adds beyond the BaseStore contract (behaviour.test.ts runs that part),
 * against a real PostgreSQL + pgvector server (test/helpers/postgres.ts): keyword search that
 * works for Chinese, the hybrid channel pair, filters with InMemoryStore's semantics computed in
 * SQL, prefix deletion that leaves no row behind, typed errors, and an idempotent migration.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { InvalidConfigError, InvalidOperationError, InvalidValueError, ScopeBusyError } from "../../src/errors.js";
import { matchesFilter } from "../../src/store/filter.js";
import { PostgresStore } from "../../src/store/postgres-store.js";
import {
  freshSchema,
  holdScopeLock,
  noteSkip,
  openPostgresStore,
  POSTGRES_SKIP_REASON,
  POSTGRES_URL,
} from "../helpers/postgres.js";
import { DIMS, testEmbeddings } from "../helpers/store.js";

noteSkip("PostgresStore");

async function rowsOf(store: PostgresStore): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const out: Record<string, number> = {};
    for (const table of store.tables()) {
      if (table.endsWith(".meta")) continue;
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
      out[table.split(".").at(-1)!] = Number(rows[0]!.n);
    }
    return out;
  } finally {
    await client.end();
  }
}

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)("PostgresStore", () => {
  it("finds Chinese and English words by keyword, scoped to the prefix", async () => {
    const store = openPostgresStore();
    await store.put(["m", "u1"], "a", { content: "用户不吃香菜，点外卖记得备注" });
    await store.put(["m", "u1"], "b", { content: "The user ships orders with SF Express" });
    await store.put(["m", "u2"], "c", { content: "用户爱吃香菜" });
    expect((await store.keywordSearch(["m", "u1"], "香菜")).map((i) => i.key)).toEqual(["a"]);
    expect((await store.keywordSearch(["m", "u1"], "express shipping")).map((i) => i.key)).toEqual(["b"]);
    expect((await store.keywordSearch(["m"], "香菜")).map((i) => i.key).sort()).toEqual(["a", "c"]);
    // Words that are not in any memory, and punctuation alone, find nothing.
    expect(await store.keywordSearch(["m", "u1"], "giraffe")).toEqual([]);
    expect(await store.keywordSearch(["m", "u1"], "'|&!")).toEqual([]);
  });

  it("answers both channels of a hybrid query, each honouring the filter", async () => {
    const store = openPostgresStore();
    await store.put(["h"], "tea", { content: "The user drinks green tea every morning", status: "active" });
    await store.put(["h"], "old", { content: "The user drank black tea", status: "superseded" });
    await store.put(["h"], "ship", { content: "Ship orders with SF Express", status: "active" });
    const { vector, keyword } = await store.hybridSearch(["h"], "tea in the morning", {
      filter: { status: "active" },
      limit: 5,
    });
    expect(vector?.[0]?.key).toBe("tea");
    expect(vector?.map((i) => i.key)).not.toContain("old");
    expect(keyword.map((i) => i.key)).toEqual(["tea"]);
    expect(keyword[0]!.score).toBeGreaterThan(0);
  });

  it("filters in SQL exactly as matchesFilter does", async () => {
    const store = openPostgresStore();
    const values: Array<Record<string, unknown>> = [
      { n: 1 },
      { n: 2.5 },
      { n: "3" },
      { n: " 4 " },
      { n: "" },
      { n: "x" },
      { n: true },
      { n: false },
      { n: null },
      { n: [1] },
      { n: [] },
      { n: ["2"] },
      { n: [1, 2] },
      { n: "\t5\n" },
      { n: "1e1" },
      { n: { a: 1 } },
      {},
      { n: "red" },
    ];
    for (const [i, value] of values.entries()) await store.put(["f"], `k${i}`, { content: `v${i}`, ...value });
    const filters: Array<Record<string, unknown>> = [
      { n: 1 },
      { n: "3" },
      { n: null },
      { n: true },
      { n: [1] },
      { n: { $ne: 1 } },
      { n: { $ne: null } },
      { n: { $gt: 1 } },
      { n: { $gte: 0 } },
      { n: { $lt: 1 } },
      { n: { $lte: 3 } },
      { n: { $gt: 0, $lt: 4 } },
      { n: { $in: [1, "red", null] } },
      { n: { $nin: [1, "red"] } },
      { n: { $in: [] } },
      { n: { $gt: "abc" } },
    ];
    for (const filter of filters) {
      const got = (await store.search(["f"], { filter, limit: 50 })).map((i) => i.key).sort();
      const want = values
        .flatMap((v, i) => (matchesFilter({ content: `v${i}`, ...v }, filter) ? [`k${i}`] : []))
        .sort();
      expect(got, JSON.stringify(filter)).toEqual(want);
    }
  });

  it("deletes a prefix with every row of it, leaving other users alone", async () => {
    const store = openPostgresStore();
    for (let i = 0; i < 5; i++)
      await store.put(["memory", "u1", "records"], `r${i}`, { content: `用户喜欢第${i}本书` });
    await store.put(["memory", "u1", "episodes"], "e1", { content: "On 2024-05-06 the user said hello" });
    await store.put(["memory", "u2", "records"], "keep", { content: "u2 keeps this" });
    const gone = await store.deletePrefix(["memory", "u1"]);
    expect(gone).toEqual([
      { namespace: ["memory", "u1", "episodes"], items: 1 },
      { namespace: ["memory", "u1", "records"], items: 5 },
    ]);
    // Nothing of u1 in any table the store owns; u2's item, vector and namespace remain.
    expect(await rowsOf(store)).toEqual({ namespaces: 1, items: 1, vectors: 1, item_days: 0, facts: 0 });
    expect((await store.get(["memory", "u2", "records"], "keep"))?.value).toEqual({ content: "u2 keeps this" });
    await expect(store.deletePrefix([])).rejects.toThrow(InvalidOperationError);
  });

  it("stores each row's scope (the first three labels), the distribution column on a sharded database", async () => {
    const store = openPostgresStore();
    await store.put(["memory", "acme", "u1", "records"], "r", { content: "one" });
    await store.put(["memory", "acme", "u1", "keys", "food", "cilantro"], "k", { content: "two" });
    await store.put(["docs"], "d", { content: "three" });
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      for (const table of ["items", "vectors", "namespaces"]) {
        const { rows } = await client.query(`SELECT DISTINCT scope FROM "${store.schema}".${table} ORDER BY 1`);
        expect(
          rows.map((r) => r.scope),
          table,
        ).toEqual(["docs:", "memory:acme:u1:"]);
      }
    } finally {
      await client.end();
    }
    expect((await store.search(["memory", "acme", "u1"], { query: "two", limit: 5 })).map((i) => i.key).sort()).toEqual(
      ["k", "r"],
    );
    expect((await store.search(["memory", "acme"], { limit: 5 })).length).toBe(2);
  });

  it("keeps a put's vectors when its texts are unchanged and replaces them when they change", async () => {
    const store = openPostgresStore();
    let embedded = 0;
    const embeddings = testEmbeddings();
    const counting = Object.assign(Object.create(embeddings), {
      embedDocuments: async (texts: string[]) => {
        embedded += texts.length;
        return embeddings.embedDocuments(texts);
      },
    });
    const counted = new PostgresStore({
      connectionString: POSTGRES_URL!,
      schema: store.schema,
      index: { dims: DIMS, embeddings: counting, fields: ["content"] },
    });
    try {
      await counted.put(["v"], "a", { content: "green tea", uses: 1 });
      await counted.put(["v"], "a", { content: "green tea", uses: 2 });
      expect(embedded).toBe(1);
      await counted.put(["v"], "a", { content: "black coffee", uses: 3 });
      expect(embedded).toBe(2);
      const [hit] = await counted.search(["v"], { query: "black coffee", limit: 1 });
      expect(hit?.score).toBeGreaterThan(0.99);
      expect(await rowsOf(counted)).toEqual({ namespaces: 1, items: 1, vectors: 1, item_days: 0, facts: 0 });
    } finally {
      await counted.end();
    }
  });

  it("keyword-indexes keyword-only paths without embedding them, chosen by path as in HNSWStore", async () => {
    const store = openPostgresStore({
      index: {
        dims: DIMS,
        embeddings: testEmbeddings(),
        fields: ["content", "terms[*]", "note.text"],
        keywordOnly: ["terms[*]", "note"],
      },
    });
    await store.put(["ko"], "a", {
      content: "The user met Ines about the rollout",
      terms: ["date_20240506", "with_ines"],
      note: { text: "quarterly planning" },
    });
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ field: string }>(
        `SELECT field FROM "${store.schema}".vectors ORDER BY field`,
      );
      // "note" is keyword-only, "note.text" is another path: it is embedded.
      expect(rows.map((r) => r.field)).toEqual(["content", "note.text"]);
    } finally {
      await client.end();
    }
    expect((await store.keywordSearch(["ko"], "date_20240506")).map((i) => i.key)).toEqual(["a"]);
    expect((await store.keywordSearch(["ko"], "quarterly")).map((i) => i.key)).toEqual(["a"]);
  });

  it("gives up on a scope lock held too long with ScopeBusyError, running nothing, holding up no other scope", async () => {
    // Two lock connections: the holder's and one more, which the waiting commit must not keep.
    const store = openPostgresStore({ lockTimeoutMs: 1000, poolMax: 2 });
    const holder = await holdScopeLock(store, "acme:u1");
    let ran = false;
    const started = Date.now();
    const waiting = store
      .withScopeLock("acme:u1", async () => {
        ran = true;
      })
      .catch((error: unknown) => error);
    // Meanwhile another user's commit goes through at once: the waiting one holds no connection.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = Date.now();
    expect(await store.withScopeLock("acme:u2", async () => "free")).toBe("free");
    expect(Date.now() - other).toBeLessThan(500);
    const busy = await waiting;
    expect(busy).toBeInstanceOf(ScopeBusyError);
    expect((busy as ScopeBusyError).code).toBe("SCOPE_BUSY");
    expect(ran).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await holder.release();
    // Once released the next commit runs.
    await store.withScopeLock("acme:u1", async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(() => openPostgresStore({ lockTimeoutMs: 0 })).toThrow(InvalidConfigError);
  });

  it("refuses what PostgreSQL cannot hold, and bad options, with typed errors and nothing written", async () => {
    const store = openPostgresStore();
    await expect(store.put(["n"], "k", { content: "a\u0000b" })).rejects.toThrow(InvalidValueError);
    await expect(store.put(["n"], "k\u0000", { content: "x" })).rejects.toThrow(InvalidOperationError);
    expect(await store.search(["n"])).toEqual([]);
    expect(() => new PostgresStore({ connectionString: POSTGRES_URL!, schema: "Bad-Name" })).toThrow(
      InvalidConfigError,
    );
    expect(() => new PostgresStore({})).toThrow(InvalidConfigError);
    // A schema made for 64-dimensional vectors refuses a store configured with another size.
    await store.put(["n"], "ok", { content: "fine" });
    const other = new PostgresStore({
      connectionString: POSTGRES_URL!,
      schema: store.schema,
      index: { dims: DIMS * 2, embeddings: testEmbeddings(), fields: ["content"] },
    });
    try {
      await expect(other.get(["n"], "ok")).rejects.toThrow(InvalidConfigError);
    } finally {
      await other.end();
    }
  });

  it("migrates idempotently, from many processes' worth of pools at once", async () => {
    const schema = freshSchema();
    const stores = Array.from(
      { length: 4 },
      () =>
        new PostgresStore({
          connectionString: POSTGRES_URL!,
          schema,
          index: { dims: DIMS, embeddings: testEmbeddings(), fields: ["content"] },
        }),
    );
    try {
      await Promise.all(stores.map((s) => s.migrate()));
      await Promise.all(stores.map((s, i) => s.put(["mig"], `k${i}`, { content: `item ${i}` })));
      expect((await stores[0]!.search(["mig"], { limit: 10 })).length).toBe(4);
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      const { rows } = await client.query(`SELECT key, value FROM "${schema}".meta ORDER BY key`);
      await client.end();
      expect(rows).toEqual([
        { key: "dims", value: String(DIMS) },
        { key: "schema_version", value: "1" },
      ]);
    } finally {
      for (const s of stores) await s.end();
    }
  });

  it("bulk-loads with the HNSW index dropped and built once after, even when the load fails", async () => {
    const store = openPostgresStore();
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    const hnswIndexes = async () =>
      Number(
        (
          await client.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_indexes WHERE schemaname = $1 AND indexdef LIKE '%USING hnsw%'",
            [store.schema],
          )
        ).rows[0]!.n,
      );
    try {
      await store.migrate();
      expect(await hnswIndexes()).toBe(1);
      const words = ["tea", "coffee", "chess", "rowing", "paris", "tokyo", "violin", "garden"];
      const during = await store.bulkLoad(
        async () => {
          await store.batch(
            Array.from({ length: 200 }, (_, i) => ({
              namespace: ["bulk", `u${i % 4}`],
              key: `k${i}`,
              value: { content: `memory ${i} about ${words[i % words.length]} and ${words[(i * 3) % words.length]}` },
            })),
          );
          // Searches still answer (an exact scan) while the index is gone.
          const found = await store.search(["bulk", "u1"], { query: "violin", limit: 3 });
          // Another process starting up (migrate) leaves the index to the load's build.
          const other = new PostgresStore({
            connectionString: POSTGRES_URL!,
            schema: store.schema,
            index: { dims: DIMS, embeddings: testEmbeddings(), fields: ["content"] },
          });
          try {
            await other.migrate();
          } finally {
            await other.end();
          }
          return { indexes: await hnswIndexes(), found: found.map((i) => i.key) };
        },
        { maintenanceWorkMem: "64MB", parallelWorkers: 0 },
      );
      expect(during.indexes).toBe(0);
      expect(during.found.length).toBe(3);
      expect(await hnswIndexes()).toBe(1);
      // The rebuilt index answers the same query with the same items.
      const after = await store.search(["bulk", "u1"], { query: "violin", limit: 3 });
      expect(after.map((i) => i.key)).toEqual(during.found);
      // A failing load still leaves the index built, and what it wrote before failing stays.
      await expect(
        store.bulkLoad(async () => {
          await store.put(["bulk", "u9"], "x", { content: "written before the failure" });
          throw new Error("load failed");
        }),
      ).rejects.toThrow("load failed");
      expect(await hnswIndexes()).toBe(1);
      expect((await store.get(["bulk", "u9"], "x"))?.value.content).toBe("written before the failure");
      // Options are checked before anything is dropped: nothing SQL-shaped reaches the server, and
      // what the server refuses (below maintenance_work_mem's 1 MB minimum) drops nothing either.
      let loaded = false;
      for (const maintenanceWorkMem of ["1GB'; DROP TABLE x; --", "1kB"])
        await expect(
          store.bulkLoad(
            async () => {
              loaded = true;
            },
            { maintenanceWorkMem },
          ),
        ).rejects.toThrow(InvalidConfigError);
      expect(loaded).toBe(false);
      expect(await hnswIndexes()).toBe(1);
    } finally {
      await client.end();
    }
  });
});
