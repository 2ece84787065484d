/**
 * The words the reading of a claim shares between the two grammars, the special readings and the
 * corrections of Chinese names: relation words, surnames, reporting and change verbs, noise.
 */
import { type TaggedWord, tagWords } from "../../text/grammar.js";
import { wordList } from "../../text/patterns.js";
import { RELATIONS, SURNAMES } from "./lexicon.js";

export const EN_RELATION = new Map(
  RELATIONS.flatMap((r) => r.en.map((w) => [w.replace(/\.$/u, "").toLowerCase(), r.slug] as const)),
);
export const ZH_RELATION = new Map(
  RELATIONS.flatMap((r) => r.zh.map((w) => [w.replace(/^我/u, ""), r.slug] as const)).filter(([w]) => w.length > 0),
);

export const SURNAME_CHARS = new Set(SURNAMES.filter((s) => s.length === 1));
export const COMPOUND_SURNAMES = SURNAMES.filter((s) => s.length === 2);
export const ZH_AFTER_SUBJECT = new Set(["VERB", "ADV", "ADP", "PUNCT"]);
export const hanWord = (w: TaggedWord) => /^\p{Script=Han}+$/u.test(w.text);
export const CLAUSE_BREAK = /^[，,;；:：—–]+$/u;

export const EN_REPORTING = new Set(
  wordList(`say | tell | show | report | mention | write | email | text | confirm | note | state | claim | announce |
    inform | update | message | list | read`),
);
export const ZH_REPORTING = /^(?:说|显示|告诉|通知|提醒|写着|写的是|反馈|回复|确认|表示)$/u;
// Verbs that take a clause as their object (no Chinese WordNet is packaged): hearing, knowing,
// believing. Perception (看到) is left out: 我看到林涛在跑步 is what the speaker saw.
export const ZH_CLAUSE_VERBS = /^(?:听说|据说|听人说|觉得|认为|以为|猜|估计|知道|发现|得知|相信|记得|听到)$/u;
export const EN_CHANGE_VERBS = new Set(
  wordList(`switch | move | migrate | change | turn | convert | rename | reschedule | upgrade | downgrade | rehome |
    transfer | reassign | replace | repurpose | swap | push | postpone | relocate | reinstall | re-register`),
);
export const ZH_CHANGE_VERB_WORDS = wordList(
  `换成 | 改成 | 改为 | 换为 | 变成 | 变为 | 更新为 | 更新成 | 调到 | 调成 | 调整到 | 调整为 | 迁到 | 迁移到 | 搬到 | 改到 |
    挪到 | 升级到 | 降级到 | 重装成 | 转到 | 转成 | 切到 | 切换到 | 换到 | 提前到 | 推迟到 | 延到 | 延期到`,
).join("|");
export const ZH_CHANGE_VERBS = new RegExp(`^(?:${ZH_CHANGE_VERB_WORDS})$`, "u");

/**
 * A word that says a value changed (换成, 迁到, "switch", "moved"), not what changed.
 * @example
 * isChangeWord("换成"); // true
 * isChangeWord("数据库"); // false
 */
export function isChangeWord(word: string): boolean {
  if (ZH_CHANGE_VERBS.test(word)) return true;
  if (!/^[a-z-]+$/iu.test(word)) return false;
  const lemma = tagWords(word.toLowerCase(), "en")[0]?.lemma;
  return lemma !== undefined && EN_CHANGE_VERBS.has(lemma);
}

export const ZH_NOISE = new Set(
  wordList(`现在 | 目前 | 如今 | 已经 | 已 | 又 | 也 | 都 | 还 | 平时 | 一直 | 最近 | 刚 | 刚刚 | 才 | 就 | 正在 | 总是 | 通常 |
    一般 | 了 | 过 | 着 | 啦 | 呢 | 吧 | 啊 | 哦 | 嘛 | 呀 | 的话 | 一共 | 总共 | 共计 | 大概 | 大约`),
);

/** A name with letters in it, or a number long enough to be an id of its own (an order number). */
export function identifiesItself(words: readonly TaggedWord[]): boolean {
  const name = words.map((w) => w.text).join("");
  const bare = name.replace(/[-_.#]/gu, "");
  // A word ("Orion") or a code long enough to be one thing (A1001, TK-5521); "D3", "12A" and
  // "202" are one of many rooms, desks and lots until their class word says which.
  if (/\d/u.test(bare)) return bare.length >= (/\p{L}/u.test(bare) ? 4 : 5);
  return /\p{L}/u.test(bare);
}
