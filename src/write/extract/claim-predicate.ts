/** The predicate of a clause, both languages: its frame words, its values, whether it changes. */
import type { TaggedWord } from "../../text/grammar.js";
import type { Grammar } from "./claim-types.js";
import { hanWord } from "./claim-words.js";

/**
 * 在 and a date after it (在 2026年2月换了…, 在 2026-02-23 那一周…, as the rewrite of 上个月 and 上周
 * reads): when the clause happened, not what it says. A date after another verb (截止日期是5月3日)
 * is a value.
 */
function datedAt(words: readonly TaggedWord[]): Set<TaggedWord> {
  const out = new Set<TaggedWord>();
  for (const [k, w] of words.entries()) {
    if (w.text !== "在") continue;
    const run: TaggedWord[] = [];
    let i = k + 1;
    for (;;) {
      const [a, b] = [words[i], words[i + 1]];
      if (a && /^\d{4}-\d{2}-\d{2}$/u.test(a.text)) {
        run.push(a);
        i += 1;
      } else if (a?.pos === "NUM" && b && DATE_UNIT.test(b.text)) {
        run.push(a, b);
        i += 2;
      } else if (run.length > 0 && a?.text === "那" && b && /^(?:一周|天)$/u.test(b.text)) {
        run.push(a, b);
        i += 2;
      } else break;
    }
    if (run.length > 0) for (const r of [w, ...run]) out.add(r);
  }
  return out;
}
const DATE_UNIT = /^(?:年|月|日|号)$/u;

/**
 * The predicate's frame and values. Names, numbers, ids and times are values; when there are
 * none, the object phrase after the verb (or the state after a copula, "was delivered", 已经发货)
 * is the value. The frame is what is left, in dictionary form, without words of time or
 * certainty (now, still, 现在, 已经) and aspect (了, 过).
 */
export function readPredicate(grammar: Grammar, words: readonly TaggedWord[], text: string) {
  const dated = grammar.language === "zh" ? datedAt(words) : new Set<TaggedWord>();
  const content = words.filter(
    (w) =>
      !dated.has(w) &&
      w.pos !== "PUNCT" &&
      !grammar.noise.has(w.lemma.toLowerCase()) &&
      w.pos !== "DET" &&
      !isQuantity(grammar, w, words),
  );
  const groups: TaggedWord[][] = [];
  let last = -2;
  for (const [k, word] of content.entries()) {
    // A capitalised noun beside a name is part of it: "Mercy Hospital", "Lake Tahoe".
    const capital = grammar.language === "en" && word.pos === "NOUN" && /^\p{Lu}/u.test(word.text);
    const joins = capital && (k === last + 1 || grammar.isName(content[k + 1] ?? word));
    // 16楼38号, 2188元, 3点半: a one-character measure word between or after numbers is part of the value.
    const measure =
      grammar.language === "zh" &&
      k === last + 1 &&
      ((/^\p{Script=Han}$/u.test(word.text) && (content[k - 1]!.pos === "NUM" || content[k + 1]?.pos === "NUM")) ||
        (word.detail === "q" && content[k - 1]!.pos === "NUM"));
    if (grammar.isName(word) || word.pos === "NUM" || grammar.isTime(word) || joins || measure) {
      if (k === last + 1) groups.at(-1)!.push(word);
      else groups.push([word]);
      last = k;
    }
  }
  if (groups.length === 0 && grammar.language === "zh") {
    // 住在大连, 搬到了杭州: what a preposition governs is the value, whatever the tagger made of it.
    const at = content.findIndex((w) => w.pos === "ADP" && /^(?:在|到|去|往|从|给|向)$/u.test(w.text));
    let end = at + 1;
    while (at >= 0 && end < content.length && !["VERB", "PUNCT", "ADP"].includes(content[end]!.pos)) end++;
    if (at >= 0 && end > at + 1) groups.push(content.slice(at + 1, end));
  }
  if (groups.length === 0) {
    // The object: the last run of nouns (with adjectives before them), or a final state word.
    let to = content.length - 1;
    while (to >= 0 && !["NOUN", "ADJ", "PROPN"].includes(content[to]!.pos)) to--;
    if (to < 0 && content.length > 0 && ["VERB", "ADJ"].includes(content.at(-1)!.pos)) to = content.length - 1;
    if (to >= 0) {
      let from = to;
      while (from > 0 && ["NOUN", "ADJ"].includes(content[from - 1]!.pos) && content[to]!.pos !== "VERB") from--;
      const verbBefore = content.slice(0, from).some((w) => w.pos === "VERB" || w.pos === "AUX" || w.text === "是");
      // After a fronted topic the clause's own subject is the value: "As for Room 202, the design team sits there".
      const verbAfter = content.slice(to + 1).some((w) => w.pos === "VERB");
      if (verbBefore || from === to || verbAfter) groups.push(content.slice(from, to + 1));
    }
  }
  const inValue = new Set(groups.flat());
  const frame = content.filter((w) => !inValue.has(w)).map((w) => w.lemma.toLowerCase());
  // "went from held at customs to shipped", 从周二挪到了周四: the value is what it went to.
  const from = content.findIndex((w) => /^(?:from|从)$/iu.test(w.text));
  const to = content.findIndex((w, k) => k > from && /^(?:to|into|到|成|为)$/iu.test(w.text));
  if (from >= 0 && to > from && to + 1 < content.length) {
    groups.length = 0;
    groups.push(content.slice(to + 1).filter((w) => w.pos !== "PUNCT"));
  }
  const values = groups.map((group) => text.slice(group[0]!.start, group.at(-1)!.end));
  const said = words.map((w) => w.text).join(grammar.joiner);
  return {
    frame,
    values,
    valueWords: groups.flat(),
    changed: grammar.change.test(said),
    // Chinese states amounts and times without a verb: INV-2024-0841一共1,962元, 他今年30岁; and
    // predicates with a word the dictionary files elsewhere: an idiom (对天文很感兴趣/l) or a word
    // an aspect particle follows (已经发货/n 了).
    predicated:
      words.some(isVerb) ||
      (grammar.language === "zh" &&
        (groups.some((g) => g.some((w) => w.pos === "NUM" || grammar.isTime(w))) ||
          words.some(
            (w, k) =>
              ZH_PREDICATE_WORD.test(w.detail ?? "") ||
              predicateBeforeAspect(words, k) ||
              predicateAfterAdverb(words, k),
          ))),
  };
}

// jieba's idioms (很感兴趣/l, 一模一样/i): predicates in the clauses they close.
const ZH_PREDICATE_WORD = /^(?:l|i)$/u;

/** A Han word an aspect particle follows (发货 of 已经发货了, 绝育 of 绝育过): used as a verb. */
function predicateBeforeAspect(words: readonly TaggedWord[], k: number): boolean {
  const [w, next] = [words[k]!, words[k + 1]];
  return k > 0 && w.pos === "NOUN" && w.detail !== "t" && /^(?:ul|ug|uz)$/u.test(next?.detail ?? "") && hanWord(w);
}

// Adverbs of aspect and state that only come before a predicate.
const ZH_ASPECT_ADVERB = /^(?:已|已经|正在|还没|还未|没|没有|尚未|未|刚|刚刚)$/u;

/** A Han word an aspect adverb comes before (发货 of 已发货, 清关/x of 正在清关): used as a verb. */
function predicateAfterAdverb(words: readonly TaggedWord[], k: number): boolean {
  const [w, before] = [words[k]!, words[k - 1]];
  return (
    before !== undefined &&
    ZH_ASPECT_ADVERB.test(before.text) &&
    (w.pos === "NOUN" || w.detail === "x") &&
    w.detail !== "t" &&
    hanWord(w)
  );
}

/** A verb, a copula, 用 (jieba files it as a preposition), or jieba's verbal noun (启动/vn) in a predicate. */
export function isVerb(word: TaggedWord): boolean {
  return word.pos === "VERB" || word.pos === "AUX" || word.detail === "vn" || /^(?:是|在|有|叫|用)$/u.test(word.text);
}

/** A number that counts its noun (一只猫, "two cats") rather than being a value of its own. */
function isQuantity(grammar: Grammar, word: TaggedWord, words: readonly TaggedWord[]): boolean {
  if (word.pos !== "NUM" || /\d/u.test(word.text)) return false;
  const next = words[words.indexOf(word) + 1];
  // 五十公斤, 三十万元: a number before a measure word is an amount.
  return grammar.language === "zh" ? next?.pos === "NOUN" && next.detail !== "q" : /^(?:a|an|one)$/iu.test(word.text);
}
