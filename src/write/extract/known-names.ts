/**
 * Names a scope has already introduced. About one Chinese name in six is also a dictionary word
 * (煤球 "coal ball", 常言 "a saying", 明灯 "a bright lamp"), and a sentence alone cannot tell the
 * name from the word: 「煤球最近改吃冻干了」 reads as coal. Once the scope has introduced the name
 * unambiguously (「我家的猫叫煤球」, 「我高中同学常言坐在H区114号」, "my cat Pepper"), the same
 * word in a name-shaped slot of a later sentence is read as that name.
 *
 * The index rides with the scope's conversation context (context.ts): one item under the scope's
 * own namespace, read once per write run, written in the run's one `store.batch`, deleted with
 * the scope by forget-me, and scrubbed of the names a forgotten memory's messages introduced
 * (src/forget/remove.ts). It is derived data, like the key index, and not part of an export.
 *
 * The rule of use (markKnownNames): a known name counts as a name only where the sentence has a
 * slot for one, and the slot is read from the words around it, never from the name:
 * - it opens its clause (nothing but punctuation, a time word or a time clause's 以后/之前 before
 *   it), or it follows a relation word (同学, 同事, 猫, "my colleague") or a naming verb (叫);
 * - and what follows it is what follows a subject: a verb, an adverb, an adjective, a preposition, 的, 是, a
 *   time word, the clause's end ("'s", "is", a verb in English).
 * 「老师就像一盏明灯」, 「你是我的明灯」 and "a pepper grinder" have no such slot, and a scope
 * that never introduced the name reads every sentence as it did before.
 */
import { z } from "zod";
import type { TaggedWord } from "../../text/grammar.js";
import { RELATIONS } from "./lexicon.js";

/** A name the scope introduced, and the messages that introduced it (what forgetting them removes). */
export const KnownNameSchema = z.object({
  name: z.string().min(1).max(40),
  /** The latest messages that introduced it, newest last. */
  messageIds: z.array(z.string().min(1)).max(4),
  /** When it was last introduced: the oldest names leave first once the index is full. */
  at: z.string(),
});
export type KnownName = z.infer<typeof KnownNameSchema>;

/** Names kept per scope: far more than the people, pets and things one user talks about. */
export const MAX_KNOWN_NAMES = 300;
const MESSAGES_PER_NAME = 4;

/** A name worth keeping: Han characters (two to four), or one to three letter-only words. */
const ZH_NAME = /^\p{Script=Han}{2,4}$/u;
const EN_NAME = /^\p{L}[\p{L}'’-]{1,30}(?: \p{L}[\p{L}'’-]{1,30}){0,2}$/u;

const ZH_RELATION_WORDS = [
  ...new Set(RELATIONS.flatMap((r) => r.zh.map((w) => w.replace(/^我/u, ""))).filter((w) => w.length > 0)),
];
const EN_RELATION_WORDS = new Set(RELATIONS.flatMap((r) => r.en.map((w) => w.replace(/\.$/u, "").toLowerCase())));

/** Whether `name` could be kept: the right shape and not itself a relation word (同学, "friend"). */
export function nameShaped(name: string): boolean {
  if (ZH_NAME.test(name)) return !ZH_RELATION_WORDS.some((w) => name.endsWith(w) || w.endsWith(name));
  return EN_NAME.test(name) && !name.split(" ").some((w) => EN_RELATION_WORDS.has(w.toLowerCase()));
}

/**
 * The name after the last relation word of an entity phrase (高中同学常言 → 常言, 我家的猫煤球 →
 * 煤球), or the phrase itself when it holds none.
 */
export function nameAfterRelation(phrase: string): string {
  let cut = 0;
  for (const word of ZH_RELATION_WORDS) {
    const at = phrase.lastIndexOf(word);
    if (at >= 0 && at + word.length > cut) cut = at + word.length;
  }
  return phrase.slice(cut).replace(/^的/u, "");
}

/** The index with `names` introduced by `messageId` at `at`: newest last, at most MAX_KNOWN_NAMES. */
export function withIntroduced(
  index: readonly KnownName[],
  names: readonly string[],
  messageId: string,
  at: string,
): KnownName[] {
  const fresh = [...new Set(names.filter(nameShaped))];
  if (fresh.length === 0) return [...index];
  const byName = new Map(index.map((entry) => [entry.name, entry]));
  for (const name of fresh) {
    const before = byName.get(name)?.messageIds.filter((id) => id !== messageId) ?? [];
    byName.delete(name);
    byName.set(name, { name, messageIds: [...before, messageId].slice(-MESSAGES_PER_NAME), at });
  }
  return [...byName.values()].slice(-MAX_KNOWN_NAMES);
}

/** The index without the names that only forgotten messages introduced. */
export function withoutMessages(index: readonly KnownName[], messageIds: ReadonlySet<string>): KnownName[] {
  return index.flatMap((entry) => {
    const kept = entry.messageIds.filter((id) => !messageIds.has(id));
    return kept.length === 0 ? [] : [{ ...entry, messageIds: kept }];
  });
}

// The names in force while one sentence is read: set only for the synchronous span of
// `withKnownNames`, so two scopes read in turn on one event loop never see each other's names.
let inForce: ReadonlySet<string> = new Set();

/**
 * Run `read` (synchronous) with `names` counting as names wherever a sentence has a slot for one.
 * @example
 * import { readClaim } from "./claim.js";
 * withKnownNames(["煤球"], () => readClaim("煤球最近改吃冻干了", "zh"))?.entity?.name; // "煤球"
 */
export function withKnownNames<T>(names: Iterable<string>, read: () => T): T {
  const outer = inForce;
  inForce = new Set(names);
  try {
    return read();
  } finally {
    inForce = outer;
  }
}

/**
 * The known names in force that occur in `text`, joined: all a reading of `text` can depend on,
 * since a known name counts only where the text spells it (markKnownNames, knownNameAt). What a
 * reading that depends on the names is cached under.
 */
export function knownNamesIn(text: string): string {
  let found = "";
  for (const name of inForce) if (text.includes(name)) found += `${name}\u0000`;
  return found;
}

/** The known names in force, as introduced (an English name counts only capitalised as it was); empty outside `withKnownNames`. */
export function knownNamesInForce(): ReadonlySet<string> {
  return inForce;
}

/** The known name `text` starts with, the longest one, or undefined. */
export function knownNameAt(text: string): string | undefined {
  let best: string | undefined;
  for (const name of inForce) if (text.startsWith(name) && name.length > (best?.length ?? 0)) best = name;
  return best;
}

const ZH_OPENERS =
  /^(?:[。！？!?；;，,：:、]|以后|之后|以前|之前|的时候|后来|最近|现在|听说|对了|另外|其实|而且|但是|不过)$/u;
const ZH_NAMING = /(?:叫|叫做|取名|起名)$/u;
const ZH_AFTER_NAME = new Set(["VERB", "ADV", "ADP", "AUX", "PUNCT"]);
// An adjective as the predicate (煤球胖了, 煤球很乖); jieba's one-character morphemes (zg) other
// than degree words are as often a class word glued to the name (明灯厂).
const ZH_DEGREE = /^(?:很|挺|太|更|最|超|特)$/u;
const EN_OPENERS = /^(?:[,;:—–-]|and|but|so|also|now|then|recently|lately|today|yesterday|btw)$/iu;
const EN_AFTER_NAME = new Set(["VERB", "AUX", "ADV", "PART"]);

/**
 * Tagged words with every known name in a name-shaped slot (see the module comment) retagged as
 * one proper noun (`detail: "known"`). Words the tagger split (常/言) are joined when their
 * characters spell the name exactly; a word longer than the name (常言道) is never cut.
 */
export function markKnownNames(words: readonly TaggedWord[], text: string, language: "zh" | "en"): TaggedWord[] {
  if (inForce.size === 0) return [...words];
  const out = [...words];
  for (let k = 0; k < out.length; k++) {
    const span = knownSpan(out, k, text, language);
    if (span === undefined) continue;
    const [first, last] = [out[k]!, out[span]!];
    const before = out[k - 1];
    const after = out[span + 1];
    if (!opensName(before, language) || !closesName(after, language)) continue;
    const name = text.slice(first.start, last.end);
    out.splice(k, span - k + 1, {
      text: name,
      pos: "PROPN",
      detail: "known",
      lemma: name,
      start: first.start,
      end: last.end,
    });
  }
  return out;
}

/** The last word of a run starting at `k` that spells a known name exactly, or undefined. */
function knownSpan(words: readonly TaggedWord[], k: number, text: string, language: "zh" | "en"): number | undefined {
  const from = words[k]!.start;
  for (let j = k; j < Math.min(words.length, k + 3); j++) {
    if (j > k && words[j]!.start !== words[j - 1]!.end + (language === "en" ? 1 : 0)) return undefined;
    const spelled = text.slice(from, words[j]!.end);
    if (inForce.has(spelled)) return j;
  }
  return undefined;
}

function opensName(before: TaggedWord | undefined, language: "zh" | "en"): boolean {
  if (before === undefined) return true;
  if (language === "zh") {
    if (ZH_OPENERS.test(before.text) || ZH_NAMING.test(before.text) || before.detail === "t") return true;
    return ZH_RELATION_WORDS.some((w) => before.text.endsWith(w)) || /^(?:我家|我们家)$/u.test(before.text);
  }
  return EN_OPENERS.test(before.text) || EN_RELATION_WORDS.has(before.text.toLowerCase());
}

function closesName(after: TaggedWord | undefined, language: "zh" | "en"): boolean {
  if (after === undefined) return true;
  if (language === "zh") {
    const adjective = after.pos === "ADJ" && (after.detail !== "zg" || ZH_DEGREE.test(after.text));
    return (
      ZH_AFTER_NAME.has(after.pos) || adjective || after.text === "的" || after.text === "是" || after.detail === "t"
    );
  }
  return EN_AFTER_NAME.has(after.pos) || /^[,;:]$/u.test(after.text);
}
