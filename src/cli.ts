#!/usr/bin/env node
/**
 * The `langgraph-memory` command (package.json `bin`; `npm run cli -- …` in this repository).
 *
 *   langgraph-memory demo                      the offline demo (src/demo.ts), in a temporary directory
 *   langgraph-memory stats --dir <dir> [--json] records per tenant/user by status and kind, size on disk
 *   langgraph-memory maintain --dir <dir> [--user <id>] [--tenant <id>] [--json]
 *                                              run the maintenance graph (TTL, decay, dedupe, compression, purge)
 *   langgraph-memory --help | --version
 *
 * `stats` reads a store directory read-only (src/store/stats.ts): it works while an application
 * has the store open. `maintain` opens the store (the application must have closed it) with the
 * default rules (src/maintain/config.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isMemoryError } from "./errors.js";
import type { MaintenanceReport } from "./maintain/maintainer.js";
import { readStoreStats, type StoreStats, type UserStats } from "./store/stats.js";

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
  stats --dir <dir>      memory records per tenant and user, by status and kind, and the
                         store's size on disk; read-only, works while an application has it open
    --json               print the stats as JSON
  maintain --dir <dir>   forget what the rules say to: expire (TTL per kind), archive what
                         decayed, merge near-duplicates, compress over the cap, purge
                         long-retired memories; every scope, or one with --user
    --user <id>          only this user (with --tenant for a tenant's user)
    --tenant <id>        only this tenant's users
    --json               print the report (with ids) as JSON
  help                   show this help

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

function formatStats(stats: StoreStats): string {
  const { bytes } = stats;
  const out = [
    `Store ${stats.dir} (schema ${stats.schemaVersion ?? "?"})`,
    `Size on disk: ${formatBytes(bytes.total)} (SQLite ${formatBytes(bytes.sqlite)}, HNSW ${formatBytes(bytes.hnsw)}${bytes.other ? `, other ${formatBytes(bytes.other)}` : ""})`,
    "",
  ];
  if (stats.users.length === 0) {
    out.push("No memory records.");
  } else {
    const statuses = Object.keys(stats.totals.byStatus);
    // Every status; only the kinds someone has, so the table stays narrow.
    const kinds = Object.keys(stats.totals.byKind).filter((k) => stats.totals.byKind[k]! > 0);
    const header = ["tenant", "user", "records", ...statuses, ...kinds, "history", "traces"];
    const row = (tenant: string, user: string, u: Omit<UserStats, "tenantId" | "userId">) => [
      tenant,
      user,
      String(u.records),
      ...statuses.map((s) => String(u.byStatus[s] ?? 0)),
      ...kinds.map((k) => String(u.byKind[k] ?? 0)),
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
  const steps = ["expired", "decayed", "merged", "compressed", "purged"] as const;
  const rows = report.scopes.map((s) => [
    s.scope.tenantId ?? "_default",
    s.scope.userId,
    String(s.expired.length),
    String(s.decayed.length),
    String(s.merged.reduce((n, c) => n + c.mergedIds.length, 0)),
    String(s.compressed.reduce((n, c) => n + c.compressedIds.length, 0)),
    String(s.purged.length),
  ]);
  if (report.scopes.length > 1) rows.push(["total", "", ...steps.map((step) => String(report.totals[step]))]);
  const head = `Maintained ${report.scopes.length} scope${report.scopes.length === 1 ? "" : "s"}.`;
  return `${head}\n${report.scopes.length > 0 ? `${table(["tenant", "user", ...steps], rows)}\n` : ""}`;
}

async function maintain(dir: string, user: string | undefined, tenant: string | undefined): Promise<MaintenanceReport> {
  if (!fs.existsSync(dir))
    throw new CliError(`No store at ${dir}: 'maintain' works on an existing store directory.`, 1);
  const { createMemory } = await import("./memory.js");
  const { listScopes } = await import("./maintain/maintainer.js");
  const memory = await createMemory({ dir });
  try {
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
      },
    };
  } finally {
    await memory.close();
  }
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
      if (values.dir === undefined)
        throw new CliError(
          "'stats' needs --dir <dir>: the directory of the store (createMemory's `dir`, e.g. ./.memory).",
          USAGE,
        );
      const stats = readStoreStats(values.dir);
      process.stdout.write(values.json ? `${JSON.stringify(stats, null, 2)}\n` : formatStats(stats));
      return 0;
    }
    case "maintain": {
      if (values.dir === undefined)
        throw new CliError("'maintain' needs --dir <dir>: the directory of the store (createMemory's `dir`).", USAGE);
      const report = await maintain(values.dir, values.user, values.tenant);
      process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatMaintenance(report));
      return 0;
    }
    default:
      throw new CliError(
        `Unknown command '${command}'. Commands: demo, stats, maintain, help. Run 'langgraph-memory --help' for usage.`,
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
