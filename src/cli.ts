#!/usr/bin/env node
/**
 * The `langgraph-memory` command (package.json `bin`; `npm run cli -- …` in this repository).
 *
 *   langgraph-memory demo                      the offline demo (src/demo.ts), in a temporary directory
 *   langgraph-memory stats <store> [--json]    records per tenant/user by status and kind, size on disk
 *   langgraph-memory maintain <store> [--user <id>] [--tenant <id>] [--full] [--json]
 *                                              run the maintenance graph (TTL, decay, dedupe, compression, purge)
 *   langgraph-memory export <store> --user <id> [--tenant <id>] [--out <file>]
 *   langgraph-memory forget <store> --user <id> [--tenant <id>] [--source <type>] [--json]
 *   langgraph-memory sync <store> --user <id> [--tenant <id>] --system <name> --file <facts.jsonl> [--snapshot] [--json]
 *   langgraph-memory import <store> --user <id> [--tenant <id>] --file <export.json> [--bulk]
 *   langgraph-memory migrate --postgres <url> [--schema <name>] [--dims <n>]
 *   langgraph-memory inspect <store> [--host <h>] [--port <n>] [--token <t>] [--allow-write]
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
import { CliError, USAGE } from "./cli/cli-error.js";
import { formatForget, formatMaintenance, formatStats, formatSync } from "./cli/format.js";
import { migratePostgres, requireUser, type Target, withExisting, withWriter } from "./cli/stores.js";
import { isMemoryError } from "./errors.js";
import type { MaintenanceReport } from "./maintain/maintainer.js";
import type { Memory } from "./memory.js";
import { parseScope, SOURCE_TYPES, type SourceType } from "./schema.js";
import type { PostgresStoreStats } from "./store/postgres-stats.js";
import { readStoreStats, type StoreStats } from "./store/stats.js";
import type { SyncReport } from "./sync/state.js";

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
    --full               read every memory and rebuild the maintenance ledger, instead of
                         only what changed since the last pass (recovery; same outcome)
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
    --bulk               build the vector index once after the rows (the same records and
                         history); on PostgreSQL every scope's searches are exact scans
                         meanwhile: for loading before serving
  migrate --postgres <url> [--schema <name>] [--dims <n>]
                         create or upgrade the PostgreSQL schema (store tables, pgvector HNSW
                         index, session and task checkpointer tables); idempotent, safe to run
                         from several deploys at once. --postgres defaults to DATABASE_URL,
                         --dims to the configured embeddings' (HashEmbeddings: 256)
  inspect (--dir <dir> | --postgres <url>) [--port <n>] [--host <h>] [--token <t>] [--allow-write]
                         a local web page of what is remembered and why: memories, history,
                         episodes, pending conflicts, recall traces, sessions and tasks, a
                         recall preview; bound to 127.0.0.1 (a non-loopback --host needs a
                         --token of 16+ characters); read-only unless --allow-write (resolve,
                         delete, export, forget). --dir opens the store: stop the app first
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
async function maintain(
  memory: Memory,
  user: string | undefined,
  tenant: string | undefined,
  full: boolean,
): Promise<MaintenanceReport> {
  const { listScopes } = await import("./maintain/maintainer.js");
  const mode = full ? { full: true } : {};
  if (user !== undefined)
    return await memory.maintain({ scope: { userId: user, ...(tenant ? { tenantId: tenant } : {}) }, ...mode });
  if (tenant === undefined) return await memory.maintain(mode);
  const reports: MaintenanceReport[] = [];
  for (const scope of await listScopes(memory.store))
    if ((scope.tenantId ?? "_default") === tenant) reports.push(await memory.maintain({ scope, ...mode }));
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

function scopeOption(values: { user?: string; tenant?: string }, command: string) {
  if (values.user === undefined)
    throw new CliError(`'${command}' needs --user <id>: the user whose memories to ${command}.`, USAGE);
  return parseScope({ userId: values.user, ...(values.tenant !== undefined ? { tenantId: values.tenant } : {}) });
}
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
      const report = await withWriter(target, "maintain", (memory) =>
        maintain(memory, values.user, values.tenant, values.full === true),
      );
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
          : `Schema ${out.schema} is at version ${out.version} (vectors of ${out.dims} dimensions); ` +
              `checkpointers in ${out.checkpointers.sessions} and ${out.checkpointers.tasks}.\n`,
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
      const bulk = values.bulk === true;
      const report = await withWriter(target, "import", (memory) => memory.import(scope, document, { bulk }));
      process.stdout.write(
        values.json
          ? `${JSON.stringify(report, null, 2)}\n`
          : `Imported ${report.records} memories, ${report.episodes} episodes and ${report.history} history entries.\n`,
      );
      return 0;
    }
    case "inspect": {
      const target = targetOption(values, "inspect");
      const port = values.port === undefined ? undefined : Number(values.port);
      if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535))
        throw new CliError(`--port must be a port number; received '${values.port}'.`, USAGE);
      const { startInspector } = await import("./inspect/server.js");
      const inspector = await startInspector({
        ...target,
        ...(values.host !== undefined ? { host: values.host } : {}),
        ...(port !== undefined ? { port } : {}),
        ...(values.token !== undefined ? { token: values.token } : {}),
        allowWrite: values["allow-write"] === true,
      });
      process.stdout.write(`Inspector: ${inspector.url}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      await inspector.close();
      return 0;
    }
    default:
      throw new CliError(
        `Unknown command '${command}'. Commands: demo, stats, maintain, export, import, forget, sync, migrate, inspect, help. ` +
          "Run 'langgraph-memory --help' for usage.",
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
      bulk: { type: "boolean" },
      full: { type: "boolean" },
      postgres: { type: "string" },
      schema: { type: "string" },
      dims: { type: "string" },
      host: { type: "string" },
      port: { type: "string" },
      token: { type: "string" },
      "allow-write": { type: "boolean" },
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
