/**
 * One behaviour on both stores (issue 24): a seeded script of remember and resolve calls, drawn
 * from generators (names, numbers, cities, both languages), runs on the embedded store
 * (HNSWStore + SQLite) and on PostgreSQL + pgvector with the same clock, and every write outcome
 * is compared: each message's accounting, the facts and episodes with their status and what
 * superseded them, each record's history, and the pending questions. Then concurrent calls of
 * one scope on each store: one active value of a single-valued fact (the newest), every episode
 * that stated an older value superseded with it, every distinct fact active. The three-process
 * run on PostgreSQL is test/store/postgres-processes.int.test.ts.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { episodesNamespace, recordsNamespace } from "../../src/namespaces.js";
import type { MemoryScope } from "../../src/schema.js";
import { createRng } from "../bench/fixtures.js";
import { freshSchema, noteSkip, POSTGRES_SKIP_REASON, POSTGRES_URL, registerSchema } from "../helpers/postgres.js";
import { tempDir } from "../helpers/store.js";
import {
  CITIES,
  draw,
  englishName,
  everything,
  MINUTE,
  type Outcome,
  runScript,
  type Step,
  script,
  T0,
} from "./fixtures/conformance.js";

noteSkip("write conformance");

type StoreKind = "embedded" | "postgres";
const KINDS: StoreKind[] = POSTGRES_SKIP_REASON === undefined ? ["embedded", "postgres"] : ["embedded"];

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

/** A memory on the given store whose clock reads `clock.now`. */
async function open(kind: StoreKind, clock: { now: number }): Promise<Memory> {
  const now = () => new Date(clock.now);
  let memory: Memory;
  if (kind === "embedded") {
    memory = await createMemory({ dir: tempDir("lgm-conform-"), now, env: {} });
  } else {
    const schema = freshSchema();
    registerSchema(`${schema}_sessions`);
    registerSchema(`${schema}_tasks`);
    memory = await createMemory({ postgres: { connectionString: POSTGRES_URL!, schema }, now, env: {} });
  }
  opened.push(memory);
  return memory;
}

async function run(kind: StoreKind, steps: Step[], scope: MemoryScope): Promise<Outcome> {
  const clock = { now: T0 };
  return runScript(await open(kind, clock), clock, steps, scope);
}

describe("write outcomes on every store", () => {
  for (const seed of [11, 29, 47]) {
    it(`seed ${seed}: ${KINDS.join(" and ")} leave the same facts, episodes, history and pending`, async () => {
      const steps = script(seed);
      const scope = { userId: `conform-${seed}`, tenantId: "acme" };
      const outcomes = [];
      for (const kind of KINDS) outcomes.push(await run(kind, steps, scope));
      const [first, ...rest] = outcomes;
      for (const other of rest) expect(other).toEqual(first);

      // What the script must leave, on every store.
      const facts = first!.facts as Array<ReturnType<typeof Object> & Record<string, unknown>>;
      const lockers = facts.filter((f) => String(f.key).includes("locker"));
      expect(lockers.filter((f) => f.status === "active")).toHaveLength(1);
      expect(lockers.filter((f) => f.status === "superseded").length).toBeGreaterThan(0);
      const current = String(lockers.find((f) => f.status === "active")!.content).match(/\d+/u)![0];
      const episodes = first!.episodes as Array<Record<string, unknown>>;
      for (const episode of episodes.filter((e) => /locker number/u.test(String(e.content)))) {
        const stated = String(episode.content).match(/locker number is (\d+)/u)![1];
        // An episode is active exactly when the value it stated still holds.
        expect(episode.status, String(episode.content)).toBe(stated === current ? "active" : "superseded");
        if (episode.status === "superseded") expect(String(episode.supersededBy)).toMatch(/locker number is/u);
      }
      const calls = first!.calls as Array<{ rejected: string[]; messages: unknown[][] | null }>;
      expect(calls[2]!.rejected.some((r) => r.startsWith("stale:"))).toBe(true);
      for (const call of calls) if (call.messages) for (const m of call.messages) expect(m[1]).not.toBeUndefined();
    }, 120_000);
  }
});

// ---------------------------------------------------------------------------------------------
// Concurrent calls of one scope

// ---------------------------------------------------------------------------------------------
// Three processes on one PostgreSQL database, each running a script of its own user at once

function runProcess(schema: string, seed: number): Promise<Outcome> {
  const worker = path.join(import.meta.dirname, "fixtures/pg-conform-worker.ts");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", worker, POSTGRES_URL!, schema, String(seed)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)!))
        : reject(new Error(`seed ${seed}: exit ${code}`)),
    );
  });
}

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)("write outcomes from three processes on PostgreSQL", () => {
  it("each process's user ends as the same script leaves it on the embedded store", async () => {
    const seeds = [101, 202, 303];
    const schema = freshSchema();
    registerSchema(`${schema}_sessions`);
    registerSchema(`${schema}_tasks`);
    // The schema is made once before the processes start, as `langgraph-memory migrate` would.
    const setup = await createMemory({ postgres: { connectionString: POSTGRES_URL!, schema }, env: {} });
    await setup.close();
    const outcomes = await Promise.all(seeds.map((seed) => runProcess(schema, seed)));
    for (const [i, seed] of seeds.entries()) {
      const clock = { now: T0 };
      const embedded = await runScript(await open("embedded", clock), clock, script(seed), {
        userId: `proc-${seed}`,
        tenantId: "acme",
      });
      expect(outcomes[i], `seed ${seed}`).toEqual(embedded);
    }
  }, 180_000);
});

describe.each(KINDS)("concurrent remember() of one scope on %s", (kind) => {
  it("one active value (the newest said), its older values' episodes retired, every distinct fact active", async () => {
    const rng = createRng(kind === "embedded" ? 5 : 7);
    for (let trial = 0; trial < 8; trial += 1) {
      const clock = { now: T0 };
      const memory = await open(kind, clock);
      const scope = { userId: `race-${trial}`, tenantId: "acme" };
      const CALLS = 6;
      const numbers = Array.from({ length: CALLS }, (_, i) => 200 + i * 11 + Math.floor(rng() * 10));
      const people = Array.from({ length: CALLS }, () => englishName(rng));
      const results = await Promise.all(
        numbers.map((number, i) =>
          memory.remember({
            scope,
            messages: [
              {
                id: `r${trial}-${i}-a`,
                role: "user",
                content: `My locker number is ${number}.`,
                at: new Date(T0 + i * MINUTE).toISOString(),
              },
              {
                id: `r${trial}-${i}-b`,
                role: "user",
                content: `My colleague ${people[i]} lives in ${draw(rng, CITIES)}.`,
                at: new Date(T0 + i * MINUTE).toISOString(),
              },
            ],
          }),
        ),
      );
      await memory.settled();
      const facts = await everything(memory, recordsNamespace(scope));
      const episodes = await everything(memory, episodesNamespace(scope));
      const newest = `locker number is ${numbers.at(-1)}`;
      const active = facts.filter((f) => f.status === "active");
      expect(active.filter((f) => f.key.includes("locker")).map((f) => f.content)).toEqual([
        expect.stringContaining(newest),
      ]);
      for (const person of people)
        expect(
          active.filter((f) => f.content.includes(person)),
          person,
        ).toHaveLength(1);
      const stated = episodes.filter((e) => e.status === "active" && /locker number is/u.test(e.content));
      expect(stated.map((e) => e.content)).toEqual([expect.stringContaining(newest)]);
      // Every message is accounted for; a refused one says why.
      for (const result of results)
        for (const m of result.messages) if (m.outcome === "rejected") expect(m.reason).toBeTruthy();
      await memory.close();
      opened.splice(opened.indexOf(memory), 1);
    }
  }, 120_000);
});
