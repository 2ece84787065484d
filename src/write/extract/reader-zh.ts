/**
 * The Chinese reader: the words {@link readUnit} needs to read 我不吃香菜，订餐时记得备注 as
 * 用户不吃香菜，订餐时记得备注, with relative dates resolved.
 *
 * Negation in Chinese is inserted (吃 / 不吃), so polarity is read from the word right before
 * the verb, never by substring containment (seed 002 §3.4).
 */
import { tagWords } from "../../text/grammar.js";
import { alternation, wordList } from "../../text/patterns.js";
import { tokenize } from "../../text/tokenizer.js";
import { BUSINESS_STATE_CUES } from "../cues.js";
import { applyTimeMentions, parseZhNumber, type TimeMention, tidySpaces } from "./dates.js";
import { isFamilyTerm } from "./keys.js";
import { PEOPLE, RELATIVES } from "./lexicon.js";
import { aboutSomeone, REQUEST } from "./markers.js";
import type { ClauseShape, EntityPattern, LanguageReader, Perspective, Preference, RewriteFacts } from "./reader.js";
import type { PreferenceVerb, ReadContext } from "./rules.js";
import { keepingQuotes, unitText } from "./segment.js";

const LEAD_FILLER = new RegExp(
  `^(?:(?:${alternation(
    wordList(
      `但是 | 不过 | 而且 | 另外 | 还有 | 并且 | 同时 | 所以 | 然后 | 对了 | 哦 | 嗯 | 其实 | 说实话 | 顺便说一下 | 哈哈 | 话说 |
      老实说 | 坦白说 | 讲真 | 说真的`,
    ),
  )}|(?:我|都|我都|早)?说过?了(?!算))[，,]?\\s{0,8}){1,8}`,
  "u",
);
const LEAD_MARKER = /^(?:请|你)?(?:帮我)?(?:记住|记一下|记下来?)(?:一下)?[:：，,]?\s*/u;
const NUMBER = "(?:\\d+|[一二两三四五六七八九十]+)";
/** Time words a clause may open with (上周, 昨天, 三天前, 最近 …) before its subject. */
const LEAD_TIME = new RegExp(
  `^(?:${[
    "(?:上|下|这|本)?个?(?:周|星期|礼拜|月)[一二三四五六日天末]?",
    "大?[昨今明前后]天",
    "[去今明前]年",
    `${NUMBER}个?(?:天|周|星期|月|年)(?:前|以前|之前)`,
    "[早晚]上",
    alternation(
      wordList(
        "上午 | 中午 | 下午 | 傍晚 | 凌晨 | 昨晚 | 今晚 | 最近 | 刚才 | 现在 | 平时 | 一般 | 其实 | 之前 | 以前 | 后来",
      ),
    ),
  ].join("|")})*\\s*`,
  "u",
);
const SPEAKER = { user: /^(?:我们|咱们|我|用户)/u, assistant: /^(?:你们|你|您|用户)/u };
const MENTIONS_SPEAKER = { user: /我|咱们|^用户/u, assistant: /你|您|^用户/u };
// A subject-less clause that states a new attribute or preference of the speaker's own.
const INHERITS_SUBJECT =
  /^(?:也|还|平时|一直|都|最)*(?:在[^，,]{1,20}(?:工作|上班|任职)|是(?:一名|一个|个)|住在|叫|今年\d|(?:不|没|从不)?(?:喜欢|爱|讨厌|偏好)|不吃|不喝|不用|从不|养了|对[^，,]{1,12}过敏)/u;

// What the speaker uses all along, said without 我 (一直用富士, 目前用 Unity 开发, 平时都用 Vim): a
// standing fact of their own. A single use (用了一下, 借了朋友的) is not.
const STANDING_USE = /^(?:目前|现在|一直|平时|向来|长期|日常)(?:都|在|还在|也|是|还是){0,2}(?:用|使用)(?![了过户])/u;
// How the speaker's team or shop does something, by its channel or tool (值班表都在钉钉群里发,
// 任务都记在 Jira 上): a standing practice, said without 我.
const STANDING_PRACTICE =
  /都(?:在|用|通过|走|记在|放在)[^，,。；;！!？?]{1,16}?(?:里|上|中)?(?:通知|发布|发|记|讨论|沟通|同步|管理|安排|下单|提交|登记|审批|打卡)/u;

// Where the speaker lives or moved, said without 我 even at the start (Chinese drops a subject
// the listener knows): 去年刚从老家搬来苏州，现在住姑苏区.
const HOME_WITHOUT_SUBJECT =
  /^(?:刚|已经|才|也|还|一直){0,3}(?:从[^，,]{1,12}?)?(?:搬(?:来|到|去|回)|住(?!院|酒店|宾馆)|定居)/u;

/**
 * How a clause opens a unit: as is when the speaker is its subject (我… / 我们…, after time
 * words), with 我 restored when it states a new attribute of the speaker's (在腾讯上班),
 * or not at all (undefined) when it continues the previous clause.
 */
function zhUnitOpening(text: string, perspective: Perspective): string | undefined {
  const said = text.replace(LEAD_FILLER, "").replace(LEAD_MARKER, "");
  const rest = said.replace(LEAD_TIME, "");
  if (SPEAKER[perspective].test(rest)) return text;
  if (STANDING_USE.test(said)) return `${perspective === "user" ? "我" : "你"}${said}`;
  return INHERITS_SUBJECT.test(rest) || HOME_WITHOUT_SUBJECT.test(rest)
    ? `${perspective === "user" ? "我" : "你"}${rest}`
    : undefined;
}

/** A user's message that opens with where they live or moved, 我 left out: 我 restored after the time words. */
function withSpeaker(text: string, perspective: Perspective): string {
  if (perspective !== "user" || MENTIONS_SPEAKER.user.test(text)) return text;
  const time = LEAD_TIME.exec(text)![0];
  const rest = text.slice(time.length);
  if (STANDING_USE.test(text)) return `我${text}`;
  return HOME_WITHOUT_SUBJECT.test(rest) ? `${time}我${rest}` : text;
}

const VERB_CLASS: Record<string, PreferenceVerb> = {
  ...Object.fromEntries(wordList("喜欢 | 爱吃 | 爱喝 | 偏爱 | 爱").map((w) => [w, "like"])),
  ...Object.fromEntries(wordList("偏好 | 倾向于 | 习惯 | 选").map((w) => [w, "prefer"])),
  ...Object.fromEntries(wordList("讨厌 | 受不了 | 反感").map((w) => [w, "dislike"])),
  ...Object.fromEntries(wordList("吃 | 喝 | 碰").map((w) => [w, "consume"])),
  ...Object.fromEntries(wordList("使用 | 用 | 发 | 打 | 走 | 寄").map((w) => [w, "use"])),
};
const NEGATORS = wordList("从来不 | 从不 | 再也不 | 不再 | 不太 | 不怎么 | 一点也不 | 一点都不 | 不 | 没 | 别");
const DEGREE = wordList(
  "最 | 很 | 超 | 特别 | 非常 | 比较 | 还是 | 更 | 一直 | 都 | 也 | 只 | 还 | 经常 | 常常 | 平时 | 一般 | 每天 | 通常 | 主要",
);
const PREFERENCE = new RegExp(
  // At most four degree words in a row ("一直都很"): bounded, so a long run of them stays linear.
  `(${alternation(NEGATORS)})?${alternation(DEGREE)}{0,4}(${alternation(Object.keys(VERB_CLASS))})`,
  "u",
);

const PREFERENCE_ALL = new RegExp(PREFERENCE.source, "gu");
const BUSINESS_STATE_WORDS = new Set([...BUSINESS_STATE_CUES.zh.state, ...BUSINESS_STATE_CUES.zh.whole]);

const UNTIL_PUNCTUATION = "([^，。,；;！!？?\\s]{1,24})";
const ATTRIBUTE_KEYS: Record<string, string> = {
  邮箱: "contact.email",
  电子邮件: "contact.email",
  手机: "contact.phone",
  手机号: "contact.phone",
  电话: "contact.phone",
  地址: "contact.address",
  生日: "identity.birthday",
  工号: "work.employee_id",
  微信: "contact.wechat",
  微信号: "contact.wechat",
};
const ROLES = wordList(
  "工程师 | 程序员 | 开发者 | 开发 | 设计师 | 医生 | 老师 | 教师 | 学生 | 产品经理 | 经理 | 律师 | 护士 | 会计 | 研究员 | 作家 | 记者 | 销售 | 运营",
);
const ENTITIES: readonly EntityPattern[] = [
  [
    /(团队|小组|组|部门|公司)(?:里|内)?(?:一共|总共|现在|目前|共)?(?:有|是)?\s*(\d+|[一二两三四五六七八九十]+)\s*个?(?:人|名|位)/u,
    (m) => {
      const n = parseZhNumber(m[2]!);
      return n === undefined ? undefined : { key: m[1] === "公司" ? "work.company_size" : "team.size", value: n };
    },
  ],
  [
    new RegExp(`项目(?:的)?代号(?:是|叫|为)\\s*${UNTIL_PUNCTUATION}`, "u"),
    (m) => ({ key: "project.codename", value: m[1]! }),
  ],
  [
    new RegExp(`我(?:叫|的名字是|名字叫)\\s*${UNTIL_PUNCTUATION}`, "u"),
    (m) => ({ key: "identity.name", value: m[1]! }),
  ],
  [/我(?:今年)?(\d{1,3})岁/u, (m) => ({ key: "identity.age", value: Number(m[1]) })],
  [
    new RegExp(`我(?:现在)?(?:住在|家在|定居在?)\\s*${UNTIL_PUNCTUATION}`, "u"),
    (m) => ({ key: "location.home", value: m[1]! }),
  ],
  [/我在\s*([^，。,；;\s]{1,20}?)\s*(?:工作|上班|任职)/u, (m) => ({ key: "work.company", value: m[1]! })],
  [
    new RegExp(`我是(?:一名|一个|个)?\\s*([^，。,；;\\s]{0,8}?${alternation(ROLES)})`, "u"),
    (m) => ({ key: "work.role", value: m[1]! }),
  ],
  [
    new RegExp(`我的(${alternation(Object.keys(ATTRIBUTE_KEYS))})(?:是|为|[:：])\\s*([^，。,；;]{1,60})`, "u"),
    (m) => ({ key: ATTRIBUTE_KEYS[m[1]!]!, value: m[2]!.trim() }),
  ],
];

// 我妹妹 → 用户的妹妹, 我家 → 用户的家: 我 before someone or something of the speaker's.
const POSSESSED_AFTER_WO = new RegExp(`我(?=${alternation([...PEOPLE.zh, "家"])})`, "gu");
// 我妹妹下个月结婚: the sister's event, not the speaker's task.
const OTHER_SUBJECT = new RegExp(`^我的?${alternation(PEOPLE.zh)}`, "u");
const WORK_CONTEXT = new RegExp(
  `${alternation(
    wordList(
      "团队 | 项目 | 代码 | 部署 | 迁移 | 数据库 | 排查 | 上线 | 会议 | 公司 | 同事 | 服务 | 网关 | 约定 | 规范 | 流程",
    ),
  )}|\\d{3}`,
  "u",
);
const FAMILY_CONTEXT = new RegExp(alternation([...RELATIVES.zh, "家", "海边", "度假"]), "u");
// 帮我妈下的那单…, 给我爸买的表: a thing done for someone, named by a 的 phrase, not a request.
const FOR_SOMEONE = new RegExp(`^(?:帮|给|替)我(?:${alternation(PEOPLE.zh)})\\p{Script=Han}{1,2}的`, "u");
// 会 as a modal (明天会去), not inside 开会 / 聚会 / 会议.
const NOT_DONE_YET = /(?<![开聚约晚宴舞机社学大协例年])会(?!议)|要(?!求)|将要|打算|准备|计划/u;

export const zhReader: LanguageReader = {
  language: "zh",
  opening: zhUnitOpening,

  prepare(unit, ctx) {
    const text = subjectFirst(withSpeaker(unitText(unit).replace(LEAD_FILLER, ""), ctx.perspective), ctx.perspective);
    const unmarked = text.replace(LEAD_MARKER, "");
    return { text: unmarked, marked: unit.marked || unmarked !== text };
  },

  // A condition with its consequence in the same clause (如果下雨我就在家办公) is not a bare frame.
  adjunct:
    /^(?:根据|按照|依据|关于|对于|至于|说起|说到|提到|基于|鉴于|为了|虽然|因为)|^(?:如果|要是)(?![^，,]{0,30}就)/u,

  refersToSpeaker: (text, perspective) => MENTIONS_SPEAKER[perspective].test(text),

  transientApplies: () => true,

  isPast: (text) => /了|过/u.test(text) && !NOT_DONE_YET.test(text),

  shape(text, ctx): ClauseShape {
    // 快递请发顺丰: a polite instruction states a preference even without 我.
    const instruction = /^(?:请|麻烦|务必)|[^，,]{1,8}请(?:用|发|走|寄|回复|回答|联系)/u.test(text);
    const request = REQUEST.zh.test(text.replace(LEAD_TIME, "")) && !FOR_SOMEONE.test(text);
    return {
      subjectFirst: SPEAKER[ctx.perspective].test(text),
      instruction,
      request,
      toListener: instruction || request,
    };
  },

  // A leading 用户 is the speaker; any other 用户 (我们的用户) is someone else, and must not leave
  // its 用 to be read as the verb "use".
  preference: (text, ctx) =>
    readPreference(text.replace(/^用户/u, ctx.perspective === "user" ? "我" : "你").replace(/用户/gu, "某人")),

  aboutOther: (text, ctx) => aboutSomeone(text, "zh", ctx.names ?? [], isFamilyTerm) && tokenize(text).length >= 3,

  // Without 我 or any marker, a polite instruction counts, and a dated clause only as an action
  // (上周排查过…, 月底之前提交…), not as a remark about the day (今天天气不错).
  otherGrounds: (text, { times, shape }) =>
    shape.instruction ||
    STANDING_PRACTICE.test(text) ||
    (times.length > 0 && (/了|过|要|得|需要|准备|打算/u.test(text) || times.some((t) => t.deadline))),

  isEnumerationGlue: (rest) => /^[\s和、与及或跟以及还有也都，,的]*$/u.test(rest),
  entities: ENTITIES,
  toFirstPerson: (text) => text.replace(/你|您/gu, "我"),

  startsLater: (text, times) =>
    times.some((t) => /[从自]\s*$/u.test(text.slice(0, t.start)) || /^\s*(?:起|开始)/u.test(text.slice(t.end))),

  subjectOther: (text) => OTHER_SUBJECT.test(text),

  rewrite(text, times, ctx, facts: RewriteFacts) {
    // 柯文现在在西安工作: a fact about someone named, said as such (我 in it still becomes 用户).
    if (facts.aboutEntity) return rewrite(text, times, ctx, false, true);
    if (facts.aboutOther) return `${ctx.label}说：${rewrite(text, times, ctx, false).slice(ctx.label.length).trim()}`;
    // Subject-less instructions read as the user's request: 以后都用英文回复我 → 用户要求：以后都用英文回复用户.
    const imperative =
      !facts.shape.subjectFirst &&
      (facts.explicit || facts.procedure || facts.reminder || facts.shape.request || facts.shape.instruction);
    return rewrite(text, times, ctx, imperative);
  },
};

/**
 * "昨天下午我看了…" → "我昨天下午看了…", "从明天起我不喝…" → "我从明天起不喝…": the subject leads,
 * so the rewrite reads 用户在 … 看了.
 */
function subjectFirst(text: string, perspective: Perspective): string {
  const time = (/^从[^，,。]{1,12}?(?:起|开始)[，,]?/u.exec(text) ?? LEAD_TIME.exec(text))![0];
  if (time.length === 0) return text;
  const subject = SPEAKER[perspective].exec(text.slice(time.length));
  return subject ? subject[0] + time + text.slice(time.length + subject[0].length) : text;
}

/**
 * The first preference verb of the text that is a word of its own, inside a verb (不吃) or opening
 * a word (吃素, 发顺丰); never a character inside another word (用 of 费用), nor the opening of a
 * business system's state (发 of 已发货, 付 of 付款: src/write/cues.ts).
 */
function preferenceVerb(text: string): RegExpExecArray | undefined {
  const words = tagWords(text, "zh");
  for (const match of text.matchAll(PREFERENCE_ALL)) {
    const verb = match[2]!;
    const at = match.index + match[0].length - verb.length;
    const word = words.find((w) => w.start <= at && w.end >= at + verb.length);
    if (!word || word.text === verb || word.pos === "VERB" || word.detail === "x") return match as RegExpExecArray;
    if (word.start === at && !BUSINESS_STATE_WORDS.has(word.text)) return match as RegExpExecArray;
  }
  return undefined;
}

/** A clause opened by a noun of its own (not the speaker, a time or an adverb): its subject. */
function thingSubject(clause: string): boolean {
  const words = tagWords(clause.trim(), "zh");
  const first = words[0];
  if (!first || /^(?:我|咱|用户)/u.test(first.text)) return false;
  return words.filter((w) => w.pos === "NOUN" || w.pos === "PROPN" || w.pos === "X").some((w) => w.detail !== "t");
}

function readPreference(text: string): Preference | undefined {
  // 对花生过敏: an allergy is the firmest "does not eat".
  const allergy = /对(.{1,12}?)过敏/u.exec(text);
  if (allergy) return { verb: "dislike", negated: true, objectText: allergy[1]! };
  const match = preferenceVerb(text);
  if (!match) return undefined;
  // 你可以约她吃烤肉: the verb belongs to someone else's clause, not to the speaker's taste.
  const clause = text
    .slice(0, match.index)
    .split(/[，,；;]/u)
    .at(-1)!;
  if (/^(?:你|您|他|她|它|某人)|(?:你|您|他|她)(?:可以|也|都|就|会|要|能)?$/u.test(clause)) return undefined;
  const verb = VERB_CLASS[match[2]!]!;
  // 星港后台用的是MySQL: what a thing the clause names uses is that thing's, not the speaker's
  // (我们项目用的是…, 平时用… still are the speaker's).
  if (verb === "use" && thingSubject(clause)) return undefined;
  const objectText = text
    .slice(match.index + match[0].length)
    .split(/[，,；;。]/u)[0]!
    .trim();
  return { verb, negated: match[1] !== undefined || verb === "dislike", objectText };
}

/** Who 我们 are: the team at work, the family at home, else 等人. */
function groupOf(text: string): string {
  if (WORK_CONTEXT.test(text)) return "及其团队";
  return FAMILY_CONTEXT.test(text) ? "及其家人" : "等人";
}

/**
 * 雪球今年三岁了, 旺财已经打过疫苗: a noun that is no one of the speaker's (not 妈妈, 同事) leads
 * and a time or an adverb follows it: the clause has its subject, which is not the speaker.
 */
function namesOwnSubject(text: string): boolean {
  const [first, second] = tagWords(text, "zh");
  if (!first || !second || first.detail === "t" || !["NOUN", "PROPN", "X"].includes(first.pos)) return false;
  if (isFamilyTerm(first.text) || PEOPLE.zh.includes(first.text)) return false;
  return second.detail === "t" || second.pos === "ADV";
}

/** 我 → 用户 (or the speaker's name), 你 → 助手, dates absolute; subject-less text gets a subject. */
function rewrite(
  text: string,
  times: readonly TimeMention[],
  ctx: ReadContext,
  imperative: boolean,
  aboutEntity = false,
): string {
  const label = ctx.label;
  const said = applyTimeMentions(text, times);
  // Quoted speech keeps its own 我: 我妈说“我不吃辣” is the mother's words.
  let out = keepingQuotes(said, (unquoted) =>
    ctx.perspective === "user"
      ? unquoted
          .replace(/(?:我们|咱们)(?=团队|公司|小组|组|部门|项目|家)/gu, `${label}的`)
          .replace(/我们|咱们/gu, `${label}${groupOf(text)}`)
          .replace(/我的/gu, `${label}的`)
          .replace(POSSESSED_AFTER_WO, `${label}的`)
          .replace(/(?<!自)我/gu, label)
          .replace(/你们|您们/gu, ctx.listener ?? "助手")
          .replace(/你的|您的/gu, `${ctx.listener ?? "助手"}的`)
          .replace(/你|您/gu, ctx.listener ?? "助手")
      : unquoted
          .replace(/我/gu, "\uE000")
          .replace(/你们|您们/gu, `${label}及其团队`)
          .replace(/你的|您的/gu, `${label}的`)
          .replace(/你|您/gu, label)
          .replace(/\uE000/gu, "助手"),
  );
  out = tidySpaces(out).replace(/(?<![。！!～~])[。！!～~]+$/u, "");
  if (out.startsWith(label) || aboutEntity || namesOwnSubject(text)) return out;
  // 甜食我早就不碰了 → 甜食用户早就不碰了: the object leads and the speaker is named after it.
  if (!imperative && out.includes(label) && !said.includes(label)) return out;
  return imperative ? `${label}要求：${out}` : /^[0-9A-Za-z]/.test(out) ? `${label} ${out}` : `${label}${out}`;
}
