#!/usr/bin/env node
/**
 * The `langgraph-memory` command (package.json `bin`; `npm run cli -- …` in this repository).
 *
 *   langgraph-memory demo                      the offline demo (src/demo.ts), in a temporary directory
 *   langgraph-memory stats <store> [--json]    records per tenant/user by status and kind, size on disk
 *   langgraph-memory maintain <store> [--user <id>] [--tenant <id>] [--json]
 *                                              run the maintenance graph (TTL, decay, dedupe, compression, purge)
 *   langgraph-memory export <store> --user <id> [--tenant <id>] [--out <file>]
 *   langgraph-memory forget <store> --user <id> [--tenant <id>] [--source <type>] [--json]
 *   langgraph-memory sync <store> --user <id> [--tenant <id>] --system <name> --file <facts.jsonl> [--snapshot] [--json]
 *   langgraph-memory import <store> --user <id> [--tenant <id>] --file <export.json>
 *   langgraph-memory migrate --postgres <url> [--schema <name>] [--dims <n>]
 *   langgraph-memory --help | --version
 *
 * <store> is `--dir <dir>` (the embedded store) or `--postgres <url> [--schema <name>]` (a
 * schema `migrate` set up; any number of processes may use it at once). `stats` only reads
 * (src/store/stats.ts, postgres-stats.ts): it works while an application has the store open.
 * A directory is otherwise one process at a time: `maintain`, `sync` and `import` open it (the
 * application must have closed it) with the embeddings of the environment, since what they
 * write is indexed; `export` and `forget` open it with the dimensions it was written with and
 * no embedding model: neither ever embeds. `sync` validates the whole file before it opens the
 * store.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseStore } from "@langchain/langgraph";
import Database from "better-sqlite3";
import { InvalidConfigError, isMemoryError } from "./errors.js";
import type { ForgetReport } from "./forget/forgetter.js";
import type { MaintenanceReport } from "./maintain/maintainer.js";
import type { Memory } from "./memory.js";
import { RECORD_INDEX_FIELDS, RECORD_KEYWORD_ONLY_FIELDS } from "./namespaces.js";
import { DEFAULT_TENANT, type MemoryScope, parseScope, SOURCE_TYPES, type SourceType } from "./schema.js";
import type { HNSWStore } from "./store/hnsw-store.js";
import type { PostgresStoreStats } from "./store/postgres-stats.js";
import { readStoreStats, type StoreStats, type UserStats } from "./store/stats.js";
import type { SyncReport } from "./sync/state.js";

/** Exit code for a usage error (unknown command or option, missing argument). */
const USAGE = 2;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

const HELP = `Usage: langgraph-memory <command> [options]

Commands:
  demo                   run the offline demo (a temporary store, removed at the end)
  stats (--dir <dir> | --postgres <url>)
                         memory records per tenant and user, by status and kind, and the
                         store's size on disk; read-only, works while an application has it open
    --json               print the stats as JSON
  maintain (--dir <dir> | --postgres <url>)
                         forget what the rules say to: expire (TTL per kind), archive what
                         decayed, merge near-duplicates, compress over the cap, purge
                         long-retired memories; every scope, or one with --user
    --user <id>          only this user (with --tenant for a tenant's user)
    --tenant <id>        only this tenant's users
    --json               print the report (with ids) as JSON
  export (--dir <dir> | --postgres <url>) --user <id> [--tenant <id>] [--out <file>]
                         the user's memories, episodes and history as a versioned JSON
                         document (to stdout, or to --out, created readable by the owner only)
  forget (--dir <dir> | --postgres <url>) --user <id> [--tenant <id>] [--source <type>]
                         remove everything of the user (no other user, no knowledge); with
                         --source (inferred, agent_generated, ...) only the memories of that
                         source, each leaving a tombstone; prints what was removed
    --json               print the report as JSON
  sync (--dir <dir> | --postgres <url>) --user <id> [--tenant <id>] --system <name>
       --file <facts.jsonl>
                         business facts from a system of record, one JSON object a line:
                         { key, content, value?, reference?, observedAt, expiresAt?, retire? };
                         every line is checked first, and nothing is written if one is bad
    --snapshot           the file is everything the system holds for the user: its facts
                         not in the file are retired
    --json               print the report (with ids) as JSON
  import (--dir <dir> | --postgres <url>) --user <id> [--tenant <id>] --file <export.json>
                         a document written by 'export' into a store: the embedded one, or
                         PostgreSQL (moving a user from one machine's store to the shared one)
  migrate --postgres <url> [--schema <name>] [--dims <n>]
                         create or upgrade the PostgreSQL schema (store tables, pgvector HNSW
                         index, session and task checkpointer tables); idempotent, safe to run
                         from several deploys at once. --postgres defaults to DATABASE_URL,
                         --dims to the configured embeddings' (HashEmbeddings: 256)
  help                   show this help

A store is a directory (--dir, the embedded store) or a PostgreSQL database (--postgres <url>,
with --schema <name> when not langgraph_memory; created by 'migrate'). Commands that write
(maintain, sync, import) embed with the configured embeddings (OPENAI_*, else the offline
HashEmbeddings): the same ones the application uses; export and forget never embed.

Options:
  -h, --help             show this help
  -v, --version          print the version
`;

/** The package's own package.json: two levels up from dist/src/cli.js, one from src/cli.ts. */
function packageVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "langgraph-memory" && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

function formatStats(stats: StoreStats | PostgresStoreStats): string {
  const out =
    "dir" in stats
      ? [
          `Store ${stats.dir} (schema ${stats.schemaVersion ?? "?"})`,
          `Size on disk: ${formatBytes(stats.bytes.total)} (SQLite ${formatBytes(stats.bytes.sqlite)}, HNSW ${formatBytes(stats.bytes.hnsw)}${stats.bytes.other ? `, other ${formatBytes(stats.bytes.other)}` : ""})`,
          "",
        ]
      : [
          `PostgreSQL schema ${stats.schema} (version ${stats.schemaVersion ?? "?"})`,
          `Size on disk: ${formatBytes(stats.bytes.total)} (tables ${formatBytes(stats.bytes.tables)}, indexes ${formatBytes(stats.bytes.indexes)})`,
          "",
        ];
  if (stats.users.length === 0) {
    out.push("No memory records.");
  } else {
    const statuses = Object.keys(stats.totals.byStatus);
    // Every status; only the kinds someone has, so the table stays narrow.
    const kinds = Object.keys(stats.totals.byKind).filter((k) => stats.totals.byKind[k]! > 0);
    // `conversation`: of the records, the episodes of the conversation (what each turn said).
    const header = ["tenant", "user", "records", ...statuses, ...kinds, "conversation", "history", "traces"];
    const row = (tenant: string, user: string, u: Omit<UserStats, "tenantId" | "userId">) => [
      tenant,
      user,
      String(u.records),
      ...statuses.map((s) => String(u.byStatus[s] ?? 0)),
      ...kinds.map((k) => String(u.byKind[k] ?? 0)),
      String(u.conversation),
      String(u.history),
      String(u.traces),
    ];
    const rows = stats.users.map((u) => row(u.tenantId, u.userId, u));
    if (stats.users.length > 1) rows.push(row("total", "", stats.totals));
    out.push(
      `${stats.users.length} user${stats.users.length === 1 ? "" : "s"}, ${stats.totals.records} memory records`,
    );
    out.push(table(header, rows));
  }
  if (stats.knowledge.length > 0) {
    out.push("");
    out.push(`Knowledge: ${stats.knowledge.map((k) => `${k.tenantId} ${k.chunks} chunks`).join(", ")}`);
  }
  return `${out.join("\n")}\n`;
}

function formatMaintenance(report: MaintenanceReport): string {
  const steps = ["expired", "decayed", "merged", "compressed", "purged", "expiredSessions"] as const;
  const rows = report.scopes.map((s) => [
    s.scope.tenantId ?? "_default",
    s.scope.userId,
    String(s.expired.length),
    String(s.decayed.length),
    String(s.merged.reduce((n, c) => n + c.mergedIds.length, 0)),
    String(s.compressed.reduce((n, c) => n + c.compressedIds.length, 0)),
    String(s.purged.length),
    String(s.expiredSessions.length),
  ]);
  if (report.scopes.length > 1) rows.push(["total", "", ...steps.map((step) => String(report.totals[step]))]);
  const head = `Maintained ${report.scopes.length} scope${report.scopes.length === 1 ? "" : "s"}.`;
  const header = ["tenant", "user", ...steps.map((step) => (step === "expiredSessions" ? "sessions" : step))];
  return `${head}\n${report.scopes.length > 0 ? `${table(header, rows)}\n` : ""}`;
}

async function maintain(
  memory: Memory,
  user: string | undefined,
  tenant: string | undefined,
): Promise<MaintenanceReport> {
  const { listScopes } = await import("./maintain/maintainer.js");
  if (user !== undefined)
    return await memory.maintain({ scope: { userId: user, ...(tenant ? { tenantId: tenant } : {}) } });
  if (tenant === undefined) return await memory.maintain();
  const reports: MaintenanceReport[] = [];
  for (const scope of await listScopes(memory.store))
    if ((scope.tenantId ?? "_default") === tenant) reports.push(await memory.maintain({ scope }));
  const scopes = reports.flatMap((r) => r.scopes);
  const sum = (step: keyof MaintenanceReport["totals"]) => reports.reduce((n, r) => n + r.totals[step], 0);
  return {
    scopes,
    totals: {
      expired: sum("expired"),
      decayed: sum("decayed"),
      merged: sum("merged"),
      compressed: sum("compressed"),
      purged: sum("purged"),
      expiredSessions: sum("expiredSessions"),
    },
  };
}

function formatSync(report: SyncReport, who: string): string {
  const { totals } = report;
  const parts = (Object.keys(totals) as Array<keyof SyncReport["totals"]>).map(
    (action) => `${action} ${totals[action]}`,
  );
  const facts = report.changes.filter((c) => c.where !== undefined).length;
  const head = `Synced ${facts} fact${facts === 1 ? "" : "s"} from ${report.system} into ${who}${report.mode === "snapshot" ? " (snapshot)" : ""}: ${parts.join(", ")}`;
  // What did not take, and what a snapshot retired, by key: the lines an operator looks at.
  const notable = report.changes
    .filter((c) => c.action === "skipped" || (c.action === "retired" && c.where === undefined))
    .map((c) => `  ${c.action} ${c.key}${c.where ? ` (${c.where})` : ""}: ${c.reason}`);
  return `${[head, ...notable].join("\n")}\n`;
}

async function sync(
  target: Target,
  scope: ReturnType<typeof parseScope>,
  options: { system: string; file: string; snapshot: boolean },
): Promise<SyncReport> {
  const { parseFactLines, parseSystem } = await import("./sync/input.js");
  const system = parseSystem(options.system);
  let text: string;
  try {
    text = fs.readFileSync(options.file, "utf8");
  } catch (error) {
    throw new CliError(`Cannot read --file ${options.file}: ${(error as Error).message}`, 1);
  }
  // Every line is checked before the store is opened: a bad file changes nothing.
  const facts = parseFactLines(text);
  return withWriter(target, "sync", (memory) =>
    memory.sync(scope, facts, { system, mode: options.snapshot ? "snapshot" : "upsert" }),
  );
}

function formatForget(report: ForgetReport, who: string): string {
  const parts = (
    ["records", "pending", "episodes", "history", "traces", "keys", "conversation", "sessions", "tasks"] as const
  ).map((field) => `${field} ${report[field]}`);
  return `Forgot ${report.ids ? `${report.ids.length} memories of ` : ""}${who}: ${parts.join(", ")}\n`;
}

/** The CLI never embeds (export reads, forget deletes): embeddings that say so if they are asked. */
const NO_EMBEDDINGS: EmbeddingsInterface = {
  embedQuery: () => Promise.reject(new InvalidConfigError("The langgraph-memory CLI does not embed text.")),
  embedDocuments: () => Promise.reject(new InvalidConfigError("The langgraph-memory CLI does not embed text.")),
};

/** The records' index at the dimensions a store was written with, embedding nothing (none: a store without vectors). */
function readOnlyIndex(dims: number | undefined) {
  return dims
    ? {
        index: {
          dims,
          embeddings: NO_EMBEDDINGS,
          fields: RECORD_INDEX_FIELDS,
          keywordOnly: RECORD_KEYWORD_ONLY_FIELDS,
        },
      }
    : {};
}

/** A facade over an existing store directory, opened with the dimensions its vectors have. */
async function openExisting(dir: string): Promise<{ memory: Memory; store: HNSWStore }> {
  // Refuses a directory that holds no store, rather than creating an empty one.
  readStoreStats(dir);
  const db = new Database(path.join(dir, "store.sqlite"), { readonly: true, fileMustExist: true });
  let dims: number | undefined;
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'dims'").get() as { value: string } | undefined;
    dims = row ? Number(row.value) : undefined;
  } finally {
    db.close();
  }
  // Loaded on use: usage errors and `stats` stay quick.
  const [{ createMemory }, { HNSWStore }, { recordStructure }] = await Promise.all([
    import("./memory.js"),
    import("./store/hnsw-store.js"),
    import("./facts/structure.js"),
  ]);
  const store = new HNSWStore({
    dir,
    structure: recordStructure,
    ...readOnlyIndex(dims),
  });
  return { memory: await createMemory({ store, env: {} }), store };
}

function scopeOption(values: { user?: string; tenant?: string }, command: string) {
  if (values.user === undefined)
    throw new CliError(`'${command}' needs --user <id>: the user whose memories to ${command}.`, USAGE);
  return parseScope({ userId: values.user, ...(values.tenant !== undefined ? { tenantId: values.tenant } : {}) });
}

/** Where a command's store is: a directory, or a PostgreSQL database and schema. */
type Target = { dir: string } | { postgres: string; schema?: string };

/** The one store a command names: exactly one of --dir and --postgres. */
function targetOption(values: { dir?: string; postgres?: string; schema?: string }, command: string): Target {
  if ((values.dir === undefined) === (values.postgres === undefined))
    throw new CliError(
      `'${command}' needs one of --dir <dir> (the embedded store's directory) or --postgres <url> (a database set up by 'migrate').`,
      USAGE,
    );
  if (values.schema !== undefined && values.dir !== undefined)
    throw new CliError("--schema names a PostgreSQL schema: use it with --postgres.", USAGE);
  return values.dir !== undefined
    ? { dir: values.dir }
    : { postgres: values.postgres!, ...(values.schema !== undefined ? { schema: values.schema } : {}) };
}

/**
 * A facade over an existing store that never embeds (export, forget): a directory opened with
 * the dimensions its vectors have, or a migrated PostgreSQL schema with its savers.
 */
async function withExisting<T>(target: Target, run: (memory: Memory, store: BaseStore) => Promise<T>): Promise<T> {
  if ("dir" in target) {
    const { memory, store } = await openExisting(target.dir);
    try {
      return await run(memory, store);
    } finally {
      await memory.close();
      store.stop();
    }
  }
  const opened = await openExistingPostgres(target.postgres, target.schema);
  try {
    return await run(opened.memory, opened.store);
  } finally {
    await opened.close();
  }
}

/**
 * An operator's export or erasure names a user the store holds under that tenant: otherwise it
 * would report success over nothing. Where the user exists under other tenants, they are named.
 * @throws {CliError} exit 1, naming the tenants where the user exists, if any.
 */
async function requireUser(store: BaseStore, scope: MemoryScope, command: string): Promise<void> {
  const tenant = scope.tenantId ?? DEFAULT_TENANT;
  const tenants = new Set<string>();
  const PAGE = 1000;
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.listNamespaces({ prefix: ["memory"], maxDepth: 3, limit: PAGE, offset });
    for (const [root, owner, user] of page) if (root === "memory" && user === scope.userId && owner) tenants.add(owner);
    if (page.length < PAGE) break;
  }
  if (tenants.has(tenant)) return;
  const where = [...tenants].sort();
  const shown = (t: string) => (t === DEFAULT_TENANT ? "(no tenant)" : `'${t}'`);
  throw new CliError(
    where.length === 0
      ? `No user '${scope.userId}' in this store: nothing to ${command}.`
      : `No user '${scope.userId}' under ${scope.tenantId ? `tenant '${scope.tenantId}'` : "the default tenant"}; the user exists under ${where.map(shown).join(", ")}. Pass --tenant to ${command} there.`,
    1,
  );
}

/**
 * A facade over an existing store for a command that writes (maintain, sync, import), with the
 * configured embeddings; a store of other dimensions is refused by the store itself.
 */
async function withWriter<T>(target: Target, command: string, run: (memory: Memory) => Promise<T>): Promise<T> {
  const { createMemory } = await import("./memory.js");
  let memory: Memory;
  if ("dir" in target) {
    // maintain has nothing to do without a store; sync and import may start one in a directory
    // made for it, never in a mistyped path.
    if (command === "maintain" && !fs.existsSync(path.join(target.dir, "store.sqlite")))
      throw new CliError(`No store at ${target.dir}: 'maintain' works on an existing store directory.`, 1);
    if (!fs.existsSync(target.dir))
      throw new CliError(
        `No directory ${target.dir}: pass the store's directory (create it first for a new store).`,
        1,
      );
    memory = await createMemory({ dir: target.dir });
  } else {
    // The schema must exist: a typo in --schema must not create an empty store.
    await existingDims(target.postgres, target.schema);
    memory = await createMemory({
      postgres: { connectionString: target.postgres, ...(target.schema ? { schema: target.schema } : {}) },
    });
  }
  try {
    return await run(memory);
  } finally {
    await memory.close();
  }
}

/**
 * The vector size a migrated schema holds (undefined: one without vectors).
 * @throws {CliError} when the database cannot be reached or has no such schema.
 */
async function existingDims(url: string, schema: string | undefined): Promise<number | undefined> {
  const [{ default: pg }, { POSTGRES_DEFAULTS }] = await Promise.all([
    import("pg"),
    import("./store/postgres-store.js"),
  ]);
  const name = schema ?? POSTGRES_DEFAULTS.schema;
  if (!/^[a-z_][a-z0-9_]{0,62}$/u.test(name))
    throw new CliError(`--schema must be lower-case letters, digits and _; received '${name}'.`, USAGE);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new CliError(`Cannot connect to PostgreSQL: ${(error as Error).message}`, 1);
  }
  try {
    const { rows } = await client.query<{ value: string }>(`SELECT value FROM "${name}".meta WHERE key = 'dims'`);
    return rows[0] ? Number(rows[0].value) : undefined;
  } catch (error) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: nothing migrated there.
    if (["42P01", "3F000"].includes((error as { code?: string }).code ?? ""))
      throw new CliError(
        `No langgraph-memory store in schema ${name}: run 'langgraph-memory migrate --postgres <url>${schema ? ` --schema ${name}` : ""}' first.`,
        1,
      );
    throw error;
  } finally {
    await client.end();
  }
}

/** A facade over a migrated PostgreSQL schema with the dimensions its vectors have; never embeds. */
async function openExistingPostgres(
  url: string,
  schema: string | undefined,
): Promise<{ memory: Memory; store: BaseStore; close(): Promise<void> }> {
  const dims = await existingDims(url, schema);
  const [{ createMemory }, { PostgresStore }, { openPostgresCheckpointers }, { recordStructure }] = await Promise.all([
    import("./memory.js"),
    import("./store/postgres-store.js"),
    import("./index.js"),
    import("./facts/structure.js"),
  ]);
  const store = new PostgresStore({
    connectionString: url,
    ...(schema ? { schema } : {}),
    structure: recordStructure,
    ...readOnlyIndex(dims),
  });
  let savers: Awaited<ReturnType<typeof openPostgresCheckpointers>> | undefined;
  let memory: Memory;
  try {
    savers = await openPostgresCheckpointers({ connectionString: url, ...(schema ? { schema } : {}) });
    memory = await createMemory({
      store,
      checkpointers: { sessions: savers.sessions, tasks: savers.tasks },
      env: {},
    });
  } catch (error) {
    await savers?.close();
    await store.end();
    throw error;
  }
  const opened = savers;
  return {
    memory,
    store,
    close: async () => {
      await memory.close();
      await opened.close();
      await store.end();
    },
  };
}

/** Set up (or upgrade) the PostgreSQL schemas of the store and both checkpointers. */
async function migratePostgres(url: string, schema: string | undefined, dims: number | undefined) {
  const [
    { PostgresStore, POSTGRES_SCHEMA_VERSION, POSTGRES_DEFAULTS },
    { openPostgresCheckpointers },
    { resolveEmbeddings },
  ] = await Promise.all([import("./store/postgres-store.js"), import("./index.js"), import("./text/models.js")]);
  const resolved = dims ?? (await resolveEmbeddings({ env: process.env })).dims;
  const store = new PostgresStore({
    connectionString: url,
    ...(schema ? { schema } : {}),
    index: {
      dims: resolved,
      embeddings: NO_EMBEDDINGS,
      fields: RECORD_INDEX_FIELDS,
      keywordOnly: RECORD_KEYWORD_ONLY_FIELDS,
    },
  });
  try {
    await store.migrate();
  } finally {
    await store.end();
  }
  const savers = await openPostgresCheckpointers({ connectionString: url, ...(schema ? { schema } : {}) });
  await savers.close();
  return {
    schema: schema ?? POSTGRES_DEFAULTS.schema,
    version: POSTGRES_SCHEMA_VERSION,
    dims: resolved,
    checkpointers: savers.schemas,
  };
}

// ---- main -------------------------------------------------------------------------------------

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nRun 'langgraph-memory --help' for usage.`, USAGE);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const [command, ...rest] = positionals;
  if (values.help || command === "help") {
    process.stdout.write(HELP);
    return 0;
  }
  if (command === undefined) {
    process.stderr.write(HELP);
    return USAGE;
  }
  if (rest.length > 0) throw new CliError(`Unexpected argument '${rest[0]}' for '${command}'.`, USAGE);
  switch (command) {
    case "demo": {
      if (values.dir !== undefined || values.json || values.user !== undefined || values.tenant !== undefined)
        throw new CliError("'demo' takes no options: it always runs in a temporary directory.", USAGE);
      await import("./demo.js");
      return 0;
    }
    case "stats": {
      if (values.user !== undefined || values.tenant !== undefined)
        throw new CliError("'stats' takes no --user or --tenant: it reports every scope.", USAGE);
      const target = targetOption(values, "stats");
      let stats: StoreStats | PostgresStoreStats;
      if ("dir" in target) stats = readStoreStats(target.dir);
      else {
        const { readPostgresStats } = await import("./store/postgres-stats.js");
        stats = await readPostgresStats(target.postgres, target.schema).catch((error: unknown) => {
          if ((error as { code?: string }).code === "ECONNREFUSED")
            throw new CliError(`Cannot connect to PostgreSQL: ${(error as Error).message}`, 1);
          throw error;
        });
      }
      process.stdout.write(values.json ? `${JSON.stringify(stats, null, 2)}\n` : formatStats(stats));
      return 0;
    }
    case "maintain": {
      const target = targetOption(values, "maintain");
      const report = await withWriter(target, "maintain", (memory) => maintain(memory, values.user, values.tenant));
      process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatMaintenance(report));
      return 0;
    }
    case "export": {
      const target = targetOption(values, "export");
      const scope = scopeOption(values, "export");
      const doc = await withExisting(target, async (memory, store) => {
        await requireUser(store, scope, "export");
        return memory.export(scope);
      });
      const json = `${JSON.stringify(doc, null, 2)}\n`;
      if (values.out === undefined) process.stdout.write(json);
      else {
        // Personal data: readable by its owner only.
        fs.writeFileSync(values.out, json, { mode: 0o600 });
        process.stdout.write(
          `Exported ${doc.records.length} records and ${doc.history.length} history entries to ${values.out}\n`,
        );
      }
      return 0;
    }
    case "forget": {
      const target = targetOption(values, "forget");
      const scope = scopeOption(values, "forget");
      const source = values.source;
      if (source !== undefined && !(SOURCE_TYPES as readonly string[]).includes(source))
        throw new CliError(`--source must be one of ${SOURCE_TYPES.join(", ")}; received '${source}'.`, USAGE);
      const report = await withExisting(target, async (memory, store) => {
        await requireUser(store, scope, "forget");
        return memory.forget(scope, source ? { source: source as SourceType } : {});
      });
      const who = `user '${scope.userId}'${scope.tenantId ? ` of tenant '${scope.tenantId}'` : ""}`;
      process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatForget(report, who));
      return 0;
    }
    case "sync": {
      const target = targetOption(values, "sync");
      const scope = scopeOption(values, "sync");
      if (values.system === undefined)
        throw new CliError("'sync' needs --system <name>: the business system the facts come from.", USAGE);
      if (values.file === undefined) throw new CliError("'sync' needs --file <facts.jsonl>: one fact a line.", USAGE);
      const report = await sync(target, scope, {
        system: values.system,
        file: values.file,
        snapshot: values.snapshot === true,
      });
      const who = `user '${scope.userId}'${scope.tenantId ? ` of tenant '${scope.tenantId}'` : ""}`;
      process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatSync(report, who));
      return 0;
    }
    case "migrate": {
      const url = values.postgres ?? process.env.DATABASE_URL;
      if (!url)
        throw new CliError("'migrate' needs --postgres <url> (or DATABASE_URL): the database to set up.", USAGE);
      const dims = values.dims === undefined ? undefined : Number(values.dims);
      if (dims !== undefined && !(Number.isInteger(dims) && dims > 0))
        throw new CliError(`--dims must be a positive integer; received '${values.dims}'.`, USAGE);
      const out = await migratePostgres(url, values.schema, dims);
      process.stdout.write(
        values.json
          ? `${JSON.stringify(out, null, 2)}\n`
          : `Schema ${out.schema} is at version ${out.version} (vectors of ${out.dims} dimensions); checkpointers in ${out.checkpointers.sessions} and ${out.checkpointers.tasks}.\n`,
      );
      return 0;
    }
    case "import": {
      const target = targetOption(values, "import");
      const scope = scopeOption(values, "import");
      if (values.file === undefined)
        throw new CliError("'import' needs --file <export.json>: what 'export' wrote.", USAGE);
      let document: unknown;
      try {
        document = JSON.parse(fs.readFileSync(values.file, "utf8"));
      } catch (error) {
        throw new CliError(`Could not read ${values.file} as JSON: ${(error as Error).message}`, 1);
      }
      const report = await withWriter(target, "import", (memory) => memory.import(scope, document));
      process.stdout.write(
        values.json
          ? `${JSON.stringify(report, null, 2)}\n`
          : `Imported ${report.records} memories, ${report.episodes} episodes and ${report.history} history entries.\n`,
      );
      return 0;
    }
    default:
      throw new CliError(
        `Unknown command '${command}'. Commands: demo, stats, maintain, export, import, forget, sync, migrate, help. Run 'langgraph-memory --help' for usage.`,
        USAGE,
      );
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
      dir: { type: "string", short: "d" },
      json: { type: "boolean" },
      user: { type: "string" },
      tenant: { type: "string" },
      out: { type: "string" },
      source: { type: "string" },
      system: { type: "string" },
      file: { type: "string" },
      snapshot: { type: "boolean" },
      postgres: { type: "string" },
      schema: { type: "string" },
      dims: { type: "string" },
    },
  });
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof CliError || isMemoryError(error)) {
    process.stderr.write(`langgraph-memory: ${error.message}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
  } else {
    throw error;
  }
}
