/**
 * Calendar arithmetic for the date readers (dates.ts, written-dates.ts): the message's own day,
 * weeks from Monday (ISO 8601), months, and the year a date written without one falls in.
 */
import { DAY_MS } from "../../time.js";

export interface LocalClock {
  /** Calendar date of the message in its own offset, YYYY-MM-DD. */
  date: string;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes east of UTC, read from the ISO string (`+08:00` → 480). */
  offsetMinutes: number;
}

export type Granularity = "day" | "week" | "weekend" | "month" | "year";

/** Whether the clause speaks of the past ("past"), of the future ("future"), or does not say. */
export type Tense = "past" | "future" | undefined;

/** What one date expression names: a day, a run of days, a week, a weekend, a month or a year. */
export interface Period {
  granularity: Granularity;
  first: string;
  last: string;
  /** Written out (2024-05-10, May 10, 5月10日, 5月3日到7日): the text is left as it is. */
  absolute?: boolean;
}

/** The message's calendar date, weekday and offset. */
export function clockOf(at: string): LocalClock {
  const offsetMinutes = offsetOf(at);
  const local = new Date(Date.parse(at) + offsetMinutes * 60_000);
  const date = local.toISOString().slice(0, 10);
  return { date, weekday: ((local.getUTCDay() + 6) % 7) + 1, offsetMinutes };
}

function offsetOf(at: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(at);
  if (!match || /Z$/i.test(at)) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function mondayOf(clock: LocalClock): string {
  return addDays(clock.date, 1 - clock.weekday);
}

/** The first and last day of the month `monthsAhead` months from the month of `date`. */
export function monthRange(date: string, monthsAhead: number): [string, string] {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1 + monthsAhead, 1));
  const end = new Date(Date.UTC(y, m + monthsAhead, 0));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

export function yearOf(date: string, yearsAhead: number): number {
  return Number(date.slice(0, 4)) + yearsAhead;
}

export const day = (date: string): Period => ({ granularity: "day", first: date, last: date });
export const week = (monday: string): Period => ({ granularity: "week", first: monday, last: addDays(monday, 6) });
export const month = (clock: LocalClock, ahead: number): Period => {
  const [first, last] = monthRange(clock.date, ahead);
  return { granularity: "month", first, last };
};
export const year = (y: number): Period => ({ granularity: "year", first: `${y}-01-01`, last: `${y}-12-31` });

/** A run of days from `first` to `last` (a day when they are equal). */
export const days = (first: string, last: string, absolute = false): Period => ({
  granularity: "day",
  first,
  last,
  ...(absolute ? { absolute } : {}),
});

/** YYYY-MM-DD for a real calendar day, else undefined (February 30th, month 13). */
export function isoDay(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 ? date.toISOString().slice(0, 10) : undefined;
}

/**
 * A day written without its year ("March 3rd", 12月20号): in a clause told in the past, the
 * latest such day up to the message day; otherwise the next one from it ("since March" said in
 * May is this year's March; "my appointment is on March 3rd" said in December is next March).
 */
export function monthDayByTense(clock: LocalClock, m: number, d: number, tense: Tense): string | undefined {
  const y = yearOf(clock.date, 0);
  const dates = [y - 1, y, y + 1].map((year) => isoDay(year, m, d)).filter((x): x is string => x !== undefined);
  return tense === "past" ? dates.filter((x) => x <= clock.date).pop() : dates.find((x) => x >= clock.date);
}

/**
 * A day of the month named alone ("the 22nd", 7号): in a clause told in the past, the latest such
 * day up to the message day; otherwise the next one from it. Months without that day are passed
 * over (the 31st said on April 2nd is May 31st).
 */
export function monthDayAlone(clock: LocalClock, d: number, tense: Tense): string | undefined {
  const [y, m] = clock.date.split("-").map(Number) as [number, number];
  const step = tense === "past" ? -1 : 1;
  for (let k = 0; k <= 12; k++) {
    const at = new Date(Date.UTC(y, m - 1 + step * k, 1));
    const date = isoDay(at.getUTCFullYear(), at.getUTCMonth() + 1, d);
    if (date && (tense === "past" ? date <= clock.date : date >= clock.date)) return date;
  }
  return undefined;
}
