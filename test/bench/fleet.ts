/**
 * Fleet benchmark: `npm run bench:fleet [-- --quick | --users=<n>]`. Many users in one process,
 * on one store opened with the defaults (`createMemory({ dir })`: HNSWStore), each remembering a
 * short bilingual conversation and recalling, all at once with a bounded number of users in
 * flight (`--concurrency=`, 64). Each user's flow is an agent's: before each `remember()` call it
 * recalls (what an agent does before answering), so every recall but the last few runs while
 * other users write.
 *
 * Flags: --users= (1,000; 100 with --quick), --messages= (per user, 20, plus the four named statements), --batch= (messages per
 * remember() call, 4: two exchanges), --concurrency= (users in flight, 64), --sequential= (users in
 * the one-at-a-time anchor, 50; 20 with --quick), --seed=, --postgres=<url> (the same fleet again
 * on one PostgreSQL database shared by --processes= worker processes, 4, in a throwaway schema),
 * --no-anchors (only the fleet on HNSWStore).
 *
 * Conversations come from bench:write's generator (preferences, facts, todos, changes, small talk,
 * Chinese and English); each user also says four statements naming people and a project of their
 * own (bench:write's templated statements, one name set per user), which its recalls ask about.
 * Printed: messages/s across the fleet, remember() and recall latency p50/p99 (recalls counted
 * while at least one write was in flight), event-loop delay, peak RSS, and isolation (recalled
 * memories whose source messages belong to another user: must be 0); anchors measured in the
 * same run: the same fleet on InMemoryStore and users one at a time on HNSWStore.
 * Progress goes to stderr, results to stdout; the exit code is 1 when a recall returned another
 * user's memory. Profile with `node --cpu-prof --import tsx test/bench/fleet.ts --quick`.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { InMemoryStore } from "@langchain/langgraph";
import pg from "pg";
import { z } from "zod";
import { createMemory, type Memory } from "../../src/memory.js";
import type { PlainMessage } from "../../src/messages.js";
import { RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { createRng } from "./fixtures.js";
import { generateConversation, templatedStatements } from "./write.js";

const TARGET_MESSAGES_PER_SECOND = 500;
const AIM_MESSAGES_PER_SECOND = 1_000;
const TARGET_RECALL_P99_MS = 50;
/** Statements naming a person or project of the user's own (one of each bench:write template). */
const NAMED_PER_USER = 4;

const Args = z.object({
  users: z.number().int().min(1).max(100_000),
  messages: z.number().int().min(2).max(10_000),
  batch: z.number().int().min(1).max(500),
  concurrency: z.number().int().min(1).max(10_000),
  sequential: z.number().int().min(0).max(100_000),
  seed: z.number().int(),
  anchors: z.boolean(),
  postgres: z.string().min(1).optional(),
  processes: z.number().int().min(1).max(64),
  worker: z.number().int().min(0).optional(),
  schema: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/)
    .optional(),
});
type Args = z.infer<typeof Args>;

const FLAGS = [
  "quick",
  "users",
  "messages",
  "batch",
  "concurrency",
  "sequential",
  "seed",
  "no-anchors",
  "postgres",
  "processes",
  "worker",
  "schema",
];

function parseArgs(argv: string[]): Args {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match || !FLAGS.includes(match[1]!))
      throw new Error(`Unknown argument '${arg}'. Known: ${FLAGS.map((f) => `--${f}`).join(" ")}.`);
    flags.set(match[1]!, match[2] ?? "true");
  }
  const num = (name: string) => (flags.has(name) ? Number(flags.get(name)) : undefined);
  const quick = flags.has("quick");
  const parsed = Args.safeParse({
    users: num("users") ?? (quick ? 100 : 1_000),
    messages: num("messages") ?? 20,
    batch: num("batch") ?? 4,
    concurrency: num("concurrency") ?? 64,
    sequential: num("sequential") ?? (quick ? 20 : 50),
    seed: num("seed") ?? 7,
    anchors: !flags.has("no-anchors"),
    postgres: flags.get("postgres"),
    processes: num("processes") ?? 4,
    worker: num("worker"),
    schema: flags.get("schema"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Bad value for --${issue.path.join(".")}: ${issue.message}.`);
  }
  return parsed.data;
}

// ---- the workload -----------------------------------------------------------------------

interface Query {
  text: string;
  /** The message the answer was said in (a named statement), if the query has one target. */
  target?: string;
  /** The index of the remember() call that writes the target: a recall after it should find it. */
  writtenBy?: number;
}

export interface UserPlan {
  /** The user's index in the fleet (`owner` maps message ids to it). */
  index: number;
  userId: string;
  calls: PlainMessage[][];
  messages: number;
  queries: Query[];
}

/** Questions every user may ask in one form or another: each would find other users' memories if scopes leaked. */
const SHARED_QUERIES = [
  "我喜欢喝什么？",
  "What do I like to drink?",
  "我住在哪里？",
  "Where do I live?",
  "我们团队有多少人？",
  "What is my project's codename?",
  "我有什么不吃的？",
  "What do I need to do this week?",
];

/**
 * Each user's conversation, cut into remember() calls of `batch` messages, and the queries its
 * recalls ask: its four named statements (said in the first calls) and two shared questions.
 * Deterministic in `seed`; message ids are unique across the fleet, so `owner` tells whose a
 * recalled memory is.
 */
export function planFleet(args: Pick<Args, "users" | "messages" | "batch" | "seed"> & { prefix?: string }): {
  plans: UserPlan[];
  owner: Map<string, number>;
  /** A clock just after the last message: todos said in the conversations are still ahead. */
  now: Date;
} {
  const streams = generateConversation(args.users * args.messages, args.users, args.seed);
  const named = templatedStatements(args.users * NAMED_PER_USER, args.seed + 1);
  const rand = createRng(args.seed + 2);
  const owner = new Map<string, number>();
  let last = 0;
  const plans = streams.map((turns, u): UserPlan => {
    const messages: PlainMessage[] = turns.map((t) => t.message);
    const queries: Query[] = [];
    // The named statements go right after the user's first messages, one every other position.
    for (let k = 0; k < NAMED_PER_USER; k++) {
      const statement = named[u * NAMED_PER_USER + k]!;
      const position = Math.min(messages.length, 1 + 2 * k);
      const before = messages[position - 1] as (PlainMessage & { at?: string }) | undefined;
      const at = new Date(Date.parse(before?.at ?? statement.message.at) + 1_000).toISOString();
      const id = `u${u}-named-${k}`;
      messages.splice(position, 0, { ...statement.message, id, at });
      queries.push({ text: statement.query, target: id, writtenBy: Math.floor(position / args.batch) });
    }
    for (let k = 0; k < 2; k++) queries.push({ text: SHARED_QUERIES[Math.floor(rand() * SHARED_QUERIES.length)]! });
    for (const m of messages) {
      owner.set(m.id!, u);
      last = Math.max(last, Date.parse((m as { at?: string }).at ?? "0"));
    }
    const calls: PlainMessage[][] = [];
    for (let i = 0; i < messages.length; i += args.batch) calls.push(messages.slice(i, i + args.batch));
    return { index: u, userId: `${args.prefix ?? ""}user-${u}`, calls, messages: messages.length, queries };
  });
  return { plans, owner, now: new Date(last + 60_000) };
}

// ---- running a fleet --------------------------------------------------------------------

export interface FleetRun {
  users: number;
  messages: number;
  calls: number;
  /** Epoch milliseconds (comparable across processes). */
  startedAt: number;
  endedAt: number;
  rememberMs: number[];
  /** Every recall. */
  recallMs: number[];
  /** Recalls that started while at least one remember() was in flight. */
  recallDuringMs: number[];
  /** Recalled memories whose source messages belong to another user. */
  leaks: number;
  checkedMemories: number;
  /** Recalled memories with no source message to check (none are expected). */
  unattributed: number;
  namedAsked: number;
  namedFound: number;
  loopDelay: { p50: number; p99: number; max: number };
  rssPeakMiB: number;
  cpuMs: number;
  /** Messages/s over each tenth of the messages (flat when no cost grows with the fleet). */
  tenths: number[];
  /** Process CPU per message over each tenth (less moved by other processes than the rate). */
  tenthsCpuMs: number[];
  /** Heap in use after the run, after a full collection. */
  heapMiB: number;
}

// A full collection before each run and after it: the garbage of one run is not charged to the
// next, and the heap printed is what the run keeps.
let gc: (() => void) | undefined;
function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc") as () => void;
  }
  gc();
}

const epochNow = () => performance.timeOrigin + performance.now();
const progress = (message: string) => process.stderr.write(`[bench:fleet] ${message}\n`);

/**
 * Run `plans` on `memory` with at most `concurrency` users in flight; each user, call by call,
 * recalls and then remembers the call's messages.
 */
export async function runFleet(
  memory: Pick<Memory, "recall" | "remember" | "settled">,
  plans: UserPlan[],
  owner: Map<string, number>,
  { concurrency, label, collect = true }: { concurrency: number; label: string; collect?: boolean },
): Promise<FleetRun> {
  const run: FleetRun = {
    users: plans.length,
    messages: plans.reduce((n, p) => n + p.messages, 0),
    calls: plans.reduce((n, p) => n + p.calls.length, 0),
    startedAt: 0,
    endedAt: 0,
    rememberMs: [],
    recallMs: [],
    recallDuringMs: [],
    leaks: 0,
    checkedMemories: 0,
    unattributed: 0,
    namedAsked: 0,
    namedFound: 0,
    loopDelay: { p50: 0, p99: 0, max: 0 },
    rssPeakMiB: 0,
    cpuMs: 0,
    tenths: [],
    tenthsCpuMs: [],
    heapMiB: 0,
  };
  let writing = 0;
  let next = 0;
  let finished = 0;
  const recallFor = async (plan: UserPlan, callIndex: number) => {
    const query = plan.queries[callIndex % plan.queries.length]!;
    const duringWrites = writing > 0;
    const started = performance.now();
    const { memories } = await memory.recall({ scope: { userId: plan.userId }, query: query.text, limit: 10 });
    const ms = performance.now() - started;
    run.recallMs.push(ms);
    if (duringWrites) run.recallDuringMs.push(ms);
    for (const m of memories) {
      run.checkedMemories++;
      if (m.source.messageIds.length === 0) run.unattributed++;
      if (m.source.messageIds.some((id) => owner.get(id) !== plan.index)) run.leaks++;
    }
    if (query.target && query.writtenBy !== undefined && query.writtenBy < callIndex) {
      run.namedAsked++;
      if (memories.some((m) => m.source.messageIds.includes(query.target!))) run.namedFound++;
    }
  };
  // Rate and CPU per tenth of the messages written.
  const tenth = Math.max(1, Math.ceil(run.messages / 10));
  let written = 0;
  let tenthStarted = 0;
  let tenthCpu = process.cpuUsage();
  const wrote = (count: number) => {
    written += count;
    // Each tenth ends at a message count; one call may end several tenths (then one gets its time).
    for (
      let end = Math.min(run.messages, tenth * (run.tenths.length + 1));
      written >= end && run.tenths.length < 10;
    ) {
      const now = performance.now();
      const messages = end - Math.min(run.messages, tenth * run.tenths.length);
      const used = process.cpuUsage(tenthCpu);
      run.tenths.push((messages * 1000) / Math.max(1e-3, now - tenthStarted));
      run.tenthsCpuMs.push((used.user + used.system) / 1000 / Math.max(1, messages));
      tenthStarted = now;
      tenthCpu = process.cpuUsage();
      end = Math.min(run.messages, tenth * (run.tenths.length + 1));
    }
  };
  const user = async (plan: UserPlan) => {
    for (const [i, messages] of plan.calls.entries()) {
      await recallFor(plan, i);
      writing++;
      const started = performance.now();
      try {
        await memory.remember({ scope: { userId: plan.userId }, messages });
      } finally {
        writing--;
      }
      run.rememberMs.push(performance.now() - started);
      wrote(messages.length);
    }
    await recallFor(plan, plan.calls.length);
  };
  const lane = async () => {
    while (next < plans.length) {
      await user(plans[next++]!);
      if (++finished % Math.max(1, Math.floor(plans.length / 10)) === 0 && plans.length >= 20)
        progress(`${label}: ${finished}/${plans.length} users (${run.tenths.at(-1)?.toFixed(0) ?? "-"} msg/s)`);
    }
  };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let rssPeak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 250);
  if (collect) collectGarbage();
  const cpu = process.cpuUsage();
  delay.enable();
  run.startedAt = epochNow();
  tenthStarted = performance.now();
  tenthCpu = process.cpuUsage();
  await Promise.all(Array.from({ length: Math.min(concurrency, plans.length) }, lane));
  run.endedAt = epochNow();
  delay.disable();
  clearInterval(sampler);
  const used = process.cpuUsage(cpu);
  run.cpuMs = (used.user + used.system) / 1000;
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  run.rssPeakMiB = rssPeak / 2 ** 20;
  run.loopDelay = { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  await memory.settled();
  if (collect) collectGarbage();
  run.heapMiB = process.memoryUsage().heapUsed / 2 ** 20;
  return run;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const rate = (run: FleetRun) => (run.messages * 1000) / (run.endedAt - run.startedAt);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const ok = (good: boolean) => (good ? "OK" : "MISS");

function runLines(run: FleetRun, withTargets: boolean): string[] {
  const mps = rate(run);
  const p = (samples: number[], at: number) => ms(percentile(samples, at));
  const recallP99 = percentile(run.recallDuringMs, 99);
  const target = (good: boolean, text: string) => (withTargets ? `   ${text}   ${ok(good)}` : "");
  const wall = (run.endedAt - run.startedAt) / 1000;
  const work = `${run.messages} messages in ${run.calls} remember() calls, ${wall.toFixed(1)} s wall`;
  const cpu = `${(run.cpuMs / 1000).toFixed(1)} s process CPU, ${(run.cpuMs / run.messages).toFixed(2)} ms CPU per message`;
  const quiet = run.recallMs.length - run.recallDuringMs.length;
  const found = (run.namedFound / Math.max(1, run.namedAsked)).toFixed(3);
  const lines = [
    `  messages/s: ${mps.toFixed(0)}${target(mps >= TARGET_MESSAGES_PER_SECOND, `target >= ${TARGET_MESSAGES_PER_SECOND} (aim ${AIM_MESSAGES_PER_SECOND})`)}   (${work}, ${cpu})`,
    `  recall during the writes: p50 ${p(run.recallDuringMs, 50)}, p99 ${ms(recallP99)}${target(recallP99 <= TARGET_RECALL_P99_MS, `target p99 <= ${TARGET_RECALL_P99_MS} ms`)}   (${run.recallDuringMs.length} recalls; ${quiet} more with no write in flight)`,
    `  remember() per call: p50 ${p(run.rememberMs, 50)}, p99 ${p(run.rememberMs, 99)}`,
  ];
  if (run.tenths.length > 0) {
    const rates = run.tenths.map((t) => t.toFixed(0)).join(" ");
    lines.push(
      `  per tenth of the messages: ${rates} msg/s; ${run.tenthsCpuMs.map((t) => t.toFixed(1)).join(" ")} ms CPU per message`,
    );
  }
  const delay = run.loopDelay;
  lines.push(
    `  event-loop delay: p50 ${ms(delay.p50)}, p99 ${ms(delay.p99)}, max ${ms(delay.max)}   peak RSS ${run.rssPeakMiB.toFixed(0)} MiB, heap after the run ${run.heapMiB.toFixed(0)} MiB`,
    `  isolation: ${run.leaks} recalled memories from another user's messages, of ${run.checkedMemories} recalled (${run.unattributed} without source messages)   target 0   ${ok(run.leaks === 0)}`,
    `  named statements found by a later recall (hit@10): ${found} of ${run.namedAsked}`,
  );
  if (run.leaks > 0) process.exitCode = 1;
  return lines;
}

/** Several processes' runs as one: wall time from the first start to the last end. */
function merge(runs: FleetRun[]): FleetRun {
  const sum = (f: (r: FleetRun) => number) => runs.reduce((n, r) => n + f(r), 0);
  return {
    users: sum((r) => r.users),
    messages: sum((r) => r.messages),
    calls: sum((r) => r.calls),
    startedAt: Math.min(...runs.map((r) => r.startedAt)),
    endedAt: Math.max(...runs.map((r) => r.endedAt)),
    rememberMs: runs.flatMap((r) => r.rememberMs),
    recallMs: runs.flatMap((r) => r.recallMs),
    recallDuringMs: runs.flatMap((r) => r.recallDuringMs),
    leaks: sum((r) => r.leaks),
    checkedMemories: sum((r) => r.checkedMemories),
    unattributed: sum((r) => r.unattributed),
    namedAsked: sum((r) => r.namedAsked),
    namedFound: sum((r) => r.namedFound),
    loopDelay: {
      p50: Math.max(...runs.map((r) => r.loopDelay.p50)),
      p99: Math.max(...runs.map((r) => r.loopDelay.p99)),
      max: Math.max(...runs.map((r) => r.loopDelay.max)),
    },
    rssPeakMiB: sum((r) => r.rssPeakMiB),
    cpuMs: sum((r) => r.cpuMs),
    tenths: [],
    tenthsCpuMs: [],
    heapMiB: sum((r) => r.heapMiB),
  };
}

// ---- stores -----------------------------------------------------------------------------

/** Writes and recalls on a throwaway store: module loading and JIT are not the fleet's cost. */
async function warmUp(memory: Memory, args: Args): Promise<void> {
  const prefix = `warm-${args.worker ?? 0}-`;
  const { plans, owner } = planFleet({
    users: 8,
    messages: args.messages,
    batch: args.batch,
    seed: args.seed + 100,
    prefix,
  });
  await runFleet(memory, plans, owner, { concurrency: 4, label: "warm-up" });
}

async function withMemory<T>(open: () => Promise<Memory>, work: (memory: Memory) => Promise<T>): Promise<T> {
  const memory = await open();
  try {
    return await work(memory);
  } finally {
    await memory.close();
  }
}

const print = (lines: string[]) => process.stdout.write(`${lines.join("\n")}\n`);
const loadNow = () => `load average ${os.loadavg()[0]!.toFixed(1)}`;

/** The fleet on HNSWStore, then the anchors; each printed when done. Returns the fleet's messages/s. */
async function embedded(args: Args, now: Date, plans: UserPlan[], owner: Map<string, number>): Promise<number> {
  const dirs: string[] = [];
  const dir = (label: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `bench-fleet-${label}-`));
    dirs.push(d);
    return d;
  };
  // Removed on Ctrl-C or `timeout` too, not only on a normal exit.
  const removeDirs = () => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  };
  const onSignal = () => {
    removeDirs();
    process.exit(130);
  };
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  const onDisk = (label: string) => () => createMemory({ dir: dir(label), env: {}, now: () => now });
  try {
    progress("warming up");
    await withMemory(onDisk("warm"), (memory) => warmUp(memory, args));
    progress(`HNSWStore: ${plans.length} users, ${args.concurrency} in flight`);
    const started = loadNow();
    const fleet = await withMemory(onDisk("fleet"), (memory) =>
      runFleet(memory, plans, owner, { concurrency: args.concurrency, label: "HNSWStore" }),
    );
    print([
      `HNSWStore (createMemory defaults), ${args.concurrency} users in flight (${started} at the start):`,
      ...runLines(fleet, true),
    ]);
    if (!args.anchors) return rate(fleet);

    const sequentialPlans = plans.slice(0, Math.min(args.sequential, plans.length));
    if (sequentialPlans.length > 0) {
      progress(`one user at a time: ${sequentialPlans.length} users on HNSWStore`);
      const load = loadNow();
      const sequential = await withMemory(onDisk("sequential"), (memory) =>
        runFleet(memory, sequentialPlans, owner, { concurrency: 1, label: "one at a time" }),
      );
      const cpu = (sequential.cpuMs / sequential.messages).toFixed(2);
      const recall = `recall p50 ${ms(percentile(sequential.recallMs, 50))}, p99 ${ms(percentile(sequential.recallMs, 99))}`;
      print([
        `anchor: the first ${sequentialPlans.length} users one at a time on HNSWStore (no concurrency; ${load} at the start):`,
        `  messages/s: ${rate(sequential).toFixed(0)} (${cpu} ms CPU per message)   ${recall}   remember() per call p50 ${ms(percentile(sequential.rememberMs, 50))}`,
        `  fleet / one at a time: ×${(rate(fleet) / rate(sequential)).toFixed(2)} messages/s`,
      ]);
    }

    progress(`InMemoryStore: ${plans.length} users, ${args.concurrency} in flight`);
    const load = loadNow();
    const dims = HashEmbeddings.DEFAULT_DIMS;
    const index = { dims, embeddings: new HashEmbeddings({ dims }), fields: RECORD_INDEX_FIELDS };
    const inMemory = await withMemory(
      () => createMemory({ store: new InMemoryStore({ index }), env: {}, now: () => now }),
      (memory) => runFleet(memory, plans, owner, { concurrency: args.concurrency, label: "InMemoryStore" }),
    );
    print([
      `anchor: the same fleet on InMemoryStore (same process, same run), ${args.concurrency} users in flight (${load} at the start):`,
      ...runLines(inMemory, false),
    ]);
    return rate(fleet);
  } finally {
    removeDirs();
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
  }
}

// ---- PostgreSQL: worker processes sharing one database ----------------------------------

type WorkerMessage = { type: "ready" } | { type: "done"; run: FleetRun } | { type: "failed"; error: string };

/** In a worker: the users `u % processes === worker`, on the shared schema; waits for "go". */
async function worker(args: Args): Promise<void> {
  const send = (message: WorkerMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));
  try {
    const { plans, owner, now } = planFleet(args);
    const mine = plans.filter((_, u) => u % args.processes === args.worker);
    const postgres = { connectionString: args.postgres!, schema: args.schema! };
    await withMemory(
      () => createMemory({ postgres, env: {}, now: () => now }),
      async (memory) => {
        await warmUp(memory, args);
        const go = new Promise<void>((resolve) => process.once("message", () => resolve()));
        await send({ type: "ready" });
        await go;
        const concurrency = Math.ceil(args.concurrency / args.processes);
        const run = await runFleet(memory, mine, owner, { concurrency, label: `worker ${args.worker}` });
        await send({ type: "done", run });
      },
    );
  } catch (error) {
    await send({ type: "failed", error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  process.disconnect();
}

async function postgresFleet(args: Args, now: Date, embeddedRate: number): Promise<string[]> {
  const url = args.postgres!;
  const schema = `bench_fleet_${process.pid}`;
  const schemas = [schema, `${schema}_sessions`, `${schema}_tasks`];
  progress(`PostgreSQL: ${args.users} users over ${args.processes} processes (schema ${schema})`);
  try {
    // Tables and checkpointer schemas made once, before the workers open the database together.
    await withMemory(
      () => createMemory({ postgres: { connectionString: url, schema }, env: {}, now: () => now }),
      async () => undefined,
    );
    const script = process.argv[1]!;
    const passed = process.argv.slice(2).filter((a) => !/^--(worker|schema|processes)=/.test(a));
    const children = Array.from({ length: args.processes }, (_, k) =>
      fork(script, [...passed, `--worker=${k}`, `--schema=${schema}`, `--processes=${args.processes}`], {
        execArgv: process.execArgv,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
    const runs: FleetRun[] = [];
    try {
      const messages = children.map((child) => ({
        child,
        queue: [] as WorkerMessage[],
        waiters: [] as Array<() => void>,
      }));
      for (const m of messages)
        m.child.on("message", (message: WorkerMessage) => {
          m.queue.push(message);
          for (const wake of m.waiters.splice(0)) wake();
        });
      const nextMessage = async (m: (typeof messages)[number]): Promise<WorkerMessage> => {
        while (m.queue.length === 0)
          await new Promise<void>((resolve, reject) => {
            m.waiters.push(resolve);
            m.child.once("exit", (code) => reject(new Error(`a worker exited with code ${code} before reporting`)));
          });
        return m.queue.shift()!;
      };
      const expect = async (m: (typeof messages)[number], type: "ready" | "done") => {
        const message = await nextMessage(m);
        if (message.type === "failed") throw new Error(`worker failed: ${message.error}`);
        if (message.type !== type) throw new Error(`worker said ${message.type}, expected ${type}`);
        return message;
      };
      await Promise.all(messages.map((m) => expect(m, "ready")));
      const load = os.loadavg()[0]!;
      for (const m of messages) m.child.send("go");
      for (const message of await Promise.all(messages.map((m) => expect(m, "done"))))
        if (message.type === "done") runs.push(message.run);
      const all = merge(runs);
      return [
        `PostgreSQL (one database, schema dropped afterwards), ${args.processes} processes, ${Math.ceil(args.concurrency / args.processes)} users in flight each (load average ${load.toFixed(1)} at the start):`,
        ...runLines(all, false),
        `  ×${(rate(all) / embeddedRate).toFixed(2)} the one-process HNSWStore fleet's messages/s; per process: ${runs.map((r) => `${rate(r).toFixed(0)} msg/s`).join(", ")}`,
        "  (process CPU, RSS and heap are the workers' sums, without the server's; event-loop delay is the worst worker's)",
      ];
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill();
    }
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const name of schemas) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    } finally {
      await client.end();
    }
  }
}

// ---- main -------------------------------------------------------------------------------

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.worker !== undefined) return worker(args);
  const load = os.loadavg().map((l) => l.toFixed(1));
  const { plans, owner, now } = planFleet(args);
  const messages = plans.reduce((n, p) => n + p.messages, 0);
  print([
    `fleet bench: ${args.users} users, ${messages} messages (${(messages / args.users).toFixed(1)} per user, ${NAMED_PER_USER} of them naming the user's own people and project), ${args.batch} messages per remember() call, a recall before each call and one after the last; seed ${args.seed}; ${os.cpus().length} cores, load average ${load.join(" / ")} at start`,
  ]);
  const embeddedRate = await embedded(args, now, plans, owner);
  if (args.postgres) print(await postgresFleet(args, now, embeddedRate));
  print([
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}`,
  ]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
