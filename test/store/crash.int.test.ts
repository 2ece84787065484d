/**
 * Kill a writing process with SIGKILL and reopen its directory: every batch whose promise had
 * resolved is there in full, no batch is there in part, and vector search agrees with SQLite.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openStore, tempDir } from "../helpers/store.js";

const writer = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "crash-writer.ts");
const dir = tempDir("lgm-crash-");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Run the writer until it has acknowledged `acks` batches, then a little longer, then SIGKILL it. */
function runAndKill(start: number, acks: number, extraMs: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", writer, dir, String(start)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const acked: number[] = [];
    let stderr = "";
    let buffer = "";
    let killing = false;
    child.stderr.on("data", (d) => (stderr += d));
    child.stdout.on("data", (d) => {
      buffer += d;
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) if (line.startsWith("ack ")) acked.push(Number(line.slice(4)));
      if (!killing && acked.length >= acks) {
        killing = true;
        setTimeout(() => child.kill("SIGKILL"), extraMs);
      }
    });
    child.on("exit", (code, signal) => {
      if (signal === "SIGKILL") resolve(acked);
      else reject(new Error(`writer exited with ${code}: ${stderr}`));
    });
  });
}

describe("HNSWStore under SIGKILL", () => {
  it("keeps every acknowledged batch whole and no batch half-written, across three kills", async () => {
    const acked: number[] = [];
    let next = 0;
    for (const [acks, extra] of [
      [15, 3],
      [10, 0],
      [20, 11],
    ] as const) {
      const got = await runAndKill(next, acks, extra);
      acked.push(...got);
      // Start the next writer past anything the killed one may have committed without acking.
      next = Math.max(...got) + 1000;
    }
    const store = openStore(dir, { hnsw: { threshold: 50 } });
    try {
      const items = await store.search(["crash"], { limit: 100_000 });
      const byBatch = new Map<number, number>();
      for (const item of items)
        byBatch.set(item.value.batch as number, (byBatch.get(item.value.batch as number) ?? 0) + 1);
      const expected = (b: number) => (b % 3 === 0 ? 19 : 20);
      for (const b of acked) expect(byBatch.get(b), `batch ${b}`).toBe(expected(b));
      for (const [b, count] of byBatch) expect([expected(b), 20], `batch ${b} is whole`).toContain(count);
      expect(acked.length).toBeGreaterThanOrEqual(45);
      // The vector index (repaired from SQLite where its file was stale) finds acknowledged items.
      for (const b of acked.slice(-3)) {
        const hits = await store.search(["crash", "u1"], {
          query: `batch ${b} item 5 remembers the number ${b * 20 + 5}`,
          limit: 1,
        });
        expect(hits[0]?.key).toBe(`b${b}-5`);
      }
      const deleted = acked.find((b) => b % 3 === 0)!;
      expect(await store.get(["crash", "u0"], `b${deleted}-0`)).toBeNull();
    } finally {
      store.stop();
    }
  });
});
