import { defineConfig } from "vitest/config";

// The graph suites run a second time on PostgreSQL whenever a server is given (CI always gives
// one, .ci/run): their stores come from test/helpers/suite-store.ts, which LGM_TEST_STORE
// switches from InMemoryStore and a temp directory to PostgresStore on fresh schemas.
const GRAPH_SUITES = ["test/write", "test/read", "test/maintain", "test/sync"].map((dir) => `${dir}/**/*.test.ts`);
const onPostgres = Boolean(process.env.LGM_TEST_POSTGRES_URL);

export default defineConfig({
  test: {
    // Native addons (hnswlib-node, better-sqlite3) and child processes: forks, not threads.
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // .ci/run asks for a JSON report too, to print a plain "N passed, N failed" line.
    reporters: process.env.VITEST_JSON ? ["default", "json"] : ["default"],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
    projects: [
      { extends: true, test: { name: "default", include: ["test/**/*.test.ts"] } },
      ...(onPostgres
        ? [
            {
              extends: true,
              test: { name: "graphs-on-postgres", include: GRAPH_SUITES, env: { LGM_TEST_STORE: "postgres" } },
            },
          ]
        : []),
    ],
  },
});
