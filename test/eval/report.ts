/**
 * The report of `npm run eval`: one declaration of the rows (METRICS), from which the stdout
 * table, the Markdown table of docs/evaluation.md and one hand-written SVG chart per metric are drawn,
 * each beside the previous run's figures when a previous report exists.
 */
import type { FamilyFigures } from "./family-report.js";
import { type Ratio, type SetMetrics, value } from "./metrics.js";

/**
 * "similarity only": langgraph-memory with the structured path off (`structured: false`), run on
 * the sets whose questions have conditions and relations, to show what the path adds.
 */
export const SYSTEMS = ["langgraph-memory", "similarity only", "store-everything BM25", "mem0 OSS"] as const;
export type SystemName = (typeof SYSTEMS)[number];

export interface SetReport {
  id: string;
  label: string;
  /** Short name under a chart's bar group. */
  short: string;
  users: number;
  questions: number;
  metrics: Partial<Record<SystemName, SetMetrics>>;
}

export interface EvalReport {
  date: string;
  commit: string;
  mode: "full" | "quick";
  command: string;
  /** Systems that did not run, with the reason. */
  skipped: Partial<Record<SystemName, string>>;
  sets: SetReport[];
  /** The fixtures' own figures (harness styles, recall variants), langgraph-memory only. */
  fixtures: Array<{ label: string; hit10: number | null; hit5: number | null; note?: string }>;
  /** The generated statement families, one row each (langgraph-memory). */
  families?: FamilyFigures[];
  seconds: number;
}

export interface MetricRow {
  id: string;
  label: string;
  better: "higher" | "lower";
  get: (m: SetMetrics) => number | null;
  /** A second figure shown after a slash in the tables (hit@5 beside a slice's hit@10). */
  also?: (m: SetMetrics) => number | null;
  /** What the figure is a share of, and how many (under a chart's bar group). */
  of?: { unit: string; count: (m: SetMetrics) => number | undefined };
  chart: boolean;
}

/** A row whose figure is one ratio of the metrics. */
const share = (
  id: string,
  label: string,
  better: MetricRow["better"],
  unit: string,
  pick: (m: SetMetrics) => Ratio | undefined,
): MetricRow => ({
  id,
  label,
  better,
  get: (m) => value(pick(m)),
  of: { unit, count: (m) => pick(m)?.d },
  chart: true,
});

const slice = (group: "byKind" | "byLanguage" | "byCategory", key: string, label: string): MetricRow => ({
  ...share(`hit10-${key}`, `hit@10 / hit@5 · ${label}`, "higher", "questions", (m) => m[group][key]?.hit10),
  also: (m) => value(m[group][key]?.hit5),
});

export const METRICS: MetricRow[] = [
  share("hit10", "hit@10", "higher", "questions", (m) => m.hit10),
  share("hit5", "hit@5", "higher", "questions", (m) => m.hit5),
  slice("byKind", "user", "user evidence"),
  slice("byKind", "assistant", "companion evidence"),
  slice("byLanguage", "zh", "zh"),
  slice("byLanguage", "en", "en"),
  slice("byCategory", "multi-hop", "multi-hop"),
  slice("byCategory", "temporal", "temporal"),
  slice("byCategory", "condition", "condition"),
  slice("byCategory", "date-conditioned", "date-conditioned"),
  {
    ...share("precision5", "precision@5", "higher", "questions", (m) => m.precision5),
    of: { unit: "questions", count: (m) => m.hit10.d },
  },
  {
    ...share("precision10", "precision@10", "higher", "questions", (m) => m.precision10),
    of: { unit: "questions", count: (m) => m.hit10.d },
  },
  share("write-recall", "write recall (kept)", "higher", "planted facts", (m) => m.writeRecall),
  share("wrong-supersession", "lost to another statement ↓", "lower", "planted facts", (m) => m.wrongSupersession),
  share("write-precision", "write precision", "higher", "noise items", (m) => m.writePrecision),
  share("staleness", "staleness ↓", "lower", "changed-fact questions", (m) => m.staleness),
  share("current-first", "current value first", "higher", "changed-fact questions", (m) =>
    m.currentFirst && m.currentFirst.d > 0 ? m.currentFirst : undefined,
  ),
  share("conflicts", "conflict rate ↓", "lower", "single-valued keys", (m) => m.conflicts),
  share("pollution", "pollution ↓", "lower", "questions", (m) => m.pollution),
  {
    id: "episodes",
    label: "episodes (active records)",
    better: "higher",
    get: (m) => m.episodes?.records ?? null,
    chart: false,
  },
];

const num = (v: number | null, integer = false): string =>
  v === null ? "–" : integer ? String(Math.round(v)) : v.toFixed(3);

function cell(row: MetricRow, m: SetMetrics | undefined): string {
  if (!m) return "–";
  const main = row.get(m);
  if (main === null) return "–";
  const text = num(main, row.id === "episodes");
  return row.also ? `${text} / ${num(row.also(m))}` : text;
}

/**
 * Rows worth showing for a set: those where some system has a figure, and a slice only when it
 * is not the whole set (a set in one language has no "· en" row).
 */
function rowsOf(set: SetReport): MetricRow[] {
  return METRICS.filter((row) =>
    SYSTEMS.some((s) => {
      const m = set.metrics[s];
      if (!m || row.get(m) === null) return false;
      return !row.also || (row.of?.count(m) ?? 0) < m.hit10.d;
    }),
  );
}

const findSet = (report: EvalReport | undefined, id: string) => report?.sets.find((s) => s.id === id);

/** The stdout table: one block per data set, a column per system, and ours in the previous run. */
export function renderTable(report: EvalReport, previous?: EvalReport): string {
  const columns = [...SYSTEMS, ...(previous ? ["previous run"] : [])];
  const lines: string[] = [];
  const labelWidth = 40;
  const width = 23;
  lines.push(`${"".padEnd(labelWidth)}${columns.map((c) => c.padEnd(width)).join("")}`.trimEnd());
  for (const set of report.sets) {
    lines.push(`${set.label} — ${set.users} users, ${set.questions} questions`);
    const before = findSet(previous, set.id);
    for (const row of rowsOf(set)) {
      const cells = SYSTEMS.map((s) => (report.skipped[s] ? "skipped" : cell(row, set.metrics[s])));
      if (previous) cells.push(cell(row, before?.metrics["langgraph-memory"]));
      lines.push(`  ${row.label.padEnd(labelWidth - 2)}${cells.map((c) => c.padEnd(width)).join("")}`.trimEnd());
    }
  }
  for (const [system, reason] of Object.entries(report.skipped)) lines.push(`${system} skipped: ${reason}`);
  return lines.join("\n");
}

/** The table of docs/evaluation.md (and eval/report/latest.md): the same rows, Markdown. */
export function renderMarkdown(report: EvalReport): string {
  const lines = [
    `| data set | metric | ${SYSTEMS.join(" | ")} |`,
    `| --- | --- | ${SYSTEMS.map(() => "---").join(" | ")} |`,
  ];
  for (const set of report.sets) {
    rowsOf(set).forEach((row, i) => {
      const cells = SYSTEMS.map((s) => (report.skipped[s] ? "skipped" : cell(row, set.metrics[s])));
      lines.push(
        `| ${i === 0 ? `${set.label}: ${set.users} users, ${set.questions} questions` : ""} | ${row.label} | ${cells.join(" | ")} |`,
      );
    });
  }
  return lines.join("\n");
}

const COLORS: Record<SystemName, string> = {
  "langgraph-memory": "#2563eb",
  "similarity only": "#93c5fd",
  "store-everything BM25": "#d97706",
  "mem0 OSS": "#059669",
};

const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** ["n = 31", "changed-fact questions"]: the denominator of the first system's figure, in two lines. */
function countOf(row: MetricRow, set: SetReport): string[] {
  const m = SYSTEMS.map((s) => set.metrics[s]).find((metrics) => metrics && row.get(metrics) !== null);
  const count = m && row.of?.count(m);
  return count === undefined || !row.of ? [`n = ${set.questions}`, "questions"] : [`n = ${count}`, row.of.unit];
}

/**
 * One chart: grouped bars, a group per data set, a bar per system, on a 0–1 axis. A previous
 * run's figure is a dashed outline at its own height behind the bar.
 */
export function renderChart(row: MetricRow, report: EvalReport, previous?: EvalReport): string | undefined {
  const sets = report.sets.filter((set) => SYSTEMS.some((s) => set.metrics[s] && row.get(set.metrics[s]!) !== null));
  if (sets.length === 0) return undefined;
  const bar = 30;
  const groupGap = 44;
  const groupWidth = SYSTEMS.length * bar;
  const left = 52;
  const top = 90;
  const plot = 220;
  const bottom = 66;
  const width = Math.max(600, left + sets.length * (groupWidth + groupGap) + 16);
  const height = top + plot + bottom;
  const y = (v: number) => top + plot - Math.max(0, Math.min(1, v)) * plot;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, 'DejaVu Sans', sans-serif">`,
    `<title>${escapeXml(`${row.label.replace(" ↓", "")} (${row.better} is better): ${SYSTEMS.join(", ")} on each data set`)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${left}" y="24" font-size="16" font-weight="bold" fill="#111827">${escapeXml(row.label.replace(" ↓", ""))}</text>`,
    `<text x="${left}" y="42" font-size="11" fill="#4b5563">${row.better} is better · npm run eval (${report.mode}) · ${escapeXml(report.date.slice(0, 10))} · ${escapeXml(report.commit)}${previous ? " · dashed: previous run" : ""}</text>`,
  );
  // Legend.
  let lx = left;
  for (const system of SYSTEMS) {
    const label = report.skipped[system] ? `${system} (skipped)` : system;
    out.push(
      `<rect x="${lx}" y="52" width="10" height="10" fill="${COLORS[system]}"/>`,
      `<text x="${lx + 14}" y="61" font-size="11" fill="#111827">${escapeXml(label)}</text>`,
    );
    lx += 26 + label.length * 6.8;
  }
  // Axis and grid.
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    out.push(
      `<line x1="${left}" x2="${width - 8}" y1="${y(tick)}" y2="${y(tick)}" stroke="${tick === 0 ? "#6b7280" : "#e5e7eb"}" stroke-width="1"/>`,
      `<text x="${left - 6}" y="${y(tick) + 4}" font-size="10" text-anchor="end" fill="#6b7280">${tick.toFixed(2)}</text>`,
    );
  }
  sets.forEach((set, g) => {
    const x0 = left + groupGap / 2 + g * (groupWidth + groupGap);
    const before = findSet(previous, set.id);
    SYSTEMS.forEach((system, s) => {
      const x = x0 + s * bar + 3;
      const w = bar - 6;
      const metrics = set.metrics[system];
      const v = metrics ? row.get(metrics) : null;
      const old = before?.metrics[system] ? row.get(before.metrics[system]!) : null;
      if (old !== null && old !== undefined)
        out.push(
          `<rect x="${x - 2}" y="${y(old)}" width="${w + 4}" height="${y(0) - y(old)}" fill="${COLORS[system]}" fill-opacity="0.12" stroke="${COLORS[system]}" stroke-opacity="0.6" stroke-dasharray="3 2"/>`,
        );
      if (v === null) {
        out.push(
          `<text x="${x + w / 2}" y="${y(0) - 4}" font-size="9" text-anchor="middle" fill="#9ca3af">${report.skipped[system] ? "skip" : "n/a"}</text>`,
        );
        return;
      }
      out.push(
        `<rect x="${x}" y="${y(v)}" width="${w}" height="${Math.max(0.5, y(0) - y(v))}" fill="${COLORS[system]}"/>`,
        `<text x="${x + w / 2}" y="${y(v) - 4}" font-size="10" text-anchor="middle" fill="#111827">${v.toFixed(2)}</text>`,
      );
    });
    const cx = x0 + groupWidth / 2;
    out.push(
      `<text x="${cx}" y="${top + plot + 18}" font-size="11" text-anchor="middle" fill="#111827">${escapeXml(set.short)}</text>`,
      ...countOf(row, set).map(
        (line, i) =>
          `<text x="${cx}" y="${top + plot + 31 + 12 * i}" font-size="10" text-anchor="middle" fill="#6b7280">${escapeXml(line)}</text>`,
      ),
    );
  });
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
