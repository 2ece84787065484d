/**
 * Per-family figures of the generated statement sets (test/eval/statements.ts), langgraph-memory
 * only: how many statements were kept, how many were lost to another statement, how many
 * questions naming the entity found their statement in the top 10, and how many questions about
 * an updated value met the current value first. One Markdown table and one SVG chart.
 */
import { splitOf } from "./families/index.js";
import type { SetRun } from "./protocol.js";
import type { EvalSet } from "./sets.js";

export interface FamilyFigures {
  family: string;
  split: string;
  kept: number | null;
  lost: number | null;
  hit10: number | null;
  currentFirst: number | null;
}

const rate = (n: number, d: number): number | null => (d === 0 ? null : n / d);

/** One row per family of a statement set's run. */
export function byFamily(set: EvalSet, run: SetRun): FamilyFigures[] {
  const familyOf = (messageId: string) => messageId.split(":")[1]?.replace(/-\d+$/u, "") ?? "?";
  const tally = new Map<
    string,
    {
      kept: number;
      facts: number;
      lost: number;
      standing: number;
      hits: number;
      asked: number;
      first: number;
      changed: number;
    }
  >();
  const of = (family: string) => {
    const found = tally.get(family);
    if (found) return found;
    const made = { kept: 0, facts: 0, lost: 0, standing: 0, hits: 0, asked: 0, first: 0, changed: 0 };
    tally.set(family, made);
    return made;
  };
  for (const user of set.users) {
    const kept = (run.kept.get(user.id) ?? []).filter((k) => k.about === "user");
    for (const fact of user.facts ?? []) {
      const t = of(familyOf(fact.messageId));
      const records = kept.filter((k) => k.messageIds.includes(fact.messageId));
      t.facts += 1;
      if ((fact.replaced ? records : records.filter((k) => k.active)).length > 0) t.kept += 1;
      if (!fact.replaced) {
        t.standing += 1;
        if (records.length > 0 && records.every((k) => !k.active)) t.lost += 1;
      }
    }
  }
  for (const { probe, recalled } of run.probes) {
    const t = of(probe.category ?? "?");
    const evidence = new Set(probe.evidence);
    t.asked += 1;
    if (recalled.slice(0, 10).some((r) => r.messageIds.some((id) => evidence.has(id)))) t.hits += 1;
    if (probe.stale) {
      const stale = new Set(probe.stale);
      const at = recalled.findIndex((r) => r.messageIds.some((id) => evidence.has(id) || stale.has(id)));
      t.changed += 1;
      if (at >= 0 && recalled[at]!.messageIds.some((id) => evidence.has(id))) t.first += 1;
    }
  }
  return [...tally.entries()]
    .filter(([family]) => family !== "?")
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([family, t]) => ({
      family,
      split: splitOf(family),
      kept: rate(t.kept, t.facts),
      lost: rate(t.lost, t.standing),
      hit10: rate(t.hits, t.asked),
      currentFirst: rate(t.first, t.changed),
    }));
}

const pct = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)} %`);

/** The Markdown table and the chart (kept and hit@10 as bars, one group per family). */
export function renderFamilies(rows: readonly FamilyFigures[]): { table: string; svg: string } {
  const lines = [
    "| family | split | kept | lost to another statement | hit@10 | current value first |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.family} | ${r.split} | ${pct(r.kept)} | ${pct(r.lost)} | ${pct(r.hit10)} | ${pct(r.currentFirst)} |`,
    ),
  ];
  const width = 1000;
  const rowHeight = 22;
  const left = 190;
  const height = 40 + rows.length * rowHeight;
  const bar = (v: number | null) => ((v ?? 0) * (width - left - 40)) / 1;
  const bars = rows
    .map((r, i) => {
      const y = 30 + i * rowHeight;
      return [
        `<text x="${left - 8}" y="${y + 12}" text-anchor="end" font-size="12">${r.family}${r.split === "held-out" ? " *" : ""}</text>`,
        `<rect x="${left}" y="${y}" width="${bar(r.kept).toFixed(1)}" height="7" fill="#4c78a8"/>`,
        `<rect x="${left}" y="${y + 8}" width="${bar(r.hit10).toFixed(1)}" height="7" fill="#f58518"/>`,
        `<text x="${left + bar(Math.max(r.kept ?? 0, r.hit10 ?? 0)) + 6}" y="${y + 12}" font-size="11">${pct(r.kept)} · ${pct(r.hit10)}</text>`,
      ].join("");
    })
    .join("\n");
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" role="img">`,
    "<title>Generated statements per family: kept and hit@10</title>",
    `<text x="10" y="18" font-size="14">Generated statements per family: kept (blue) and hit@10 (orange); * held out</text>`,
    bars,
    "</svg>",
  ].join("\n");
  return { table: lines.join("\n"), svg };
}
