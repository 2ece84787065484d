/**
 * Chinese rule reader: one unit of speech (我不吃香菜，点外卖记得备注) → what it says, in third
 * person (用户不吃香菜，点外卖记得备注), with relative dates resolved.
 *
 * Negation in Chinese is inserted (吃 / 不吃), so polarity is read from the word right before
 * the verb, never by substring containment (seed 002 §3.4).
 */
import { tokenize } from "../../text/tokenizer.js";
import { ONE_OFF, TRANSIENT } from "../cues.js";
import { applyTimeMentions, findTimeMentions, parseZhNumber, type TimeMention, tidySpaces } from "./dates.js";
import { findTerms, isFamilyTerm, objectTerms } from "./keys.js";
import {
  aboutSomeone,
  bare,
  EXPLICIT,
  isQuestion,
  isSmallTalk,
  MOOD,
  PERSONAL,
  PROCEDURE,
  REACTION,
  REMINDER,
  REQUEST,
  SELF_STATED,
  TRAIT,
  type Unit,
  unitText,
} from "./markers.js";
import { dueMention, MAX_LIST_ITEMS, type PreferenceVerb, type ReadContext, type UnitReading } from "./rules.js";

const LEAD_FILLER =
  /^(?:(?:但是|不过|而且|另外|还有|并且|同时|所以|然后|对了|哦|嗯|其实|说实话|顺便说一下|哈哈|话说)[，,]?\s*)+/u;
const LEAD_MARKER = /^(?:请|你)?(?:帮我)?(?:记住|记一下|记下来?)(?:一下)?[:：，,]?\s*/u;
const LEAD_TIME =
  /^(?:(?:上|下|这|本)?个?(?:周|星期|礼拜|月)[一二三四五六日天末]?|大?[昨今明前后]天|[去今明前]年|(?:\d+|[一二两三四五六七八九十]+)个?(?:天|周|星期|月|年)(?:前|以前|之前)|[早晚]上|上午|中午|下午|傍晚|凌晨|昨晚|今晚|最近|刚才|现在|平时|一般|其实|之前|以前|后来)*\s*/u;
const SPEAKER = { user: /^(?:我们|咱们|我|用户)/u, assistant: /^(?:你们|你|您|用户)/u };
// A subject-less clause that states a new attribute or preference of the speaker's own.
const INHERITS_SUBJECT =
  /^(?:也|还|平时|一直|都|最)*(?:在[^，,]{1,20}(?:工作|上班|任职)|是(?:一名|一个|个)|住在|叫|今年\d|(?:不|没|从不)?(?:喜欢|爱|讨厌|偏好)|不吃|不喝|不用|从不|养了|对[^，,]{1,12}过敏)/u;

/**
 * How a clause opens a unit: as is when the speaker is its subject (我… / 我们…, after time
 * words), with 我 restored when it states a new attribute of the speaker's (在字节跳动工作),
 * or not at all (undefined) when it continues the previous clause.
 */
export function zhUnitOpening(text: string, perspective: "user" | "assistant"): string | undefined {
  const rest = text.replace(LEAD_FILLER, "").replace(LEAD_MARKER, "").replace(LEAD_TIME, "");
  if (SPEAKER[perspective].test(rest)) return text;
  return INHERITS_SUBJECT.test(rest) ? `${perspective === "user" ? "我" : "你"}${rest}` : undefined;
}

const PREFERENCE =
  /(从来不|从不|再也不|不再|不太|不怎么|一点也不|一点都不|不|没|别)?(?:最|很|超|特别|非常|比较|还是|更|一直|都|也|只|还|经常|常常|平时|一般|每天|通常|主要)*(喜欢|爱吃|爱喝|偏爱|爱|偏好|倾向于|习惯|讨厌|受不了|反感|吃|喝|碰|使用|用|选|发|打|走|寄)/u;
const VERB_CLASS: Record<string, PreferenceVerb> = {
  喜欢: "like",
  爱吃: "like",
  爱喝: "like",
  偏爱: "like",
  爱: "like",
  偏好: "prefer",
  倾向于: "prefer",
  习惯: "prefer",
  选: "prefer",
  讨厌: "dislike",
  受不了: "dislike",
  反感: "dislike",
  吃: "consume",
  喝: "consume",
  碰: "consume",
  使用: "use",
  用: "use",
  发: "use",
  打: "use",
  走: "use",
  寄: "use",
};

const UNTIL_PUNCTUATION = "([^，。,；;！!？?\\s]{1,24})";
const ENTITY_PATTERNS: ReadonlyArray<
  [RegExp, (m: RegExpExecArray) => { key: string; value: string | number } | undefined]
> = [
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
    /我是(?:一名|一个|个)?\s*([^，。,；;\s]{0,8}?(?:工程师|程序员|开发者?|设计师|医生|老师|教师|学生|产品经理|经理|律师|护士|会计|研究员|作家|记者|销售|运营))/u,
    (m) => ({ key: "work.role", value: m[1]! }),
  ],
  [
    /我的(邮箱|电子邮件|手机号?|电话|地址|生日|工号|微信号?)(?:是|为|[:：])\s*([^，。,；;]{1,60})/u,
    (m) => ({ key: ATTRIBUTE_KEYS[m[1]!]!, value: m[2]!.trim() }),
  ],
];
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

const RELATION_AFTER_WO =
  /我(?=妹妹|姐姐|哥哥|弟弟|妈|爸|父亲|母亲|父母|老婆|老公|妻子|丈夫|太太|儿子|女儿|孩子|家|朋友|同事|男朋友|女朋友|对象|爷爷|奶奶|外公|外婆|姥姥|姥爷|老板|领导|室友|邻居)/gu;
// 我妹妹下个月结婚: the sister's event, not the speaker's task.
const OTHER_SUBJECT =
  /^我的?(?:妹妹|姐姐|哥哥|弟弟|妈|爸|父亲|母亲|父母|老婆|老公|妻子|丈夫|太太|儿子|女儿|孩子|朋友|同事|男朋友|女朋友|对象|爷爷|奶奶|外公|外婆|姥姥|姥爷|老板|领导|室友|邻居)/u;
const ADJUNCT = /^(?:根据|按照|依据|关于|对于|基于|鉴于|为了|如果|要是|虽然|因为)/u;
const ENUMERATION_GLUE = /^[\s和、与及或跟以及还有也都，,的]*$/u;

/**
 * Read one Chinese unit. Returns nothing for small talk, questions, reactions, passing moods,
 * requests to the assistant and statements about someone else; several readings when a
 * preference lists several objects (我不吃香菜和葱 → two memories).
 */
export function readZhUnit(unit: Unit, sentenceIsQuestion: boolean, ctx: ReadContext): UnitReading[] {
  let text = subjectFirst(unitText(unit).replace(LEAD_FILLER, ""), ctx.perspective);
  let explicit = unit.marked;
  const unmarked = text.replace(LEAD_MARKER, "");
  if (unmarked !== text) {
    explicit = true;
    text = unmarked;
  }
  if (text.length === 0 || isSmallTalk(text)) return [];
  const reminder = REMINDER.zh.test(text);
  if ((sentenceIsQuestion || isQuestion(text, "zh")) && !reminder) return [];
  if (REACTION.zh.test(text) || MOOD.zh.test(bare(text))) return [];
  // A lone adverbial ("根据您之前的反馈") frames the next clause; it states nothing itself.
  if (unit.clauses.length === 1 && ADJUNCT.test(text)) return [];
  return readText(text, explicit, reminder, ctx, true);
}

function readText(
  text: string,
  marked: boolean,
  reminder: boolean,
  ctx: ReadContext,
  splitLists: boolean,
): UnitReading[] {
  const user = ctx.perspective === "user";
  const refersToSpeaker = (user ? /我|咱们|^用户/u : /你|您|^用户/u).test(text);
  const procedure = PROCEDURE.zh.test(text);
  const oneOff = ONE_OFF.zh.test(text);
  const transient = oneOff || (!procedure && TRANSIENT.zh.test(text));
  // A stated convention (我们约定 / we agreed) is as explicit as "remember".
  const explicit = marked || procedure || (user && EXPLICIT.zh.test(text));
  // 会 as a modal (明天会去), not inside 开会 / 聚会 / 会议.
  const past =
    /了|过/u.test(text) && !/(?<![开聚约晚宴舞机社学大协例年])会(?!议)|要(?!求)|将要|打算|准备|计划/u.test(text);
  const times = findTimeMentions(text, "zh", ctx.at, past ? "past" : undefined);
  const future = dueMention(times) !== undefined;
  // 快递请发顺丰: a polite instruction states a preference even without 我.
  const instruction = /^(?:请|麻烦|务必)|[^，,]{1,8}请(?:用|发|走|寄|回复|回答|联系)/u.test(text);
  // Without 我 or any marker, a dated clause counts only as an action (上周排查过…, 月底之前提交…),
  // not as a remark about the day (今天天气不错).
  const datedAction = times.length > 0 && (/了|过|要|得|需要|准备|打算/u.test(text) || times.some((t) => t.deadline));
  const aboutOther =
    !refersToSpeaker && user && aboutSomeone(text, "zh", ctx.names ?? [], isFamilyTerm) && tokenize(text).length >= 3;
  if (
    !refersToSpeaker &&
    !explicit &&
    !procedure &&
    !transient &&
    !instruction &&
    !datedAction &&
    !reminder &&
    !aboutOther
  )
    return [];
  const request = REQUEST.zh.test(text.replace(LEAD_TIME, ""));
  if (request && !reminder && !explicit && !future) return [];
  // Between two people a request (发我几张照片) is to the other person, not a lasting fact.
  if (ctx.conversation && (instruction || request) && !explicit && !procedure && !reminder) return [];

  // A leading 用户 is the speaker; any other 用户 (我们的用户) is someone else, and must not
  // leave its 用 to be read as the verb "use".
  const preference = readPreference(text.replace(/^用户/u, user ? "我" : "你").replace(/用户/gu, "某人"));
  if (preference && splitLists) {
    const items = objectTerms(findTerms(preference.objectText));
    const rest = items.reduce((s, m) => s.replace(m.surface, ""), preference.objectText);
    if (
      items.length > 1 &&
      items.length <= MAX_LIST_ITEMS &&
      new Set(items.map((m) => m.topic)).size === 1 &&
      ENUMERATION_GLUE.test(rest)
    ) {
      const at = text.lastIndexOf(preference.objectText);
      return items.flatMap((item) =>
        readText(
          text.slice(0, at) + item.surface + text.slice(at + preference.objectText.length),
          marked,
          reminder,
          ctx,
          false,
        ),
      );
    }
  }
  const entity = readEntity(user ? text : text.replace(/你|您/gu, "我"));
  const ordinary = !(explicit || procedure || transient || reminder || future || preference || entity);
  if (ordinary && tokenize(text).length < 2) return [];
  // Subject-less instructions read as the user's request: 以后都用中文回复我 → 用户要求：以后都用中文回复用户.
  const imperative =
    !SPEAKER[ctx.perspective].test(text) && (explicit || procedure || reminder || request || instruction);
  const startsLater = times.some(
    (t) => /[从自]\s*$/u.test(text.slice(0, t.start)) || /^\s*(?:起|开始)/u.test(text.slice(t.end)),
  );
  const personal = PERSONAL.zh.test(text);
  const reading: UnitReading = {
    source: text,
    content: aboutOther
      ? `${ctx.label}说：${rewrite(text, times, ctx, false).slice(ctx.label.length).trim()}`
      : rewrite(text, times, ctx, imperative),
    times,
    past,
    explicit,
    procedure,
    transient,
    oneOff,
    personal,
    reminder,
    startsLater,
    ordinary,
    selfStated: personal && user && SELF_STATED.zh.test(text) && !TRAIT.zh.test(text),
    subjectOther: OTHER_SUBJECT.test(text),
    aboutOther: aboutOther && !refersToSpeaker,
    conversation: ctx.conversation === true,
  };
  if (preference) reading.preference = preference;
  if (entity) reading.entity = entity;
  return [reading];
}

/**
 * "昨天晚上我看了…" → "我昨天晚上看了…", "从明天起我不喝…" → "我从明天起不喝…": the subject leads,
 * so the rewrite reads 用户在 … 看了.
 */
function subjectFirst(text: string, perspective: "user" | "assistant"): string {
  const time = (/^从[^，,。]{1,12}?(?:起|开始)[，,]?/u.exec(text) ?? LEAD_TIME.exec(text))![0];
  if (time.length === 0) return text;
  const subject = SPEAKER[perspective].exec(text.slice(time.length));
  return subject ? subject[0] + time + text.slice(time.length + subject[0].length) : text;
}

function readPreference(text: string): UnitReading["preference"] | undefined {
  // 对花生过敏: an allergy is the firmest "does not eat".
  const allergy = /对(.{1,12}?)过敏/u.exec(text);
  if (allergy) return { verb: "dislike", negated: true, objectText: allergy[1]! };
  const match = PREFERENCE.exec(text);
  if (!match) return undefined;
  // 你可以找她吃火锅: the verb belongs to someone else's clause, not to the speaker's taste.
  const clause = text
    .slice(0, match.index)
    .split(/[，,；;]/u)
    .at(-1)!;
  if (/^(?:你|您|他|她|它|某人)|(?:你|您|他|她)(?:可以|也|都|就|会|要|能)?$/u.test(clause)) return undefined;
  const verb = VERB_CLASS[match[2]!]!;
  const objectText = text
    .slice(match.index + match[0].length)
    .split(/[，,；;。]/u)[0]!
    .trim();
  return { verb, negated: match[1] !== undefined || verb === "dislike", objectText };
}

function readEntity(text: string): { key: string; value: string | number } | undefined {
  for (const [pattern, build] of ENTITY_PATTERNS) {
    const match = pattern.exec(text);
    const entity = match ? build(match) : undefined;
    if (entity) return entity;
  }
  return undefined;
}

const ZH_WORK_CONTEXT = /团队|项目|代码|部署|迁移|数据库|排查|上线|会议|公司|同事|服务|网关|约定|规范|流程|\d{3}/u;
const ZH_FAMILY_CONTEXT = /家|孩子|老婆|老公|妻子|丈夫|爸|妈|父母|海边|度假/u;

/** Who 我们 are: the team at work, the family at home, else 等人. */
function zhGroupOf(text: string): string {
  if (ZH_WORK_CONTEXT.test(text)) return "及其团队";
  return ZH_FAMILY_CONTEXT.test(text) ? "及其家人" : "等人";
}

/** 我 → 用户 (or the speaker's name), 你 → 助手, dates absolute; subject-less text gets a subject. */
function rewrite(text: string, times: readonly TimeMention[], ctx: ReadContext, imperative: boolean): string {
  const label = ctx.label;
  let out = applyTimeMentions(text, times);
  if (ctx.perspective === "user") {
    out = out
      .replace(/(?:我们|咱们)(?=团队|公司|小组|组|部门|项目|家)/gu, `${label}的`)
      .replace(/我们|咱们/gu, `${label}${zhGroupOf(text)}`)
      .replace(/我的/gu, `${label}的`)
      .replace(RELATION_AFTER_WO, `${label}的`)
      .replace(/(?<!自)我/gu, label)
      .replace(/你们|您们/gu, ctx.listener ?? "助手")
      .replace(/你的|您的/gu, `${ctx.listener ?? "助手"}的`)
      .replace(/你|您/gu, ctx.listener ?? "助手");
  } else {
    out = out
      .replace(/我/gu, "\uE000")
      .replace(/你们|您们/gu, `${label}及其团队`)
      .replace(/你的|您的/gu, `${label}的`)
      .replace(/你|您/gu, label)
      .replace(/\uE000/gu, "助手");
  }
  out = tidySpaces(out).replace(/[。！!～~]+$/u, "");
  if (out.startsWith(label)) return out;
  return imperative ? `${label}要求：${out}` : /^[0-9A-Za-z]/.test(out) ? `${label} ${out}` : `${label}${out}`;
}
