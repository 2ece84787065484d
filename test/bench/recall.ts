/**
 * Recall benchmark: `npm run bench:recall [-- --quick] [--profile] [--queries=<n>] [--scopes=<n>] [--only=<case>]`.
 *
 * Valid MemoryRecords (bilingual, distinct keys, ~10% superseded) are loaded straight into an
 * HNSWStore with the default embedder (HashEmbeddings, 256 dims) in batches of 1000, then
 * `createMemory({ store }).recall({ scope, query, task? })` is timed over generated queries
 * (paraphrases and keyword subsets of stored memories, zh and en, about a fifth with a task from
 * the example policies). Cases: 10k and 100k memories in one scope; a 100-memory scope alone and
 * beside 1M memories in 10k scopes (`--scopes=<n>` for fewer), asked repeatedly and one scope
 * per query. hit@k of the memory a query was made from guards against buying speed by recalling
 * nothing. `--quick` (CI smoke): 10k only, 50 queries, well under a minute. `--inline` makes
 * the facade write each recall's trace and usage counters before answering (by default they
 * are queued behind the answer and timed separately, in the `bookkeep` column).
 *
 * `--profile` runs the read pipeline with timing hooks instead of the facade and also times
 * each store call inside a recall. Progress goes to stderr, the summary to stdout; temp
 * directories are removed. `--keep=<dir>` (for iterating on the read path) keeps each case's
 * loaded store under `<dir>/<case>` and reuses it on the next run instead of loading again;
 * recalls write usage counters and traces into it, so quote figures from runs without it.
 *
 * `--postgres=<url>` also runs every case on PostgresStore (PostgreSQL + pgvector, a throwaway
 * schema dropped at the end) with the same data and queries, right after the embedded store's
 * run, and prints each PostgreSQL p50 beside the embedded one with their ratio. With `--profile`
 * the PostgreSQL runs also time the store's public calls during each recall and count the
 * statements a recall sends to the server (`round trips`); they still recall through the facade.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import type { BaseStore } from "@langchain/langgraph";
import pg from "pg";
import { z } from "zod";
import { createReadPipeline } from "../../graphs/read.js";
import { recordStructure } from "../../src/facts/structure.js";
import { createMemory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../../src/schema.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { PostgresStore } from "../../src/store/postgres-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { createRng, generateMemories, generateQueries, type MemoryFixture } from "./fixtures.js";

// Targets: p50 ≤ 5 ms at 100k memories in one scope with the default embedder, and flat as the
// number of other scopes grows. Flat: a small scope's p50 beside many others within 1.5× (or 0.5 ms)
// of the same scope alone, a tolerance for run-to-run noise.
const TARGET_P50_MS = 5;
// Issue 13: a query with a condition (a day) filters through the relational index first and
// ranks inside the subset: p50 ≤ 10 ms at 100k in one scope.
const TARGET_CONDITIONED_P50_MS = 10;
const EN_MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The same query asking about the day its memory was said ("… on May 2, 2025", "2025年5月2日…"). */
function withDay(q: Query, observedAt: string): Query {
  const d = new Date(observedAt);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  const query =
    q.lang === "zh" ? `${y}年${m + 1}月${day}日 ${q.query}` : `${q.query} on ${EN_MONTH_NAMES[m]} ${day}, ${y}`;
  return { ...q, query };
}
const FLAT_RATIO = 1.5;
const FLAT_SLACK_MS = 0.5;
const DIMS = 256;
const LOAD_CHUNK = 1000;
const SMALL_SCOPE = 100;
// 1M memories over 10k scopes of 100 loads in 4.5–7 min on the 2-core reference machine (the
// whole run takes 7–9), so it is the default; --scopes=<n> spreads fewer for a quicker look.
const SPREAD_SCOPES = 10_000;
// maintenance_work_mem of PostgreSQL's HNSW build: the graph of 1M memories (≈2M vectors of 256
// dims) needs ~3 GB to be built in memory; a third of this machine's memory at most.
const PG_BUILD_MEMORY = `${Math.max(64, Math.min(8192, Math.floor(os.totalmem() / 3 / 2 ** 20)))}MB`;
const WARMUP = 20;
// Not from a seed: enough superseded versions that the status filter has work to do, and a
// task on ~60% of the queries whose memory a task policy covers (≈ a fifth of all queries).
const SUPERSEDED_SHARE = 0.1;
const TASK_SHARE = 0.6;
const DAY_MS = 86_400_000;

const Args = z.object({
  quick: z.boolean(),
  profile: z.boolean(),
  queries: z.number().int().min(1).max(100_000),
  scopes: z.number().int().min(1).max(100_000),
  /** Only the cases whose label contains this text. */
  only: z.string().min(1).optional(),
  /** Keep loaded stores here and reuse them on later runs. */
  keep: z.string().min(1).optional(),
  /** createMemory({ bookkeeping: "inline" }): the trace + usage write inside each timed recall. */
  inline: z.boolean(),
  /** Also run each case on PostgresStore at this URL. */
  postgres: z.string().min(1).optional(),
});
type Args = z.infer<typeof Args>;

function parseArgs(argv: string[]): Args {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (
      !match ||
      !["quick", "profile", "queries", "scopes", "only", "keep", "inline", "postgres"].includes(match[1]!)
    ) {
      throw new Error(
        `Unknown argument '${arg}'. Expected --quick, --profile, --inline, --queries=<n>, --scopes=<n>, --only=<case label text>, --keep=<dir>, --postgres=<url>.`,
      );
    }
    flags.set(match[1]!, match[2] ?? "true");
  }
  const quick = flags.has("quick");
  const parsed = Args.safeParse({
    quick,
    profile: flags.has("profile"),
    queries: flags.has("queries") ? Number(flags.get("queries")) : quick ? 50 : 200,
    scopes: flags.has("scopes") ? Number(flags.get("scopes")) : SPREAD_SCOPES,
    only: flags.get("only"),
    keep: flags.get("keep"),
    inline: flags.has("inline"),
    postgres: flags.get("postgres"),
  });
  if (!parsed.success)
    throw new Error(`Bad value for --${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message}.`);
  return parsed.data;
}

const progress = (message: string) => process.stderr.write(`[bench:recall] ${message}\n`);

// A full collection before each timed set, so garbage from loading (1M records) is not
// collected during, and charged to, the recalls of whichever case comes next.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

// Temp stores still on disk; removed on Ctrl-C or `timeout` too, not only on a normal exit.
// Signals are handled between macrotasks, and store work is all microtasks, so the loops below
// yield with `tick()` now and then.
const liveDirs = new Set<string>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const dir of liveDirs) fs.rmSync(dir, { recursive: true, force: true });
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Nearest-rank percentile. */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// ---- data --------------------------------------------------------------------------------

/** Which example-policy tasks may see a memory of this kind (seed 004 §3, tasks.example.json). */
function tasksFor(record: MemoryRecord): string[] {
  if (record.kind === "preference") return ["write_email", "code_generation", "weekly_report"];
  if (record.kind === "business_fact")
    return record.source.type === "system_sync"
      ? ["write_email", "weekly_report", "query_order"]
      : ["write_email", "weekly_report"];
  return [];
}

/** A valid record around a fixture text: distinct key, spread-out dates and usage. */
function toRecord(fixture: MemoryFixture, scope: MemoryScope, rand: () => number, now: number): MemoryRecord {
  const age = rand() * 365;
  const observed = new Date(now - age * DAY_MS).toISOString();
  const accessed = new Date(now - rand() * age * DAY_MS).toISOString();
  const superseded = rand() < SUPERSEDED_SHARE;
  const kind = fixture.value.kind;
  const slots = Object.values(fixture.slots);
  return parseMemoryRecord({
    id: fixture.id,
    kind,
    // Distinct keys: the read path keeps one value per key of a single-valued kind.
    key: `${fixture.value.key}.${fixture.id}`,
    content: fixture.value.content,
    confidence: Math.round((0.6 + rand() * 0.4) * 100) / 100,
    importance: Math.round((0.3 + rand() * 0.6) * 100) / 100,
    source: {
      type: kind === "business_fact" && rand() < 0.8 ? "system_sync" : rand() < 0.85 ? "explicit" : "inferred",
      messageIds: [`msg_${fixture.id}`],
    },
    scope,
    sensitivity: "low",
    status: superseded ? "superseded" : "active",
    ...(superseded ? { supersededBy: `${fixture.id}_next` } : {}),
    observedAt: observed,
    createdAt: observed,
    updatedAt: observed,
    lastAccessedAt: accessed,
    accessCount: Math.floor(rand() ** 3 * 12),
    ...(rand() < 0.1 ? { retrievalHints: slots.slice(0, 2) } : {}),
  });
}

interface Query {
  scope: MemoryScope;
  query: string;
  task?: string;
  /** Id of the memory the query was made from. */
  source: string;
  lang: "zh" | "en";
  mode: "paraphrase" | "keywords";
}

/** Queries from the active records of one scope. */
function queriesFor(fixtures: MemoryFixture[], records: MemoryRecord[], count: number, seed: number): Query[] {
  const active = fixtures.filter((_, i) => records[i]!.status === "active");
  const activeRecords = records.filter((r) => r.status === "active");
  const rand = createRng(seed);
  return generateQueries(active, count, { seed }).map((q) => {
    const record = activeRecords[q.source]!;
    const tasks = tasksFor(record);
    const task = tasks.length > 0 && rand() < TASK_SHARE ? tasks[Math.floor(rand() * tasks.length)] : undefined;
    return {
      scope: record.scope,
      query: q.query,
      source: record.id,
      lang: q.lang,
      mode: q.mode,
      ...(task ? { task } : {}),
    };
  });
}

// ---- cases -------------------------------------------------------------------------------

type Role = "alone" | "beside" | "spread" | "conditioned" | "unstructured" | "conditioned-unstructured";

interface Layout {
  label: string;
  /** Which case of the flatness comparison this is, if any. */
  role?: Role;
  scopes: number;
  perScope: number;
  /** Also run a query set that asks a different scope each time (cold caches, realistic for many users). */
  spreadQueries?: boolean;
}

/** Queries to time; the first {@link WARMUP} only warm up. */
interface QuerySet {
  label: string;
  role?: Role;
  queries: Query[];
  /** Recall with `structured: false` (the baseline of the structured path, same store, same run). */
  unstructured?: boolean;
}

interface CaseResult {
  label: string;
  role?: Role;
  memories: number;
  scopes: number;
  loadMs: number;
  latencies: number[];
  /** CPU time of this process per recall (user + system), its queued bookkeeping included: what other load on the machine cannot inflate. */
  cpu: number[];
  /** Wall time from the answer until the recall's queued bookkeeping (trace + usage write) finished. */
  bookkeeping: number[];
  hits: { at1: number; at3: number; atK: number; n: number };
  /** Shares of the timed queries: Chinese, with a task, paraphrase (the rest are keyword subsets). */
  mix: { zh: number; task: number; paraphrase: number };
  steps: Map<string, number[]>;
  storeCalls: Map<string, number[]>;
  /** Set on the PostgreSQL runs (--postgres). */
  backend?: "postgres";
}

function openStore(dir: string): HNSWStore {
  return new HNSWStore({
    dir,
    index: { dims: DIMS, embeddings: new HashEmbeddings({ dims: DIMS }), fields: RECORD_INDEX_FIELDS },
    flushIntervalMs: 0,
    structure: recordStructure,
  });
}

const scopeOf = (i: number): MemoryScope => ({ tenantId: "bench", userId: `u${String(i).padStart(5, "0")}` });

/**
 * Load the layout in batches of {@link LOAD_CHUNK}, making queries as the queried scopes go by:
 * scope 0 gets every query of the first set; with `spreadQueries`, evenly spaced scopes get one
 * query each for the second.
 */
async function load(
  store: BaseStore,
  layout: Layout,
  queryCount: number,
  alreadyLoaded = false,
): Promise<{ sets: QuerySet[]; loadMs: number }> {
  const now = Date.now();
  const total = WARMUP + queryCount;
  const spreadCount = layout.spreadQueries ? Math.min(layout.scopes, total) : 0;
  const spreadScopes = new Set(
    Array.from({ length: spreadCount }, (_, i) => Math.floor((i * layout.scopes) / spreadCount)),
  );
  const repeated: Query[] = [];
  const conditioned: Query[] = [];
  const spread: Query[] = [];
  let pending: { namespace: string[]; key: string; value: MemoryRecord }[] = [];
  let loaded = 0;
  let loadMs = 0;
  let reported = 0;
  const flush = async () => {
    const started = performance.now();
    // A kept store (--keep) already holds these: only the queries are made again.
    if (!alreadyLoaded) await store.batch(pending);
    loadMs += performance.now() - started;
    loaded += pending.length;
    pending = [];
    await tick();
    if (loaded - reported >= 50_000) {
      reported = loaded;
      progress(`  ${loaded.toLocaleString("en")} loaded, ${(loaded / (loadMs / 1000)).toFixed(0)}/s`);
    }
  };
  for (let s = 0; s < layout.scopes; s++) {
    const scope = scopeOf(s);
    const fixtures = generateMemories(layout.perScope, { seed: 1000 + s, idPrefix: "m" });
    const rand = createRng(5000 + s);
    const records = fixtures.map((f) => toRecord(f, scope, rand, now));
    if (s === 0) {
      repeated.push(...queriesFor(fixtures, records, total, 77));
      const observed = new Map(records.map((r) => [r.id, r.observedAt]));
      conditioned.push(...repeated.map((q) => withDay(q, observed.get(q.source)!)));
    }
    if (spreadScopes.has(s)) spread.push(...queriesFor(fixtures, records, 1, 78 + s));
    for (const record of records) {
      pending.push({ namespace: recordsNamespace(scope), key: record.id, value: record });
      if (pending.length >= LOAD_CHUNK) await flush();
    }
  }
  if (pending.length > 0) await flush();
  // The spread set's warm-up queries must not touch the scopes it times: shuffle deterministically.
  const rand = createRng(99);
  for (let i = spread.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [spread[i], spread[j]] = [spread[j]!, spread[i]!];
  }
  const sets: QuerySet[] = [{ label: layout.label, ...(layout.role ? { role: layout.role } : {}), queries: repeated }];
  if (layout.spreadQueries)
    sets.push({ label: "  same, a different scope each query", role: "spread", queries: spread });
  if (layout.scopes === 1)
    sets.push(
      { label: "  same, structured: false", role: "unstructured", queries: repeated, unstructured: true },
      { label: "  same, naming the day it was said", role: "conditioned", queries: conditioned },
      {
        label: "  naming the day, structured: false",
        role: "conditioned-unstructured",
        queries: conditioned,
        unstructured: true,
      },
    );
  return { sets, loadMs };
}

/** Where timings go while enabled; `sink` is swapped per query set. */
interface Probe {
  enabled: boolean;
  sink: Map<string, number[]>;
  /** Called after each timed recall (the PostgreSQL statement count). */
  perRecall?: () => void;
}

function record(probe: Probe, name: string, ms: number): void {
  if (!probe.enabled) return;
  const list = probe.sink.get(name);
  if (list) list.push(ms);
  else probe.sink.set(name, [ms]);
}

/** Wrap the store's own methods (once per store) to time each store call made during a recall. */
function instrumentStore(store: HNSWStore, probe: Probe): void {
  const labelOf = (labels: string[] | undefined): string =>
    labels?.[0] === "knowledge" ? "knowledge" : (labels?.[labels.length - 1] ?? "?");
  const wrap = (method: string, name: (args: unknown[]) => string, owner: object = store) => {
    const target = owner as Record<string, (...args: unknown[]) => unknown>;
    const original = target[method]!.bind(owner);
    target[method] = (...args: unknown[]) => {
      const started = performance.now();
      const out = original(...args);
      if (out instanceof Promise) return out.finally(() => record(probe, name(args), performance.now() - started));
      record(probe, name(args), performance.now() - started);
      return out;
    };
  };
  // Private, synchronous internals: exact costs even when calls interleave on the event loop.
  wrap(
    "searchItems",
    (args) =>
      `searchItems(${labelOf((args[0] as { namespacePrefix: string[] }).namespacePrefix)}, ${args[1] ? "vector" : "list"})`,
  );
  wrap("getItem", () => "getItem");
  // Planning a put is the store core's (src/store/core.ts); the store answers its hooks.
  const core = (store as unknown as { core: object }).core;
  wrap("preparePut", (args) => `preparePut(${labelOf(args[1] as string[])})`, core);
  wrap("commit", () => "commit (write transaction)");
  wrap("keywordSearch", (args) => `keywordSearch(${labelOf(args[0] as string[])})`);
  wrap("storedTextHashes", () => "storedTextHashes");
  // The structured path (src/recall/structured.ts): day filter, relation joins, ranking inside.
  for (const method of ["itemsOnDays", "factsAbout", "factPaths", "searchWithin"]) wrap(method, () => method);
  // The query embedding: HashEmbeddings.embed is the synchronous core of embedQuery.
  const embeddings = store.indexConfig!.embeddings as unknown as Record<string, (...args: unknown[]) => unknown>;
  const embed = embeddings.embed!.bind(embeddings);
  embeddings.embed = (...args: unknown[]) => {
    const started = performance.now();
    const out = embed(...args);
    record(probe, "HashEmbeddings.embed", performance.now() - started);
    return out;
  };
}

/**
 * Warm up on a set's first {@link WARMUP} queries, then time the rest one at a time: wall time
 * to the answer, this process's CPU (the bookkeeping `settle` waits for included, outside the
 * latency), and where the source memory ranked. `probing(true/false)` brackets the timed part.
 */
async function timeSet(
  queries: Query[],
  recall: (q: Query) => Promise<{ memories: Array<{ id: string }> }>,
  settle: (() => Promise<void>) | undefined,
  probing: (on: boolean) => void = () => {},
): Promise<Pick<CaseResult, "latencies" | "cpu" | "bookkeeping" | "hits">> {
  collectGarbage();
  for (const q of queries.slice(0, WARMUP)) await recall(q);
  const latencies: number[] = [];
  const cpu: number[] = [];
  const bookkeeping: number[] = [];
  const hits = { at1: 0, at3: 0, atK: 0, n: 0 };
  probing(true);
  for (const q of queries.slice(WARMUP)) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const out = await recall(q);
    const answered = performance.now();
    latencies.push(answered - started);
    // The facade writes the trace and usage counters behind the answer; wait for them here,
    // outside the latency but inside the CPU time.
    if (settle) {
      await settle();
      bookkeeping.push(performance.now() - answered);
    }
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    const rank = out.memories.findIndex((m) => m.id === q.source);
    hits.n += 1;
    if (rank === 0) hits.at1 += 1;
    if (rank >= 0 && rank < 3) hits.at3 += 1;
    if (rank >= 0) hits.atK += 1;
    await tick();
  }
  probing(false);
  return { latencies, cpu, bookkeeping, hits };
}

/**
 * Time PostgresStore's public calls made during a recall (wall time, calls overlap) and count
 * the statements sent to the server, the `round trips` row (--profile on the PostgreSQL runs).
 */
function instrumentPostgres(store: PostgresStore, probe: Probe): void {
  const target = store as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of [
    "batch",
    "hybridSearch",
    "keywordSearch",
    "searchWithin",
    "searchOnDays",
    "itemsOnDays",
    "factsAbout",
    "factPaths",
  ]) {
    const original = target[method]!.bind(store);
    target[method] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await original(...args);
      } finally {
        record(probe, method, performance.now() - started);
      }
    };
  }
  let statements = 0;
  const counted = new WeakSet<object>();
  const countOn = (queryable: { query: (...args: unknown[]) => unknown }) => {
    if (counted.has(queryable)) return;
    counted.add(queryable);
    const query = queryable.query.bind(queryable);
    queryable.query = (...args: unknown[]) => {
      if (probe.enabled) statements += 1;
      return query(...args);
    };
  };
  // Every statement goes through a pooled client (pool.query too): count there, on the clients
  // open now (pg-pool's `_clients`) and those opened later.
  type Counted = { query: (...args: unknown[]) => unknown };
  const pool = (store as unknown as { pool: pg.Pool & { _clients?: Counted[] } }).pool;
  for (const client of pool._clients ?? []) countOn(client);
  pool.on("connect", (client) => countOn(client as unknown as Counted));
  probe.perRecall = () => {
    record(probe, "round trips (statements)", statements);
    statements = 0;
  };
}

/** The same case on PostgresStore: a throwaway schema, the same data and query sets. */
async function runPostgresCase(layout: Layout, args: Args): Promise<CaseResult[]> {
  const schema = `bench_recall_${process.pid}_${layout.scopes}x${layout.perScope}`;
  const store = new PostgresStore({
    connectionString: args.postgres!,
    schema,
    index: { dims: DIMS, embeddings: new HashEmbeddings({ dims: DIMS }), fields: RECORD_INDEX_FIELDS },
    structure: recordStructure,
  });
  const drop = async () => {
    const client = new pg.Client({ connectionString: args.postgres });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  };
  try {
    const memories = layout.scopes * layout.perScope;
    progress(`${layout.label} on PostgreSQL: loading ${memories.toLocaleString("en")} memories…`);
    // Loaded as a deployment's initial import is (PostgresStore.bulkLoad): the rows first, then
    // one HNSW build; growing pgvector's graph row by row takes hours at 1M. The load time is
    // the rows' batches plus the build.
    let loaded: Awaited<ReturnType<typeof load>> | undefined;
    let rowsDone = 0;
    await store.bulkLoad(
      async () => {
        loaded = await load(store, layout, args.queries);
        rowsDone = performance.now();
        progress(`  rows in ${(loaded.loadMs / 1000).toFixed(1)} s; building the HNSW index…`);
      },
      { maintenanceWorkMem: PG_BUILD_MEMORY, parallelWorkers: Math.max(0, os.availableParallelism() - 1) },
    );
    const buildMs = performance.now() - rowsDone;
    const { sets } = loaded!;
    const loadMs = loaded!.loadMs + buildMs;
    progress(
      `${layout.label} on PostgreSQL: loaded in ${(loadMs / 1000).toFixed(1)} s (index build ${(buildMs / 1000).toFixed(1)} s)`,
    );
    const inline = args.inline ? { bookkeeping: "inline" as const } : {};
    const structured = await createMemory({ store, env: {}, ...inline });
    const unstructured = await createMemory({ store, env: {}, structured: false, ...inline });
    const probe: Probe = { enabled: false, sink: new Map() };
    if (args.profile) instrumentPostgres(store, probe);
    const results: CaseResult[] = [];
    for (const set of sets) {
      const memory = set.unstructured ? unstructured : structured;
      const storeCalls = new Map<string, number[]>();
      probe.sink = storeCalls;
      let timing = false;
      const { latencies, cpu, bookkeeping, hits } = await timeSet(
        set.queries,
        async (q) => {
          // Only the recall itself: not the bookkeeping queued behind its answer.
          probe.enabled = timing;
          try {
            return await memory.recall({ scope: q.scope, query: q.query, ...(q.task ? { task: q.task } : {}) });
          } finally {
            if (timing) probe.perRecall?.();
            probe.enabled = false;
          }
        },
        args.inline ? undefined : () => memory.settled(),
        (on) => {
          timing = on && args.profile;
        },
      );
      progress(`  ${set.label} on PostgreSQL: p50 ${percentile(latencies, 50).toFixed(2)} ms`);
      results.push({
        label: `${set.label} · PostgreSQL`,
        ...(set.role ? { role: set.role } : {}),
        backend: "postgres",
        memories,
        scopes: layout.scopes,
        loadMs,
        latencies,
        cpu,
        bookkeeping,
        hits,
        mix: { zh: 0, task: 0, paraphrase: 0 },
        steps: new Map(),
        storeCalls,
      });
    }
    await structured.close();
    await unstructured.close();
    return results;
  } finally {
    await store.end();
    await drop();
  }
}

async function runCase(layout: Layout, args: Args): Promise<CaseResult[]> {
  const kept = args.keep ? path.join(path.resolve(args.keep), `${layout.scopes}x${layout.perScope}`) : undefined;
  const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), "bench-recall-"));
  const marker = path.join(dir, "bench-loaded.json");
  const reuse = kept !== undefined && fs.existsSync(marker);
  if (!kept) liveDirs.add(dir);
  try {
    const store = openStore(dir);
    const memories = layout.scopes * layout.perScope;
    progress(
      `${layout.label}: ${reuse ? "reusing" : "loading"} ${memories.toLocaleString("en")} memories in ${layout.scopes.toLocaleString("en")} scope(s)${kept ? ` (${dir})` : ""}…`,
    );
    const { sets, loadMs } = await load(store, layout, args.queries, reuse);
    if (kept && !reuse) fs.writeFileSync(marker, JSON.stringify({ memories, scopes: layout.scopes, loadMs }));
    progress(
      `${layout.label}: ${reuse ? "made its queries" : "loaded"} in ${(loadMs / 1000).toFixed(1)} s (${(memories / (loadMs / 1000)).toFixed(0)}/s)`,
    );
    const memory = await createMemory({ store, env: {}, ...(args.inline ? { bookkeeping: "inline" as const } : {}) });
    const unstructured = await createMemory({
      store,
      env: {},
      structured: false,
      ...(args.inline ? { bookkeeping: "inline" as const } : {}),
    });
    const storeProbe: Probe = { enabled: false, sink: new Map() };
    const stepProbe: Probe = { enabled: false, sink: new Map() };
    if (args.profile) instrumentStore(store, storeProbe);
    const pipeline = (structured: boolean) =>
      createReadPipeline({ store, structured }, { onStep: (name, t) => record(stepProbe, name, t) });
    const profiled = args.profile ? { on: pipeline(true), off: pipeline(false) } : undefined;
    const results: CaseResult[] = [];
    for (const set of sets) {
      const steps = new Map<string, number[]>();
      const storeCalls = new Map<string, number[]>();
      stepProbe.sink = steps;
      storeProbe.sink = storeCalls;
      const facade = set.unstructured ? unstructured : memory;
      const recall = (q: Query) =>
        profiled
          ? (set.unstructured ? profiled.off : profiled.on)({ scope: q.scope, query: q.query, task: q.task })
          : facade.recall({ scope: q.scope, query: q.query, ...(q.task ? { task: q.task } : {}) });

      const { latencies, cpu, bookkeeping, hits } = await timeSet(
        set.queries,
        recall,
        !profiled && !args.inline ? () => facade.settled() : undefined,
        (on) => {
          storeProbe.enabled = stepProbe.enabled = on && args.profile;
        },
      );
      progress(`  ${set.label}: p50 ${percentile(latencies, 50).toFixed(2)} ms`);
      const timed = set.queries.slice(WARMUP);
      const share = (test: (q: Query) => boolean) => timed.filter(test).length / Math.max(1, timed.length);
      const mix = {
        zh: share((q) => q.lang === "zh"),
        task: share((q) => q.task !== undefined),
        paraphrase: share((q) => q.mode === "paraphrase"),
      };
      results.push({
        label: set.label,
        ...(set.role ? { role: set.role } : {}),
        memories,
        scopes: layout.scopes,
        loadMs,
        latencies,
        cpu,
        bookkeeping,
        hits,
        mix,
        steps,
        storeCalls,
      });
    }
    await memory.close();
    await unstructured.close();
    store.stop();
    return results;
  } finally {
    if (!kept) fs.rmSync(dir, { recursive: true, force: true });
    liveDirs.delete(dir);
  }
}

// ---- report ------------------------------------------------------------------------------

const ms = (value: number) => `${value.toFixed(2)} ms`;
const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width));
const share = (n: number, of: number) => (of === 0 ? "-" : (n / of).toFixed(2));

/** "; structured: false 4.60 ms, ×1.08": the same queries without the structured path. */
function offRatio(p50: number, off: CaseResult | undefined): string {
  if (!off) return "";
  const base = percentile(off.latencies, 50);
  return `; structured: false ${ms(base)}, ×${(p50 / base).toFixed(2)}`;
}

function summary(all: CaseResult[], args: Args, elapsedMs: number): string {
  // Targets and the query mix are the embedded store's; PostgreSQL runs get their own section.
  const pgResults = all.filter((r) => r.backend === "postgres");
  const results = all.filter((r) => r.backend !== "postgres");
  const lines: string[] = [];
  lines.push(
    `bench:recall — createMemory(${args.inline ? '{ bookkeeping: "inline" }' : ""}).recall() on HNSWStore + HashEmbeddings(${DIMS}), ${args.queries} queries per case, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  lines.push("");
  lines.push(
    `${pad("case", 42)}${pad("memories", 10, true)}${pad("scopes", 8, true)}${pad("load", 10, true)}${pad("p50", 11, true)}${pad("p99", 11, true)}${pad("cpu p50", 11, true)}${pad("bookkeep", 11, true)}  hit@1 hit@3 hit@k`,
  );
  for (const r of all) {
    lines.push(
      `${pad(r.label, 42)}${pad(r.memories.toLocaleString("en"), 10, true)}${pad(r.scopes.toLocaleString("en"), 8, true)}${pad(`${(r.loadMs / 1000).toFixed(1)} s`, 10, true)}` +
        `${pad(ms(percentile(r.latencies, 50)), 11, true)}${pad(ms(percentile(r.latencies, 99)), 11, true)}${pad(ms(percentile(r.cpu, 50)), 11, true)}${pad(r.bookkeeping.length ? ms(percentile(r.bookkeeping, 50)) : "inline", 11, true)}  ${pad(share(r.hits.at1, r.hits.n), 5)} ${pad(share(r.hits.at3, r.hits.n), 5)} ${share(r.hits.atK, r.hits.n)}`,
    );
  }
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const range = (of: (r: CaseResult) => number) => {
    const values = results.map(of);
    const [lo, hi] = [Math.min(...values), Math.max(...values)];
    return lo === hi ? pct(lo) : `${pct(lo)}–${pct(hi)}`;
  };
  lines.push(
    `queries per case: ${range((r) => r.mix.zh)} Chinese, ${range((r) => r.mix.task)} with a task, ${range((r) => r.mix.paraphrase)} paraphrases (the rest keyword subsets); ${WARMUP} warm-up queries not timed`,
  );
  lines.push("");
  lines.push("targets:");
  const big = results.find((r) => r.memories === 100_000 && r.scopes === 1 && !r.role);
  const bigDay = results.find((r) => r.memories === 100_000 && r.role === "conditioned");
  const bigOff = results.find((r) => r.memories === 100_000 && r.role === "unstructured");
  const bigDayOff = results.find((r) => r.memories === 100_000 && r.role === "conditioned-unstructured");
  if (big) {
    const p50 = percentile(big.latencies, 50);
    lines.push(
      `  p50 ≤ ${TARGET_P50_MS} ms at 100k in one scope: ${ms(p50)} (cpu ${ms(percentile(big.cpu, 50))}) ${p50 <= TARGET_P50_MS ? "OK" : "MISS"}${offRatio(p50, bigOff)}`,
    );
  } else {
    lines.push(`  p50 ≤ ${TARGET_P50_MS} ms at 100k in one scope: not run (--quick or --only)`);
  }
  if (bigDay) {
    const p50 = percentile(bigDay.latencies, 50);
    lines.push(
      `  p50 ≤ ${TARGET_CONDITIONED_P50_MS} ms at 100k in one scope with a day condition: ${ms(p50)} (cpu ${ms(percentile(bigDay.cpu, 50))}) ${p50 <= TARGET_CONDITIONED_P50_MS ? "OK" : "MISS"}${offRatio(p50, bigDayOff)}`,
    );
  }
  const alone = results.find((r) => r.role === "alone");
  if (bigOff || bigDayOff)
    lines.push(
      "  structured: false: the same queries without the structured path (conditions, relations), on the same store in the same run",
    );
  const beside = results.find((r) => r.role === "beside");
  const spread = results.find((r) => r.role === "spread");
  if (alone && beside) {
    const a = percentile(alone.latencies, 50);
    const b = percentile(beside.latencies, 50);
    const flat = b <= a * FLAT_RATIO || b - a <= FLAT_SLACK_MS;
    lines.push(
      `  flat with other scopes (p50 of a 100-memory scope beside ${beside.memories.toLocaleString("en")} memories in ${beside.scopes.toLocaleString("en")} scopes ≤ ${FLAT_RATIO}× or +${FLAT_SLACK_MS} ms of alone): ${ms(a)} → ${ms(b)} (×${(b / a).toFixed(2)}; cpu ${ms(percentile(alone.cpu, 50))} → ${ms(percentile(beside.cpu, 50))}) ${flat ? "OK" : "MISS"}`,
    );
    if (spread) {
      const c = percentile(spread.latencies, 50);
      lines.push(`  (a different scope each query, cold caches: p50 ${ms(c)}, ×${(c / a).toFixed(2)} of alone)`);
    }
  } else {
    lines.push("  flat with other scopes: not run (--quick or --only)");
  }
  if (pgResults.length > 0) {
    lines.push("");
    lines.push(
      "PostgreSQL beside the embedded store (same data and queries, same run; p50, ratio PostgreSQL / embedded):",
    );
    for (const r of pgResults) {
      // Sets of different cases share labels ("  same, structured: false"): match the case too.
      const base = results.find(
        (e) => `${e.label} · PostgreSQL` === r.label && e.memories === r.memories && e.scopes === r.scopes,
      );
      const p = percentile(r.latencies, 50);
      lines.push(
        `  ${pad(r.label.replace(" · PostgreSQL", ""), 42)}${base ? `${ms(percentile(base.latencies, 50))} → ${ms(p)}  ×${(p / percentile(base.latencies, 50)).toFixed(2)}` : ms(p)}   load ${(r.loadMs / 1000).toFixed(1)} s vs ${base ? (base.loadMs / 1000).toFixed(1) : "?"} s`,
      );
    }
  }
  lines.push(
    "  hit@k: share of queries whose source memory is among the recalled memories (k = the task policy's max_items, 8 by default); a guard, not a quality measure: each set's recalls raise the usage counters the next sets rank by (quality is npm run eval's)",
  );
  lines.push(
    "  cpu: this process's CPU time per recall, its bookkeeping included; when it is well below the wall time, other load on the machine inflated the latencies",
  );
  lines.push(
    "  bookkeep: p50 wall time of the trace + usage write the facade queues behind each answer (not in p50/p99); `inline`: inside them (--inline, --profile)",
  );
  if (args.profile) {
    for (const r of all) {
      lines.push("");
      const calls =
        r.backend === "postgres"
          ? "store calls are the public methods' wall time; round trips count statements"
          : "store calls are synchronous internals";
      lines.push(`profile — ${r.label} (p50 / p99 / mean per recall; ${calls})`);
      const row = (name: string, samples: number[], perRecall: number) => {
        const show = name.startsWith("round trips") ? (x: number) => x.toFixed(1) : ms;
        return `  ${pad(name, 44)}${pad(show(percentile(samples, 50)), 10, true)}${pad(show(percentile(samples, 99)), 10, true)}${pad(show(samples.reduce((s, x) => s + x, 0) / perRecall), 10, true)}  ×${(samples.length / perRecall).toFixed(2)}`;
      };
      for (const [name, samples] of r.steps) lines.push(row(name, samples, r.hits.n));
      for (const [name, samples] of [...r.storeCalls].sort((a, b) => a[0].localeCompare(b[0])))
        lines.push(row(name, samples, r.hits.n));
    }
  }
  lines.push("");
  lines.push(`total ${(elapsedMs / 1000).toFixed(0)} s`);
  return lines.join("\n");
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const spread = { scopes: args.scopes, perScope: SMALL_SCOPE };
  const total = spread.scopes * spread.perScope;
  const spreadLabel =
    total >= 1_000_000 ? `${(total / 1_000_000).toLocaleString("en")}M` : `${(total / 1000).toLocaleString("en")}k`;
  const layouts: Layout[] = args.quick
    ? [{ label: "10k in one scope", scopes: 1, perScope: 10_000 }]
    : [
        { label: "10k in one scope", scopes: 1, perScope: 10_000 },
        { label: "100k in one scope", scopes: 1, perScope: 100_000 },
        { label: "100 in one scope, alone", role: "alone", scopes: 1, perScope: SMALL_SCOPE },
        { label: `100 in one scope, beside ${spreadLabel}`, role: "beside", ...spread, spreadQueries: true },
      ];
  const results: CaseResult[] = [];
  for (const layout of layouts.filter((l) => !args.only || l.label.includes(args.only!))) {
    results.push(...(await runCase(layout, args)));
    if (args.postgres) results.push(...(await runPostgresCase(layout, args)));
  }
  process.stdout.write(`${summary(results, args, performance.now() - started)}\n`);
}

await main();
