/** The names a statement says, and the particular thing it is about. */
import { type TaggedWord, tagWords } from "../../text/grammar.js";
import { EN, firstWordAsSaid } from "./claim-en.js";
import { CLAUSE_BREAK, hanWord, SURNAME_CHARS, ZH_NOISE, ZH_RELATION } from "./claim-words.js";
import { ageAt, ZH } from "./claim-zh.js";
import { markKnownNames } from "./known-names.js";
import { chineseNames } from "./names-zh.js";

/**
 * Every run of name words in a text (proper nouns, ids, numbered names), in order.
 * @example
 * namesIn("Collatek Thasski? Mostly bonsai.", "en"); // ["Collatek Thasski"]
 */
export function namesIn(text: string, language: "zh" | "en"): string[] {
  const grammar = language === "zh" ? ZH : EN;
  const tagged = markKnownNames(tagWords(text, language), text, language);
  const words = language === "en" ? firstWordAsSaid(text, tagged) : chineseNames(tagged);
  // Outside a subject phrase, a Han word the dictionary does not know is a name only when it
  // opens with a surname (林一鸣); 记在, 超好 are words the unknown-word model glued.
  const isName = (w: TaggedWord) =>
    grammar.isName(w) &&
    !(language === "zh" && w.detail === "x" && /^\p{Script=Han}/u.test(w.text) && !SURNAME_CHARS.has(w.text[0]!));
  const names: string[] = [];
  let from = -1;
  for (let k = 0; k <= words.length; k++) {
    const word = words[k];
    const named = word !== undefined && (isName(word) || (from >= 0 && word.pos === "NUM"));
    if (named && from < 0) from = k;
    if (!named && from >= 0) {
      names.push(text.slice(words[from]!.start, words[k - 1]!.end));
      from = -1;
    }
  }
  return names;
}

const RECURRING_TIME = new RegExp(
  "^(?:(?:周|星期|礼拜)[一二三四五六日天]|[一二三四五六七八九十两]+点(?:半|[一二三]刻)?|" +
    "monday|tuesday|wednesday|thursday|friday|saturday|sunday)$",
  "iu",
);
// The two sides of the conversation, named in the third person ("User prefers …", 用户喜欢…).
const ROLE_WORDS = new Set(["user", "assistant", "用户", "助手"]);
const ID_LIKE = /^(?=.*\p{L})(?=.*\d)[\p{L}\d-]+$/u;

/** What a plain statement is about: the particular thing its subject names. */
export interface Particular {
  /** As written: "Room 202" is read word by word, so "202"; 烘焙28班's "28"; "E8"; 苍玑书法社. */
  text: string;
  /** It names one thing (a name, an id, a coined word), not a number or a time of day. */
  named: boolean;
}

/**
 * The particular thing a statement is about: an id (G2043, INV-20931), a number, a weekday or a
 * clock time (a day and hour that recur, unlike 今天 or "now"), or, before the verb of its clause,
 * a name or a Han word of two or more characters the dictionary does not know (a coined name:
 * 苍玑书法社). "The weather is nice", 那部电影挺好看的 name nothing; 借了朋友的尼康 names a thing
 * after the verb, as what happened, not what the statement is about. A question states nothing.
 * A dictionary "name" right before 了 is a predicate the dictionary mislabels (太贵了), not a
 * name. A name is preferred to a number or a time.
 * @example
 * particularSubject("陶艺28班每周三下午3点上课", "zh"); // { text: "28", named: false }
 * particularSubject("今天挺冷的", "zh");                // undefined
 */
export function particularSubject(text: string, language: "zh" | "en"): Particular | undefined {
  if (/[?？]/u.test(text)) return undefined;
  const grammar = language === "zh" ? ZH : EN;
  const words = tagWords(text, language);
  const said = language === "en" ? firstWordAsSaid(text, words) : chineseNames(words);
  let subject = true;
  let counted: Particular | undefined;
  let linked: Particular | undefined;
  let from = 0;
  let phrase: Particular | undefined;
  for (const [k, w] of said.entries()) {
    if (CLAUSE_BREAK.test(w.text)) {
      subject = true;
      from = k + 1;
    } else if (subject && k === from && language === "zh" && ZH_TIME_CLAUSE_END.test(said[k + 1]?.text ?? "")) {
      // 调座以后常言去了…: a clause of time before the subject is not what the statement is about.
      from = k + 2;
      continue;
    } else if (
      language === "zh" &&
      subject &&
      k === from + 1 &&
      APPOSITION.test(said[k]!.text + (said[k + 1]?.text ?? ""))
    ) {
      // 虎子这只兔子是…, 大黄那条狗: a word, then 这 / 那 with the measure word of a being or a thing (not
      // the 个 of 天气这个东西), names one thing.
      const noun = bareNoun(language, said.slice(from, k));
      if (noun) return noun;
    } else if (language === "zh" && subject && k > from && ageAt(said, k)) {
      // 团子三岁了: an age is said of one particular being, whatever the dictionary makes of its name.
      const noun = bareNoun(language, said.slice(from, k));
      if (noun) return noun;
    } else if ((w.pos === "VERB" || w.pos === "AUX") && subject) {
      subject = false;
      phrase =
        nounPhrase(language, said.slice(from, k), text) ??
        ownedBy(language, said, from, k, text) ??
        bareNoun(language, said.slice(from, k));
    }
    if (ID_LIKE.test(w.text) || w.detail === "redacted") return { text: w.text, named: true };
    const name =
      (grammar.isName(w) &&
        !ROLE_WORDS.has(w.text.toLowerCase()) &&
        !(language === "zh" && said[k + 1]?.text === "了")) ||
      (language === "zh" && w.detail === "x" && /^\p{Script=Han}{2,}$/u.test(w.text));
    if (name && subject) return { text: w.text, named: true };
    // 海权的运维主管换成了袁舒峰, 星湖读书小组在读《消失的林间》: a particular noun phrase linked
    // to a name by its verb is what the statement is about.
    if (name && !subject && phrase && !linked) linked = phrase;
    if (!counted && (/\d/u.test(w.text) || RECURRING_TIME.test(w.text))) counted = { text: w.text, named: false };
  }
  return counted ?? linked;
}

/**
 * A Chinese subject of one common noun (薯干 of 薯干跟着杜亮辰住): particular only when a person's
 * name follows its verb (see `particularSubject`), as a pet's or a thing's name beside its keeper.
 * Not a relation word (同事跟着林涛走了 is the user's colleague's), a time or a pronoun.
 */
function bareNoun(language: "zh" | "en", words: readonly TaggedWord[]): Particular | undefined {
  const content = words.filter((w) => w.detail !== "t" && w.pos !== "ADV" && !ZH_NOISE.has(w.text));
  const [only] = content;
  if (language !== "zh" || content.length !== 1 || only!.pos !== "NOUN" || ZH_RELATION.has(only!.text))
    return undefined;
  return /^(?:n|nz)$/u.test(only!.detail ?? "") && only!.text.length >= 2
    ? { text: only!.text, named: true }
    : undefined;
}

const APPOSITION = /^[这那](?:只|条|位|台|辆|家|款|部|间|本|匹|头)/u;

const ZH_TIME_CLAUSE_END = /^(?:以后|之后|以前|之前|的时候)$/u;

// The verbs that say whose a thing is: 是 (NAME V 的), 归, 属于, and the passive 被 (被林涛领养了).
const OWNING_VERB = /^(?:是|归|属于|被)$/u;

/**
 * What a one-word subject and a person's name after its verb make particular. A verb that says
 * whose the thing is (小乐是崔欣菲养的英短, 豆豆现在归林涛养了, 皮皮被梁昊领养了) makes it the thing; 是
 * with the name and 的 alone (书法是林涛的兴趣) makes it the person's, so the person. A time word or
 * an adverb before the verb is not the subject (现在). Nothing for a time word as the subject
 * (今天是周一), a pronoun, no name after the verb (小孩是好孩子), a verb that says what the thing
 * does to the person (攀岩让林涛着迷), or a name that is the complement itself (老师是林涛).
 */
function ownedBy(
  language: "zh" | "en",
  said: readonly TaggedWord[],
  from: number,
  verb: number,
  text: string,
): Particular | undefined {
  if (language !== "zh") return undefined;
  const before = said.slice(from, verb).filter((w) => w.detail !== "t" && w.pos !== "ADV");
  const only = before[0];
  if (before.length !== 1 || !only || said[from] !== only) return undefined;
  const doubled = only.text.length === 2 && only.text[0] === only.text[1];
  if (!hanWord(only) || only.text.length < 2 || !(only.pos === "NOUN" || only.pos === "X")) return undefined;
  if (only.detail === "t" && !doubled) return undefined;
  const end = said.findIndex((w, k) => k > verb && CLAUSE_BREAK.test(w.text));
  const rest = said.slice(verb + 1, end < 0 ? undefined : end);
  const owner = rest.findIndex((w) => w.detail === "nr" || (w.detail === "x" && SURNAME_CHARS.has(w.text[0]!)));
  if (owner < 0 || !OWNING_VERB.test(said[verb]!.text)) return undefined;
  // After 是, the person does something to it before 的 (崔欣菲养的英短); "书法是林涛的兴趣" says
  // what the person likes, and is the person's.
  if (said[verb]!.text === "是" && !(rest[owner + 1]?.pos === "VERB" && rest[owner + 2]?.text === "的")) {
    const person = rest[owner]!;
    return rest[owner + 1]?.text === "的" ? { text: text.slice(person.start, person.end), named: true } : undefined;
  }
  return { text: text.slice(only.start, only.end), named: true };
}

/**
 * A subject that picks out one thing by its words alone: two nouns or more, the first not a time
 * word, opened by a noun (海权的运维主管, 星湖读书小组) or in English by "the" ("The hosting for
 * the site"). A pronoun or a bare noun ("it", "the weather", 天气, 朋友) picks out nothing.
 */
function nounPhrase(language: "zh" | "en", words: readonly TaggedWord[], text: string): Particular | undefined {
  const first = words[0];
  if (!first) return undefined;
  const opens = first.pos === "NOUN" && first.detail !== "t";
  if (!opens && (language === "zh" || !/^the$/iu.test(first.text))) return undefined;
  const nouns = words.filter((w) => w.pos === "NOUN" && w.detail !== "t");
  if (nouns.length < 2 || (language === "en" && words.some((w) => w.pos === "PRON"))) return undefined;
  // Up to its last noun: 星湖读书小组 of 星湖读书小组这个月.
  return { text: text.slice(first.start, nouns.at(-1)!.end), named: true };
}

/**
 * The names a statement's subject phrase says, before its first verb ("My sister's cat, Susun,
 * is a ragdoll" → Susun; "My sister-in-law Jervora Hekin moved to Porto" → Jervora, Hekin; "My
 * sister lives in Paris" → none: Paris is the value, after the verb). Lower-cased.
 * @example
 * subjectNames("My coworker's cat, Laku, is a Bengal.", "en"); // ["laku"]
 */
export function subjectNames(text: string, language: "zh" | "en"): string[] {
  const grammar = language === "zh" ? ZH : EN;
  const words = tagWords(text, language);
  const said = language === "en" ? firstWordAsSaid(text, words) : chineseNames(words);
  const names: string[] = [];
  for (const w of said) {
    // A verb ends the subject; so does a place or time preposition (a mis-tagged verb before it:
    // "lives in Paris"), though not "of" or "for" ("the key for db-7").
    const hyphenated = text[w.start - 1] === "-" || text[w.end] === "-"; // sister-in-law
    if (w.pos === "VERB" || w.pos === "AUX" || (w.pos === "ADP" && !hyphenated && !/^(?:of|for)$/iu.test(w.text)))
      break;
    if ((grammar.isName(w) && !ROLE_WORDS.has(w.text.toLowerCase())) || ID_LIKE.test(w.text))
      names.push(w.text.toLowerCase());
  }
  return names;
}
