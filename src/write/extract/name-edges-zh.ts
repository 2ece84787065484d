/**
 * Where a Chinese name starts and ends when the tagger read its edges wrong: a surname heading a run
 * of words (surnameHeads), a name glued to the word after it (nameBoundaries), a name's last
 * character read as the verb after it (verbAfterName).
 */
import { type TaggedWord, tagByDictionary } from "../../text/grammar.js";
import {
  CLAUSE_BREAK,
  COMPOUND_SURNAMES,
  hanWord,
  SURNAME_CHARS,
  ZH_CLAUSE_VERBS,
  ZH_RELATION,
  ZH_REPORTING,
} from "./claim-words.js";

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
export function surnameHeads(words: readonly TaggedWord[]): TaggedWord[] {
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
const unknownHan = (w: TaggedWord) => w.detail === "x" && hanWord(w);
export const retext = (w: TaggedWord, text: string, start: number, extra: Partial<TaggedWord> = {}): TaggedWord => ({
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
export function nameBoundaries(words: readonly TaggedWord[]): TaggedWord[] {
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
