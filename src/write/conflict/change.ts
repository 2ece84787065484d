/**
 * Statements of change: "We switched from Trello to Asana", "I moved from Beijing to Shanghai",
 * "我们从 Trello 换成了 Asana". They are usually extracted as events (episodes), and events
 * never replace a memory on their own (classify.ts), so without this the old state — "the team
 * uses Trello", "the user lives in Beijing" — stays active and keeps being recalled.
 *
 * A change supersedes a stored memory only when that memory states the left-behind thing as its
 * current state ("uses Trello", "lives in Beijing", "用 Trello", "住在北京"), not when it merely
 * mentions it ("a favourite restaurant in Beijing" survives a move from Beijing), not when it
 * already names the new thing, and only for the same person (a sister's move is hers). A move
 * without a "from" ("搬到深圳了", "relocated to Seattle", "新家在上海") replaces where the same
 * person lives, if it names a place; giving a thing up ("gave up coffee", "dropped Trello",
 * 戒掉了咖啡, 从西安搬走了) leaves it behind without naming what replaced it; moving what a tool
 * was used for ("moved our tasks over to Asana") replaces the tool. A change that has not
 * happened (a plan, a wish, a maybe, a suggestion: src/write/cues.ts) replaces nothing.
 * Rules, not semantics (seed 002 §3.4): the clear cases only.
 */

import { alternation, escapeRegExp, wordList } from "../../text/patterns.js";
import { normalizeText } from "../../text/tokenizer.js";
import { DISCOURSE_LABELS, isUnrealized } from "../cues.js";
import { PEOPLE } from "../extract/lexicon.js";

export interface StatedChange {
  /** What was left behind, normalised ("trello", "北京"). */
  from: string;
  /** What replaced it. */
  to: string;
  /** The words before the change: who changed ("the user and others", "用户的妹妹"). */
  subject: string;
}

// "switched/moved/migrated … from X to Y": X up to " to ", Y up to a clause boundary.
const CHANGE_VERBS = wordList(`switch | switched | switching | move | moved | moving | migrate | migrated | migrating |
  change | changed | changing | went | transfer | transferred | upgrade | upgraded | convert | converted`);
// Words that end the new value: "… to Asana last month", "… to Shanghai because …".
const CLAUSE_GOES_ON = "in | on | at | last | this | since | because | after | before | recently | now | over | during";
// The things named are short: each span is bounded (SPAN), which keeps every pattern here linear.
const SPAN = "[^,.;!?，。；！？]{1,80}?";
const CLAUSE_END = `(?=\\s{1,8}${alternation(wordList(CLAUSE_GOES_ON))}\\b|[,.;!?]|$)`;
const EN_FROM_TO = new RegExp(
  `\\b${alternation(CHANGE_VERBS)}\\b(?:\\s{1,8}\\S{1,40}){0,3}?\\s{1,8}from\\s{1,8}(${SPAN})\\s{1,8}(?:to|onto|into)\\s{1,8}(${SPAN})${CLAUSE_END}`,
  "u",
);
const EN_REPLACED =
  /\breplaced\s{1,8}([^,.;!?，。；！？]{1,80}?)\s{1,8}with\s{1,8}([^,.;!?，。；！？]{1,80}?)(?=\s{1,8}(?:in|last|this|because|recently)\b|[,.;!?]|$)/u;
// "left Google and joined OpenAI", "left Google for OpenAI".
const EN_LEFT = new RegExp(
  String.raw`\bleft\s{1,8}([^,.;!?，。；！？]{1,80}?)\s{1,8}(?:and\s{1,8}(?:joined|went to|moved to|started at)|for)` +
    String.raw`\s{1,8}([^,.;!?，。；！？]{1,80}?)(?=\s{1,8}(?:in|on|at|last|this|since|because|recently)\b|[,.;!?]|$)`,
  "u",
);
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
const ZH_CLAUSE_END = "(?=[，。,.;；！!？?]|$)";
// Selling a thing and getting another: 把富士卖了，换成了索尼; "sold my Civic and got a Model 3".
// Lending, giving away for a while or losing it (借给, 丢了) is not a choice of another thing.
const ZH_SOLD = wordList("卖了 | 卖掉了 | 转手了 | 出掉了 | 处理掉了");
const ZH_SOLD_FOR = new RegExp(
  `把\\s{0,8}(${SPAN})\\s{0,8}${alternation(ZH_SOLD)}\\s{0,8}[，,]?\\s{0,8}(?:又|然后|就)?(?:换成了?|换了|入了|买了)\\s{0,8}(${SPAN})${ZH_CLAUSE_END}`,
  "u",
);
const EN_SOLD_FOR = new RegExp(
  `\\bsold\\s{1,8}(?:my|our|the)\\s{1,8}(${SPAN})\\s{1,8}and\\s{1,8}(?:got|bought|picked up|switched to|went with)\\s{1,8}(${SPAN})${CLAUSE_END}`,
  "u",
);
// 已经不用钉钉群了，都换成飞书: no longer using one thing, the other in its place.
const ZH_NO_LONGER_FOR = new RegExp(
  `不再?用\\s{0,8}(${SPAN})\\s{0,8}了\\s{0,8}[，,]\\s{0,8}(?:全部|全都|都|全|现在|已经)?(?:换成|改成|改用|换用|换到)了?\\s{0,8}(${SPAN})${ZH_CLAUSE_END}`,
  "u",
);

/** What replaced a thing given up without naming it ("gave up coffee"). */
export const SOMETHING_ELSE = "something else";

// Giving a thing up: "gave up coffee", "quit Google", "stopped using Slack", "moved out of Boston".
// "dropped" and "ditched" only before a bare name: "dropped my phone" is an accident, "dropped Trello" a choice.
const GIVE_UP = wordList(`gave up | give up | gives up | quit | quits | stopped using | stopped drinking |
  stopped eating | got rid of | no longer use | no longer uses | no longer drink | no longer drinks | no longer eat |
  no longer eats | moved out of | moved away from`);
const NOT_A_NAME = wordList("the | a | an | my | our | his | her | their | its | it | off | by | out | in | to | on");
const EN_GAVE_UP = new RegExp(
  `\\b(?:${alternation(GIVE_UP)}|(?:dropped|ditched)(?=\\s{1,8}(?!${alternation(NOT_A_NAME)}\\b)))\\s{1,8}(${SPAN})${CLAUSE_END}`,
  "u",
);
// "…, no more Trello" closing a clause ("no more than", "no more coffee today" name no lasting thing).
const EN_NO_MORE = new RegExp(`(?:^|[,;]\\s{0,8})no more\\s{1,8}(?!than\\b)(${SPAN})(?=[,.;!?]|$)`, "u");
// "don't use Slack anymore", "not drinking coffee any more", "sold my car", "no longer work at Acme".
const EN_NOT_ANYMORE = new RegExp(
  `\\b(?:don't|do not|doesn't|does not|not|never)\\s{1,8}(?:use|using|drink|drinking|eat|eating|drive` +
    `|driving|play|playing|work at|working at|work for|working for)\\s{1,8}(${SPAN})\\s{1,8}(?:anymore` +
    `|any more)\\b`,
  "u",
);
const EN_LET_GO = new RegExp(
  `\\b(?:sold\\s{1,8}(?:my|our)|no longer work at|no longer works at|no longer work for|no longer works for)\\s{1,8}(${SPAN})${CLAUSE_END}`,
  "u",
);
// A thing named with a time of the moment is not given up: "no more coffee today" is about today.
const ONLY_FOR_NOW =
  /\b(?:today|tonight|this (?:morning|afternoon|evening|week)|right now|for now)$|(?:今天|今晚|这周)$/u;
// 戒掉了咖啡, 不再用微信, 停用了 Slack, 搬离了北京.
const ZH_GAVE_UP =
  /(?:戒掉了?|戒了|放弃了?|不再(?:吃|喝|用|碰|去)|停用了?|弃用了?|搬离了?)\s{0,8}([^,.;!?，。；！？]{1,80}?)(?=了?[，。,.;；！!？?]|了?$)/u;
// The thing first: 咖啡戒了, 甜食早就不碰了, 从西安搬走了.
// 不用钉钉群了 (not 不用担心/不用谢, where 不用 is "no need to"), 不在儿科了 (not 不在乎了), 把富士卖了.
const NO_NEED_TO = wordList(
  "担心 | 谢 | 管 | 急 | 客气 | 麻烦 | 等 | 怕 | 说 | 去 | 来 | 做 | 想 | 找 | 买 | 理 | 操心 | 着急",
);
const ZH_NO_LONGER_USE = new RegExp(
  `不再?用\\s{0,8}(?!${alternation(NO_NEED_TO)})([^,.;!?，。；！？]{1,20}?)\\s{0,8}了${ZH_CLAUSE_END}`,
  "u",
);
const ZH_NO_LONGER_AT = new RegExp(
  `不在\\s{0,8}(?!乎|意|线|话下|身边|家|这|那)([^,.;!?，。；！？]{1,20}?)\\s{0,8}(?:工作|上班|干|待)?了${ZH_CLAUSE_END}`,
  "u",
);
const ZH_SOLD_OFF = new RegExp(`把\\s{0,8}(${SPAN})\\s{0,8}${alternation(ZH_SOLD)}${ZH_CLAUSE_END}`, "u");
const ZH_GAVE_UP_AFTER =
  /(?:^|[，,；;]|从)\s{0,8}([^,.;!?，。；！？\s从]{1,12}?)\s{0,8}(?:用户|我)?(?:现在|已经|早就|最近|都|也)?(?:戒掉了|戒了|不再?(?:碰|吃|喝|用)了|搬走了|搬出去了|搬出来了)/u;

/**
 * The change a statement reports: both sides, or what was given up (`to` is SOMETHING_ELSE).
 * A change that has not happened ("Someone suggested we switch…", 在考虑要不要…) is none.
 * @example
 * statedChange("We switched from Trello to Asana last month"); // { from: "trello", to: "asana", subject: "we " }
 * statedChange("用户等人在 2024年2月从 Trello 换成了 Asana");      // { from: "trello", to: "asana", subject: "用户等人在 2024年2月" }
 * statedChange("The user gave up coffee");                     // { from: "coffee", to: "something else", subject: "the user " }
 * statedChange("The user likes Asana");                         // undefined
 */
export function statedChange(text: string): StatedChange | undefined {
  const normalized = normalizeText(text);
  const happened = (match: RegExpExecArray | null): match is RegExpExecArray =>
    match !== null && !isUnrealized(sentenceBefore(normalized, match.index));
  const fromTo = [
    EN_FROM_TO,
    EN_REPLACED,
    EN_LEFT,
    EN_SOLD_FOR,
    ZH_FROM_TO,
    ZH_BA,
    ZH_LEFT,
    ZH_SOLD_FOR,
    ZH_NO_LONGER_FOR,
  ]
    .map((pattern) => pattern.exec(normalized))
    .find(happened);
  if (fromTo) return clean(fromTo[1]!, fromTo[2]!, normalized.slice(0, fromTo.index));
  const reversed = [EN_INSTEAD, EN_OVER].map((pattern) => pattern.exec(normalized)).find(happened);
  if (reversed) return clean(reversed[2]!, reversed[1]!, normalized.slice(0, reversed.index));
  const given = [
    EN_GAVE_UP,
    EN_NO_MORE,
    EN_NOT_ANYMORE,
    EN_LET_GO,
    ZH_GAVE_UP,
    ZH_GAVE_UP_AFTER,
    ZH_NO_LONGER_USE,
    ZH_NO_LONGER_AT,
    ZH_SOLD_OFF,
  ]
    .map((pattern) => pattern.exec(normalized))
    .find((match) => happened(match) && !ONLY_FOR_NOW.test(match[1]!.trim()));
  return given ? clean(given[1]!, SOMETHING_ELSE, normalized.slice(0, given.index)) : undefined;
}

/** The words of the sentence before `index`: where "might", 打算 or "suggested" would sit. */
function sentenceBefore(text: string, index: number): string {
  const before = text.slice(0, index);
  const start = Math.max(...[".", "!", "?", "。", "！", "？"].map((mark) => before.lastIndexOf(mark))) + 1;
  return before.slice(start);
}

// Verbs that state a current state with their object: uses X, lives in X, 用 X, 住在 X.
const STATE_VERBS =
  wordList(`use | uses | using | drink | drinks | eat | eats | prefer | prefers | drive | drives | play |
  plays | run | runs | runs on | live in | lives in | living in | based in | work at | works at | work for | works for |
  working at | working for | stay in | stays in | is on | are on | deploy on | deploys on | deploy to | deploys to |
  deploying on | deploying to | host on | hosts on | host with | hosts with | hosted on`);
const EN_STATE = String.raw`\b(?:${alternation(STATE_VERBS)}|favou?rite(?:\s+\S+){1,2}\s+(?:is|are))\s+(?:the\s+|a\s+|an\s+)?`;
const ZH_STATE = String.raw`(?:用|使用|住在|住|家在|喝|吃|偏好|开|玩|选用|选择|部署在|最喜欢的\S{0,4}是)\s*`;
// The match starts after the possessor, so the words before it say whose attribute it is.
const EN_ATTRIBUTE_IS =
  String.raw`(?<=\b(?:my|our|his|her|their)|['’]s)\s{1,8}(?:[a-z-]{2,20}\s{1,8}){1,3}?(?:is|are)\s{1,8}(?:now` +
  String.raw`\s{1,8})?(?:the\s{1,8}|a\s{1,8}|an\s{1,8})?`;
const ZH_ATTRIBUTE_IS = String.raw`的\s{0,4}\p{Script=Han}{1,6}?是\s{0,4}`;
const EN_WORK_AT = String.raw`\b(?:work|works|working|worked)\s{1,8}(?:at|for)\s{1,8}(?:[\p{L}&'’.-]{1,30}\s{1,8}){0,2}?`;
const ZH_WORK_AT = String.raw`在\s{0,4}[^\s,.;!?，。；！？]{0,12}?`;
const ZH_WORK_VERB = "(?:工作|上班|上学|读书|生活|做|当|教|任职|实习|干)";
// A standing practice carried out through a channel or tool: "排班都在X里通知", "we post the rota
// in X". The verb names the practice, so a place that merely holds something (餐厅在X很火) is not one.
const ZH_PRACTICE_IN = String.raw`(?:都|一直|平时|通常|一般)?\s{0,2}在\s{0,4}`;
const ZH_PRACTICE_VERB = String.raw`(?:里|上|中)?\s{0,4}(?:通知|沟通|联系|发|讨论|记|下单|管理|排班|打卡|对接|汇报)`;
const EN_PRACTICE_IN =
  String.raw`\b(?:post|posts|share|shares|announce|announces|coordinate|coordinates|notify|notifies|schedule` +
  String.raw`|schedules|discuss|discusses|track|tracks)\b[^.;!?]{0,40}?\b(?:in|on|via|through|over)\s{1,4}(?:` +
  String.raw`(?:the|our|a)\s{1,4})?`;

/**
 * Who `text` says has `object` as their current state (see the module comment): the words
 * before the stating verb, or undefined when it does not state it.
 * @example
 * stateSubject("The user's team uses Trello for tasks", "trello"); // "the user's team "
 * stateSubject("The user's favourite restaurant in Beijing is Da Dong", "beijing"); // undefined
 */
export function stateSubject(text: string, object: string): string | undefined {
  const normalized = normalizeText(text);
  const escaped = escapeRegExp(object);
  const end = /^[\p{L}\p{N}]/u.test(object) && /[a-z0-9]$/u.test(object) ? String.raw`(?![\p{L}\p{N}])` : "";
  const match =
    new RegExp(`${EN_STATE}${escaped}${end}`, "u").exec(normalized) ??
    new RegExp(`${ZH_STATE}${escaped}`, "u").exec(normalized) ??
    // "my editor is Emacs", 我的相机是富士: an attribute of the person, its value now.
    new RegExp(`${EN_ATTRIBUTE_IS}${escaped}${end}`, "u").exec(normalized) ??
    new RegExp(`${ZH_ATTRIBUTE_IS}${escaped}`, "u").exec(normalized) ??
    // Where someone works, named in full where the change names it short: "works at Chase Bank"
    // left as "the bank", 在招商银行做柜员 left as 银行, 在省人民医院眼科当护士 left as 眼科.
    new RegExp(`${EN_WORK_AT}${escaped}${end}`, "u").exec(normalized) ??
    // 在 X 工作/上班/当…: 在 alone is too common (餐厅在北京) to count.
    new RegExp(`${ZH_WORK_AT}${escaped}\\s{0,4}${ZH_WORK_VERB}`, "u").exec(normalized) ??
    // A practice through a channel: 值班表都在钉钉群里发, "we post the rota in Slack".
    new RegExp(`${ZH_PRACTICE_IN}${escaped}${ZH_PRACTICE_VERB}`, "u").exec(normalized) ??
    new RegExp(`${EN_PRACTICE_IN}${escaped}${end}`, "u").exec(normalized);
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

// A label that frames the statement ("Confession: …", 好消息，…) is not who changed.
const LABEL = new RegExp(
  `^${alternation(DISCOURSE_LABELS)}(?:(?<=\\p{Script=Han})|(?![\\p{L}\\p{N}]))[\\s,，:：!！.]{0,8}`,
  "u",
);

function who(subject: string): string {
  const text = subject.trim().replace(LABEL, "");
  // In the user's memory an unqualified "the team" or "the family" is the user's.
  if (
    text === "" ||
    /^(?:the user|i|we|my|our|me|us|the team|the family)\b/u.test(text) ||
    /^(?:用户|我|团队|家里)/u.test(text)
  )
    return "user";
  const han = /^\p{Script=Han}{1,3}?(?=的|等|在|已|刚|最近|上|去|今|也|还|都|和|与|搬|住|家|从|把|离|用|$)/u.exec(text);
  if (han) return han[0];
  return text.split(/\s+/u)[0]!.replace(/['’]s$/u, "");
}

// "moved to Seattle", "搬到深圳了", "finished relocating to Seattle": a new home, the old one unnamed.
// Only a named place counts as a new home: "moved it to Friday", "moved to a new flat" and
// 搬到了新家 say nothing about the city someone lives in.
const PLACE_WORD = String.raw`\p{Lu}[\p{L}'’.-]{0,40}`;
// Up to three words ("Seattle", "New York", "Salt Lake City"), each group at most once: no repeated choice.
const PLACE = String.raw`(${PLACE_WORD}(?:\s{1,8}${PLACE_WORD})?(?:\s{1,8}${PLACE_WORD})?)(?=\s|[,.;!?]|$)`;
const EN_MOVED_TO = new RegExp(
  String.raw`\b(?:moved|relocated|(?:finished|done|completed)\s{1,8}(?:moving|relocating))\s{1,8}(?:` +
    String.raw`(?:back|over|away|out|house|home)\s{1,8})?to\s{1,8}${PLACE}`,
  "u",
);
// A place that is not a new home: somewhere new (新家), nearby, or a building.
const ZH_NOT_A_PLACE = "(?!了|新|这|那|一|隔壁|附近|对面|楼|公司|宿舍|家)";
const ZH_PLACE = String.raw`(\p{Script=Han}{2,6}?)(?=了|[，。,.;；！!？?\s]|$)`;
const ZH_MOVED_TO = new RegExp(`搬(?:到|去|回|来)了?\\s{0,8}${ZH_NOT_A_PLACE}${ZH_PLACE}`, "u");
// Where someone lives now, said outright: "Home is Seattle now", "now lives in Seattle", 新家在上海,
// 现在定居成都. Without "now" or "new" it is the home already stored, or a second one.
const EN_HOME_NOW = new RegExp(
  String.raw`\b(?:(?:[Nn]ew\s{1,8})?[Hh]ome\s{1,8}is|(?:[Nn]ow\s{1,8})?(?:lives?|living|based)\s{1,8}in)\s{1,8}(?:now\s{1,8})?(?:in\s{1,8})?${PLACE}`,
  "u",
);
const ZH_HOME_NOW = new RegExp(
  `(?:新家在|现在(?:住在|住|定居在?|家在)|已经(?:住在|定居在?)|定居在?)\\s{0,8}${ZH_NOT_A_PLACE}${ZH_PLACE}`,
  "u",
);
// A district, street or compound is somewhere inside the city, not a new city.
const ZH_INSIDE_A_CITY = /(?:区|县|路|街|镇|村|小区)$/u;
// Where a statement says someone lives: lives in X, 住在X, 家在X.
const EN_HOME =
  /\b(?:lives?|living|based)\s{1,8}in\s{1,8}([^,.;!?，。；！？]{1,80}?)(?=\s{1,8}(?:with|since|for|and|now)\b|[,.;!?]|$)/u;
const ZH_HOME = /(?:住在|家在)\s{0,8}([^,.;!?，。；！？]{1,80}?)(?=[，。,.;；！!？?]|$)/u;

/**
 * A move against what `existing` says is current: to a new place (or a new home said outright)
 * against where the same person lives elsewhere, or of what a tool was used for to another tool.
 * Returns the old and the new, or undefined.
 * @example
 * statedMove("用户的家搬到深圳了", "用户的家在杭州"); // { from: "杭州", to: "深圳", subject: "用户的家" }
 * statedMove("Home is Seattle now", "The user lives in Boston"); // { from: "boston", to: "seattle", subject: "" }
 * statedMove("We moved our tasks over to Asana", "Our team uses Trello for tasks"); // { from: "trello", to: "asana", … }
 */
export function statedMove(text: string, existing: string): StatedChange | undefined {
  return newHome(text, existing) ?? newTool(text, existing) ?? otherSide(text, existing);
}

function newHome(text: string, existing: string): StatedChange | undefined {
  // The English patterns need the capitals of a place name: matched before lowercasing.
  const original = text.normalize("NFKC");
  const now = EN_HOME_NOW.exec(original);
  const nowZh = ZH_HOME_NOW.exec(original);
  const moved =
    EN_MOVED_TO.exec(original) ??
    ZH_MOVED_TO.exec(original) ??
    (now && (/\b(?:new|now)\b/iu.test(now[0]) || /^\s{1,8}now\b/u.test(original.slice(now.index + now[0].length)))
      ? now
      : null) ??
    (nowZh && !ZH_INSIDE_A_CITY.test(nowZh[1]!) ? nowZh : null);
  if (!moved || isUnrealized(sentenceBefore(normalizeText(original), moved.index))) return undefined;
  const home = normalizeText(existing);
  const lives = EN_HOME.exec(home) ?? ZH_HOME.exec(home);
  const to = moved[1] ? normalizeText(moved[1]).trim() : undefined;
  const from = lives?.[1]?.trim();
  if (!lives || !to || !from || from === to || from.includes(to) || to.includes(from)) return undefined;
  const subject = normalizeText(original.slice(0, moved.index));
  return sameSubject(subject, home.slice(0, lives.index)) ? clean(from, to, subject) : undefined;
}

// "moved all our tasks over to Asana" against "uses Trello for tasks": what the tool was used
// for moved to another tool. 把工单都迁到了 Asana against 用 Trello 管理工单 likewise.
const EN_MOVED_WORK = new RegExp(
  String.raw`\b(?:switched|moved|migrated|transferred)\s{1,8}(?:(?:all|the|our|my|their|of|the user's) ){0,3}(` +
    String.raw`[a-z]{3,30})\s{1,8}(?:over\s{1,8})?(?:to|onto|into)\s{1,8}(${SPAN})${CLAUSE_END}`,
  "u",
);
const EN_USED_FOR = new RegExp(
  String.raw`\b(?:use|uses|using)\s{1,8}(${SPAN})\s{1,8}for\s{1,8}(?:(?:the|its|their|all)\s{1,8})?([a-z]{3,30})\b`,
  "u",
);
const ZH_MOVED_WORK =
  /把\s{0,8}([^,.;!?，。；！？\s]{1,8}?)\s{0,8}(?:都|全部|全|也)?(?:迁移|迁|挪|搬|转|切换|换)(?:到|去)了?\s{0,8}([^,.;!?，。；！？]{1,80}?)(?=了?[，。,.;；！!？?]|了?$)/u;
const ZH_USED_FOR =
  /用\s{0,8}([^,.;!?，。；！？\s]{1,20}?)\s{0,8}来?(?:管理|记录|跟踪|管|记|处理|做)\s{0,8}([^,.;!?，。；！？\s]{1,8})/u;

// The tool a memory says is in use, by its name: "uses Unity", 用 Unity 开发.
const TOOL_NAME = String.raw`([a-z][\w.+#-]{1,30})(?![\w.+#-])`;
const EN_USES_TOOL = new RegExp(
  String.raw`\b(?:use|uses|using|built with|build with|builds with)\s{1,8}${TOOL_NAME}`,
  "u",
);
const ZH_USES_TOOL = new RegExp(String.raw`(?:用|使用|选用|改用)\s{0,4}${TOOL_NAME}`, "u");
// A time is where a meeting moves, never a tool: "moved the meeting to Friday", 挪到周五.
const A_TIME =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|next|this|noon|\d)|^(?:周|星期|礼拜|明天|后天|下周|下个|今天|\d)/u;

function newTool(text: string, existing: string): StatedChange | undefined {
  const normalized = normalizeText(text);
  const old = normalizeText(existing);
  const moved = EN_MOVED_WORK.exec(normalized) ?? ZH_MOVED_WORK.exec(normalized);
  if (!moved || isUnrealized(sentenceBefore(normalized, moved.index))) return undefined;
  const to = moved[2]!.trim();
  if (A_TIME.test(to)) return undefined;
  const subject = normalized.slice(0, moved.index);
  const used = EN_USED_FOR.exec(old) ?? ZH_USED_FOR.exec(old);
  if (used && sameWork(moved[1]!, used[2]!) && used[1]!.trim() !== to) {
    return sameSubject(subject, old.slice(0, used.index)) ? clean(used[1]!.trim(), to, subject) : undefined;
  }
  // "We moved the project to Godot, Unity's pricing scared us" against "uses Unity": the work
  // moved, and the tool left behind is named in the same statement.
  const tool = EN_USES_TOOL.exec(old) ?? ZH_USES_TOOL.exec(old);
  const from = tool?.[1];
  if (!tool || !from || to.includes(from) || !namesWord(normalized.slice(moved.index + moved[0].length), from))
    return undefined;
  return sameSubject(subject, old.slice(0, tool.index)) ? clean(from, to, subject) : undefined;
}

function namesWord(text: string, word: string): boolean {
  return new RegExp(`(?<![\\w.+#-])${escapeRegExp(word)}(?![\\w+#-])`, "u").test(text);
}

// One dimension with two sides: a change to one side replaces a memory that states the other
// ("switched to the day shift" against "works night shifts", 换成白班了 against 每周三个夜班).
const SIDES = {
  en: [
    ["day", "night"],
    ["full-time", "part-time"],
  ],
  zh: [
    ["白班", "夜班"],
    ["早班", "晚班"],
    ["全职", "兼职"],
  ],
};
const EN_SCHEDULE = wordList("shift | shifts | route | routes | schedule | job | position | run | runs");
const EN_TO_SIDE =
  String.raw`\b(?:switched|moved|changed|transferred|went|got moved|was moved|got switched|am now on|i'm now on` +
  String.raw`|now on|now works?)\s{1,8}(?:(?:back|over)\s{1,8})?(?:(?:to|onto)\s{1,8})?(?:a\s{1,8}|an\s{1,8}|the` +
  String.raw`\s{1,8})?`;
const ZH_TO_SIDE = "(?:换成|改成|调到|调成|转到|转成|转为|换到|改上|改为|换了|现在上|现在只上)了?\\s{0,4}";

// Per side of each pair, in order: the change to it, the other side stated, and this side stated.
const SIDE_CHANGES = (() => {
  const schedule = alternation(EN_SCHEDULE);
  const pairs = [
    ...SIDES.en.map(([a, b]) => ({
      a: a!,
      b: b!,
      after: String.raw`[\s-]{1,8}${schedule}\b`,
      before: "\\b",
      to: EN_TO_SIDE,
    })),
    ...SIDES.zh.map(([a, b]) => ({ a: a!, b: b!, after: "", before: "", to: ZH_TO_SIDE })),
  ];
  return pairs.flatMap(({ a, b, after, before, to: verb }) =>
    (
      [
        [a, b],
        [b, a],
      ] as const
    ).map(([side, other]) => ({
      side,
      other,
      change: new RegExp(`${verb}${escapeRegExp(side)}${after}`, "u"),
      stated: new RegExp(`${before}${escapeRegExp(other)}${after}`, "u"),
      again: new RegExp(`${before}${escapeRegExp(side)}${after}`, "u"),
    })),
  );
})();

function otherSide(text: string, existing: string): StatedChange | undefined {
  const normalized = normalizeText(text);
  const old = normalizeText(existing);
  for (const { side, other, change: changeTo, stated: statedOther, again } of SIDE_CHANGES) {
    const change = changeTo.exec(normalized);
    if (!change || isUnrealized(sentenceBefore(normalized, change.index))) continue;
    const stated = statedOther.exec(old);
    if (!stated || again.test(old)) continue;
    const subject = normalized.slice(0, change.index);
    if (sameSubject(subject, old.slice(0, stated.index))) return clean(other, side, subject);
  }
  return undefined;
}

/** "tasks" and "task", 工单 and 工单: one kind of work. */
function sameWork(a: string, b: string): boolean {
  const stem = (word: string) => word.replace(/(?<=[a-z]{3})s$/u, "");
  return stem(a) === stem(b) || (/\p{Script=Han}/u.test(a) && (a.includes(b) || b.includes(a)));
}

/** Whether `text` names `thing` at all (SOMETHING_ELSE names nothing). */
export function mentions(text: string, thing: string): boolean {
  return thing !== SOMETHING_ELSE && thing.length > 0 && normalizeText(text).includes(thing);
}

function clean(from: string, to: string, subject: string): StatedChange | undefined {
  const trim = (s: string) => s.replace(/^(?:the|a|an|my|our)\s+/u, "").trim();
  const change = { from: trim(from), to: trim(to), subject };
  // A side that is a whole clause is not a thing ("changed from what we said before to …").
  if (!change.from || !change.to || change.from.split(/\s+/u).length > 4 || change.to.split(/\s+/u).length > 4)
    return undefined;
  return change;
}
