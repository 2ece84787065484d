/**
 * What PostgresStore adds beyond the BaseStore contract (behaviour.test.ts runs that part),
 * against a real PostgreSQL + pgvector server (test/helpers/postgres.ts): keyword search that
 * works for Chinese, the hybrid channel pair, filters with InMemoryStore's semantics computed in
 * SQL, prefix deletion that leaves no row behind, typed errors, and an idempotent migration.
 */
import type { Item, SearchItem } from "@langchain/langgraph-checkpoint";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { InvalidConfigError, InvalidOperationError, InvalidValueError, ScopeBusyError } from "../../src/errors.js";
import { matchesFilter } from "../../src/store/filter.js";
import { KEYWORD_ROWS_PER_TERM } from "../../src/store/postgres-search.js";
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

/** A pool whose clients record every statement they send (each one a round trip). */
function countingPool(max: number): { pool: pg.Pool; statements: string[] } {
  const statements: string[] = [];
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max });
  pool.on("connect", (client) => {
    const target = client as unknown as { query: (...args: unknown[]) => unknown };
    const query = target.query.bind(client);
    target.query = (...args: unknown[]) => {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text;
      statements.push(text.trim().replace(/\s+/g, " "));
      return query(...args);
    };
  });
  return { pool, statements };
}

const DAY = 20_000; // an epoch day (2024-10-04)

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)("PostgresStore round trips", () => {
  it("answers a hybrid search, a batch's reads and a day question in one statement each, as before", async () => {
    const { pool, statements } = countingPool(4);
    try {
      const store = openPostgresStore({
        pool,
        structure: (value) => ({ days: typeof value.day === "number" ? [value.day] : [], facts: [] }),
      });
      await store.put(["r", "u1"], "tea", {
        content: "The user drinks green tea every morning",
        status: "active",
        day: DAY,
      });
      await store.put(["r", "u1"], "old", { content: "The user drank black tea", status: "superseded", day: DAY });
      await store.put(["r", "u1"], "ship", { content: "Ship orders with SF Express", status: "active" });
      await store.put(["r", "u1"], "bare", { content: "Kept without a vector", status: "active" }, false);
      await store.keywordSearch(["r", "u1"], "tea"); // reads the term statistics, cached for a minute
      const filter = { status: "active" };

      statements.length = 0;
      const hybrid = await store.hybridSearch(["r", "u1"], "tea in the morning", { filter, limit: 5 });
      expect(statements).toHaveLength(1);
      // The same lists as the channels asked one by one: vectors first, then the item without one.
      expect(hybrid.vector?.map((i) => i.key)).toEqual(
        (await store.search(["r", "u1"], { query: "tea in the morning", filter, limit: 5 })).map((i) => i.key),
      );
      expect(hybrid.vector?.map((i) => i.key)).toEqual(["tea", "ship", "bare"]);
      expect(hybrid.keyword.map((i) => i.key)).toEqual(
        (await store.keywordSearch(["r", "u1"], "tea in the morning", { filter, limit: 5 })).map((i) => i.key),
      );

      statements.length = 0;
      const [tea, missing, vectors, listing, ship] = (await store.batch([
        { namespace: ["r", "u1"], key: "tea" },
        { namespace: ["r", "u1"], key: "nobody" },
        { namespacePrefix: ["r", "u1"], query: "express shipping", filter, limit: 2, offset: 0 },
        { namespacePrefix: ["r"], filter: { status: "superseded" }, limit: 10, offset: 0 },
        { namespace: ["r", "u1"], key: "ship" },
      ])) as unknown as [Item | null, Item | null, SearchItem[], SearchItem[], Item | null];
      // The gets in one statement, the searches in another; no transaction for reads alone.
      expect(statements).toHaveLength(2);
      expect([tea?.key, missing, ship?.key]).toEqual(["tea", null, "ship"]);
      expect(vectors.map((i) => i.key)).toEqual(["ship", "tea"]);
      expect(listing.map((i) => i.key)).toEqual(["old"]);

      statements.length = 0;
      const days = await store.searchOnDays([["r", "u1"]], { ranges: [{ from: DAY, to: DAY }] }, "tea", {
        filter,
        limit: 5,
      });
      expect(statements).toHaveLength(1);
      expect(days.matched).toBe(2);
      expect(days.hits.vector?.map((i) => i.key)).toEqual(["tea"]);
      expect(days.hits.keyword.map((i) => i.key)).toEqual(["tea"]);
    } finally {
      await pool.end();
    }
  });

  it("writes new items in one statement for namespaces, items and stored digests, deleting nothing", async () => {
    const { pool, statements } = countingPool(2);
    try {
      const store = openPostgresStore({
        pool,
        structure: () => ({ days: [DAY], facts: [] }),
      });
      await store.migrate();
      statements.length = 0;
      await store.batch([
        { namespace: ["w", "u1"], key: "a", value: { content: "The user rides a red bicycle" } },
        { namespace: ["w", "u1"], key: "b", value: { content: "The user keeps two cats" } },
      ]);
      const kinds = statements.map((s) => s.split(" ").slice(0, 3).join(" "));
      expect(kinds.filter((k) => k.startsWith("DELETE"))).toEqual([]);
      expect(kinds).toHaveLength(7); // stored digests, BEGIN, items, days, kept vectors, new vectors, COMMIT
      // An item whose rows change has its old rows replaced.
      await store.put(["w", "u1"], "a", { content: "The user rides a blue bicycle" });
      const days = await store.itemsOnDays(["w", "u1"], { ranges: [{ from: DAY, to: DAY }] }, { limit: 10 });
      expect(days.map((i) => i.key).sort()).toEqual(["a", "b"]);
    } finally {
      await pool.end();
    }
  });

  it("keeps the HNSW settings of a search to its statement", async () => {
    const { pool } = countingPool(1);
    try {
      const store = openPostgresStore({ pool, hnsw: { efSearch: 300 } });
      await store.put(["s", "u1"], "a", { content: "The user rides a red bicycle" });
      const before = await pool.query<{ ef: string; scan: string }>(
        "SELECT current_setting('hnsw.ef_search', true) AS ef, current_setting('hnsw.iterative_scan', true) AS scan",
      );
      expect((await store.hybridSearch(["s", "u1"], "bicycle", { limit: 3 })).vector?.map((i) => i.key)).toEqual(["a"]);
      const after = await pool.query(
        "SELECT current_setting('hnsw.ef_search', true) AS ef, current_setting('hnsw.iterative_scan', true) AS scan",
      );
      expect(after.rows).toEqual(before.rows);
      expect(before.rows[0]?.ef).not.toBe("300");
    } finally {
      await pool.end();
    }
  });

  it("ranks at most KEYWORD_ROWS_PER_TERM rows of a word, and every row of a rarer one", async () => {
    const store = openPostgresStore();
    // 400 rows say "harbour" at length; the shortest, which ts_rank would put first, comes last.
    const rows = Array.from({ length: 400 }, (_, i) => ({
      namespace: ["k", "u1"],
      key: `long${String(i).padStart(3, "0")}`,
      value: { content: `harbour ${"boat ".repeat(12)}${i}` },
    }));
    await store.batch(rows);
    await store.put(["k", "u1"], "short", { content: "harbour" });
    await store.put(["k", "u1"], "rare", { content: `harbour lighthouse ${"boat ".repeat(12)}` });
    const common = await store.keywordSearch(["k", "u1"], "harbour", { limit: 10 });
    expect(common).toHaveLength(10);
    // Only the first rows of the word's postings were ranked: the best one beyond them is not.
    expect(common.map((i) => i.key)).not.toContain("short");
    expect(KEYWORD_ROWS_PER_TERM).toBeLessThan(400);
    // A rarer word of the query brings all its rows, whatever the common word's.
    expect((await store.keywordSearch(["k", "u1"], "harbour lighthouse", { limit: 3 }))[0]?.key).toBe("rare");
  });

  it("brings a word more rows say than a word brings only when the rarer words fall short of the page", async () => {
    const store = openPostgresStore();
    // 280 short rows say "harbour" (more than one word brings, under 30%), 20 long ones "lighthouse".
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      namespace: ["k", "u1"],
      key: `r${String(i).padStart(4, "0")}`,
      value: { content: i < 280 ? "harbour" : i < 300 ? `lighthouse ${"rock ".repeat(12)}` : `filler ${i}` },
    }));
    await store.batch(rows);
    await store.put(["k", "u1"], "both", { content: `harbour lighthouse ${"rock ".repeat(12)}` });
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`ANALYZE ${store.tables().find((t) => t.endsWith(".items"))}`);
    await client.end();
    expect(KEYWORD_ROWS_PER_TERM).toBeLessThan(280);
    // The rare word fills the page: the common word's rows, shorter, ranked higher, are not brought.
    const page = await store.keywordSearch(["k", "u1"], "harbour lighthouse", { limit: 5 });
    expect(page.every((i) => i.key === "both" || Number(i.key.slice(1)) >= 280)).toBe(true);
    // It falls short: the common word's rows follow.
    const longer = await store.keywordSearch(["k", "u1"], "harbour lighthouse", { limit: 50 });
    expect(longer).toHaveLength(50);
    expect(longer.some((i) => Number(i.key.slice(1)) < 280)).toBe(true);
    // A word no row says brings nothing: the common word's rows answer.
    expect(await store.keywordSearch(["k", "u1"], "harbour kelp", { limit: 1 })).toHaveLength(1);
  });
});
