/**
 * Distinct statements in one scope: `npm run bench:statements [-- --n=20000 --split=held-out
 * --batch=100 --queries=1000 --seed=31]`.
 *
 * Statements drawn from the generated families (test/eval/families; held out by default, so no
 * rule was tuned on them), both languages interleaved, every one about a different entity, are
 * remembered into ONE scope of a fresh embedded store (`createMemory({ dir, env: {} })`), in
 * batches. Then: how many left an active memory of their own (each is a distinct fact: all of
 * them should), how many were lost to another statement (superseded, merged away), and
 * exact-target hit@10 of questions naming one entity (a sample of `--queries`). Throughput per
 * tenth of the run shows whether per-message work grows with the scope.
 * Progress goes to stderr, results to stdout.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { createMemory } from "../../src/memory.js";
import { recordsNamespace } from "../../src/namespaces.js";
import { parseMemoryRecord } from "../../src/schema.js";
import { scanNamespace } from "../../src/store/scan.js";
import { generateSet } from "../eval/families/index.js";
import { createRng } from "./fixtures.js";

const Args = z.object({
  n: z.number().int().min(32).max(200_000),
  split: z.enum(["dev", "held-out"]),
  batch: z.number().int().min(1).max(1_000),
  queries: z.number().int().min(1).max(100_000),
  seed: z.number().int(),
});

function parseArgs(argv: readonly string[]) {
  const raw: Record<string, string> = {};
  for (const arg of argv) {
    const match = /^--([a-z]+)=(.+)$/u.exec(arg);
    if (match) raw[match[1]!] = match[2]!;
  }
  return Args.parse({
    n: Number(raw.n ?? 20_000),
    split: raw.split ?? "held-out",
    batch: Number(raw.batch ?? 100),
    queries: Number(raw.queries ?? 1_000),
    seed: Number(raw.seed ?? 31),
  });
}

const args = parseArgs(process.argv.slice(2));
const log = (line: string) => process.stderr.write(`[statements] ${line}\n`);
// 16 families per split (8 per language): an even share each.
const perFamily = Math.ceil(args.n / 16);
const statements = [
  ...generateSet({ seed: args.seed, perFamily, split: args.split, language: "en" }),
  ...generateSet({ seed: args.seed, perFamily, split: args.split, language: "zh" }),
].slice(0, args.n);
// Interleave the languages: one scope mixes them.
statements.sort((a, b) => Number(a.id.split("-").at(-1)) - Number(b.id.split("-").at(-1)));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-bench-statements-"));
let clock = Date.parse("2026-01-05T09:00:00Z");
const memory = await createMemory({ dir, env: {}, now: () => new Date(clock) });
const scope = { userId: "bench-statements" };
const tenths: number[] = [];
const outcomes = new Map<string, string>();
const started = performance.now();
let tenthStart = started;
let tenthDone = 0;
let done = 0;
for (let start = 0; start < statements.length; start += args.batch) {
  const messages = statements.slice(start, start + args.batch).flatMap((s) => {
    clock += 60_000;
    const at = new Date(clock).toISOString();
    return [
      ...(s.prompt ? [{ id: `${s.id}:q`, role: "assistant" as const, content: s.prompt, at }] : []),
      { id: s.id, role: "user" as const, content: s.text, at },
    ];
  });
  const out = await memory.remember({ scope, messages });
  for (const m of out.messages) outcomes.set(m.messageId, m.reason ? `${m.outcome}: ${m.reason}` : m.outcome);
  const before = done;
  done = Math.min(statements.length, start + args.batch);
  const tenth = Math.ceil(statements.length / 10);
  if (Math.floor(done / tenth) > Math.floor(before / tenth) || done === statements.length) {
    const now = performance.now();
    tenths.push((done - tenthDone) / ((now - tenthStart) / 1000));
    tenthStart = now;
    tenthDone = done;
    log(`${done}/${statements.length} statements`);
  }
}
const writeSeconds = (performance.now() - started) / 1000;

const records = (await scanNamespace(memory.store, recordsNamespace(scope))).map((item) =>
  parseMemoryRecord(item.value),
);
const byMessage = new Map<string, typeof records>();
for (const record of records)
  for (const id of record.source.messageIds) byMessage.set(id, [...(byMessage.get(id) ?? []), record]);
let active = 0;
let lost = 0;
// Statements that left no memory at all, by family and by what their remember() said of them.
const unkept = new Map<string, number>();
let pending = 0;
// Statements whose every memory another statement superseded or merged away, by family.
const lostBy = new Map<string, number>();
for (const s of statements) {
  const own = byMessage.get(s.id) ?? [];
  if (own.some((r) => r.status === "active")) active += 1;
  else if (own.some((r) => r.status === "pending")) pending += 1;
  else if (own.length > 0) {
    lost += 1;
    lostBy.set(s.family, (lostBy.get(s.family) ?? 0) + 1);
    if (process.env.LGM_BENCH_SHOW_LOST) log(`lost: ${s.text} → ${own.map((r) => r.key).join(", ")}`);
  } else {
    const why = `${s.family} · ${outcomes.get(s.id) ?? "no outcome"}`;
    unkept.set(why, (unkept.get(why) ?? 0) + 1);
  }
}

const rand = createRng(args.seed + 1);
const sample = Array.from({ length: Math.min(args.queries, statements.length) }, () =>
  Math.floor(rand() * statements.length),
);
let hits = 0;
const recallStarted = performance.now();
for (const i of sample) {
  const s = statements[i]!;
  const { memories } = await memory.recall({ scope, query: s.question, limit: 10, includeKnowledge: false });
  if (memories.some((m) => m.source.messageIds.includes(s.id))) hits += 1;
}
const recallMs = (performance.now() - recallStarted) / sample.length;
await memory.close();
fs.rmSync(dir, { recursive: true, force: true });

const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} %`;
console.log(
  `bench:statements · ${args.split} families · ${statements.length} statements in one scope, batches of ${args.batch}`,
);
console.log(`  active (own memory)        ${active}  ${pct(active, statements.length)}`);
console.log(`  pending (awaiting the user) ${pending}  ${pct(pending, statements.length)}`);
console.log(`  lost to another statement  ${lost}  ${pct(lost, statements.length)}`);
console.log(`  exact-target hit@10        ${hits}/${sample.length}  ${(hits / sample.length).toFixed(3)}`);
console.log(
  `  write                      ${(statements.length / writeSeconds).toFixed(0)} statements/s (${writeSeconds.toFixed(0)} s)`,
);
console.log(`  per tenth (statements/s)   ${tenths.map((t) => t.toFixed(0)).join(" ")}`);
console.log(`  recall                     ${recallMs.toFixed(1)} ms per question (mean over ${sample.length})`);
if (unkept.size > 0) {
  console.log("  left no memory, by family and outcome:");
  for (const [why, n] of [...unkept].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`    ${String(n).padStart(5)}  ${why}`);
}
if (lostBy.size > 0) {
  console.log("  lost to another statement, by family (LGM_BENCH_SHOW_LOST=1 prints each):");
  for (const [family, n] of [...lostBy].sort((a, b) => b[1] - a[1]))
    console.log(`    ${String(n).padStart(5)}  ${family}`);
}
