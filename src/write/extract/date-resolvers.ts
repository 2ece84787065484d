/**
 * How a date read in a message becomes a period (dates.ts): weekdays, days, months and yearly
 * days placed against the message's clock and the tense of the clause, shared by the Chinese and
 * the English patterns.
 */
import {
  addDays,
  day,
  days,
  isoDay,
  type LocalClock,
  month,
  monthDayByTense,
  monthRange,
  type Period,
  type Tense,
  yearOf,
} from "./calendar.js";

export type Resolver = (match: RegExpExecArray, clock: LocalClock, tense: Tense) => Period | undefined;

/** A weekday with no "last/next": the coming one, or the latest one when the clause is in the past. */
export function bareWeekday(clock: LocalClock, weekday: number, tense: Tense): string {
  return tense === "past"
    ? addDays(clock.date, -((clock.weekday - weekday + 7) % 7))
    : addDays(clock.date, (weekday - clock.weekday + 7) % 7);
}

/** A day written out; without its year, the year the clause's tense points to (calendar.ts). */
export function absoluteDay(
  clock: LocalClock,
  y: number | undefined,
  m: number,
  d: number,
  tense: Tense,
): Period | undefined {
  const date = y === undefined ? monthDayByTense(clock, m, d, tense) : isoDay(y, m, d);
  return date ? { ...day(date), absolute: true } : undefined;
}

/** The `d`th of the month `ahead` months from the message's ("下个月5号", "the 27th of next month"). */
export function dayOfMonth(clock: LocalClock, ahead: number, d: number | undefined): Period | undefined {
  const [first] = monthRange(clock.date, ahead);
  const date = d === undefined ? undefined : isoDay(Number(first.slice(0, 4)), Number(first.slice(5, 7)), d);
  return date ? day(date) : undefined;
}

/**
 * Two weekdays as a range ("下周一到周五", "Monday to Thursday next week"): the first read as a
 * weekday alone would be, the second the same weekday or the next one after it, unless it says
 * its own week.
 */
export function weekdayRange(
  first: string | undefined,
  second: string | undefined,
  from: number,
  to: number,
): Period | undefined {
  if (!first) return undefined;
  const last = second ?? addDays(first, (to - from + 7) % 7);
  return last > first ? days(first, last) : undefined;
}

/**
 * A month named without a year ("in September", "十月"): in a clause told in the past, the
 * occurrence nearest the message (a tie goes to the past: "I entered a relay in June"
 * said in March is this June); otherwise the coming one ("classes start in January").
 * "next"/"last" pick the coming or the previous one explicitly.
 */
export function namedMonth(
  clock: LocalClock,
  monthNumber: number,
  which: string | undefined,
  tense: Tense,
): Period | undefined {
  if (monthNumber < 1 || monthNumber > 12) return undefined;
  let delta = monthNumber - Number(clock.date.slice(5, 7));
  if (which === "next" || which === "coming" || which === "下") {
    if (delta <= 0) delta += 12;
  } else if (which === "last" || which === "上") {
    if (delta >= 0) delta -= 12;
  } else if (which !== "this" && which !== "今") {
    const other = delta > 0 ? delta - 12 : delta + 12;
    // A month named in the past tense has been ("I went to Paris in May", said in March: last May).
    delta = tense === "past" ? (delta > 0 ? other : delta) : delta < 0 ? other : delta;
  }
  return month(clock, delta);
}

/** A yearly day ("Christmas Eve", "the Fourth of July"): the occurrence nearest the message. */
export function namedDay(clock: LocalClock, monthDay: string, tense: Tense): Period {
  const y = yearOf(clock.date, 0);
  const distance = (date: string): number => Date.parse(`${date}T00:00:00Z`) - Date.parse(`${clock.date}T00:00:00Z`);
  // Nearest first; on a tie the past one for a clause in the past, else the coming one.
  const rank = (date: string): number =>
    Math.abs(distance(date)) * 2 + ((tense === "past") === distance(date) < 0 ? 0 : 1);
  return day([y - 1, y, y + 1].map((year) => `${year}-${monthDay}`).sort((a, b) => rank(a) - rank(b))[0]!);
}
