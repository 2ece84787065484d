/**
 * `npm run check:regex`: asks recheck (https://makenowjust-labs.github.io/recheck/) about every
 * pattern of the product that repeats without a bound, and records its verdicts in
 * regex-verdicts.json, which the regex-safety test reads. recheck's analysis takes minutes and
 * its fuzzing is bounded by time, so it runs here, by hand, after a pattern changes; the test
 * itself is fast and gives the same answer on any machine.
 *
 *   npm run check:regex          # check the patterns not yet recorded, drop the ones gone
 *   npm run check:regex -- --all # check every pattern again
 */
import fs from "node:fs";
import path from "node:path";
import { check } from "recheck";
import { productPatterns, repetition } from "../helpers/regexes.js";

export const VERDICTS_FILE = path.join(import.meta.dirname, "regex-verdicts.json");

export interface Verdict {
  verdict: "safe" | "polynomial" | "exponential" | "undecided";
  where: string;
  /** The pattern's first 100 characters, to read the file by. */
  pattern: string;
}

const all = process.argv.includes("--all");
const recorded: Record<string, Verdict> = fs.existsSync(VERDICTS_FILE)
  ? JSON.parse(fs.readFileSync(VERDICTS_FILE, "utf8"))
  : {};
const { patterns } = await productPatterns();
const wanted = patterns.filter((p) => repetition(p.source) !== "bounded");
const todo = wanted.filter((p) => all || !recorded[p.id]);
const verdicts: Record<string, Verdict> = {};
for (const p of wanted) if (recorded[p.id] && !all) verdicts[p.id] = { ...recorded[p.id]!, where: p.where };

console.log(`${patterns.length} patterns, ${wanted.length} repeat without a bound; checking ${todo.length}`);
let done = 0;
const queue = [...todo];
// recheck's native backend checks several patterns at once.
const worker = async () => {
  for (let p = queue.pop(); p; p = queue.pop()) {
    const result = await check(p.source, p.flags, { timeout: 30_000 });
    const verdict =
      result.status === "vulnerable" ? result.complexity.type : result.status === "safe" ? "safe" : "undecided";
    verdicts[p.id] = { verdict, where: p.where, pattern: p.source.slice(0, 100) };
    done += 1;
    if (verdict !== "safe" || done % 20 === 0) console.log(`${done}/${todo.length} ${verdict} ${p.where}`);
  }
};
await Promise.all(Array.from({ length: 4 }, worker));

const sorted = Object.fromEntries(Object.entries(verdicts).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(VERDICTS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
const unsafe = Object.values(sorted).filter((v) => v.verdict !== "safe");
console.log(`wrote ${Object.keys(sorted).length} verdicts; not safe: ${unsafe.length}`);
for (const v of unsafe) console.log(`  ${v.verdict} ${v.where} /${v.pattern}/`);
process.exit(0);
