/**
 * Relative dates, resolved against the message time (seed 001 §5.1: "下周 / 月底之前" todos;
 * "yesterday", "last year" written as absolute dates).
 *
 * A memory outlives the sentence it came from: "上周" stored as is would be wrong a week later,
 * so every relative expression is rewritten into a calendar date in the message's own time
 * zone (the offset written in `at`; UTC when there is none). Weeks start on Monday (ISO 8601).
 */
import { alternation, wordList } from "../../text/patterns.js";
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

export interface TimeMention {
  /** Span of the expression in the text it was found in. */
  start: number;
  end: number;
  direction: "past" | "present" | "future";
  granularity: Granularity;
  /** First and last calendar day of the period (equal for a day), YYYY-MM-DD. */
  first: string;
  last: string;
  /** A deadline: "by Friday", "月底之前". */
  deadline: boolean;
  /** Qualifies a noun ("明天的天气", "tomorrow's weather"): names a day, sets no due date. */
  modifier: boolean;
  /** True for a date already written absolutely (2024-05-10, May 10, 5月10日): left as is. */
  absolute: boolean;
  /** Text that replaces the span: "on 2024-05-06", "在 2024-04-29 那一周", "by 2024-05-31". */
  replacement: string;
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

function mondayOf(clock: LocalClock): string {
  return addDays(clock.date, 1 - clock.weekday);
}

function monthRange(date: string, monthsAhead: number): [string, string] {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1 + monthsAhead, 1));
  const end = new Date(Date.UTC(y, m + monthsAhead, 0));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

function yearOf(date: string, yearsAhead: number): number {
  return Number(date.slice(0, 4)) + yearsAhead;
}

/**
 * The end of a calendar day in the message's offset, as an ISO time: a todo due "2024-05-10"
 * expires at `2024-05-10T23:59:59+08:00` for a message written at +08:00.
 */
export function endOfDay(date: string, offsetMinutes: number): string {
  if (offsetMinutes === 0) return `${date}T23:59:59Z`;
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${date}T23:59:59${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

const ZH_DIGITS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 3, 三, 十二, 二十三, 两 → number. */
export function parseZhNumber(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  if (text === "十") return 10;
  const tens = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(text);
  if (tens) return (tens[1] ? ZH_DIGITS[tens[1]]! : 1) * 10 + (tens[2] ? ZH_DIGITS[tens[2]]! : 0);
  return text.length === 1 ? ZH_DIGITS[text] : undefined;
}

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
const ZH_WEEKDAYS = "一二三四五六日";
export const EN_MONTHS = wordList(
  "january | february | march | april | may | june | july | august | september | october | november | december",
);
const MONTH_NAME =
  "(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)";

interface Period {
  granularity: Granularity;
  first: string;
  last: string;
  absolute?: boolean;
}

type Resolver = (match: RegExpExecArray, clock: LocalClock, tense: Tense) => Period | undefined;
type Tense = "past" | "future" | undefined;

const day = (date: string): Period => ({ granularity: "day", first: date, last: date });
const week = (monday: string): Period => ({ granularity: "week", first: monday, last: addDays(monday, 6) });
const month = (clock: LocalClock, ahead: number): Period => {
  const [first, last] = monthRange(clock.date, ahead);
  return { granularity: "month", first, last };
};
const year = (y: number): Period => ({ granularity: "year", first: `${y}-01-01`, last: `${y}-12-31` });

/** A weekday with no "last/next": the coming one, or the latest one when the clause is in the past. */
function bareWeekday(clock: LocalClock, weekday: number, tense: Tense): string {
  return tense === "past"
    ? addDays(clock.date, -((clock.weekday - weekday + 7) % 7))
    : addDays(clock.date, (weekday - clock.weekday + 7) % 7);
}

function absoluteDay(clock: LocalClock, y: number | undefined, m: number, d: number): Period | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const date = `${y ?? yearOf(clock.date, 0)}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return Number.isNaN(Date.parse(date)) ? undefined : { ...day(date), absolute: true };
}

/**
 * A month named without a year ("in September", "十月"): in a clause told in the past, the
 * occurrence nearest the message (a tie goes to the past: "I signed up for the race in June"
 * said in March is this June); otherwise the coming one ("classes start in January").
 * "next"/"last" pick the coming or the previous one explicitly.
 */
function namedMonth(
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
function namedDay(clock: LocalClock, monthDay: string, tense: Tense): Period {
  const y = yearOf(clock.date, 0);
  const distance = (date: string): number => Date.parse(`${date}T00:00:00Z`) - Date.parse(`${clock.date}T00:00:00Z`);
  // Nearest first; on a tie the past one for a clause in the past, else the coming one.
  const rank = (date: string): number =>
    Math.abs(distance(date)) * 2 + ((tense === "past") === distance(date) < 0 ? 0 : 1);
  return day([y - 1, y, y + 1].map((year) => `${year}-${monthDay}`).sort((a, b) => rank(a) - rank(b))[0]!);
}

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

const ZH_DAY_OFFSETS: Record<string, number> = {
  大前天: -3,
  前天: -2,
  昨天: -1,
  昨日: -1,
  昨晚: -1,
  今天: 0,
  今日: 0,
  今晚: 0,
  今早: 0,
  明天: 1,
  明日: 1,
  明早: 1,
  明晚: 1,
  后天: 2,
  大后天: 3,
};

const SHIFT: Record<string, number> = { 上上: -2, 上: -1, 这: 0, 本: 0, 下: 1, 下下: 2 };

/** Longest and most specific first: at one position the first pattern that matches wins. */
const ZH_PATTERNS: ReadonlyArray<[RegExp, Resolver]> = [
  [
    /(\d{4})年(\d{1,2})月(\d{1,2})[日号]|(\d{1,2})月(\d{1,2})[日号]/y,
    (m, c) =>
      m[1]
        ? absoluteDay(c, Number(m[1]), Number(m[2]), Number(m[3]))
        : absoluteDay(c, undefined, Number(m[4]), Number(m[5])),
  ],
  [/\d{4}-\d{2}-\d{2}/y, (m) => ({ ...day(m[0]), absolute: true })],
  [
    /(?<!每)(上上|上|下下|下|这|本)?个?(?:周|星期|礼拜)([一二三四五六日天])/y,
    (m, c, tense) => {
      const weekday = m[2] === "天" ? 7 : ZH_WEEKDAYS.indexOf(m[2]!) + 1;
      if (m[1] === undefined) return day(bareWeekday(c, weekday, tense));
      return day(addDays(mondayOf(c), SHIFT[m[1]]! * 7 + weekday - 1));
    },
  ],
  [
    /(上|下|这|本)?个?周末/y,
    (m, c) => {
      const saturday = addDays(mondayOf(c), (m[1] ? SHIFT[m[1]]! : 0) * 7 + 5);
      return { granularity: "weekend", first: saturday, last: addDays(saturday, 1) };
    },
  ],
  [
    /(上上|上|下下|下|这|本)个?(?:周|星期|礼拜)(?![一二三四五六日天几末])/y,
    (m, c) => week(addDays(mondayOf(c), SHIFT[m[1]!]! * 7)),
  ],
  [
    /(上上|上|下下|下|这|本)?个?月(底|末|初)/y,
    (m, c) => {
      const { first, last } = month(c, m[1] ? SHIFT[m[1]]! : 0);
      return day(m[2] === "初" ? first : last);
    },
  ],
  [/(上上|上|下下|下|这|本)个?月(?![底末初份])/y, (m, c) => month(c, SHIFT[m[1]!]!)],
  [
    /(大前|前|去|今|明|后)年(底|末)?/y,
    (m, c) => {
      const y = yearOf(c.date, { 大前: -3, 前: -2, 去: -1, 今: 0, 明: 1, 后: 2 }[m[1]!]!);
      return m[2] ? day(`${y}-12-31`) : year(y);
    },
  ],
  [/年(底|末)/y, (_m, c) => day(`${yearOf(c.date, 0)}-12-31`)],
  [
    /大前天|大后天|前天|后天|昨天|昨日|昨晚|今天|今日|今晚|今早|明天|明日|明早|明晚/y,
    (m, c) => day(addDays(c.date, ZH_DAY_OFFSETS[m[0]]!)),
  ],
  [
    // The lookbehind starts a number only where it starts, so a long run of digits stays linear.
    /(?<![\d一二两三四五六七八九十])(\d+|[一二两三四五六七八九十]+)个?(天|周|星期|礼拜|月|年)(前|以前|之前|后|以后|之后)/y,
    (m, c) => {
      const n = parseZhNumber(m[1]!);
      if (n === undefined) return undefined;
      const sign = m[3]!.endsWith("前") ? -1 : 1;
      if (m[2] === "天") return day(addDays(c.date, sign * n));
      if (m[2] === "月") return month(c, sign * n);
      if (m[2] === "年") return year(yearOf(c.date, sign * n));
      return day(addDays(c.date, sign * n * 7));
    },
  ],
  // 2024年4月 is already absolute; 四月 / 10月 alone is the nearest such month.
  [
    /(\d{4})年(\d{1,2})月(?![\d日号])/y,
    (m) => {
      const [first, last] = monthRange(`${m[1]}-${m[2]!.padStart(2, "0")}-01`, 0);
      return Number(m[2]) >= 1 && Number(m[2]) <= 12
        ? { granularity: "month", first, last, absolute: true }
        : undefined;
    },
  ],
  [
    /(?<![\d年])(\d{1,2}|十[一二]?|[一二三四五六七八九])月份?(?![\d日号底末初])/y,
    (m, c, tense) => namedMonth(c, parseZhNumber(m[1]!) ?? 0, undefined, tense),
  ],
];

const EN_PATTERNS: ReadonlyArray<[RegExp, Resolver]> = [
  [/\d{4}-\d{2}-\d{2}/y, (m) => ({ ...day(m[0]), absolute: true })],
  [
    new RegExp(`${MONTH_NAME}\\.? (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?\\b`, "iy"),
    (m, c) => absoluteDay(c, m[3] ? Number(m[3]) : undefined, monthIndex(m[1]!), Number(m[2])),
  ],
  [
    new RegExp(`(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH_NAME}\\b(?:,? (\\d{4}))?`, "iy"),
    (m, c) => absoluteDay(c, m[3] ? Number(m[3]) : undefined, monthIndex(m[2]!), Number(m[1])),
  ],
  // A month alone needs a preposition or this/next/last before it: "may" is also a verb.
  [
    new RegExp(
      `(?:(this|next|last|coming) )${FULL_MONTH}\\b(?!\\.?\\s*\\d)|(?<=\\b(?:in|by|until|till|since|from|during|of|early|late|mid|before|after|around)[ -])${FULL_MONTH}\\b(?!\\.?\\s*\\d)`,
      "iy",
    ),
    (m, c, tense) => namedMonth(c, monthIndex(m[2] ?? m[3]!), m[1]?.toLowerCase(), tense),
  ],
  // Bare "Christmas" only as a time ("on Christmas"), not as a noun modifier ("the Christmas lights").
  [
    new RegExp(
      `(?:the )?(${alternation(Object.keys(HOLIDAYS).filter((name) => name !== "christmas"))}|(?<=\\b(?:on|at|for|over|during|before|after|since|until|by|this|last|next) )christmas(?! [a-z]))\\b`,
      "iy",
    ),
    (m, c, tense) => namedDay(c, HOLIDAYS[m[1]!.toLowerCase()]!, tense),
  ],
  [/the day before yesterday|the day after tomorrow/iy, (m, c) => day(addDays(c.date, /before/i.test(m[0]) ? -2 : 2))],
  [/yesterday|last night/iy, (_m, c) => day(addDays(c.date, -1))],
  [/today|tonight|this (?:morning|afternoon|evening)/iy, (_m, c) => day(c.date)],
  [/tomorrow/iy, (_m, c) => day(addDays(c.date, 1))],
  [
    // "the Friday demos", "our Monday stand-up": a weekday after an article or a possessive names a
    // recurring thing, not a date.
    /(?:(last|next|this|coming) )?(?<!\b(?:the|a|an|our|my|your|their|his|her|its) )(monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?!s)\b(?!\s+of\s+(?:each|every)\s)/iy,
    (m, c, tense) => {
      const weekday = EN_WEEKDAYS.indexOf(m[2]!.toLowerCase()) + 1;
      const which = m[1]?.toLowerCase();
      if (which === "last") return day(addDays(c.date, -((c.weekday - weekday + 7) % 7 || 7)));
      if (which === "next") return day(addDays(mondayOf(c), 7 + weekday - 1));
      if (which === "this") return day(addDays(mondayOf(c), weekday - 1));
      return day(bareWeekday(c, weekday, which === "coming" ? "future" : tense));
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
    /in (\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few) (day|week|month|year)s?\b/iy,
    (m, c) => shifted(c, EN_NUMBERS[m[1]!.toLowerCase()] ?? Number(m[1]), m[2]!.toLowerCase()),
  ],
];

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

const EN_PREPOSITION_BEFORE = /\b(on|by|before|until|till|since|from|after|in|during|of|at|to)\s+$/i;
const EN_DEADLINE_BEFORE = /\b(by|before|until|till|no later than)\s+$/i;
const ZH_NO_ZAI_BEFORE = /[在于从到至自是为截止到]\s*$/;
const ZH_NO_ZAI_AFTER = /^\s*(之前|以前|前|之后|以后|后|的|起|开始|为止|截止|底|末)/;
const ZH_DEADLINE_AFTER = /^\s*(之前|以前|前|为止)/;
const ZH_DEADLINE_BEFORE = /(截止|截至|最晚|最迟)\s*$/;

/**
 * Every relative or absolute date in `text`, resolved against the message time `at`.
 * `tense` says whether the clause speaks of the past: a bare "Saturday" then means the last one.
 * @example
 * findTimeMentions("I went to a choir rehearsal yesterday", "en", "2024-03-12T09:30:00Z")[0].replacement;
 * // "on 2024-03-11"
 */
const BARE_DAY = {
  zh: /^个?(?:(?:周|星期|礼拜)[一二三四五六日天]|周末)$/u,
  en: /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend)$/iu,
};
// A habit or a liking (周末常去, 喜欢在周日下午, "on Tuesday evenings", "Saturdays"); 常 of 非常 /
// 正常 / 日常 says nothing of how often.
const HABITUAL = {
  zh: /经常|常常|通常|一般|平时|平常|总是|往往|向来|每|例会|周会|晨会|喜欢|(?<![非正异日反无寻])常(?!识|用)/u,
  en: /\b(?:usually|often|always|normally|typically|generally|regularly|tends? to|every|weekly|fortnightly|biweekly|likes? to|(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|mornings|afternoons|evenings|nights)\b/iu,
};
// "I booked flights for May", 我约好了周六: a plan made in the past is for a time ahead.
const PLANNED = {
  zh: /预约|预订|订了|约好|约了|定了|安排|计划|打算|决定|报名|推迟|改到|挪到|延期/u,
  en: /\b(?:book|schedul|plann?|arrang|decid|agre|register|signe?d? up|reserv|postpon|reschedul|promis|invit|confirm)\w*/iu,
};
// 改到周六, "moved to Thursday": the day a thing is moved to is ahead, whatever the tense of the move.
const MOVED_TO = {
  zh: /(?:改|挪|推迟|推|延|调|换|提前|移|定)(?:到|成|在)了?$/u,
  en: /\b(?:move|push|postpone|reschedule|change|shift|bump|delay|switch)(?:e?d)?\s+(?:(?:back|forward|over)\s+)?(?:to|till|until)\s+$/iu,
};

/** The clause a position is in: between the nearest sentence or clause marks. */
function clauseAround(text: string, at: number): string {
  const marks = /[。！？!?；;，,\n]/u;
  let from = at;
  while (from > 0 && !marks.test(text[from - 1]!)) from--;
  let to = at;
  while (to < text.length && !marks.test(text[to]!)) to++;
  return text.slice(from, to);
}

const RECURRING_BEFORE = {
  zh: /(?:每个?|第[一二三四五六七八九十\d]{1,2}个?|最后一个?|倒数第[一二三\d]个?)$/u,
  en: /\b(?:first|second|third|fourth|fifth|last|every|each|alternate)\s+$/iu,
};

export function findTimeMentions(text: string, language: "zh" | "en", at: string, tense?: Tense): TimeMention[] {
  const clock = clockOf(at);
  const patterns = language === "zh" ? ZH_PATTERNS : EN_PATTERNS;
  const mentions: TimeMention[] = [];
  let i = 0;
  while (i < text.length) {
    // English expressions start at a word boundary; Chinese ones anywhere.
    if (
      language === "en" &&
      ((i > 0 && /\w/.test(text[i - 1]!)) || /\bevery\s+$/i.test(text.slice(Math.max(0, i - 8), i)))
    ) {
      i++;
      continue;
    }
    // 每月第一个周六, 每个月最后一个周五, "the first Saturday of each month": one of a series, not a date.
    if (RECURRING_BEFORE[language].test(text.slice(Math.max(0, i - 12), i))) {
      i++;
      continue;
    }
    let matched = false;
    for (const [pattern, resolve] of patterns) {
      pattern.lastIndex = i;
      const match = pattern.exec(text);
      if (!match) continue;
      const moved = BARE_DAY[language].test(match[0]) && MOVED_TO[language].test(text.slice(Math.max(0, i - 24), i));
      const planned = tense === "past" && PLANNED[language].test(clauseAround(text, i));
      const period = resolve(match, clock, moved || planned ? undefined : tense);
      if (!period) continue;
      // 赵敏周末经常去爬山, "she usually runs on Saturday": a bare weekday in a habit is every one of them.
      if (BARE_DAY[language].test(match[0]) && HABITUAL[language].test(clauseAround(text, i))) break;
      mentions.push(describe(text, i, i + match[0].length, period, clock, language));
      i += match[0].length;
      matched = true;
      break;
    }
    if (!matched) i++;
  }
  return mentions;
}

function describe(
  text: string,
  start: number,
  end: number,
  period: Period,
  clock: LocalClock,
  language: "zh" | "en",
): TimeMention {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const direction = period.last < clock.date ? "past" : period.first > clock.date ? "future" : "present";
  const deadline =
    language === "zh"
      ? ZH_DEADLINE_AFTER.test(after) || ZH_DEADLINE_BEFORE.test(before)
      : EN_DEADLINE_BEFORE.test(before);
  const original = text.slice(start, end);
  let replacement: string;
  if (language === "zh") {
    const phrase = period.absolute ? original : zhPhrase(period);
    const zai = !period.absolute && !deadline && !ZH_NO_ZAI_BEFORE.test(before) && !ZH_NO_ZAI_AFTER.test(after);
    replacement = period.absolute ? original : ` ${zai ? "在 " : ""}${phrase} `;
  } else if (period.absolute) {
    replacement = original;
  } else {
    const preposition = EN_PREPOSITION_BEFORE.test(before);
    // A deadline names its last day: "by next week" → "by 2024-05-19".
    replacement = deadline ? period.last : enPhrase(period, preposition);
  }
  const modifier = language === "zh" ? /^\s*的/u.test(after) : /^'s\b/i.test(after);
  return {
    start,
    end,
    direction,
    granularity: period.granularity,
    first: period.first,
    last: period.last,
    deadline,
    modifier,
    absolute: period.absolute === true,
    replacement,
  };
}

function zhPhrase(period: Period): string {
  switch (period.granularity) {
    case "day":
      return period.first;
    case "week":
      return `${period.first} 那一周`;
    case "weekend":
      return `${period.first} 那个周末`;
    case "month":
      return `${Number(period.first.slice(0, 4))}年${Number(period.first.slice(5, 7))}月`;
    case "year":
      return `${period.first.slice(0, 4)}年`;
  }
}

function enPhrase(period: Period, afterPreposition: boolean): string {
  switch (period.granularity) {
    case "day":
      return afterPreposition ? period.first : `on ${period.first}`;
    case "week":
      return `${afterPreposition ? "" : "in "}the week of ${period.first}`;
    case "weekend":
      return `${afterPreposition ? "" : "on "}the weekend of ${period.first}`;
    case "month": {
      const name = EN_MONTHS[Number(period.first.slice(5, 7)) - 1]!;
      return `${afterPreposition ? "" : "in "}${name[0]!.toUpperCase()}${name.slice(1)} ${period.first.slice(0, 4)}`;
    }
    case "year":
      return `${afterPreposition ? "" : "in "}${period.first.slice(0, 4)}`;
  }
}

/**
 * `text` with every mention replaced by its absolute form; spacing around Chinese punctuation
 * tidied so "上周排查过" becomes "在 2024-04-29 那一周排查过", not " 在 2024-04-29 那一周 排查过".
 */
export function applyTimeMentions(text: string, mentions: readonly TimeMention[]): string {
  let out = "";
  let cursor = 0;
  for (const mention of mentions) {
    out += text.slice(cursor, mention.start) + mention.replacement;
    cursor = mention.end;
  }
  out += text.slice(cursor);
  return tidySpaces(out);
}

/** Collapse runs of spaces; drop spaces between Chinese characters, next to punctuation or at the ends. */
export function tidySpaces(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, " ")
    .replace(/(\p{Script=Han}) (?=\p{Script=Han})/gu, "$1")
    .replace(/ ?([，。；：！？、）】」』])/g, "$1")
    .replace(/([，。；：！？、（【「『]) /g, "$1")
    .replace(/ ([,.;:!?])/g, "$1")
    .trim();
}

// A clock time or a weekday: 8点半, 早上九点, 十点一刻, 14:30, 周二, 星期天, "3pm", "10:30", "Friday".
// 一点 alone is "a little" (好一点), so one o'clock needs its minutes (一点半) or a part of the day (下午一点).
const ZH_CLOCK_OR_WEEKDAY =
  /(?:\d{1,2}|十[一二]?|[两三四五六七八九])点(?:半|[一二三]刻|\d{1,2}分?)?|(?:(?<=上午|下午|中午|晚上|早上|凌晨|傍晚)一点|一点(?=半|[一二三]刻|\d{1,2}分))(?:半|[一二三]刻|\d{1,2}分)?|\d{1,2}[:：]\d{2}|(?:周|星期|礼拜)[一二三四五六日天]/u;
const EN_CLOCK_OR_WEEKDAY =
  /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|\b(?:noon|midnight|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b/iu;

/**
 * Whether a text says when: a date {@link findTimeMentions} reads, a clock time or a weekday.
 * @example
 * mentionsTime("轮滑14班现在上午8点半上课", "zh"); // true
 * mentionsTime("Olia leads the Drodis project", "en"); // false
 */
export function mentionsTime(text: string, language: "zh" | "en"): boolean {
  const clock = language === "zh" ? ZH_CLOCK_OR_WEEKDAY : EN_CLOCK_OR_WEEKDAY;
  return clock.test(text) || findTimeMentions(text, language, new Date(0).toISOString()).length > 0;
}
