/** `langgraph-memory export` and `forget`, run as a process against a store directory. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryExportSchema } from "../../src/index.js";
import { ALICE, filesContaining, openMemory, said, WANG } from "../forget/helpers.js";
import { tempDir } from "../helpers/store.js";
import { cli } from "./helpers.js";

async function seeded(): Promise<string> {
  const dir = tempDir();
  const memory = await openMemory(dir);
  await memory.remember({
    scope: WANG,
    messages: [said("我不吃香菜，点外卖记得备注。"), said("My locker combination word is Quillwort, keep it in mind.")],
  });
  await memory.remember({ scope: ALICE, messages: [said("I prefer window seats on flights.")] });
  await memory.close();
  return dir;
}

describe("langgraph-memory export / forget", { timeout: 60_000 }, () => {
  it("exports a user to stdout and to a file, then forgets them", async () => {
    const dir = await seeded();
    const exported = await cli(["export", "--dir", dir, "--user", "wang", "--tenant", "acme"]);
    expect(exported.code).toBe(0);
    const doc = MemoryExportSchema.parse(JSON.parse(exported.stdout));
    expect(doc.scope).toEqual(WANG);
    expect(doc.records.some((r) => r.content.includes("香菜"))).toBe(true);
    expect(doc.records.every((r) => r.scope.userId === "wang")).toBe(true);

    const out = path.join(tempDir(), "wang.json");
    const toFile = await cli(["export", "--dir", dir, "--user", "wang", "--tenant", "acme", "--out", out]);
    expect(toFile.stdout).toMatch(
      new RegExp(`Exported ${doc.records.length} records and ${doc.history.length} history entries`),
    );
    expect(MemoryExportSchema.parse(JSON.parse(fs.readFileSync(out, "utf8"))).records).toEqual(doc.records);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);

    const forgot = await cli(["forget", "--dir", dir, "--user", "wang", "--tenant", "acme", "--json"]);
    expect(forgot.code).toBe(0);
    expect(JSON.parse(forgot.stdout)).toMatchObject({ records: 2, episodes: 2, pending: 0 });
    expect(filesContaining(dir, "香菜")).toEqual([]);
    expect(filesContaining(dir, "Quillwort")).toEqual([]);
    expect(filesContaining(dir, "window seats").length).toBeGreaterThan(0);
    const memory = await openMemory(dir);
    expect(await memory.list(WANG, { about: "any" })).toEqual([]);
    expect((await memory.list(ALICE)).length).toBe(1);
    await memory.close();
  });

  it("moves a user to another store directory: export, then import, recalled there", async () => {
    const from = await seeded();
    const file = path.join(tempDir(), "wang.json");
    expect((await cli(["export", "--dir", from, "--user", "wang", "--tenant", "acme", "--out", file])).code).toBe(0);
    const to = tempDir();
    const other = await openMemory(to);
    await other.remember({ scope: ALICE, messages: [said("I prefer aisle seats.")] });
    await other.close();
    const imported = await cli(["import", "--dir", to, "--user", "wang", "--tenant", "acme", "--file", file]);
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toMatch(/^Imported 2 memories, 2 episodes and \d+ history entries\.\n$/u);
    const memory = await openMemory(to);
    try {
      const recall = await memory.recall({ scope: WANG, query: "点外卖" });
      expect(recall.memories.map((m) => m.content).join(" ")).toContain("香菜");
      expect((await memory.list(ALICE)).map((r) => r.content)).toEqual(["The user prefers aisle seats"]);
    } finally {
      await memory.close();
    }
    // --bulk: the same import, the vector index built once after the rows.
    const bulkDir = tempDir();
    const bulk = await cli([
      "import",
      "--dir",
      bulkDir,
      "--user",
      "wang",
      "--tenant",
      "acme",
      "--file",
      file,
      "--bulk",
    ]);
    expect(bulk.stderr).toBe("");
    expect(bulk.stdout).toBe(imported.stdout);
    const bulkMemory = await openMemory(bulkDir);
    try {
      const recall = await bulkMemory.recall({ scope: WANG, query: "点外卖" });
      expect(recall.memories.map((m) => m.content).join(" ")).toContain("香菜");
    } finally {
      await bulkMemory.close();
    }
  });

  it("forgets one source only, and says what it removed", async () => {
    const dir = await seeded();
    const forgot = await cli(["forget", "--dir", dir, "--user", "wang", "--tenant", "acme", "--source", "inferred"]);
    expect(forgot.code).toBe(0);
    expect(forgot.stdout).toMatch(/^Forgot 0 memories of user 'wang' of tenant 'acme': records 0, pending 0/);
    expect(filesContaining(dir, "香菜").length).toBeGreaterThan(0);
  });

  it("refuses to export or forget a user the store does not hold under that tenant, naming where it does", async () => {
    const dir = await seeded();
    for (const command of ["forget", "export"]) {
      // wang lives under tenant acme: without --tenant, the default tenant has no wang.
      const elsewhere = await cli([command, "--dir", dir, "--user", "wang"]);
      expect(elsewhere.code, command).toBe(1);
      expect(elsewhere.stdout).toBe("");
      expect(elsewhere.stderr).toMatch(/No user 'wang' under the default tenant; the user exists under 'acme'/);
      const nobody = await cli([command, "--dir", dir, "--user", "zoe", "--tenant", "acme"]);
      expect(nobody.code, command).toBe(1);
      expect(nobody.stderr).toMatch(/No user 'zoe' in this store/);
    }
    // A wildcard is an id the grammar refuses, never a pattern over every user.
    for (const args of [
      ["--user", "*", "--tenant", "acme"],
      ["--user", "wang", "--tenant", "*"],
      ["--user", "w%", "--tenant", "acme"],
    ]) {
      const run = await cli(["forget", "--dir", dir, ...args]);
      expect(run.code, args.join(" ")).not.toBe(0);
      expect(run.stderr).toMatch(/wildcard or pattern character/);
    }
    expect(filesContaining(dir, "香菜").length).toBeGreaterThan(0);
    expect(filesContaining(dir, "window seats").length).toBeGreaterThan(0);
  });

  it("refuses missing or bad arguments with the usage exit code, and a missing store with 1", async () => {
    const dir = await seeded();
    for (const args of [
      ["export", "--dir", dir],
      ["forget", "--dir", dir, "--user", "wang", "--source", "gossip"],
    ]) {
      const run = await cli(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(/^langgraph-memory: /);
    }
    const missing = await cli(["forget", "--dir", path.join(dir, "nowhere"), "--user", "wang"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No such directory/);
    expect(fs.existsSync(path.join(dir, "nowhere"))).toBe(false);
    expect(filesContaining(dir, "香菜").length).toBeGreaterThan(0);
  });
});
