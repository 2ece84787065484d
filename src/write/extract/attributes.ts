/**
 * Attributes with an open value, of the speaker or of someone they name, read where the
 * language readers' fixed patterns (name, age, e-mail, "I live in …") have nothing: where
 * someone lives now ("My colleague Anna moved to Boston", 我同事小王搬到了杭州), and a possessive
 * attribute ("My locker number is 12", "Anna's birthday is May 3", 我的储物柜号码是12). Each is
 * an attribute with one value at a time, so the key names the attribute and the value is kept
 * apart: a later value of the same key replaces the earlier one.
 *
 * The attribute belongs to the subject of the clause only: "I helped my colleague Anna move to
 * Boston" says nothing about where Anna lives.
 */
import { wordList } from "../../text/patterns.js";
import { RELATIONS } from "./lexicon.js";
import { NOT_A_NAME } from "./markers.js";
import { type EntityMention, entityMentions, nameSegment, subjectOf } from "./subject.js";

export interface Attribute {
  key: string;
  value: string;
}

// Patterns spell out their few repetitions rather than repeat a group: every one stays linear.
const PLACE_WORD = String.raw`[A-Z][\p{L}.'’-]{1,30}`;
const PLACE_EN = String.raw`(${PLACE_WORD}(?:\s{1,2}${PLACE_WORD})?(?:\s{1,2}${PLACE_WORD})?)`;
const EN_ADVERB = String.raw`(?:(?:just|recently|finally|also|now|still|already|has|have|had|last year|this year)\s{1,3})?`;
const EN_ADVERBS = `${EN_ADVERB}${EN_ADVERB}${EN_ADVERB}`;
const EN_LOCATION = new RegExp(
  String.raw`^\s{0,3}${EN_ADVERBS}(?:(?:moved|relocated|moving|relocating)\s{1,3}(?:back\s{1,3}|over\s{1,3})?to|` +
    String.raw`(?:live|lives|lived|living|is living|reside|resides|is based|'s based|are based)\s{1,3}in)\s{1,3}${PLACE_EN}(?=[\s,.;!?]|$)`,
  "u",
);
const EN_SPEAKER = /^(?:I|We|I'm|We're)(?=\s|$)/u;
// 搬到了新家 / 搬去公司附近 say nothing about the city: the place is a name, not one of these.
const ZH_NOT_PLACE = "(?!了|新|这|那|一|隔壁|附近|对面|楼|公司|宿舍|家|回来|过去|出去)";
const ZH_LOCATION = new RegExp(
  `^(?:最近|去年|今年|已经|刚刚|刚|上个月|也|都|早就){0,2}(?:搬到|搬去|搬回|搬家到|住在|定居在?|移居到?|现在住在)了?\\s{0,2}${ZH_NOT_PLACE}` +
    `([A-Za-z][\\w ]{0,30}?|\\p{Script=Han}{2,6}?)(?=了|[，。,.；;！!？?\\s]|$)`,
  "u",
);
const ZH_SPEAKER = /^(?:我们|我)/u;

const RELATION_WORDS = new Set(RELATIONS.flatMap((r) => [...r.en, ...r.zh]).map((w) => w.toLowerCase()));
// "My plan is that …", "my point is …": a clause, not a value.
const NOT_A_VALUE = /^(?:that|to be|so|because|not|just|really|very|the one|what|why|how|when|where)\b/iu;
const EN_ATTRIBUTE = String.raw`([a-z]{2,20}(?:\s{1,2}[a-z]{2,20})?(?:\s{1,2}[a-z]{2,20})?)`;
const EN_VALUE = String.raw`\s{1,3}(?:is|are)\s{1,3}([^,;!?]{1,40}?)\s{0,3}[.!]?$`;
const EN_OWN_ATTRIBUTE = new RegExp(String.raw`^(?:my|our)\s{1,3}${EN_ATTRIBUTE}${EN_VALUE}`, "iu");
const EN_THEIR_ATTRIBUTE = new RegExp(String.raw`^['’]s\s{1,3}${EN_ATTRIBUTE}${EN_VALUE}`, "iu");
// Words that say whose, not what: "my own phone", "my new bike".
const EN_ATTRIBUTE_NOISE = new Set(wordList("own | new | old | current | main | usual | real | first | last"));
const ZH_OWN_ATTRIBUTE = /^(?:我的|我们的)(\p{Script=Han}{1,8}?)(?:是|为|叫)([^，。,；;！!？?]{1,24})[。！!]?$/u;
const ZH_THEIR_ATTRIBUTE = /^的(\p{Script=Han}{1,8}?)(?:是|为|叫)([^，。,；;！!？?]{1,24})[。！!]?$/u;
const ZH_PRONOUN_VALUE = /^(?:我|你|他|她|它|谁|什么|哪)/u;
const WEEKDAY_OR_MONTH = new Set([...NOT_A_NAME]);

/**
 * The open-valued attribute a clause states of its subject, keyed by whom it is about:
 * `colleague.anna.location`, `location.home`, `fact.locker_number`.
 * @example
 * readAttribute("My colleague Anna moved to Boston last year"); // { key: "colleague.anna.location", value: "Boston" }
 * readAttribute("My locker number is 12");                     // { key: "fact.locker_number", value: "12" }
 * readAttribute("I helped my colleague Anna move to Boston");   // undefined
 */
export function readAttribute(text: string): Attribute | undefined {
  const trimmed = text.trim();
  const mentions = entityMentions(trimmed);
  const subject = subjectOf(trimmed, mentions);
  if (subject) return entityAttribute(trimmed, subject);
  // The speaker's own: where they live now, or one of their attributes.
  const own = EN_SPEAKER.exec(trimmed) ?? ZH_SPEAKER.exec(trimmed);
  if (own) {
    const place = placeIn(trimmed.slice(own[0].length));
    if (place) return { key: "location.home", value: place };
  }
  const en = EN_OWN_ATTRIBUTE.exec(trimmed);
  if (en) return possessive(undefined, en[1]!, en[2]!);
  const zh = ZH_OWN_ATTRIBUTE.exec(trimmed);
  if (zh) return possessive(undefined, zh[1]!, zh[2]!);
  return undefined;
}

function entityAttribute(text: string, subject: EntityMention): Attribute | undefined {
  const rest = text.slice(subject.end);
  const place = placeIn(rest);
  if (place) return { key: `${subject.key}.location`, value: place };
  const their = EN_THEIR_ATTRIBUTE.exec(rest) ?? ZH_THEIR_ATTRIBUTE.exec(rest);
  return their ? possessive(subject.key, their[1]!, their[2]!) : undefined;
}

function placeIn(rest: string): string | undefined {
  const en = EN_LOCATION.exec(rest);
  if (en && !WEEKDAY_OR_MONTH.has(en[1]!.split(/\s/u)[0]!)) return en[1]!.trim();
  const zh = ZH_LOCATION.exec(rest.trim());
  return zh ? zh[1]!.trim() : undefined;
}

function possessive(entity: string | undefined, rawAttribute: string, rawValue: string): Attribute | undefined {
  const words = rawAttribute
    .trim()
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => !EN_ATTRIBUTE_NOISE.has(w));
  const value = rawValue.trim();
  if (words.length === 0 || value.length === 0 || NOT_A_VALUE.test(value) || ZH_PRONOUN_VALUE.test(value))
    return undefined;
  // "My sister is a nurse", 我的朋友是医生: a person, not an attribute of the speaker.
  if (words.some((w) => RELATION_WORDS.has(w)) || RELATION_WORDS.has(rawAttribute.trim())) return undefined;
  if ([...RELATION_WORDS].some((w) => /\p{Script=Han}/u.test(w) && rawAttribute.startsWith(w))) return undefined;
  const attribute = /\p{Script=Han}/u.test(rawAttribute) ? nameSegment(rawAttribute.trim()) : words.join("_");
  return { key: entity ? `${entity}.${attribute}` : `fact.${attribute}`, value };
}
