/**
 * `langgraph-memory migrate` and `import --postgres`, run as processes against the PostgreSQL
 * server CI starts: the schema is created once and left alone the second time, and a user
 * exported from an embedded store directory lands in PostgreSQL and is recalled there.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { openMemory, said, WANG } from "../forget/helpers.js";
import { freshSchema, noteSkip, POSTGRES_SKIP_REASON, POSTGRES_URL, registerSchema } from "../helpers/postgres.js";
import { tempDir } from "../helpers/store.js";
import { cli } from "./helpers.js";

noteSkip("langgraph-memory migrate / import --postgres");

/** Which of these schemas exist on the server. */
async function schemasNamed(names: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1) ORDER BY 1",
      [names],
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)(
  "langgraph-memory migrate / import --postgres",
  { timeout: 120_000 },
  () => {
    it("migrates idempotently, then imports a user exported from the embedded store", async () => {
      const schema = freshSchema();
      registerSchema(`${schema}_sessions`);
      registerSchema(`${schema}_tasks`);
      const first = await cli(["migrate", "--postgres", POSTGRES_URL!, "--schema", schema, "--dims", "256", "--json"]);
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout)).toEqual({
        schema,
        version: 1,
        dims: 256,
        checkpointers: { sessions: `${schema}_sessions`, tasks: `${schema}_tasks` },
      });
      const again = await cli(["migrate", "--postgres", POSTGRES_URL!, "--schema", schema]);
      expect(again.stdout).toContain(`Schema ${schema} is at version 1 (vectors of 256 dimensions)`);
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      const { rows } = await client.query(
        "SELECT table_schema || '.' || table_name AS t FROM information_schema.tables WHERE table_schema LIKE $1 ORDER BY 1",
        [`${schema}%`],
      );
      await client.end();
      expect(rows.map((r) => r.t)).toEqual(
        expect.arrayContaining([
          `${schema}.items`,
          `${schema}.vectors`,
          `${schema}_sessions.checkpoints`,
          `${schema}_tasks.checkpoints`,
        ]),
      );

      const dir = tempDir();
      const embedded = await openMemory(dir);
      await embedded.remember({
        scope: WANG,
        messages: [said("我不吃香菜，点外卖记得备注。"), said("I prefer window seats on flights.")],
      });
      await embedded.close();
      const file = path.join(tempDir(), "wang.json");
      expect((await cli(["export", "--dir", dir, "--user", "wang", "--tenant", "acme", "--out", file])).code).toBe(0);
      const imported = await cli([
        "import",
        "--postgres",
        POSTGRES_URL!,
        "--schema",
        schema,
        "--user",
        "wang",
        "--tenant",
        "acme",
        "--file",
        file,
      ]);
      expect(imported.stderr).toBe("");
      expect(imported.stdout).toMatch(/^Imported 2 memories, 2 episodes and \d+ history entries\.\n$/u);
      const memory = await createMemory({ postgres: { connectionString: POSTGRES_URL!, schema }, env: {} });
      try {
        const recall = await memory.recall({ scope: WANG, query: "点外卖" });
        expect(recall.memories.map((m) => m.content).join(" ")).toContain("香菜");
      } finally {
        await memory.close();
      }
      expect(fs.existsSync(file)).toBe(true);
    });

    it("syncs, maintains, exports and forgets a user on PostgreSQL, as on a directory", async () => {
      const schema = freshSchema();
      registerSchema(`${schema}_sessions`);
      registerSchema(`${schema}_tasks`);
      const pgArgs = ["--postgres", POSTGRES_URL!, "--schema", schema];
      const wang = ["--user", "wang", "--tenant", "acme"];
      // Nothing migrated there yet: refused, and no empty store is made by the typo.
      const early = await cli(["export", ...pgArgs, ...wang]);
      expect(early.code).toBe(1);
      expect(early.stderr).toMatch(/No langgraph-memory store in schema .*migrate/);
      const typo = `${schema}_typo`;
      const facts = path.join(tempDir(), "erp.jsonl");
      fs.writeFileSync(
        facts,
        `${JSON.stringify({ key: "order.a1029.status", content: "王总的订单 A1029 状态：已发货", value: "shipped", observedAt: "2026-03-01T09:00:00Z" })}\n`,
      );
      const intoTypo = await cli([
        "sync",
        "--postgres",
        POSTGRES_URL!,
        "--schema",
        typo,
        ...wang,
        "--system",
        "erp",
        "--file",
        facts,
      ]);
      expect(intoTypo.code).toBe(1);
      expect((await cli(["stats", "--postgres", POSTGRES_URL!, "--schema", typo])).code).toBe(1);
      expect(await schemasNamed([schema, typo])).toEqual([]);
      expect((await cli(["migrate", ...pgArgs, "--dims", "256"])).code).toBe(0);

      const memory = await createMemory({ postgres: { connectionString: POSTGRES_URL!, schema }, env: {} });
      try {
        await memory.remember({ scope: WANG, messages: [said("我不吃香菜，点外卖记得备注。")] });
      } finally {
        await memory.close();
      }
      const synced = await cli(["sync", ...pgArgs, ...wang, "--system", "erp", "--file", facts, "--json"]);
      expect(synced.stderr).toBe("");
      expect(JSON.parse(synced.stdout).totals).toMatchObject({ added: 1 });
      const maintained = await cli(["maintain", ...pgArgs, ...wang, "--json"]);
      expect(maintained.code).toBe(0);
      expect(JSON.parse(maintained.stdout).scopes.map((s: { scope: unknown }) => s.scope)).toEqual([WANG]);

      const stats = await cli(["stats", ...pgArgs, "--json"]);
      expect(stats.stderr).toBe("");
      const counted = JSON.parse(stats.stdout);
      // The preference, its episode of the conversation and the synced order: what export() holds.
      expect(counted).toMatchObject({ schema, schemaVersion: "1", totals: { records: 3, conversation: 1 } });
      expect(counted.users.map((u: { tenantId: string; userId: string }) => [u.tenantId, u.userId])).toEqual([
        ["acme", "wang"],
      ]);
      expect(counted.users[0].byStatus.active).toBe(3);
      expect(counted.users[0].byKind).toMatchObject({ preference: 1, episode: 1, business_fact: 1 });
      expect(counted.users[0].history).toBeGreaterThanOrEqual(2);
      expect(counted.bytes.indexes).toBeGreaterThan(0);
      expect((await cli(["stats", ...pgArgs])).stdout).toMatch(
        new RegExp(`^PostgreSQL schema ${schema} \\(version 1\\)\nSize on disk: .*\n\n1 user, 3 memory records\n`),
      );

      const exported = await cli(["export", ...pgArgs, ...wang]);
      expect(exported.code).toBe(0);
      const contents = JSON.parse(exported.stdout).records.map((r: { content: string }) => r.content);
      expect(contents).toEqual(
        expect.arrayContaining(["用户不吃香菜，点外卖记得备注", "王总的订单 A1029 状态：已发货"]),
      );

      const forgot = await cli(["forget", ...pgArgs, ...wang, "--json"]);
      expect(forgot.code).toBe(0);
      expect(JSON.parse(forgot.stdout).records).toBeGreaterThanOrEqual(2);
      // Nothing of wang is left: an export of wang finds no such user, and says so.
      const after = await cli(["export", ...pgArgs, ...wang]);
      expect(after.code).toBe(1);
      expect(after.stdout).toBe("");
      expect(after.stderr).toMatch(/No user 'wang' in this store/);
      // --schema belongs to --postgres.
      expect((await cli(["export", "--dir", tempDir(), "--schema", schema, ...wang])).code).toBe(2);
    });

    it("refuses a missing database, both targets, or a bad --dims with the usage exit code", async () => {
      const env = process.env.DATABASE_URL;
      expect(env).toBeUndefined();
      expect((await cli(["migrate"])).code).toBe(2);
      expect((await cli(["migrate", "--postgres", POSTGRES_URL!, "--dims", "0"])).code).toBe(2);
      expect(
        (await cli(["import", "--dir", "/tmp/x", "--postgres", POSTGRES_URL!, "--user", "u", "--file", "f"])).code,
      ).toBe(2);
      expect((await cli(["import", "--postgres", POSTGRES_URL!, "--user", "u"])).code).toBe(2);
    });
  },
);
