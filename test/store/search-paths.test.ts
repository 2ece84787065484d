import fs from "node:fs";
import { InMemoryStore } from "@langchain/langgraph";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { filterToSql, matchesFilter } from "../../src/store/filter.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { dropUbiquitousTerms } from "../../src/store/keyword.js";
import { DIMS, openStore, tempDir, testEmbeddings } from "../helpers/store.js";

let store: HNSWStore | undefined;
let dir = "";
afterEach(() => {
  store?.stop();
  store = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const colors = ["red", "green", "blue", "amber"];
function items(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    namespace: ["s", "u1"],
    key: `k${i}`,
    value: {
      content: `The user note ${i} about ${colors[i % 4]} things and topic ${i % 13}`,
      color: colors[i % 4],
      n: i,
      rare: i % 20 === 0 ? "yes" : "no",
    },
  }));
}

describe.each([
  ["exact scan", 100_000],
  ["HNSW graph", 50],
])("filtered vector search (%s) agrees with InMemoryStore", (_name, threshold) => {
  it("returns the same keys for selective and broad filters", async () => {
    dir = tempDir();
    store = openStore(dir, { hnsw: { threshold, efSearch: 400 } });
    const reference = new InMemoryStore({ index: { dims: DIMS, embeddings: testEmbeddings(), fields: ["content"] } });
    const ops = items(400);
    await store.batch(ops);
    await reference.batch(ops);
    const filters: Array<Record<string, unknown>> = [
      { rare: "yes" },
      { color: { $in: ["red", "blue"] } },
      { color: "amber", n: { $gt: 200 } },
      { n: { $lt: 30 } },
      { color: { $eq: "green" }, rare: { $ne: "yes" } },
    ];
    for (const filter of filters) {
      const query = "note about topic 7 things";
      const ours = (await store.search(["s"], { query, filter, limit: 15 })).map((i) => i.key);
      const theirs = (await reference.search(["s"], { query, filter, limit: 15 })).map((i) => i.key);
      expect(ours.length, JSON.stringify(filter)).toBe(theirs.length);
      // Same set; HNSW is approximate only in order among near-equal scores.
      expect(new Set(ours), JSON.stringify(filter)).toEqual(new Set(theirs));
    }
  });
});

describe("filter pushdown", () => {
  it("only narrows: every row matchesFilter accepts satisfies the SQL it produces", () => {
    const { sql, params } = filterToSql(
      { status: "active", n: { $in: [1, 2] }, kind: { $eq: "fact" }, "bad.field": "x", flag: true, v: { $gt: 3 } },
      "i.value",
    );
    expect(sql).toBe(
      "json_extract(i.value, '$.status') = ? AND json_extract(i.value, '$.n') IN (?, ?) AND json_extract(i.value, '$.kind') = ? AND " +
        "(json_type(i.value, '$.v') NOT IN ('integer', 'real') OR json_extract(i.value, '$.v') > ?)",
    );
    expect(params).toEqual(["active", 1, 2, "fact", 3]);
    expect(filterToSql(undefined, "v")).toEqual({ sql: "", params: [] });
    expect(
      matchesFilter(
        { status: "active", n: 2, kind: "fact", flag: true, v: 4 },
        { status: "active", n: { $in: [1, 2] }, flag: true, v: { $gt: 3 } },
      ),
    ).toBe(true);
  });

  it("range conditions in SQL never drop a row matchesFilter accepts (Number() coercion included)", () => {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, value TEXT)");
    const values: unknown[] = [
      -2,
      0,
      3,
      3.5,
      5,
      1e20,
      "3",
      " 4 ",
      "0x10",
      "abc",
      "",
      null,
      true,
      false,
      [1],
      { a: 1 },
      undefined,
    ];
    const insert = db.prepare("INSERT INTO t (id, value) VALUES (?, ?)");
    for (const [i, v] of values.entries()) insert.run(i, JSON.stringify(v === undefined ? {} : { v }));
    const bounds: unknown[] = [-1, 0, 3, "3", 4.5, 16, null];
    let narrowed = 0;
    for (const op of ["$gt", "$gte", "$lt", "$lte"]) {
      for (const bound of bounds) {
        const filter = { v: { [op]: bound } };
        const pushed = filterToSql(filter, "value");
        const rows = db
          .prepare(`SELECT id, value FROM t ${pushed.sql ? `WHERE ${pushed.sql}` : ""}`)
          .all(...pushed.params) as Array<{ id: number; value: string }>;
        const inSql = new Set(rows.map((r) => r.id));
        values.forEach((_, i) => {
          const accepted = matchesFilter(
            JSON.parse((db.prepare("SELECT value FROM t WHERE id = ?").get(i) as { value: string }).value),
            filter,
          );
          if (accepted)
            expect(inSql.has(i), `${JSON.stringify(filter)} dropped ${JSON.stringify(values[i])}`).toBe(true);
        });
        narrowed += values.length - inSql.size;
      }
    }
    // And it does narrow: numeric rows outside the range are left out in SQL.
    expect(narrowed).toBeGreaterThan(50);
  });

  it("keeps JS equality semantics in keyword search: '1' is not 1", async () => {
    dir = tempDir();
    store = openStore(dir);
    await store.put(["p"], "a", { content: "alpha parcel", code: 1 });
    await store.put(["p"], "b", { content: "alpha parcel again", code: "1" });
    expect((await store.keywordSearch(["p"], "alpha", { filter: { code: 1 } })).map((i) => i.key)).toEqual(["a"]);
    expect((await store.keywordSearch(["p"], "alpha", { filter: { code: "1" } })).map((i) => i.key)).toEqual(["b"]);
  });
});

describe("ubiquitous keyword terms", () => {
  it("drops terms in most documents but keeps the rarest one", () => {
    const df = new Map([
      ["user", 950],
      ["the", 900],
      ["cilantro", 3],
      ["takeout", 40],
    ]);
    const of = (t: string) => df.get(t) ?? 0;
    expect(dropUbiquitousTerms(["user", "cilantro", "takeout"], of, 1000)).toEqual(["cilantro", "takeout"]);
    expect(dropUbiquitousTerms(["user", "the"], of, 1000)).toEqual(["the"]);
    expect(dropUbiquitousTerms(["user", "cilantro"], of, 100)).toEqual(["user", "cilantro"]); // small corpus: untouched
  });

  it("still finds the rare word when every document says 'user'", async () => {
    dir = tempDir();
    store = openStore(dir);
    await store.batch(items(500));
    await store.put(["s", "u1"], "special", {
      content: "The user never eats cilantro",
      color: "red",
      n: -1,
      rare: "no",
    });
    const hits = await store.keywordSearch(["s", "u1"], "does the user eat cilantro", { limit: 3 });
    expect(hits[0]?.key).toBe("special");
    const onlyCommon = await store.keywordSearch(["s", "u1"], "user", { limit: 5 });
    expect(onlyCommon).toHaveLength(5);
  });
});
