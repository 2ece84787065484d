/**
 * Store benchmark: `npm run bench:store [-- --quick | --n=<items>]`.
 *
 * One namespace of N memory-like texts (bilingual, generated) embedded with the offline
 * HashEmbeddings. Measures HNSWStore puts/s in batches, search p50/p99 against LangGraph's
 * InMemoryStore on the same data, HNSW recall@10 against an exact brute-force top-10, and the
 * latency of a small namespace beside the big one, and what HashEmbeddings.embed costs per
 * text next to tokenizing alone. Progress goes to stderr, results to stdout.
 *
 * Tuning flags for investigation: --ef-search=, --m=, --ef-construction=, --threshold=
 * (passed as HNSWStore's `hnsw` option), --queries=, --inmemory-queries=.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { InMemoryStore } from "@langchain/langgraph";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { wordTokens } from "../../src/text/tokenizer.js";
import { generateMemories, generateQueries, type MemoryFixture, type QueryFixture } from "./fixtures.js";

// Targets for 100k items in one namespace on a 2-core machine.
const FULL_SIZE = 100_000;
const TARGET_PUTS_PER_SECOND = 1_000;
const TARGET_SPEEDUP = 100;
const TARGET_RECALL = 0.95;
const BATCH_SIZE = 500;
const SMALL_NAMESPACE_SIZE = 100;
const DIMS = 256;
const K = 10;

const Args = z.object({
  quick: z.boolean(),
  n: z.number().int().min(100).max(2_000_000),
  queries: z.number().int().min(1).max(100_000),
  inMemoryQueries: z.number().int().min(1).max(100_000),
  hnsw: z.object({
    threshold: z.number().int().min(1).optional(),
    m: z.number().int().min(2).optional(),
    efConstruction: z.number().int().min(8).optional(),
    efSearch: z.number().int().min(1).optional(),
  }),
});
type Args = z.infer<typeof Args>;

function parseArgs(argv: string[]): Args {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match)
      throw new Error(
        `Unknown argument '${arg}'. Expected --quick, --n=<items>, --queries=<n>, --inmemory-queries=<n>, --ef-search=, --m=, --ef-construction=, --threshold=.`,
      );
    flags.set(match[1]!, match[2] ?? "true");
  }
  const known = ["quick", "n", "queries", "inmemory-queries", "ef-search", "m", "ef-construction", "threshold"];
  for (const name of flags.keys())
    if (!known.includes(name))
      throw new Error(`Unknown flag --${name}; known: ${known.map((k) => `--${k}`).join(" ")}.`);
  const num = (name: string) => (flags.has(name) ? Number(flags.get(name)) : undefined);
  const quick = flags.has("quick");
  const queries = num("queries") ?? (quick ? 50 : 200);
  const parsed = Args.safeParse({
    quick,
    n: num("n") ?? (quick ? 5_000 : FULL_SIZE),
    queries,
    // InMemoryStore scans every vector per query (hundreds of ms at 100k): a modest sample.
    inMemoryQueries: num("inmemory-queries") ?? (quick ? queries : Math.min(queries, 30)),
    hnsw: {
      threshold: num("threshold"),
      m: num("m"),
      efConstruction: num("ef-construction"),
      efSearch: num("ef-search"),
    },
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Bad value for --${issue.path.join(".")}: ${issue.message}.`);
  }
  return parsed.data;
}

// ---- measuring ---------------------------------------------------------------------------

const progress = (message: string) => process.stderr.write(`[bench:store] ${message}\n`);

/** Nearest-rank percentile of already collected samples. */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface SearchRun {
  latencies: number[];
  results: string[][];
}

async function timeSearches(
  store: BaseStore,
  namespace: string[],
  queries: readonly QueryFixture[],
  warmup: readonly QueryFixture[],
  label: string,
): Promise<SearchRun> {
  for (const q of warmup) await store.search(namespace, { query: q.query, limit: K });
  const latencies: number[] = [];
  const results: string[][] = [];
  const every = Math.max(1, Math.floor(queries.length / 5));
  for (const [i, q] of queries.entries()) {
    const start = performance.now();
    const hits = await store.search(namespace, { query: q.query, limit: K });
    latencies.push(performance.now() - start);
    results.push(hits.map((h) => h.key));
    if ((i + 1) % every === 0 || i + 1 === queries.length) progress(`${label}: ${i + 1}/${queries.length} queries`);
  }
  return { latencies, results };
}

/** Wall seconds (what puts/s uses) and this process's CPU seconds (less skewed by other load). */
async function timeWrites(
  store: BaseStore,
  namespace: string[],
  memories: readonly MemoryFixture[],
  label: string,
): Promise<{ wall: number; cpu: number }> {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const every = Math.max(1, Math.floor(memories.length / BATCH_SIZE / 10));
  for (let from = 0, batch = 1; from < memories.length; from += BATCH_SIZE, batch += 1) {
    const slice = memories.slice(from, from + BATCH_SIZE);
    await store.batch(slice.map((m) => ({ namespace, key: m.id, value: m.value })));
    if (batch % every === 0 || from + BATCH_SIZE >= memories.length) {
      const done = Math.min(from + BATCH_SIZE, memories.length);
      progress(
        `${label}: ${fmt(done)}/${fmt(memories.length)} written (${fmt(done / ((performance.now() - start) / 1000))}/s)`,
      );
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  return { wall: (performance.now() - start) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

/** Exact top-K by brute force over unit vectors: the recall reference. */
class ExactIndex {
  private readonly vectors: Float32Array;
  constructor(
    private readonly embeddings: HashEmbeddings,
    private readonly memories: readonly MemoryFixture[],
  ) {
    this.vectors = new Float32Array(memories.length * DIMS);
    for (const [i, m] of memories.entries()) this.vectors.set(embeddings.embed(m.value.content), i * DIMS);
  }

  /** Every item's score, and the indexes of the best K (ties broken by index). */
  scores(query: string): { scores: Float32Array; top: number[] } {
    const q = this.embeddings.embed(query);
    const n = this.memories.length;
    const scores = new Float32Array(n);
    const top: number[] = [];
    for (let i = 0, offset = 0; i < n; i += 1, offset += DIMS) {
      let dot = 0;
      for (let j = 0; j < DIMS; j += 1) dot += this.vectors[offset + j]! * q[j]!;
      scores[i] = dot;
      if (top.length < K || dot > scores[top[top.length - 1]!]!) {
        let at = top.length;
        while (at > 0 && scores[top[at - 1]!]! < dot) at -= 1;
        top.splice(at, 0, i);
        if (top.length > K) top.pop();
      }
    }
    return { scores, top };
  }
}

interface Recall {
  strict: number;
  tieAware: number;
}

/**
 * Mean |found ∩ exact| / K. `tieAware` also counts a found item whose exact score equals the
 * K-th best (a tie the exact order broke the other way), the usual ANN-benchmark convention.
 */
function recallAt10(
  found: string[][],
  exact: ExactIndex,
  queries: readonly QueryFixture[],
  indexOf: Map<string, number>,
  memories: readonly MemoryFixture[],
): Recall {
  let strict = 0;
  let tieAware = 0;
  queries.forEach((q, i) => {
    const { scores, top } = exact.scores(q.query);
    const exactKeys = new Set(top.map((t) => memories[t]!.id));
    const kth = scores[top[top.length - 1]!]!;
    for (const key of found[i]!.slice(0, K)) {
      if (exactKeys.has(key)) strict += 1;
      if (scores[indexOf.get(key)!]! >= kth - 1e-6) tieAware += 1;
    }
  });
  const total = queries.length * K;
  return { strict: strict / total, tieAware: tieAware / total };
}

// ---- formatting --------------------------------------------------------------------------

function fmt(x: number): string {
  return Math.round(x).toLocaleString("en-US");
}

function ms(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

function verdict(ok: boolean, marked: boolean): string {
  return marked ? (ok ? "OK" : "BELOW TARGET") : "";
}

function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m}m${(seconds - m * 60).toFixed(0).padStart(2, "0")}s` : `${seconds.toFixed(1)}s`;
}

// ---- the run -----------------------------------------------------------------------------

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const runStart = performance.now();
  // Other processes on a 2-core machine skew every number here: say how busy it was.
  const loadBefore = os.loadavg()[0]!;
  const marked = args.n >= FULL_SIZE;
  const big = recordsNamespace({ userId: "bench-user" });
  const small = recordsNamespace({ userId: "bench-small" });
  const embeddings = new HashEmbeddings({ dims: DIMS });
  const index = { dims: DIMS, embeddings, fields: RECORD_INDEX_FIELDS };

  progress(`generating ${fmt(args.n)} memories and ${args.queries} queries`);
  const memories = generateMemories(args.n, { seed: 1 });
  const indexOf = new Map(memories.map((m, i) => [m.id, i]));
  const queries = generateQueries(memories, args.queries, { seed: 2 });
  const warmup = generateQueries(memories, 5, { seed: 3 });
  const smallMemories = generateMemories(SMALL_NAMESPACE_SIZE, { seed: 4, idPrefix: "s" });
  const smallQueries = generateQueries(smallMemories, args.queries, { seed: 5 });
  const smallWarmup = generateQueries(smallMemories, 5, { seed: 6 });
  const zh = memories.filter((m) => m.lang === "zh").length;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-store-"));
  const store = new HNSWStore({ dir, index, hnsw: args.hnsw });
  const cleanup = () => {
    store.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => {
    cleanup();
    process.exit(130);
  });
  try {
    // (5) the small namespace, alone in the store.
    await timeWrites(store, small, smallMemories, `HNSWStore small namespace`);
    const smallAlone = await timeSearches(store, small, smallQueries, smallWarmup, "small namespace alone");

    // (1) HNSWStore writes, embedding included.
    const writes = await timeWrites(store, big, memories, "HNSWStore");
    const flushStart = performance.now();
    store.flush();
    const flushSeconds = (performance.now() - flushStart) / 1000;

    // (2) InMemoryStore on the same data, embedding included.
    const inMemory = new InMemoryStore({ index });
    const inMemoryWrites = await timeWrites(inMemory, big, memories, "InMemoryStore");

    // (3) search: HNSWStore, then InMemoryStore right after it (so both see about the same
    // machine load), then HNSWStore again on InMemoryStore's queries to show the load held.
    const hnsw = await timeSearches(store, big, queries, warmup, "HNSWStore search");
    const imQueries = queries.slice(0, args.inMemoryQueries);
    const im = await timeSearches(inMemory, big, imQueries, warmup.slice(0, 2), "InMemoryStore search");
    const hnswAgain = await timeSearches(store, big, imQueries, [], "HNSWStore search again");

    // (5) the small namespace beside the big one.
    const smallBeside = await timeSearches(
      store,
      small,
      smallQueries,
      smallWarmup,
      `small namespace beside ${fmt(args.n)}`,
    );

    // (4) exact top-10 by brute force over the same unit vectors.
    progress(`exact reference: embedding ${fmt(args.n)} texts`);
    // The embedder's own cost per text (no store around it), against a baseline measured here,
    // on the same texts: wordTokens alone, the segmentation embed() starts with. The ratio
    // tells a slower embedder from a slower machine.
    const tokenizeStart = performance.now();
    for (const m of memories) wordTokens(m.value.content);
    const tokenizeMicros = ((performance.now() - tokenizeStart) * 1000) / args.n;
    const exactStart = performance.now();
    const exact = new ExactIndex(embeddings, memories);
    const embedMicros = ((performance.now() - exactStart) * 1000) / args.n;
    const recall = recallAt10(hnsw.results, exact, queries, indexOf, memories);
    // InMemoryStore is exact too: its agreement with our brute force checks the reference.
    const imRecall = recallAt10(im.results, exact, imQueries, indexOf, memories);
    progress(`exact reference done in ${duration((performance.now() - exactStart) / 1000)}`);

    const hnswPuts = args.n / writes.wall;
    const imPuts = args.n / inMemoryWrites.wall;
    const hnswP50 = percentile(hnsw.latencies, 50);
    const hnswP99 = percentile(hnsw.latencies, 99);
    const imP50 = percentile(im.latencies, 50);
    const imP99 = percentile(im.latencies, 99);
    const ratio = imP50 / hnswP50;
    const totalSeconds = (performance.now() - runStart) / 1000;
    const h = args.hnsw;
    const settings = `threshold=${h.threshold ?? "default"} m=${h.m ?? "default"} efConstruction=${h.efConstruction ?? "default"} efSearch=${h.efSearch ?? "default"}`;

    const out = [
      "",
      `machine: ${os.availableParallelism()} cores, load average ${loadBefore.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at end (1-minute; above ~0.5 means other work competed)`,
      `data: ${fmt(args.n)} memories (${fmt(zh)} zh, ${fmt(args.n - zh)} en) in ${JSON.stringify(big)}; fields ${JSON.stringify(RECORD_INDEX_FIELDS)}; HashEmbeddings dims=${DIMS}`,
      `hnsw options: ${settings}`,
      `HNSWStore: ${fmt(args.n)} puts in ${writes.wall.toFixed(1)} s (${writes.cpu.toFixed(1)} s CPU), then flush() ${flushSeconds.toFixed(2)} s; ${args.queries} queries (+5 warm-up)`,
      `InMemoryStore: ${fmt(args.n)} puts in ${inMemoryWrites.wall.toFixed(1)} s (${inMemoryWrites.cpu.toFixed(1)} s CPU); ${imQueries.length} queries (+2 warm-up)${imQueries.length < args.queries ? ` (a sample: each one scans all ${fmt(args.n)} vectors)` : ""}`,
      `InMemoryStore agreement with the brute-force reference: ${imRecall.tieAware.toFixed(3)} (strict ${imRecall.strict.toFixed(3)})`,
      `HNSWStore p50 on InMemoryStore's ${imQueries.length} queries: ${ms(percentile(hnsw.latencies.slice(0, imQueries.length), 50))} ms before its block, ${ms(percentile(hnswAgain.latencies, 50))} ms after (far apart = the machine load changed)`,
      `recall@10 strict key overlap: ${recall.strict.toFixed(3)}; tie-aware: ${recall.tieAware.toFixed(3)}`,
      "",
      `store bench (N=${fmt(args.n)}, dims=${DIMS}, ${os.availableParallelism()} cores)${marked ? "" : `   (${args.quick ? "quick: " : ""}targets apply at 100k)`}`,
      `puts/s (HNSWStore, batches of ${BATCH_SIZE}): ${fmt(hnswPuts)}   ${marked ? `target >= ${fmt(TARGET_PUTS_PER_SECOND)}   ${verdict(hnswPuts >= TARGET_PUTS_PER_SECOND, true)}` : ""}`.trimEnd(),
      `puts/s (InMemoryStore, batches of ${BATCH_SIZE}): ${fmt(imPuts)}`,
      `search p50/p99 HNSWStore: ${ms(hnswP50)} / ${ms(hnswP99)} ms   InMemoryStore: ${ms(imP50)} / ${ms(imP99)} ms   ratio p50: ${fmt(ratio)}x   ${marked ? `target >= ${TARGET_SPEEDUP}x   ${verdict(ratio >= TARGET_SPEEDUP, true)}` : ""}`.trimEnd(),
      `recall@10 vs exact: ${recall.tieAware.toFixed(3)}   ${marked ? `target >= ${TARGET_RECALL}   ${verdict(recall.tieAware >= TARGET_RECALL, true)}` : ""}`.trimEnd(),
      `HashEmbeddings.embed: ${embedMicros.toFixed(1)} µs/text; wordTokens alone: ${tokenizeMicros.toFixed(1)} µs/text (baseline, same texts); embed/tokenize: ${(embedMicros / tokenizeMicros).toFixed(2)}x`,
      `small-namespace search p50: ${ms(percentile(smallAlone.latencies, 50))} ms alone, ${ms(percentile(smallBeside.latencies, 50))} ms beside ${fmt(args.n)}   (p99 ${ms(percentile(smallAlone.latencies, 99))} / ${ms(percentile(smallBeside.latencies, 99))} ms)`,
      `total run time: ${duration(totalSeconds)}`,
    ];
    process.stdout.write(`${out.join("\n")}\n`);
  } finally {
    cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench:store] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
