/**
 * `npm test` and `npm run test:all`: the lint (`npm run lint`), the typecheck (`npm run typecheck`)
 * and `vitest run` with this script's arguments, all three at once. Vitest's output streams as it
 * runs; each check's output is printed whole once vitest is done, so no two outputs interleave;
 * then one line per part with its verdict and wall time. Exits with 1 when any part fails.
 * On 2 cores the checks run beside vitest's single worker instead of before it.
 */
import { type ChildProcess, spawn } from "node:child_process";

interface Part {
  name: string;
  command: string;
  args: string[];
}

interface Outcome {
  part: Part;
  ok: boolean;
  seconds: number;
  output: string;
}

const CHECKS: Part[] = [
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
];
const VITEST: Part = { name: "vitest", command: "vitest", args: ["run", ...process.argv.slice(2)] };

const running = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}

/** Run `part`; its output is kept for later unless `streamed`, then it goes straight to this process's. */
function run(part: Part, streamed: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(part.command, part.args, { stdio: streamed ? "inherit" : ["ignore", "pipe", "pipe"] });
    running.add(child);
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    const finish = (ok: boolean, extra = "") => {
      running.delete(child);
      const seconds = (performance.now() - started) / 1000;
      resolve({ part, ok, seconds, output: Buffer.concat(chunks).toString("utf8") + extra });
    };
    child.on("error", (error) => finish(false, `${error.message}\n`));
    child.on("close", (code) => finish(code === 0));
  });
}

const verdict = (outcome: Outcome) =>
  `${outcome.part.name} (${[outcome.part.command, ...outcome.part.args].join(" ")}): ${outcome.ok ? "passed" : "FAILED"} in ${outcome.seconds.toFixed(1)} s`;

const checks = CHECKS.map((part) => run(part, false));
const vitest = await run(VITEST, true);
const checked = await Promise.all(checks);
for (const outcome of checked) {
  process.stdout.write(`\n== ${verdict(outcome)}\n${outcome.output.trimEnd()}\n`);
}
process.stdout.write("\n");
for (const outcome of [...checked, vitest]) process.stdout.write(`${verdict(outcome)}\n`);
process.exitCode = [...checked, vitest].every((outcome) => outcome.ok) ? 0 : 1;
