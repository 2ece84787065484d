/**
 * A set of date expressions in English and Chinese, each in a realistic sentence, with the
 * message time it was said at and the calendar dates it means. Written before reading any date
 * parser (the project's or chrono-node's): the expected values come from the conventions below
 * and from the small calendar helpers in this file, not from what a parser returns.
 *
 * Built from a seeded generator (templates with random dates, numbers, weekdays and message
 * times) plus a small hand-written table. `dateSet()` is the whole set: the generator under
 * seed 1 ("dev"), under seed 2 ("held-out"), and the table, whose rows alternate between the
 * two halves. Tune on dev, report held-out too.
 *
 * Conventions (decided here, before any parser was run):
 * - Dates are calendar days in the message's own time zone. Every message time is between 09:00
 *   and 13:59 UTC, so the day is the same anywhere from UTC-9 to UTC+10.
 * - Weeks run Monday to Sunday (ISO; 下周 is unambiguous about that). "next week" is next Monday
 *   to next Sunday; "this weekend" is this week's Saturday and Sunday.
 * - English "next Friday" and "last Tuesday" are ambiguous (the coming Friday, or Friday of next
 *   week?). The generator only uses them on message days where both readings agree: "next X"
 *   when X is not later in the week than the message day, "last X" when X is not earlier.
 *   Chinese 下周五 / 上周五 are the Friday of next / last week, on any day.
 * - A bare weekday takes its tense from the sentence: "I'll call the plumber on Monday" is the
 *   next Monday after the message day, "I saw Tom on Monday" the last one before it. The message
 *   day itself is never the weekday named.
 * - A date without a year takes its tense from the sentence too: the next such day in the future
 *   for plans, the last one in the past for things done ("since March" said in May is this
 *   year's March). The generator keeps such dates within 150 days of the message, so the
 *   nearest occurrence and the tense agree.
 * - A month on its own ("in March", 二〇二七年一月) is a range over the whole month; a year on its
 *   own ("next year", 明年) a range over the whole year.
 * - Ranges are inclusive: "May 3-7" ends on May 7.
 * - Recurring expressions are a rule (frequency, interval, weekdays, day of month, month), not
 *   a date: "every Wednesday" is weekly on Wednesday, whichever Wednesday comes next.
 * - Durations are not dates: "I haven't seen him for two weeks" names no day.
 * - A farewell that names a day is a date: "see you tomorrow" / 明天见 mean tomorrow. Whether it
 *   is worth remembering is the extractor's question, not the date parser's.
 * - Negatives are sentences with words that look like dates and are not: "May I…", "march
 *   forward", "a second", 1/2 cup, 周到, 五号选手, 周一鸣 (a name), 星期 as a word.
 */

import { createRng } from "../bench/fixtures.js";

export type Lang = "en" | "zh";
export type Kind = "date" | "range" | "recurring" | "none";
export type Category = "absolute" | "no-year" | "relative" | "past" | "range" | "recurring" | "negative";
export const CATEGORIES: readonly Category[] = [
  "absolute",
  "no-year",
  "relative",
  "past",
  "range",
  "recurring",
  "negative",
];
export type Half = "dev" | "held-out";

/** A recurrence. Weekdays are ISO: 1 = Monday … 7 = Sunday. */
export interface Rule {
  freq: "daily" | "weekly" | "monthly" | "yearly";
  /** Every `interval` days / weeks / months / years: 2 for "every other week". */
  interval: number;
  weekdays?: number[];
  monthDay?: number;
  month?: number;
}

export interface Expected {
  kind: Kind;
  /** YYYY-MM-DD: the date, or the first day of the range. */
  start?: string;
  /** YYYY-MM-DD: the last day of the range (inclusive). */
  end?: string;
  rule?: Rule;
}

export interface DateCase {
  id: string;
  lang: Lang;
  category: Category;
  half: Half;
  /** "gen:<template>" for generated cases, "table" for the hand-written rows. */
  source: string;
  /** The sentence, as a user would write it. */
  text: string;
  /** The date expression inside it ("" for negatives). */
  expr: string;
  /** The message time, ISO 8601 in UTC. */
  reference: string;
  expected: Expected;
}

// ---------------------------------------------------------------------------------------------
// Random numbers and calendar arithmetic (UTC dates stand for calendar days).

export type Rng = () => number;

/** The project's seeded generator (test/bench/fixtures.ts), under this file's name. */
export const rngFor: (seed: number) => Rng = createRng;

function int(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const DAY = 86_400_000;

function day(y: number, m: number, d: number): Date {
  return new Date(Date.UTC(y, m - 1, d));
}

export function ymd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: Date, n: number): Date {
  return new Date(date.getTime() + n * DAY);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function weekday(date: Date): number {
  return date.getUTCDay() || 7;
}

function monday(date: Date): Date {
  return addDays(date, 1 - weekday(date));
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const Y = (d: Date) => d.getUTCFullYear();
const M = (d: Date) => d.getUTCMonth() + 1;
const D = (d: Date) => d.getUTCDate();

/** The month `n` months after the month of `date`, as [year, month]. */
function shiftMonth(date: Date, n: number): [number, number] {
  const index = Y(date) * 12 + (M(date) - 1) + n;
  return [Math.floor(index / 12), (index % 12) + 1];
}

function monthRange(y: number, m: number): Expected {
  return { kind: "range", start: ymd(day(y, m, 1)), end: ymd(day(y, m, daysInMonth(y, m))) };
}

function dateOf(date: Date): Expected {
  return { kind: "date", start: ymd(date) };
}

function rangeOf(from: Date, to: Date): Expected {
  return { kind: "range", start: ymd(from), end: ymd(to) };
}

/** A message time: a day in 2026–2027, between 09:00 and 13:59 UTC. */
function randomReference(rng: Rng): Date {
  const d = addDays(day(2026, 1, 1), int(rng, 0, 729));
  return new Date(d.getTime() + int(rng, 9, 13) * 3_600_000 + int(rng, 0, 59) * 60_000);
}

function dayOf(reference: Date): Date {
  return day(Y(reference), M(reference), D(reference));
}

// ---------------------------------------------------------------------------------------------
// Words.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

const CN_DIGITS = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** 1–99 in Chinese numerals: 五, 十二, 二十一, 三十. */
export function cn(n: number): string {
  if (n < 10) return CN_DIGITS[n]!;
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? "" : CN_DIGITS[tens]}十${ones ? CN_DIGITS[ones] : ""}`;
}

/** A count before a measure word: 两 for 2. */
function cnCount(n: number): string {
  return n === 2 ? "两" : cn(n);
}

/** A year digit by digit: 二〇二七 (or 二零二七). */
function cnYear(y: number, zero = "〇"): string {
  return [...String(y)].map((c) => (c === "0" ? zero : CN_DIGITS[Number(c)])).join("");
}

/** 周五 / 星期五 / 礼拜五; Sunday is 日 or 天. */
function zhWeekday(rng: Rng, wd: number, prefix?: string): string {
  const p = prefix ?? pick(rng, ["周", "星期", "礼拜"]);
  const name = wd === 7 ? pick(rng, ["日", "天"]) : CN_DIGITS[wd]!;
  return `${p}${name}`;
}

const ZH_NEXT_WEEK = ["下周", "下星期", "下个星期", "下礼拜", "下个礼拜"];
const ZH_LAST_WEEK = ["上周", "上星期", "上个星期", "上礼拜", "上个礼拜"];
const ZH_THIS_WEEK = ["这周", "本周", "这个星期", "这礼拜", "这个礼拜"];

/** 3月5日 / 3月5号 / 三月五号. */
function zhMonthDay(rng: Rng, m: number, d: number): string {
  const suffix = pick(rng, ["日", "号"]);
  return rng() < 0.3 ? `${cn(m)}月${cn(d)}${suffix}` : `${m}月${d}${suffix}`;
}

function enMonthDay(rng: Rng, m: number, d: number): string {
  switch (int(rng, 0, 4)) {
    case 0:
      return `${MONTHS[m - 1]} ${d}`;
    case 1:
      return `${MONTHS[m - 1]} ${ordinal(d)}`;
    case 2:
      return `the ${ordinal(d)} of ${MONTHS[m - 1]}`;
    case 3:
      return `${MONTH_ABBR[m - 1]} ${d}`;
    default:
      return `${m}/${d}`;
  }
}

const EN_FUTURE = [
  (x: string) => `I have a dentist appointment on ${x}.`,
  (x: string) => `My sister's wedding is on ${x}.`,
  (x: string) => `Our flight to Lisbon leaves on ${x}.`,
  (x: string) => `The quarterly review is scheduled for ${x}.`,
  (x: string) => `I'm starting the new job on ${x}.`,
  (x: string) => `Remind me that the rent is due on ${x}.`,
];
const EN_PAST = [
  (x: string) => `I moved into this flat on ${x}.`,
  (x: string) => `We adopted the cat on ${x}.`,
  (x: string) => `I had knee surgery on ${x}.`,
  (x: string) => `I handed in my notice on ${x}.`,
  (x: string) => `My passport was renewed on ${x}.`,
];
const ZH_FUTURE = [
  (x: string) => `${x}我要去北京出差。`,
  (x: string) => `${x}是我妹妹的婚礼。`,
  (x: string) => `我们${x}去看房子。`,
  (x: string) => `${x}要交季度报告。`,
  (x: string) => `我${x}开始上新工作。`,
  (x: string) => `提醒我${x}交房租。`,
];
const ZH_PAST = [
  (x: string) => `我${x}搬进了现在的公寓。`,
  (x: string) => `${x}我们领养了这只猫。`,
  (x: string) => `我${x}做了膝盖手术。`,
  (x: string) => `${x}我提交了辞职信。`,
  (x: string) => `${x}我去医院做了体检。`,
];

// ---------------------------------------------------------------------------------------------
// Templates. A template draws what it needs and returns the case, or null when the message time
// does not suit it (the generator then draws another message time).

interface Drawn {
  text: string;
  expr: string;
  expected: Expected;
}
interface Template {
  lang: Lang;
  category: Category;
  name: string;
  gen: (rng: Rng, reference: Date) => Drawn | null;
}

const T: Template[] = [];
function t(lang: Lang, category: Category, name: string, gen: Template["gen"]): void {
  T.push({ lang, category, name, gen });
}

// --- English, absolute (with a year) ---------------------------------------------------------

function anyDay(rng: Rng, fromYear: number, toYear: number): Date {
  const y = int(rng, fromYear, toYear);
  const m = int(rng, 1, 12);
  return day(y, m, int(rng, 1, daysInMonth(y, m)));
}

t("en", "absolute", "month-day-year", (rng, ref) => {
  const d = addDays(dayOf(ref), int(rng, 10, 700));
  const expr = `${pick(rng, [MONTHS, MONTH_ABBR])[M(d) - 1]} ${pick(rng, [String(D(d)), ordinal(D(d))])}, ${Y(d)}`;
  return { text: pick(rng, EN_FUTURE)(expr), expr, expected: dateOf(d) };
});
t("en", "absolute", "day-month-year", (rng, ref) => {
  const d = anyDay(rng, Y(ref) - 3, Y(ref) - 1);
  const expr = `${D(d)} ${MONTHS[M(d) - 1]} ${Y(d)}`;
  return { text: pick(rng, EN_PAST)(expr), expr, expected: dateOf(d) };
});
t("en", "absolute", "iso", (rng, ref) => {
  const d = addDays(dayOf(ref), int(rng, 30, 1000));
  const expr = ymd(d);
  return { text: `My passport expires ${expr}, so I need to renew it.`, expr, expected: dateOf(d) };
});
t("en", "absolute", "us-numeric-birthday", (rng) => {
  const d = anyDay(rng, 1960, 2005);
  const expr = `${M(d)}/${D(d)}/${Y(d)}`;
  return { text: `I was born on ${expr}.`, expr, expected: dateOf(d) };
});
t("en", "absolute", "month-year", (rng, ref) => {
  const [y, m] = shiftMonth(ref, int(rng, 2, 14));
  const expr = `${MONTHS[m - 1]} ${y}`;
  return { text: `The baby is due in ${expr}.`, expr, expected: monthRange(y, m) };
});
t("en", "absolute", "the-day-of-month-year", (rng, ref) => {
  const d = anyDay(rng, Y(ref) + 1, Y(ref) + 1);
  const expr = `the ${ordinal(D(d))} of ${MONTHS[M(d) - 1]}, ${Y(d)}`;
  return { text: `We're getting married on ${expr}.`, expr, expected: dateOf(d) };
});

// --- English, without a year (plans) ----------------------------------------------------------

t("en", "no-year", "month-day-future", (rng, ref) => {
  const d = addDays(dayOf(ref), int(rng, 2, 150));
  const expr = enMonthDay(rng, M(d), D(d));
  return { text: pick(rng, EN_FUTURE)(expr), expr, expected: dateOf(d) };
});
t("en", "no-year", "day-of-month-future", (rng, ref) => {
  const today = dayOf(ref);
  const d = addDays(today, int(rng, 2, 27));
  if (D(d) === D(today)) return null;
  const expr = `the ${ordinal(D(d))}`;
  return {
    text: pick(rng, [`The rent is due on ${expr}.`, `Can we meet on ${expr}?`, `The plumber is coming on ${expr}.`]),
    expr,
    expected: dateOf(d),
  };
});
t("en", "no-year", "month-future", (rng, ref) => {
  const [y, m] = shiftMonth(ref, int(rng, 1, 5));
  const expr = `in ${MONTHS[m - 1]}`;
  return {
    text: pick(rng, [`We're moving to Denver ${expr}.`, `I'll start the course ${expr}.`]),
    expr,
    expected: monthRange(y, m),
  };
});
t("en", "no-year", "on-the-day-of-next-month", (rng, ref) => {
  const [y, m] = shiftMonth(ref, 1);
  const d = int(rng, 1, daysInMonth(y, m));
  const expr = `on the ${ordinal(d)} of next month`;
  return { text: `The new tenant moves in ${expr}.`, expr, expected: dateOf(day(y, m, d)) };
});

// --- English, relative --------------------------------------------------------------------------

const enOffsets: [string, number, string[]][] = [
  ["today", 0, ["I have to finish the slides today."]],
  ["tonight", 0, ["I'm cooking pasta for the kids tonight.", "We're watching the match tonight."]],
  ["tomorrow", 1, ["I have a job interview tomorrow.", "Tomorrow I'm taking the car in for service."]],
  ["the day after tomorrow", 2, ["My parents arrive the day after tomorrow."]],
  ["yesterday", -1, ["I lost my keys yesterday.", "Yesterday I finally called the bank."]],
  ["the day before yesterday", -2, ["I met Anna the day before yesterday."]],
  ["see you tomorrow", 1, ["Great talk, see you tomorrow!"]],
];
t("en", "relative", "fixed-offset", (rng, ref) => {
  const [expr, n, sentences] = pick(rng, enOffsets);
  const text = pick(rng, sentences);
  return { text, expr: expr === "see you tomorrow" ? "tomorrow" : expr, expected: dateOf(addDays(dayOf(ref), n)) };
});
t("en", "relative", "in-n-days", (rng, ref) => {
  const n = int(rng, 2, 14);
  const count = n <= 10 && rng() < 0.5 ? NUMBER_WORDS[n]! : String(n);
  const expr = rng() < 0.7 ? `in ${count} days` : `${count} days from now`;
  return { text: `The package should arrive ${expr}.`, expr, expected: dateOf(addDays(dayOf(ref), n)) };
});
t("en", "relative", "n-days-ago", (rng, ref) => {
  const n = int(rng, 2, 12);
  const count = n <= 10 && rng() < 0.5 ? NUMBER_WORDS[n]! : String(n);
  const expr = `${count} days ago`;
  return { text: `I started the antibiotics ${expr}.`, expr, expected: dateOf(addDays(dayOf(ref), -n)) };
});
t("en", "relative", "weeks", (rng, ref) => {
  const n = int(rng, 1, 4);
  const count = n === 1 ? "a" : pick(rng, [NUMBER_WORDS[n]!, String(n)]);
  const future = rng() < 0.5;
  const expr = future ? `in ${count} week${n === 1 ? "" : "s"}` : `${count} week${n === 1 ? "" : "s"} ago`;
  const text = future ? `My cast comes off ${expr}.` : `I broke my wrist ${expr}.`;
  return { text, expr, expected: dateOf(addDays(dayOf(ref), future ? 7 * n : -7 * n)) };
});
t("en", "relative", "next-weekday", (rng, ref) => {
  const today = dayOf(ref);
  const target = int(rng, 1, weekday(today)); // not later in the week: both readings agree
  const expr = `next ${WEEKDAYS[target]}`;
  return {
    text: pick(rng, [`Let's have lunch ${expr}.`, `The electrician is coming ${expr}.`]),
    expr,
    expected: dateOf(addDays(monday(today), 7 + target - 1)),
  };
});
t("en", "relative", "last-weekday", (rng, ref) => {
  const today = dayOf(ref);
  const target = int(rng, weekday(today), 7); // not earlier in the week: both readings agree
  const expr = `last ${WEEKDAYS[target]}`;
  return {
    text: pick(rng, [`I ran into my old boss ${expr}.`, `The heating broke down ${expr}.`]),
    expr,
    expected: dateOf(addDays(monday(today), -7 + target - 1)),
  };
});
t("en", "relative", "this-weekday", (rng, ref) => {
  const today = dayOf(ref);
  if (weekday(today) >= 5) return null;
  const target = int(rng, weekday(today) + 1, 5);
  const expr = `this ${WEEKDAYS[target]}`;
  return { text: `The team dinner is ${expr}.`, expr, expected: dateOf(addDays(monday(today), target - 1)) };
});
t("en", "relative", "bare-weekday-future", (rng, ref) => {
  const today = dayOf(ref);
  const target = int(rng, 1, 7);
  if (target === weekday(today)) return null;
  const expr = `on ${WEEKDAYS[target]}`;
  return {
    text: pick(rng, [`I'll call the plumber ${expr}.`, `I'm going to visit my aunt ${expr}.`]),
    expr,
    expected: dateOf(addDays(today, (target - weekday(today) + 7) % 7)),
  };
});
t("en", "relative", "a-week-from-today", (_rng, ref) => {
  const expr = "a week from today";
  return { text: `The results will be out ${expr}.`, expr, expected: dateOf(addDays(dayOf(ref), 7)) };
});

// --- English, the past ----------------------------------------------------------------------------

t("en", "past", "month-day-past", (rng, ref) => {
  const d = addDays(dayOf(ref), -int(rng, 2, 150));
  const expr = enMonthDay(rng, M(d), D(d));
  return { text: pick(rng, EN_PAST)(expr), expr, expected: dateOf(d) };
});
t("en", "past", "since-month", (rng, ref) => {
  const [y, m] = shiftMonth(ref, -int(rng, 1, 5));
  const expr = `since ${MONTHS[m - 1]}`;
  return {
    text: pick(rng, [`I've been learning Spanish ${expr}.`, `I haven't had a cigarette ${expr}.`]),
    expr,
    expected: monthRange(y, m),
  };
});
t("en", "past", "in-month-past", (rng, ref) => {
  const [y, m] = shiftMonth(ref, -int(rng, 1, 5));
  const expr = pick(rng, [`in ${MONTHS[m - 1]}`, `back in ${MONTHS[m - 1]}`]);
  return { text: `We went to Japan ${expr}.`, expr, expected: monthRange(y, m) };
});
t("en", "past", "bare-weekday-past", (rng, ref) => {
  const today = dayOf(ref);
  const target = int(rng, 1, 7);
  if (target === weekday(today)) return null;
  const expr = `on ${WEEKDAYS[target]}`;
  return {
    text: pick(rng, [`I saw Tom at the gym ${expr}.`, `My laptop crashed ${expr}.`]),
    expr,
    expected: dateOf(addDays(today, -((weekday(today) - target + 7) % 7))),
  };
});
t("en", "past", "day-of-month-past", (rng, ref) => {
  const today = dayOf(ref);
  if (D(today) < 4) return null;
  const d = int(rng, 1, D(today) - 2);
  const expr = `on the ${ordinal(d)}`;
  return { text: `I paid the electricity bill ${expr}.`, expr, expected: dateOf(day(Y(today), M(today), d)) };
});

// --- English, ranges ---------------------------------------------------------------------------------

t("en", "range", "from-to", (rng, ref) => {
  const a = addDays(dayOf(ref), int(rng, 2, 120));
  const b = addDays(a, int(rng, 1, 10));
  const expr = `from ${MONTHS[M(a) - 1]} ${D(a)} to ${MONTHS[M(b) - 1]} ${D(b)}`;
  return { text: `I'll be on holiday ${expr}.`, expr, expected: rangeOf(a, b) };
});
t("en", "range", "month-d1-d2", (rng, ref) => {
  const a = addDays(dayOf(ref), int(rng, 2, 120));
  const b = addDays(a, int(rng, 1, 6));
  if (M(a) !== M(b)) return null;
  const expr = `${MONTHS[M(a) - 1]} ${D(a)}${pick(rng, ["-", "–", " - "])}${D(b)}`;
  return { text: `I'll be in Paris ${expr} for the trade fair.`, expr, expected: rangeOf(a, b) };
});
t("en", "range", "between-and", (rng, ref) => {
  const a = addDays(dayOf(ref), int(rng, 2, 120));
  const b = addDays(a, int(rng, 1, 10));
  const expr = `between ${MONTHS[M(a) - 1]} ${ordinal(D(a))} and ${MONTHS[M(b) - 1]} ${ordinal(D(b))}`;
  return { text: `The office is closed ${expr}.`, expr, expected: rangeOf(a, b) };
});
t("en", "range", "numeric-from-to", (rng, ref) => {
  const a = addDays(dayOf(ref), int(rng, 2, 120));
  const b = addDays(a, int(rng, 2, 9));
  const expr = `from ${M(a)}/${D(a)} to ${M(b)}/${D(b)}`;
  return { text: `The sale runs ${expr}.`, expr, expected: rangeOf(a, b) };
});
t("en", "range", "week-words", (rng, ref) => {
  const today = dayOf(ref);
  if (weekday(today) > 5) return null; // weekends: whose week is it?
  const mon = monday(today);
  const options: [string, Date, Date, string][] = [
    ["next week", addDays(mon, 7), addDays(mon, 13), "I'm in Berlin all next week."],
    ["last week", addDays(mon, -7), addDays(mon, -1), "I had the flu last week."],
    ["this week", mon, addDays(mon, 6), "I'm working from home this week."],
    ["this weekend", addDays(mon, 5), addDays(mon, 6), "We're going camping this weekend."],
    ["last weekend", addDays(mon, -2), addDays(mon, -1), "We painted the kitchen last weekend."],
  ];
  const [expr, a, b, text] = pick(rng, options);
  return { text, expr, expected: rangeOf(a, b) };
});
t("en", "range", "next-month-year", (rng, ref) => {
  if (rng() < 0.6) {
    const [y, m] = shiftMonth(ref, 1);
    return { text: "My brother is visiting next month.", expr: "next month", expected: monthRange(y, m) };
  }
  const y = Y(ref) + 1;
  return {
    text: "We plan to buy a house next year.",
    expr: "next year",
    expected: { kind: "range", start: `${y}-01-01`, end: `${y}-12-31` },
  };
});
t("en", "range", "weekdays-next-week", (rng, ref) => {
  const today = dayOf(ref);
  if (weekday(today) > 5) return null;
  const a = int(rng, 1, 4);
  const b = int(rng, a + 1, 5);
  const expr = `from ${WEEKDAYS[a]} to ${WEEKDAYS[b]} next week`;
  const mon = addDays(monday(today), 7);
  return { text: `I'm off ${expr}.`, expr, expected: rangeOf(addDays(mon, a - 1), addDays(mon, b - 1)) };
});
t("en", "range", "with-year", (rng, ref) => {
  const a = anyDay(rng, Y(ref) + 1, Y(ref) + 1);
  const b = addDays(a, int(rng, 3, 20));
  const expr = `from ${MONTHS[M(a) - 1]} ${D(a)}, ${Y(a)} to ${MONTHS[M(b) - 1]} ${D(b)}, ${Y(b)}`;
  return { text: `The sabbatical runs ${expr}.`, expr, expected: rangeOf(a, b) };
});

// --- English, recurring ----------------------------------------------------------------------------

t("en", "recurring", "every-weekday", (rng) => {
  const wd = int(rng, 1, 7);
  const expr = `every ${WEEKDAYS[wd]}`;
  return {
    text: pick(rng, [
      `I go swimming ${expr}.`,
      `We have band practice ${expr}.`,
      `${expr[0]!.toUpperCase()}${expr.slice(1)} I call my mum.`,
    ]),
    expr,
    expected: { kind: "recurring", rule: { freq: "weekly", interval: 1, weekdays: [wd] } },
  };
});
t("en", "recurring", "plural-weekday", (rng) => {
  const wd = int(rng, 1, 7);
  const expr = `on ${WEEKDAYS[wd]}s`;
  return {
    text: pick(rng, [`I do yoga ${expr}.`, `The cleaner comes ${expr}.`]),
    expr,
    expected: { kind: "recurring", rule: { freq: "weekly", interval: 1, weekdays: [wd] } },
  };
});
t("en", "recurring", "every-other", (rng) => {
  if (rng() < 0.5) {
    const wd = int(rng, 1, 5);
    const expr = `every other ${WEEKDAYS[wd]}`;
    return {
      text: `I see my therapist ${expr}.`,
      expr,
      expected: { kind: "recurring", rule: { freq: "weekly", interval: 2, weekdays: [wd] } },
    };
  }
  const expr = pick(rng, ["every other week", "every two weeks", "every 2 weeks"]);
  return {
    text: `The recycling is collected ${expr}.`,
    expr,
    expected: { kind: "recurring", rule: { freq: "weekly", interval: 2 } },
  };
});
t("en", "recurring", "daily", (rng) => {
  const expr = pick(rng, ["every day", "daily", "every morning", "every night"]);
  return {
    text: pick(rng, [`I take my blood pressure pills ${expr}.`, `I walk the dog ${expr}.`]),
    expr,
    expected: { kind: "recurring", rule: { freq: "daily", interval: 1 } },
  };
});
t("en", "recurring", "monthly-day", (rng) => {
  const d = int(rng, 1, 28);
  const expr = pick(rng, [`on the ${ordinal(d)} of every month`, `every month on the ${ordinal(d)}`]);
  return {
    text: `My salary comes in ${expr}.`,
    expr,
    expected: { kind: "recurring", rule: { freq: "monthly", interval: 1, monthDay: d } },
  };
});
t("en", "recurring", "yearly", (rng) => {
  const m = int(rng, 1, 12);
  const d = int(rng, 1, daysInMonth(2027, m));
  const expr = pick(rng, [`every year on ${MONTHS[m - 1]} ${ordinal(d)}`, `every ${MONTHS[m - 1]} ${ordinal(d)}`]);
  return {
    text: `We celebrate our anniversary ${expr}.`,
    expr,
    expected: { kind: "recurring", rule: { freq: "yearly", interval: 1, month: m, monthDay: d } },
  };
});
t("en", "recurring", "two-weekdays", (rng) => {
  const a = int(rng, 1, 4);
  const b = int(rng, a + 1, 5);
  const expr = `every ${WEEKDAYS[a]} and ${WEEKDAYS[b]}`;
  return {
    text: `I have piano lessons ${expr}.`,
    expr,
    expected: { kind: "recurring", rule: { freq: "weekly", interval: 1, weekdays: [a, b] } },
  };
});
t("en", "recurring", "every-n-days", (rng) => {
  const n = int(rng, 2, 5);
  const expr = `every ${pick(rng, [NUMBER_WORDS[n]!, String(n)])} days`;
  return {
    text: `I water the orchids ${expr}.`,
    expr,
    expected: { kind: "recurring", rule: { freq: "daily", interval: n } },
  };
});

// --- English, negatives ------------------------------------------------------------------------------

const EN_NEGATIVE = [
  "I may go to the party, I'm not sure yet.",
  "May I borrow your charger for a minute?",
  "The band will march forward through the rain.",
  "Wait a second, I'll check the fridge.",
  "This is my second attempt at the driving test.",
  "Add 1/2 cup of sugar and stir well.",
  "Roll out 2/3 of the dough first.",
  "The score was 3-1 at half time.",
  "I'm still on version 2.4 of the app.",
  "I met April at the climbing gym.",
  "Jan from accounting sent me the report.",
  "The sun is out, let's go for a walk.",
  "I sat next to her on the bus.",
  "It was an august gathering of scholars.",
  "I've told him a hundred times to lock the door.",
  "Some days I just want to stay in bed.",
  "Every time I see him he's on his phone.",
  "I haven't seen my cousin for two weeks.",
  "Chapter 12 is the best part of the book.",
  "The ratio of flour to water is 3:2.",
  "We live at 14 Oak Street.",
  "My son is 7 years old.",
];
t("en", "negative", "sentence", (rng) => ({ text: pick(rng, EN_NEGATIVE), expr: "", expected: { kind: "none" } }));

// --- Chinese, absolute (with a year) -------------------------------------------------------------------

t("zh", "absolute", "digits-ymd", (rng, ref) => {
  const d = addDays(dayOf(ref), int(rng, 10, 700));
  const expr = `${Y(d)}年${M(d)}月${D(d)}${pick(rng, ["日", "号"])}`;
  return { text: pick(rng, ZH_FUTURE)(expr), expr, expected: dateOf(d) };
});
t("zh", "absolute", "chinese-ymd", (rng, ref) => {
  const d = addDays(dayOf(ref), int(rng, 10, 700));
  const expr = `${cnYear(Y(d), pick(rng, ["〇", "零"]))}年${cn(M(d))}月${cn(D(d))}日`;
  return { text: `我们${expr}结婚。`, expr, expected: dateOf(d) };
});
t("zh", "absolute", "chinese-ym", (rng, ref) => {
  const [y, m] = shiftMonth(ref, int(rng, 2, 14));
  const expr = `${cnYear(y)}年${cn(m)}月`;
  return { text: `预产期是${expr}。`, expr, expected: monthRange(y, m) };
});
t("zh", "absolute", "iso-or-slash", (rng, ref) => {
  const d = addDays(dayOf(ref), int(rng, 30, 1000));
  const expr = rng() < 0.5 ? ymd(d) : `${Y(d)}/${M(d)}/${D(d)}`;
  return { text: `护照有效期到${expr}。`, expr, expected: dateOf(d) };
});
t("zh", "absolute", "birth", (rng) => {
  const d = anyDay(rng, 1960, 2005);
  const expr = `${Y(d)}年${M(d)}月${D(d)}日`;
  return { text: `我是${expr}出生的。`, expr, expected: dateOf(d) };
});
t("zh", "absolute", "digits-ym-past", (rng, ref) => {
  const [y, m] = shiftMonth(ref, -int(rng, 13, 40));
  const expr = `${y}年${m}月`;
  return { text: `我${expr}入职这家公司。`, expr, expected: monthRange(y, m) };
});

// --- Chinese, without a year (plans) --------------------------------------------------------------------

t("zh", "no-year", "month-day-future", (rng, ref) => {
  const d = addDays(dayOf(ref), int(rng, 2, 150));
  const expr = zhMonthDay(rng, M(d), D(d));
  return { text: pick(rng, ZH_FUTURE)(expr), expr, expected: dateOf(d) };
});
t("zh", "no-year", "day-future", (rng, ref) => {
  const today = dayOf(ref);
  const d = addDays(today, int(rng, 2, 27));
  if (D(d) === D(today)) return null;
  const expr = `${rng() < 0.3 ? cn(D(d)) : D(d)}号`;
  return {
    text: pick(rng, [`${expr}我们去爬山吧。`, `${expr}交水电费。`, `修水管的师傅${expr}来。`]),
    expr,
    expected: dateOf(d),
  };
});
t("zh", "no-year", "next-month-day", (rng, ref) => {
  const [y, m] = shiftMonth(ref, 1);
  const d = int(rng, 1, daysInMonth(y, m));
  const expr = `${pick(rng, ["下个月", "下月"])}${rng() < 0.3 ? cn(d) : d}${pick(rng, ["号", "日"])}`;
  return { text: `新租客${expr}搬进来。`, expr, expected: dateOf(day(y, m, d)) };
});
t("zh", "no-year", "month-future", (rng, ref) => {
  const [y, m] = shiftMonth(ref, int(rng, 1, 5));
  const expr = rng() < 0.5 ? `${m}月份` : `${cn(m)}月`;
  return { text: `我们打算${expr}搬去成都。`, expr, expected: monthRange(y, m) };
});
t("zh", "no-year", "next-year-month-day", (rng, ref) => {
  const y = Y(ref) + 1;
  const m = int(rng, 1, 12);
  const d = int(rng, 1, daysInMonth(y, m));
  const expr = `明年${m}月${d}${pick(rng, ["日", "号"])}`;
  return { text: `公司${expr}上市。`, expr, expected: dateOf(day(y, m, d)) };
});

// --- Chinese, relative -------------------------------------------------------------------------------------

const zhOffsets: [string, number, string[]][] = [
  ["今天", 0, ["今天我得把报告写完。"]],
  ["今晚", 0, ["今晚我们吃火锅。"]],
  ["明天", 1, ["我明天有个面试。", "明天我要去修车。"]],
  ["后天", 2, ["我爸妈后天到。"]],
  ["大后天", 3, ["大后天我们去看演唱会。"]],
  ["昨天", -1, ["我昨天把钥匙弄丢了。"]],
  ["前天", -2, ["前天我碰到了小李。"]],
  ["大前天", -3, ["大前天我去银行办了卡。"]],
  ["明天", 1, ["好的，明天见！"]],
];
t("zh", "relative", "fixed-offset", (rng, ref) => {
  const [expr, n, sentences] = pick(rng, zhOffsets);
  return { text: pick(rng, sentences), expr, expected: dateOf(addDays(dayOf(ref), n)) };
});
t("zh", "relative", "n-days-later", (rng, ref) => {
  const n = int(rng, 2, 10);
  const expr = `${rng() < 0.5 ? cnCount(n) : n}天${pick(rng, ["后", "以后", "之后"])}`;
  return { text: `快递${expr}到。`, expr, expected: dateOf(addDays(dayOf(ref), n)) };
});
t("zh", "relative", "n-days-ago", (rng, ref) => {
  const n = int(rng, 2, 10);
  const expr = `${rng() < 0.5 ? cnCount(n) : n}天${pick(rng, ["前", "以前"])}`;
  return { text: `我${expr}开始吃抗生素。`, expr, expected: dateOf(addDays(dayOf(ref), -n)) };
});
t("zh", "relative", "n-weeks", (rng, ref) => {
  const n = int(rng, 1, 4);
  const unit = pick(rng, ["周", "个星期", "个礼拜"]);
  const future = rng() < 0.5;
  const expr = `${rng() < 0.5 ? cnCount(n) : n}${unit}${future ? "后" : "前"}`;
  const text = future ? `我${expr}拆石膏。` : `我${expr}摔断了手腕。`;
  return { text, expr, expected: dateOf(addDays(dayOf(ref), future ? 7 * n : -7 * n)) };
});
t("zh", "relative", "next-week-day", (rng, ref) => {
  const wd = int(rng, 1, 7);
  const expr = zhWeekday(rng, wd, pick(rng, ZH_NEXT_WEEK));
  return { text: `${expr}一起吃午饭吧。`, expr, expected: dateOf(addDays(monday(dayOf(ref)), 7 + wd - 1)) };
});
t("zh", "relative", "last-week-day", (rng, ref) => {
  const wd = int(rng, 1, 7);
  const expr = zhWeekday(rng, wd, pick(rng, ZH_LAST_WEEK));
  return { text: `${expr}我碰到了以前的老板。`, expr, expected: dateOf(addDays(monday(dayOf(ref)), -7 + wd - 1)) };
});
t("zh", "relative", "this-week-day", (rng, ref) => {
  const today = dayOf(ref);
  if (weekday(today) >= 6) return null;
  const wd = int(rng, weekday(today) + 1, 7);
  const expr = zhWeekday(rng, wd, pick(rng, ZH_THIS_WEEK));
  return { text: `${expr}部门聚餐。`, expr, expected: dateOf(addDays(monday(today), wd - 1)) };
});
t("zh", "relative", "week-after-next-day", (rng, ref) => {
  const wd = int(rng, 1, 7);
  const expr = zhWeekday(rng, wd, pick(rng, ["下下周", "下下个星期", "下下个礼拜"]));
  return { text: `${expr}我要去上海开会。`, expr, expected: dateOf(addDays(monday(dayOf(ref)), 14 + wd - 1)) };
});
t("zh", "relative", "bare-weekday-future", (rng, ref) => {
  const today = dayOf(ref);
  const wd = int(rng, 1, 7);
  if (wd === weekday(today)) return null;
  const expr = zhWeekday(rng, wd);
  return {
    text: pick(rng, [`${expr}我要去看牙医。`, `我${expr}给水管工打电话。`]),
    expr,
    expected: dateOf(addDays(today, (wd - weekday(today) + 7) % 7)),
  };
});

// --- Chinese, the past ---------------------------------------------------------------------------------------

t("zh", "past", "month-day-past", (rng, ref) => {
  const d = addDays(dayOf(ref), -int(rng, 2, 150));
  const expr = zhMonthDay(rng, M(d), D(d));
  return { text: pick(rng, ZH_PAST)(expr), expr, expected: dateOf(d) };
});
t("zh", "past", "since-month", (rng, ref) => {
  const [y, m] = shiftMonth(ref, -int(rng, 1, 5));
  const month = rng() < 0.5 ? `${m}月` : `${cn(m)}月`;
  const expr = `从${month}`;
  return { text: `${expr}开始我就在学西班牙语了。`, expr: month, expected: monthRange(y, m) };
});
t("zh", "past", "month-past", (rng, ref) => {
  const [y, m] = shiftMonth(ref, -int(rng, 1, 5));
  const expr = `${m}月份`;
  return { text: `我${expr}去了一趟日本。`, expr, expected: monthRange(y, m) };
});
t("zh", "past", "bare-weekday-past", (rng, ref) => {
  const today = dayOf(ref);
  if (weekday(today) === 1) return null;
  const wd = int(rng, 1, weekday(today) - 1); // earlier this week: what a bare weekday means in the past
  const expr = zhWeekday(rng, wd);
  return {
    text: pick(rng, [`${expr}我去看了医生。`, `我的电脑${expr}坏了。`]),
    expr,
    expected: dateOf(addDays(monday(today), wd - 1)),
  };
});
t("zh", "past", "day-past", (rng, ref) => {
  const today = dayOf(ref);
  if (D(today) < 4) return null;
  const d = int(rng, 1, D(today) - 2);
  const expr = `${d}号`;
  return { text: `我${expr}交了电费。`, expr, expected: dateOf(day(Y(today), M(today), d)) };
});

// --- Chinese, ranges -------------------------------------------------------------------------------------------

t("zh", "range", "same-month", (rng, ref) => {
  const a = addDays(dayOf(ref), int(rng, 2, 120));
  const b = addDays(a, int(rng, 1, 6));
  if (M(a) !== M(b)) return null;
  const s = pick(rng, ["日", "号"]);
  const expr = pick(rng, [
    `${M(a)}月${D(a)}${s}到${D(b)}${s}`,
    `${M(a)}月${D(a)}${s}至${D(b)}${s}`,
    `${M(a)}月${D(a)}-${D(b)}日`,
  ]);
  return { text: `我${expr}在巴黎参加展会。`, expr, expected: rangeOf(a, b) };
});
t("zh", "range", "from-to", (rng, ref) => {
  const a = addDays(dayOf(ref), int(rng, 2, 120));
  const b = addDays(a, int(rng, 1, 10));
  const s = pick(rng, ["日", "号"]);
  const expr = `${rng() < 0.5 ? "从" : ""}${M(a)}月${D(a)}${s}${pick(rng, ["到", "至"])}${M(b)}月${D(b)}${s}`;
  return { text: `${expr}我休年假。`, expr, expected: rangeOf(a, b) };
});
t("zh", "range", "week-words", (rng, ref) => {
  const today = dayOf(ref);
  const mon = monday(today);
  const options: [string, Date, Date, (x: string) => string][] = [
    [pick(rng, ZH_NEXT_WEEK), addDays(mon, 7), addDays(mon, 13), (x) => `我${x}整周都在柏林。`],
    [pick(rng, ZH_LAST_WEEK), addDays(mon, -7), addDays(mon, -1), (x) => `我${x}得了流感。`],
    [pick(rng, ["这周", "这个星期", "本周"]), mon, addDays(mon, 6), (x) => `${x}我在家办公。`],
    ["下下周", addDays(mon, 14), addDays(mon, 20), (x) => `${x}我要去出差。`],
  ];
  if (weekday(today) <= 5) {
    options.push([pick(rng, ["这周末", "这个周末"]), addDays(mon, 5), addDays(mon, 6), (x) => `我们${x}去露营。`]);
  }
  const [expr, a, b, text] = pick(rng, options);
  return { text: text(expr), expr, expected: rangeOf(a, b) };
});
t("zh", "range", "next-month-year", (rng, ref) => {
  if (rng() < 0.6) {
    const [y, m] = shiftMonth(ref, 1);
    const expr = pick(rng, ["下个月", "下月"]);
    return { text: `我哥哥${expr}来看我。`, expr, expected: monthRange(y, m) };
  }
  const y = Y(ref) + 1;
  return {
    text: "我们打算明年买房。",
    expr: "明年",
    expected: { kind: "range", start: `${y}-01-01`, end: `${y}-12-31` },
  };
});
t("zh", "range", "weekdays-next-week", (rng, ref) => {
  const a = int(rng, 1, 4);
  const b = int(rng, a + 1, 5);
  const p = pick(rng, ZH_NEXT_WEEK);
  const expr = rng() < 0.5 ? `从${p}${CN_DIGITS[a]}到${p}${CN_DIGITS[b]}` : `${p}${CN_DIGITS[a]}到周${CN_DIGITS[b]}`;
  const mon = addDays(monday(dayOf(ref)), 7);
  return { text: `${expr}我请假。`, expr, expected: rangeOf(addDays(mon, a - 1), addDays(mon, b - 1)) };
});
t("zh", "range", "with-year", (rng, ref) => {
  const a = anyDay(rng, Y(ref) + 1, Y(ref) + 1);
  const b = addDays(a, int(rng, 3, 20));
  const expr = `${Y(a)}年${M(a)}月${D(a)}日到${Y(b)}年${M(b)}月${D(b)}日`;
  return { text: `学术休假从${expr}。`, expr, expected: rangeOf(a, b) };
});

// --- Chinese, recurring ------------------------------------------------------------------------------------------

t("zh", "recurring", "every-weekday", (rng) => {
  const wd = int(rng, 1, 7);
  const each = pick(rng, ["每周", "每个礼拜", "每星期", "每个星期", "每礼拜"]);
  const expr = `${each}${wd === 7 ? pick(rng, ["日", "天"]) : CN_DIGITS[wd]}`;
  return {
    text: pick(rng, [`我${expr}去游泳。`, `我们乐队${expr}排练。`, `${expr}我给妈妈打电话。`]),
    expr,
    expected: { kind: "recurring", rule: { freq: "weekly", interval: 1, weekdays: [wd] } },
  };
});
t("zh", "recurring", "every-month-day", (rng) => {
  const d = int(rng, 1, 28);
  const expr = `${pick(rng, ["每月", "每个月"])}${rng() < 0.3 ? cn(d) : d}${pick(rng, ["号", "日"])}`;
  return {
    text: `工资${expr}发。`,
    expr,
    expected: { kind: "recurring", rule: { freq: "monthly", interval: 1, monthDay: d } },
  };
});
t("zh", "recurring", "daily", (rng) => {
  const expr = pick(rng, ["每天", "天天", "每天早上", "每晚"]);
  return {
    text: pick(rng, [`我${expr}吃降压药。`, `我${expr}遛狗。`]),
    expr,
    expected: { kind: "recurring", rule: { freq: "daily", interval: 1 } },
  };
});
t("zh", "recurring", "every-other-week", (rng) => {
  if (rng() < 0.5) {
    const wd = int(rng, 1, 5);
    const expr = `${pick(rng, ["隔周", "每两周的"])}周${CN_DIGITS[wd]}`;
    return {
      text: `我${expr}去看心理医生。`,
      expr,
      expected: { kind: "recurring", rule: { freq: "weekly", interval: 2, weekdays: [wd] } },
    };
  }
  const expr = pick(rng, ["每隔一周", "每两周", "每两个星期", "隔周"]);
  return {
    text: `垃圾回收${expr}一次。`,
    expr,
    expected: { kind: "recurring", rule: { freq: "weekly", interval: 2 } },
  };
});
t("zh", "recurring", "yearly", (rng) => {
  const m = int(rng, 1, 12);
  const d = int(rng, 1, daysInMonth(2027, m));
  const expr = `每年${m}月${d}${pick(rng, ["日", "号"])}`;
  return {
    text: `我们${expr}庆祝结婚纪念日。`,
    expr,
    expected: { kind: "recurring", rule: { freq: "yearly", interval: 1, month: m, monthDay: d } },
  };
});
t("zh", "recurring", "two-weekdays", (rng) => {
  const a = int(rng, 1, 4);
  const b = int(rng, a + 1, 5);
  const expr = `每周${CN_DIGITS[a]}和周${CN_DIGITS[b]}`;
  return {
    text: `我${expr}上钢琴课。`,
    expr,
    expected: { kind: "recurring", rule: { freq: "weekly", interval: 1, weekdays: [a, b] } },
  };
});
t("zh", "recurring", "every-n-days", (rng) => {
  const n = int(rng, 3, 5);
  const expr = `每${cn(n)}天`;
  return {
    text: `我${expr}给兰花浇一次水。`,
    expr,
    expected: { kind: "recurring", rule: { freq: "daily", interval: n } },
  };
});

// --- Chinese, negatives ------------------------------------------------------------------------------------------

const ZH_NEGATIVE = [
  "这件事他考虑得很周到。",
  "一个星期有七天。",
  "星期几都可以，你定吧。",
  "五号选手的表现很好。",
  "坐地铁3号线就能到。",
  "三天打鱼两天晒网可不行。",
  "等我一秒钟。",
  "周一鸣是我的同事。",
  "二月河的小说很好看。",
  "他住在5号楼。",
  "请把第3号文件给我。",
  "我们要与时俱进。",
  "这个周期的数据还没出来。",
  "我已经两个星期没见到他了。",
  "他每次见到我都很客气。",
  "这道题我做了三遍。",
  "我儿子七岁了。",
  "售价是三点五元。",
  "她的服务很周到。",
  "月饼的馅是五仁的。",
  "我喜欢一个人看日出。",
  "天天向上是他的座右铭。",
];
t("zh", "negative", "sentence", (rng) => ({ text: pick(rng, ZH_NEGATIVE), expr: "", expected: { kind: "none" } }));

export const TEMPLATES: readonly Template[] = T;

// ---------------------------------------------------------------------------------------------
// The hand-written table: the brief's own examples, with fixed message times. Weekdays checked
// by date-set.test.ts (2026-05-13 is a Wednesday).

type Row = [Lang, Category, string, string, string, Expected];
const date = (start: string): Expected => ({ kind: "date", start });
const range = (start: string, end: string): Expected => ({ kind: "range", start, end });
const weekly = (weekdays: number[], interval = 1): Expected => ({
  kind: "recurring",
  rule: { freq: "weekly", interval, weekdays },
});
const none: Expected = { kind: "none" };

const WED = "2026-05-13T10:00:00Z"; // Wednesday
const SAT = "2026-10-17T11:30:00Z"; // Saturday
const MON = "2027-02-01T12:00:00Z"; // Monday

export const TABLE: readonly Row[] = [
  ["en", "no-year", "My dentist appointment is on March 3rd.", "March 3rd", "2026-12-04T10:00:00Z", date("2027-03-03")],
  ["en", "no-year", "Pi day party at my place on 3/14!", "3/14", "2027-02-20T10:00:00Z", date("2027-03-14")],
  ["en", "absolute", "The contract starts 2027-01-05.", "2027-01-05", WED, date("2027-01-05")],
  ["zh", "no-year", "3月5日我们去看樱花。", "3月5日", "2027-01-10T10:00:00Z", date("2027-03-05")],
  ["zh", "absolute", "新系统二〇二七年一月上线。", "二〇二七年一月", WED, range("2027-01-01", "2027-01-31")],
  ["zh", "no-year", "下个月5号交房租。", "下个月5号", WED, date("2026-06-05")],
  ["en", "relative", "The day after tomorrow I fly to Rome.", "the day after tomorrow", WED, date("2026-05-15")],
  ["en", "relative", "The quote will be ready in 3 days.", "in 3 days", WED, date("2026-05-16")],
  ["en", "relative", "Let's grab dinner next Friday.", "next Friday", SAT, date("2026-10-23")],
  ["en", "relative", "I lost my wallet last Tuesday.", "last Tuesday", MON, date("2027-01-26")],
  ["zh", "relative", "明天我去体检。", "明天", WED, date("2026-05-14")],
  ["zh", "relative", "后天开家长会。", "后天", WED, date("2026-05-15")],
  ["zh", "relative", "大后天我们去杭州。", "大后天", WED, date("2026-05-16")],
  ["zh", "relative", "下周三开评审会。", "下周三", WED, date("2026-05-20")],
  ["zh", "relative", "上个礼拜五我去了趟医院。", "上个礼拜五", WED, date("2026-05-08")],
  ["zh", "relative", "三天后出结果。", "三天后", WED, date("2026-05-16")],
  ["zh", "range", "下下周我去深圳出差。", "下下周", WED, range("2026-05-25", "2026-05-31")],
  ["en", "past", "I've been vegetarian since March.", "since March", WED, range("2026-03-01", "2026-03-31")],
  ["zh", "past", "我从三月开始戒烟了。", "三月", WED, range("2026-03-01", "2026-03-31")],
  ["en", "past", "We got the puppy on December 20.", "December 20", "2027-01-15T09:00:00Z", date("2026-12-20")],
  ["zh", "past", "我12月20号拿到的驾照。", "12月20号", "2027-01-15T09:00:00Z", date("2026-12-20")],
  [
    "en",
    "range",
    "The conference runs from May 3 to May 7.",
    "from May 3 to May 7",
    "2026-04-10T10:00:00Z",
    range("2026-05-03", "2026-05-07"),
  ],
  ["zh", "range", "5月3日到7日放假。", "5月3日到7日", "2026-04-10T10:00:00Z", range("2026-05-03", "2026-05-07")],
  ["en", "range", "I'm on call next week.", "next week", WED, range("2026-05-18", "2026-05-24")],
  ["zh", "range", "下周我值班。", "下周", WED, range("2026-05-18", "2026-05-24")],
  ["en", "recurring", "Team standup is every Wednesday.", "every Wednesday", WED, weekly([3])],
  ["en", "recurring", "I play five-a-side on Tuesdays.", "on Tuesdays", WED, weekly([2])],
  ["zh", "recurring", "每个礼拜三我去上书法课。", "每个礼拜三", WED, weekly([3])],
  ["zh", "recurring", "每周三下午开组会。", "每周三", WED, weekly([3])],
  [
    "zh",
    "recurring",
    "每月1号交房租。",
    "每月1号",
    WED,
    { kind: "recurring", rule: { freq: "monthly", interval: 1, monthDay: 1 } },
  ],
  [
    "en",
    "recurring",
    "We meet every other week.",
    "every other week",
    WED,
    { kind: "recurring", rule: { freq: "weekly", interval: 2 } },
  ],
  ["zh", "recurring", "我每周末都去爬山。", "每周末", WED, weekly([6, 7])],
  ["en", "recurring", "We go hiking every weekend.", "every weekend", WED, weekly([6, 7])],
  ["en", "negative", "I may go, but don't count on it.", "", WED, none],
  ["en", "negative", "We'll march forward no matter what.", "", WED, none],
  ["en", "negative", "Give me a second to think.", "", WED, none],
  ["zh", "negative", "星期这个词是从哪来的？", "", WED, none],
  ["zh", "negative", "你想得真周到。", "", WED, none],
  ["zh", "relative", "那就这样，明天见。", "明天", WED, date("2026-05-14")],
  ["en", "relative", "Thanks, see you tomorrow.", "tomorrow", WED, date("2026-05-14")],
  ["en", "past", "I saw Tom at the gym on Monday.", "on Monday", WED, date("2026-05-11")],
  ["en", "relative", "I'll call the plumber on Monday.", "on Monday", SAT, date("2026-10-19")],
  ["zh", "no-year", "这个月20号交报告。", "这个月20号", WED, date("2026-05-20")],
  [
    "zh",
    "range",
    "国庆节10月1日到7日放假。",
    "10月1日到7日",
    "2026-09-01T10:00:00Z",
    range("2026-10-01", "2026-10-07"),
  ],
];

// ---------------------------------------------------------------------------------------------
// The set.

/** How many cases each half draws, per language and category. */
export const PER_HALF: Readonly<Record<Category, number>> = {
  absolute: 7,
  "no-year": 9,
  relative: 16,
  past: 8,
  range: 10,
  recurring: 10,
  negative: 10,
};

export const DEV_SEED = 1;
export const HELD_OUT_SEED = 2;

/** The generated cases for one seed: every template of a language and category is used in turn. */
export function generate(seed: number, half: Half = seed === DEV_SEED ? "dev" : "held-out"): DateCase[] {
  const rng = rngFor(seed);
  const cases: DateCase[] = [];
  for (const lang of ["en", "zh"] as const) {
    for (const category of CATEGORIES) {
      const templates = shuffle(
        rng,
        TEMPLATES.filter((x) => x.lang === lang && x.category === category),
      );
      for (let i = 0; i < PER_HALF[category]; i++) {
        const template = templates[i % templates.length]!;
        for (let attempt = 0; ; attempt++) {
          if (attempt > 1000) throw new Error(`template ${template.name} never fits`);
          const reference = randomReference(rng);
          const drawn = template.gen(rng, reference);
          // Draw again when the message time does not suit the template, or (a few times) when
          // this half already has the sentence.
          if (!drawn || (attempt < 50 && cases.some((c) => c.text === drawn.text))) continue;
          cases.push({
            id: `${half}-${lang}-${category}-${i}`,
            lang,
            category,
            half,
            source: `gen:${template.name}`,
            text: drawn.text,
            expr: drawn.expr,
            reference: reference.toISOString().replace(".000Z", "Z"),
            expected: drawn.expected,
          });
          break;
        }
      }
    }
  }
  return cases;
}

export function tableCases(): DateCase[] {
  return TABLE.map(([lang, category, text, expr, reference, expected], i) => ({
    id: `table-${i}`,
    lang,
    category,
    half: i % 2 === 0 ? "dev" : "held-out",
    source: "table",
    text,
    expr,
    reference,
    expected,
  }));
}

/** The whole set: dev (seed 1), held-out (seed 2), and the table split between them. */
export function dateSet(): DateCase[] {
  return [...generate(DEV_SEED), ...generate(HELD_OUT_SEED), ...tableCases()];
}
