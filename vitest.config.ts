import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Native addons (hnswlib-node, better-sqlite3) and child processes: forks, not threads.
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
