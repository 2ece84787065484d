/** The Chinese names of a tagged clause, the tagger's cuts through them mended. */
import type { TaggedWord } from "../../text/grammar.js";
import { SURNAME_CHARS, ZH_AFTER_SUBJECT, ZH_RELATION } from "./claim-words.js";
import { coinedSubject, coinedTopic, compoundSurnames, nicknames, phasedNames } from "./coined-names-zh.js";
import { nameBoundaries, surnameHeads } from "./name-edges-zh.js";

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

/**
 * Chinese names the tagger cut up: a surname read as a word of its own (任/r 文星/n, 吕军/x 之/u)
 * and the one or two characters after it, where a verb, an adverb, 的 or 是 follows: one name.
 */
export function chineseNames(tagged: readonly TaggedWord[]): TaggedWord[] {
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
