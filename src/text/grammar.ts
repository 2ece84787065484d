/**
 * Parts of speech for English and Chinese, from maintained taggers rather than word lists:
 * wink-nlp's English model (Universal POS tags, lemmas) and jieba (jieba-rs compiled to
 * WebAssembly: segmentation and ICTCLAS tags, mapped here onto the Universal set). Both run
 * offline from their npm packages; each is loaded on first use (about half a second), so a
 * process that never reads that language never pays for it.
 *
 * What the write side asks of them is modest and structural: where a clause's subject ends and
 * its predicate begins, which words are names (a proper noun, an id with digits), which word is
 * the main verb. Nothing here decides what to remember.
 */
import { createRequire } from "node:module";
import { Recent } from "../recent.js";
import { TOPICS } from "../write/extract/lexicon.js";
import { isNoun } from "./wordnet.js";

const require = createRequire(import.meta.url);

/** The Universal Dependencies part-of-speech tags (https://universaldependencies.org/u/pos/). */
export type Pos =
  | "ADJ"
  | "ADP"
  | "ADV"
  | "AUX"
  | "CCONJ"
  | "DET"
  | "INTJ"
  | "NOUN"
  | "NUM"
  | "PART"
  | "PRON"
  | "PROPN"
  | "PUNCT"
  | "SCONJ"
  | "SYM"
  | "VERB"
  | "X"
  | "SPACE";

export interface TaggedWord {
  /** The word as written. */
  text: string;
  pos: Pos;
  /** The tagger's own finer tag where it has one (jieba: `nr` person, `ns` place, `eng` Latin). */
  detail?: string;
  /** English: the dictionary form (`stores` → `store`); Chinese: the word itself. */
  lemma: string;
  /** Offsets in the text tagged. */
  start: number;
  end: number;
}

interface WinkDoc {
  tokens(): { out(its?: unknown): string[] };
}
interface Wink {
  readDoc(text: string): WinkDoc;
  its: { pos: unknown; lemma: unknown; precedingSpaces: unknown; value: unknown };
}

let wink: Wink | undefined;
function english(): Wink {
  if (!wink) {
    const winkNLP = require("wink-nlp") as (model: unknown, pipe?: string[]) => Wink;
    // Sentence boundaries, POS and lemmas only: no entity, negation or sentiment passes.
    wink = winkNLP(require("wink-eng-lite-web-model"), ["sbd", "pos"]);
  }
  return wink;
}

interface Jieba {
  tag(text: string, hmm: boolean): Array<{ word: string; tag: string }>;
  add_word(word: string, freq?: number, tag?: string): number;
}
let jieba: Jieba | undefined;
function chinese(): Jieba {
  if (!jieba) {
    const loaded = require("jieba-wasm") as Jieba;
    // A product name of the lexicon that the dictionary has no word in (达梦, 金仓) is one word,
    // not characters for the unknown-word model to glue elsewhere (用达/梦). Names made of words
    // (华为手机, 人大金仓) are left to the dictionary.
    for (const word of productNamesHan())
      if (loaded.tag(word, false).every((piece) => piece.word.length === 1)) loaded.add_word(word, undefined, "nz");
    jieba = loaded;
  }
  return jieba;
}

function productNamesHan(): string[] {
  return TOPICS.flatMap((t) => t.terms)
    .filter((term) => term.key?.startsWith("tool.") || term.key?.startsWith("device."))
    .flatMap((term) => term.zh)
    .filter((word) => /^\p{Script=Han}{2,}$/u.test(word));
}

/**
 * The words of an English text with their tags and lemmas.
 * @example
 * tagEnglish("Room 202 is where the team sits").map((w) => w.pos);
 * // ["PROPN", "NUM", "AUX", "ADV", "DET", "NOUN", "VERB"]
 */
export function tagEnglish(text: string): TaggedWord[] {
  const nlp = english();
  const tokens = nlp.readDoc(text).tokens();
  const words = tokens.out();
  const tags = tokens.out(nlp.its.pos) as Pos[];
  const lemmas = tokens.out(nlp.its.lemma);
  const spaces = tokens.out(nlp.its.precedingSpaces);
  const out: TaggedWord[] = [];
  let at = 0;
  let skipUntil = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    // The tokenizer normalises nothing it returns, so each word is found at or after the last.
    const found = text.indexOf(word, at);
    const start = found >= 0 ? found : at + (spaces[i]?.length ?? 0);
    const end = start + word.length;
    at = end;
    if (tags[i] === "SPACE") continue;
    const previous = out.at(-1);
    // "[", "ADDRESS", "]" come apart: a redaction placeholder is one word, a value, never a name.
    const placeholder = word === "[" ? /^\[[A-Z_]{2,20}\]/u.exec(text.slice(start)) : null;
    if (placeholder) {
      const until = start + placeholder[0].length;
      out.push({ text: placeholder[0], pos: "X", detail: "redacted", lemma: placeholder[0], start, end: until });
      skipUntil = until;
      continue;
    }
    if (start < skipUntil) continue;
    // "3C", "12A": the tokenizer parts digits from letters; an id written as one word stays one.
    if (
      previous &&
      previous.end === start &&
      /^[A-Za-z0-9]+$/u.test(word) &&
      /^[A-Za-z0-9]+$/u.test(previous.text) &&
      /\d/u.test(previous.text + word)
    ) {
      out[out.length - 1] = {
        ...previous,
        text: previous.text + word,
        pos: "PROPN",
        lemma: (previous.text + word).toLowerCase(),
        end,
      };
      continue;
    }
    // "Ana Cook", "Cy Moor": a capitalised word in its base form right after a name goes on with
    // it; an inflected one is the verb it says it is ("Tom Works at Acme").
    const continuesName =
      previous?.pos === "PROPN" &&
      /^\p{Lu}\p{Ll}+$/u.test(word) &&
      word.toLowerCase() === (lemmas[i] ?? word).toLowerCase();
    const pos = continuesName && (tags[i] === "VERB" || tags[i] === "NOUN" || tags[i] === "ADJ") ? "PROPN" : tags[i];
    const lemma = pos === "PROPN" && pos !== tags[i] ? word.toLowerCase() : (lemmas[i] ?? word).toLowerCase();
    out.push({ text: word, pos: pos ?? "X", lemma, start, end });
  }
  return nounsInAgreement(out);
}

// Determiners of a singular noun phrase: "the tech lead", "our team plan"; not "these", "those".
const SINGULAR_DET = new Set(["the", "a", "an", "this", "that", "my", "our", "your", "his", "her", "its", "their"]);

/**
 * A base-form verb right after a singular noun phrase is the phrase's head noun: "The tech lead
 * for Orion is Ana", "Our build plan is ready" (the verb reading would not agree with its
 * subject), and after a copula where nothing follows it but a preposition or the end ("Ana is
 * the tech lead of Orion"). Not where another verb came first in the clause ("I saw the dog
 * run", "Did the team lead it?"), not after a plural noun ("The kids play outside"), not with an
 * object ("…is that the team lead the way"), and only for words WordNet knows as nouns.
 */
function nounsInAgreement(words: TaggedWord[]): TaggedWord[] {
  let clauseVerb = false;
  let copula = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.pos === "PUNCT" || word.pos === "CCONJ" || word.pos === "SCONJ") clauseVerb = copula = false;
    else if (word.pos === "VERB" || word.pos === "AUX") {
      const noun = words[i - 1];
      let det = i - 1;
      while (det >= 0 && (words[det]!.pos === "NOUN" || words[det]!.pos === "ADJ")) det--;
      const next = words[i + 1];
      const bare = !next || next.pos === "PUNCT" || next.pos === "ADP";
      const retag =
        (!clauseVerb || (copula && bare)) &&
        word.pos === "VERB" &&
        word.text.toLowerCase() === word.lemma &&
        noun?.pos === "NOUN" &&
        noun.text.toLowerCase() === noun.lemma &&
        det >= 0 &&
        words[det]!.pos !== "PROPN" &&
        SINGULAR_DET.has(words[det]!.text.toLowerCase()) &&
        isNoun(word.lemma);
      if (retag) words[i] = { ...word, pos: "NOUN" };
      else {
        copula = !clauseVerb && word.lemma === "be";
        clauseVerb = true;
      }
    }
  }
  return words;
}

// ICTCLAS tags (jieba's set) onto Universal POS, by their first letters.
const JIEBA_POS: ReadonlyArray<readonly [RegExp, Pos]> = [
  [/^(?:nr|ns|nt|nz|eng)/u, "PROPN"],
  [/^(?:n|ng|s|t|vn|an)/u, "NOUN"],
  [/^(?:v|vd|vg)/u, "VERB"],
  [/^(?:a|ad|ag|b|z)/u, "ADJ"],
  [/^(?:d|dg)/u, "ADV"],
  [/^(?:p|f)/u, "ADP"],
  [/^(?:c)/u, "CCONJ"],
  [/^(?:u|y|e|o)/u, "PART"],
  [/^(?:r)/u, "PRON"],
  [/^(?:m|mq)/u, "NUM"],
  [/^(?:q)/u, "NOUN"],
  [/^(?:x|w)/u, "X"],
];

/**
 * The words of a Chinese text (Latin words and numbers inside it too) with their tags. Words
 * jieba does not know, which is what new names are, come back as `X` with `detail: "x"` when
 * they are Han characters.
 * @example
 * tagChinese("项目天枢的数据放在 MySQL 里").map((w) => `${w.text}/${w.pos}`);
 * // ["项目/NOUN", "天枢/NOUN", "的/PART", "数据/NOUN", "放在/VERB", "MySQL/PROPN", "里/ADP"]
 */
// What jieba would cut apart but is one word here: an id or a Latin name with its digits and
// dashes (web-38-sh, INV-2024-0841, CentOS 7 stays two), a number with its decimals, a title in
// 《》 or a quoted name.
const WHOLE =
  /\[[A-Z_]{2,20}\]|《[^》]{1,40}》|「[^」]{1,40}」|“[^”]{1,40}”|[A-Za-z0-9](?:[A-Za-z0-9]|[-_./#](?=[A-Za-z0-9])|,(?=\d{3}(?!\d))){0,60}/gu;
const TIME_WORDS = /^(?:今天|明天|昨天|前天|后天|今晚|昨晚|明晚)?(?:上午|下午|中午|晚上|早上|凌晨|傍晚)?$/u;
const RECURRING_DAY = /^每(?:周|星期|礼拜)[一二三四五六日天]$/u;
// 小姜, 老王, 阿芳: a nickname jieba reads as an adjective and a surname.
const NICKNAME = /^[小老阿]$/u;

export function tagChinese(text: string): TaggedWord[] {
  const out: TaggedWord[] = [];
  let last = 0;
  for (const match of text.matchAll(WHOLE)) {
    if (match.index > last) tagHan(text.slice(last, match.index), last, out);
    const word = match[0];
    const numeric = /^[\d.,]+$/u.test(word);
    const titled = /^[《「“]/u.test(word);
    const redacted = word.startsWith("[");
    out.push({
      text: word,
      pos: numeric ? "NUM" : redacted ? "X" : "PROPN",
      detail: numeric ? "m" : redacted ? "redacted" : titled ? "nz" : "eng",
      lemma: word,
      start: match.index,
      end: match.index + word.length,
    });
    last = match.index + word.length;
  }
  if (last < text.length) tagHan(text.slice(last), last, out);
  // 今天下午/nr: the unknown-word model's "name" made of time words is a time.
  for (const word of out)
    if (word.pos === "PROPN" && TIME_WORDS.test(word.text)) Object.assign(word, { pos: "NOUN", detail: "t" });
  // 平时吃生/x 骨肉, 最近改吃/x 猫粮: after a time word or an adverb and before its object, an
  // unknown word of two characters opened by a verb is the verb and what follows it, not a name.
  for (let i = 1; i + 1 < out.length; i++) {
    const [prev, word, next] = [out[i - 1]!, out[i]!, out[i + 1]!];
    if (word.detail !== "x" || !/^\p{Script=Han}{2}$/u.test(word.text)) continue;
    if (!(prev.detail === "t" || prev.detail === "f" || prev.pos === "ADV" || prev.pos === "AUX")) continue;
    if (!["NOUN", "PROPN", "NUM"].includes(next.pos)) continue;
    const [verb] = tagByDictionary(word.text[0]!, word.start);
    if (verb?.pos !== "VERB") continue;
    out.splice(i, 1, verb, ...tagByDictionary(word.text[1]!, word.start + 1));
  }
  // 这个/r 月/m, 上个/r 星期: a demonstrative and a unit of the calendar are one time.
  for (let i = out.length - 2; i >= 0; i--) {
    const [a, b] = [out[i]!, out[i + 1]!];
    if (/^[这那上下每]个$/u.test(a.text) && /^(?:月|星期|礼拜|周末|季度)$/u.test(b.text) && a.end === b.start)
      out.splice(i, 2, joined(a, b, "NOUN", "t"));
  }
  // 领养/n 了 团团: a noun with an aspect particle and then an object is the verb of the clause
  // (the dictionary files many verbs as nouns); a time or a noun ending its clause is not
  // (到春天了, 是大孩子了。).
  for (let i = 0; i + 2 < out.length; i++) {
    const [word, particle, object] = [out[i]!, out[i + 1]!, out[i + 2]!];
    const verbal = word.pos === "NOUN" && word.detail !== "t" && word.text.length >= 2 && word.end === particle.start;
    if (verbal && /^[了着过]$/u.test(particle.text) && ["NOUN", "PROPN", "X", "NUM", "ADJ"].includes(object.pos))
      out[i] = { ...word, pos: "VERB" };
  }
  // 领养了 薯/a 妞/a 。: two single characters the dictionary left apart, all that follows a verb
  // and its 了 before the clause ends, are one unknown word (a name), as the unknown-word model
  // would have read them.
  for (let i = 2; i + 1 < out.length; i++) {
    const [verb, particle, a, b] = [out[i - 2]!, out[i - 1]!, out[i]!, out[i + 1]!];
    const end = out[i + 2];
    const single = (w: TaggedWord) => /^\p{Script=Han}$/u.test(w.text) && ["NOUN", "ADJ", "X"].includes(w.pos);
    if (verb.pos !== "VERB" || particle.text !== "了" || !single(a) || !single(b) || a.end !== b.start) continue;
    if (end && end.pos !== "PUNCT") continue;
    out.splice(i, 2, joined(a, b, "X", "x"));
  }
  // 小 + 姜/nr: one nickname.
  for (let i = out.length - 2; i >= 0; i--) {
    const [a, b] = [out[i]!, out[i + 1]!];
    if (NICKNAME.test(a.text) && b.detail === "nr" && a.end === b.start && b.text.length === 1)
      out.splice(i, 2, { ...b, text: a.text + b.text, lemma: a.text + b.text, start: a.start });
  }
  return out;
}

/** Two adjacent words read as one. */
function joined(a: TaggedWord, b: TaggedWord, pos: Pos, detail: string): TaggedWord {
  return { text: a.text + b.text, pos, detail, lemma: a.text + b.text, start: a.start, end: b.end };
}

// Verbs jieba's dictionary files under another tag: 换 ("change") as a proper noun (nz), 更新
// ("update") as an adverb (d), 就是, the copula with 就 (最大的爱好就是滑雪), as an adverb, and
// 过敏 ("be allergic") as a person's name (nr).
const DICTIONARY_VERBS: ReadonlyMap<string, string> = new Map([
  ["换", "nz"],
  ["更新", "d"],
  ["就是", "d"],
  ["过敏", "nr"],
]);

function tagged(word: string, tag: string, start: number): TaggedWord {
  // 每周三/i: a weekday that recurs is a time, not an idiom.
  const fixed = DICTIONARY_VERBS.get(word) === tag ? "v" : RECURRING_DAY.test(word) ? "t" : tag;
  // The passive 被 opens the predicate (皮皮被梁昊领养了): an auxiliary, as Universal Dependencies
  // tag it (aux:pass), not the preposition jieba files it as.
  const passive = word === "被" && tag === "p";
  const pos = /^\p{P}+$/u.test(word)
    ? "PUNCT"
    : passive
      ? "AUX"
      : (JIEBA_POS.find(([pattern]) => pattern.test(fixed))?.[1] ?? "X");
  return { text: word, pos, detail: fixed, lemma: word, start, end: start + word.length };
}

/**
 * Han text cut by jieba's dictionary alone (no unknown-word model): what the words of a span
 * are when the unknown-word model's reading of it is known to be wrong.
 * @example
 * tagByDictionary("养了", 7).map((w) => `${w.text}/${w.pos}/${w.start}`); // ["养/VERB/7", "了/PART/8"]
 */
export function tagByDictionary(text: string, offset: number): TaggedWord[] {
  const out: TaggedWord[] = [];
  let at = offset;
  for (const { word, tag } of chinese().tag(text, false)) {
    if (word.trim().length > 0) out.push(tagged(word, tag, at));
    at += word.length;
  }
  return out;
}

function tagHan(text: string, offset: number, out: TaggedWord[]): void {
  let at = offset;
  const push = (word: string, tag: string, start: number) => {
    out.push(tagged(word, tag, start));
  };
  for (const { word, tag } of chinese().tag(text, true)) {
    const start = at;
    at += word.length;
    if (word.trim().length === 0) continue;
    // The unknown-word model sometimes glues a pronoun to the verb after it (我换了 → 我换/x):
    // a pronoun opens no name, so it is split off and the rest read as the verb it is.
    // So does an adverb (刚到家 → 刚 + 到家), and a copula or a preposition to the name after it
    // (是鸿凰 → 是 + 鸿凰, 由钱乐 → 由 + 钱乐).
    const glued =
      tag === "x"
        ? /^(?:我们|你们|他们|她们|我|你|您|他|她|它|这|那|刚|又|也|都|还|就|才|已|[是在由被把给跟和让](?=\p{Script=Han}{1,3}$))(?=\p{Script=Han})/u.exec(
            word,
          )
        : null;
    if (glued) {
      const glueTag = /^(?:刚|又|也|都|还|就|才|已)$/u.test(glued[0])
        ? "d"
        : glued[0] === "是"
          ? "v"
          : /^[在由被把给跟和让]$/u.test(glued[0])
            ? "p"
            : "r";
      push(glued[0], glueTag, start);
      // What the copula was glued to is the unknown word itself (鸿凰 of 是鸿凰).
      if ((glueTag === "v" || glueTag === "p") && word.length - glued[0].length <= 2) {
        push(word.slice(glued[0].length), "x", start + glued[0].length);
        continue;
      }
      const rest = word.slice(glued[0].length);
      if (rest.length === 1) push(rest, "v", start + glued[0].length);
      else
        for (const part of chinese().tag(rest, false))
          push(part.word, part.tag, start + word.indexOf(part.word, glued[0].length));
      continue;
    }
    // A name glued to the copula after it (诸葛颖/nr 思是/x → 思 + 是).
    if (tag === "x" && /^\p{Script=Han}{1,2}是$/u.test(word)) {
      push(word.slice(0, -1), "x", start);
      push("是", "v", start + word.length - 1);
      continue;
    }
    push(word, tag, start);
  }
}

// The write side reads one clause several times (its unit, its key, the clause after it): the
// last few taggings are kept. Bounded, so memory stays flat however much is written.
const RECENT_MAX = 256;
const RECENT = new Recent<TaggedWord[]>(RECENT_MAX);

/** The tagger for a language (the last {@link RECENT_MAX} results are reused). */
export function tagWords(text: string, language: "zh" | "en"): TaggedWord[] {
  return RECENT.get(`${language}\u0000${text}`, () => (language === "zh" ? tagChinese(text) : tagEnglish(text)));
}
