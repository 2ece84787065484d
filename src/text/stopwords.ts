/**
 * Compact Chinese and English stop-word sets for the keyword index and the hash embedder.
 *
 * Deliberately small: only pronoun-ish fillers, particles, articles, auxiliaries and
 * connectives that carry no fact of their own. Three families are kept OUT on purpose:
 * - negation (不 没 没有 别 未 无 非, not no never nor don't can't won't without ...):
 *   "吃" and "不吃" are opposite memories (seed 002: Chinese negation pitfalls);
 * - modals that state rules (must 必须 should 应该 要 不要);
 * - quantities and time words (all 每 only 只 today 今天), which anchor facts.
 *
 * Entries are in the form {@link tokenize} produces before lookup: NFKC, lowercase,
 * straight apostrophes, English possessive `'s` already stripped.
 */
import { wordList } from "./patterns.js";

/** English stop words (lowercase). Negations and modals are intentionally absent. */
export const STOPWORDS_EN: ReadonlySet<string> = new Set([
  // articles, conjunctions, prepositions
  ...wordList(`a | an | the | and | or | but | if | then | so | as | of | to | in | on | at | by | for | with | from |
    into | onto | about | than | via | per | also | just | very | too | really | quite`),
  // pronouns and determiners
  ...wordList(`i | me | my | mine | myself | we | our | ours | ourselves | you | your | yours | yourself | he | him |
    his | himself | she | her | hers | herself | it | its | itself | they | them | their | theirs | themselves | this |
    that | these | those | there | here | what | which | who | whom | whose | some | any | such`),
  // auxiliaries (forms that never carry negation)
  ...wordList(`is | am | are | was | were | be | been | being | do | does | did | doing | has | have | had | having |
    will | would | shall | can | could | may | might`),
  // contractions and fillers
  ...wordList(`i'm | i've | i'd | i'll | you're | you've | you'd | you'll | we're | we've | we'd | we'll | they're |
    they've | they'd | they'll | let | please | ok | okay | oh | um | uh | yeah | well`),
]);

/** Chinese stop words. Negations (不 没 没有 别 未 无 非) and modals (要 必须) are intentionally absent. */
export const STOPWORDS_ZH: ReadonlySet<string> = new Set([
  // structural and aspect particles
  ...wordList(`的 | 之 | 地 | 着 | 了 | 过 | 所`),
  // sentence-final and modal particles, interjections
  ...wordList(`吗 | 呢 | 啊 | 吧 | 呀 | 嘛 | 哦 | 噢 | 喔 | 哈 | 嗯 | 啦 | 呗 | 么 | 哇 | 诶 | 欸`),
  // pronouns and their possessives as the segmenter emits them
  ...wordList(`我 | 你 | 您 | 他 | 她 | 它 | 我们 | 你们 | 您们 | 他们 | 她们 | 它们 | 咱 | 咱们 | 我的 | 你的 | 您的 |
    他的 | 她的 | 它的 | 自己`),
  // demonstratives
  ...wordList(`这 | 那 | 这个 | 那个 | 这些 | 那些 | 这里 | 那里 | 这样 | 那样 | 这么 | 那么`),
  // copula, light verbs and fillers
  ...wordList(`是 | 的是 | 在 | 有 | 也 | 就 | 都 | 还 | 又 | 很 | 挺 | 就是 | 还是 | 一下 | 一个 | 一些 | 的话 |
    然后 | 其实 | 请 | 把 | 被`),
  // connectives
  ...wordList(`和 | 与 | 及 | 或 | 而 | 并 | 且 | 跟 | 以及 | 或者 | 而且 | 但是 | 但 | 因为 | 所以`),
]);

const ALL_STOPWORDS: ReadonlySet<string> = new Set([...STOPWORDS_EN, ...STOPWORDS_ZH]);

/**
 * True when `token` (already normalised: NFKC, lowercase) is a Chinese or English stop word.
 * @example
 * isStopword("的"); // true
 * isStopword("不"); // false: negation is kept
 */
export function isStopword(token: string): boolean {
  return ALL_STOPWORDS.has(token);
}
