/**
 * A recall plan (src/store/recall-plan.ts) finds what the lookups made one by one find: on
 * seeded stores of generated memories in both languages, some naming people by random names,
 * the retrieve step's candidates and trace are the same with the plan and without it (the store
 * seen without `planRecall`), on HNSWStore and on PostgresStore; and the candidate lookups of a
 * recall without a day, status or exclusion take at most two statements on PostgreSQL, counted
 * on the pool's connections.
 */
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createRetrieveNode } from "../../nodes/read/retrieve.js";
import { createScopeNode } from "../../nodes/read/scope.js";
import { recordStructure } from "../../src/facts/structure.js";
import { RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { parseConditions } from "../../src/recall/conditions.js";
import { resolveReadDeps } from "../../src/recall/options.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../../src/schema.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import type { PostgresStore } from "../../src/store/postgres-store.js";
import { createRng, generateMemories, generateQueries } from "../bench/fixtures.js";
import { noteSkip, openPostgresStore, POSTGRES_SKIP_REASON } from "../helpers/postgres.js";
import { openStore, tempDir, testEmbeddings } from "../helpers/store.js";

noteSkip("recall plan on PostgresStore");

const NOW = Date.parse("2026-03-10T09:00:00.000Z");
const DAY_MS = 86_400_000;
const SCOPE: MemoryScope = { tenantId: "plan", userId: "u1" };
/** "what did I say on March 4, 2026": the date as English writes it (Intl, not a list of month names). */
const spoken = (day: Date) =>
  day.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Random names: syllables drawn by the seed, so no name is one the code could know. */
function randomName(rand: () => number): string {
  const syllables = ["ka", "lo", "mi", "ren", "sa", "to", "vel", "dra", "qui", "zo", "bel", "nor"];
  const n = 2 + Math.floor(rand() * 2);
  const word = Array.from({ length: n }, () => syllables[Math.floor(rand() * syllables.length)]).join("");
  return word[0]!.toUpperCase() + word.slice(1);
}

interface Seeded {
  records: MemoryRecord[];
  queries: Array<{ query: string; includeHistory?: boolean }>;
}

function seeded(seed: number, count: number): Seeded {
  const rand = createRng(seed);
  const fixtures = generateMemories(count, { seed, idPrefix: `s${seed}_` });
  const records: MemoryRecord[] = [];
  const record = (id: string, kind: MemoryRecord["kind"], key: string, content: string) => {
    const observed = new Date(NOW - Math.floor(rand() * 200) * DAY_MS).toISOString();
    const superseded = rand() < 0.1;
    records.push(
      parseMemoryRecord({
        id,
        kind,
        key,
        content,
        confidence: 0.8,
        importance: 0.5,
        source: { type: "explicit", messageIds: [`msg_${id}`] },
        scope: SCOPE,
        sensitivity: "low",
        status: superseded ? "superseded" : "active",
        ...(superseded ? { supersededBy: `${id}_next` } : {}),
        observedAt: observed,
        createdAt: observed,
        updatedAt: observed,
        lastAccessedAt: observed,
        accessCount: 0,
      }),
    );
  };
  for (const f of fixtures) record(f.id, f.value.kind, `${f.value.key}.${f.id}`, f.value.content);
  const names = Array.from({ length: 6 }, () => randomName(rand));
  const tools = ["Postgres", "Redis", "Figma", "Notion", "Jira"];
  for (const [i, name] of names.entries()) {
    const tool = tools[i % tools.length]!;
    record(`n${seed}_${i}_en`, "business_fact", `uses.${name}`, `${name} uses ${tool} for the billing project`);
    record(`n${seed}_${i}_zh`, "business_fact", `owns.${name}`, `${name}负责结算项目，平时用${tool}`);
  }
  const queries: Seeded["queries"] = generateQueries(fixtures, 24, { seed }).map((q) => ({ query: q.query }));
  for (const name of names.slice(0, 4)) {
    queries.push({ query: `What does ${name} use?` }, { query: `${name}负责什么项目？` });
  }
  // A day named (the `date` channel), a word with other words for it (`related`), history (the cold tier).
  const day = new Date(Date.parse(records[0]!.observedAt));
  queries.push(
    { query: `what did I say on ${spoken(day)}` },
    { query: `${day.getUTCFullYear()}年${day.getUTCMonth() + 1}月${day.getUTCDate()}日我说了什么` },
    { query: "what do my kids like to eat" },
    { query: `what did ${names[0]} use before`, includeHistory: true },
  );
  return { records, queries };
}

async function load(store: BaseStore, records: MemoryRecord[]): Promise<void> {
  await store.batch(records.map((r) => ({ namespace: recordsNamespace(SCOPE), key: r.id, value: r })));
}

/** The store as the read path sees one without a recall plan: every lookup a call of its own. */
function withoutPlan(store: BaseStore): BaseStore {
  return Object.assign(Object.create(store) as BaseStore, { planRecall: undefined });
}

/** The retrieve step's output for each query, through the store given. */
async function retrieved(store: BaseStore, queries: Seeded["queries"]): Promise<unknown[]> {
  const deps = resolveReadDeps({ store, now: () => new Date(NOW) });
  const scope = createScopeNode(deps);
  const retrieve = createRetrieveNode(deps);
  const out: unknown[] = [];
  for (const q of queries) {
    const state = { ...q, scope: SCOPE };
    const resolved = await scope(state as never, {});
    out.push(await retrieve({ ...state, ...resolved } as never, {}));
  }
  return out;
}

const dirs: HNSWStore[] = [];
afterAll(() => {
  for (const store of dirs) store.stop();
});

function hnsw(): HNSWStore {
  const store = openStore(tempDir("lgm-plan-"), {
    index: { dims: 64, embeddings: testEmbeddings(), fields: RECORD_INDEX_FIELDS },
    structure: recordStructure,
  });
  dirs.push(store);
  return store;
}

function postgres(): PostgresStore {
  return openPostgresStore({
    index: { dims: 64, embeddings: testEmbeddings(), fields: RECORD_INDEX_FIELDS },
    structure: recordStructure,
  });
}

describe("recall plan on HNSWStore", () => {
  it.each([11, 29])("finds the candidates the lookups one by one find (seed %i)", async (seed) => {
    const { records, queries } = seeded(seed, 400);
    const store = hnsw();
    await load(store, records);
    const planned = await retrieved(store, queries);
    expect(planned.some((r) => (r as { candidates: unknown[] }).candidates.length > 0)).toBe(true);
    expect(planned).toEqual(await retrieved(withoutPlan(store), queries));
  });
});

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)("recall plan on PostgresStore", () => {
  it.each([11, 29])("finds the candidates the lookups one by one find (seed %i)", async (seed) => {
    const { records, queries } = seeded(seed, 400);
    const store = postgres();
    await load(store, records);
    const planned = await retrieved(store, queries);
    expect(planned.some((r) => (r as { candidates: unknown[] }).candidates.length > 0)).toBe(true);
    expect(planned).toEqual(await retrieved(withoutPlan(store), queries));
  });

  it("takes at most two statements for the retrieve step's candidate lookups", async () => {
    const { records, queries } = seeded(7, 300);
    const store = postgres();
    await load(store, records);
    let statements = 0;
    type Counted = { query: (...args: unknown[]) => unknown };
    const counted = new WeakSet<object>();
    const count = (client: Counted) => {
      if (counted.has(client)) return;
      counted.add(client);
      const query = client.query.bind(client);
      client.query = (...args: unknown[]) => {
        const text = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: string }).text);
        // The relation path's reads of the facts (a query naming someone) are not candidate lookups.
        if (!/\.facts\b/u.test(text)) statements += 1;
        return query(...args);
      };
    };
    const pool = (store as unknown as { pool: pg.Pool & { _clients?: Counted[] } }).pool;
    for (const client of pool._clients ?? []) count(client);
    pool.on("connect", (client) => count(client as unknown as Counted));
    // The first lookup reads the term statistics too (cached for a minute).
    await retrieved(store, [{ query: "warm up" }]);
    // Plain: no condition for the structured path (a day, a relation, a status), which reads
    // the relational rows with statements of its own.
    const plain = queries.filter((q) => {
      const c = parseConditions(q.query, new Date(NOW));
      return !q.includeHistory && !c.time.length && !c.status && !c.exclude.length;
    });
    expect(plain.length).toBeGreaterThan(10);
    const sent: number[] = [];
    for (const q of plain) {
      statements = 0;
      await retrieved(store, [q]);
      sent.push(statements);
    }
    expect(Math.max(...sent)).toBeLessThanOrEqual(2);
    // Without the plan the same lookups took a statement each.
    statements = 0;
    await retrieved(withoutPlan(store), plain);
    expect(statements).toBeGreaterThan(sent.reduce((a, b) => a + b, 0));
  });
});
