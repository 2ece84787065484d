/**
 * LangGraph's own conformance suites (@langchain/langgraph-checkpoint-validation) against both
 * default savers, as opened by the facade: put, putWrites, getTuple, list and deleteThread.
 *
 * The suites are written against vitest globals (the package's CLI runs them with
 * `globals: true`); this file hands them vitest's functions instead of turning globals on for
 * every suite. They are named "@langchain/langgraph-checkpoint-sqlite" because the suites skip
 * the one case upstream SqliteSaver does not support (storing only changed channel values) by
 * that name.
 */
import fs from "node:fs";
import path from "node:path";
import type { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openPostgresCheckpointers } from "../../checkpoints/postgres.js";
import { openCheckpointers } from "../../checkpoints/savers.js";
import { SecureSqliteSaver } from "../../checkpoints/sqlite.js";
import { freshSchema, noteSkip, POSTGRES_SKIP_REASON, POSTGRES_URL, registerSchema } from "../helpers/postgres.js";
import { tempDir } from "../helpers/store.js";

Object.assign(globalThis, { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it });
const { specTest } = await import("@langchain/langgraph-checkpoint-validation");

for (const kind of ["sessions", "tasks"] as const) {
  describe(`the default ${kind} checkpointer`, () => {
    const opened = new Map<SecureSqliteSaver, () => void>();
    specTest({
      checkpointerName: "@langchain/langgraph-checkpoint-sqlite",
      // A fresh directory per saver: the suites need each saver to start empty.
      createCheckpointer() {
        const savers = openCheckpointers({ dir: tempDir("lgm-ckpt-") });
        const saver = savers[kind];
        if (!(saver instanceof SecureSqliteSaver)) throw new Error("expected the default SQLite saver");
        opened.set(saver, savers.close);
        return saver;
      },
      destroyCheckpointer(saver) {
        opened.get(saver)?.();
        opened.delete(saver);
        expect(fs.existsSync(saver.file)).toBe(true);
        expect(path.basename(saver.file)).toBe(`${kind}.sqlite`);
      },
    });
  });
}

// The same suites on PostgreSQL (PostgresSaver in a schema of its own per saver), against the
// server CI starts (test/helpers/postgres.ts).
for (const kind of ["sessions", "tasks"] as const) {
  describe.skipIf(POSTGRES_SKIP_REASON !== undefined)(`the PostgreSQL ${kind} checkpointer`, () => {
    const opened = new Map<unknown, () => Promise<void>>();
    specTest({
      checkpointerName: "@langchain/langgraph-checkpoint-postgres",
      // A fresh schema prefix per saver: the suites need each saver to start empty.
      async createCheckpointer() {
        const prefix = freshSchema();
        const savers = await openPostgresCheckpointers({ connectionString: POSTGRES_URL!, schema: prefix });
        expect(savers.schemas[kind]).toBe(`${prefix}_${kind}`);
        registerSchema(savers.schemas.sessions);
        registerSchema(savers.schemas.tasks);
        const saver = savers[kind];
        opened.set(saver, savers.close);
        return saver as PostgresSaver;
      },
      async destroyCheckpointer(saver) {
        await opened.get(saver)?.();
        opened.delete(saver);
      },
    });
  });
}
noteSkip("PostgreSQL checkpointers");
