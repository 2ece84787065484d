/**
 * The stores' structured index (src/store/item-structure.ts; the queries are contract.ts
 * StructuredSearchable): rows derived from each value in the item's own transaction, replaced on put, gone with the item, queried by day and by entity,
 * joined for two steps, and ranked inside a subset. The same cases run on HNSWStore and, with
 * the CI server (test/helpers/postgres.ts), on PostgresStore; the file-level and query-plan
 * checks are HNSWStore's own.
 */
import { afterAll, describe, expect, it } from "vitest";
import { InvalidNamespaceError, InvalidOperationError } from "../../src/errors.js";
import { recordStructure } from "../../src/facts/structure.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { epochDay, monthDayOf } from "../../src/store/item-structure.js";
import type { PostgresStore } from "../../src/store/postgres-store.js";
import { noteSkip, openPostgresStore, POSTGRES_URL } from "../helpers/postgres.js";
import { openStore, readAllFiles, tempDir } from "../helpers/store.js";

const ns = ["memory", "_default", "u1", "records"];
const other = ["memory", "_default", "u2", "records"];
const rec = (id: string, content: string, observedAt: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: "fact",
  key: `k.${id}`,
  content,
  observedAt,
  status: "active",
  ...extra,
});

const dir = tempDir();
const hnsw = openStore(dir, { structure: recordStructure });
afterAll(() => hnsw.stop());
const backends: Array<[string, HNSWStore | PostgresStore]> = [["HNSWStore", hnsw]];
if (POSTGRES_URL) backends.push(["PostgresStore", openPostgresStore({ structure: recordStructure })]);
else noteSkip("PostgresStore structured index");

describe.each(backends)("%s structured index", (_name, store) => {
  it("answers days, entities and joins, per scope", async () => {
    await store.put(ns, "a", rec("a", "The user said Priya leads Atlas", "2026-03-02T10:00:00Z"));
    await store.put(ns, "b", rec("b", "The user said Atlas uses Postgres", "2026-03-05T10:00:00Z"));
    await store.put(ns, "c", rec("c", "The user went hiking on 2026-03-07", "2026-03-08T10:00:00Z"));
    await store.put(other, "x", rec("x", "The user said Priya leads Atlas", "2026-03-02T10:00:00Z"));
    await store.put(other, "y", rec("y", "The user said Atlas uses Oracle", "2026-03-02T10:00:00Z"));
    const prefix = ns.slice(0, 3);

    const day = epochDay("2026-03-07")!;
    expect(await store.itemsOnDays(prefix, { ranges: [{ from: day, to: day }] }, { limit: 10 })).toEqual([
      { namespace: ns, key: "c" },
    ]);
    // A date without a year: any year's March 2nd.
    const md = monthDayOf(epochDay("2026-03-02")!);
    expect(await store.itemsOnDays(prefix, { monthDays: [{ from: md, to: md }] }, { limit: 10 })).toEqual([
      { namespace: ns, key: "a" },
    ]);

    const about = await store.factsAbout(prefix, ["atlas"], { limit: 10 });
    expect(about.map((f) => `${f.key}:${f.subjectKey} ${f.predicate} ${f.objectKey}`).sort()).toEqual([
      "a:priya leads atlas",
      "b:atlas uses postgres",
    ]);

    const paths = await store.factPaths(prefix, ["priya"], { limit: 10 });
    expect(paths.map((p) => [p.first.key, p.second.key, p.second.objectKey])).toEqual([["a", "b", "postgres"]]);
  });

  it("replaces an item's rows when it is put again and drops them with it", async () => {
    const prefix = ns.slice(0, 3);
    await store.put(ns, "b", rec("b", "The user said Atlas uses MySQL", "2026-03-05T10:00:00Z"));
    expect(
      (await store.factsAbout(prefix, ["atlas"], { limit: 10, predicate: "uses" })).map((f) => f.objectKey),
    ).toEqual(["mysql"]);
    await store.delete(ns, "b");
    expect(await store.factsAbout(prefix, ["atlas"], { limit: 10, predicate: "uses" })).toEqual([]);
    await store.deletePrefix(other.slice(0, 3));
    expect(await store.factsAbout(other.slice(0, 3), ["atlas"], { limit: 10 })).toEqual([]);
    if (store instanceof HNSWStore) {
      store.flush();
      // Deleted means gone from every file, the relational tables included.
      for (const { bytes } of readAllFiles(dir)) expect(bytes.includes(Buffer.from("oracle"))).toBe(false);
    }
  });

  it("starts paths from the user only along an asked relation, and follows asked relations or aliases", async () => {
    const ns3 = ["memory", "_default", "u3", "records"];
    const prefix = ns3.slice(0, 3);
    await store.put(ns3, "l", rec("l", "The user leads Atlas", "2026-03-02T10:00:00Z"));
    await store.put(ns3, "u", rec("u", "The user said Atlas uses Postgres", "2026-03-03T10:00:00Z"));
    await store.put(ns3, "m", rec("m", "The user said Priya leads Atlas", "2026-03-04T10:00:00Z"));
    await store.put(ns3, "c", rec("c", "The user lives in Berlin", "2026-03-05T10:00:00Z"));
    const pairs = async (keys: string[], predicates?: string[]) =>
      (await store.factPaths(prefix, keys, { limit: 50, ...(predicates ? { predicates } : {}) }))
        .map((p) => `${p.first.key}>${p.second.key}`)
        .sort();
    // "Which database do the projects I lead use?": user leads Atlas → Atlas uses Postgres.
    expect(await pairs(["user"], ["leads", "uses"])).toEqual(["l>m", "l>u"]);
    expect(await pairs(["user"], ["uses"])).toEqual([]);
    // The user starts no path without an asked relation (every fact of the user would).
    expect(await pairs(["user"])).toEqual([]);
    // From a named entity any first hop counts; the second hop must be asked about.
    expect(await pairs(["priya"], ["uses"])).toEqual(["m>u"]);
    expect(await pairs(["priya"], ["lives_in"])).toEqual([]);
    expect(await pairs(["priya"])).toEqual(["m>l", "m>u"]);
  });

  it("reads only the namespaces it is given, or those holding rows, among many under a prefix", async () => {
    const user = ["memory", "_default", "u5"];
    const records = [...user, "records"];
    await store.put(records, "a", rec("a", "The user said Priya leads Atlas", "2026-03-02T10:00:00Z"));
    await store.put(records, "b", rec("b", "The user said Atlas uses Postgres", "2026-03-03T10:00:00Z"));
    // A user's prefix also holds a namespace per memory key and the history: no rows there.
    const ops = Array.from({ length: 300 }, (_, i) => ({
      namespace: [...user, "keys", `k${i}`],
      key: "ref",
      value: { recordId: `r${i}` },
    }));
    await store.batch(ops);
    const keys = async (hits: Array<{ key: string }>) => hits.map((h) => h.key).sort();
    expect(await keys(await store.factsAbout(user, ["atlas"], { limit: 10 }))).toEqual(["a", "b"]);
    expect(await keys(await store.factsAbout(user, ["atlas"], { limit: 10, namespaces: [records] }))).toEqual([
      "a",
      "b",
    ]);
    // A namespace outside the prefix is not read, whatever is asked.
    expect(await store.factsAbout(user, ["atlas"], { limit: 10, namespaces: [ns] })).toEqual([]);
    expect(
      (await store.factPaths(user, ["priya"], { limit: 10, predicates: ["uses"], namespaces: [records] })).map(
        (p) => p.second.key,
      ),
    ).toEqual(["b"]);
    const day = epochDay("2026-03-03")!;
    expect(
      await store.itemsOnDays(user, { ranges: [{ from: day, to: day }] }, { limit: 5, namespaces: [records] }),
    ).toEqual([{ namespace: records, key: "b" }]);
    await expect(
      store.factsAbout(user, [], { limit: 5, predicate: "status", namespaces: "x" as never }),
    ).rejects.toThrow(InvalidOperationError);
  });

  it("reads a bounded number of facts of an entity named by thousands", async () => {
    const ns4 = ["memory", "_default", "u4", "records"];
    const ops = Array.from({ length: 3000 }, (_, i) => ({
      namespace: ns4,
      key: `p${i}`,
      value: rec(`p${i}`, `The user said Project${i} uses Postgres`, "2026-03-02T10:00:00Z"),
    }));
    for (let i = 0; i < ops.length; i += 500) await store.batch(ops.slice(i, i + 500));
    const about = await store.factsAbout(ns4.slice(0, 3), ["postgres"], { limit: 20 });
    // Newest first, exactly the limit.
    expect(about.map((f) => f.key)).toEqual(Array.from({ length: 20 }, (_, i) => `p${2999 - i}`));
    const paths = await store.factPaths(ns4.slice(0, 3), ["project7"], { limit: 500, predicates: ["uses"] });
    // Project7 → Postgres → the newest projects using it, at most the per-pivot bound.
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.length).toBeLessThanOrEqual(10);
    expect(paths.every((p) => p.first.key === "p7" && p.second.objectKey === "postgres")).toBe(true);
  });

  it("ranks a day's items by the vectors its rows carry, kept in step with the item", async () => {
    const ns6 = ["memory", "_default", "u6", "records"];
    const at = "2026-04-04T10:00:00Z";
    const day = epochDay(at)!;
    await store.put(ns6, "r", rec("r", "The user ate ramen at Ippudo", at));
    await store.put(ns6, "t", rec("t", "The user bought a train ticket to Lyon", at));
    const vectorTop = async (query: string) =>
      (await store.searchOnDays([ns6], { ranges: [{ from: day, to: day }] }, query, { limit: 2 })).hits.vector?.[0]
        ?.key;
    expect(await vectorTop("ramen Ippudo")).toBe("r");
    // A usage-counter update keeps the rows; the ranking stays.
    await store.put(ns6, "r", rec("r", "The user ate ramen at Ippudo", at, { accessCount: 3 }));
    expect(await vectorTop("ramen Ippudo")).toBe("r");
    // New words, new vectors beside the day.
    await store.put(ns6, "r", rec("r", "The user visited the Louvre museum", at));
    await store.put(ns6, "t", rec("t", "The user ate ramen at Ippudo again", at));
    expect(await vectorTop("ramen Ippudo")).toBe("t");
    const { matched } = await store.searchOnDays([ns6], { ranges: [{ from: day, to: day }] }, "x", { limit: 2 });
    expect(matched).toBe(2);
  });

  it("ranks inside a subset only, with the filter applied", async () => {
    await store.put(ns, "d", rec("d", "The user ate ramen at Ippudo", "2026-03-09T10:00:00Z"));
    await store.put(ns, "e", rec("e", "The user ate tacos", "2026-03-09T11:00:00Z", { status: "superseded" }));
    const hits = await store.searchWithin(
      [
        { namespace: ns, key: "d" },
        { namespace: ns, key: "e" },
        { namespace: ns, key: "missing" },
      ],
      "ramen dinner",
      { filter: { status: "active" }, limit: 5 },
    );
    expect(hits.vector?.map((h) => h.key)).toEqual(["d"]);
    expect(hits.keyword.map((h) => h.key)).toEqual(["d"]);
  });

  it("refuses bad input with typed errors", async () => {
    await expect(store.factsAbout(ns, [1 as unknown as string], { limit: 5 })).rejects.toThrow(InvalidOperationError);
    await expect(store.factPaths(ns, ["a"], { limit: 5, predicates: "uses" as unknown as string[] })).rejects.toThrow(
      /predicates must be an array of strings/,
    );
    await expect(store.itemsOnDays(ns, {}, { limit: -1 })).rejects.toThrow(InvalidOperationError);
    await expect(store.itemsOnDays(ns, { ranges: [{ from: "a", to: 3 }] as never }, { limit: 5 })).rejects.toThrow(
      /days.ranges must be an array of \{ from, to \} integers/u,
    );
    await expect(store.searchOnDays([ns], "May 2" as never, "q", { limit: 5 })).rejects.toThrow(InvalidOperationError);
    await expect(store.searchOnDays([["a.b"]], {}, "q", { limit: 5 })).rejects.toThrow(InvalidNamespaceError);
    await expect(store.searchWithin([{ namespace: ["a.b"], key: "k" }], "q", { limit: 5 })).rejects.toThrow();
  });

  it("keeps no rows without a structure function", async () => {
    const plain = store instanceof HNSWStore ? openStore(tempDir()) : openPostgresStore();
    await plain.put(ns, "a", rec("a", "The user said Priya leads Atlas", "2026-03-02T10:00:00Z"));
    expect(await plain.factsAbout(ns.slice(0, 3), ["atlas"], { limit: 5 })).toEqual([]);
    if (plain instanceof HNSWStore) plain.stop();
  });
});

describe("HNSWStore structured index: query plans", () => {
  it("answers every fact query from an index, newest first without sorting an entity's facts", async () => {
    const fresh = openStore(tempDir(), { structure: recordStructure });
    // Reads go through the store's read connection.
    const db = (fresh as unknown as { readDb: { prepare: (sql: string) => unknown } }).readDb;
    const prepare = db.prepare.bind(db);
    const prepared: string[] = [];
    db.prepare = (sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    };
    const nsA = ["memory", "_default", "u7", "records"];
    await fresh.put(nsA, "a", rec("a", "The user said Priya leads Atlas", "2026-03-02T10:00:00Z"));
    await fresh.put(nsA, "b", rec("b", "The user said Atlas uses Postgres", "2026-03-03T10:00:00Z"));
    await fresh.put(nsA, "c", rec("c", "The user leads Kite", "2026-03-04T10:00:00Z"));
    prepared.length = 0;
    const prefix = nsA.slice(0, 3);
    await fresh.factsAbout(prefix, ["atlas"], { limit: 5 });
    await fresh.factsAbout(prefix, ["atlas"], { limit: 5, predicate: "uses" });
    await fresh.factsAbout(prefix, [], { limit: 5, predicate: "status" });
    await fresh.factPaths(prefix, ["priya", "user"], { limit: 5, predicates: ["uses", "leads"] });
    await fresh.factPaths(prefix, ["priya"], { limit: 5 });
    const probes = prepared.filter((sql) => /FROM facts WHERE/u.test(sql));
    expect(probes.length).toBeGreaterThanOrEqual(4);
    for (const sql of probes) {
      const plan = (prepare(`EXPLAIN QUERY PLAN ${sql}`) as { all: (...a: unknown[]) => Array<{ detail: string }> })
        .all(...Array.from({ length: (sql.match(/\?/gu) ?? []).length }, () => 1))
        .map((r) => r.detail)
        .join(" | ");
      expect(plan, sql).toMatch(/USING (?:COVERING )?INDEX facts_by_/u);
      expect(plan, sql).not.toMatch(/TEMP B-TREE|SCAN facts/u);
    }
    await fresh.stop();
  });
});
