/**
 * Date parsers measured on the date set (test/dates/date-set.ts): chrono-node (en + zh.hans),
 * the project's own findTimeMentions (src/write/extract/dates.ts), and combinations of the two.
 * The combination variants were compared on the dev half; the best there ("longest+tense, tie by
 * kind") is the one proposed, and its held-out figure is the one to quote.
 *
 *   npx tsx test/dates/compare.ts            # the tables and every miss
 *   npx tsx test/dates/compare.ts --summary  # the tables only
 *
 * Each parser reads the sentence with its message time and gives one answer, the first thing
 * it finds: a date, a range (first and last day), a recurrence rule, or nothing. A case is right
 * when the answer equals the expected one exactly (a range must have both ends right; a
 * one-day range counts as that date). Neither chrono nor the project models recurrence, so on
 * recurring cases the question is how they fail: by staying silent or by naming a false date.
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
// The project: findTimeMentions, called as the write path calls it (src/write/extract/reader.ts):
// with "past" when the language reader says the sentence is told in the past.

export const oursParser: Parser = {
  name: "ours",
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
// Combinations: both parsers read the sentence; where their spans overlap the longer reading
// wins (a tie goes to `tie`); chrono's readings first pass the filters below, which are the glue
// code chrono needs and the project would own.

/** A recurrence cue earlier in the clause: "every Monday", "each month on the 5th", 每周三, 隔周周五. */
const RECURRENCE_BEFORE = {
  en: /\b(?:every|each)\b[^.,;!?]*$/i,
  zh: /(?:每|隔周|天天)[^。，；！？,;!?]*$/u,
};
/** Words chrono reads as dates that are usually something else when written in lower case. */
const AMBIGUOUS_LOWER = /^(?:on )?(?:may|march|august|sat|sun|wed|mon)$/;
const SUB_DAY = /\b(?:seconds?|minutes?|hours?|secs?|mins?)\b/i;
const DAY_WORDS = /\b(?:days?|weeks?|months?|years?|today|tomorrow|yesterday|tonight)\b/i;
/** "1/2 cup", "2/3 of the dough": a fraction, not a day. */
const FRACTION_AFTER = /^\s*(?:cups?|of|teaspoons?|tablespoons?|tsp|tbsp|inch(?:es)?|miles?|km|kg|lbs?|pounds?)\b/i;

/** Why a chrono reading is not a date, or undefined when it may be one. */
export function chronoReject(c: DateCase, r: chrono.ParsedResult): string | undefined {
  const dated = (["year", "month", "day", "weekday"] as const).some((k) => r.start.isCertain(k));
  const relative = r.tags().has("result/relativeDate");
  if (!dated && !relative) {
    // "at 14", 三点五: a clock time alone names no day (chrono's "this week" is certain of nothing
    // either, but is a date all the same).
    if (r.start.isCertain("hour") || r.start.isCertain("minute")) return "time only";
  }
  if (/^for\b/i.test(r.text)) return "duration"; // "for a minute", "for two weeks"
  // "a second", "in ten minutes": a time of this day, no date of its own.
  if (SUB_DAY.test(r.text) && !DAY_WORDS.test(r.text)) return "time only";
  if (AMBIGUOUS_LOWER.test(r.text)) return "ambiguous lower-case word";
  if (/^\d{1,2}\/\d{1,2}$/.test(r.text) && FRACTION_AFTER.test(c.text.slice(r.index + r.text.length)))
    return "fraction";
  if (RECURRENCE_BEFORE[c.lang].test(c.text.slice(0, r.index))) return "recurrence";
  return undefined;
}

interface Candidate {
  from: number;
  to: number;
  source: "ours" | "chrono";
  /** The project's reading is a date written out (May 3, 5月3日, 2027-01-05), not a relative word. */
  written: boolean;
  prediction: Prediction;
}

/**
 * Who wins when both read the same span: always one of them, or "by kind": chrono for a date
 * written out (the project then only guesses its year), the project for relative words.
 */
export type Tie = "ours" | "chrono" | "by kind";

export function combined(name: string, options: { tense: boolean; tie: Tie }): Parser {
  return {
    name,
    parse: (c) => {
      const past = isPast(c);
      const candidates: Candidate[] = [];
      for (const m of findTimeMentions(c.text, c.lang, c.reference, past ? "past" : undefined)) {
        // The same recurrence gate as chrono's: the project's own misses 每年4月1号 and 隔周周三.
        if (RECURRENCE_BEFORE[c.lang].test(c.text.slice(0, m.start))) continue;
        const matched = c.text.slice(m.start, m.end);
        const prediction: Prediction =
          m.first === m.last
            ? { kind: "date", start: m.first, matched }
            : { kind: "range", start: m.first, end: m.last, matched };
        candidates.push({ from: m.start, to: m.end, source: "ours", written: m.absolute, prediction });
      }
      const option = options.tense ? { forwardDate: !past } : undefined;
      const results = (c.lang === "en" ? chrono.en.casual : chrono.zh.hans.casual).parse(
        c.text,
        chronoReference(c),
        option,
      );
      // Dates written in digits alone (2027/9/7) read the same in any language: chrono's English
      // parsers read them in Chinese text too.
      if (c.lang === "zh") {
        const numeric = chrono.en.casual.parse(c.text, chronoReference(c), option);
        results.push(...numeric.filter((r) => /^[\d/.-]+$/.test(r.text)));
      }
      for (const r of results) {
        if (chronoReject(c, r)) continue;
        const prediction = fromChrono([r]);
        // chrono's span takes the preposition in ("on Wednesday"); the date is what follows it.
        const lead = /^(?:on|in|at|by|since|from|until|till|before|after)\s+/i.exec(r.text)?.[0].length ?? 0;
        candidates.push({
          from: r.index + lead,
          to: r.index + r.text.length,
          source: "chrono",
          written: false,
          prediction,
        });
      }
      if (candidates.length === 0) return NONE;
      // The first reading in the sentence, and every reading overlapping it.
      const first = Math.min(...candidates.map((x) => x.from));
      const anchor = candidates.find((x) => x.from === first)!;
      const group = candidates.filter((x) => x.from < anchor.to && anchor.from < x.to);
      const wins = (x: Candidate) =>
        options.tie === "by kind"
          ? (x.source === "chrono") === group.some((y) => y.source === "ours" && y.written)
          : x.source === options.tie;
      group.sort((a, b) => b.to - b.from - (a.to - a.from) || (wins(a) ? -1 : 1));
      return group[0]!.prediction;
    },
  };
}

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

if (import.meta.url === `file://${process.argv[1]}`) {
  report(
    [
      chronoParser,
      chronoTenseParser,
      oursParser,
      combined("longest, tie→ours", { tense: false, tie: "ours" }),
      combined("longest, tie→chrono", { tense: false, tie: "chrono" }),
      combined("longest, tie by kind", { tense: false, tie: "by kind" }),
      combined("longest+tense, tie by kind", { tense: true, tie: "by kind" }),
    ],
    !process.argv.includes("--summary"),
  );
}
