/**
 * Recall on real conversations: `npm run bench:conversation [-- --rounds=<n>] [--sets=<ids>]`.
 *
 * Each set is written the way `npm run eval` writes it (one `remember` per session, through the
 * facade on the offline defaults: HNSWStore + HashEmbeddings), then every question is asked
 * `--rounds` times (3 by default; the first round warms caches and is not timed) and each
 * `memory.recall` is timed. Sets: the project's own two-person conversations (sent named and in
 * mem0's two-role form), its bilingual dialogs, and the MemoryBank dev set (conversations written
 * by other authors). Each recall is followed by `settled()`, untimed (the bookkeeping an agent's
 * model call would overlap, shown in its own column). The anchors come from the same run: the store's own search for the question
 * in the user's namespace (what retrieval alone costs) and store-everything BM25 over the turns.
 * hit@10 (a recalled memory cites an evidence turn) guards against buying speed by recalling less.
 *
 * Targets (issue 26): p50 ≤ 3 ms and p95 ≤ 6 ms over every question of a conversation of a few
 * hundred memories. Progress goes to stderr, the table to stdout. `--profile=<dir>` writes a CPU
 * profile of the timed rounds of each set; `--steps` times each stage of the read pipeline.
 */
import fs from "node:fs";
import inspector from "node:inspector";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createReadGraph, createReadPipeline } from "../../graphs/read.js";
import { recordsNamespace } from "../../src/namespaces.js";
import { dialogSet } from "../eval/dialogs.js";
import { conversationSet } from "../eval/fixtures.js";
import { memoryBankSet } from "../eval/memorybank.js";
import { clockFn, type EvalClock, RECALL_LIMIT, runSet } from "../eval/protocol.js";
import type { EvalSet } from "../eval/sets.js";
import { bm25System, ourSystem } from "../eval/systems.js";

const TARGET_P50_MS = 3;
const TARGET_P95_MS = 6;

interface Args {
  rounds: number;
  profile?: string;
  steps?: boolean;
  sets?: string[];
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { rounds: 3 };
  for (const arg of argv) {
    if (arg === "--steps") {
      args.steps = true;
      continue;
    }
    const match = /^--(rounds|sets|profile)=(.+)$/.exec(arg);
    if (!match)
      throw new Error(
        `Unknown argument '${arg}'. Expected --rounds=<n ≥ 2>, --sets=<id,id,…>, --profile=<dir>, --steps.`,
      );
    if (match[1] === "rounds") {
      args.rounds = Number(match[2]);
      if (!Number.isInteger(args.rounds) || args.rounds < 2) throw new Error("--rounds needs an integer ≥ 2.");
    } else if (match[1] === "profile") args.profile = match[2]!;
    else args.sets = match[2]!.split(",");
  }
  return args;
}

const percentile = (samples: readonly number[], p: number): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

interface Row {
  set: string;
  users: number;
  memories: { min: number; max: number };
  questions: number;
  recall: number[];
  bookkeeping: number[];
  storeSearch: number[];
  bm25: number[];
  hits: number;
}

async function measureSet(set: EvalSet, rounds: number): Promise<Row> {
  const clock: EvalClock = {};
  const system = await ourSystem(set.clock === "session" ? clockFn(clock) : undefined);
  const bm25 = bm25System();
  const row: Row = {
    set: set.id,
    users: set.users.length,
    memories: { min: Number.POSITIVE_INFINITY, max: 0 },
    questions: 0,
    recall: [],
    bookkeeping: [],
    storeSearch: [],
    bm25: [],
    hits: 0,
  };
  try {
    // Writes and one untimed round of questions (the eval protocol), for both systems.
    const run = await runSet(system, set, {
      clock,
      progress: (line) => process.stderr.write(`${line}\n`),
    });
    await runSet(bm25, set);
    for (const probe of run.probes) {
      const evidence = new Set(probe.probe.evidence);
      if (probe.recalled.some((m) => m.messageIds.some((id) => evidence.has(id)))) row.hits += 1;
    }
    for (const user of set.users) {
      const count = (run.kept.get(user.id) ?? []).filter((k) => k.active).length;
      row.memories.min = Math.min(row.memories.min, count);
      row.memories.max = Math.max(row.memories.max, count);
    }
    row.questions = run.probes.length;
    await system.memory.settled();
    const profiler = await startProfile();
    for (let round = 1; round < rounds; round++)
      for (const user of set.users)
        for (const probe of user.probes) {
          const t = performance.now();
          await system.memory.recall({
            scope: { userId: user.id },
            query: probe.query,
            limit: RECALL_LIMIT,
            includeKnowledge: false,
          });
          row.recall.push(performance.now() - t);
          // An agent's turn goes on to the model call: the bookkeeping the facade writes behind the
          // answer lands there, timed apart, not in the next recall.
          const b = performance.now();
          await system.memory.settled();
          row.bookkeeping.push(performance.now() - b);
        }
    await profiler?.stop(set.id);
    for (let round = 1; round < rounds; round++)
      for (const user of set.users)
        for (const probe of user.probes) {
          let t = performance.now();
          await system.memory.store.search(recordsNamespace({ userId: user.id }), {
            query: probe.query,
            limit: RECALL_LIMIT,
          });
          row.storeSearch.push(performance.now() - t);
          t = performance.now();
          await bm25.recall(user, probe.query, RECALL_LIMIT);
          row.bm25.push(performance.now() - t);
        }
    const stages = steps;
    if (stages) {
      // The same questions through the read pipeline's runner with a timing hook per stage.
      const commits: Promise<void>[] = [];
      const run = createReadPipeline(
        { store: system.memory.store },
        {
          onStep: (stage, ms) => stages.set(stage, [...(stages.get(stage) ?? []), ms]),
          deferBookkeeping: (b) => void commits.push(b.commit()),
        },
      );
      const calls = instrumentStore(system.memory.store);
      let recalls = 0;
      for (const user of set.users)
        for (const probe of user.probes) {
          recalls += 1;
          await run(
            { query: probe.query, limit: RECALL_LIMIT, includeKnowledge: false },
            { configurable: { user_id: user.id } },
          );
          // Its bookkeeping, before the next question (as the facade's settled()).
          await Promise.all(commits.splice(0));
        }
      await Promise.all(commits);
      for (const [name, { n, ms }] of calls) storeCalls.set(`${set.id} ${name}`, { n: n / recalls, ms: ms / recalls });
      calls.clear();
      // The compiled LangGraph graph beside the runner, both writing their bookkeeping inline.
      const graph = createReadGraph({ store: system.memory.store });
      const inline = createReadPipeline({ store: system.memory.store });
      for (const user of set.users)
        for (const probe of user.probes) {
          const input = { query: probe.query, limit: RECALL_LIMIT, includeKnowledge: false };
          const config = { configurable: { user_id: user.id } };
          let t = performance.now();
          const a = await inline(input, config);
          runnerTimes.push(performance.now() - t);
          t = performance.now();
          const b = await graph.invoke(input, config);
          graphTimes.push(performance.now() - t);
          if (a.context !== b.context) graphDiffers += 1;
        }
    }
  } finally {
    await system.close();
    await bm25.close();
  }
  return row;
}

/**
 * `--profile=<dir>`: a V8 CPU profile of the timed rounds only (not the writes), one
 * `<set>.cpuprofile` per set, for Chrome DevTools or speedscope.
 */
async function startProfile(): Promise<{ stop(name: string): Promise<void> } | undefined> {
  if (!profileDir) return undefined;
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 100 });
  await post("Profiler.start");
  return {
    async stop(name) {
      const { profile } = (await post("Profiler.stop")) as { profile: unknown };
      fs.mkdirSync(profileDir!, { recursive: true });
      fs.writeFileSync(path.join(profileDir!, `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}
let profileDir: string | undefined;
let steps: Map<string, number[]> | undefined;
const storeCalls = new Map<string, { n: number; ms: number }>();
const runnerTimes: number[] = [];
const graphTimes: number[] = [];
let graphDiffers = 0;

/** Count and time the store's calls (public ones and the synchronous internals). */
function instrumentStore(store: object): Map<string, { n: number; ms: number }> {
  const calls = new Map<string, { n: number; ms: number }>();
  const target = store as Record<string, (...args: unknown[]) => unknown>;
  for (const method of [
    "hybridSearch",
    "keywordSearch",
    "search",
    "batch",
    "get",
    "searchItems",
    "getItem",
    "commit",
  ]) {
    if (typeof target[method] !== "function") continue;
    const original = target[method]!.bind(store);
    const note = (ms: number) => {
      const c = calls.get(method) ?? { n: 0, ms: 0 };
      calls.set(method, { n: c.n + 1, ms: c.ms + ms });
    };
    target[method] = (...args: unknown[]) => {
      const started = performance.now();
      const out = original(...args);
      if (out instanceof Promise) return out.finally(() => note(performance.now() - started));
      note(performance.now() - started);
      return out;
    };
  }
  return calls;
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const pad = (s: string, n: number, right = false) => (right ? s.padStart(n) : s.padEnd(n));

async function main() {
  const args = parseArgs(process.argv.slice(2));
  profileDir = args.profile;
  if (args.steps) steps = new Map();
  const sets: EvalSet[] = [conversationSet("named"), conversationSet("mem0"), dialogSet(), memoryBankSet()];
  const chosen = sets.filter((s) => !args.sets || args.sets.includes(s.id));
  if (chosen.length === 0) throw new Error(`--sets names none of ${sets.map((s) => s.id).join(", ")}.`);
  const load = os.loadavg();
  const rows: Row[] = [];
  for (const set of chosen) rows.push(await measureSet(set, args.rounds));
  const lines = [
    `bench:conversation — createMemory().recall() on the offline defaults, ${args.rounds - 1} timed round(s) of every question, ` +
      `${os.cpus().length} CPUs, Node ${process.version}, load average ${load.map((l) => l.toFixed(2)).join(" ")} at start, ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} at end`,
    "",
    `${pad("set", 30)}${pad("users", 7, true)}${pad("memories/user", 15, true)}${pad("questions", 11, true)}` +
      `${pad("p50", 11, true)}${pad("p95", 11, true)}${pad("p99", 11, true)}${pad("bookkeep", 11, true)}${pad("store p50", 12, true)}${pad("BM25 p50", 11, true)}  hit@10`,
  ];
  const all: number[] = [];
  for (const r of rows) {
    all.push(...r.recall);
    lines.push(
      `${pad(r.set, 30)}${pad(String(r.users), 7, true)}${pad(`${r.memories.min}–${r.memories.max}`, 15, true)}${pad(String(r.questions), 11, true)}` +
        `${pad(ms(percentile(r.recall, 50)), 11, true)}${pad(ms(percentile(r.recall, 95)), 11, true)}${pad(ms(percentile(r.recall, 99)), 11, true)}` +
        `${pad(ms(percentile(r.bookkeeping, 50)), 11, true)}${pad(ms(percentile(r.storeSearch, 50)), 12, true)}${pad(ms(percentile(r.bm25, 50)), 11, true)}  ${(r.hits / Math.max(1, r.questions)).toFixed(3)}`,
    );
  }
  const p50 = percentile(all, 50);
  const p95 = percentile(all, 95);
  lines.push(
    "",
    `every question of every set (${all.length} timed recalls): p50 ${ms(p50)} (target ≤ ${TARGET_P50_MS} ms: ${p50 <= TARGET_P50_MS ? "met" : "MISSED"}), ` +
      `p95 ${ms(p95)} (target ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? "met" : "MISSED"}), p99 ${ms(percentile(all, 99))}`,
    "bookkeep: p50 of the trace + usage write behind each answer (settled() after each recall, as an agent's model call would follow; not in p50/p95/p99);",
    "store p50: HNSWStore.search of the question in the user's records namespace alone; BM25 p50: store-everything BM25 over the user's turns",
  );
  if (steps) {
    lines.push("", "read pipeline stages (--steps; the runner alone, bookkeeping not awaited): p50 / mean per recall");
    for (const [stage, samples] of steps)
      lines.push(
        `  ${pad(stage, 34)}${pad(ms(percentile(samples, 50)), 11, true)}${pad(ms(samples.reduce((a, b) => a + b, 0) / samples.length), 11, true)}`,
      );
  }
  if (runnerTimes.length > 0)
    lines.push(
      "",
      `compiled read graph vs the direct runner, bookkeeping inline in both (--steps): p50 ${ms(percentile(graphTimes, 50))} vs ${ms(percentile(runnerTimes, 50))}` +
        ` (×${(percentile(graphTimes, 50) / percentile(runnerTimes, 50)).toFixed(2)}); blocks that differ: ${graphDiffers} of ${runnerTimes.length}`,
    );
  if (storeCalls.size > 0) {
    lines.push("", "store calls per recall (--steps): count, wall ms (async calls overlap)");
    for (const [name, { n, ms }] of storeCalls)
      lines.push(`  ${pad(name, 44)}${pad(n.toFixed(2), 8, true)}${pad(ms.toFixed(2), 9, true)}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
