/**
 * `npm run eval [-- --verbose]`: evidence recall@10 of the write + read path on the LoCoMo-style
 * conversation fixture (both harness styles) and on the bilingual scenario fixture.
 * --verbose also lists every missed question with what was recalled instead.
 */
import { performance } from "node:perf_hooks";
import {
  type EvalOptions,
  evaluateConversations,
  evaluateScenarios,
  type Miss,
  RECALL_LIMIT,
  type Tally,
  type WriteCounts,
} from "./harness.js";

const verbose = process.argv.includes("--verbose");
const pct = (n: number, d: number): string => (d === 0 ? "  –  " : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

function row(label: string, t: Tally): string {
  return `  ${label.padEnd(12)} ${String(t.questions).padStart(3)} q   hit@${RECALL_LIMIT} ${pct(t.hits, t.questions)}   hit@5 ${pct(t.hits5, t.questions)}   evidence@${RECALL_LIMIT} ${pct(t.covered, t.evidence)}   evidence stored ${pct(t.stored, t.evidence)}`;
}

function counts(c: WriteCounts): string {
  const reasons = Object.entries(c.reasons)
    .map(([r, n]) => `${r} ${n}`)
    .join(", ");
  return `  writes: written ${c.written}, reinforced ${c.reinforced}, merged ${c.merged}, superseded ${c.superseded}, pending ${c.pending}, rejected ${c.rejected}${reasons ? ` (${reasons})` : ""}`;
}

function misses(list: Miss[]): void {
  if (!verbose) return;
  for (const m of list)
    console.log(
      `    miss [${m.conversation}] ${m.question}  evidence ${m.evidence.join(",")}  recalled ${m.recalled.join(" ") || "(none)"}`,
    );
}

const started = performance.now();
for (const style of ["named", "named-turn", "mem0", "mem0-turn", "prefixed"] as const) {
  const report = await evaluateConversations(style);
  console.log(`Conversations, harness style "${style}"`);
  console.log(row("all", report.total));
  for (const [category, tally] of Object.entries(report.byCategory)) console.log(row(category, tally));
  console.log(counts(report.counts));
  misses(report.misses);
}
// Recall-side comparison: the usage signal rewards memories injected for earlier questions.
const variants: Array<[string, EvalOptions]> = [
  ["usage weight 0", { weights: { usage: 0 } }],
  ["a keyword floor (hits under 5% of the best BM25 score left out)", { keywordFloor: 0.05 }],
  ["both", { weights: { usage: 0 }, keywordFloor: 0.05 }],
];
for (const [label, options] of variants) {
  const report = await evaluateConversations("named", undefined, options);
  console.log(`Conversations, "named", recall with ${label}`);
  console.log(row("all", report.total));
}
const scenarios = await evaluateScenarios();
console.log("Bilingual scenarios (recalled the day after the last session)");
console.log(row("all", scenarios.total));
console.log(row("zh", scenarios.byLanguage.zh));
console.log(row("en", scenarios.byLanguage.en));
console.log(`  conflicts recalling a stale value: ${scenarios.staleRecalled} of ${scenarios.staleQuestions}`);
console.log(counts(scenarios.counts));
misses(scenarios.misses);
const wall = await evaluateScenarios(undefined, "wall");
console.log("Bilingual scenarios recalled at the real time (dated todos have expired)");
console.log(row("all", wall.total));
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
