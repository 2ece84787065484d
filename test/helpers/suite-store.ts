/**
 * The store the graph suites (test/write, test/read, test/maintain, test/sync) run on: by
 * default LangGraph's InMemoryStore, or a directory's HNSWStore where a suite wants the
 * embedded store. With `LGM_TEST_STORE=postgres` it is a PostgresStore on a fresh schema of
 * `LGM_TEST_POSTGRES_URL`, configured as `createMemory({ postgres })` configures it: the vitest
 * project "graphs-on-postgres" (vitest.config.ts) runs those directories a second time so
 * whenever a server is given, and CI always gives one (.ci/run).
 */
import { InMemoryStore } from "@langchain/langgraph";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { recordStructure } from "../../src/facts/structure.js";
import { type CreateMemoryOptions, createMemory, type Memory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS, RECORD_KEYWORD_ONLY_FIELDS } from "../../src/namespaces.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { freshSchema, openPostgresStore, POSTGRES_URL, registerSchema, sharedPool } from "./postgres.js";
import { tempDir } from "./store.js";

export const ON_POSTGRES = process.env.LGM_TEST_STORE === "postgres";

if (ON_POSTGRES && !POSTGRES_URL)
  throw new Error("LGM_TEST_STORE=postgres needs LGM_TEST_POSTGRES_URL: the server the graph suites run on.");

/** An empty store indexed as the facade indexes records (HashEmbeddings of `dims`). */
export function suiteStore(dims = 256): BaseStore {
  const embeddings = new HashEmbeddings({ dims });
  if (!ON_POSTGRES) return new InMemoryStore({ index: { dims, embeddings, fields: RECORD_INDEX_FIELDS } });
  return openPostgresStore({
    pool: sharedPool(),
    index: { dims, embeddings, fields: RECORD_INDEX_FIELDS, keywordOnly: RECORD_KEYWORD_ONLY_FIELDS },
    structure: recordStructure,
  });
}

/**
 * Where a facade the suite makes keeps its memory: a fresh directory (HNSWStore and SQLite
 * savers), or on PostgreSQL a fresh schema (PostgresStore and PostgresSaver schemas beside it).
 */
export function suiteMemoryLocation(prefix = "lgm-test-"): Pick<CreateMemoryOptions, "dir" | "postgres"> {
  if (!ON_POSTGRES) return { dir: tempDir(prefix) };
  const schema = freshSchema();
  registerSchema(`${schema}_sessions`);
  registerSchema(`${schema}_tasks`);
  return { postgres: { connectionString: POSTGRES_URL!, schema, poolMax: 4 } };
}

/**
 * Facades on the suite's store that share one clock starting at `start`: `tick()` moves it a
 * minute and returns the new time, for a message's `at`, so each message is newer than the last.
 * @example
 * const { open, tick } = steppedSuite("lgm-naming-", "2026-07-01T09:00:00Z");
 */
export function steppedSuite(
  prefix: string,
  start: string,
): { open: () => Promise<Memory>; now: () => Date; tick: () => string } {
  let clock = Date.parse(start);
  const now = () => new Date(clock);
  return {
    open: () => createMemory({ ...suiteMemoryLocation(prefix), env: {}, now }),
    now,
    tick: () => {
      clock += 60_000;
      return new Date(clock).toISOString();
    },
  };
}
