/**
 * Statements of change: "We switched from Jira to Linear", "I moved from Beijing to Shanghai",
 * "我们从 Jira 换成了 Linear". They are usually extracted as events (episodes), and events
 * never replace a memory on their own (classify.ts), so without this the old state — "the team
 * uses Jira", "the user lives in Beijing" — stays active and keeps being recalled.
 *
 * A change supersedes a stored memory only when that memory states the left-behind thing as its
 * current state ("uses Jira", "lives in Beijing", "用 Jira", "住在北京"), not when it merely
 * mentions it ("a favourite restaurant in Beijing" survives a move from Beijing), not when it
 * already names the new thing, and only for the same person (a sister's move is hers). A move
 * without a "from" ("搬到深圳了") replaces where the same person lives, if it names a place.
 * Rules, not semantics (seed 002 §3.4): the clear cases only.
 */

import { alternation, escapeRegExp, wordList } from "../../text/patterns.js";
import { normalizeText } from "../../text/tokenizer.js";
import { PEOPLE } from "../extract/lexicon.js";

export interface StatedChange {
  /** What was left behind, normalised ("jira", "北京"). */
  from: string;
  /** What replaced it. */
  to: string;
  /** The words before the change: who changed ("the user and others", "用户的妹妹"). */
  subject: string;
}

// "switched/moved/migrated … from X to Y": X up to " to ", Y up to a clause boundary.
const CHANGE_VERBS = wordList(`switch | switched | switching | move | moved | moving | migrate | migrated | migrating |
  change | changed | changing | went | transfer | transferred | upgrade | upgraded | convert | converted`);
// Words that end the new value: "… to Linear last month", "… to Shanghai because …".
const CLAUSE_GOES_ON = "in | on | at | last | this | since | because | after | before | recently | now";
// The things named are short: each span is bounded (SPAN), which keeps every pattern here linear.
const SPAN = "[^,.;!?，。；！？]{1,80}?";
const EN_FROM_TO = new RegExp(
  `\\b${alternation(CHANGE_VERBS)}\\b(?:\\s{1,8}\\S{1,40}){0,3}?\\s{1,8}from\\s{1,8}(${SPAN})\\s{1,8}(?:to|onto|into)\\s{1,8}(${SPAN})(?=\\s{1,8}${alternation(wordList(CLAUSE_GOES_ON))}\\b|[,.;!?]|$)`,
  "u",
);
const EN_REPLACED =
  /\breplaced\s{1,8}([^,.;!?，。；！？]{1,80}?)\s{1,8}with\s{1,8}([^,.;!?，。；！？]{1,80}?)(?=\s{1,8}(?:in|last|this|because|recently)\b|[,.;!?]|$)/u;
// "left Google and joined OpenAI", "left Google for OpenAI".
const EN_LEFT =
  /\bleft\s{1,8}([^,.;!?，。；！？]{1,80}?)\s{1,8}(?:and\s{1,8}(?:joined|went to|moved to|started at)|for)\s{1,8}([^,.;!?，。；！？]{1,80}?)(?=\s{1,8}(?:in|on|at|last|this|since|because|recently)\b|[,.;!?]|$)/u;
// "prefer VS Code over Vim" (the second is what is no longer preferred).
const EN_OVER =
  /\bprefers?\s{1,8}([^,.;!?，。；！？]{1,80}?)\s{1,8}over\s{1,8}([^,.;!?，。；！？]{1,80}?)(?=\s{1,8}(?:these|nowadays|now|lately)\b|[,.;!?]|$)/u;
const EN_INSTEAD =
  /\b(?:use|uses|using|drink|drinks|eat|eats|prefer|prefers)\s{1,8}([^,.;!?，。；！？]{1,80}?)\s{1,8}instead of\s{1,8}([^,.;!?，。；！？]{1,80}?)(?=[,.;!?]|$)/u;
const ZH_FROM_TO =
  /从\s{0,8}([^,.;!?，。；！？]{1,80}?)\s{0,8}(?:换成|改成|改为|改用|换用|换到|搬到|搬去|迁到|迁移到|转到|升级到|切换到|切到|跳槽到|跳到)了?\s{0,8}([^,.;!?，。；！？]{1,80}?)(?=[，。,.;；！!？?]|$)/u;
// 把 iPhone 换成了华为; 离开了字节，加入了腾讯.
const ZH_BA =
  /把\s{0,8}([^,.;!?，。；！？]{1,80}?)\s{0,8}(?:换成|改成|改为|换为)了?\s{0,8}([^,.;!?，。；！？]{1,80}?)(?=[，。,.;；！!？?]|$)/u;
const ZH_LEFT =
  /离开了?\s{0,8}([^,.;!?，。；！？]{1,80}?)\s{0,8}[，,]?\s{0,8}(?:加入了?|去了|到了)\s{0,8}([^,.;!?，。；！？]{1,80}?)(?=[，。,.;；！!？?]|$)/u;

/**
 * The change a statement reports, if it names both sides.
 * @example
 * statedChange("We switched from Jira to Linear last month"); // { from: "jira", to: "linear", subject: "we " }
 * statedChange("用户等人在 2024年2月从 Jira 换成了 Linear");      // { from: "jira", to: "linear", subject: "用户等人在 2024年2月" }
 * statedChange("The user likes Linear");                       // undefined
 */
export function statedChange(text: string): StatedChange | undefined {
  const normalized = normalizeText(text);
  const fromTo = [EN_FROM_TO, EN_REPLACED, EN_LEFT, ZH_FROM_TO, ZH_BA, ZH_LEFT]
    .map((pattern) => pattern.exec(normalized))
    .find(Boolean);
  if (fromTo) return clean(fromTo[1]!, fromTo[2]!, normalized.slice(0, fromTo.index));
  const reversed = EN_INSTEAD.exec(normalized) ?? EN_OVER.exec(normalized);
  return reversed ? clean(reversed[2]!, reversed[1]!, normalized.slice(0, reversed.index)) : undefined;
}

// Verbs that state a current state with their object: uses X, lives in X, 用 X, 住在 X.
const STATE_VERBS =
  wordList(`use | uses | using | drink | drinks | eat | eats | prefer | prefers | drive | drives | play |
  plays | run | runs | runs on | live in | lives in | living in | based in | work at | works at | work for | works for |
  working at | working for | stay in | stays in | is on | are on | deploy on | deploys on | deploy to | deploys to |
  deploying on | deploying to | host on | hosts on | host with | hosts with | hosted on`);
const EN_STATE = String.raw`\b(?:${alternation(STATE_VERBS)}|favou?rite(?:\s+\S+){1,2}\s+(?:is|are))\s+(?:the\s+|a\s+|an\s+)?`;
const ZH_STATE = String.raw`(?:用|使用|住在|住|家在|喝|吃|偏好|开|玩|选用|选择|部署在|最喜欢的\S{0,4}是)\s*`;

/**
 * Who `text` says has `object` as their current state (see the module comment): the words
 * before the stating verb, or undefined when it does not state it.
 * @example
 * stateSubject("The user's team uses Jira for tickets", "jira"); // "the user's team"
 * stateSubject("The user's favourite restaurant in Beijing is Da Dong", "beijing"); // undefined
 */
export function stateSubject(text: string, object: string): string | undefined {
  const normalized = normalizeText(text);
  const escaped = escapeRegExp(object);
  const end = /^[\p{L}\p{N}]/u.test(object) && /[a-z0-9]$/u.test(object) ? String.raw`(?![\p{L}\p{N}])` : "";
  const match =
    new RegExp(`${EN_STATE}${escaped}${end}`, "u").exec(normalized) ??
    new RegExp(`${ZH_STATE}${escaped}`, "u").exec(normalized) ??
    // 在 X 工作/上班/生活: 在 alone is too common (餐厅在北京) to count.
    new RegExp(`在\\s*${escaped}\\s*(?:工作|上班|上学|读书|生活)`, "u").exec(normalized);
  return match ? normalized.slice(0, match.index) : undefined;
}

// Someone close to the speaker: their change is not the speaker's.
const PEOPLE_OF_SPEAKER = new RegExp(`\\b${alternation(PEOPLE.en)}\\b|${alternation(PEOPLE.zh)}`, "iu");

/**
 * Whether two subjects are the same person (or their team or home): neither names a relative or
 * friend, and both open with the same person — "the user", "I", "we" and 用户/我/我们 are one.
 * @example
 * sameSubject("the user and others ", "the user's team "); // true
 * sameSubject("the user's sister ", "the user ");          // false
 */
export function sameSubject(a: string, b: string): boolean {
  if (PEOPLE_OF_SPEAKER.test(a) || PEOPLE_OF_SPEAKER.test(b)) return false;
  return who(a) === who(b);
}

function who(subject: string): string {
  const text = subject.trim();
  if (text === "" || /^(?:the user|i|we|my|our|me|us)\b/u.test(text) || /^(?:用户|我)/u.test(text)) return "user";
  const han = /^\p{Script=Han}{1,3}?(?=的|等|在|已|刚|最近|上|去|今|也|还|都|和|与|搬|住|家|从|把|离|用|$)/u.exec(text);
  if (han) return han[0];
  return text.split(/\s+/u)[0]!.replace(/['’]s$/u, "");
}

// "moved to Seattle", "搬到深圳了": a new home, the old one unnamed.
// Only a named place counts as a new home: "moved it to Friday", "moved to a new flat" and
// 搬到了新家 say nothing about the city someone lives in.
const EN_MOVED_TO =
  /\bmoved\s+(?:back\s+|over\s+|away\s+|out\s+|house\s+|home\s+)?to\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})(?=\s|[,.;!?]|$)/u;
const ZH_MOVED_TO =
  /搬(?:到|去|回)了?\s{0,8}(?!了|新|这|那|一|隔壁|附近|对面|楼|公司|宿舍|家)(\p{Script=Han}{2,6}?)(?=了|[，。,.;；！!？?\s]|$)/u;
// Where a statement says someone lives: lives in X, 住在X, 家在X.
const EN_HOME =
  /\b(?:lives?|living|based)\s{1,8}in\s{1,8}([^,.;!?，。；！？]{1,80}?)(?=\s{1,8}(?:with|since|for|and|now)\b|[,.;!?]|$)/u;
const ZH_HOME = /(?:住在|家在)\s{0,8}([^,.;!?，。；！？]{1,80}?)(?=[，。,.;；！!？?]|$)/u;

/**
 * A move to a new place against a statement of where someone lives elsewhere: the old home is
 * what changed. Returns the old and new place, or undefined.
 * @example
 * statedMove("用户的家搬到深圳了", "用户的家在杭州"); // { from: "杭州", to: "深圳", subject: "用户的家" }
 */
export function statedMove(text: string, existing: string): StatedChange | undefined {
  // The English pattern needs the capitals of a place name: matched before lowercasing.
  const original = text.normalize("NFKC");
  const moved = EN_MOVED_TO.exec(original) ?? ZH_MOVED_TO.exec(original);
  const _normalized = normalizeText(original);
  const home = normalizeText(existing);
  const lives = EN_HOME.exec(home) ?? ZH_HOME.exec(home);
  const to = moved?.[1] ? normalizeText(moved[1]).trim() : undefined;
  const from = lives?.[1]?.trim();
  if (!moved || !lives || !to || !from || from === to || from.includes(to) || to.includes(from)) return undefined;
  const subject = normalizeText(original.slice(0, moved.index));
  return sameSubject(subject, home.slice(0, lives.index)) ? clean(from, to, subject) : undefined;
}

/** Whether `text` names `thing` at all. */
export function mentions(text: string, thing: string): boolean {
  return normalizeText(text).includes(thing);
}

function clean(from: string, to: string, subject: string): StatedChange | undefined {
  const trim = (s: string) => s.replace(/^(?:the|a|an|my|our)\s+/u, "").trim();
  const change = { from: trim(from), to: trim(to), subject };
  // A side that is a whole clause is not a thing ("changed from what we said before to …").
  if (!change.from || !change.to || change.from.split(/\s+/u).length > 4 || change.to.split(/\s+/u).length > 4)
    return undefined;
  return change;
}
