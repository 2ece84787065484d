/**
 * The cue words that mark a statement as transient or as a one-off exception, in one place:
 * extraction reads them in what the user said, admission scoring in a candidate's text when
 * extraction did not say (model candidates). Lists are words and phrases; the patterns are
 * built from them.
 *
 * - Transient (seed 002 §2.2): a choice scoped to this task ("这次先用 SQLite", "for now") is new
 *   but not stable, so its admission score stays under the threshold.
 * - One-off exception (seed 003 §4.2, the WeChat case): "这次发微信也行" relaxes a standing
 *   preference once; it is kept next to the preference and must never overwrite it.
 * - Unrealised: a plan, a wish, a maybe, a suggestion ("我在考虑要不要搬去上海", "Someone
 *   suggested we switch to Linear"): a change it names has not happened, so it replaces nothing.
 */
import { alternation, wordList } from "../text/patterns.js";

export const TRANSIENT_CUES = {
  zh: wordList(
    "这次 | 这一次 | 这回 | 本次 | 暂时 | 临时 | 先用 | 先这样 | 目前先 | 今天先 | 眼下 | 姑且 | 上线再 | 回头再",
  ),
  en: wordList(`for now | this time | for the time being | temporary | temporarily | for the moment | just this once |
    this once | at the moment | right now | for today | for this task | for this session | for this one |
    until launch | until release | until we ship | until go-live`),
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

/** Transient cues, as patterns (Chinese also "先…再…": "先用 SQLite，上线再换"). */
export const TRANSIENT = {
  zh: new RegExp(`${alternation(TRANSIENT_CUES.zh)}|先.{1,24}再`, "u"),
  en: new RegExp(`\\b${alternation(TRANSIENT_CUES.en)}\\b`, "i"),
};

/** One-off cues, as patterns ("这次发微信也行", "WeChat is fine this time", "make an exception"). */
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

/** Either language. */
export function isUnrealized(text: string): boolean {
  return UNREALIZED.zh.test(text) || UNREALIZED.en.test(text);
}

/** Either language. */
export function isTransient(text: string): boolean {
  return TRANSIENT.zh.test(text) || TRANSIENT.en.test(text);
}

/** Either language. */
export function isOneOff(text: string): boolean {
  return ONE_OFF.zh.test(text) || ONE_OFF.en.test(text);
}
