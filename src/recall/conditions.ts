/**
 * Conditions a query states that similar words cannot answer (seed 001 §4.1): a time range
 * (上个月, 5月2号, last week, "in May 2023"), a status ("还没关闭的", "still open"), an exclusion
 * ("除了周三", "apart from the gym"), the entities it names and the relation it asks about. The
 * read graph applies them as a structured filter before ranking (§4.3) and says so in the trace.
 *
 * Every rule here reads the query's own wording; none is tuned to a data set. A period longer
 * than {@link MAX_CONDITION_DAYS} ("this year") is no condition: it would filter nothing useful.
 */

import { entityKey } from "../facts/relations.js";
import type { DayCondition } from "../store/contract.js";
import { epochDay, monthDayOf } from "../store/item-structure.js";
import { detectLanguage } from "../text/tokenizer.js";
import { findTimeMentions } from "../write/extract/dates.js";

export const MAX_CONDITION_DAYS = 92;

export interface TimeCondition {
  /** The words that named it ("5月2号", "last week"). */
  text: string;
  /** Resolved period, ISO dates (inclusive); for a date without a year, the nearest past one. */
  from: string;
  to: string;
  /** True when the query gave no year: the same days of any year match. */
  anyYear: boolean;
}

export interface QueryConditions {
  time: TimeCondition[];
  /** "open": only what is still open (its status facts say so or say nothing); "closed" the reverse. */
  status?: { want: "open" | "closed"; text: string };
  /** Things the query excludes ("除了周三" → 周三), as written. */
  exclude: string[];
  /** The query without its exclusion phrases: what ranking reads. */
  rankingQuery: string;
  /** Entity keys the query may name (n-grams), for the relational index. */
  entityKeys: string[];
  /** Predicates the query asks about ("which database" → uses). */
  predicates: string[];
}

/** The day condition of a query's time conditions, for the store. */
export function dayConditionOf(time: TimeCondition[]): DayCondition {
  const ranges: Array<{ from: number; to: number }> = [];
  const monthDays: Array<{ from: number; to: number }> = [];
  for (const t of time) {
    const from = epochDay(t.from)!;
    const to = epochDay(t.to)!;
    if (!t.anyYear) {
      ranges.push({ from, to });
      continue;
    }
    const a = monthDayOf(from);
    const b = monthDayOf(to);
    // A period across New Year ("12月30号到1月2号") is two month-day ranges.
    if (a <= b) monthDays.push({ from: a, to: b });
    else monthDays.push({ from: a, to: 1231 }, { from: 101, to: b });
  }
  return { ranges, monthDays };
}

const YEAR_MONTH_EN = new RegExp(
  String.raw`\b(?:in\s{1,2})?(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep` +
    String.raw`(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\s{1,2}(\d{4})\b`,
  "iu",
);
const YEAR_MONTH_ZH = /(\d{4})年(\d{1,2})月(?!\d{1,2}[日号])/u;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

const STATUS_OPEN = new RegExp(
  [
    "还没(?:有)?(?:关闭|解决|修好|修复|完成|办完|处理|关|搞定)",
    "没(?:有)?(?:关闭|解决|修好|完成|办完|搞定)的",
    "未(?:关闭|解决|完成|处理)",
    "仍(?:然)?(?:开着|未)",
    String.raw`\bstill\s{1,2}(?:open|pending|unresolved|not\s{1,2}(?:fixed|done|closed|resolved))\b`,
    String.raw`\b(?:not\s{1,2}yet\s{1,2}(?:fixed|done|closed|resolved)|unresolved|outstanding|haven'?t\s{1,2}been` +
      String.raw`\s{1,2}(?:fixed|closed|resolved))\b`,
    String.raw`\bopen\s{1,2}(?:ones|tickets|bugs|issues|items|todos|requests)\b`,
  ].join("|"),
  "iu",
);
const STATUS_CLOSED = new RegExp(
  [
    "已经(?:关闭|解决|修好|完成)的",
    "(?:关闭|解决|修好|完成)了(?:哪些|的)",
    String.raw`\b(?:already|got)\s{1,2}(?:fixed|closed|resolved|done)\b`,
    String.raw`\bwhich\s{1,2}(?:ones|tickets|bugs|issues)\s{1,2}(?:were|are|got)\s{1,2}(?:fixed|closed|resolved)\b`,
  ].join("|"),
  "iu",
);

// "除了周三"、"apart from the gym": what follows is left out. The phrase ends at a comma or at
// the clause that follows; its length is bounded.
const EXCLUDE_ZH = /除了([^，,。？?！!]{1,16}?)(?:以外|之外|外)?[，,]/u;
const EXCLUDE_EN = new RegExp(
  String.raw`\b(?:apart\s{1,2}from|except(?:\s{1,2}for)?|besides|other\s{1,2}than|aside\s{1,2}from|not` +
    String.raw`\s{1,2}counting)\s{1,2}([^,.?!;]{1,40}?)(?=[,.?!;]|\s{1,2}` +
    String.raw`(?:what|where|which|who|when|how|did|do|have|is|are)\b|$)`,
  "iu",
);

/**
 * Words of a relation question and the predicate they ask about (src/facts/relations.ts).
 * A hop of a multi-hop answer counts when its predicate is one of these.
 */
const PREDICATE_WORDS: Array<[RegExp, string]> = [
  [
    /\b(?:databases?|db|stack|tools?|framework|language|uses?|using|runs?\s{1,2}on|built\s{1,2}on|vendor)\b|数据库|工具|技术栈|框架|用的|用什么|使用|基于/iu,
    "uses",
  ],
  [/\b(?:live|lives|living|city|based|moved|where\s{1,2}(?:is|does))\b|住|城市|搬到|在哪|哪里|哪个城市/iu, "lives_in"],
  [/\b(?:teams?|departments?|groups?|squad)\b|部门|哪个组|团队|小组/iu, "member_of"],
  [/\b(?:leads?|runs|owns?|owner|in\s{1,2}charge|manages|lead\s{1,2}by|responsible)\b|负责|牵头|主管|谁管/iu, "leads"],
  [/\b(?:boss|manager|reports?\s{1,2}to|supervisor)\b|领导|上级|老板|汇报/iu, "reports_to"],
  [/\b(?:clients?|customers?|for\s{1,2}whom)\b|客户|给谁做/iu, "for_client"],
  [/\b(?:works?\s{1,2}(?:at|for)|company|employer)\b|公司|在哪上班|在哪工作/iu, "works_at"],
  [
    /\b(?:fund(?:s|ed|ing)?|pay(?:s|ing)?\s{1,2}for|paying|sponsor(?:s|ed|ing)?|grant)\b|出钱|资助|赞助|经费/iu,
    "funded_by",
  ],
  [/\b(?:publish(?:es|ed|ing|er)?)\b|发行|出版/iu, "published_by"],
  [/\b(?:office|where\s{1,2}(?:is|are|do|does)|located|based)\b|办公|在哪儿|在哪/iu, "located_in"],
  [/甲方|业主/u, "for_client"],
  [/选的|用的|选了|租的|哪家/u, "uses"],
];

// Words that make a period relative to the clock ("last week", "上个月", "3 days ago"), and a day
// of the month alone ("on the 5th", 5号), which is this month's or the last one's.
const RELATIVE = new RegExp(
  [
    String.raw`\b(?:last|next|this|past|previous|coming|ago|yesterday|today|tonight|tomorrow|recent(?:ly)?)\b`,
    "[上下本这昨今明前后去]",
    "最近",
    "大前天",
    "大后天",
    String.raw`^the\s\d{1,2}(?:st|nd|rd|th)$`,
    String.raw`^[\d一二三四五六七八九十]{1,3}号`,
  ].join("|"),
  "iu",
);
const PAST_TENSE =
  /\b(?:did|was|were|had|went|told|said|made|ate|bought|saw|got|met|took|read|wrote|spent|heard|felt|[a-z]{2,20}ed)\b|了|过|那天|那次|那会/iu;
const FIRST_PERSON = /\b(?:I|my|me|mine)\b|我/u;
const MAX_QUERY = 300;
const MAX_ENTITY_KEYS = 200;

/**
 * @example
 * parseConditions("在5月2号我们讨论了什么？", new Date("2026-12-01T00:00:00Z")).time;
 * // [{ text: "5月2号", from: "2026-05-02", to: "2026-05-02", anyYear: true }]
 */
export function parseConditions(query: string, now: Date): QueryConditions {
  const text = query.normalize("NFC").slice(0, MAX_QUERY);
  const exclude: string[] = [];
  let rankingQuery = text;
  for (const pattern of [EXCLUDE_ZH, EXCLUDE_EN]) {
    const m = pattern.exec(rankingQuery);
    if (m?.[1]?.trim()) {
      exclude.push(m[1].trim());
      rankingQuery = `${rankingQuery.slice(0, m.index)} ${rankingQuery.slice(m.index + m[0].length)}`.trim();
    }
  }
  const open = STATUS_OPEN.exec(text);
  const closed = open ? null : STATUS_CLOSED.exec(text);
  const time = timeConditions(text, now, exclude);
  // A period selects the memories; its words ("February 7th", "上个月") would only rank by
  // look-alike dates inside it.
  for (const t of time)
    rankingQuery = rankingQuery
      .replace(t.text, " ")
      .replace(/\s{2,8}/gu, " ")
      .trim();
  return {
    time,
    ...(open ? { status: { want: "open" as const, text: open[0] } } : {}),
    ...(closed ? { status: { want: "closed" as const, text: closed[0] } } : {}),
    exclude,
    rankingQuery,
    entityKeys: entityCandidates(rankingQuery),
    predicates: [...new Set(PREDICATE_WORDS.filter(([pattern]) => pattern.test(rankingQuery)).map(([, p]) => p))],
  };
}

function timeConditions(text: string, now: Date, exclude: string[]): TimeCondition[] {
  const out: TimeCondition[] = [];
  const excluded = (mention: string) => exclude.some((e) => e.includes(mention) || mention.includes(e));
  const en = YEAR_MONTH_EN.exec(text);
  if (en) {
    const month = MONTHS.indexOf(en[1]!.slice(0, 3).toLowerCase()) + 1;
    out.push(monthOf(en[0].trim(), Number(en[2]), month));
  }
  const zh = YEAR_MONTH_ZH.exec(text);
  if (zh) out.push(monthOf(zh[0], Number(zh[1]), Number(zh[2])));
  for (const mention of findTimeMentions(text, detectLanguage(text), now.toISOString(), "past")) {
    const said = text.slice(mention.start, mention.end);
    if (excluded(said) || out.some((t) => t.text.includes(said) || said.includes(t.text))) continue;
    const days = (Date.parse(mention.last) - Date.parse(mention.first)) / 86_400_000 + 1;
    if (!(days >= 1) || days > MAX_CONDITION_DAYS) continue;
    const hasYear = /\d{4}/u.test(said);
    // A day or month named without a year ("5月2号", "in February") is that day of any year;
    // a relative one ("上个月", "last week") is resolved against the clock.
    const anyYear = !hasYear && !RELATIVE.test(said);
    // Without a year, "in December" may be when something will happen ("Why is Ingrid going to
    // Portugal in December?"), said at any time: only a question about the past ("What did I
    // cook on May 2nd?", "5月2号我们讨论了什么") asks for what that day holds.
    if (anyYear && !PAST_TENSE.test(text)) continue;
    out.push({ text: said, from: mention.first, to: mention.last, anyYear });
  }
  return out.slice(0, 8);
}

function monthOf(text: string, year: number, month: number): TimeCondition {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { text, from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, "0")}`, anyYear: false };
}

/**
 * Strings of the query that may be entity names, as entity keys: single words and runs of two
 * or three (Latin), substrings of two to eight characters of each Chinese run, and "user" when
 * the query speaks in the first person. Bounded: at most MAX_ENTITY_KEYS.
 */
function entityCandidates(text: string): string[] {
  const keys = new Set<string>();
  if (FIRST_PERSON.test(text)) keys.add("user");
  const latin = (text.match(/[\p{Script=Latin}\p{N}][\p{Script=Latin}\p{N}'’.+#-]{0,40}/gu) ?? []).map((w) =>
    w.replace(/['’]s$|[.]$/u, ""),
  );
  for (let i = 0; i < latin.length; i++)
    for (let n = 1; n <= 3 && i + n <= latin.length; n++) keys.add(entityKey(latin.slice(i, i + n).join(" ")));
  for (const run of text.match(/[\p{Script=Han}]{2,40}/gu) ?? [])
    for (let i = 0; i < run.length; i++)
      for (let n = 2; n <= 8 && i + n <= run.length; n++) keys.add(entityKey(run.slice(i, i + n)));
  keys.delete("");
  return [...keys].slice(0, MAX_ENTITY_KEYS);
}
