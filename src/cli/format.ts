/** What the CLI prints for a command's report when --json is not given: short tables and lines. */
import type { ForgetReport } from "../forget/forgetter.js";
import type { MaintenanceReport } from "../maintain/maintainer.js";
import type { PostgresStoreStats } from "../store/postgres-stats.js";
import type { StoreStats, UserStats } from "../store/stats.js";
import type { SyncReport } from "../sync/state.js";

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

export function formatStats(stats: StoreStats | PostgresStoreStats): string {
  const out =
    "dir" in stats
      ? [
          `Store ${stats.dir} (schema ${stats.schemaVersion ?? "?"})`,
          `Size on disk: ${formatBytes(stats.bytes.total)} (SQLite ` +
            `${formatBytes(stats.bytes.sqlite)}, HNSW ` +
            `${formatBytes(stats.bytes.hnsw)}${stats.bytes.other ? `, other ${formatBytes(stats.bytes.other)}` : ""})`,
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

export function formatMaintenance(report: MaintenanceReport): string {
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

export function formatSync(report: SyncReport, who: string): string {
  const { totals } = report;
  const parts = (Object.keys(totals) as Array<keyof SyncReport["totals"]>).map(
    (action) => `${action} ${totals[action]}`,
  );
  const facts = report.changes.filter((c) => c.where !== undefined).length;
  const head =
    `Synced ${facts} fact${facts === 1 ? "" : "s"} from ${report.system} into ` +
    `${who}${report.mode === "snapshot" ? " (snapshot)" : ""}: ${parts.join(", ")}`;
  // What did not take, and what a snapshot retired, by key: the lines an operator looks at.
  const notable = report.changes
    .filter((c) => c.action === "skipped" || (c.action === "retired" && c.where === undefined))
    .map((c) => `  ${c.action} ${c.key}${c.where ? ` (${c.where})` : ""}: ${c.reason}`);
  return `${[head, ...notable].join("\n")}\n`;
}
export function formatForget(report: ForgetReport, who: string): string {
  const parts = (
    ["records", "pending", "episodes", "history", "traces", "keys", "conversation", "sessions", "tasks"] as const
  ).map((field) => `${field} ${report[field]}`);
  return `Forgot ${report.ids ? `${report.ids.length} memories of ` : ""}${who}: ${parts.join(", ")}\n`;
}
