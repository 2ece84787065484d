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
