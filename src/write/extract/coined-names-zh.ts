/**
 * Chinese names the dictionary does not hold: nicknames (豆豆), coined subjects and topics, names
 * with a phase (二期), and two-character surnames the tagger split.
 */
import { type TaggedWord, tagByDictionary } from "../../text/grammar.js";
import { COMPOUND_SURNAMES, hanWord, ZH_AFTER_SUBJECT, ZH_NOISE, ZH_RELATION } from "./claim-words.js";
import { retext } from "./name-edges-zh.js";

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
export function nicknames(words: readonly TaggedWord[]): TaggedWord[] {
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
export function coinedSubject(words: readonly TaggedWord[]): TaggedWord[] {
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
export function coinedTopic(words: readonly TaggedWord[]): TaggedWord[] {
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
export function phasedNames(words: readonly TaggedWord[]): TaggedWord[] {
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
export function compoundSurnames(words: readonly TaggedWord[]): TaggedWord[] {
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
