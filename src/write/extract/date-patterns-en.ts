/**
 * The English date patterns (dates.ts): "last week", "the 27th of next month", "Monday to
 * Thursday next week", "three days ago", "Christmas Eve"; longest and most specific first.
 */
import { alternation, wordList } from "../../text/patterns.js";
import {
  addDays,
  day,
  type LocalClock,
  mondayOf,
  month,
  monthDayAlone,
  type Period,
  type Tense,
  week,
  year,
  yearOf,
} from "./calendar.js";
import {
  absoluteDay,
  bareWeekday,
  dayOfMonth,
  namedDay,
  namedMonth,
  type Resolver,
  weekdayRange,
} from "./date-resolvers.js";

const EN_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  "a couple of": 2,
  "a few": 3,
  several: 3,
};
export const EN_WEEKDAYS = wordList("monday | tuesday | wednesday | thursday | friday | saturday | sunday");
export const EN_MONTHS = wordList(
  "january | february | march | april | may | june | july | august | september | october | november | december",
);
const MONTH_NAME =
  "(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)";

const HOLIDAYS: Record<string, string> = {
  "new year's day": "01-01",
  "new years day": "01-01",
  "new year's eve": "12-31",
  "new years eve": "12-31",
  "valentine's day": "02-14",
  "fourth of july": "07-04",
  "4th of july": "07-04",
  "independence day": "07-04",
  halloween: "10-31",
  "christmas eve": "12-24",
  "christmas day": "12-25",
  christmas: "12-25",
};
const FULL_MONTH = "(january|february|march|april|may|june|july|august|september|october|november|december)";

const EN_WEEKDAY = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const enWeekdayNumber = (name: string): number => EN_WEEKDAYS.indexOf(name.toLowerCase()) + 1;

export const EN_PATTERNS: ReadonlyArray<[RegExp, Resolver]> = [
  [/\d{4}-\d{2}-\d{2}/y, (m) => ({ ...day(m[0]), absolute: true })],
  [
    new RegExp(`${MONTH_NAME}\\.? (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?\\b`, "iy"),
    (m, c, tense) => absoluteDay(c, m[3] ? Number(m[3]) : undefined, monthIndex(m[1]!), Number(m[2]), tense),
  ],
  [
    new RegExp(`(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH_NAME}\\b(?:,? (\\d{4}))?`, "iy"),
    (m, c, tense) => absoluteDay(c, m[3] ? Number(m[3]) : undefined, monthIndex(m[2]!), Number(m[1]), tense),
  ],
  // A month alone needs a preposition or this/next/last before it: "may" is also a verb.
  [
    new RegExp(
      [
        `(?:(this|next|last|coming) )${FULL_MONTH}\\b(?!\\.?\\s*\\d)`,
        `(?<=\\b(?:in|by|until|till|since|from|during|of|early|late|mid|before|after|around)[ -])` +
          `${FULL_MONTH}\\b(?!\\.?\\s*\\d)`,
      ].join("|"),
      "iy",
    ),
    (m, c, tense) => namedMonth(c, monthIndex(m[2] ?? m[3]!), m[1]?.toLowerCase(), tense),
  ],
  // Bare "Christmas" only as a time ("on Christmas"), not as a noun modifier ("the Christmas lights").
  [
    new RegExp(
      `(?:the )?(${alternation(Object.keys(HOLIDAYS).filter((name) => name !== "christmas"))}|(?<=\\b` +
        `(?:on|at|for|over|during|before|after|since|until|by|this|last|next) )christmas(?! [a-z]))\\b`,
      "iy",
    ),
    (m, c, tense) => namedDay(c, HOLIDAYS[m[1]!.toLowerCase()]!, tense),
  ],
  [/the day before yesterday|the day after tomorrow/iy, (m, c) => day(addDays(c.date, /before/i.test(m[0]) ? -2 : 2))],
  [/yesterday|last night/iy, (_m, c) => day(addDays(c.date, -1))],
  [/today|tonight|this (?:morning|afternoon|evening)/iy, (_m, c) => day(c.date)],
  [/tomorrow/iy, (_m, c) => day(addDays(c.date, 1))],
  // "Monday to Thursday next week", "from Tuesday through Friday": two weekdays as a range.
  [
    new RegExp(
      `(?:(last|next|this|coming) )?(?<!\\b(?:the|a|an|our|my|your|their|his|her|its) )${EN_WEEKDAY}(?:` +
        `\\s{0,2}[-–—]\\s{0,2}| (?:to|through|thru|till|until) )(?:(last|next|this|coming) )?${EN_WEEKDAY}` +
        `(?: (next|this|last) week\\b)?(?!s)\\b`,
      "iy",
    ),
    (m, c, tense) => {
      const [from, to] = [enWeekdayNumber(m[2]!), enWeekdayNumber(m[4]!)];
      const whole = m[5]?.toLowerCase();
      if (whole) {
        const monday = addDays(mondayOf(c), { last: -7, this: 0, next: 7 }[whole]!);
        return weekdayRange(addDays(monday, from - 1), addDays(monday, to - 1), from, to);
      }
      const second = m[3] ? enWeekday(c, to, m[3].toLowerCase(), tense) : undefined;
      return weekdayRange(enWeekday(c, from, m[1]?.toLowerCase(), tense), second, from, to);
    },
  ],
  [
    // "the Friday demos", "our Monday stand-up": a weekday after an article or a possessive names a
    // recurring thing, not a date.
    new RegExp(
      String.raw`(?:(last|next|this|coming) )?(?<!\b(?:the|a|an|our|my|your|their|his|her|its) )(monday|tuesday` +
        String.raw`|wednesday|thursday|friday|saturday|sunday)(?!s)\b(?!\s+of\s+(?:each|every)\s)`,
      "iy",
    ),
    (m, c, tense) => day(enWeekday(c, enWeekdayNumber(m[2]!), m[1]?.toLowerCase(), tense)),
  ],
  // "the 27th of next month": a day of a month named relatively.
  [
    /the (\d{1,2})(?:st|nd|rd|th) of (this|next|last) month\b/iy,
    (m, c) => dayOfMonth(c, { last: -1, this: 0, next: 1 }[m[2]!.toLowerCase()]!, Number(m[1])),
  ],
  // "on the 22nd", "by the 3rd": a day of the month alone, placed by tense; not "the 22nd floor".
  [
    new RegExp(
      String.raw`(?<=\b(?:on|by|before|after|until|till|since|from|for|to)\s)the (\d{1,2})(?:st|nd|rd|th)\b(?=\s{0,2}` +
        "(?:$|[.,;:!?)]|" +
        String.raw`(?:and|or|at|in|to|so|but|because|when|if|then|as|for|before|after|around|instead|too|please)\b))`,
      "iy",
    ),
    (m, c, tense) => {
      const date = monthDayAlone(c, Number(m[1]), tense);
      return date ? day(date) : undefined;
    },
  ],
  [
    /(?:the )?end of (?:(the|this|next) )?(week|month|year)/iy,
    (m, c) => {
      const ahead = m[1]?.toLowerCase() === "next" ? 1 : 0;
      const unit = m[2]!.toLowerCase();
      if (unit === "week") return day(addDays(mondayOf(c), ahead * 7 + 6));
      if (unit === "month") return day(month(c, ahead).last);
      return day(`${yearOf(c.date, ahead)}-12-31`);
    },
  ],
  [
    /(?:the )?(last|past|this|next|coming) (week|weekend|month|year)\b/iy,
    (m, c) => {
      const ahead = { last: -1, past: -1, this: 0, next: 1, coming: 1 }[m[1]!.toLowerCase()]!;
      const unit = m[2]!.toLowerCase();
      if (unit === "week") return week(addDays(mondayOf(c), ahead * 7));
      if (unit === "weekend") {
        const saturday = addDays(mondayOf(c), ahead * 7 + 5);
        return { granularity: "weekend", first: saturday, last: addDays(saturday, 1) };
      }
      if (unit === "month") return month(c, ahead);
      return year(yearOf(c.date, ahead));
    },
  ],
  [
    /(?<![\w])(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few|several) (day|week|month|year)s? ago/iy,
    (m, c) => shifted(c, -(EN_NUMBERS[m[1]!.toLowerCase()] ?? Number(m[1])), m[2]!.toLowerCase()),
  ],
  [
    /(?<![\w])(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few) (day|week|month|year)s? from (?:now|today)\b/iy,
    (m, c) => shifted(c, EN_NUMBERS[m[1]!.toLowerCase()] ?? Number(m[1]), m[2]!.toLowerCase()),
  ],
  [
    /in (\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few) (day|week|month|year)s?\b/iy,
    (m, c) => shifted(c, EN_NUMBERS[m[1]!.toLowerCase()] ?? Number(m[1]), m[2]!.toLowerCase()),
  ],
];

/** A weekday with "last", "next", "this", "coming" or nothing before it. */
function enWeekday(clock: LocalClock, weekday: number, which: string | undefined, tense: Tense): string {
  if (which === "last") return addDays(clock.date, -((clock.weekday - weekday + 7) % 7 || 7));
  if (which === "next") return addDays(mondayOf(clock), 7 + weekday - 1);
  if (which === "this") return addDays(mondayOf(clock), weekday - 1);
  return bareWeekday(clock, weekday, which === "coming" ? "future" : tense);
}

function shifted(clock: LocalClock, n: number, unit: string): Period | undefined {
  if (!Number.isFinite(n)) return undefined;
  if (unit === "day") return day(addDays(clock.date, n));
  if (unit === "week") return day(addDays(clock.date, n * 7));
  if (unit === "month") return month(clock, n);
  return year(yearOf(clock.date, n));
}

function monthIndex(name: string): number {
  return EN_MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) + 1;
}
