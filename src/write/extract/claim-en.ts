/** The English grammar of a claim: its subject phrase, its entities, its names, its tags mended. */
import { type TaggedWord, tagWords } from "../../text/grammar.js";
import { wordList } from "../../text/patterns.js";
import type { Grammar } from "./claim-types.js";
import { EN_RELATION, identifiesItself } from "./claim-words.js";
import { RELATIONS } from "./lexicon.js";
import { NOT_A_NAME } from "./markers.js";

// "User prefers dark mode": the assistant's own word for the speaker is the speaker.
const EN_SPEAKER = new Set(wordList("i | we | me | us | user"));
const EN_OWNER = new Set(wordList("my | our"));

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
const EN_CHANGE_WORDS =
  wordList(`now | currently | nowadays | these days | no longer | anymore | any more | moved | switched |
  changed | migrated | relocated | rescheduled | transferred | upgraded | instead`);
const EN_CHANGED_FROM = wordList("went | gone | go | goes | going | changed | switched | moved");
const EN_CHANGE = new RegExp(`\\b(?:${EN_CHANGE_WORDS.join("|")}|(?:${EN_CHANGED_FROM.join("|")}) from)\\b`, "iu");
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
export function fixEnglishTags(words: readonly TaggedWord[]): TaggedWord[] {
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

export function enIsName(word: TaggedWord): boolean {
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

export const EN: Grammar = {
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
    // A short preface ending in a colon or dash: "Just checked: …", "Heads up — …", "Update on Oskeli: …".
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
    // "This time WeChat is fine", "Last week Oskeli moved …": a time phrase before the subject.
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
    // An apposition between commas or dashes ("Oskeli, my old roommate, now lives …") is skipped.
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

/**
 * A capital opening a sentence says nothing about a name: "Ship my orders …", "Use SQLite …".
 * A capitalised first word followed by what a subject is followed by (its verb: "Grace moved",
 * "Bill is"; a number: "Room 202") stays a name. Otherwise it is read as the instruction it may
 * be: tagged again after "please", a word that can be a verb is one ("please use SQLite" →
 * verb; "please kelvor danu" → still a noun).
 */
export function firstWordAsSaid(text: string, words: TaggedWord[]): TaggedWord[] {
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
