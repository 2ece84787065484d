/**
 * Many processes, one database (issue 14): real Node processes write and recall the same user
 * on PostgreSQL at once. The in-process scope queue cannot see the other processes; the
 * per-scope advisory lock (PostgresStore.withScopeLock) must: afterwards no key has two active
 * versions, no statement is lost (each is stored, active or superseded, with its history), and
 * no episode still offers a number that no longer holds.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { episodesNamespace } from "../../src/namespaces.js";
import { parseMemoryRecord } from "../../src/schema.js";
import { freshSchema, noteSkip, POSTGRES_SKIP_REASON, POSTGRES_URL, registerSchema } from "../helpers/postgres.js";

noteSkip("PostgreSQL, many processes");

const WORKERS = 3;
const ROUNDS = 8;

function runWorker(schema: string, worker: number): Promise<{ worker: string; written: string[]; rejected: string[] }> {
  const script = path.join(import.meta.dirname, "fixtures/pg-worker.ts");
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", script, POSTGRES_URL!, schema, String(worker), String(ROUNDS)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)!))
        : reject(new Error(`worker ${worker} exited ${code}`)),
    );
  });
}

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)("PostgreSQL, many processes", () => {
  it("writers in separate processes lose nothing and never leave two active versions of a key", async () => {
    const schema = freshSchema();
    registerSchema(`${schema}_sessions`);
    registerSchema(`${schema}_tasks`);
    // The schema is made once before the workers start, as `langgraph-memory migrate` would.
    const setup = await createMemory({ postgres: { connectionString: POSTGRES_URL!, schema }, env: {} });
    await setup.close();

    const results = await Promise.all(Array.from({ length: WORKERS }, (_, w) => runWorker(schema, w + 1)));

    const memory = await createMemory({ postgres: { connectionString: POSTGRES_URL!, schema }, env: {} });
    try {
      const scope = { userId: "shared-user", tenantId: "acme" };
      const all = await memory.list(scope, { about: "user" });
      const byKey = new Map<string, typeof all>();
      for (const record of all) byKey.set(record.key, [...(byKey.get(record.key) ?? []), record]);
      // One active locker number; every other stated value is stored superseded, or was refused
      // as stale (stated before a value another process had already committed): none is lost.
      const lockers = byKey.get("fact.locker_number") ?? [];
      const stale = results.flatMap((r) => r.rejected).filter((reason) => reason === "stale").length;
      expect(results.flatMap((r) => r.rejected).filter((reason) => reason !== "stale")).toEqual([]);
      expect(lockers.filter((r) => r.status === "active")).toHaveLength(1);
      expect(lockers.length + stale).toBe(WORKERS * ROUNDS);
      expect(lockers.filter((r) => r.status === "superseded")).toHaveLength(lockers.length - 1);
      for (const [key, records] of byKey)
        expect(records.filter((r) => r.status === "active").length, key).toBeLessThanOrEqual(1);
      // Every colleague (a distinct person each) is active: nothing dropped or merged away.
      const colleagues = all.filter((r) => /colleague/u.test(r.content));
      expect(colleagues.filter((r) => r.status === "active")).toHaveLength(WORKERS * ROUNDS);
      // Every id a worker reported written is stored.
      const ids = new Set(all.map((r) => r.id));
      const reported = results.flatMap((r) => r.written);
      expect(reported.length).toBe(WORKERS * ROUNDS + lockers.length);
      for (const id of reported) expect(ids.has(id), id).toBe(true);
      const active = lockers.find((r) => r.status === "active")!;
      expect((await memory.history(scope, active.id)).length).toBeGreaterThan(0);
      // The episodes of the turns agree with the facts: only the turn that stated the current
      // number is an active episode about it; every other (superseded, or refused as stale) is
      // superseded with its value, and names what holds instead.
      const episodes = (await memory.store.search(episodesNamespace(scope), { limit: 1000 })).map((item) =>
        parseMemoryRecord(item.value),
      );
      const current = active.content.match(/\d+/u)![0];
      const aboutLockers = episodes.filter((e) => /locker number is \d+/u.test(e.content));
      expect(aboutLockers).toHaveLength(WORKERS * ROUNDS);
      for (const episode of aboutLockers) {
        const stated = episode.content.match(/locker number is (\d+)/u)![1];
        expect(episode.status, episode.content).toBe(stated === current ? "active" : "superseded");
      }
      expect(aboutLockers.filter((e) => e.status === "superseded").every((e) => e.supersededBy !== undefined)).toBe(
        true,
      );
    } finally {
      await memory.close();
    }
  }, 180_000);
});
