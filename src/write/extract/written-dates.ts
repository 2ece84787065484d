/**
 * Dates written out, read by chrono-node (MIT, no dependencies of its own): "March 3rd", "the 4th
 * of April", 3/14, 10/5/1971, "February 2027", "from May 3 to May 7", "April 12-16", 五月十九日,
 * 二〇二七年七月, 2027/9/7 in Chinese text. On the date set (test/dates) chrono reads these better
 * than the project's own patterns; the project's patterns keep relative words, periods, tense,
 * habits and the things that only look like dates (dates.ts merges the two readings).
 *
 * Only chrono's parsers for written dates run: its relative words ("now", "a week", 下周一) and
 * clock times are left out, since the project reads those its own way (a week runs Monday to
 * Sunday, a bare weekday takes the tense of its clause) and chrono's readings of them are where
 * its false dates come from. A year chrono had to guess is chosen by the clause's tense
 * (calendar.ts `monthDayByTense`), the same rule the project's patterns follow.
 */
import * as en from "chrono-node/en";
import * as hans from "chrono-node/zh/hans";
import { isoDay, type LocalClock, monthDayByTense, monthRange, type Period, type Tense } from "./calendar.js";

/** One date expression found in a text: its span and what it names. */
export interface DateReading {
  start: number;
  end: number;
  period: Period;
}

/** chrono's parsers of written dates, by class name (written-dates.test.ts checks they are all found). */
export const EN_WRITTEN_PARSERS: ReadonlySet<string> = new Set([
  "ENYearMonthDayParser",
  "ISOFormatParser",
  "SlashDateFormatParser",
  "ENMonthNameLittleEndianParser",
  "ENMonthNameMiddleEndianParser",
  "ENSlashMonthFormatParser",
  "ENYearMonthNameParser",
  "ENMonthNameParser",
  // Kept so that "Monday, May 5" is one reading; a weekday alone is dropped below.
  "ENWeekdayParser",
]);
export const ZH_WRITTEN_PARSERS: ReadonlySet<string> = new Set(["ISOFormatParser", "ZHHansDateParser"]);

function writtenOnly(chrono: en.Chrono, keep: ReadonlySet<string>): en.Chrono {
  const copy = chrono.clone();
  copy.parsers = copy.parsers.filter((parser) => keep.has(parser.constructor.name));
  return copy;
}

/** The written-date parsers chrono has, per language (for the test that none went missing). */
export const WRITTEN_CHRONO = {
  en: writtenOnly(en.casual, EN_WRITTEN_PARSERS),
  zh: writtenOnly(hans.casual, ZH_WRITTEN_PARSERS),
};

// Nothing chrono could read as a written date: no digit, no month name, no Chinese year or month.
const MAY_HOLD = {
  en: /\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/iu,
  zh: /\d|[〇零一二三四五六七八九十][年月]/u,
};
// chrono's span may take in a preposition ("on May 3", 从2027年8月8日), a comma before the date
// (，10月3号) or the 年 of 明年 (年10月15日): the date is what follows them.
const LEAD = {
  en: /^(?:[^\p{L}\p{N}]{1,3}|(?:on|in|at|by|since|from|until|till|before|after|of|the)\s{1,3})/iu,
  zh: /^[^\d〇零一二三四五六七八九十]{1,3}/u,
};
/** Month words that are mostly other words in lower case: "may 3 people", "march 4 miles". */
const LOWER_CASE_WORD = /^(?:may|march|sat|sun|wed|mon)\b/u;
/** "1/2 cup", "4/5 stars", "2/3 of the dough": a fraction or a score, not a day. */
const FRACTION_AFTER =
  /^\s*(?:cups?|of|stars?|points?|teaspoons?|tablespoons?|tsp|tbsp|inch(?:es)?|miles?|km|kg|lbs?|pounds?|ounces?|oz|liters?|litres?|rating)\b/iu;
const SCORE_BEFORE = /\b(?:rated|rating|scored?|ratio|odds|about|approximately|roughly)\s+$/iu;
const BETWEEN = { before: /\bbetween\s+$/iu, gap: /^\s*(?:and|&)\s*$/iu };

type Components = en.ParsedResult["start"];

/**
 * The dates written out in `text`, read by chrono. `tenseAt` says whether a date at a span is
 * read in the past, for a date written without its year.
 */
export function writtenDates(
  text: string,
  language: "zh" | "en",
  clock: LocalClock,
  tenseAt: (start: number, end: number) => Tense,
): DateReading[] {
  if (!MAY_HOLD[language].test(text)) return [];
  // "April 12–16": chrono knows the hyphen only. One character for one, so spans stay put; a dash
  // between words ("December 4 — I'm driving") stays a dash.
  const plain = text.replace(/(?<=\d\s?)[–—](?=\s?\d)/gu, "-");
  const reference = { instant: new Date(`${clock.date}T12:00:00Z`), timezone: 0 };
  const results = WRITTEN_CHRONO[language].parse(plain, reference);
  // A date in digits alone (2027/9/7) reads the same in any language: the English parsers read it
  // in Chinese text too, when it has its year.
  if (language === "zh")
    results.push(
      ...WRITTEN_CHRONO.en.parse(plain, reference).filter((r) => /^\d{4}[/.-]\d{1,2}[/.-]\d{1,2}$/u.test(r.text)),
    );
  const readings: DateReading[] = [];
  for (const r of results) {
    const lead = LEAD[language].exec(r.text)?.[0].length ?? 0;
    const start = r.index + lead;
    const end = r.index + r.text.replace(/[^\p{L}\p{N}]{1,3}$/u, "").length;
    const said = text.slice(start, end);
    if (rejected(text, said, start, end)) continue;
    const period = periodOf(r.start, r.end ?? undefined, clock, tenseAt(start, end));
    if (period) readings.push({ start, end, period });
  }
  return joinBetween(
    text,
    readings.sort((a, b) => a.start - b.start),
  );
}

function rejected(text: string, said: string, start: number, end: number): boolean {
  // "3 December, first stop the bakery": chrono's "December, first" is no day.
  if (LOWER_CASE_WORD.test(said) || /,\s{0,2}[a-z]/u.test(said)) return true;
  const slash = /^(\d{1,2})\/(\d{1,2})$/u.exec(said);
  if (slash) {
    // Month first, as English writes it: 24/7 is not a day.
    if (Number(slash[1]) > 12) return true;
    if (FRACTION_AFTER.test(text.slice(end)) || SCORE_BEFORE.test(text.slice(0, start))) return true;
  }
  return false;
}

/**
 * What a chrono reading names: a day when chrono read the day, a month when it read the month
 * and the year ("February 2027", 二〇二七年七月); a month or a weekday alone is left to the
 * project's own patterns, which know what "March" and "Monday" mean in a clause.
 */
function periodOf(start: Components, end: Components | undefined, clock: LocalClock, tense: Tense): Period | undefined {
  const first = dayOf(start, clock, tense);
  if (first === undefined) {
    if (end || !start.isCertain("month") || !start.isCertain("year")) return undefined;
    const [from, to] = monthRange(`${start.get("year")}-${String(start.get("month")).padStart(2, "0")}-01`, 0);
    return { granularity: "month", first: from, last: to, absolute: true };
  }
  let last = first;
  if (end) {
    const y = end.isCertain("year") ? end.get("year")! : Number(first.slice(0, 4));
    const to = end.isCertain("day") ? isoDay(y, end.get("month")!, end.get("day")!) : undefined;
    if (!to) return undefined;
    // "December 30 to January 2": the end's guessed year follows the start.
    last = to < first && !end.isCertain("year") ? (isoDay(y + 1, end.get("month")!, end.get("day")!) ?? to) : to;
    if (last < first) return undefined;
  }
  return { granularity: "day", first, last, absolute: true };
}

function dayOf(c: Components, clock: LocalClock, tense: Tense): string | undefined {
  if (!c.isCertain("day") || !c.isCertain("month")) return undefined;
  const [m, d] = [c.get("month")!, c.get("day")!];
  return c.isCertain("year") ? isoDay(c.get("year")!, m, d) : monthDayByTense(clock, m, d, tense);
}

/** "between June 7th and June 8th", "between December 30th and January 1st": one range. */
function joinBetween(text: string, readings: DateReading[]): DateReading[] {
  const out: DateReading[] = [];
  for (const reading of readings) {
    const prev = out[out.length - 1];
    if (
      prev &&
      prev.period.first === prev.period.last &&
      reading.period.first === reading.period.last &&
      BETWEEN.gap.test(text.slice(prev.end, reading.start)) &&
      BETWEEN.before.test(text.slice(0, prev.start))
    ) {
      let last = reading.period.last;
      if (last < prev.period.first && !/\d{4}/u.test(text.slice(reading.start, reading.end))) {
        const [y, m, d] = last.split("-").map(Number) as [number, number, number];
        last = isoDay(y + 1, m, d) ?? last;
      }
      if (last > prev.period.first) {
        out[out.length - 1] = {
          start: prev.start,
          end: reading.end,
          period: { granularity: "day", first: prev.period.first, last, absolute: true },
        };
        continue;
      }
    }
    out.push(reading);
  }
  return out;
}
