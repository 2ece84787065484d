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
import { clockOf, type Granularity, type LocalClock, type Period, type Tense } from "./calendar.js";
import {
  BARE_DAY,
  clauseAround,
  EN_DEADLINE_BEFORE,
  EN_PREPOSITION_BEFORE,
  HABITUAL,
  RECURRING_BEFORE,
  recurring,
  tenseAt,
  ZH_DEADLINE_AFTER,
  ZH_DEADLINE_BEFORE,
  ZH_NO_ZAI_AFTER,
  ZH_NO_ZAI_BEFORE,
  zhNameAt,
} from "./date-context.js";
import { EN_MONTHS, EN_PATTERNS } from "./date-patterns-en.js";
import { ZH_PATTERNS } from "./date-patterns-zh.js";
import { type DateReading, writtenDates } from "./written-dates.js";

export { addDays, clockOf, type Granularity, type LocalClock } from "./calendar.js";
export { parseZhNumber } from "./date-patterns-zh.js";

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
const ZH_CLOCK_OR_WEEKDAY = new RegExp(
  [
    String.raw`(?:\d{1,2}|十[一二]?|[两三四五六七八九])点(?:半|[一二三]刻|\d{1,2}分?)?`,
    String.raw`(?:(?<=上午|下午|中午|晚上|早上|凌晨|傍晚)一点|一点(?=半|[一二三]刻|\d{1,2}分))(?:半|[一二三]刻|\d{1,2}分)?`,
    String.raw`\d{1,2}[:：]\d{2}`,
    "(?:周|星期|礼拜)[一二三四五六日天]",
  ].join("|"),
  "u",
);
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
