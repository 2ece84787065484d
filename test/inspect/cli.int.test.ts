import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { cli, ROOT } from "../cli/helpers.js";

const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "inspect-cli-"));
  const memory = await createMemory({ dir, env: {} });
  await memory.remember({ scope: { userId: "u1" }, messages: [{ role: "user", content: "I prefer concise replies" }] });
  await memory.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("langgraph-memory inspect", () => {
  it("prints its URL on one line, serves the store, and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, [TSX, "src/cli.ts", "inspect", "--dir", dir], {
      cwd: ROOT,
      env: { ...process.env, OPENAI_API_KEY: "", LGM_CHAT_PROVIDER: "none" },
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /^Inspector: (http:\/\/127\.0\.0\.1:\d+\/)$/mu.exec(out);
        if (match) resolve(match[1]!);
      });
      child.on("exit", () => reject(new Error(`exited before serving: ${out}`)));
    });
    const page = await (await fetch(`${url}memories?user=u1`)).text();
    expect(page).toContain("The user prefers concise replies");
    expect((await fetch(`${url}delete`, { method: "POST", body: "user=u1" })).status).toBe(403);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("refuses a non-loopback host without a token, and a directory without a store", async () => {
    const open = await cli(["inspect", "--dir", dir, "--host", "0.0.0.0"]);
    expect(open.code).toBe(1);
    expect(open.stderr).toContain("--token");
    const missing = path.join(dir, "nothing-here");
    const none = await cli(["inspect", "--dir", missing]);
    expect(none.code).toBe(1);
    expect(fs.existsSync(missing)).toBe(false);
  });
});
