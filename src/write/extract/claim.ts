/**
 * What one clause claims, read from its grammar (src/text/grammar.ts) rather than from the words
 * of a topic: whom or what it is about (its subject: the speaker, or an entity it names), which
 * attribute its predicate sets, and the value it gives.
 *
 *   "Project P1992 stores its data in PostgreSQL" → project P1992 · store data in · PostgreSQL
 *   "Room 202 is where the finance team sits"       → Room 202 · be where _ sit · finance team
 *   「订单 A1001 的收货地址是上海」                  → 订单A1001 · 收货地址 · 是 · 上海
 *
 * Identity is what the clause names: an entity is its class word and its full name (letters,
 * digits, codes, Han characters), so two clauses about different entities never share one. A
 * subject phrase without a name is an entity only when it plainly names a thing of the speaker's
 * world (two words or more, a verb, and a name, number or time as the value: "the chess club
 * meets on Wednesdays"), never a bare common noun with an opinion ("the weather is nice").
 */
import { type TaggedWord, tagByDictionary, tagWords } from "../../text/grammar.js";
import { wordList } from "../../text/patterns.js";
import { takesClause } from "../../text/wordnet.js";
import { markKnownNames } from "./known-names.js";
import { PEOPLE, RELATIONS, SURNAMES } from "./lexicon.js";
import { NOT_A_NAME } from "./markers.js";

export interface ClaimEntity {
  /** How the speaker knows it (`colleague`, `project`, `doctor`), or `named` for anything else. */
  relation: string;
  /**
   * The name as written, with its class word when that is not a relation ("Room 202", "订单A1001",
   * "星辰厅"); empty for an unnamed relative ("my sister").
   */
  name: string;
  /** Where the entity's words start and end in the clause. */
  start: number;
  end: number;
  /** The words naming it as written, the speaker's possessive included: "My colleague Ravi", 我同事林一鸣. */
  surface: string;
}

export interface ClaimPronoun {
  /** As written: "its", "she", 她, 这个项目的. */
  text: string;
  start: number;
  end: number;
  /** "its tech lead", 她的, 这个项目的: it stands for an owner. */
  possessive: boolean;
}

export interface Claim {
  /**
   * `speaker`: I / we (the user's own words; read by the language readers). `entity`: someone or
   * something named. `pronoun`: he / she / its / 这个项目, to be resolved against an earlier
   * clause. `none`: no subject of its own (a continuation) or nothing named.
   */
  subject: "speaker" | "entity" | "pronoun" | "none";
  entity?: ClaimEntity;
  pronoun?: ClaimPronoun;
  /** The attribute the subject phrase names of its owner: "Tavimo's hobby" → "hobby", 订单的收货地址 → 收货地址. */
  possessed?: string;
  /** The predicate's words in dictionary form, values and noise left out: ["store", "datum", "in"]. */
  frame: string[];
  /** The values the predicate gives, as written. */
  values: string[];
  /** The predicate says the value changed: now, moved, switched, 现在, 改成, 搬到. */
  changed: boolean;
  /** The predicate has a verb (a statement, not an exclamation or a noun phrase). */
  predicated: boolean;
  /** The clause opens with a subject phrase naming nothing (负责人, "the weather"): its words. */
  unnamed?: string;
  /** The words of the values, tagged. */
  valueWords?: TaggedWord[];
}

/** Where the subject phrase is and where the predicate starts. */
interface SubjectSpan {
  kind: "speaker" | "phrase" | "pronoun" | "none";
  /** Words of the subject phrase (or the pronoun). */
  from: number;
  to: number;
  /** First word of the predicate. */
  predicate: number;
  /** Set off before the clause ("As for Room 202, …", 至于天枢，…): what the whole clause is about. */
  topic?: boolean;
}

const EN_RELATION = new Map(
  RELATIONS.flatMap((r) => r.en.map((w) => [w.replace(/\.$/u, "").toLowerCase(), r.slug] as const)),
);
const ZH_RELATION = new Map(
  RELATIONS.flatMap((r) => r.zh.map((w) => [w.replace(/^我/u, ""), r.slug] as const)).filter(([w]) => w.length > 0),
);

/**
 * Read one clause; undefined when it has no words.
 * @example
 * readClaim("Project P1992 stores its data in PostgreSQL", "en")?.entity;
 * // { relation: "project", name: "P1992", … }
 * readClaim("柯文是我大学室友", "zh")?.entity?.name; // "柯文"
 */
export function readClaim(text: string, language: "zh" | "en"): Claim | undefined {
  const tagged = markKnownNames(tagWords(text, language), text, language);
  if (tagged.length === 0) return undefined;
  return language === "zh"
    ? readWith(ZH, text, chineseNames(tagged))
    : readWith(EN, text, fixEnglishTags(firstWordAsSaid(text, tagged)));
}

const SURNAME_CHARS = new Set(SURNAMES.filter((s) => s.length === 1));

/**
 * Fodu7岁: jieba reads letters and the digits after them as one word, an id (P3756, A1001); before
 * 岁 or 个月 the digits are an age, said of the name.
 */
function ageApart(words: readonly TaggedWord[]): TaggedWord[] {
  return words.flatMap((w, k) => {
    const glued = /^([A-Za-z][A-Za-z'-]+?)(\d{1,2})$/u.exec(w.text);
    if (!glued || !/^(?:岁|个月)/u.test(words[k + 1]?.text ?? "")) return [w];
    const at = w.start + glued[1]!.length;
    return [
      { ...w, text: glued[1]!, lemma: glued[1]!, end: at, pos: "PROPN" },
      { ...w, text: glued[2]!, lemma: glued[2]!, start: at, pos: "NUM", detail: "m" },
    ];
  });
}
const ZH_AFTER_SUBJECT = new Set(["VERB", "ADV", "ADP", "PUNCT"]);

/**
 * Chinese names the tagger cut up: a surname read as a word of its own (任/r 文星/n, 吕军/x 之/u)
 * and the one or two characters after it, where a verb, an adverb, 的 or 是 follows: one name.
 */
function chineseNames(tagged: readonly TaggedWord[]): TaggedWord[] {
  const words = ageApart(tagged);
  // 老周, 小林, 阿张: 小 / 老 / 阿 and a surname are how people are called, whatever the tagger read.
  const out = compoundSurnames(
    surnameHeads(nicknames(phasedNames(coinedTopic(coinedSubject(nameBoundaries(words)))))),
  ).map(
    (w): TaggedWord =>
      /^[小老阿]\p{Script=Han}$/u.test(w.text) && SURNAME_CHARS.has(w.text[1]!) && w.pos !== "PROPN"
        ? { ...w, pos: "PROPN", detail: "nr" }
        : w,
  );
  const han = (w: TaggedWord) => /^\p{Script=Han}+$/u.test(w.text);
  for (let k = 0; k + 1 < out.length; k++) {
    const [a, b, c] = [out[k]!, out[k + 1]!, out[k + 2]];
    const closes =
      c === undefined ||
      ZH_AFTER_SUBJECT.has(c.pos) ||
      c.detail === "t" ||
      c.text === "的" ||
      c.text === "是" ||
      (c.text === "家" && out[k + 3]?.text === "的");
    const joined = a.end === b.start && han(a) && han(b) && closes && !ZH_RELATION.has(b.text);
    const surnameFirst = a.text.length === 1 && SURNAME_CHARS.has(a.text) && b.text.length <= 2 && b.pos !== "VERB";
    const givenLast =
      a.text.length === 2 &&
      SURNAME_CHARS.has(a.text[0]!) &&
      (a.detail === "x" || a.detail === "nr") &&
      b.text.length === 1 &&
      (b.pos === "PART" || b.detail === "ng" || (b.detail === "t" && (c === undefined || c.pos === "PUNCT")));
    // 康/x 萱/n 清/t 负责: a surname and two one-character words, where the name closes after them.
    const d = out[k + 3];
    const third =
      a.text.length === 1 &&
      SURNAME_CHARS.has(a.text) &&
      b.text.length === 1 &&
      c !== undefined &&
      c.text.length === 1 &&
      a.end === b.start &&
      b.end === c.start &&
      han(b) &&
      han(c) &&
      b.pos !== "VERB" &&
      c.pos !== "VERB" &&
      c.pos !== "PART" &&
      d !== undefined &&
      (d.pos === "VERB" || d.pos === "ADV" || d.text === "的" || d.text === "是");
    if (third) {
      const text = a.text + b.text + c.text;
      out.splice(k, 3, { text, pos: "PROPN", detail: "nr", lemma: text, start: a.start, end: c.end });
    } else if (joined && (surnameFirst || givenLast)) {
      const text = a.text + b.text;
      out.splice(k, 2, { text, pos: "PROPN", detail: "nr", lemma: text, start: a.start, end: b.end });
    }
  }
  return out;
}

const COMPOUND_SURNAMES = SURNAMES.filter((s) => s.length === 2);

// What opens a predicate right after a name: a time or a verb or an adverb of two characters or
// more, one of the one-character words that only follow a subject (的, 是, 在, 也, 会 …), or a
// one-character verb with its complement, aspect or object (迷上, 搬到, 说了, 教摄影).
const PREDICATE_OPENER = /^(?:的|是|在|也|都|还|又|就|才|常|总|刚|已|正|将|会|要|想|爱)$/u;
const VERB_COMPLEMENT = /^(?:了|着|过|上|到|起|下|完|去|来|在|给|成)$/u;
// A given name does not end in a function word or a verb (周末去 is not a name).
const NOT_GIVEN = new Set(["VERB", "AUX", "ADV", "ADP", "PART", "PRON", "NUM", "PUNCT"]);
// Inside a three-character name any character but a particle, a pronoun or a number (朱然强).
const NOT_INSIDE = new Set(["PART", "PRON", "NUM", "PUNCT"]);

/** How the words after a name open a predicate: "strong", "weak" (a one-character verb), or not at all. */
function predicateOpening(rest: readonly TaggedWord[]): "strong" | "weak" | undefined {
  const [word, next] = rest;
  if (!word) return undefined;
  const long = word.text.length >= 2;
  if ((word.detail === "t" && long) || /^每\p{Script=Han}/u.test(word.text) || PREDICATE_OPENER.test(word.text))
    return "strong";
  if ((word.pos === "VERB" || word.pos === "ADV" || word.detail === "f") && long) return "strong";
  // 侯明亮 开的是: a verb and 的, "what X drives", opens as clearly as a word of two characters.
  if (word.detail === "v" && next?.text === "的") return "strong";
  // 林嘉 对昆虫很感兴趣: a preposition that opens the predicate's object before its verb.
  if (word.detail === "p" && /^(?:对|跟|给|把|被|向|从|替|为|让)$/u.test(word.text) && next) return "weak";
  // 蒋杰 教摄影, 王明 说了: a one-character verb with its complement, a second verb or its object.
  const object = next && (next.pos === "NOUN" || next.pos === "PROPN") && next.detail !== "t" && next.text.length >= 2;
  if (word.detail === "v" && next && (VERB_COMPLEMENT.test(next.text) || next.detail === "v" || object)) return "weak";
  return undefined;
}

/**
 * A person's name at the head of a clause, wherever the tagger put its edges: a one-character
 * surname and one or two given characters, closed by a word that opens a predicate. 白天/t 英/j
 * 每天 → 白天英, 金艳迷/x 上了 → 金艳 + 迷上了, 郭鹏/x 奕/zg 现在 → 郭鹏奕, 付/v 海山/ns 现在 →
 * 付海山. The shorter name wins when both close; a third character that is a verb or a function
 * word belongs to the predicate. Must not fire where the tagger already closed a word there
 * (周末 常去, 高兴 不起来), on a two-character verb or adverb read as a name (付款 成功了), or
 * after a compound surname (司马).
 */
function surnameHeads(words: readonly TaggedWord[]): TaggedWord[] {
  const out = [...words];
  for (let k = 0; k < out.length; k++) {
    const w = out[k]!;
    const prev = out[k - 1];
    const head =
      !prev ||
      prev.pos === "PUNCT" ||
      CLAUSE_BREAK.test(prev.text) ||
      ZH_RELATION.has(prev.text) ||
      ZH_CLAUSE_VERBS.test(prev.text) ||
      ZH_REPORTING.test(prev.text);
    if (!head || !hanWord(w) || !SURNAME_CHARS.has(w.text[0]!) || w.text.length > 3 || w.detail === "nz") continue;
    // Already closed: a clear opening after it, or a verb after a name or an unknown word (贺然亮/x 换了, 范妍露 开的是).
    const after = predicateOpening(out.slice(k + 1, k + 3));
    const nameLike = w.pos === "PROPN" || w.detail === "x";
    const verbOf = out[k + 1]?.pos === "VERB" && out[k + 2]?.text === "的"; // 范妍露 开的是
    if (w.text.length >= 2 && (after === "strong" || ((after === "weak" || verbOf) && nameLike))) continue;
    // The Han run from the surname on, as the tagger's words tile it.
    let last = k;
    while (last + 1 < out.length && out[last + 1]!.start === out[last]!.end && hanWord(out[last + 1]!)) last++;
    const run = out
      .slice(k, last + 1)
      .map((x) => x.text)
      .join("");
    if (COMPOUND_SURNAMES.some((surname) => run.startsWith(surname))) continue;
    const closes = (length: number): { follow: TaggedWord; opening: "strong" | "weak" } | undefined => {
      if (run.length <= length) return undefined;
      // 付款/v 成功了: a dictionary verb, adverb or time word is not a two-character name.
      if (length === 2 && w.text.length === 2 && (NOT_GIVEN.has(w.pos) || w.detail === "t")) return undefined;
      const rest = tagByDictionary(run.slice(length), w.start + length);
      const opening = predicateOpening(rest);
      if (!opening) return undefined;
      const given = [...run.slice(1, length)].map((c) => tagByDictionary(c, 0)[0]);
      // A given name may end in a character that is also a verb (余涵超 一直), after a word the
      // tagger did not know, before a clear opening; not before 的 (田雨 开的是: what 田雨 drives).
      const lastMayBeVerb = (w.detail === "x" || w.detail === "nr") && opening === "strong" && rest[0]!.text !== "的";
      const fits = given.every((g, i) =>
        i < given.length - 1
          ? g && !NOT_INSIDE.has(g.pos)
          : g && (!NOT_GIVEN.has(g.pos) || (g.pos === "VERB" && lastMayBeVerb)),
      );
      // 家 after a name is the name's home (田雨家的英短), not a given name.
      return fits && run[length - 1] !== "家" ? { follow: rest[0]!, opening } : undefined;
    };
    // A clear opening first (韩华安 下班, not 韩华 安下班), then the shorter name (吴欣 迷上了).
    const options = [2, 3].map((length) => ({ length, closed: closes(length) }));
    const best =
      options.find((o) => o.closed?.opening === "strong") ?? options.find((o) => o.closed?.opening === "weak");
    if (!best?.closed) continue;
    const { length } = best;
    const { follow } = best.closed;
    // Retag up to the word the follow word ends in; the words after it stay as they were.
    const followEnd = w.start + length + follow.text.length;
    let j = k;
    while (j < last && out[j]!.end < followEnd) j++;
    const name = run.slice(0, length);
    const restEnd = out[j]!.end;
    const rest = run.slice(length, restEnd - w.start);
    out.splice(
      k,
      j - k + 1,
      retext(w, name, w.start, { pos: "PROPN", detail: "nr" }),
      ...tagByDictionary(rest, w.start + length),
    );
  }
  return out;
}
const hanWord = (w: TaggedWord) => /^\p{Script=Han}+$/u.test(w.text);
const unknownHan = (w: TaggedWord) => w.detail === "x" && hanWord(w);
const retext = (w: TaggedWord, text: string, start: number, extra: Partial<TaggedWord> = {}): TaggedWord => ({
  ...w,
  ...extra,
  text,
  lemma: text,
  start,
  end: start + text.length,
});

/**
 * Where the unknown-word model moved a name's edge, the words put back. A given name has one or
 * two characters, so a single surname opens a name of at most three (崔欣菲养/x → 崔欣菲 + 养,
 * 邵言/x 知换/x → 邵言知 + 换) when what is left is a word the dictionary knows as a verb, an
 * adverb, a preposition or a particle. A verb or a preposition glued before a surname opens no
 * name (归丁逸养 → 归 + 丁逸养). 这/上/下/本/每 and the 周 or 月 the model glued to the next
 * word are a time (这 周切 → 这周 + 切). Words the dictionary knows (马拉多纳/nr) are left whole.
 */
function nameBoundaries(words: readonly TaggedWord[]): TaggedWord[] {
  const out: TaggedWord[] = [];
  for (let k = 0; k < words.length; k++) {
    let word = words[k]!;
    const previous = out.at(-1);
    if (
      unknownHan(word) &&
      word.text.length >= 2 &&
      previous !== undefined &&
      previous.end === word.start &&
      /^[这那上下本每]$/u.test(previous.text) &&
      /^[周月]/u.test(word.text)
    ) {
      out[out.length - 1] = retext(previous, previous.text + word.text[0], previous.start, {
        pos: "NOUN",
        detail: "t",
      });
      out.push(...tagByDictionary(word.text.slice(1), word.start + 1));
      continue;
    }
    const next = words[k + 1];
    if (
      unknownHan(word) &&
      next !== undefined &&
      unknownHan(next) &&
      next.start === word.end &&
      word.text.length <= 2 &&
      SURNAME_CHARS.has(word.text[0]!) &&
      word.text.length + next.text.length >= 4
    ) {
      word = retext(word, word.text + next.text, word.start);
      k++;
    }
    if (
      unknownHan(word) &&
      word.text.length >= 3 &&
      !SURNAME_CHARS.has(word.text[0]!) &&
      SURNAME_CHARS.has(word.text[1]!)
    ) {
      const [head] = tagByDictionary(word.text[0]!, word.start);
      if (head && (head.pos === "VERB" || head.pos === "ADP")) {
        out.push(head);
        word = retext(word, word.text.slice(1), word.start + 1);
      }
    }
    // 改吃/x, 爱养/x: two one-character verbs after the subject are two verbs, not a name (a coined
    // name opens its sentence).
    if (unknownHan(word) && word.text.length === 2 && previous !== undefined && previous.pos !== "PUNCT") {
      const [first, second] = [...word.text].map((c, i) => tagByDictionary(c, word.start + i)[0]);
      if (first?.pos === "VERB" && second?.pos === "VERB") {
        out.push(first, second);
        continue;
      }
    }
    // 司马/nr 宏嘉换/x: after a compound surname, two given characters at most.
    if (
      unknownHan(word) &&
      word.text.length === 3 &&
      previous !== undefined &&
      previous.end === word.start &&
      COMPOUND_SURNAMES.includes(previous.text)
    ) {
      const tail = tagByDictionary(word.text.slice(2), word.start + 2);
      if (tail.length === 1 && tail[0]!.pos === "VERB") {
        out.push(retext(word, word.text.slice(0, 2), word.start), tail[0]!);
        continue;
      }
    }
    if (
      unknownHan(word) &&
      word.text.length >= 4 &&
      SURNAME_CHARS.has(word.text[0]!) &&
      !COMPOUND_SURNAMES.some((surname) => word.text.startsWith(surname))
    ) {
      const tail = tagByDictionary(word.text.slice(3), word.start + 3);
      if (tail.length > 0 && ["VERB", "ADV", "ADP", "PART"].includes(tail[0]!.pos)) {
        out.push(retext(word, word.text.slice(0, 3), word.start, { pos: "PROPN", detail: "nr" }));
        out.push(...tail);
        continue;
      }
    }
    out.push(word);
  }
  return verbAfterName(out);
}

/**
 * A name and the one-character verb the unknown-word model glued to it, put apart where the
 * clause shows the verb is one (the name keeps its surname and one or two characters):
 * - 了, 着 or 过 after it, with no verb before it in its clause (贺奕换 了 → 贺奕 + 换);
 * - a number after it, with no verb after it in its clause (杜岚开 一辆 → 杜岚 + 开);
 * - 的 after it and 是 later in its clause: "what X drives is …" (余怡开 的 是 → 余怡 + 开,
 *   曦/nr 权用 的 数据库 是 → 曦权 + 用).
 * Before 的 the name may be any unknown word of two characters (苍玑用 的 数据库 是 → 苍玑 + 用).
 * 家 glued to a name before 的 is the name's home (林鹏家 的 泰迪 → 林鹏 + 家). Must not fire
 * after a verb (归 丁逸养 了), before a number and a verb (王小飞 一天 跑), or before 的 with no
 * 是 after it (王小飞 的 书 很 贵).
 */
function verbAfterName(words: TaggedWord[]): TaggedWord[] {
  const breaks = (w: TaggedWord) => w.pos === "PUNCT" || CLAUSE_BREAK.test(w.text);
  for (let k = 0; k + 1 < words.length; k++) {
    let word = words[k]!;
    const next = words[k + 1]!;
    let from = k;
    // 曦/nr 权用/x: a one-character name word and the word after it are one name and a verb.
    const before = words[k - 1];
    const split =
      before !== undefined &&
      before.detail === "nr" &&
      before.text.length === 1 &&
      before.end === word.start &&
      unknownHan(word) &&
      word.text.length === 2;
    if (split) {
      word = retext(word, before.text + word.text, before.start);
      from = k - 1;
    }
    if (!unknownHan(word) || word.text.length < 3 || word.text.length > 4) continue;
    const surname = split || SURNAME_CHARS.has(word.text[0]!);
    let start = from;
    while (start > 0 && !breaks(words[start - 1]!)) start--;
    let end = k + 1;
    while (end < words.length && !breaks(words[end]!)) end++;
    const after = words.slice(k + 1, end);
    const cut = word.text.length - 1;
    const last = tagByDictionary(word.text[cut]!, word.start + cut).find((w) => w.text.length === 1);
    if (!last) continue;
    // Four characters are a name and its last only after a surname (蒋知晨家); three may be a
    // coined two-character name before 的 (苍玑用 的).
    const named = surname || cut === 2;
    const verbBefore = words.slice(start, from).some((w) => w.pos === "VERB");
    const home = named && last.text === "家" && next.text === "的";
    const aspect = surname && cut === 2 && /^[了着过]$/u.test(next.text) && !verbBefore;
    const counted = surname && cut === 2 && next.pos === "NUM" && !after.some((w) => w.pos === "VERB") && !verbBefore;
    const relative = named && next.text === "的" && after.some((w) => w.text === "是");
    const verb = last.pos === "VERB" || last.pos === "ADP";
    if (!home && !(verb && (aspect || counted || relative))) continue;
    if (split && !relative) continue;
    const name = retext(word, word.text.slice(0, cut), word.start, { pos: "PROPN", detail: "nr" });
    words.splice(
      from,
      k - from + 1,
      name,
      home ? { ...last, pos: "NOUN", detail: "n" } : { ...last, pos: "VERB", detail: "v" },
    );
    k = from + 1;
  }
  return words;
}

const NOT_IN_A_NAME = /^(?:u|y|c|p|r|d|w)/u;

// What a reduplicated word is as a dictionary word when it can be a nickname (豆豆/n, 乐乐/a,
// 多多/m, 咪咪/o); adverbs (常常), time words (天天), verbs (看看) and pronouns (个个) are not.
const NICKNAME_TAG = /^(?:n|ng|a|m|o)$/u;
// The classifiers of one animal or one thing counted as an individual (一只, 一条, 一头, 一匹).
const INDIVIDUAL = /^一[只条头匹]$/u;
const CLAUSE_OPENER = /^[。！？!?；;，,]$/u;

/**
 * Dictionary words used as names: a reduplicated word opening its clause before its predicate
 * (豆豆体重五公斤, 乐乐每天早上要遛, 咪咪最近改吃冻干了: the nickname form of pets and children),
 * and any noun opening its clause that 是一只/一条/一头/一匹 says is one animal (糖果是一只金毛). Not
 * a distributive (人人, 天天: 每人 is a word; 事事都… takes 都), a relation word (妈妈), a laugh
 * (哈哈) or a kind (猫是一种动物: 一种 counts no individual).
 */
function nicknames(words: readonly TaggedWord[]): TaggedWord[] {
  const out = [...words];
  for (let k = 0; k + 1 < out.length; k++) {
    const [a, b] = [out[k]!, out[k + 1]!];
    if ((k > 0 && !CLAUSE_OPENER.test(out[k - 1]!.text)) || !hanWord(a) || a.pos === "PROPN" || a.pos === "X") continue;
    if (ZH_RELATION.has(a.text) || /^(?:哈哈|呵呵|嘿嘿|嘻嘻)$/u.test(a.text)) continue;
    const doubled =
      a.text.length === 2 &&
      a.text[0] === a.text[1] &&
      NICKNAME_TAG.test(a.detail ?? "") &&
      b.pos !== "PUNCT" &&
      !/^(?:都|皆|也|均)$/u.test(b.text) &&
      tagByDictionary(`每${a.text[0]}`, a.start).length !== 1;
    const individual = a.pos === "NOUN" && b.text === "是" && INDIVIDUAL.test(out[k + 2]?.text ?? "");
    if (doubled || individual || habitual(out, k)) out[k] = { ...a, pos: "X", detail: "x" };
  }
  return out;
}

/**
 * A noun of two characters opening its clause, then a time word (平时, 最近, 现在) and a verb with
 * its object (枣花平时吃生骨肉, 小花最近改吃冻干了): what a particular one does these days, so a
 * name. Not without an object (公司最近在裁员, 天气最近变冷了), nor a time word as the noun.
 */
function habitual(words: readonly TaggedWord[], k: number): boolean {
  const [a, time] = [words[k]!, words[k + 1]];
  if (a.pos !== "NOUN" || a.detail !== "n" || a.text.length !== 2 || !time) return false;
  if (!(time.detail === "t" || (time.pos === "ADP" && time.detail === "f"))) return false;
  const verb = words.findIndex((w, i) => i > k + 1 && i <= k + 3 && w.pos === "VERB");
  if (verb < 0) return false;
  for (const w of words.slice(verb + 1)) {
    if (w.pos === "PUNCT") return false;
    if (w.pos === "NOUN" || w.pos === "PROPN" || w.pos === "NUM") return true;
  }
  return false;
}

/**
 * A name coined from two characters the dictionary knows one by one (咪/n 墩/v, 霜/n 弓/v, 小/a 酥/a,
 * 元/m 元/m), opening its sentence before a verb, 被, a time word, a time adverb (最近, 现在) or 是:
 * one word the dictionary does not know, read as a name. Not when the two are a dictionary word,
 * when either is a pronoun, particle, conjunction, preposition or adverb, after a comma (，很有启发),
 * or when a verb second is followed by 的 or an adverb (猫吃的东西, 狗跑很快 stay as they are).
 */
function coinedSubject(words: readonly TaggedWord[]): TaggedWord[] {
  const out = [...words];
  for (let k = 0; k + 2 < out.length; k++) {
    const [a, b, c] = [out[k]!, out[k + 1]!, out[k + 2]!];
    // A coined name opens its sentence; after a comma the clause goes on (，很有启发).
    if (k > 0 && !/^[。！？!?；;]$/u.test(out[k - 1]!.text)) continue;
    const alone = (w: TaggedWord) => tagByDictionary(w.text, w.start)[0]?.detail ?? "";
    const single = (w: TaggedWord) =>
      w.text.length === 1 && hanWord(w) && !NOT_IN_A_NAME.test(w.detail ?? "") && !NOT_IN_A_NAME.test(alone(w));
    if (!single(a) || !single(b) || a.end !== b.start) continue;
    if ((a.pos === "NUM" || b.pos === "NUM") && a.text !== b.text) continue;
    const closes =
      c.pos === "VERB" ||
      c.pos === "AUX" ||
      c.detail === "t" ||
      (ZH_NOISE.has(c.text) && (c.pos === "ADV" || c.pos === "ADP")) ||
      c.text === "是" ||
      (b.pos !== "VERB" && (c.pos === "ADV" || c.text === "的"));
    if (!closes || tagByDictionary(a.text + b.text, a.start).length === 1) continue;
    out.splice(k, 2, retext(a, a.text + b.text, a.start, { pos: "X", detail: "x" }));
  }
  return out;
}

// What may make up a coined name: nouns, adjectives, place words and numbered phases (苍松/a 四期/f).
const COINED_PART = /^(?:n|nz|ng|a|ag|f|s|m|x)$/u;
const PHASE = /^[一二三四五六七八九十\d]{1,3}期$/u;

/**
 * A name coined from two or three words (苍松/a 四期/f of 苍松四期现在跑在 PostgreSQL 上: a project),
 * opening its sentence before a time word (现在, 平时, 最近) and a verb within two words: one
 * proper noun. Not when the words are one dictionary word, a pronoun or a relation word is among them (我们
 * 公司, 这个项目), a verb is among them (周末加班), or no verb follows (北京天气现在很冷).
 */
function coinedTopic(words: readonly TaggedWord[]): TaggedWord[] {
  const out = [...words];
  for (let k = 0; k < out.length; k++) {
    if (k > 0 && !/^[。！？!?；;]$/u.test(out[k - 1]!.text)) continue;
    for (const size of [3, 2]) {
      const span = out.slice(k, k + size);
      const time = out[k + size];
      // A numbered phase (三期, 2期) is part of the name, though the dictionary files it as a time.
      if (span.some((w, i) => i < size - 1 && PHASE.test(w.text)) || (time && PHASE.test(time.text))) continue;
      if (span.length < size || !time || !(time.detail === "t" || (time.pos === "ADP" && time.detail === "f")))
        continue;
      const parts = span.every(
        (w, i) =>
          hanWord(w) &&
          (COINED_PART.test(w.detail ?? "") || PHASE.test(w.text)) &&
          w.pos !== "PRON" &&
          !ZH_RELATION.has(w.text) &&
          (i === 0 || span[i - 1]!.end === w.start),
      );
      // A verb, 用 (filed as a preposition), or a word filed as a noun before 在/到 (部署/n 在).
      const verb = out
        .slice(k + size + 1, k + size + 3)
        .some(
          (w, i) => w.pos === "VERB" || w.text === "用" || /^(?:在|到|于)$/u.test(out[k + size + 2 + i]?.text ?? ""),
        );
      const text = span.map((w) => w.text).join("");
      if (!parts || !verb || tagByDictionary(text, 0).length === 1) continue;
      out.splice(k, size, retext(span[0]!, text, span[0]!.start, { pos: "PROPN", detail: "nz" }));
      break;
    }
  }
  return out;
}

/**
 * A name and its numbered phase opening the sentence (星辰/n 二期/b 改用Redis了, 海渊 四期 的数据库):
 * one proper noun when a verb, 的 or 是 follows. Not after a pronoun or a relation word (项目一期
 * is the project's first phase, named by what came before).
 */
function phasedNames(words: readonly TaggedWord[]): TaggedWord[] {
  const out = [...words];
  for (let k = 0; k + 2 < out.length; k++) {
    if (k > 0 && !/^[。！？!?；;，,]$/u.test(out[k - 1]!.text)) continue;
    const [name, phase, next] = [out[k]!, out[k + 1]!, out[k + 2]!];
    const named = hanWord(name) && name.pos !== "PRON" && name.pos !== "VERB" && !ZH_RELATION.has(name.text);
    const follows = next.pos === "VERB" || /^(?:的|是|用|在)$/u.test(next.text);
    if (!named || !PHASE.test(phase.text) || name.end !== phase.start || !follows) continue;
    out.splice(k, 2, retext(name, name.text + phase.text, name.start, { pos: "PROPN", detail: "nz" }));
  }
  return out;
}

/**
 * A compound surname and the one or two characters after it, where the words end and a verb, an
 * adverb, a preposition, 的 or 是 follows: one name, however the tagger cut it (上/f 官子/n 的 →
 * 上官子; 欧阳/ns 明日/t 在 → 欧阳明日).
 */
function compoundSurnames(words: readonly TaggedWord[]): TaggedWord[] {
  const out = [...words];
  for (let k = 0; k < out.length; k++) {
    const first = out[k]!;
    if (!COMPOUND_SURNAMES.some((s) => first.text.startsWith(s) || s.startsWith(first.text))) continue;
    let j = k;
    let text = first.text;
    while (
      j + 1 < out.length &&
      text.length < 4 &&
      out[j + 1]!.start === out[j]!.end &&
      /^\p{Script=Han}+$/u.test(out[j + 1]!.text)
    ) {
      const joined = text + out[j + 1]!.text;
      if (joined.length > 4) break;
      text = joined;
      j++;
      const next = out[j + 1];
      // A surname the tagger cut in two (上/f 官子) needs 的, 是 or 在 after the name (上官网看看 is
      // "look at the official site").
      const whole = COMPOUND_SURNAMES.some((s) => first.text.startsWith(s));
      const closes =
        next === undefined ||
        /^(?:的|是|在)$/u.test(next.text) ||
        (whole && (ZH_AFTER_SUBJECT.has(next.pos) || next.detail === "t" || /^每/u.test(next.text)));
      const surname = COMPOUND_SURNAMES.find((s) => text.startsWith(s));
      if (surname && text.length >= 3 && closes) {
        out.splice(k, j - k + 1, {
          text,
          pos: "PROPN",
          detail: "nr",
          lemma: text,
          start: first.start,
          end: out[j]!.end,
        });
        break;
      }
    }
  }
  return out;
}

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

const RECURRING_TIME =
  /^(?:(?:周|星期|礼拜)[一二三四五六日天]|[一二三四五六七八九十两]+点(?:半|[一二三]刻)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/iu;
const CLAUSE_BREAK = /^[，,;；:：—–]+$/u;
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
 * particularSubject("烘焙28班的上课时间是下午3点半", "zh"); // { text: "28", named: false }
 * particularSubject("今天天气很好", "zh");                // undefined
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
    // 海权的技术负责人换成了袁舒峰, 星湖读书小组在读《消失的林间》: a particular noun phrase linked
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
 * word, opened by a noun (海权的技术负责人, 星湖读书小组) or in English by "the" ("The hosting for
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

/**
 * A capital opening a sentence says nothing about a name: "Ship my orders …", "Use SQLite …".
 * A capitalised first word followed by what a subject is followed by (its verb: "Grace moved",
 * "Bill is"; a number: "Room 202") stays a name. Otherwise it is read as the instruction it may
 * be: tagged again after "please", a word that can be a verb is one ("please use SQLite" →
 * verb; "please kelvor danu" → still a noun).
 */
function firstWordAsSaid(text: string, words: TaggedWord[]): TaggedWord[] {
  const first = words[0];
  if (first?.pos !== "PROPN" || first.detail === "known" || !/^\p{Lu}\p{Ll}/u.test(first.text)) return words;
  // "Order A1001 was delivered", "Room 202 is …": a common noun before an id is its class word.
  const second = words[1];
  if (second && /\d/u.test(second.text) && first.end < second.start) {
    const lowered = tagWords(first.text.toLowerCase() + text.slice(first.end), "en")[0];
    if (lowered?.pos === "NOUN") return [{ ...first, pos: "NOUN", lemma: lowered.lemma }, ...words.slice(1)];
  }
  // The name may run on ("Meeting Room 3C has been …"): what follows the whole run decides.
  let end = 1;
  while (end < words.length && (words[end]!.pos === "PROPN" || words[end]!.pos === "NUM")) end++;
  const next = words[end];
  if (next && ["VERB", "AUX", "NUM", "PART"].includes(next.pos)) return words;
  const asked = `please ${first.text.toLowerCase()}${text.slice(first.end)}`;
  const again = tagWords(asked, "en")[1];
  if (again?.pos !== "VERB") return words;
  return [{ ...first, pos: "VERB", lemma: again.lemma }, ...words.slice(1)];
}

/** What differs between the languages; the reading itself is one algorithm (readWith). */
interface Grammar {
  language: "zh" | "en";
  subject(words: readonly TaggedWord[], text: string): SubjectSpan;
  entity(
    text: string,
    phrase: readonly TaggedWord[],
  ): { entity: Omit<ClaimEntity, "surface">; possessed?: string } | undefined;
  pronoun(text: string, phrase: readonly TaggedWord[]): { pronoun: ClaimPronoun; possessed?: string } | undefined;
  isName(word: TaggedWord): boolean;
  isTime(word: TaggedWord): boolean;
  noise: ReadonlySet<string>;
  change: RegExp;
  joiner: string;
}

function readWith(grammar: Grammar, text: string, words: readonly TaggedWord[], depth = 0): Claim {
  const span = grammar.subject(words, text);
  const predicate = words.slice(span.predicate);
  // "The tracking page says order H2159 is refunded", 系统显示订单已发货: what is reported is the claim.
  const reported = depth === 0 ? reportedClause(grammar, predicate, text) : undefined;
  if (reported) {
    const inner = readWith(grammar, text, reported, depth + 1);
    if (inner.subject === "entity") return inner;
  }
  // "We switched Drodis over to PostgreSQL", 我把99070350的地址换成了…: the thing changed is what the clause is about.
  const object = changedObject(grammar, text, words, span);
  if (object) return object;
  const owned = ownedAfterCopula(grammar, text, words);
  if (owned) return owned;
  const read = readPredicate(grammar, predicate, text);
  const claim: Claim = { subject: "none", ...read };
  if (span.kind === "speaker") return { ...claim, subject: "speaker" };
  if (span.kind === "none" || span.to <= span.from) return claim;
  const phrase = words.slice(span.from, span.to);
  if (span.kind === "pronoun") {
    const pronoun = grammar.pronoun(text, phrase);
    return pronoun ? { ...claim, subject: "pronoun", ...pronoun } : claim;
  }
  const found = grammar.entity(text, phrase);
  const named = found ? { ...found, entity: withSurface(text, phrase, found.entity) } : undefined;
  const first = valueFirst(grammar, text, words, span, phrase);
  if (first) return first;
  // A topic set off before the clause (至于月镜，…) is named as what the clause is about.
  if (named && (isNamed(grammar, phrase) || named.entity.relation !== "named" || span.topic))
    return { ...claim, subject: "entity", ...named };
  const turned = inverted(grammar, text, words, span);
  if (turned) return { ...turned, unnamed: text.slice(phrase[0]!.start, phrase.at(-1)!.end) };
  if (named && named.entity.name.length > 0 && plainThing(grammar, phrase, read, predicate))
    return { ...claim, subject: "entity", ...named };
  return { ...claim, unnamed: text.slice(phrase[0]!.start, phrase.at(-1)!.end) };
}

const EN_REPORTING = new Set(
  wordList(`say | tell | show | report | mention | write | email | text | confirm | note | state | claim | announce |
    inform | update | message | list | read`),
);
const ZH_REPORTING = /^(?:说|显示|告诉|通知|提醒|写着|写的是|反馈|回复|确认|表示)$/u;
// Verbs that take a clause as their object (no Chinese WordNet is packaged): hearing, knowing,
// believing. Perception (看到) is left out: 我看到林涛在跑步 is what the speaker saw.
const ZH_CLAUSE_VERBS = /^(?:听说|据说|听人说|觉得|认为|以为|猜|估计|知道|发现|得知|相信|记得|听到)$/u;
const EN_CHANGE_VERBS = new Set(
  wordList(`switch | move | migrate | change | turn | convert | rename | reschedule | upgrade | downgrade | rehome |
    transfer | reassign | replace | repurpose | swap | push | postpone | relocate | reinstall | re-register`),
);
const ZH_CHANGE_VERB_WORDS =
  "换成|改成|改为|换为|变成|变为|更新为|更新成|调到|调成|调整到|调整为|迁到|迁移到|搬到|改到|挪到|升级到|降级到|重装成|转到|转成|切到|切换到|换到|提前到|推迟到|延到|延期到";
const ZH_CHANGE_VERBS = new RegExp(`^(?:${ZH_CHANGE_VERB_WORDS})$`, "u");

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

/**
 * The clause a reporting verb introduces ("says order H2159 is refunded"), as its words. Any other
 * verb that takes a clause ("I heard …", "I guess …", "we learned that …": WordNet's frames;
 * 听说, 觉得, 记得) introduces one only when the clause opens with a name and that name's own verb
 * follows it, inflected in English ("I heard Tusa Lovenfi leads Dorquel", 我听说林涛搬到了成都; not
 * "I heard Tusa sing", "I saw Tusa at the gym", "I want Tusa to lead", 我知道林涛).
 */
function reportedClause(grammar: Grammar, predicate: readonly TaggedWord[], text: string): TaggedWord[] | undefined {
  const verb = predicate.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  if (verb < 0 || verb > 2) return undefined;
  const said = predicate[verb]!;
  const reports = grammar.language === "en" ? EN_REPORTING.has(said.lemma) : ZH_REPORTING.test(said.text);
  const takes =
    grammar.language === "en" ? said.pos === "VERB" && takesClause(said.lemma) : ZH_CLAUSE_VERBS.test(said.text);
  if (!reports && !takes) return undefined;
  let from = verb + 1;
  while (from < predicate.length && /^(?:that|out|me|us|him|her|them|:|,|—|我|我们)$/iu.test(predicate[from]!.text))
    from++;
  let rest = predicate.slice(from);
  if (reports) return rest.some((w) => grammar.isName(w)) && rest.some(isVerb) ? rest : undefined;
  // A Chinese clause is read as one, as a sentence of its own would be (郑梓/x 萱/n 搬 → 郑梓萱 搬),
  // its offsets kept in the sentence's; it counts when it opens with a name and at least two
  // words follow the name (我知道林子涵 is no clause: 涵 is the name's last character, not a verb).
  if (grammar.language === "zh") {
    if (rest.length === 0) return undefined;
    const at = rest[0]!.start;
    const clause = text.slice(at);
    rest = chineseNames(markKnownNames(tagWords(clause, "zh"), clause, "zh")).map((w) => ({
      ...w,
      start: w.start + at,
      end: w.end + at,
    }));
    const inner = readWith(grammar, text, rest, 1);
    const end = inner.entity?.end ?? Number.POSITIVE_INFINITY;
    const said = rest.filter((w) => w.start >= end && w.pos !== "PUNCT").length;
    return inner.subject === "entity" && inner.predicated && inner.entity?.start === at && said >= 2 ? rest : undefined;
  }
  let after = 0;
  while (after < rest.length && grammar.isName(rest[after]!)) after++;
  const next = rest[after];
  // "prefers"/"moved", not a capitalised word the tagger calls a verb ("SF Express").
  const inflected =
    next !== undefined && (next.pos === "AUX" || (next.pos === "VERB" && next.text.toLowerCase() !== next.lemma));
  return after > 0 && inflected ? rest : undefined;
}

/**
 * A change done to something named: "We switched Drodis over to PostgreSQL", "Facilities
 * changed Studio D3 over to the on-call team", 我把99070350的地址换成了… The named object is what
 * the clause is about; what it was changed to is the value, and the clause says it changed.
 */
function changedObject(
  grammar: Grammar,
  text: string,
  words: readonly TaggedWord[],
  span: SubjectSpan,
): Claim | undefined {
  const predicate = words.slice(span.predicate);
  if (grammar.language === "zh") {
    const ba = predicate.findIndex((w) => w.text === "把");
    const verb = predicate.findIndex((w, k) => k > ba && ZH_CHANGE_VERBS.test(w.text));
    if (ba < 0 || verb <= ba + 1) return undefined;
    const object = predicate.slice(ba + 1, verb);
    const found = ZH.entity(text, object);
    if (!found || !object.some((w) => zhIsName(w) || w.pos === "NUM")) return undefined;
    const after = predicate.slice(verb + 1).filter((w) => w.pos !== "PUNCT" && !ZH_NOISE.has(w.text));
    return {
      subject: "entity",
      entity: { ...found.entity, surface: text.slice(object[0]!.start, object.at(-1)!.end) },
      ...(found.possessed ? { possessed: found.possessed } : {}),
      frame: [predicate[verb]!.text],
      values: after.length > 0 ? [text.slice(after[0]!.start, after.at(-1)!.end)] : [],
      changed: true,
      predicated: true,
    };
  }
  const verb = predicate.findIndex((w) => w.pos === "VERB" && EN_CHANGE_VERBS.has(w.lemma));
  if (verb < 0) return undefined;
  let end = verb + 1;
  while (end < predicate.length && !["ADP", "PART", "PUNCT", "VERB", "AUX", "SCONJ"].includes(predicate[end]!.pos))
    end++;
  const object = predicate.slice(verb + 1, end).filter((w) => w.pos !== "DET");
  if (!object.some(enIsName)) return undefined;
  const found = EN.entity(text, object);
  if (!found) return undefined;
  const rest = predicate.slice(end);
  const read = readPredicate(grammar, rest, text);
  return {
    subject: "entity",
    entity: { ...found.entity, surface: text.slice(object[0]!.start, object.at(-1)!.end) },
    frame: [predicate[verb]!.lemma, ...read.frame],
    values: read.values,
    changed: true,
    predicated: true,
  };
}

/**
 * A thing said to be a named owner's: 「钓鱼是林一帆最大的爱好」, "Chess is Ana Kell's favourite
 * game". The copula's complement is a name, 的 or 's, and the attribute, and nothing after it;
 * the clause is about the owner, its attribute words and the words before the copula its value.
 * Not where the words before the copula name someone or something themselves (林涛是王芳的同事,
 * "Room 4 is Ana's office": those are read as the subject says), nor the speaker (钓鱼是我的爱好).
 * The value is kept in the key: nothing here says the attribute holds one value at a time.
 */
function ownedAfterCopula(grammar: Grammar, text: string, words: readonly TaggedWord[]): Claim | undefined {
  const c = words.findIndex((w) => w.lemma === "be" || w.text === "是");
  if (c <= 0) return undefined;
  const head = words.slice(0, c).filter((w) => w.pos !== "DET" && w.pos !== "PUNCT");
  const plain = (w: TaggedWord) =>
    (w.pos === "NOUN" || w.pos === "VERB" || w.pos === "ADJ") && !grammar.isName(w) && !grammar.isTime(w);
  // An activity: a verb and its object (拉/v 小提琴/nz), or one word the unknown-word model made
  // of them (下围棋/x) that no surname opens.
  const activity =
    head[0]?.pos === "VERB" ||
    (grammar.language === "zh" &&
      head.length === 1 &&
      head[0]!.detail === "x" &&
      !SURNAME_CHARS.has(head[0]!.text[0]!));
  if (head.length === 0 || !(activity || head.every(plain))) return undefined;
  const rest = words.slice(c + 1).filter((w) => w.pos !== "PUNCT");
  let end = 0;
  while (end < rest.length && grammar.isName(rest[end]!)) end++;
  if (end === 0) return undefined;
  const link = rest.findIndex((w, k) => k >= end && (w.text === "的" || w.text === "'s"));
  // Only a degree or a liking may stand between the owner and 的 (最大的, 最喜欢的).
  const between = rest.slice(end, link);
  if (link < 0 || !between.every((w) => w.pos === "ADJ" || w.pos === "ADV" || /^(?:最喜欢|喜欢)$/u.test(w.text)))
    return undefined;
  const attribute = rest.slice(link + 1).filter((w) => !grammar.noise.has(w.lemma.toLowerCase()));
  if (attribute.length === 0 || !attribute.every((w) => w.pos === "NOUN" || w.pos === "ADJ")) return undefined;
  const owner = rest.slice(0, end);
  const name = text.slice(owner[0]!.start, owner.at(-1)!.end);
  return {
    subject: "entity",
    entity: { relation: "named", name, start: owner[0]!.start, end: owner.at(-1)!.end, surface: name },
    frame: [words[c]!.lemma, ...attribute.map((w) => w.lemma.toLowerCase())],
    values: [text.slice(head[0]!.start, head.at(-1)!.end)],
    changed: false,
    predicated: true,
  };
}

/**
 * The value said first: "CockroachDB is the database we picked for Drodis", "Azure is where
 * OPS-448 runs", 「Proxmox VE 8是render-39上跑的系统」, 「周三是苍玑书法社的活动日」. A name or a
 * time before the copula, and after it a description that names something else: the clause is
 * about that other thing, the description is its attribute and the first words its value.
 */
function valueFirst(
  grammar: Grammar,
  text: string,
  words: readonly TaggedWord[],
  span: SubjectSpan,
  phrase: readonly TaggedWord[],
): Claim | undefined {
  if (span.topic) return undefined;
  const head = phrase.filter((w) => w.pos !== "DET");
  // A name, a number, a time, a redacted value ([ADDRESS]), or anything said in quotes.
  const quoted = head.length > 0 && /["“「]$/u.test(text.slice(0, head[0]!.start).trimEnd());
  const valueLike = (w: TaggedWord) =>
    quoted || grammar.isName(w) || w.pos === "NUM" || grammar.isTime(w) || w.detail === "redacted";
  if (head.length === 0 || !head.every(valueLike)) return undefined;
  let c = span.predicate;
  // "[ADDRESS]，这是 H8709 的收货地址", '"shipped" — that's what it says for order ORD-91790'.
  const skippable = (w: TaggedWord) =>
    grammar.noise.has(w.lemma.toLowerCase()) ||
    w.pos === "PUNCT" ||
    /^(?:that|this|it|这|那|这个|那个)$/iu.test(w.text);
  while (c < words.length && skippable(words[c]!)) c++;
  const copula = words[c];
  if (!copula || !(copula.lemma === "be" || copula.text === "是")) return undefined;
  // "is the database …", "is where …", 是…的系统; not "is in Manchester", which says where it is.
  const opening = words[c + 1];
  if (grammar.language === "en" && !(opening && /^(?:the|this|that|where|what|which|who|when)$/iu.test(opening.text)))
    return undefined;
  const complement = words.slice(c + 1).filter((w) => w.pos !== "PUNCT" && w.pos !== "DET");
  const nameAt = complement.findIndex((w) => grammar.isName(w));
  // 是…的系统: a description with a noun after 的 (是做空乘的 describes nothing of anything else).
  const of = complement.findIndex((w, k) => k > nameAt && w.text === "的");
  if (grammar.language === "zh" && !(of > nameAt && complement.slice(of + 1).some((w) => w.pos === "NOUN")))
    return undefined;
  // The description needs a word of its own besides the name ("the database …", "where …", 的系统).
  const described = complement.some((w, k) => k !== nameAt && (w.pos === "NOUN" || /^(?:where|的)$/u.test(w.text)));
  if (nameAt < 0 || !described) return undefined;
  let end = nameAt;
  while (end + 1 < complement.length && (grammar.isName(complement[end + 1]!) || complement[end + 1]!.pos === "NUM"))
    end++;
  const nameWords = complement.slice(nameAt, end + 1);
  const name = text.slice(nameWords[0]!.start, nameWords.at(-1)!.end);
  const rest = complement.filter((_, k) => k < nameAt || k > end);
  // "the owner for X", "the point of contact for X": the attribute without its linking words.
  const attribute = rest
    .filter((w) => !grammar.noise.has(w.lemma.toLowerCase()) && !/^(?:的|上|里|中)$/u.test(w.text))
    .filter((w) => w.pos !== "PRON" && w.pos !== "ADP")
    .map((w) => w.lemma.toLowerCase());
  const possessed = attribute.join(grammar.joiner);
  // 林涛是王芳的同事: one of someone's colleagues, friends or relatives; the next one named is
  // another, not a replacement. The value stays in the key.
  if (PEOPLE_WORDS.has(possessed))
    return {
      subject: "entity",
      entity: { relation: "named", name, start: nameWords[0]!.start, end: nameWords.at(-1)!.end, surface: name },
      frame: [copula.lemma, ...attribute],
      values: [text.slice(head[0]!.start, head.at(-1)!.end)],
      changed: false,
      predicated: true,
    };
  return {
    subject: "entity",
    entity: { relation: "named", name, start: nameWords[0]!.start, end: nameWords.at(-1)!.end, surface: name },
    possessed,
    frame: [copula.lemma],
    values: [text.slice(head[0]!.start, head.at(-1)!.end)],
    changed: grammar.change.test(text),
    predicated: true,
  };
}

/** The entity with the words that name it as written, the speaker's "my" / 我 included. */
function withSurface(text: string, phrase: readonly TaggedWord[], entity: Omit<ClaimEntity, "surface">): ClaimEntity {
  const owner = phrase[0]!;
  const owned = /^(?:my|our|我们|咱们|我)$/iu.test(owner.text) && owner.end <= entity.start;
  return { ...entity, surface: text.slice(owned ? owner.start : entity.start, entity.end) };
}

/** An unnamed subject phrase that names a thing all the same ("the chess club meets on Wednesdays"). */
function plainThing(
  grammar: Grammar,
  phrase: readonly TaggedWord[],
  read: ReturnType<typeof readPredicate>,
  predicate: readonly TaggedWord[],
): boolean {
  const words = phrase.filter((w) => w.pos === "NOUN" || w.pos === "PROPN" || w.pos === "ADJ" || w.pos === "NUM");
  const verb = predicate.some(isVerb);
  const valued = read.valueWords.some((w) => grammar.isName(w) || w.pos === "NUM" || grammar.isTime(w));
  if (!verb || words.length < 2) return false;
  // 星辰厅, 苍鹤跑团, 读书社: a Chinese place or group is named by a one-character class word at
  // its end; "宿舍空调坏了", "员工排班都在群里通知" name nothing.
  if (grammar.language === "zh") {
    const last = phrase.at(-1)!;
    return last.pos === "NOUN" && /^\p{Script=Han}$/u.test(last.text) && read.values.length > 0;
  }
  // "The chess club meets on Wednesdays": a thing with its article, a name, number or time as its value.
  return valued && phrase[0]!.pos === "DET";
}

/** A phrase with a name in it, a number after its class word counting ("Room 202", 3号会议室). */
function isNamed(grammar: Grammar, phrase: readonly TaggedWord[]): boolean {
  return phrase.some(
    (w, k) =>
      grammar.isName(w) || (w.pos === "NUM" && ((k > 0 && phrase[k - 1]!.pos === "NOUN") || identifiesItself([w]))),
  );
}

/**
 * "The room where the finance team sits is Room 202": nothing named in the subject phrase, a
 * name right after the copula. The named thing is what the clause is about; the subject phrase
 * says which of its attributes.
 */
function inverted(grammar: Grammar, text: string, words: readonly TaggedWord[], span: SubjectSpan): Claim | undefined {
  // "My name is Alice", 我的储物柜是A12: the speaker's own attribute, for the language readers.
  if (/^(?:my|our|your|his|her|their|its|我|我们|我的|你|你的)$/iu.test(words[span.from]?.text ?? "")) return undefined;
  // A description ("The room where … is Room 202"), not a bare word ("Waby is a purebred Bengal").
  if (grammar.language === "en" && words[span.from]?.pos !== "DET") return undefined;
  const copula = words.findIndex((w, k) => k >= span.predicate && (w.lemma === "be" || w.text === "是"));
  if (copula < 0 || copula + 1 >= words.length) return undefined;
  // "is a Bengal" says what kind, not which one.
  if (/^(?:a|an)$/iu.test(words[copula + 1]?.text ?? "")) return undefined;
  let to = copula + 1;
  while (to < words.length && (grammar.isName(words[to]!) || words[to]!.pos === "NUM")) to++;
  // A name, not a bare number ("my locker number is 12" names no locker).
  const complement = words.slice(copula + 1, to);
  if (!complement.some((w) => grammar.isName(w)) || to < words.length - 1) return undefined;
  const found = grammar.entity(text, complement);
  if (!found) return undefined;
  const named = { ...found, entity: withSurface(text, complement, found.entity) };
  const attribute = words
    .slice(span.from, copula)
    .filter((w) => w.pos !== "DET" && w.pos !== "PUNCT" && !grammar.noise.has(w.lemma.toLowerCase()))
    .map((w) => w.lemma.toLowerCase());
  return {
    subject: "entity",
    entity: named.entity,
    possessed: attribute.join(grammar.joiner),
    frame: [words[copula]!.lemma],
    values: [],
    changed: grammar.change.test(text),
    predicated: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Predicates, both languages

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
function readPredicate(grammar: Grammar, words: readonly TaggedWord[], text: string) {
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
function isVerb(word: TaggedWord): boolean {
  return word.pos === "VERB" || word.pos === "AUX" || word.detail === "vn" || /^(?:是|在|有|叫|用)$/u.test(word.text);
}

/** A number that counts its noun (一只猫, "two cats") rather than being a value of its own. */
function isQuantity(grammar: Grammar, word: TaggedWord, words: readonly TaggedWord[]): boolean {
  if (word.pos !== "NUM" || /\d/u.test(word.text)) return false;
  const next = words[words.indexOf(word) + 1];
  // 五十公斤, 三十万元: a number before a measure word is an amount.
  return grammar.language === "zh" ? next?.pos === "NOUN" && next.detail !== "q" : /^(?:a|an|one)$/iu.test(word.text);
}

// ---------------------------------------------------------------------------------------------
// English

// "User prefers dark mode": the assistant's own word for the speaker is the speaker.
const EN_SPEAKER = new Set(wordList("i | we | me | us | user"));
const EN_OWNER = new Set(wordList("my | our"));
// The people of someone's life, as an attribute: a person has many of each.
const PEOPLE_WORDS = new Set([...PEOPLE.zh, ...PEOPLE.en]);

/**
 * The preposition before the owner in "Y of X" / "Y for X": the first one, or a later one when
 * what lies between is a bare noun of the attribute ("the point of contact for X", "the head of
 * sales at X"), not a phrase of its own ("the owner of the house in Leeds").
 */
function ownerLink(words: readonly TaggedWord[]): number {
  const first = words.findIndex((w) => w.pos === "ADP");
  if (first < 0) return first;
  const next = words.findIndex((w, k) => k > first + 1 && w.pos === "ADP");
  const between = words.slice(first + 1, next);
  const bare = next > 0 && between.every((w) => (w.pos === "NOUN" || w.pos === "ADJ") && !enIsName(w));
  return bare ? next : first;
}
const EN_POSSESSIVE = new Set(wordList("my | our | his | her | their | its | your"));
const EN_PRONOUN = new Set(wordList("he | she | they | it"));

const EN_TOPIC_LEAD = /^(?:as for|as to|regarding|concerning|speaking of|when it comes to)\s/iu;
const EN_TOPIC_WORDS = new Set(wordList("as | for | to | regarding | concerning | speaking | of | when | it | comes"));
const EN_TIME_NOUNS = new Set(
  wordList(`time | week | weekend | month | year | morning | afternoon | evening | night | day | summer | winter |
    spring | fall | autumn | semester | quarter | monday | tuesday | wednesday | thursday | friday | saturday | sunday`),
);
const EN_NOISE = new Set([
  ...wordList(`now | currently | still | also | just | recently | finally | already | again | lately | nowadays |
    usually | always | actually | really | officially | apparently | then | too | anymore | yet | even | the | a | an |
    last | next | these | ago | yesterday | today | tomorrow | tonight | soon`),
  ...EN_TIME_NOUNS,
]);
const EN_CHANGE =
  /\b(?:now|currently|nowadays|these days|no longer|anymore|any more|moved|switched|changed|migrated|relocated|rescheduled|transferred|upgraded|instead|(?:went|gone|go|goes|going|changed|switched|moved) from)\b/iu;
const EN_TITLES = new Map(
  RELATIONS.filter((r) => r.title).flatMap((r) =>
    r.en.map((w) => [w.replace(/\.$/u, "").toLowerCase(), r.slug] as const),
  ),
);
const MONTHS_AND_DAYS = new Set(
  [...NOT_A_NAME].filter((w) => /day$|uary$|^(?:March|April|May|June|July|August)$|ember$|ober$/u.test(w)),
);

/**
 * Tagger slips that matter here: "stores" read as a plural noun, "lead" of "tech lead of" as a
 * verb, "Meeting" of "Meeting Room 3C" as a gerund, "'s" of "Jenu's a greyhound" as a possessive.
 */
function fixEnglishTags(words: readonly TaggedWord[]): TaggedWord[] {
  return words.map((word, k) => {
    const before = words[k - 1];
    const after = words[k + 1];
    if (word.pos === "VERB" && k === 0 && /^\p{Lu}\p{Ll}+ing$/u.test(word.text) && after?.pos === "PROPN")
      return { ...word, pos: "PROPN" };
    if (word.pos === "PART" && /^['’]s$/u.test(word.text) && after && ["DET", "ADJ", "ADV"].includes(after.pos))
      return { ...word, pos: "AUX", lemma: "be" };
    if (
      word.pos === "VERB" &&
      before &&
      word.text.toLowerCase() === word.lemma &&
      ["DET", "NOUN", "ADJ"].includes(before.pos) &&
      /^of$/iu.test(after?.text ?? "")
    )
      return { ...word, pos: "NOUN" };
    if (word.pos === "NOUN" && before && /[a-z]s$/u.test(word.text)) {
      const subjectEnds = before.pos === "PROPN" || before.pos === "NUM" || /\d/u.test(before.text);
      const objectFollows =
        after !== undefined &&
        (after.pos === "DET" || after.pos === "ADP" || EN_POSSESSIVE.has(after.text.toLowerCase()));
      if (subjectEnds && objectFollows) return { ...word, pos: "VERB", lemma: word.lemma.replace(/s$/u, "") };
    }
    return word;
  });
}

/** A name with letters in it, or a number long enough to be an id of its own (an order number). */
function identifiesItself(words: readonly TaggedWord[]): boolean {
  const name = words.map((w) => w.text).join("");
  const bare = name.replace(/[-_.#]/gu, "");
  // A word ("Orion") or a code long enough to be one thing (A1001, TK-5521); "D3", "12A" and
  // "202" are one of many rooms, desks and lots until their class word says which.
  if (/\d/u.test(bare)) return bare.length >= (/\p{L}/u.test(bare) ? 4 : 5);
  return /\p{L}/u.test(bare);
}

function enIsName(word: TaggedWord): boolean {
  if (word.detail === "known") return true;
  if (/\d/u.test(word.text) && /\p{L}/u.test(word.text)) return true;
  if (/^#\d+$/u.test(word.text)) return true;
  return word.pos === "PROPN" && !NOT_A_NAME.has(word.text.replace(/['’]s$/u, "")) && /^\p{Lu}/u.test(word.text);
}

function enInPhrase(words: readonly TaggedWord[], k: number, from: number): boolean {
  const word = words[k]!;
  const lower = word.text.toLowerCase();
  switch (word.pos) {
    case "DET":
    case "ADJ":
    case "NOUN":
    case "PROPN":
    case "NUM":
    case "X":
      return true;
    case "PRON":
      return k === from && (EN_POSSESSIVE.has(lower) || EN_PRONOUN.has(lower));
    case "PART":
      return /^['’]s?$/u.test(word.text);
    case "SYM":
      return word.text === "#" || word.text === "&";
    case "ADP": {
      // "the tech lead of Project Orion", "the appointment with Dr. Velo"
      const next = words[k + 1];
      return (
        /^(?:of|with|for)$/iu.test(word.text) &&
        k > from &&
        words[k - 1]!.pos === "NOUN" &&
        next !== undefined &&
        ["DET", "PROPN", "NOUN", "NUM", "ADJ"].includes(next.pos)
      );
    }
    case "PUNCT": {
      // A hyphen inside a name the tokenizer split ("build - agent").
      const next = words[k + 1];
      return word.text === "-" && k > from && words[k - 1]!.end === word.start && next?.start === word.end;
    }
    default:
      return false;
  }
}

const EN: Grammar = {
  language: "en",
  joiner: " ",
  noise: EN_NOISE,
  change: EN_CHANGE,
  isName: enIsName,
  isTime: (word) => MONTHS_AND_DAYS.has(word.text.replace(/s$/u, "")),
  subject(words, text) {
    let i = 0;
    // '"shipped" — that's what it says …': a quoted opening is said first, for valueFirst.
    const quote = /^\s*["“]([^"”]{1,60})["”]/u.exec(text);
    if (quote) {
      const close = quote.index + quote[0].length;
      const from = words.findIndex((w) => w.start > quote.index && w.start < close && w.pos !== "PUNCT");
      const to = words.findIndex((w) => w.start >= close - 1 && /["”]/u.test(w.text));
      if (from >= 0 && to > from) return { kind: "phrase", from, to, predicate: to + 1 };
    }
    while (i < words.length && ["INTJ", "CCONJ", "PUNCT"].includes(words[i]!.pos)) i++;
    // A short preface ending in a colon or dash: "Just checked: …", "Heads up — …", "Update on Mirela: …".
    const colon = words.findIndex((w, k) => k > i && k <= i + 5 && /^(?::|—|–)$/u.test(w.text));
    if (colon > 0 && colon + 1 < words.length) {
      const lead = words.slice(i, colon);
      const named = lead.findIndex((w) => enIsName(w));
      if (/^(?:update|news|re|about|regarding)$/iu.test(lead[0]!.text) && named > 0)
        return { kind: "phrase", from: i + named, to: colon, predicate: colon + 1, topic: true };
      i = colon + 1;
    }
    // A leading phrase without a verb, set off by a comma: "Last year, …", "As for Room 202, …".
    const comma = words.findIndex((w, k) => k > i && k <= i + 8 && w.text === ",");
    if (comma > 0) {
      const lead = words.slice(i, comma);
      const verbless = lead.every((w) => w.pos !== "VERB" && w.pos !== "AUX");
      const opener = lead[0]!;
      const adverbial =
        ["ADV", "ADP", "SCONJ"].includes(opener.pos) ||
        /^(?:last|next|this|yesterday|today|recently|lately)$/iu.test(opener.text);
      const topicLead = EN_TOPIC_LEAD.test(text.slice(opener.start));
      // "When it comes to X": the lead's own verb is part of the lead.
      const leadVerbless = lead.every(
        (w) => (w.pos !== "VERB" && w.pos !== "AUX") || EN_TOPIC_WORDS.has(w.text.toLowerCase()),
      );
      if (topicLead && leadVerbless) {
        let from = i;
        while (from < comma && EN_TOPIC_WORDS.has(words[from]!.text.toLowerCase())) from++;
        // The topic is the subject; the clause after the comma is what is said of it.
        if (comma > from) return { kind: "phrase", from, to: comma, predicate: comma + 1, topic: true };
      }
      if (verbless && adverbial) i = comma + 1;
    }
    while (i < words.length && ["ADV", "INTJ"].includes(words[i]!.pos) && words[i + 1]?.pos !== "VERB") i++;
    // "This time WeChat is fine", "Last week Mirela moved …": a time phrase before the subject.
    if (
      /^(?:this|last|next|that|every|each)$/iu.test(words[i]?.text ?? "") &&
      EN_TIME_NOUNS.has(words[i + 1]?.lemma ?? "") &&
      words[i + 2] !== undefined &&
      !["VERB", "AUX"].includes(words[i + 2]!.pos)
    )
      i += 2;
    const first = words[i];
    if (!first) return { kind: "none", from: i, to: i, predicate: i };
    const lower = first.text.toLowerCase().replace(/[’‘]/gu, "'");
    if (EN_SPEAKER.has(lower.replace(/'\w{1,2}$/u, "")))
      return { kind: "speaker", from: i, to: i + 1, predicate: i + 1 };
    if (EN_PRONOUN.has(lower)) return { kind: "pronoun", from: i, to: i + 1, predicate: i + 1 };
    let to = i;
    while (to < words.length && enInPhrase(words, to, i)) to++;
    // A relative clause ends the phrase: "The room where the team sits is …".
    for (let k = i; k < to; k++) if (/^(?:where|that|which|who|whom|whose)$/iu.test(words[k]!.text)) to = k;
    let predicate = to;
    // An apposition between commas or dashes ("Mirela, my old roommate, now lives …") is skipped.
    const open = words[to];
    if (open && /^(?:,|—|–|-|\()$/u.test(open.text)) {
      const close = open.text === "(" ? ")" : open.text;
      for (let k = to + 1; k < Math.min(words.length, to + 10); k++) {
        const word = words[k]!;
        if (word.pos === "VERB" || word.pos === "AUX") break;
        if (word.text === close) {
          predicate = k + 1;
          break;
        }
      }
    }
    if (to === i) return { kind: "none", from: i, to: i, predicate: i };
    const possessive = EN_POSSESSIVE.has(lower) && !EN_OWNER.has(lower);
    return { kind: possessive ? "pronoun" : "phrase", from: i, to, predicate };
  },
  pronoun(_text, phrase) {
    const head = phrase[0]!;
    const possessive = EN_POSSESSIVE.has(head.text.toLowerCase());
    const rest = phrase.slice(1).filter((w) => w.pos === "NOUN" || w.pos === "ADJ");
    return {
      pronoun: { text: head.text, start: head.start, end: head.end, possessive },
      ...(possessive && rest.length > 0 ? { possessed: rest.map((w) => w.lemma).join(" ") } : {}),
    };
  },
  entity(text, phrase) {
    const owned = EN_OWNER.has(phrase[0]?.text.toLowerCase() ?? "");
    const words = owned ? phrase.slice(1) : phrase;
    // The owner of "X's Y" and of "Y of X" is the entity; Y is its attribute.
    const apostrophe = words.findIndex((w) => w.pos === "PART");
    const of = ownerLink(words);
    let owner = apostrophe > 0 ? words.slice(0, apostrophe) : of > 0 ? words.slice(of + 1) : words;
    let attributeWords =
      apostrophe > 0 ? words.slice(apostrophe + 1) : of > 0 ? words.slice(0, of) : ([] as TaggedWord[]);
    // "my friend's dog Biscuit": a name after the owner is whom the clause is about.
    if (attributeWords.some(enIsName)) {
      owner = attributeWords;
      attributeWords = [];
    }
    const attribute = attributeWords.filter((w) => w.pos === "NOUN" || w.pos === "ADJ").map((w) => w.lemma);
    const possessed = attribute.length > 0 ? { possessed: attribute.join(" ") } : {};
    const core = owner.filter((w) => w.pos !== "DET");
    if (core.length === 0) return undefined;
    // Name words: proper nouns, ids, a number after a class word ("room 202"), in one run.
    let first = -1;
    let last = -1;
    for (const [k, word] of core.entries()) {
      const named = enIsName(word) || (word.pos === "NUM" && (k > 0 || identifiesItself([word])));
      if (!named) continue;
      if (first < 0) first = k;
      else if (k !== last + 1) break;
      last = k;
    }
    const relationAt = core.findIndex((w) => EN_RELATION.has(w.lemma) || EN_RELATION.has(w.text.toLowerCase()));
    const relationOf = (w: TaggedWord) =>
      EN_RELATION.get(w.text.replace(/\.$/u, "").toLowerCase()) ?? EN_RELATION.get(w.lemma);
    if (first < 0) {
      // "my sister", "my sister's cat": a relative without a name. "the chess club": its words.
      if (relationAt >= 0 && owned)
        return {
          entity: { relation: relationOf(core[relationAt]!)!, name: "", start: core[0]!.start, end: core.at(-1)!.end },
          ...possessed,
        };
      if (owned) return undefined;
      const thing = core.filter((w) => w.pos === "NOUN" || w.pos === "ADJ" || w.pos === "PROPN");
      if (thing.length === 0) return undefined;
      return {
        entity: {
          relation: "named",
          name: text.slice(thing[0]!.start, thing.at(-1)!.end),
          start: thing[0]!.start,
          end: thing.at(-1)!.end,
        },
        ...possessed,
      };
    }
    let nameWords = core.slice(first, last + 1);
    // A relation or title word opening the name is its class: "Project P1992", "Dr. Velo"; so is
    // one right after it: "the Orion project".
    const opening = relationOf(nameWords[0]!) ?? EN_TITLES.get(nameWords[0]!.text.replace(/\.$/u, "").toLowerCase());
    let relation = opening;
    let classWord = first > 0 ? core[first - 1] : undefined;
    const following = core[last + 1];
    if (opening && nameWords.length > 1) {
      classWord = nameWords[0];
      nameWords = nameWords.slice(1);
    } else if (following && relationOf(following) && !(classWord && relationOf(classWord))) {
      relation = relationOf(following);
      classWord = nameWords[0];
    } else relation = classWord ? relationOf(classWord) : undefined;
    const nameFrom = nameWords[0]!.start;
    const end = nameWords.at(-1)!.end;
    if (relation)
      return { entity: { relation, name: text.slice(nameFrom, end), start: classWord!.start, end }, ...possessed };
    // A common noun right before a bare number is part of its identity ("room 202" is not "order
    // 202"); a name with letters or a long number identifies itself ("order A1001" is "A1001").
    const classed =
      classWord && classWord.pos === "NOUN" && /^\p{L}+$/u.test(classWord.text) && !identifiesItself(nameWords);
    const from = classed ? classWord!.start : nameFrom;
    return { entity: { relation: "named", name: text.slice(from, end), start: from, end }, ...possessed };
  },
};

// ---------------------------------------------------------------------------------------------
// Chinese

const ZH_SPEAKER = /^(?:我们|咱们|我|用户)$/u;
const ZH_PRONOUN = /^(?:他们|她们|它们|他|她|它)$/u;
const ZH_DEMONSTRATIVE = /^(?:这个|那个|这位|那位|这家|那家|这|那|该|此)$/u;
const ZH_TOPIC_LEAD = /^(?:至于|关于|说到|说起|提到)$/u;
const ZH_MEASURE = /^(?:单|台|个|位|只|辆|款|条|部|间|份|张|套)$/u;

/**
 * A named thing set off before the clause as its topic: 「那单K2231，快递到驿站了」, 「我们组的碧泉项目，…」,
 * 「帮我妈下的那单K2231，现在到哪了」. The first clause is only the thing: a demonstrative and a
 * measure word before the name, opening the sentence or closing a 的 phrase. Not where the name
 * is a verb's object (我买了那台X1，…).
 */
function zhTopicPhrase(words: readonly TaggedWord[]): SubjectSpan | undefined {
  const comma = words.findIndex((w) => /^[，,]$/u.test(w.text));
  if (comma < 3 || comma + 1 >= words.length) return undefined;
  // 我们组的碧泉项目，下周上线: a verbless clause naming, after its 的, a name (and its class word).
  const of = words.slice(0, comma).findLastIndex((w) => w.text === "的");
  const named = words.slice(of + 1, comma);
  const verbless = words.slice(0, comma).every((w) => w.pos !== "VERB" && w.pos !== "AUX");
  if (of > 0 && verbless && named.length > 0 && named.length <= 3 && named.some(zhIsName))
    return { kind: "phrase", from: of + 1, to: comma, predicate: comma + 1, topic: true };
  const [demonstrative, measure, name] = [words[comma - 3]!, words[comma - 2]!, words[comma - 1]!];
  if (!zhIsName(name) || !ZH_MEASURE.test(measure.text) || !/^[这那]$/u.test(demonstrative.text)) return undefined;
  const before = words[comma - 4];
  if (before && before.text !== "的") return undefined;
  return { kind: "phrase", from: comma - 1, to: comma, predicate: comma + 1, topic: true };
}
const ZH_LEAD = new Set(
  wordList(`但是 | 不过 | 而且 | 另外 | 还有 | 并且 | 同时 | 所以 | 然后 | 对了 | 哦 | 嗯 | 其实 | 说实话 | 话说 | 听说 |
    据说 | 顺便 | 顺便说一下 | 那么 | 注意 | 提醒 | 提醒一下 | 记住 | 友情提示 | 补充一下`),
);
const ZH_NOISE = new Set(
  wordList(`现在 | 目前 | 如今 | 已经 | 已 | 又 | 也 | 都 | 还 | 平时 | 一直 | 最近 | 刚 | 刚刚 | 才 | 就 | 正在 | 总是 | 通常 |
    一般 | 了 | 过 | 着 | 啦 | 呢 | 吧 | 啊 | 哦 | 嘛 | 呀 | 的话 | 一共 | 总共 | 共计 | 大概 | 大约`),
);
// A value said to have changed: the change verbs above, and the adverbs and verbs that say a state
// is new (现在, 不再, 换了老师, 搬家了, 调整).
const ZH_CHANGE = new RegExp(
  `现在|目前|如今|改在|改用|换用|换了|搬去|搬家|升级|不再|已经|调整|接手|${ZH_CHANGE_VERB_WORDS}`,
  "u",
);

function zhIsName(word: TaggedWord): boolean {
  if (word.pos === "PROPN") return true;
  // A word the dictionary does not know (jieba's x), not an idiom or an abbreviation it does; in
  // Han, two or three characters as names are (风可真大 is a clause the unknown-word model glued).
  if (word.pos === "X" && word.detail === "x" && /^[\p{Script=Han}A-Za-z0-9][\p{Script=Han}\w.-]*$/u.test(word.text))
    return !/^\p{Script=Han}{4,}$/u.test(word.text);
  return /\d/u.test(word.text) && /\p{L}/u.test(word.text);
}

/**
 * 暑期主持启蒙班早上八点上课: a name made of verbs and nouns (jieba tags 主持 and 启蒙 as verbs),
 * ending in a noun, followed by a time or an adverb. Where it ends, or -1.
 */
function compoundEnd(words: readonly TaggedWord[], from: number): number {
  let end = from;
  while (
    end < from + 5 &&
    end < words.length &&
    ["VERB", "NOUN"].includes(words[end]!.pos) &&
    words[end]!.detail !== "t"
  )
    end++;
  const last = words[end - 1];
  const then = words[end];
  const closes = then !== undefined && (then.detail === "t" || then.pos === "ADV");
  return end - from >= 2 && last?.pos === "NOUN" && last.detail === "n" && closes ? end : -1;
}

/** An age (8岁, 三岁, 五个月) starting at word k and closing its clause: a nominal predicate. */
function ageAt(words: readonly TaggedWord[], k: number): boolean {
  if (words[k]?.pos !== "NUM") return false;
  let end = k;
  while (words[end]?.pos === "NUM" || words[end]?.detail === "q") end++;
  const next = words[end];
  const closes = next === undefined || next.pos === "PUNCT" || next.text === "了";
  return closes && /(?:岁|个月)$/u.test(words[end - 1]!.text);
}

function zhInPhrase(words: readonly TaggedWord[], k: number, from: number): boolean {
  const word = words[k]!;
  const next = words[k + 1];
  if (word.text === "的") return k > from && next !== undefined && ["NOUN", "PROPN", "X", "NUM"].includes(next.pos);
  if (k === from && ZH_DEMONSTRATIVE.test(word.text)) return next !== undefined;
  // 我同事…, 我的…, 我们青雁这个项目, 我们Stadex: the speaker's relation or named thing.
  if (k === from && ZH_SPEAKER.test(word.text))
    return next !== undefined && (next.text === "的" || ZH_RELATION.has(next.text) || zhIsName(next));
  // 青雁这个项目: a demonstrative between a name and its class word.
  if (k > from && ZH_DEMONSTRATIVE.test(word.text)) return next?.pos === "NOUN";
  if (word.detail === "t" || ZH_NOISE.has(word.text)) return false;
  if (word.pos === "X") return /[\p{Script=Han}\w]/u.test(word.text);
  // 谭诗怀跳槽去了, worker-55重装了: a "noun" after a name and before 了 / 去 is the verb.
  const afterName = k > from && zhIsName(words[k - 1]!);
  if (afterName && word.pos === "NOUN" && /^(?:了|过|着|去|来|到)$/u.test(next?.text ?? "")) return false;
  // 林涛体重六十公斤, 豆豆今年三岁: a noun and a quantity closing the clause after a name are what
  // is said of it (a nominal predicate), not part of the name.
  const closes = (w: TaggedWord | undefined) => w === undefined || w.pos === "PUNCT" || w.text === "了";
  if (afterName && word.pos === "NOUN" && next?.pos === "NUM") {
    let end = k + 1;
    while (words[end]?.pos === "NUM" || words[end]?.detail === "q") end++;
    if (closes(words[end])) return false;
  }
  // 阿麻8岁，…, 团子三岁了: an age closing the clause is what is said of the subject, not part of its name.
  if (k > from && ageAt(words, k)) return false;
  // 启航项目用的是MySQL: a verb opening the clause right before a class word, with the clause's
  // own verb after them, is the thing's name (not 管理项目很累, where nothing else is the verb).
  if (k === from && word.pos === "VERB" && word.text.length >= 2 && ZH_RELATION.has(next?.text ?? "")) {
    const after = words.slice(k + 2);
    const stop = after.findIndex((w) => w.pos === "PUNCT");
    return (stop < 0 ? after : after.slice(0, stop)).some((w) => w.pos === "VERB");
  }
  // A verbal noun names a thing only before another noun (工作压力); before 了 / 过 or a number it is the verb.
  if (word.detail === "vn") return next !== undefined && (next.pos === "NOUN" || next.text === "的");
  return (
    word.pos === "NOUN" || word.pos === "PROPN" || word.pos === "NUM" || (word.pos === "ADJ" && word.detail === "b")
  );
}

const ZH: Grammar = {
  language: "zh",
  joiner: "",
  noise: ZH_NOISE,
  change: ZH_CHANGE,
  isName: zhIsName,
  isTime: (word) => word.detail === "t" && !ZH_NOISE.has(word.text),
  subject(words) {
    const topic = zhTopicPhrase(words);
    if (topic) return topic;
    let i = 0;
    for (;;) {
      const word = words[i];
      if (!word) break;
      if (ZH_TOPIC_LEAD.test(word.text)) {
        const comma = words.findIndex((w, k) => k > i && /^[，,]$/u.test(w.text));
        if (comma > i + 1) return { kind: "phrase", from: i + 1, to: comma, predicate: comma + 1, topic: true };
        break;
      }
      // IT系统里SUP-3781显示已升级: a place and its localizer before a name say where, not who.
      const localizer = words.findIndex(
        (w, k) => k > i && k <= i + 3 && w.pos === "ADP" && /^[里上中内]$/u.test(w.text),
      );
      const placed = words.slice(i, localizer).every((w) => ["NOUN", "PROPN", "X"].includes(w.pos));
      if (localizer > i && placed && words[localizer + 1] && zhIsName(words[localizer + 1]!)) {
        i = localizer + 1;
        continue;
      }
      // A time word opening a name (暑期主持启蒙班) is part of it, not a time of the clause.
      const time =
        word.detail === "t" &&
        words[i + 1]?.text !== "的" &&
        words[i + 1]?.text !== "是" &&
        compoundEnd(words, i + 1) < 0;
      // 调座以后, 搬家之后: a clause of time before the subject.
      // 以后 alone first is "from now on", not a time clause.
      const after = words.findIndex(
        (w, k) => k > i && k <= i + 3 && /^(?:以后|之后|后来|以前|之前|的时候)$/u.test(w.text),
      );
      if (after >= 0 && words[after + 1] && words[after + 1]!.pos !== "PUNCT") i = after + 1;
      else if (word.pos === "PUNCT" || ZH_LEAD.has(word.text) || time) i++;
      else break;
    }
    const first = words[i];
    if (!first) return { kind: "none", from: i, to: i, predicate: i };
    if (ZH_PRONOUN.test(first.text)) {
      const possessive = words[i + 1]?.text === "的";
      const to = possessive ? i + 2 : i + 1;
      let end = to;
      if (possessive) while (end < words.length && zhInPhrase(words, end, i)) end++;
      return { kind: "pronoun", from: i, to: end, predicate: end };
    }
    let to = i;
    while (to < words.length && zhInPhrase(words, to, i)) to++;
    // 我们家那台etl-23装的是…, 我那辆京A12345: the speaker's thing named after a measure word is the subject.
    if (ZH_SPEAKER.test(first.text)) {
      const named = words.findIndex(
        (w, k) => k > i && k <= i + 4 && zhIsName(w) && /(?:台|个|位|只|辆|款|条|部|间)$/u.test(words[k - 1]!.text),
      );
      if (named > 0 && words.slice(i + 1, named - 1).every((w) => w.pos !== "VERB" && w.pos !== "PUNCT"))
        return { kind: "phrase", from: named, to: named + 1, predicate: named + 1 };
    }
    if (ZH_SPEAKER.test(first.text) && to === i) return { kind: "speaker", from: i, to: i + 1, predicate: i + 1 };
    // X的Y是Z, X的Y调成了Z: whatever the tagger made of X (烘焙/v 28 班), the words before 的 own Y.
    const of = words.findIndex((w, k) => k > i && w.text === "的");
    let verb = of + 1;
    while (verb > 0 && verb < words.length && ["NOUN", "PROPN", "X"].includes(words[verb]!.pos)) verb++;
    const copula = of > 0 && verb > of + 1 && verb < words.length && isVerb(words[verb]!) ? verb : -1;
    const plain =
      first.pos !== "ADP" && words.slice(i, copula).every((w) => w.pos !== "PUNCT" && !ZH_SPEAKER.test(w.text));
    if (to <= of && of > i && copula > of + 1 && plain)
      return { kind: "phrase", from: i, to: copula, predicate: copula };
    const compound = to <= i + 1 ? compoundEnd(words, first.detail === "t" ? i + 1 : i) : -1;
    if (compound > 0) return { kind: "phrase", from: i, to: compound, predicate: compound };
    // 周三是…: a time as the subject, for valueFirst.
    if (to === i && first.detail === "t" && words[i + 1]?.text === "是")
      return { kind: "phrase", from: i, to: i + 1, predicate: i + 1 };
    if (to === i) return { kind: "none", from: i, to: i, predicate: i };
    return { kind: ZH_DEMONSTRATIVE.test(first.text) ? "pronoun" : "phrase", from: i, to, predicate: to };
  },
  pronoun(text, phrase) {
    const of = phrase.findIndex((w) => w.text === "的");
    const until = of >= 0 ? phrase[of]! : phrase.at(-1)!;
    const possessed = of >= 0 && of + 1 < phrase.length ? text.slice(phrase[of + 1]!.start, phrase.at(-1)!.end) : "";
    return {
      pronoun: {
        text: text.slice(phrase[0]!.start, until.end),
        start: phrase[0]!.start,
        end: until.end,
        possessive: of >= 0,
      },
      ...(possessed ? { possessed: possessed.replace(/\s+/gu, "") } : {}),
    };
  },
  entity(text, phrase) {
    // X的Y: the entity X and its attribute Y; 我(的)同事林一鸣: the speaker's relation.
    const of = phrase.findIndex((w) => w.text === "的");
    // 曦权用的数据库: a verb before 的 makes a relative clause; its subject is the owner (曦权).
    // 林鹏家的泰迪: the household of a name is that name's.
    const whole = of > 0 ? phrase.slice(0, of) : phrase;
    const owner = of > 1 && (whole.at(-1)!.pos === "VERB" || whole.at(-1)!.text === "家") ? whole.slice(0, -1) : whole;
    const possessed =
      of > 0 && of + 1 < phrase.length
        ? { possessed: text.slice(phrase[of + 1]!.start, phrase.at(-1)!.end).replace(/\s+/gu, "") }
        : {};
    const owned = ZH_SPEAKER.test(owner[0]?.text ?? "");
    // 萧佳这个人: a name and then 这个 / 那个 and what it is is the name.
    const pointer = owner.findIndex((w, k) => k > 0 && ZH_DEMONSTRATIVE.test(w.text) && zhIsName(owner[k - 1]!));
    const ownerWords = pointer > 0 ? owner.slice(0, pointer) : owner;
    const words = (owned ? ownerWords.slice(1) : ownerWords).filter(
      (w) => w.text !== "的" && !ZH_DEMONSTRATIVE.test(w.text),
    );
    if (words.length === 0) return undefined;
    // 我高中同学常言: a name the scope knows is the name, whatever relation word stands before it.
    const known = words.findIndex((w) => w.detail === "known");
    if (known >= 0) {
      const before = words[known - 1]?.text ?? "";
      const relation = [...ZH_RELATION].find(([w]) => before.endsWith(w))?.[1] ?? "named";
      const name = words[known]!;
      return { entity: { relation, name: name.text, start: words[0]!.start, end: name.end }, ...possessed };
    }
    const relationWord = words.find((w) => ZH_RELATION.has(w.text));
    const nameWords = relationWord ? words.slice(words.indexOf(relationWord) + 1) : words;
    // 我们的…: the speaker's own thing, unless it is named (我们Stadex).
    if (owned && !relationWord && !words.some(zhIsName)) return undefined;
    // 主要, 新: a modifier alone names nothing.
    if (!relationWord && !nameWords.some((w) => w.pos !== "ADJ")) return undefined;
    const relation = relationWord ? ZH_RELATION.get(relationWord.text)! : "named";
    // 天枢项目 / 项目天枢: the relation word before or after the name.
    let named = relationWord && nameWords.length === 0 ? words.slice(0, words.indexOf(relationWord)) : nameWords;
    // 发票INV-77957, 订单 23652839: a class word before an id that identifies itself.
    const id = named.findIndex((w) => w.detail === "eng" || (w.pos === "NUM" && /^\d{5,}$/u.test(w.text)));
    if (id > 0 && named.slice(0, id).every((w) => w.pos === "NOUN") && identifiesItself([named[id]!]))
      named = named.slice(id);
    const name = named.length > 0 ? text.slice(named[0]!.start, named.at(-1)!.end).replace(/\s+/gu, "") : "";
    return { entity: { relation, name, start: words[0]!.start, end: words.at(-1)!.end }, ...possessed };
  },
};
