/**
 * `npm run eval [-- --quick] [-- --verbose] [-- --no-mem0]`: every data set through every
 * system by one protocol (test/eval/protocol.ts), then one table on stdout, a JSON report
 * (eval/report/latest.json, the run before kept as previous.json), a Markdown table
 * (latest.md) and one SVG chart per metric (eval/report/<metric>.svg). Progress goes to stderr.
 *
 * --quick: a slice (two dialogs of each half and two MemoryBank users per language, the fixtures whole),
 *   reported under eval/report/quick/ so that it never replaces the full report.
 * --verbose: also every question langgraph-memory missed, with what it recalled instead.
 * --no-mem0: leave the mem0 column out (otherwise installed on demand into eval/peers).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { dialogSet } from "./dialogs.js";
import { byFamily, type FamilyFigures, renderFamilies } from "./family-report.js";
import { conversationSet, scenarioSet } from "./fixtures.js";
import { type EvalOptions, evaluateConversations, evaluateScenarios, type HarnessStyle } from "./harness.js";
import { installMem0, mem0System } from "./mem0.js";
import { memoryBankSet } from "./memorybank.js";
import { measure } from "./metrics.js";
import { clockFn, type EvalClock, runSet } from "./protocol.js";
import {
  type EvalReport,
  METRICS,
  renderChart,
  renderMarkdown,
  renderTable,
  type SetReport,
  SYSTEMS,
  type SystemName,
} from "./report.js";
import { type EvalSet, sliceUsers } from "./sets.js";
import { PER_FAMILY, statementSet } from "./statements.js";
import { structuredSet } from "./structured.js";
import { bm25System, type EvalSystem, ourSystem } from "./systems.js";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const verbose = args.has("--verbose");
const log = (line: string) => process.stderr.write(`[eval] ${line}\n`);
const started = performance.now();

const reportDir = fileURLToPath(new URL(quick ? "../../eval/report/quick/" : "../../eval/report/", import.meta.url));

function commit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim();
    return dirty ? `${head}+uncommitted` : head;
  } catch {
    return "unknown";
  }
}

const sets: Array<{ set: EvalSet; short: string }> = [
  { set: quick ? sliceUsers(dialogSet("tuning"), 2) : dialogSet("tuning"), short: "own dialogs, tuning half" },
  { set: quick ? sliceUsers(dialogSet("held-out"), 2) : dialogSet("held-out"), short: "own dialogs, held-out half" },
  { set: quick ? sliceUsers(memoryBankSet(), 2) : memoryBankSet(), short: "MemoryBank dev" },
  { set: conversationSet("named"), short: "own conversations" },
  { set: scenarioSet(), short: "own scenarios" },
  { set: structuredSet(), short: "own structured questions" },
  { set: statementSet("dev", quick ? 6 : PER_FAMILY), short: "generated statements, dev" },
  { set: statementSet("held-out", quick ? 6 : PER_FAMILY), short: "generated statements, held out" },
];
// Sets whose questions carry conditions and relations: the structured path is also measured off.
const STRUCTURED_SETS = new Set(["memorybank", "structured"]);

const skipped: EvalReport["skipped"] = {};
if (args.has("--no-mem0")) skipped["mem0 OSS"] = "left out (--no-mem0)";
else {
  const why = installMem0(log);
  if (why) skipped["mem0 OSS"] = why;
}

async function makeSystem(name: SystemName, clock: EvalClock, set: EvalSet): Promise<EvalSystem | undefined> {
  if (name === "langgraph-memory") return ourSystem(set.clock === "session" ? clockFn(clock) : undefined);
  if (name === "similarity only")
    return STRUCTURED_SETS.has(set.id)
      ? ourSystem(set.clock === "session" ? clockFn(clock) : undefined, { structured: false }, "similarity only")
      : undefined;
  if (name === "store-everything BM25") return bm25System();
  if (skipped["mem0 OSS"]) return undefined;
  const system = await mem0System();
  if (typeof system === "string") {
    skipped["mem0 OSS"] = system;
    return undefined;
  }
  return system;
}

const setReports: SetReport[] = [];
const families: FamilyFigures[] = [];
for (const { set, short } of sets) {
  const setReport: SetReport = {
    id: set.id,
    label: set.label,
    short,
    users: set.users.length,
    questions: set.users.reduce((n, u) => n + u.probes.length, 0),
    metrics: {},
  };
  for (const name of SYSTEMS) {
    const clock: EvalClock = {};
    const system = await makeSystem(name, clock, set);
    if (!system) continue;
    try {
      const run = await runSet(system, set, { clock, progress: log });
      setReport.metrics[name] = measure(run);
      if (name === "langgraph-memory" && set.id.startsWith("statements-")) families.push(...byFamily(set, run));
      if (verbose && name === "langgraph-memory")
        for (const { user, probe, recalled } of run.probes)
          if (!recalled.some((r) => r.messageIds.some((id) => probe.evidence.includes(id))))
            console.log(
              `  miss [${user.id}] ${probe.query}  evidence ${probe.evidence.join(",")}  recalled ${recalled.map((r) => r.messageIds.join("+")).join(" ") || "(none)"}`,
            );
    } finally {
      await system.close();
    }
  }
  setReports.push(setReport);
}

// The fixtures' other figures: each way of sending a conversation, recall-side variants, the wall clock.
const fixtures: EvalReport["fixtures"] = [];
if (!quick) {
  // "named" is the table's own row.
  const styles: HarnessStyle[] = ["named-turn", "mem0", "mem0-turn", "prefixed"];
  const rate = (n: number, d: number) => (d === 0 ? null : n / d);
  for (const style of styles) {
    log(`fixtures: conversations as "${style}"`);
    const r = await evaluateConversations(style);
    fixtures.push({
      label: `own conversations, sent "${style}"`,
      hit10: rate(r.total.hits, r.total.questions),
      hit5: rate(r.total.hits5, r.total.questions),
    });
  }
  const variants: Array<[string, EvalOptions]> = [
    ["usage weight 0", { weights: { usage: 0 } }],
    ["a keyword floor (5% of the best)", { keywordFloor: 0.05 }],
  ];
  for (const [label, options] of variants) {
    log(`fixtures: conversations, recall with ${label}`);
    const r = await evaluateConversations("named", undefined, options);
    fixtures.push({
      label: `own conversations, recall with ${label}`,
      hit10: rate(r.total.hits, r.total.questions),
      hit5: rate(r.total.hits5, r.total.questions),
    });
  }
  log("fixtures: scenarios at the real time");
  const wall = await evaluateScenarios(undefined, "wall");
  fixtures.push({
    label: "own scenarios, recalled at the real time",
    hit10: rate(wall.total.hits, wall.total.questions),
    hit5: rate(wall.total.hits5, wall.total.questions),
    note: "dated todos have expired",
  });
}

const report: EvalReport = {
  date: new Date().toISOString(),
  commit: commit(),
  mode: quick ? "quick" : "full",
  command: quick ? "npm run eval -- --quick" : "npm run eval",
  skipped,
  sets: setReports,
  fixtures,
  families,
  seconds: Math.round((performance.now() - started) / 100) / 10,
};

// The run before becomes previous.json; its figures are drawn beside this run's.
fs.mkdirSync(reportDir, { recursive: true });
const latestPath = `${reportDir}latest.json`;
let previous: EvalReport | undefined;
if (fs.existsSync(latestPath)) {
  fs.renameSync(latestPath, `${reportDir}previous.json`);
  previous = JSON.parse(fs.readFileSync(`${reportDir}previous.json`, "utf8")) as EvalReport;
}
fs.writeFileSync(latestPath, `${JSON.stringify(report, null, 1)}\n`);
fs.writeFileSync(`${reportDir}latest.md`, `${renderMarkdown(report)}\n`);
for (const row of METRICS) {
  if (!row.chart) continue;
  const svg = renderChart(row, report, previous);
  if (svg) fs.writeFileSync(`${reportDir}${row.id}.svg`, svg);
}

console.log(`${report.command} · ${report.date.slice(0, 10)} · ${report.commit} · ${report.seconds} s`);
console.log(renderTable(report, previous));
if (fixtures.length > 0) {
  console.log("Fixtures, langgraph-memory only (hit@10 / hit@5):");
  for (const f of fixtures)
    console.log(
      `  ${f.label.padEnd(66)}${f.hit10?.toFixed(3) ?? "–"} / ${f.hit5?.toFixed(3) ?? "–"}${f.note ? `  (${f.note})` : ""}`,
    );
}
if (families.length > 0) {
  const { table, svg } = renderFamilies(families);
  console.log(
    "Generated statement families, langgraph-memory (kept · lost to another statement · hit@10 · current first):",
  );
  console.log(table);
  fs.writeFileSync(`${reportDir}families.svg`, svg);
  fs.appendFileSync(`${reportDir}latest.md`, `\n${table}\n`);
}
console.log(`Report: ${latestPath}, charts: ${reportDir}*.svg`);
