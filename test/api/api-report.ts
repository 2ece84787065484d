/**
 * `npm run api:report`: write api/langgraph-memory.api.md again from src/index.ts, after a
 * deliberate change of the public API (test/api/api-report.test.ts fails until it is done).
 * Prints what changed.
 */
import fs from "node:fs";
import path from "node:path";
import { apiReport, REPORT, ROOT } from "./surface.js";

const before = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, "utf8") : "";
const after = apiReport();
const lines = (text: string) => new Set(text.split("\n").filter((line) => /^(value|type) /.test(line)));
const [old, now] = [lines(before), lines(after)];
const added = [...now].filter((line) => !old.has(line));
const removed = [...old].filter((line) => !now.has(line));
fs.mkdirSync(path.dirname(REPORT), { recursive: true });
fs.writeFileSync(REPORT, after);
const where = path.relative(ROOT, REPORT);
if (added.length + removed.length === 0 && before === after) console.log(`${where}: unchanged.`);
else {
  console.log(`${where}: written.`);
  for (const line of removed) console.log(`- ${line}`);
  for (const line of added) console.log(`+ ${line}`);
}
