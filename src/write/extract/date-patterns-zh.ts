/**
 * The Chinese date patterns (dates.ts): 上周, 下个月5号, 去年三月, 5月3日到7日, 三天后; longest and
 * most specific first.
 */
import {
  addDays,
  day,
  days,
  isoDay,
  type LocalClock,
  mondayOf,
  month,
  monthDayAlone,
  monthRange,
  type Tense,
  week,
  year,
  yearOf,
} from "./calendar.js";
import { absoluteDay, bareWeekday, dayOfMonth, namedMonth, type Resolver, weekdayRange } from "./date-resolvers.js";

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

const ZH_WEEKDAYS = "一二三四五六日";

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
export const ZH_PATTERNS: ReadonlyArray<[RegExp, Resolver]> = [
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
      `(?<![\\dA-Za-z#\\-第月年号几编型代届〇零一二三四五六七八九十两百千万区楼排座层栋幢室列行门厅房床车厢线路街道巷弄院馆村组队班级场台柜窗站期])${ZH_DAY_NUMBER}号(?:` +
        `${ZH_TO}${ZH_DAY_NUMBER}号)?(?![码线楼房室床门口位桌座车机柜台窗选队球种字病电文屋院馆厅站仓库箱包卡店铺栋单街路巷弄厂道舱轨频风人\\d]|会[议场客所])`,
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
