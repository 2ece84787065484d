/**
 * `npm test` runs the vitest project "fast", `npm run test:all` every project (vitest.config.ts).
 * Every test file belongs to exactly one of "fast" and "slow", as vitest itself globs them, and
 * every entry of SLOW_SUITES still names a file: moving a suite out of the gate never drops it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createVitest } from "vitest/node";
import { SLOW_SUITES } from "../vitest.config.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function testFiles(): string[] {
  return (fs.readdirSync(path.join(root, "test"), { recursive: true }) as string[])
    .map((f) => path.posix.join("test", f.split(path.sep).join("/")))
    .filter((f) => f.endsWith(".test.ts"))
    .sort();
}

describe("the fast / slow split", () => {
  it("puts every test file in exactly one of the projects fast and slow", async () => {
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
      if (name !== "fast" && name !== "slow") continue;
      projects.set(file, [...(projects.get(file) ?? []), name]);
    }
    const misplaced = testFiles()
      .map((file) => [file, projects.get(file) ?? []] as const)
      .filter(([, names]) => names.length !== 1);
    expect(misplaced).toEqual([]);
    expect([...projects.keys()].sort()).toEqual(testFiles());
  }, 60_000);

  it("has no entry in SLOW_SUITES that names no file", () => {
    const files = testFiles();
    const stale = SLOW_SUITES.filter((entry) =>
      entry.includes("*") ? !files.some((f) => globToRegExp(entry).test(f)) : !files.includes(entry),
    );
    expect(stale).toEqual([]);
  });
});

/** The globs SLOW_SUITES uses: `**` (any folders) and `*` (within a name). */
function globToRegExp(glob: string): RegExp {
  const source = glob
    .split("**/")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
    .join("(?:.*/)?");
  return new RegExp(`^${source}$`);
}
