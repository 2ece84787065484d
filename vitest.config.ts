import { configDefaults, defineConfig } from "vitest/config";

/**
 * The test files `npm test` leaves to `npm run test:all`: the vitest project "slow"; every other
 * file under test/ is in "fast" or "fast-isolated", the gate `npm test` runs. Split by what a
 * suite needs: processes, a package install, PostgreSQL, whole eval sets; then the heaviest seeded
 * suites, by the seconds their tests took in a full run (2026-12-04, 2 cores, 2 workers). The
 * properties over generated statements (identity, whose subject, the families) stay in the gate.
 * test/split.test.ts checks that every test file is in exactly one of the three projects and that
 * no entry is stale.
 */
export const SLOW_SUITES = [
  "test/**/*.int.test.ts", // start processes: the CLI, the dev server (e2e), npm pack + install, crashes, locks
  "test/browser/**/*.test.ts", // the inspector driven in headless Chromium (scripts/chromium.sh installs it)
  "test/docs.test.ts", // runs every example of the READMEs and docs/ in a tsx process (29 of them): 247 s at load 4–5
  "test/eval/quality.test.ts", // the eval floors over every eval set: 27 s
  "test/checkpoints/validation.test.ts", // LangGraph's checkpoint-validation suites, 2,872 tests
  "test/store/postgres.test.ts", // PostgreSQL only (skipped without LGM_TEST_POSTGRES_URL)
  "test/store/postgres-memory.test.ts", // PostgreSQL only (skipped without LGM_TEST_POSTGRES_URL)
  "test/inspect/postgres.test.ts", // PostgreSQL only (skipped without LGM_TEST_POSTGRES_URL)
  "test/store/postgres-recall-plan.test.ts", // recall plans on both stores, seeded; PostgreSQL's half skipped without a server
  "test/write/concurrency.test.ts", // concurrent writers through every path: 17.1 s
  "test/privacy/linear.test.ts", // redaction timed at 8 and 64 KiB, best of 3: 7.2 s
  "test/store/sliced-commit.test.ts", // a large batch committed in slices: 6.9 s
  "test/forget/bytes.test.ts", // ≥ 2,000 vectors, deletion proven on the bytes: 5.2 s
  "test/read/paraphrase.test.ts", // seeded: 4.6 s
  "test/read/structured.test.ts", // seeded: 4.3 s
  "test/read/value-class.test.ts", // seeded: 4.3 s
  "test/write/predicates.test.ts", // seeded: 4.2 s
  "test/agent/agent.test.ts", // the example agent end to end: 4.1 s
  "test/write/plain-statement.test.ts", // seeded: 4.0 s
  "test/short-term/node.test.ts", // 3.7 s
  "test/store/write-conformance.test.ts", // every store, three processes on PostgreSQL: 3.6 s
  "test/text/regex-safety.test.ts", // every pattern against its recorded verdict: 3.5 s
  "test/read/injection-phrasing.test.ts", // 164 phrasings: 3.5 s
  "test/read/current-first.test.ts", // seeded: 3.4 s
  "test/read/crowded-current.test.ts", // seeded, 2 × 72 messages in one scope: 4.7 s at load 5
  "test/write/nominal-age.test.ts", // seeded, remembers 24 statements: 2.0 s at load 5
  "test/maintain/flow.test.ts", // the maintenance graph end to end: 3.3 s
  "test/write/known-names.test.ts", // seeded: 3.1 s
  "test/write/naming.test.ts", // seeded: 2.6 s
  "test/forget/delete.test.ts", // 2.6 s
  "test/read/injection-rates.test.ts", // 2.5 s
  "test/write/distinct-particulars.test.ts", // seeded: 2.5 s
  "test/write/facade.test.ts", // 2.3 s
  "test/forget/forget.test.ts", // 2.2 s
  "test/export/export.test.ts", // 2.2 s
  "test/write/extract.test.ts", // 2.1 s
  "test/write/values.test.ts", // 2.1 s
  "test/short-term/window.test.ts", // 2.1 s
  "test/write/episodes.test.ts", // 2.1 s
  "test/write/reported-clause.test.ts", // 1.9 s
  "test/tools/tools.test.ts", // the memory tools over a facade: 1.9 s
  "test/read/history.test.ts", // 1.9 s
  "test/write/pipeline.test.ts", // the write graph end to end: 1.9 s
  "test/forget/wildcard.test.ts", // 1.9 s
  "test/write/transient.test.ts", // 1.9 s
  "test/read/isolation.test.ts", // 1.8 s
  "test/sync/chat.test.ts", // 1.8 s
  "test/sync/export-forget.test.ts", // 1.8 s
  "test/maintain/dedupe-compress.test.ts", // 1.8 s
  "test/maintain/incremental.test.ts", // seeded, two stores maintained six times each, full against incremental: 4.4 s
  "test/write/entity-keys.test.ts", // 1.8 s
  "test/write/replay.test.ts", // 1.8 s
  "test/short-term/summary.test.ts", // 1.8 s
  "test/forget/queue.test.ts", // 1.7 s
  "test/maintain/cold-tier.test.ts", // 1.7 s
  "test/write/noise.test.ts", // 1.7 s
  "test/read/policies.test.ts", // 1.7 s
  "test/read/graph.test.ts", // 1.7 s
  "test/write/change-variants.test.ts", // 1.7 s
  "test/write/conversation.test.ts", // 1.7 s
];

/**
 * The gate's files that replace modules or process-wide state (`vi.mock`, `vi.doMock`,
 * `vi.resetModules`, `vi.stubGlobal`, `vi.stubEnv`, fake timers): the project "fast-isolated",
 * each file in a fresh module registry. The rest of the gate, the project "fast", shares one
 * registry per worker (`isolate: false`), so the library and its taggers load once per worker
 * instead of once per file; test/split.test.ts checks that no "fast" file uses those calls.
 */
export const ISOLATED_SUITES = [
  "test/text/providers.test.ts", // stands in for provider modules after vi.resetModules; stubs fetch and env
];

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
      {
        extends: true,
        test: {
          name: "fast",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...SLOW_SUITES, ...ISOLATED_SUITES],
          isolate: false,
        },
      },
      { extends: true, test: { name: "fast-isolated", include: ISOLATED_SUITES } },
      { extends: true, test: { name: "slow", include: SLOW_SUITES } },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: { name: "graphs-on-postgres", include: GRAPH_SUITES, env: { LGM_TEST_STORE: "postgres" } },
            },
          ]
        : []),
    ],
  },
});
