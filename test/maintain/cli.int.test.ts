import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { tempDir } from "../helpers/store.js";
import { daysAgo, makeRecord, seed } from "./helpers.js";

const run = promisify(execFile);
const CLI = path.resolve("src/cli.ts");
// The CLI resolves models from the environment: keep it offline like the store it reads.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("OPENAI")));

async function cli(args: string[]) {
  return run(process.execPath, ["--import", "tsx", CLI, ...args], { env }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describe("langgraph-memory maintain", () => {
  it("maintains a closed store, one user or all, as JSON or a table", async () => {
    const dir = tempDir("lgm-cli-maintain-");
    const memory = await createMemory({ dir, env: {} });
    const a = { userId: "ann" };
    const b = { userId: "bob", tenantId: "acme" };
    // Due a month before the real clock the CLI runs with.
    const due = daysAgo(30, new Date());
    const annTodo = makeRecord(
      { kind: "todo", key: "todo.rent", content: "The user must pay rent", expiresAt: due },
      a,
    );
    const bobTodo = makeRecord(
      { kind: "todo", key: "todo.rent", content: "The user must pay rent", expiresAt: due },
      b,
    );
    await seed(memory, [annTodo, bobTodo]);
    await memory.close();

    const one = await cli(["maintain", "--dir", dir, "--user", "bob", "--tenant", "acme", "--json"]);
    expect(one.code).toBe(0);
    const report = JSON.parse(one.stdout);
    expect(report.scopes).toHaveLength(1);
    expect(report.scopes[0].expired.map((e: { id: string }) => e.id)).toEqual([bobTodo.id]);

    const all = await cli(["maintain", "--dir", dir]);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/Maintained 2 scopes/);
    expect(all.stdout).toMatch(/_default\s+ann\s+1/);
    expect(all.stdout).toMatch(/acme\s+bob\s+0/);

    // The second pass of a scope reads what changed since the first; --full reads everything again.
    const again = JSON.parse((await cli(["maintain", "--dir", dir, "--user", "ann", "--json"])).stdout);
    expect(again.scopes[0].pass).toEqual({ mode: "incremental", candidates: 0 });
    const full = JSON.parse((await cli(["maintain", "--dir", dir, "--user", "ann", "--full", "--json"])).stdout);
    expect(full.scopes[0].pass).toEqual({ mode: "full", reason: "asked for", candidates: 1 });
  }, 60_000);

  it("refuses a missing --dir and a directory that holds no store", async () => {
    expect((await cli(["maintain"])).code).toBe(2);
    const missing = await cli(["maintain", "--dir", path.join(tempDir(), "nowhere")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No store at/);
    // A directory without a store is not made into one.
    const empty = tempDir();
    const none = await cli(["maintain", "--dir", empty]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No store at/);
    expect(fs.readdirSync(empty)).toEqual([]);
  }, 60_000);
});
