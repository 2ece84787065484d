/**
 * Relative dates, resolved against the message time (seed 001 §5.1: "下周 / 月底之前" todos;
 * "yesterday", "last year" written as absolute dates).
 *
 * A memory outlives the sentence it came from: "上周" stored as is would be wrong a week later,
 * so every relative expression is rewritten into a calendar date in the message's own time
 * zone (the offset written in `at`; UTC when there is none). Weeks start on Monday (ISO 8601).
 *
 * Dates written out (March 3rd, 3/14, 二〇二七年七月, "from May 3 to May 7") are also read by
 * chrono-node (written-dates.ts), which reads more of their forms than the patterns here; the
 * patterns keep relative words, periods, tense, habits and look-alikes. Measured on the date
 * set: test/dates/compare.ts.
 */
import { alternation, wordList } from "../../text/patterns.js";
import {
  addDays,
  clockOf,
  day,
  days,
  type Granularity,
  isoDay,
  type LocalClock,
  mondayOf,
  month,
  monthDayAlone,
  monthDayByTense,
  monthRange,
  type Period,
  type Tense,
  week,
  year,
  yearOf,
} from "./calendar.js";
import { knownNameAt } from "./known-names.js";
import { type DateReading, writtenDates } from "./written-dates.js";

export { addDays, clockOf, type Granularity, type LocalClock } from "./calendar.js";

export interface TimeMention {
  /** Span of the expression in the text it was found in. */
  start: number;
  end: number;
  direction: "past" | "present" | "future";
  /** The unit the expression counts in; a run of days ("5月3日到7日", "Monday to Thursday") is "day". */
  granularity: Granularity;
  /** First and last calendar day of the period (equal for a single day), YYYY-MM-DD. */
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

type Resolver = (match: RegExpExecArray, clock: LocalClock, tense: Tense) => Period | undefined;

/** A weekday with no "last/next": the coming one, or the latest one when the clause is in the past. */
function bareWeekday(clock: LocalClock, weekday: number, tense: Tense): string {
  return tense === "past"
    ? addDays(clock.date, -((clock.weekday - weekday + 7) % 7))
    : addDays(clock.date, (weekday - clock.weekday + 7) % 7);
}

/** A day written out; without its year, the year the clause's tense points to (calendar.ts). */
function absoluteDay(clock: LocalClock, y: number | undefined, m: number, d: number, tense: Tense): Period | undefined {
  const date = y === undefined ? monthDayByTense(clock, m, d, tense) : isoDay(y, m, d);
  return date ? { ...day(date), absolute: true } : undefined;
}

/** The `d`th of the month `ahead` months from the message's ("下个月5号", "the 27th of next month"). */
function dayOfMonth(clock: LocalClock, ahead: number, d: number | undefined): Period | undefined {
  const [first] = monthRange(clock.date, ahead);
  const date = d === undefined ? undefined : isoDay(Number(first.slice(0, 4)), Number(first.slice(5, 7)), d);
  return date ? day(date) : undefined;
}

/**
 * Two weekdays as a range ("下周一到周五", "Monday to Thursday next week"): the first read as a
 * weekday alone would be, the second the same weekday or the next one after it, unless it says
 * its own week.
 */
function weekdayRange(
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
const YEAR_SHIFT: Record<string, number> = { 大前: -3, 前: -2, 去: -1, 今: 0, 明: 1, 后: 2 };
const ZH_SHIFT = "(上上|上|下下|下|这|本)";
const ZH_MONTH_NUMBER = "(\\d{1,2}|十[一二]?|[一二三四五六七八九])";
const ZH_DAY_NUMBER = "(\\d{1,2}|[一二三四五六七八九十]{1,3})";
const ZH_TO = "\\s{0,2}(?:到|至|-|—|–|~|～)\\s{0,2}";
const zhNumber = (text: string | undefined): number => (text === undefined ? 0 : (parseZhNumber(text) ?? 0));
const zhWeekday = (char: string): number => (char === "天" ? 7 : ZH_WEEKDAYS.indexOf(char) + 1);
const zhWeekdayIn = (clock: LocalClock, shift: string | undefined, weekday: number, tense: Tense): string =>
  shift === undefined ? bareWeekday(clock, weekday, tense) : addDays(mondayOf(clock), SHIFT[shift]! * 7 + weekday - 1);

/** Longest and most specific first: at one position the first pattern that matches wins. */
const ZH_PATTERNS: ReadonlyArray<[RegExp, Resolver]> = [
  // 5月3日到7日, 12月29号至30号: a range within one month, written out.
  [
    new RegExp(
      `(?:(\\d{4})年)?${ZH_MONTH_NUMBER}月${ZH_DAY_NUMBER}[日号]?${ZH_TO}${ZH_DAY_NUMBER}[日号](?![\\d月])`,
      "uy",
    ),
    (m, c, tense) => {
      const mm = zhNumber(m[2]);
      const first = absoluteDay(c, m[1] ? Number(m[1]) : undefined, mm, zhNumber(m[3]), tense)?.first;
      const last = first ? isoDay(Number(first.slice(0, 4)), mm, zhNumber(m[4])) : undefined;
      return first && last && last > first ? days(first, last, true) : undefined;
    },
  ],
  [
    /(\d{4})年(\d{1,2})月(\d{1,2})[日号]|(\d{1,2})月(\d{1,2})[日号]/y,
    (m, c, tense) =>
      m[1]
        ? absoluteDay(c, Number(m[1]), Number(m[2]), Number(m[3]), tense)
        : absoluteDay(c, undefined, Number(m[4]), Number(m[5]), tense),
  ],
  [/\d{4}-\d{2}-\d{2}/y, (m) => ({ ...day(m[0]), absolute: true })],
  // 下周一到周五, 周一到周三: two weekdays as a range.
  [
    new RegExp(
      `(?<!每)${ZH_SHIFT}?个?(?:周|星期|礼拜)([一二三四五六日天])${ZH_TO}(?:${ZH_SHIFT}?个?(?:周|星期|礼拜)([一二三四五六日天])|([一二三四五六])(?![点号日月年天个十\\d]))`,
      "uy",
    ),
    (m, c, tense) => {
      const [from, to] = [zhWeekday(m[2]!), zhWeekday(m[4] ?? m[5]!)];
      const second = m[4] !== undefined && m[3] !== undefined ? zhWeekdayIn(c, m[3], to, tense) : undefined;
      return weekdayRange(zhWeekdayIn(c, m[1], from, tense), second, from, to);
    },
  ],
  [
    /(?<!每)(上上|上|下下|下|这|本)?个?(?:周|星期|礼拜)([一二三四五六日天])/y,
    (m, c, tense) => day(zhWeekdayIn(c, m[1], zhWeekday(m[2]!), tense)),
  ],
  [
    /(上|下|这|本)?个?周末/y,
    (m, c) => {
      const saturday = addDays(mondayOf(c), (m[1] ? SHIFT[m[1]]! : 0) * 7 + 5);
      return { granularity: "weekend", first: saturday, last: addDays(saturday, 1) };
    },
  ],
  // 这个周期, 下个周年: 周 there is no week.
  [
    /(上上|上|下下|下|这|本)个?(?:周|星期|礼拜)(?![一二三四五六日天几末期年岁边围全转刊])/y,
    (m, c) => week(addDays(mondayOf(c), SHIFT[m[1]!]! * 7)),
  ],
  // 下个月5号, 这个月20号: a day of a month named relatively.
  [
    new RegExp(`${ZH_SHIFT}个?月${ZH_DAY_NUMBER}[日号]`, "uy"),
    (m, c) => dayOfMonth(c, SHIFT[m[1]!]!, parseZhNumber(m[2]!)),
  ],
  [
    /(上上|上|下下|下|这|本)?个?月(底|末|初)/y,
    (m, c) => {
      const { first, last } = month(c, m[1] ? SHIFT[m[1]]! : 0);
      return day(m[2] === "初" ? first : last);
    },
  ],
  [/(上上|上|下下|下|这|本)个?月(?![底末初份])/y, (m, c) => month(c, SHIFT[m[1]!]!)],
  // 明年10月15日, 今年三月: a day or a month of a year named relatively.
  [
    new RegExp(`(大前|前|去|今|明|后)年${ZH_MONTH_NUMBER}月(?:${ZH_DAY_NUMBER}[日号])?`, "uy"),
    (m, c) => {
      const y = yearOf(c.date, YEAR_SHIFT[m[1]!]!);
      const mm = zhNumber(m[2]);
      if (m[3] !== undefined) {
        const date = isoDay(y, mm, zhNumber(m[3]));
        return date ? day(date) : undefined;
      }
      if (mm < 1 || mm > 12) return undefined;
      const [first, last] = monthRange(`${y}-${String(mm).padStart(2, "0")}-01`, 0);
      return { granularity: "month", first, last };
    },
  ],
  [
    /(大前|前|去|今|明|后)年(底|末)?/y,
    (m, c) => {
      const y = yearOf(c.date, YEAR_SHIFT[m[1]!]!);
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
  // 7号, 二十号, 5号到10号: a day of the month alone, placed by tense. Not a number in a series
  // (第3号, 五号选手, 3号线, 5号楼, 12号会议室) or in an address (A区17号, 3排12号, 桂溪路88号).
  [
    new RegExp(
      `(?<![\\dA-Za-z#\\-第月年号几编型代届〇零一二三四五六七八九十两百千万区楼排座层栋幢室列行门厅房床车厢线路街道巷弄院馆村组队班级场台柜窗站期])${ZH_DAY_NUMBER}号(?:${ZH_TO}${ZH_DAY_NUMBER}号)?(?![码线楼房室床门口位桌座车机柜台窗选队球种字病电文屋院馆厅站仓库箱包卡店铺栋单街路巷弄厂道舱轨频风人\\d]|会[议场客所])`,
      "uy",
    ),
    (m, c, tense) => {
      const first = monthDayAlone(c, zhNumber(m[1]), tense);
      if (!first || m[2] === undefined) return first ? day(first) : undefined;
      const last = isoDay(Number(first.slice(0, 4)), Number(first.slice(5, 7)), zhNumber(m[2]));
      return last && last > first ? days(first, last) : undefined;
    },
  ],
];

const EN_WEEKDAY = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const enWeekdayNumber = (name: string): number => EN_WEEKDAYS.indexOf(name.toLowerCase()) + 1;

const EN_PATTERNS: ReadonlyArray<[RegExp, Resolver]> = [
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
  // "Monday to Thursday next week", "from Tuesday through Friday": two weekdays as a range.
  [
    new RegExp(
      `(?:(last|next|this|coming) )?(?<!\\b(?:the|a|an|our|my|your|their|his|her|its) )${EN_WEEKDAY}(?:\\s{0,2}[-–—]\\s{0,2}| (?:to|through|thru|till|until) )(?:(last|next|this|coming) )?${EN_WEEKDAY}(?: (next|this|last) week\\b)?(?!s)\\b`,
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
    /(?:(last|next|this|coming) )?(?<!\b(?:the|a|an|our|my|your|their|his|her|its) )(monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?!s)\b(?!\s+of\s+(?:each|every)\s)/iy,
    (m, c, tense) => day(enWeekday(c, enWeekdayNumber(m[2]!), m[1]?.toLowerCase(), tense)),
  ],
  // "the 27th of next month": a day of a month named relatively.
  [
    /the (\d{1,2})(?:st|nd|rd|th) of (this|next|last) month\b/iy,
    (m, c) => dayOfMonth(c, { last: -1, this: 0, next: 1 }[m[2]!.toLowerCase()]!, Number(m[1])),
  ],
  // "on the 22nd", "by the 3rd": a day of the month alone, placed by tense; not "the 22nd floor".
  [
    /(?<=\b(?:on|by|before|after|until|till|since|from|for|to)\s)the (\d{1,2})(?:st|nd|rd|th)\b(?=\s{0,2}(?:$|[.,;:!?)]|(?:and|or|at|in|to|so|but|because|when|if|then|as|for|before|after|around|instead|too|please)\b))/iy,
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

const EN_PREPOSITION_BEFORE = /\b(on|by|before|until|till|since|from|after|in|during|of|at|to)\s+$/i;
const EN_DEADLINE_BEFORE = /\b(by|before|until|till|no later than)\s+$/i;
const ZH_NO_ZAI_BEFORE = /[在于从到至自是为截止到]\s*$/;
const ZH_NO_ZAI_AFTER = /^\s*(之前|以前|前|之后|以后|后|的|起|开始|为止|截止|底|末)/;
const ZH_DEADLINE_AFTER = /^\s*(之前|以前|前|为止)/;
const ZH_DEADLINE_BEFORE = /(截止|截至|最晚|最迟)\s*$/;

// A weekday or a weekend with nothing to say which one, or two such weekdays as a range.
const BARE_DAY = {
  zh: /^个?(?:(?:周|星期|礼拜)[一二三四五六日天](?:\s{0,2}(?:到|至|-|—|–|~|～)\s{0,2}(?:周|星期|礼拜)?[一二三四五六日天])?|周末)$/u,
  en: /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s{0,2}[-–—]\s{0,2}| (?:to|through|thru|till|until) )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day)?|weekend)$/iu,
};
// A habit or a liking (周末常去, 喜欢在周日下午, "on Tuesday evenings", "Saturdays"); 常 of 非常 /
// 正常 / 日常 says nothing of how often.
const HABITUAL = {
  zh: /经常|常常|通常|一般|平时|平常|总是|往往|向来|每|例会|周会|晨会|喜欢|(?<![非正异日反无寻])常(?!识|用)/u,
  en: /\b(?:usually|often|always|normally|typically|generally|regularly|tends? to|every|weekly|fortnightly|biweekly|likes? to|(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|mornings|afternoons|evenings|nights)\b/iu,
};
// "I booked flights for May", 我约好了周六, 挂了5月18日的号: a plan made in the past is for a time ahead.
const PLANNED = {
  zh: /预约|预订|订了|约好|约了|约上|定了|安排|计划|打算|决定|报名|推迟|改到|挪到|延期|挂了|挂号/u,
  en: /\b(?:book|schedul|plann?|arrang|decid|agre|register|signe?d? up|reserv|postpon|reschedul|promis|invit|confirm)\w*|\b(?:got|made) an? (?:[\w-]{1,20} )?appointment/iu,
};
// 改到周六, 约在了11月2号, "moved to Thursday", "pushed the deadline to 22 May": the day a thing is
// moved to is ahead, whatever the tense of the move.
const MOVED_TO = {
  zh: /(?:改|挪|推迟|推|延|调|换|提前|移|定|约)(?:到|成|在)了?$/u,
  en: /\b(?:move|push|postpone|reschedule|change|shift|bump|delay|switch|slip)(?:p?e?d|s)?\s{1,3}(?:[\w'’-]{1,30}\s{1,3}){0,3}(?:to|till|until)\s{1,3}$/iu,
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

// "since March" said in May is this year's March, whatever the tense of the rest.
const SINCE_BEFORE = /\bsince\s{1,2}$/iu;
// "every Sunday", "each month on the 22nd", 每周三, 每年4月1号, 隔周周五, 天天: in a clause about
// something that recurs, no date is one day.
const RECURRENCE = {
  en: /\b(?:every|each)\s(?:other\s|single\s|\d{1,2}\s|(?:two|three|four|five|six|seven|eight|nine|ten|few|couple\sof)\s)?(?:days?|nights?|mornings?|afternoons?|evenings?|weeks?|weekends?|fortnights?|months?|quarters?|years?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august|september|october|november|december)\b/iu,
  zh: /每(?:个|一)?(?:[一两二三四五六七八九十\d]{1,3}个?)?(?:天|日|晚|早|周|星期|礼拜|月|年|季度|工作日)|隔(?:周|天|月)|天天|每逢/u,
};
// …or just before it: "every December 27th", 每年4月1号 read from 年 on.
const RECURRENCE_JUST_BEFORE = { en: /\b(?:every|each)\s{1,2}$/iu, zh: /[每隔]个?$/u };
const RECURRENCE_AFTER = /^\s{0,2}(?:of\s{1,2})?(?:every|each)\b/iu;

// 周一鸣是我的同事: the surname 周 and a given name, not Monday. What follows a weekday is a time
// of day, a verb, an adverb, a pronoun or a particle; a name is followed by what follows a subject.
const AFTER_WEEKDAY = new Set(
  Array.from(
    "上下中晚早凌傍夜白全整一前后之以见到至和或及与跟去来回走出开交要会再也都就还才又能可得必需应该有没不是的地了吧啊呢吗哦呀嘛我你他她它咱您大休放加值请正照在给把被让对由从向起",
  ),
);
const AFTER_SUBJECT = /^(?:是|说|和|跟|也|都|很|已经|还|又|就|刚|今天|明天|昨天|告诉|问)/u;

// 和周一鸣, 叫周一鸣: a slot for a person before it.
const BEFORE_PERSON = /[和跟与叫找问让]$/u;

function zhNameAt(text: string, at: number): boolean {
  const known = knownNameAt(text.slice(at, at + 6));
  if (known !== undefined && known.length > 2) return true;
  const given = text[at + 2];
  return (
    given !== undefined &&
    /\p{Script=Han}/u.test(given) &&
    !AFTER_WEEKDAY.has(given) &&
    (AFTER_SUBJECT.test(text.slice(at + 3, at + 5)) || BEFORE_PERSON.test(text.slice(0, at)))
  );
}

/**
 * The tense a date from `start` to `end` is read in: the clause's, unless "since" says past, or
 * the date is one something was moved to, a deadline ("by May 20", 12月10号之前) or part of a
 * plan made in the past, which are ahead.
 */
function tenseAt(text: string, language: "zh" | "en", start: number, end: number, tense: Tense): Tense {
  const before = text.slice(Math.max(0, start - 48), start);
  if (language === "en" && SINCE_BEFORE.test(before)) return "past";
  if (MOVED_TO[language].test(before)) return undefined;
  const deadline =
    language === "zh"
      ? ZH_DEADLINE_AFTER.test(text.slice(end)) || ZH_DEADLINE_BEFORE.test(before)
      : EN_DEADLINE_BEFORE.test(before);
  if (deadline) return undefined;
  return tense === "past" && PLANNED[language].test(sentenceAround(text, start)) ? undefined : tense;
}

/** The sentence a position is in (好不容易约上了杜医生，8月22号上午第一个号: the plan is the sentence's). */
function sentenceAround(text: string, at: number): string {
  const marks = /[。！？!?；;\n]/u;
  let from = at;
  while (from > 0 && !marks.test(text[from - 1]!)) from--;
  let to = at;
  while (to < text.length && !marks.test(text[to]!)) to++;
  return text.slice(from, to);
}

function recurring(text: string, language: "zh" | "en", start: number, end: number): boolean {
  let from = start;
  while (from > 0 && !/[。！？!?；;，,\n]/u.test(text[from - 1]!)) from--;
  const before = text.slice(from, start);
  return (
    RECURRENCE[language].test(before) ||
    RECURRENCE_JUST_BEFORE[language].test(before) ||
    (language === "en" && RECURRENCE_AFTER.test(text.slice(end)))
  );
}

interface Found extends DateReading {
  /** Read by the project's own patterns (not chrono's). */
  own: boolean;
}

/**
 * Every relative or absolute date in `text`, resolved against the message time `at`.
 * `tense` says whether the clause speaks of the past: a bare "Saturday" then means the last one.
 *
 * Two readers read the text: the project's own patterns (relative words, weeks, months, tense,
 * habits) and chrono-node for dates written out (written-dates.ts). Where their readings overlap
 * the longer one wins; on a tie chrono's, when the project's reading is a date written out too,
 * else the project's. A date in a clause about something that recurs ("every Wednesday", 每月1号)
 * is no date at all.
 * @example
 * findTimeMentions("I went to a choir rehearsal yesterday", "en", "2024-03-12T09:30:00Z")[0].replacement;
 * // "on 2024-03-11"
 */
export function findTimeMentions(text: string, language: "zh" | "en", at: string, tense?: Tense): TimeMention[] {
  const clock = clockOf(at);
  const found: Found[] = ownReadings(text, language, clock, tense).map((r) => ({ ...r, own: true }));
  for (const r of writtenDates(text, language, clock, (from, to) => tenseAt(text, language, from, to, tense)))
    if (!recurring(text, language, r.start, r.end)) found.push({ ...r, own: false });
  const rank = (r: Found) => (r.own ? (r.period.absolute ? 2 : 0) : 1);
  const chosen: Found[] = [];
  for (const r of found.sort((a, b) => b.end - b.start - (a.end - a.start) || rank(a) - rank(b)))
    if (!chosen.some((c) => r.start < c.end && c.start < r.end)) chosen.push(r);
  return chosen.sort((a, b) => a.start - b.start).map((r) => describe(text, r.start, r.end, r.period, clock, language));
}

/** The project's own reading: at each position the first pattern that matches. */
function ownReadings(text: string, language: "zh" | "en", clock: LocalClock, tense: Tense): DateReading[] {
  const patterns = language === "zh" ? ZH_PATTERNS : EN_PATTERNS;
  const readings: DateReading[] = [];
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
      if (language === "zh" && /^周[一二三四五六日天]$/u.test(match[0]) && zhNameAt(text, i)) break;
      const period = resolve(match, clock, tenseAt(text, language, i, i + match[0].length, tense));
      if (!period) continue;
      // 赵敏周末经常去爬山, "she usually runs on Saturday": a bare weekday in a habit is every one of them.
      if (BARE_DAY[language].test(match[0]) && HABITUAL[language].test(clauseAround(text, i))) break;
      const end = i + match[0].length;
      if (!recurring(text, language, i, end)) readings.push({ start: i, end, period });
      i = end;
      matched = true;
      break;
    }
    if (!matched) i++;
  }
  return readings;
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
      return period.first === period.last ? period.first : `${period.first} 至 ${period.last}`;
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
      if (period.first !== period.last) return `${afterPreposition ? "" : "from "}${period.first} to ${period.last}`;
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
