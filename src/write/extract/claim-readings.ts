/**
 * The reading of one clause, one algorithm for both languages (readWith), and the readings that
 * come before the plain one: a reported clause, a changed object, an owner after the copula, a
 * value first, an inverted clause.
 */
import { type TaggedWord, tagWords } from "../../text/grammar.js";
import { takesClause } from "../../text/wordnet.js";
import { EN, enIsName } from "./claim-en.js";
import { isVerb, readPredicate } from "./claim-predicate.js";
import type { Claim, ClaimEntity, Grammar, SubjectSpan } from "./claim-types.js";
import {
  EN_CHANGE_VERBS,
  EN_REPORTING,
  identifiesItself,
  SURNAME_CHARS,
  ZH_CHANGE_VERBS,
  ZH_CLAUSE_VERBS,
  ZH_NOISE,
  ZH_REPORTING,
} from "./claim-words.js";
import { ZH, zhIsName } from "./claim-zh.js";
import { markKnownNames } from "./known-names.js";
import { PEOPLE } from "./lexicon.js";
import { chineseNames } from "./names-zh.js";

// The people of someone's life, as an attribute: a person has many of each.
const PEOPLE_WORDS = new Set([...PEOPLE.zh, ...PEOPLE.en]);

export function readWith(grammar: Grammar, text: string, words: readonly TaggedWord[], depth = 0): Claim {
  const span = grammar.subject(words, text);
  const predicate = words.slice(span.predicate);
  // "The portal says order H2159 is refunded", 系统显示订单已发货: what is reported is the claim.
  const reported = depth === 0 ? reportedClause(grammar, predicate, text) : undefined;
  if (reported) {
    const inner = readWith(grammar, text, reported, depth + 1);
    if (inner.subject === "entity") return inner;
  }
  // "We switched Drodis over to PostgreSQL", 我把99070350的地址换成…: the thing changed is what the clause is about.
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
 * changed Studio D3 over to the on-call team", 我把99070350的地址换成… The named object is what
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
 * The value said first: "CockroachDB is the store Drodis runs on", "Azure is where
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
  // "[ADDRESS]，这是 H8709 的收货地址", '"shipped" — that's what the portal shows for order ORD-91790'.
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
  // its end; "楼道灯坏了", "员工排班都在群里通知" name nothing.
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
