import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Native addons (hnswlib-node, better-sqlite3) and child processes: forks, not threads.
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // .ci/run asks for a JSON report too, to print a plain "N passed, N failed" line.
    reporters: process.env.VITEST_JSON ? ["default", "json"] : ["default"],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
  },
});
