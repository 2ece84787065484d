/**
 * A question in other words: the words a memory may use for what the query names ("kids" →
 * daughter, son; "occupation" → job, work; 孩子 → 女儿, 儿子), searched as a channel of their own
 * so a memory saying "my daughter" answers "does the user have kids?" without a model.
 *
 * English comes from WordNet 3.1 (wordnet.ts): a noun's synonyms and the kinds of it one or two
 * steps narrower, named individuals (instances: Paris under "city") left out. Chinese has no
 * maintained lexical database on npm; its words reach WordNet through the project's bilingual
 * vocabulary (write/extract/lexicon.ts: 孩子 ↔ child), and WordNet's answers come back through
 * the same rows (daughter ↔ 女儿). A word too general to narrow usefully ("activity", "thing")
 * gives its synonyms only.
 */
import { tagWords } from "../text/grammar.js";
import { STOPWORDS_EN } from "../text/stopwords.js";
import { detectLanguage, tokenize } from "../text/tokenizer.js";
import { isKindOf, isNoun, nounSenseKinds } from "../text/wordnet.js";
import { TOPICS } from "../write/extract/lexicon.js";

/** Kinds within two steps above which a word is too general to expand that far. */
export const MAX_NARROWER = 80;
/** Related words per query, at most. */
export const MAX_RELATED = 120;

// The conversation's two sides, named in the third person: every memory says them.
const ROLES = new Set(["user", "users", "assistant", "用户", "助手"]);

// WordNet's time words: a question's "day" or "weekend" says when, not what.
const TIME_KINDS = ["time_period", "time_unit"];

const SUBJECT_WORD = new Set(["DET", "PROPN", "NOUN", "ADJ", "PRON", "PART"]);

/**
 * In a question with "do" or a modal ("Which database does Orion use?", "Whose bike will Tomasz
 * use?"), the verb follows the subject; where the words after it run to the end without a verb,
 * the tagger took the last one for a noun.
 */
function questionVerb(tagged: readonly { pos: string; lemma?: string; text: string }[]): number | undefined {
  const at = tagged.findIndex(
    (w) => w.pos === "AUX" && /^(?:do|does|did|will|would|can|could|should|shall|may|might|must)$/iu.test(w.text),
  );
  if (at < 0) return undefined;
  let end = at + 1;
  while (end < tagged.length && SUBJECT_WORD.has(tagged[end]!.pos) && tagged[end]!.text.toLowerCase() !== "to") end++;
  const last = end - 1;
  const next = tagged[end]?.pos;
  return last > at + 1 && next !== "VERB" && next !== "AUX" ? last : undefined;
}

interface Rows {
  zh: Map<string, Set<string>>;
  en: Map<string, Set<string>>;
}

let rows: Rows | undefined;

/** The bilingual vocabulary's rows, indexed by each of their words: word → the row's words. */
function vocabulary(): Rows {
  if (rows) return rows;
  const made: Rows = { zh: new Map(), en: new Map() };
  for (const topic of TOPICS) {
    for (const term of topic.terms) {
      const words = new Set([...term.zh, ...term.en.map((w) => w.toLowerCase())]);
      for (const w of term.zh) made.zh.set(w, new Set([...(made.zh.get(w) ?? []), ...words]));
      for (const w of term.en) {
        const key = w.toLowerCase();
        made.en.set(key, new Set([...(made.en.get(key) ?? []), ...words]));
      }
    }
  }
  rows = made;
  return made;
}

/** A word's noun lemma as WordNet lists it: kids → kid, cities → city, boxes → box. */
function nounLemma(word: string): string | undefined {
  const forms = [word];
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) forms.push(word.slice(0, -2));
  if (word.endsWith("s")) forms.push(word.slice(0, -1));
  return forms.find((form) => form.length > 2 && isNoun(form));
}

/**
 * Synonyms and narrower kinds of an English noun's two commonest senses, each within two steps;
 * one step where two give more than {@link MAX_NARROWER} words (child as a young person has
 * hundreds of kinds; child as offspring a few: daughter, son); synonyms only where one step
 * still gives more than half that ("activity", "right": too general to say what is meant).
 */
function narrower(lemma: string): string[] {
  const out = new Set<string>();
  for (const sense of [0, 1]) {
    const two = nounSenseKinds(lemma, sense, 2, MAX_NARROWER + 1);
    const one = two.length <= MAX_NARROWER ? two : nounSenseKinds(lemma, sense, 1, MAX_NARROWER / 2 + 1);
    const kept = one.length <= MAX_NARROWER / 2 || one === two ? one : nounSenseKinds(lemma, sense, 0, MAX_NARROWER);
    for (const w of kept) out.add(w);
  }
  return [...out];
}

/** One word of the query and the other words a memory may use for it. */
export interface RelatedWord {
  /** As the query says it: "kids", 孩子. */
  word: string;
  related: string[];
}

/**
 * The query's words that have other words a memory may use for them, each with those words
 * (the query's own words left out).
 * @example
 * relatedWords("Does the user have kids?"); // [{ word: "kids", related: ["child", …, "daughter", "son", …] }]
 * relatedWords("用户有孩子吗");              // [{ word: "孩子", related: ["小孩", "女儿", "儿子", …] }]
 */
export function relatedWords(query: string): RelatedWord[] {
  const tagged = tagWords(query, "en");
  const verb = questionVerb(tagged);
  // English: common nouns only (a capitalised word is a name; "does Orion use" ends on its verb).
  // "What kind of cuisine", "the date of that day": a noun before "of" says which aspect of the
  // next, a period of time ("that day", "last week") when; neither is what the question is about.
  // Chinese: the words the bilingual vocabulary knows.
  const english = tagged
    .filter(
      (w, i) =>
        w.pos === "NOUN" &&
        i !== verb &&
        tagged[i + 1]?.text.toLowerCase() !== "of" &&
        !TIME_KINDS.some((kind) => isKindOf(nounLemma(w.text.toLowerCase()) ?? w.text, kind)),
    )
    .map((w) => w.text)
    .filter((w) => /^[a-z]{3,}$/u.test(w));
  const chinese = tokenize(query).filter((w) => detectLanguage(w) === "zh");
  const words = [...new Set([...english, ...chinese])].filter((w) => !ROLES.has(w) && !STOPWORDS_EN.has(w));
  const own = new Set([...words, ...tokenize(query)]);
  const lexicon = vocabulary();
  let budget = MAX_RELATED;
  const found: RelatedWord[] = [];
  for (const word of words) {
    const out = new Set<string>();
    const add = (w: string) => {
      if (!own.has(w) && out.size < budget) out.add(w);
    };
    if (detectLanguage(word) === "zh") {
      const row = lexicon.zh.get(word);
      if (!row) continue;
      for (const w of row) if (detectLanguage(w) === "zh") add(w);
      // Through WordNet and back: 孩子 → child → daughter → 女儿.
      for (const en of row) {
        if (detectLanguage(en) === "zh") continue;
        const lemma = nounLemma(en);
        if (!lemma) continue;
        for (const kind of narrower(lemma))
          for (const w of lexicon.en.get(kind) ?? []) if (detectLanguage(w) === "zh") add(w);
      }
    } else {
      const lemma = nounLemma(word);
      // The word, its vocabulary row's other words ("kids" → children, child) and their kinds.
      const heads = new Set([
        ...(lemma ? [lemma] : []),
        ...[...(lexicon.en.get(word) ?? [])].filter((w) => detectLanguage(w) !== "zh"),
      ]);
      for (const head of heads) {
        add(head);
        const headLemma = head === lemma ? lemma : nounLemma(head);
        if (headLemma) for (const kind of narrower(headLemma)) add(kind);
      }
    }
    if (out.size > 0) {
      found.push({ word, related: [...out] });
      budget -= out.size;
    }
  }
  return found;
}

/** {@link relatedWords}, flat. */
export function relatedTerms(query: string): string[] {
  return [...new Set(relatedWords(query).flatMap((w) => w.related))];
}
