/**
 * `npm test` runs the vitest projects "fast" and "fast-isolated", `npm run test:all` every project
 * (vitest.config.ts). Every test file belongs to exactly one of "fast", "fast-isolated" and
 * "slow", as vitest itself globs them, and every entry of SLOW_SUITES and ISOLATED_SUITES still
 * names a file: moving a suite out of the gate never drops it. The files of "fast" share one
 * module registry per worker, so none of them may replace modules or process-wide state.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { createVitest } from "vitest/node";
import { ISOLATED_SUITES, SLOW_SUITES } from "../vitest.config.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function testFiles(): string[] {
  return (fs.readdirSync(path.join(root, "test"), { recursive: true }) as string[])
    .map((f) => path.posix.join("test", f.split(path.sep).join("/")))
    .filter((f) => f.endsWith(".test.ts"))
    .sort();
}

const PROJECTS = ["fast", "fast-isolated", "slow"];

// What a file of a shared registry must not do: it would outlive the file, into the next ones.
const SHARED_STATE_CALLS = /\bvi\.(?:mock|doMock|resetModules|stubGlobal|stubEnv|useFakeTimers)\(/;

/** The projects each test file belongs to, as vitest itself globs them. */
async function filesByProject(): Promise<Map<string, string[]>> {
  const vitest = await createVitest("test", { root, config: path.join(root, "vitest.config.ts"), watch: false });
  let specs: Awaited<ReturnType<typeof vitest.globTestSpecifications>>;
  try {
    specs = await vitest.globTestSpecifications();
  } finally {
    await vitest.close();
  }
  const projects = new Map<string, string[]>();
  for (const spec of specs) {
    const file = path.relative(root, spec.moduleId).split(path.sep).join("/");
    const name = spec.project.name;
    if (!PROJECTS.includes(name)) continue;
    projects.set(file, [...(projects.get(file) ?? []), name]);
  }
  return projects;
}

describe("the fast / fast-isolated / slow split", () => {
  let projects = new Map<string, string[]>();
  beforeAll(async () => {
    projects = await filesByProject();
  }, 60_000);

  it("puts every test file in exactly one of the projects fast, fast-isolated and slow", () => {
    const misplaced = testFiles()
      .map((file) => [file, projects.get(file) ?? []] as const)
      .filter(([, names]) => names.length !== 1);
    expect(misplaced).toEqual([]);
    expect([...projects.keys()].sort()).toEqual(testFiles());
  });

  it("has no entry in SLOW_SUITES or ISOLATED_SUITES that names no file", () => {
    const files = testFiles();
    const stale = [...SLOW_SUITES, ...ISOLATED_SUITES].filter((entry) =>
      entry.includes("*") ? !files.some((f) => globToRegExp(entry).test(f)) : !files.includes(entry),
    );
    expect(stale).toEqual([]);
  });

  it("leaves the files that replace modules or process-wide state out of the shared registry of fast", () => {
    const shared = [...projects].filter(([, names]) => names.includes("fast")).map(([file]) => file);
    const replacing = shared.filter((file) => SHARED_STATE_CALLS.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(replacing).toEqual([]);
    // The control: the isolated files are caught by the same pattern.
    const isolated = ISOLATED_SUITES.filter((file) =>
      SHARED_STATE_CALLS.test(fs.readFileSync(path.join(root, file), "utf8")),
    );
    expect(isolated).toEqual(ISOLATED_SUITES);
  });
});

/** The globs SLOW_SUITES and ISOLATED_SUITES use: `**` (any folders) and `*` (within a name). */
function globToRegExp(glob: string): RegExp {
  const source = glob
    .split("**/")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
    .join("(?:.*/)?");
  return new RegExp(`^${source}$`);
}
