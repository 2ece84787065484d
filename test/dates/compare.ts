/**
 * Date parsers measured on the date set (test/dates/date-set.ts): chrono-node alone (en +
 * zh.hans), and the product's parser, findTimeMentions (src/write/extract/dates.ts), called as
 * the write path calls it. Since issue 25 item 7 the product's parser reads with chrono too
 * (written-dates.ts: chrono's written-date parsers; the project's patterns keep relative words,
 * periods, tense, habits and look-alikes; the longer reading wins where they overlap).
 *
 * Measured before that integration (038c9cc), for the record: the project's patterns alone
 * 55.9 % (dev 55.6, held-out 56.2); the proposed combination of them with all of chrono's
 * parsers 71.3 % (dev 71.0, held-out 71.6).
 *
 *   npx tsx test/dates/compare.ts            # the tables and every miss
 *   npx tsx test/dates/compare.ts --summary  # the tables only
 *
 * Each parser reads the sentence with its message time and gives one answer, the first thing
 * it finds: a date, a range (first and last day), a recurrence rule, or nothing. A case is right
 * when the answer equals the expected one exactly (a range must have both ends right; a
 * one-day range counts as that date). Neither chrono nor the product models recurrence, so on
 * recurring cases the question is how they fail: by staying silent or by naming a false date.
 * test/dates/product-accuracy.test.ts keeps the product's held-out figure above a floor.
 */
import * as chrono from "chrono-node";
import { findTimeMentions } from "../../src/write/extract/dates.js";
import { enReader } from "../../src/write/extract/reader-en.js";
import { zhReader } from "../../src/write/extract/reader-zh.js";
import { CATEGORIES, type DateCase, dateSet, type Expected, type Rule, weekday } from "./date-set.js";

export interface Prediction extends Expected {
  /** The words the parser read ("" when it found nothing). */
  matched?: string;
}
const NONE: Prediction = { kind: "none" };

export interface Parser {
  name: string;
  parse(c: DateCase): Prediction;
}

// ---------------------------------------------------------------------------------------------
// chrono-node

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const lastOfMonth = (y: number, m: number) => ymd(new Date(Date.UTC(y, m, 0)));

/**
 * A chrono component as the days it names, by what chrono says it is certain of: a day (or a
 * weekday), else a whole month, else a whole year. ("next month" is certain of year and month
 * only: the month; "March" of the month only: that month in the year chrono chose.)
 */
function chronoDays(p: chrono.ParsedComponents): [string, string] {
  const d = p.date();
  if (p.isCertain("day") || p.isCertain("weekday")) return [ymd(d), ymd(d)];
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  if (p.isCertain("month")) return [`${y}-${String(m).padStart(2, "0")}-01`, lastOfMonth(y, m)];
  if (p.isCertain("year")) return [`${y}-01-01`, `${y}-12-31`];
  return [ymd(d), ymd(d)];
}

function fromChrono(results: chrono.ParsedResult[]): Prediction {
  const r = results[0];
  if (!r) return NONE;
  const [start, startEnd] = chronoDays(r.start);
  const end = r.end ? chronoDays(r.end)[1] : startEnd;
  return start === end ? { kind: "date", start, matched: r.text } : { kind: "range", start, end, matched: r.text };
}

/** Message times are UTC (timezone 0), and the machine's zone must not matter. */
function chronoReference(c: DateCase): chrono.ParsingReference {
  return { instant: new Date(c.reference), timezone: 0 };
}

const isPast = (c: DateCase) => (c.lang === "en" ? enReader : zhReader).isPast(c.text);

export const chronoParser: Parser = {
  name: "chrono",
  parse: (c) =>
    fromChrono((c.lang === "en" ? chrono.en.casual : chrono.zh.hans.casual).parse(c.text, chronoReference(c))),
};

/** chrono told the tense the project reads: forwardDate unless the sentence is in the past. */
export const chronoTenseParser: Parser = {
  name: "chrono+tense",
  parse: (c) =>
    fromChrono(
      (c.lang === "en" ? chrono.en.casual : chrono.zh.hans.casual).parse(c.text, chronoReference(c), {
        forwardDate: !isPast(c),
      }),
    ),
};

// ---------------------------------------------------------------------------------------------
// The product: findTimeMentions, called as the write path calls it (src/write/extract/reader.ts):
// with "past" when the language reader says the sentence is told in the past.

export const productParser: Parser = {
  name: "product (findTimeMentions)",
  parse: (c) => {
    const m = findTimeMentions(c.text, c.lang, c.reference, isPast(c) ? "past" : undefined)[0];
    if (!m) return NONE;
    const matched = c.text.slice(m.start, m.end);
    return m.first === m.last
      ? { kind: "date", start: m.first, matched }
      : { kind: "range", start: m.first, end: m.last, matched };
  },
};

// ---------------------------------------------------------------------------------------------
// Scoring.

function sameRule(a: Rule, b: Rule): boolean {
  const days = (r: Rule) => [...(r.weekdays ?? [])].sort().join(",");
  return (
    a.freq === b.freq &&
    a.interval === b.interval &&
    days(a) === days(b) &&
    a.monthDay === b.monthDay &&
    a.month === b.month
  );
}

export function isRight(expected: Expected, got: Prediction): boolean {
  switch (expected.kind) {
    case "none":
      return got.kind === "none";
    case "recurring":
      return got.kind === "recurring" && sameRule(expected.rule!, got.rule!);
    case "date":
    case "range": {
      if (got.kind !== "date" && got.kind !== "range") return false;
      return got.start === expected.start && (got.end ?? got.start) === (expected.end ?? expected.start);
    }
  }
}

/** How an answer is wrong. */
export function failure(expected: Expected, got: Prediction): string {
  if (expected.kind === "none") return "false date";
  if (got.kind === "none") return "missed";
  if (expected.kind === "recurring") return got.kind === "recurring" ? "wrong rule" : "recurrence read as a date";
  if (got.kind === "recurring") return "date read as a recurrence";
  if (expected.kind === "range" && got.kind === "date") return "range read as one date";
  if (expected.kind === "date" && got.kind === "range") return "date read as a range";
  return "wrong date";
}

interface Tally {
  right: number;
  total: number;
}
const pct = (t: Tally | undefined) => (t?.total ? `${((100 * t.right) / t.total).toFixed(1)}` : "–");
const frac = (t: Tally | undefined) => (t ? `${t.right}/${t.total}` : "–");

function tally(rows: readonly { c: DateCase; right: boolean }[], key: (c: DateCase) => string): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const { c, right } of rows) {
    const k = key(c);
    const t = out.get(k) ?? { right: 0, total: 0 };
    t.total++;
    if (right) t.right++;
    out.set(k, t);
  }
  return out;
}

function describe(e: Expected): string {
  if (e.kind === "none") return "none";
  if (e.kind === "recurring") return `recurring ${JSON.stringify(e.rule)}`;
  return e.kind === "date" || e.start === e.end ? e.start! : `${e.start}..${e.end}`;
}

const WEEKDAY = ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export function evaluate(parsers: readonly Parser[], cases: readonly DateCase[]) {
  return parsers.map((parser) => ({
    parser,
    rows: cases.map((c) => {
      const got = parser.parse(c);
      return { c, got, right: isRight(c.expected, got) };
    }),
  }));
}

function report(parsers: readonly Parser[], showMisses: boolean): void {
  const cases = dateSet();
  const results = evaluate(parsers, cases);
  const head = (cols: string[]) => `| ${cols.join(" | ")} |\n|${cols.map(() => "---").join("|")}|`;
  console.log(
    `Date set: ${cases.length} cases (en ${cases.filter((c) => c.lang === "en").length}, zh ${cases.filter((c) => c.lang === "zh").length}; dev ${cases.filter((c) => c.half === "dev").length}, held-out ${cases.filter((c) => c.half === "held-out").length}).\n`,
  );

  console.log("Accuracy, % (right/total)\n");
  const groups: [string, (c: DateCase) => string][] = [
    ["all", () => "all"],
    ["dev", (c) => (c.half === "dev" ? "dev" : "-")],
    ["held-out", (c) => (c.half === "held-out" ? "held-out" : "-")],
    ["en", (c) => (c.lang === "en" ? "en" : "-")],
    ["zh", (c) => (c.lang === "zh" ? "zh" : "-")],
    ["en held-out", (c) => (c.lang === "en" && c.half === "held-out" ? "en held-out" : "-")],
    ["zh held-out", (c) => (c.lang === "zh" && c.half === "held-out" ? "zh held-out" : "-")],
  ];
  console.log(head(["parser", ...groups.map(([g]) => g)]));
  for (const { parser, rows } of results) {
    const cells = groups.map(([g, key]) => {
      const t = tally(rows, key).get(g);
      return `${pct(t)} (${frac(t)})`;
    });
    console.log(`| ${parser.name} | ${cells.join(" | ")} |`);
  }

  for (const lang of ["en", "zh"] as const) {
    console.log(`\nBy category, ${lang}: dev % / held-out % (right/total over both halves)\n`);
    console.log(head(["category", ...results.map((r) => r.parser.name)]));
    for (const category of CATEGORIES) {
      const cells = results.map(({ rows }) => {
        const mine = rows.filter((r) => r.c.lang === lang && r.c.category === category);
        const byHalf = tally(mine, (c) => c.half);
        const all = tally(mine, () => "all").get("all");
        return `${pct(byHalf.get("dev"))} / ${pct(byHalf.get("held-out"))} (${frac(all)})`;
      });
      console.log(`| ${category} | ${cells.join(" | ")} |`);
    }
  }

  console.log("\nHow each parser fails (count of misses by kind)\n");
  const kinds = [
    "missed",
    "false date",
    "wrong date",
    "range read as one date",
    "date read as a range",
    "recurrence read as a date",
    "wrong rule",
  ];
  console.log(head(["parser", ...kinds]));
  for (const { parser, rows } of results) {
    const counts = new Map<string, number>();
    for (const r of rows)
      if (!r.right) counts.set(failure(r.c.expected, r.got), (counts.get(failure(r.c.expected, r.got)) ?? 0) + 1);
    console.log(`| ${parser.name} | ${kinds.map((k) => counts.get(k) ?? 0).join(" | ")} |`);
  }

  if (!showMisses) return;
  for (const { parser, rows } of results) {
    const misses = rows.filter((r) => !r.right);
    console.log(`\nMisses, ${parser.name}: ${misses.length}\n`);
    for (const { c, got } of misses) {
      const said = `${c.reference.slice(0, 10)} ${WEEKDAY[weekday(new Date(`${c.reference.slice(0, 10)}T00:00:00Z`))]}`;
      console.log(
        `- ${c.id} [${c.category}] (${said}) ${c.text} — expected ${describe(c.expected)}; got ${describe(got)}${got.matched ? ` from "${got.matched}"` : ""} (${failure(c.expected, got)})`,
      );
    }
  }
}

/** The share of `cases` a parser gets right, in percent. */
export function accuracy(parser: Parser, cases: readonly DateCase[]): number {
  return (100 * cases.filter((c) => isRight(c.expected, parser.parse(c))).length) / cases.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  report([chronoParser, chronoTenseParser, productParser], !process.argv.includes("--summary"));
}
