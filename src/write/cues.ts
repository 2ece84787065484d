/**
 * The cue words that mark a statement as transient or as a one-off exception, in one place:
 * extraction reads them in what the user said, admission scoring in a candidate's text when
 * extraction did not say (model candidates). Lists are words and phrases; the patterns are
 * built from them.
 *
 * - Transient (seed 002 §2.2): a choice scoped to this task ("这次先用 SQLite", "for now") is new
 *   but not stable, so its admission score stays under the threshold. So is a state of this
 *   moment ("我在外面", "I'm on the bus", 头有点疼): gone by the next conversation.
 * - One-off exception (seed 003 §4.2): "这次打电话也行" relaxes a standing
 *   preference once; it is kept next to the preference and must never overwrite it.
 * - Unrealised: a plan, a wish, a maybe, a suggestion ("我在考虑要不要搬去深圳", "Someone
 *   suggested we switch to Asana"): a change it names has not happened, so it replaces nothing.
 */
import { alternation, wordList } from "../text/patterns.js";

export const TRANSIENT_CUES = {
  zh: wordList("这次 | 这一次 | 这回 | 本次 | 暂时 | 临时 | 先用 | 先这样 | 目前先 | 今天先 | 姑且 | 上线再 | 回头再"),
  en: wordList(`for now | this time | for the time being | temporary | temporarily | for the moment | just this once |
    this once | for today | for this task | for this session | for this one |
    until launch | until release | until we ship | until go-live`),
};

/**
 * Words that date a clause to this moment ("right now", 眼下). With a choice ("we're on SQLite
 * right now") or a state ("I'm swamped at the moment") they mark it passing; with an activity
 * under way on a named work or course ("I'm reading The Quiet Shore right now", 我眼下在读《X》)
 * they say what the speaker is doing these days, which lasts (see {@link ONGOING}).
 */
export const PRESENT_CUES = {
  zh: wordList("眼下"),
  en: wordList("at the moment | right now"),
};

/**
 * An activity under way on something named: a progressive verb, then a capitalised or quoted
 * title ("I'm reading The Quiet Shore", "we're taking Intro to Pottery", 我在读《X》). Not a choice
 * verb (using, going with, sticking with, running, trying, testing: a choice for now is transient)
 * and not a place or moment ("I'm in a meeting").
 */
const ONGOING_EN = new RegExp(
  String.raw`\b(?:[Ii]'m|[Ii] am|[Ww]e're|[Ww]e are|[Tt]he user is)\s{1,8}(?:(?:currently|still|now|also)` +
    String.raw`\s{1,8})?(?:(?!(?:using|going|sticking|staying|keeping|running|trying|testing|switching|moving)\b)` +
    String.raw`[a-z]{2,20}ing|(?:halfway|midway|partway) through)\b(?:\s{1,8}(?:through|in|on|for|to|with))?\s{1,8}` +
    String.raw`(?:(?:the|a|an)\s{1,8})?["“'«]?[A-Z]`,
  "u",
);
// "I'm taking a course called Modern Cantonese", "I'm in the middle of The Long Road": the work
// named by "called / named / titled", or the one the speaker is in the middle of.
const ONGOING_NAMED_EN = new RegExp(
  String.raw`\b(?:[Ii]'m|[Ii] am|[Ww]e're|[Ww]e are|[Tt]he user is)\s{1,8}(?:(?:currently|still|now|also)` +
    String.raw`\s{1,8})?(?:[a-z]{2,20}ing\s{1,8}(?:(?:a|an|the)\s{1,8})?[a-z]{2,15}(?:\s{1,8}[a-z]{2,15})?\s{1,8}` +
    String.raw`(?:called|named|titled)|in the middle of)\s{1,8}["“'«]?[A-Z]`,
  "u",
);
const ONGOING_ZH = /在(?:读|看|学|上|练|写|追|听)《[^》]{1,40}》/u;
export const ONGOING = {
  zh: ONGOING_ZH,
  en: { test: (text: string) => ONGOING_EN.test(text) || ONGOING_NAMED_EN.test(text) },
};

/**
 * Where the speaker is or what they are busy with at this moment, and passing aches. A clause
 * that is only the state counts ("我在外面，晚点回你", "I'm on the bus right now"); a lasting
 * state that looks alike ("我在外企工作", "I live outside the city", 我在家办公) does not.
 */
export const MOMENT_CUES = {
  zh: {
    at: wordList(`外面 | 外头 | 路上 | 车上 | 地铁上 | 公交上 | 高铁上 | 火车上 | 飞机上 | 机场 | 开会 | 开车 | 上课 | 排队 |
      加班 | 洗澡 | 吃饭 | 睡觉 | 楼下 | 门口 | 家 | 公司`),
    ache: wordList("头 | 肚子 | 胃 | 牙 | 嗓子 | 腰 | 眼睛"),
  },
  en: {
    at: wordList(`on the bus | on a bus | on the train | on a train | on the subway | on the tube | on the plane |
      on a plane | on my way | on the way | outside | in a meeting | in the car | in a cab | in a taxi | in traffic |
      stuck in traffic | at the airport | at the station | driving | running late | in line | in the queue`),
    ache: wordList("headache | stomachache | stomach ache | toothache | sore throat | cold | fever"),
  },
};

/** One-off exceptions: a time that scopes it, then a word that allows it ("this time … is fine"). */
export const ONE_OFF_CUES = {
  zh: {
    when: wordList("这次 | 这一次 | 这回 | 今天 | 就这一次 | 偶尔 | 临时"),
    allowed: wordList("也行 | 也可以 | 可以 | 也没关系 | 没关系 | 没问题 | 也没事 | 也好 | 无所谓"),
  },
  en: {
    when: wordList("this time | just this once | this once | for today"),
    allowed: wordList(
      "is fine | fine | is ok | ok | is okay | okay | works | is alright | is acceptable | would be fine | allowed",
    ),
  },
};

/**
 * What "先…再" puts off when it scopes a choice to now ("先用 SQLite，上线再换"). A sequence of
 * steps ("先跑 make gen 再做迁移") is a procedure, not a choice for now.
 */
const LATER_CHANGE = wordList("换 | 改 | 说 | 定 | 调整 | 切 | 考虑 | 看 | 决定");

// The state is all the clause says: it ends there, or only a particle or "now" follows.
const ZH_STATE_ENDS = "(?=$|[，,。！!？?；;呢了啊呀哦])";
const EN_STATE_ENDS = String.raw`(?=$|[,.!?;]|\s{1,8}(?:now|right now|today|tonight|at the moment|to|home|back)\b)`;
const ZH_MOMENT = [
  `^(?:我|用户)(?:现在|正|这会儿|此刻|刚|还|已经){0,2}在${alternation(MOMENT_CUES.zh.at)}${ZH_STATE_ENDS}`,
  `^(?:我|用户)(?:现在|今天|有点|有些){0,2}${alternation(MOMENT_CUES.zh.ache)}(?:有点|有些|好|很)?(?:疼|痛|不舒服)${ZH_STATE_ENDS}`,
  `^(?:我|用户)(?:刚|已经)?(?:到家|出门)了`,
].join("|");
const EN_MOMENT = [
  String.raw`^(?:i'm|i am|the user is)\s{1,8}(?:(?:currently|still|just|now)\s{1,8})?${alternation(MOMENT_CUES.en.at)}${EN_STATE_ENDS}`,
  String.raw`^(?:i|the user)\s{1,8}(?:have|has|'ve got|got)\s{1,8}an?\s{1,8}${alternation(MOMENT_CUES.en.ache)}\b`,
].join("|");

/**
 * Said in passing (seed 002 §2.2: gone by the next conversation, so not stable): the weather, the
 * commute, the body or the mood of this moment ("it's pouring", 爬山爬得快散架了, "I can't
 * feel my fingers", 头都大了), and a hypothetical: a wish or a what-if whose outcome is modal
 * ("if we win I'd …", 要是…就好了, 如果考上…就…). Look-alikes that last are not: an allergy or a
 * condition ("I always get carsick on buses"), a habit (我每天骑车上班), and a standing
 * conditional habit in the plain present ("If it rains I work from home", 下雨的话我就在家办公):
 * that one is how the user lives, so it is kept.
 */
export const PASSING_CUES = {
  zh: {
    // The weather now (外面下大雨, 风可真大); "下雨的话我就在家办公" names no moment and is a habit.
    weather:
      wordList(`外面下 | 外面在下 | 正在下 | 下着 | 又下 | 风可真大 | 风真大 | 风好大 | 好冷 | 好热 | 冻得 | 热得 |
      没暖气`),
    // A state of the body or mind this moment: an outcome after 得 (爬得快散架了) or a fixed phrase.
    state: wordList(`快散架 | 头都大了 | 累死了 | 饿死了 | 困死了 | 直哆嗦 | 看不清 | 不敢打字 | 综合症犯了 | 又被拒了 |
      好难啊 | 想把电脑扔了 | 被困在 | 堵在路上 | 刚下班 | 刚到家 | 刚起床 | 刚睡醒 | 落在`),
    // Conditions that rarely state a habit: what if, in case, had it not been.
    what_if: wordList("假如 | 假设 | 万一 | 要不是"),
    // An outcome that is a wish or a modal (…就好了, …能快一倍, …我要先…), or a condition that is one event (考上, 拿到).
    outcome: wordList("就好了 | 多好 | 能 | 可以 | 想 | 要"),
    once: wordList("考上 | 拿到 | 中了 | 赢了 | 录取 | 选上 | 成功"),
  },
  en: {
    weather: wordList(`pouring | raining | drizzly | drizzling | snowing | so grey | so gray | windchill | wind chill |
      heatwave | heat wave | sweltering`),
    state: wordList(`can't feel my | cramping | frazzled | giving me a heart attack | staring at the wall | sore from |
      stretching my legs | parked at | stuck outside | stuck in | is down again | has a flat | just spilled |
      just got home | just got off work | just woke up`),
  },
};

const ZH_IF = "(?:如果|要是)";
const ZH_HYPOTHETICAL = [
  alternation(PASSING_CUES.zh.what_if),
  `${ZH_IF}[^。！？]{1,30}?(?:${alternation(PASSING_CUES.zh.outcome)})(?!求|是)`,
  `${ZH_IF}[^，,。！？]{0,12}${alternation(PASSING_CUES.zh.once)}`,
].join("|");
const EN_HYPOTHETICAL = [
  String.raw`\bif\b[^.!?]{1,60}\b(?:would|could|might|i'd|we'd)\b`,
  String.raw`\b(?:would|'d) give anything\b`,
  String.raw`\bi wish (?:i|we|it|my)\b`,
  String.raw`\bif only\b`,
  String.raw`^what if\b`,
].join("|");
const ZH_PASSING = `${alternation(PASSING_CUES.zh.weather)}|${alternation(PASSING_CUES.zh.state)}|${ZH_HYPOTHETICAL}`;
const EN_PASSING = `\\b(?:${alternation(PASSING_CUES.en.weather)}|${alternation(PASSING_CUES.en.state)})\\b|${EN_HYPOTHETICAL}`;

/** Transient cues, as patterns (Chinese also "先…再换": "先用 SQLite，上线再换"), and what is said in passing. */
export const TRANSIENT = {
  zh: new RegExp(
    `${alternation(TRANSIENT_CUES.zh)}|先.{1,24}再${alternation(LATER_CHANGE)}|${ZH_MOMENT}|${ZH_PASSING}`,
    "u",
  ),
  en: new RegExp(`\\b${alternation(TRANSIENT_CUES.en)}\\b|${EN_MOMENT}|${EN_PASSING}`, "i"),
};

const PRESENT = {
  zh: new RegExp(alternation(PRESENT_CUES.zh), "u"),
  en: new RegExp(`\\b${alternation(PRESENT_CUES.en)}\\b`, "i"),
};

/**
 * Whether a clause is transient: a transient cue, a moment or something said in passing, or a
 * present-time cue on anything but an activity under way on a named work ({@link ONGOING}).
 */
export function transientIn(text: string, language: "zh" | "en"): boolean {
  return TRANSIENT[language].test(text) || (PRESENT[language].test(text) && !ONGOING[language].test(text));
}

/** One-off cues, as patterns ("这次打电话也行", "a call is fine this time", "make an exception"). */
export const ONE_OFF = {
  zh: new RegExp(`${alternation(ONE_OFF_CUES.zh.when)}[^。！？.!?]{0,16}${alternation(ONE_OFF_CUES.zh.allowed)}`, "u"),
  en: new RegExp(
    [
      `\\b${alternation(ONE_OFF_CUES.en.when)}\\b[^.!?]{0,48}\\b${alternation(ONE_OFF_CUES.en.allowed)}\\b`,
      `\\b(?:is|it's|that's) (?:fine|ok|okay|alright) ${alternation(ONE_OFF_CUES.en.when)}\\b`,
      "\\bmake an exception\\b",
    ].join("|"),
    "i",
  ),
};

export const UNREALIZED_CUES = {
  zh: wordList(`考虑 | 要不要 | 打算 | 准备 | 计划 | 想要 | 想 | 可能 | 也许 | 或许 | 如果 | 要是 | 假如 | 建议 | 提议 |
    是否 | 会不会 | 该不该 | 能不能 | 将要 | 即将`),
  en: wordList(`might | could | would | should | if | whether | thinking about | thinking of | considering | plan to |
    plans to | planning to | planning on | want to | wants to | wanted to | hope to | hopes to | going to | gonna | will |
    suggested | suggests | proposed | proposes | wondering | wonders`),
};

/**
 * Unrealised cues, as patterns: also 要 but not 要求 (用户要求：…), "may" but not the month ("in May
 * 2024"), and "'ll" (we'll switch).
 */
export const UNREALIZED = {
  zh: new RegExp(`${alternation(UNREALIZED_CUES.zh)}|要(?!求)`, "u"),
  en: new RegExp(`(?:(?<![\\w'])(?:${alternation(UNREALIZED_CUES.en)}|may(?!\\s{1,8}\\d))|'ll)(?![\\w'])`, "i"),
};

/**
 * A label that opens a statement to frame it, not a subject ("Confession: I moved to Helix",
 * "Good news, I switched", 好消息，…): who changed is whoever follows it.
 */
export const DISCOURSE_LABELS = wordList(`confession | update | quick update | news | good news | bad news | big news |
  great news | fun fact | plot twist | heads up | side note | guess what | spoiler | true story | small update |
  好消息 | 坏消息 | 告诉你 | 跟你说 | 说个事 | 更新一下 | 坦白 | 坦白说 | 另外 | 对了 | 顺便说一下`);

/**
 * What only a business system may record (seed 004 §1: 客户合同状态、订单编号、会员等级): a contract
 * signed, an order shipped or paid, a membership tier. Said in a chat ("这个客户快签了", "the order
 * should have shipped by now") it is hearsay about the system's state, and the seed's accident is
 * an agent writing it down as 客户已签约 for a weekly report: admission keeps it as an inferred note
 * the user confirms, never as a fact (src/write/scoring.ts). A subject, then its state within a
 * clause ("合同已经签了", "the Acme contract is signed"); in English also a state before its
 * subject ("we signed the contract", "a gold member").
 */
export const BUSINESS_STATE_CUES = {
  zh: {
    subject: wordList("合同 | 协议 | 订单 | 单子 | 客户 | 发票 | 货款 | 回款 | 尾款 | 退款 | 会员 | 账单 | 报价单"),
    state:
      wordList(`签 | 发货 | 发出 | 到货 | 送达 | 签收 | 付款 | 付了 | 到账 | 开票 | 取消 | 退了 | 退货 | 等级 | 金卡 |
      银卡 | 白金 | 钻石 | 生效 | 续约 | 续费 | 成交 | 交付 | 逾期 | 结清`),
    whole: wordList("签约 | 签单 | 已发货 | 已签收 | 已付款 | 已到账 | 已开票"),
  },
  en: {
    subject:
      wordList(`contract | contracts | agreement | deal | order | orders | invoice | invoices | payment | refund |
      shipment | package | parcel | membership | member | subscription | customer | client`),
    state:
      wordList(`signed | sign | signing | closed | close | shipped | ship | delivered | dispatched | paid | cancelled |
      canceled | refunded | overdue | renewed | expired | approved | gold | silver | platinum | diamond | vip | won | done`),
    before:
      wordList(`signed | shipped | paid | closed | cancelled | canceled | renewed | delivered | refunded | won | gold |
      silver | platinum | diamond | vip`),
  },
};

/** Business-state cues, as patterns. */
export const BUSINESS_STATE = {
  zh: new RegExp(
    `${alternation(BUSINESS_STATE_CUES.zh.subject)}[^。！？!?；;\n]{0,12}${alternation(BUSINESS_STATE_CUES.zh.state)}|${alternation(BUSINESS_STATE_CUES.zh.whole)}`,
    "u",
  ),
  en: new RegExp(
    [
      `\\b${alternation(BUSINESS_STATE_CUES.en.subject)}\\b[^.!?;\n]{0,40}\\b${alternation(BUSINESS_STATE_CUES.en.state)}\\b`,
      `\\b${alternation(BUSINESS_STATE_CUES.en.before)}\\s{1,8}(?:` +
        `(?:the|a|an|our|their|its|this|that|his|her)\\s{1,8})?${alternation(BUSINESS_STATE_CUES.en.subject)}` +
        `\\b`,
    ].join("|"),
    "i",
  ),
};

/** Either language: a statement of what a business system records (see {@link BUSINESS_STATE_CUES}). */
export function claimsBusinessState(text: string): boolean {
  return BUSINESS_STATE.zh.test(text) || BUSINESS_STATE.en.test(text);
}

/** Either language. */
export function isUnrealized(text: string): boolean {
  return UNREALIZED.zh.test(text) || UNREALIZED.en.test(text);
}

/** Either language. */
export function isTransient(text: string): boolean {
  return transientIn(text, "zh") || transientIn(text, "en");
}

/** Either language. */
export function isOneOff(text: string): boolean {
  return ONE_OFF.zh.test(text) || ONE_OFF.en.test(text);
}
