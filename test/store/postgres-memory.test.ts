/**
 * The facade on PostgreSQL (`createMemory({ postgres })`), against the server CI starts: the same
 * write, read, conflict, session/task and forgetting behaviour as on the embedded store, with
 * the graphs unchanged. Forget-me is checked by reading every table the store and both savers
 * own for the user's words.
 */

import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidConfigError, ScopeBusyError } from "../../src/errors.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { recordsNamespace } from "../../src/namespaces.js";
import { scopeKey } from "../../src/scope-queue.js";
import { PostgresStore } from "../../src/store/postgres-store.js";
import { latest, sessionGraph } from "../checkpoints/helpers.js";
import {
  freshSchema,
  holdScopeLock,
  noteSkip,
  POSTGRES_SKIP_REASON,
  POSTGRES_URL,
  registerSchema,
} from "../helpers/postgres.js";
import { tempDir } from "../helpers/store.js";
import { daysAgo, NOW as MAINTAIN_NOW, makeRecord, SCOPE, seed, statuses } from "../maintain/helpers.js";

noteSkip("createMemory({ postgres })");

const NOW = new Date("2026-03-10T09:00:00.000Z");
const WANG = { userId: "wang", tenantId: "acme" };
const ALICE = { userId: "alice", tenantId: "acme" };
let n = 0;
const said = (content: string, extra: Record<string, string> = {}) => ({
  id: `pg-msg-${++n}`,
  role: "user",
  content,
  at: NOW.toISOString(),
  ...extra,
});

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

async function open(schema = freshSchema()): Promise<{ memory: Memory; schema: string }> {
  registerSchema(`${schema}_sessions`);
  registerSchema(`${schema}_tasks`);
  const memory = await createMemory({ postgres: { connectionString: POSTGRES_URL!, schema }, now: () => NOW, env: {} });
  opened.push(memory);
  return { memory, schema };
}

/** Rows of every table in the given schemas whose text holds `needle`, as "schema.table". */
async function tablesHolding(schemas: string[], needle: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ s: string; t: string; c: string; type: string }>(
      `SELECT table_schema AS s, table_name AS t, column_name AS c, data_type AS type
       FROM information_schema.columns WHERE table_schema = ANY($1) ORDER BY 1, 2, 3`,
      [schemas],
    );
    expect(new Set(columns.map((c) => `${c.s}.${c.t}`)).size).toBeGreaterThanOrEqual(10);
    const found = new Set<string>();
    for (const { s, t, c, type } of columns) {
      // Text as text; checkpoint blobs (bytea) by their bytes.
      const test =
        type === "bytea" ? `position(convert_to($1, 'UTF8') in "${c}") > 0` : `position($1 in "${c}"::text) > 0`;
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${s}"."${t}" WHERE ${test}`, [
        needle,
      ]);
      if (Number(rows[0]!.n) > 0) found.add(`${s}.${t}`);
    }
    return [...found];
  } finally {
    await client.end();
  }
}

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)("createMemory({ postgres })", () => {
  it("writes, recalls and supersedes on PostgreSQL with the same graphs", async () => {
    const { memory } = await open();
    expect(memory.store).toBeInstanceOf(PostgresStore);
    expect(memory.checkpointers.sessions).toBeInstanceOf(PostgresSaver);
    expect(memory.checkpointers.sessions).not.toBe(memory.checkpointers.tasks);
    const first = await memory.remember({
      scope: WANG,
      messages: [said("我不吃香菜，点外卖记得备注。"), said("My locker number is 41.")],
    });
    expect(first.written.length).toBeGreaterThanOrEqual(2);
    const recall = await memory.recall({ scope: WANG, query: "点外卖要注意什么" });
    expect(recall.memories.map((m) => m.content).join(" ")).toContain("香菜");
    const changed = await memory.remember({ scope: WANG, messages: [said("My locker number is 57 now.")] });
    expect(changed.superseded.length).toBe(1);
    const locker = await memory.recall({ scope: WANG, query: "what is my locker number" });
    const lockers = locker.memories.filter((m) => /locker/iu.test(m.content));
    expect(lockers.map((m) => m.content).join(" ")).toContain("57");
    expect(lockers.map((m) => m.content).join(" ")).not.toContain("41");
    // One active value per key, the old one kept in history.
    const active = await memory.list(WANG, { about: "user" });
    expect(active.filter((m) => m.status === "active" && /locker/iu.test(m.content))).toHaveLength(1);
    const old = changed.superseded[0]!;
    expect((await memory.history(WANG, old.id)).map((h) => h.action)).toContain("supersede");
    // Another user sees none of it.
    expect((await memory.recall({ scope: ALICE, query: "香菜 locker" })).memories).toEqual([]);
  });

  it("keeps sessions and tasks in their own savers, and forget-me leaves no row of the user in any table", async () => {
    const { memory, schema } = await open();
    await memory.sessions.open(WANG, "s-pg");
    await sessionGraph(memory.checkpointers.sessions).invoke(
      { notes: ["the Quillwort migration starts monday"] },
      { configurable: { thread_id: "s-pg" } },
    );
    const task = await memory.tasks.start(WANG, { title: "Quillwort migration", sessionId: "s-pg", steps: ["export"] });
    await memory.remember({
      scope: WANG,
      messages: [said("My locker combination word is Quillwort, keep it in mind.")],
    });
    await memory.remember({ scope: ALICE, messages: [said("I prefer window seats on flights.")] });
    await memory.recall({ scope: WANG, query: "Quillwort" });
    await memory.settled();
    const schemas = [schema, `${schema}_sessions`, `${schema}_tasks`];
    expect((await tablesHolding(schemas, "Quillwort")).length).toBeGreaterThanOrEqual(3);
    expect(await latest(memory.checkpointers.tasks, task.taskId)).toBeDefined();

    const report = await memory.forget(WANG);
    expect(report.sessions).toBe(1);
    expect(report.tasks).toBe(1);
    expect(await tablesHolding(schemas, "Quillwort")).toEqual([]);
    expect(await tablesHolding(schemas, '"wang"')).toEqual([]);
    expect(await latest(memory.checkpointers.sessions, "s-pg")).toBeUndefined();
    // Alice is untouched.
    expect(await tablesHolding(schemas, "window seats")).toEqual([`${schema}.items`]);
  });

  it("maintains, syncs business facts, and takes in a user exported from the embedded store", async () => {
    const clock = { now: MAINTAIN_NOW };
    const schema = freshSchema();
    registerSchema(`${schema}_sessions`);
    registerSchema(`${schema}_tasks`);
    const memory = await createMemory({
      postgres: { connectionString: POSTGRES_URL!, schema },
      now: () => clock.now,
      env: {},
    });
    opened.push(memory);
    // Maintenance: an overdue todo is archived, a future one stays (graphs/maintain.ts).
    const overdue = makeRecord({
      kind: "todo",
      key: "todo.dentist",
      content: "The user must call the dentist",
      expiresAt: daysAgo(8),
    });
    const future = makeRecord({
      kind: "todo",
      key: "todo.visa",
      content: "The user must renew the visa",
      expiresAt: daysAgo(-3),
    });
    await seed(memory, [overdue, future]);
    const report = await memory.maintain({ scope: SCOPE });
    expect(report.scopes[0]!.expired.map((e) => e.id)).toEqual([overdue.id]);
    expect(await statuses(memory, [overdue.id, future.id])).toEqual(["archived", "active"]);
    // Sync: a business fact is added, then updated to a new version (graphs/sync.ts).
    const fact = {
      key: "contract.acme.status",
      content: "与 Acme 的合同已签署",
      value: "signed",
      reference: "CRM-4711",
    };
    const added = await memory.sync(SCOPE, [{ ...fact, observedAt: daysAgo(2) }], { system: "crm" });
    expect(added.totals.added).toBe(1);
    const updated = await memory.sync(
      SCOPE,
      [{ ...fact, content: "与 Acme 的合同已终止", value: "terminated", observedAt: daysAgo(1) }],
      { system: "crm" },
    );
    expect(updated.totals.updated).toBe(1);
    const contract = await memory.recall({ scope: SCOPE, query: "Acme 合同状态" });
    expect(contract.memories.map((m) => m.content).join(" ")).toContain("终止");
    expect(contract.memories.map((m) => m.content).join(" ")).not.toContain("已签署");
    // Moving a user from the embedded store: export there, import here.
    const embedded = await createMemory({ dir: tempDir("lgm-pg-move-"), now: () => clock.now, env: {} });
    try {
      await embedded.remember({
        scope: WANG,
        messages: [said("我不吃香菜，点外卖记得备注。"), said("I prefer window seats on flights.")],
      });
      const document = await embedded.export(WANG);
      const imported = await memory.import(WANG, document);
      expect(imported.records + imported.episodes).toBe(document.records.length);
      expect(imported.records).toBeGreaterThanOrEqual(2);
      const moved = (await memory.list(WANG, { about: "any" })).map((r) => r.content).sort();
      expect(moved).toEqual((await embedded.list(WANG, { about: "any" })).map((r) => r.content).sort());
      const recall = await memory.recall({ scope: WANG, query: "点外卖" });
      expect(recall.memories.map((m) => m.content).join(" ")).toContain("香菜");
    } finally {
      await embedded.close();
    }
  });

  it("answers day and two-step questions from PostgreSQL's structured tables, as the embedded store does", async () => {
    const { memory } = await open();
    const embedded = await createMemory({ dir: tempDir("lgm-pg-struct-"), now: () => NOW, env: {} });
    try {
      const turns = [
        { id: "st-1", role: "user", content: "Priya leads the Atlas project.", at: "2026-03-02T10:00:00.000Z" },
        { id: "st-2", role: "user", content: "Atlas uses Postgres for its data.", at: "2026-03-04T10:00:00.000Z" },
        { id: "st-3", role: "user", content: "I went hiking with Mei today.", at: "2026-03-07T10:00:00.000Z" },
      ];
      for (const m of [memory, embedded]) for (const turn of turns) await m.remember({ scope: WANG, messages: [turn] });
      for (const m of [memory, embedded]) {
        const hop = await m.recall({ scope: WANG, query: "Which database does the project Priya leads use?" });
        expect(hop.memories.map((r) => r.content).join(" ")).toContain("Postgres");
        const day = await m.recall({ scope: WANG, query: "What did I do on March 7th?" });
        expect(day.memories[0]?.content).toContain("hiking");
      }
      expect(memory.store).toBeInstanceOf(PostgresStore);
      const rows = await (memory.store as PostgresStore).factsAbout(["memory", "acme", "wang"], ["atlas"], {
        limit: 10,
        namespaces: [recordsNamespace(WANG)],
      });
      expect(rows.map((f) => `${f.subjectKey} ${f.predicate} ${f.objectKey}`).sort()).toEqual([
        "atlas uses postgres",
        "priya leads atlas",
      ]);
    } finally {
      await embedded.close();
    }
  });

  it("fails a write with ScopeBusyError and writes nothing while another process holds the user too long", async () => {
    const schema = freshSchema();
    registerSchema(`${schema}_sessions`);
    registerSchema(`${schema}_tasks`);
    const memory = await createMemory({
      postgres: { connectionString: POSTGRES_URL!, schema, lockTimeoutMs: 300 },
      now: () => NOW,
      env: {},
    });
    opened.push(memory);
    // "Another process": a second store on the same schema, with its own lock connections.
    const other = new PostgresStore({ connectionString: POSTGRES_URL!, schema });
    const scope = { tenantId: "acme", userId: "busy" };
    const holder = await holdScopeLock(other, scopeKey(scope));
    try {
      const say = { scope, messages: [{ role: "user" as const, content: "我不吃香菜" }] };
      await expect(memory.remember(say)).rejects.toThrow(ScopeBusyError);
      expect(await memory.list(scope)).toEqual([]);
      await holder.release();
      // The same write goes through once the other process lets go.
      const out = await memory.remember(say);
      expect(out.written.map((r) => r.content)).toEqual(["用户不吃香菜"]);
    } finally {
      await holder.release();
      await other.end();
    }
  });

  it("refuses postgres beside dir or store, and DATABASE_URL only applies when nothing else is chosen", async () => {
    await expect(createMemory({ postgres: POSTGRES_URL!, dir: "/tmp/x", env: {} })).rejects.toThrow(InvalidConfigError);
    registerSchema(`langgraph_memory_sessions`);
    registerSchema(`langgraph_memory_tasks`);
    registerSchema("langgraph_memory");
    const viaEnv = await createMemory({ env: { DATABASE_URL: POSTGRES_URL! } });
    opened.push(viaEnv);
    expect(viaEnv.store).toBeInstanceOf(PostgresStore);
    expect((viaEnv.store as PostgresStore).schema).toBe("langgraph_memory");
  });
});
