/**
 * Event-loop benchmark: `npm run bench:stall [-- --writes=<n>]`. One process, one store: scope A
 * writes maximal messages (just under the 64 KiB limit, ordinary bilingual text, one message per
 * remember() call) while scope B recalls every 20 ms. Printed: the worst and p99 event-loop delay
 * (perf_hooks.monitorEventLoopDelay) and B's recall latency, beside the same recalls with no
 * writes running (the baseline, measured in the same run). Target: worst delay and slowest
 * recall ≤ 50 ms. Each
 * phase first makes one maximal write and one recall, not measured (code paths compile once).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createMemory } from "../../src/memory.js";
import { DEFAULT_MAX_MESSAGE_BYTES } from "../../src/messages.js";

const TARGET_MS = 50;
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key!, value ?? "true"];
  }),
);
const WRITES = Number(args.get("writes") ?? 8);

const SENTENCES = [
  "I live in Boston and I work at a small robotics company.",
  "My sister moved to Denver last spring.",
  "We agreed that every migration must run make gen first.",
  "我不吃香菜，点外卖记得备注。",
  "上周排查过一个 502，是网关超时导致的。",
  "I prefer short replies in bullet points.",
  "我们团队有 8 个人，项目代号是 Phoenix。",
  "Remind me to renew my passport before June.",
];

/** Ordinary text of just under `bytes` UTF-8 bytes, different each call. */
function maximalMessage(seed: number, bytes = DEFAULT_MAX_MESSAGE_BYTES - 64): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i += 1) {
    const sentence = `${SENTENCES[(i + seed) % SENTENCES.length]} (${seed}-${i})`;
    const length = Buffer.byteLength(sentence, "utf8") + 1;
    if (size + length > bytes) break;
    parts.push(sentence);
    size += length;
  }
  return parts.join(" ");
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function phase(label: string, writing: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-stall-"));
  const memory = await createMemory({ dir, env: {} });
  const reader = { userId: "reader" };
  await memory.remember({ scope: reader, messages: [{ role: "user", content: "我喜欢喝绿茶。I prefer email." }] });
  // Warm-up (not measured): the first maximal write of a process also compiles its code paths.
  await memory.remember({ scope: { userId: "warm-up" }, messages: [{ role: "user", content: maximalMessage(99) }] });
  await memory.recall({ scope: reader, query: "绿茶 email" });
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const recalls: number[] = [];
  let done = false;
  const writer = (async () => {
    if (!writing) {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      return;
    }
    for (let i = 0; i < WRITES; i += 1) {
      const started = performance.now();
      await memory.remember({ scope: { userId: "writer" }, messages: [{ role: "user", content: maximalMessage(i) }] });
      process.stderr.write(`  write ${i + 1}/${WRITES}: ${(performance.now() - started).toFixed(0)} ms\n`);
    }
  })().finally(() => {
    done = true;
  });
  histogram.enable();
  while (!done) {
    const started = performance.now();
    await memory.recall({ scope: reader, query: "绿茶 email" });
    recalls.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  histogram.disable();
  await writer;
  await memory.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    label,
    worstDelay: histogram.max / 1e6,
    p99Delay: histogram.percentile(99) / 1e6,
    recalls: recalls.length,
    recallP50: percentile(recalls, 50),
    recallMax: Math.max(...recalls),
  };
}

const baseline = await phase("no writes (baseline)", false);
const loaded = await phase(`${WRITES} writes of ${DEFAULT_MAX_MESSAGE_BYTES - 64} bytes`, true);
console.log(`bench:stall — event loop and another scope's recall while one scope writes maximal messages`);
console.log("case                                   worst delay   p99 delay   recalls   recall p50   recall max");
for (const r of [baseline, loaded]) {
  console.log(
    `${r.label.padEnd(38)} ${`${r.worstDelay.toFixed(1)} ms`.padStart(11)} ${`${r.p99Delay.toFixed(1)} ms`.padStart(11)} ${String(r.recalls).padStart(9)} ${`${r.recallP50.toFixed(1)} ms`.padStart(12)} ${`${r.recallMax.toFixed(1)} ms`.padStart(12)}`,
  );
}
// A loop blocked for seconds may leave the delay histogram with few samples; the slowest recall
// waited through the block either way, so the stall is the larger of the two.
const stall = Math.max(loaded.worstDelay, loaded.recallMax);
const ok = stall <= TARGET_MS;
console.log(
  `stall while writing (worst event-loop delay or slowest recall) ≤ ${TARGET_MS} ms: ${stall.toFixed(1)} ms ${ok ? "OK" : "MISS"}`,
);
