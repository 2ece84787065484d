/**
 * Reading one memory sentence for conflict resolution: its stance (polarity), its attitude
 * (like / dislike), its domain (diet, communication, ...) and its topic anchors.
 *
 * Seed 002 §3.4 records the two pitfalls this guards against:
 * - Chinese negation is inserted, not prefixed: 吃 and 不吃 share 吃, so substring tests
 *   cannot see polarity. The main negation is the one before the first topic word
 *   (用户不吃芒果); a negation inside the object (喝咖啡不加糖) is detail, not polarity.
 * - Single characters are poor anchors: 用 matches 用户, 开 matches 开票. Anchors here are
 *   character bigrams of Chinese runs and whole English words, never single characters.
 * This is the rule layer: a fast path for clear cases, not semantics.
 */

import { Recent } from "../../recent.js";
import { wordList } from "../../text/patterns.js";
import { normalizeText, wordTokens } from "../../text/tokenizer.js";
import { EN_MONTHS, EN_WEEKDAYS } from "../extract/date-patterns-en.js";

export type Attitude = "like" | "dislike";

export interface StatementAnalysis {
  /** +1 affirms, −1 denies (不吃, no longer, 讨厌). */
  stance: 1 | -1;
  attitude: Attitude | null;
  domains: ReadonlySet<string>;
  /** Topic anchors: Chinese bigrams and English content words, subject/negation/attitude removed. */
  anchors: ReadonlySet<string>;
  /** Says the fact changed (改成, switched to, no longer). */
  changeMarker: boolean;
  /**
   * Dates and numbers the statement names ("2023-05-07", "2024年4月", "14"). They tell two
   * events or values apart, but never make two statements about the same topic.
   */
  details: ReadonlySet<string>;
}

// Words that name the subject or frame the sentence without carrying its topic: the rewrite's
// own frames (及其团队, 说：, 要求：) and time words (那一周, 中午之前) included.
const ZH_FRAME = [
  ...wordList(`及其团队 | 及其家人 | 等人 | 要求 | 那一周 | 那个周末 | 上午 | 中午 | 下午 | 晚上 | 早上 | 之前 | 之后 |
    以前 | 用户 | 我们 | 我 | 他们 | 他 | 她 | 最近 | 现在 | 目前 | 已经 | 以后 | 一直 | 总是 | 通常 | 平时 | 这次 |
    这一次 | 这回 | 今天 | 也行 | 也可以 | 可以 | 比较 | 非常 | 真的 | 就是 | 还是 | 了 | 的 | 是 | 都 | 也 | 还 | 很`),
];
// Negation idioms that do not negate (不错 good, 不过 but, 特别 special, 未来 future).
const ZH_NOT_NEGATION =
  /不错|不过|不少|不断|不同|不仅|不管|不久|不然|不如|不得不|没关系|特别|区别|别人|分别|级别|类别|性别|告别|未来/gu;
const ZH_NEGATION = /不再|再也不|从来不|从不|不|没有|没|别|未|戒掉|戒了/u;
const ZH_LIKE = /喜欢|偏好|偏爱|热爱|钟爱|最爱|喜爱|爱吃|爱喝|爱用|习惯用|倾向/u;
const ZH_DISLIKE = /讨厌|厌恶|反感|受不了|不喜欢|不爱/u;
const ZH_CHANGE = /改成|改为|换成|改用|换用|不再|换到|搬到|搬去|变成|改吃|改喝|戒了|戒掉/u;

const EN_SUBJECT = new Set(["user", "users", "person", "people", "team"]);
const EN_FRAME = new Set([
  ...wordList(`recently | now | currently | already | always | usually | anymore | longer | lately | today | time |
    also | still | really | very | much | more | fine | okay | ok`),
  // Dates are details, not topics (two things done in May share no topic).
  ...wordList(
    "yesterday | tomorrow | tonight | morning | afternoon | evening | night | day | week | weekend | month | year | ago | last | next",
  ),
  ...EN_MONTHS,
  ...EN_WEEKDAYS,
]);
// The rewrite's frames ("Ingrid and others…", "Tomasz said…", "the user's instruction:") carry no topic.
const EN_REWRITE_FRAME = /\b(?:and (?:their (?:team|family)|others)|said|'s (?:instruction|request):)/giu;
const DETAILS = /\d{4}-\d{2}-\d{2}|\d{4}年(?:\d{1,2}月(?:\d{1,2}[日号])?)?|\d{1,2}月\d{1,2}[日号]|\d+(?:[.,]\d+)?/gu;
const EN_NEGATION = new Set([
  ...wordList(`not | never | no | don't | doesn't | didn't | won't | can't | cannot | isn't | aren't | wasn't |
    weren't | stopped | stop | quit | avoid | avoids | nor`),
]);
const EN_LIKE = new Set([
  ...wordList(`like | liked | love | loved | prefer | preferred | enjoy | enjoyed | favorite | favourite | fan | want |
    wanted`),
]);
const EN_DISLIKE = new Set(["dislike", "disliked", "hate", "hated", "detest", "detested"]);
const EN_CHANGE =
  /\b(?:no longer|switched|switch(?:ed)? to|changed|now prefers?|instead|moved to|anymore|stopped|gave up|quit)\b/iu;

/**
 * Domains by their trigger words. Single characters are allowed here (吃, 喝) because a domain
 * is only compared together with an attitude, never used as a topic anchor.
 */
const DOMAINS: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "diet",
    new RegExp(
      [
        "吃",
        "喝",
        "饮食",
        "忌口",
        "口味",
        "外卖",
        "点餐",
        "咖啡",
        "茶",
        "酒",
        "水果",
        "零食",
        "香菜",
        String.raw`\b(?:eat|eats|ate|eating|drink|drinks|drank|drinking|food|meal|diet|cuisine|coffee|tea|apples?` +
          String.raw`|cilantro|coriander|beer|wine|juice|fruits?|spicy)\b`,
      ].join("|"),
      "iu",
    ),
  ],
  [
    "communication",
    /沟通|联系|微信|电话|短信|邮件|消息|通知|\b(?:contact|message|messages|call|calls|email|e-mail|wechat|sms|slack)\b/iu,
  ],
  [
    "device",
    /手机|电脑|笔记本|平板|耳机|\b(?:phones?|laptops?|computers?|tablets?|iphone|android|macbook|headphones)\b/iu,
  ],
  ["shipping", /快递|物流|配送|发货|送货|顺丰|\b(?:shipping|delivery|courier|carrier|ship)\b/iu],
  ["language", /中文|英文|英语|汉语|语言|\b(?:chinese|english|language)\b/iu],
  ["style", /简洁|详细|风格|语气|格式|篇幅|\b(?:concise|detailed|tone|style|format|brief|verbose)\b/iu],
  ["tooling", /数据库|框架|编辑器|工具|\b(?:database|framework|editor|ide|sqlite|postgres|mysql)\b/iu],
];

/**
 * Analyse one memory sentence (Chinese, English or mixed). The result is cached and shared
 * between callers: read it, never change it.
 * @example
 * analyzeStatement("用户最近不吃芒果了").stance;            // -1
 * [...analyzeStatement("用户喜欢吃芒果").anchors];           // ["吃芒", "芒果"]
 * [...analyzeStatement("The user no longer eats apples").anchors]; // ["eat", "apple"]
 */
export function analyzeStatement(text: string): StatementAnalysis {
  // First in, first out: a write run compares each candidate with up to ~24 memories, and the
  // same memories come back run after run, so a modest window catches nearly every repeat.
  return analyses.get(text, () => analyze(text));
}

// Analysis is pure but not cheap (Intl.Segmenter, a dozen regexes), and classification reads the
// same sentences again and again: every candidate against every neighbour, in every run.
const analyses = new Recent<StatementAnalysis>(4096);

function analyze(text: string): StatementAnalysis {
  const details = new Set(text.match(DETAILS) ?? []);
  const framed = text.replace(EN_REWRITE_FRAME, " ").replace(DETAILS, " ");
  const normalized = normalizeText(framed);
  const zh = analyzeChinese(normalized);
  const en = analyzeEnglish(normalized, leadingName(text));
  const anchors = new Set([...zh.anchors, ...en.anchors]);
  // Whichever language carries the main negation decides: the first negation before a topic word.
  const negated = zh.negated || en.negated;
  const dislike = zh.attitude === "dislike" || en.attitude === "dislike";
  const like = zh.attitude === "like" || en.attitude === "like";
  const attitude: Attitude | null = dislike ? "dislike" : like ? "like" : null;
  // 不喜欢 is read whole as dislike (and cut from the core), so its 不 is not counted again.
  const stance = (attitude === "dislike" ? -1 : 1) * (negated ? -1 : 1);
  const domains = new Set<string>();
  for (const [name, pattern] of DOMAINS) if (pattern.test(normalized)) domains.add(name);
  return Object.freeze({
    stance: stance as 1 | -1,
    attitude,
    domains,
    anchors,
    changeMarker: ZH_CHANGE.test(normalized) || EN_CHANGE.test(normalized),
    details,
  });
}

interface PartialAnalysis {
  negated: boolean;
  attitude: Attitude | null;
  anchors: string[];
}

function analyzeChinese(text: string): PartialAnalysis {
  // Mask idioms so their 不/别/未 is not read as negation; keep positions stable.
  const masked = text.replace(ZH_NOT_NEGATION, (m) => "□".repeat(m.length));
  const dislikeMatch = ZH_DISLIKE.exec(masked);
  const likeMatch = ZH_LIKE.exec(masked);
  const attitudeMatch = dislikeMatch ?? likeMatch;
  const attitude: Attitude | null = dislikeMatch ? "dislike" : likeMatch ? "like" : null;

  // Strip frame words and the attitude, remembering where the main negation sits.
  let core = masked;
  if (attitudeMatch) core = spliceOut(core, attitudeMatch.index, attitudeMatch[0].length);
  for (const word of ZH_FRAME) core = core.split(word).join(" ");
  const negation = ZH_NEGATION.exec(core);
  const firstTopic = firstHanIndex(core, negation ? [negation.index, negation.index + negation[0].length] : undefined);
  const negated = !!negation && (firstTopic < 0 || negation.index < firstTopic);
  // "喜欢不加糖的咖啡": a negation after the attitude qualifies the object, not the stance.
  const afterAttitude = !!attitudeMatch && !!negation && attitudeMatch.index < masked.indexOf(negation[0]);
  if (negated && negation && !afterAttitude) core = spliceOut(core, negation.index, negation[0].length);

  const anchors: string[] = [];
  for (const run of core.match(/\p{Script=Han}{2,}/gu) ?? []) {
    const chars = Array.from(run);
    for (let i = 0; i + 1 < chars.length; i++) anchors.push(chars[i]! + chars[i + 1]!);
  }
  return { negated: negated && !afterAttitude, attitude, anchors };
}

function analyzeEnglish(text: string, subject: ReadonlySet<string>): PartialAnalysis {
  let attitude: Attitude | null = null;
  let negated = false;
  let sawTopic = false;
  const anchors: string[] = [];
  const latin = wordTokens(text).filter((t) => !t.cjk);
  for (const [i, token] of latin.entries()) {
    const word = token.term;
    // "Ingrid does not run…": the subject the sentence opens with comes before its negation; it
    // stays an anchor (a speaker's name is removed by the caller), but it is not yet the topic.
    if (i < 2 && subject.has(word)) {
      anchors.push(word);
      continue;
    }
    if (word.endsWith("n't") || EN_NEGATION.has(word)) {
      if (!sawTopic) negated = true;
      continue;
    }
    if (EN_DISLIKE.has(word)) {
      attitude = "dislike";
      continue;
    }
    if (EN_LIKE.has(word)) {
      attitude ??= "like";
      continue;
    }
    if (token.stop || EN_SUBJECT.has(word) || EN_FRAME.has(word) || word.length < 3) continue;
    sawTopic = true;
    anchors.push(word);
  }
  return { negated, attitude, anchors };
}

// The name a sentence opens with ("Ingrid does not…", "Mary Ann's sister…"), lowercased.
const LEADING_NAME = new RegExp(
  "^(?!(?:The|This|That|These|Those|A|An|It|Its|There|My|Our|Your|His|Her|Their|Some|All|Every|Each|No)" +
    String.raw`\b)([A-Z][\p{L}'’-]*(?: [A-Z][\p{L}'’-]*)?)(?=['’]s\b|\s|$)`,
  "u",
);

function leadingName(text: string): ReadonlySet<string> {
  const match = LEADING_NAME.exec(text);
  return new Set(match ? normalizeText(match[1]!).split(/\s+/u) : []);
}

function spliceOut(text: string, index: number, length: number): string {
  return `${text.slice(0, index)} ${text.slice(index + length)}`;
}

/** Index of the first Han character outside `skip` (the negation itself), or −1. */
function firstHanIndex(text: string, skip?: [number, number]): number {
  const han = /\p{Script=Han}/u;
  for (let i = 0; i < text.length; i++) {
    if (skip && i >= skip[0] && i < skip[1]) continue;
    if (han.test(text[i]!)) return i;
  }
  return -1;
}

/** Dice coefficient of two anchor sets: 1 for the same topic words, 0 for none shared. */
export function anchorSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

/** True when every anchor of `small` is in `big` and `big` has more. */
export function isStrictSuperset(big: ReadonlySet<string>, small: ReadonlySet<string>): boolean {
  if (big.size <= small.size || small.size === 0) return false;
  for (const item of small) if (!big.has(item)) return false;
  return true;
}
