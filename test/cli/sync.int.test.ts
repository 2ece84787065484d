/** `langgraph-memory sync`, run as a process against a store directory. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openMemory, WANG } from "../forget/helpers.js";
import { tempDir } from "../helpers/store.js";
import { cli } from "./helpers.js";

const ORDER = {
  key: "order.a1029.status",
  content: "王总的订单 A1029 状态：已发货",
  value: "shipped",
  reference: "ERP-A1029",
  observedAt: "2026-03-01T09:00:00Z",
};
const INVOICE = { key: "invoice.a1029.status", content: "订单 A1029 的发票已开具", observedAt: "2026-03-01T09:00:00Z" };

function jsonl(dir: string, name: string, lines: unknown[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    `${lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n")}\n`,
  );
  return file;
}

const wang = ["--user", "wang", "--tenant", "acme"];

describe("langgraph-memory sync", { timeout: 90_000 }, () => {
  it("loads a JSONL file of facts, prints a summary, and a snapshot retires what the file no longer has", async () => {
    const dir = tempDir();
    const files = tempDir();
    const loaded = await cli([
      "sync",
      "--dir",
      dir,
      ...wang,
      "--system",
      "erp",
      "--file",
      jsonl(files, "a.jsonl", [ORDER, INVOICE]),
    ]);
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(loaded.stdout).toBe(
      "Synced 2 facts from erp into user 'wang' of tenant 'acme': added 2, updated 0, refreshed 0, unchanged 0, retired 0, skipped 0\n",
    );

    const delivered = {
      ...ORDER,
      content: "王总的订单 A1029 状态：已签收",
      value: "delivered",
      observedAt: "2026-03-03T09:00:00Z",
    };
    const snapshot = await cli([
      "sync",
      "--dir",
      dir,
      ...wang,
      "--system",
      "erp",
      "--file",
      jsonl(files, "b.jsonl", [delivered]),
      "--snapshot",
      "--json",
    ]);
    expect(snapshot.code, snapshot.stderr).toBe(0);
    const report = JSON.parse(snapshot.stdout);
    expect(report).toMatchObject({ system: "erp", mode: "snapshot", totals: { updated: 1, retired: 1 } });

    const memory = await openMemory(dir);
    try {
      const active = await memory.list(WANG, { status: "active" });
      expect(active.map((r) => [r.key, r.value, r.source.type, r.source.system])).toEqual([
        ["order.a1029.status", "delivered", "system_sync", "erp"],
      ]);
      const recalled = await memory.recall({ scope: WANG, query: "王总的订单到了吗", task: "query_order" });
      expect(recalled.context).toContain("已签收");
    } finally {
      await memory.close();
    }
  });

  it("refuses a file with a bad line, naming the line, and writes nothing", async () => {
    const dir = tempDir();
    const files = tempDir();
    const file = jsonl(files, "bad.jsonl", [ORDER, "", "{oops", { ...INVOICE, observedAt: "last week" }]);
    const run = await cli(["sync", "--dir", dir, ...wang, "--system", "erp", "--file", file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^langgraph-memory: Invalid sync facts file, nothing written/);
    expect(run.stderr).toMatch(/line 3: not JSON/);
    // No store was even opened.
    expect(fs.readdirSync(dir)).toEqual([]);

    const fixed = jsonl(files, "bad2.jsonl", [ORDER, { ...INVOICE, observedAt: "last week" }]);
    const second = await cli(["sync", "--dir", dir, ...wang, "--system", "erp", "--file", fixed]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/line 2: field 'observedAt'/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("refuses missing arguments with the usage exit code, and a missing file or directory with 1", async () => {
    const dir = tempDir();
    const file = jsonl(tempDir(), "a.jsonl", [ORDER]);
    for (const args of [
      ["sync", "--dir", dir, ...wang, "--file", file],
      ["sync", "--dir", dir, ...wang, "--system", "erp"],
      ["sync", "--dir", dir, "--system", "erp", "--file", file],
    ]) {
      const run = await cli(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(/^langgraph-memory: 'sync' needs --/);
    }
    const noFile = await cli([
      "sync",
      "--dir",
      dir,
      ...wang,
      "--system",
      "erp",
      "--file",
      path.join(dir, "none.jsonl"),
    ]);
    expect(noFile).toMatchObject({ code: 1, stderr: expect.stringMatching(/Cannot read --file/) });
    const badSystem = await cli(["sync", "--dir", dir, ...wang, "--system", "e r p", "--file", file]);
    expect(badSystem).toMatchObject({ code: 1, stderr: expect.stringMatching(/Invalid sync system/) });
    const noDir = await cli(["sync", "--dir", path.join(dir, "nowhere"), ...wang, "--system", "erp", "--file", file]);
    expect(noDir).toMatchObject({ code: 1, stderr: expect.stringMatching(/No directory/) });
    expect(fs.existsSync(path.join(dir, "nowhere"))).toBe(false);
  });
});
