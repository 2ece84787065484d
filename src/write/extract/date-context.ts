/**
 * What the words around a date say about it (dates.ts): the tense it is read in, a deadline, a
 * habit or a recurrence that makes it no single day, and 周 as a surname rather than a week.
 */
import type { Tense } from "./calendar.js";
import { knownNameAt } from "./known-names.js";

export const EN_PREPOSITION_BEFORE = /\b(on|by|before|until|till|since|from|after|in|during|of|at|to)\s+$/i;
export const EN_DEADLINE_BEFORE = /\b(by|before|until|till|no later than)\s+$/i;
export const ZH_NO_ZAI_BEFORE = /[在于从到至自是为截止到]\s*$/;
export const ZH_NO_ZAI_AFTER = /^\s*(之前|以前|前|之后|以后|后|的|起|开始|为止|截止|底|末)/;
export const ZH_DEADLINE_AFTER = /^\s*(之前|以前|前|为止)/;
export const ZH_DEADLINE_BEFORE = /(截止|截至|最晚|最迟)\s*$/;

// A weekday or a weekend with nothing to say which one, or two such weekdays as a range.
export const BARE_DAY = {
  zh: /^个?(?:(?:周|星期|礼拜)[一二三四五六日天](?:\s{0,2}(?:到|至|-|—|–|~|～)\s{0,2}(?:周|星期|礼拜)?[一二三四五六日天])?|周末)$/u,
  en: new RegExp(
    String.raw`^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s{0,2}[-–—]\s{0,2}| ` +
      "(?:to|through|thru|till|until) )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day)?|weekend)$",
    "iu",
  ),
};
// A habit or a liking (周末常去, 喜欢在周日下午, "on Tuesday evenings", "Saturdays"); 常 of 非常 /
// 正常 / 日常 says nothing of how often.
export const HABITUAL = {
  zh: /经常|常常|通常|一般|平时|平常|总是|往往|向来|每|例会|周会|晨会|喜欢|(?<![非正异日反无寻])常(?!识|用)/u,
  en: new RegExp(
    String.raw`\b(?:usually|often|always|normally|typically|generally|regularly|tends? to|every|weekly|fortnightly` +
      "|biweekly|likes? to|(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|mornings|afternoons" +
      String.raw`|evenings|nights)\b`,
    "iu",
  ),
};
// "I booked flights for May", 我约好了周六, 挂了5月18日的号: a plan made in the past is for a time ahead.
const PLANNED = {
  zh: /预约|预订|订了|约好|约了|约上|定了|安排|计划|打算|决定|报名|推迟|改到|挪到|延期|挂了|挂号/u,
  en: new RegExp(
    [
      String.raw`\b(?:book|schedul|plann?|arrang|decid|agre|register|signe?d? up|reserv|postpon|reschedul|promis` +
        String.raw`|invit|confirm)\w*`,
      String.raw`\b(?:got|made) an? (?:[\w-]{1,20} )?appointment`,
    ].join("|"),
    "iu",
  ),
};
// 改到周六, 约在了11月2号, "moved to Thursday", "pushed the deadline to 22 May": the day a thing is
// moved to is ahead, whatever the tense of the move.
const MOVED_TO = {
  zh: /(?:改|挪|推迟|推|延|调|换|提前|移|定|约)(?:到|成|在)了?$/u,
  en: /\b(?:move|push|postpone|reschedule|change|shift|bump|delay|switch|slip)(?:p?e?d|s)?\s{1,3}(?:[\w'’-]{1,30}\s{1,3}){0,3}(?:to|till|until)\s{1,3}$/iu,
};

/** The clause a position is in: between the nearest sentence or clause marks. */
export function clauseAround(text: string, at: number): string {
  const marks = /[。！？!?；;，,\n]/u;
  let from = at;
  while (from > 0 && !marks.test(text[from - 1]!)) from--;
  let to = at;
  while (to < text.length && !marks.test(text[to]!)) to++;
  return text.slice(from, to);
}

export const RECURRING_BEFORE = {
  zh: /(?:每个?|第[一二三四五六七八九十\d]{1,2}个?|最后一个?|倒数第[一二三\d]个?)$/u,
  en: /\b(?:first|second|third|fourth|fifth|last|every|each|alternate)\s+$/iu,
};

// "since March" said in May is this year's March, whatever the tense of the rest.
const SINCE_BEFORE = /\bsince\s{1,2}$/iu;
// "every Sunday", "each month on the 22nd", 每周三, 每年4月1号, 隔周周五, 天天: in a clause about
// something that recurs, no date is one day.
const RECURRENCE = {
  en: new RegExp(
    String.raw`\b(?:every|each)\s(?:other\s|single\s|\d{1,2}\s|` +
      String.raw`(?:two|three|four|five|six|seven|eight|nine|ten|few|couple\sof)\s)?(?:days?|nights?|mornings?` +
      "|afternoons?|evenings?|weeks?|weekends?|fortnights?|months?|quarters?|years?|" +
      "(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august" +
      String.raw`|september|october|november|december)\b`,
    "iu",
  ),
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

export function zhNameAt(text: string, at: number): boolean {
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
export function tenseAt(text: string, language: "zh" | "en", start: number, end: number, tense: Tense): Tense {
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

/** The sentence a position is in (总算挂上了罗医生的号，6月3号下午两点: the plan is the sentence's). */
function sentenceAround(text: string, at: number): string {
  const marks = /[。！？!?；;\n]/u;
  let from = at;
  while (from > 0 && !marks.test(text[from - 1]!)) from--;
  let to = at;
  while (to < text.length && !marks.test(text[to]!)) to++;
  return text.slice(from, to);
}

export function recurring(text: string, language: "zh" | "en", start: number, end: number): boolean {
  let from = start;
  while (from > 0 && !/[。！？!?；;，,\n]/u.test(text[from - 1]!)) from--;
  const before = text.slice(from, start);
  return (
    RECURRENCE[language].test(before) ||
    RECURRENCE_JUST_BEFORE[language].test(before) ||
    (language === "en" && RECURRENCE_AFTER.test(text.slice(end)))
  );
}
