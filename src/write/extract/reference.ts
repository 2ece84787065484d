/**
 * Reference within one message. A clause that points back — a pronoun ("its tech lead is Tom",
 * "she works in Porto", 她现在住在武汉, 这个小组的组长是王浩) or no subject at all ("Ingrid is my
 * old roommate, now lives in Porto", 柯文是我大学室友，现在在西安工作) — is about the entity an
 * earlier clause named, and is read with that entity written in, so that the memory it makes
 * says whose fact it is and is keyed by it. The speaker is never the antecedent here: a clause
 * continuing the speaker is left to the language readers.
 *
 * A bare "it" is resolved only to the one thing the clause before it in the same sentence named
 * ("It is raining", "It was great" on their own point at no one).
 */
import { tagWords } from "../../text/grammar.js";
import { type Claim, type ClaimEntity, namesIn, readClaim } from "./claim.js";

/** The entity a unit's text is about, when the grammar finds one there. */
export function entityOf(text: string, language: "zh" | "en"): ClaimEntity | undefined {
  const claim = readClaim(text, language);
  return claim?.subject === "entity" ? claim.entity : undefined;
}

/**
 * The one thing a clause names when it is not its subject ("Don't book Studio D3 for a
 * meeting, it's only for interviews"): what a following "it" means. Undefined when it names
 * none or several.
 */
export function namedIn(text: string, language: "zh" | "en"): ClaimEntity | undefined {
  const names = namesIn(text, language);
  if (names.length !== 1) return undefined;
  const name = names[0]!;
  const start = text.indexOf(name);
  return { relation: "named", name, start, end: start + name.length, surface: name };
}

/**
 * `text` with `antecedent` written in where the clause points back to it, or undefined when the
 * clause has a subject of its own (or says too little to be about anyone).
 * @example
 * const orion = readClaim("Project Orion starts in May", "en")!.entity!;
 * const kewen = readClaim("柯文是我大学室友", "zh")!.entity!;
 * restoreSubject("its tech lead is Tomas Vell", "en", orion);  // "Project Orion's tech lead is Tomas Vell"
 * restoreSubject("现在在西安工作", "zh", kewen);                 // "柯文现在在西安工作"
 */
export function restoreSubject(
  text: string,
  language: "zh" | "en",
  antecedent: ClaimEntity,
  options: { it?: boolean; pronounOnly?: boolean } = {},
): string | undefined {
  const claim = readClaim(text, language);
  if (!claim) return undefined;
  const name = antecedent.surface;
  if (claim.subject === "pronoun" && claim.pronoun) {
    const { pronoun } = claim;
    if (language === "en" && /^it$/iu.test(pronoun.text) && !options.it) return undefined;
    const before = text.slice(0, pronoun.start);
    // "it's forest green" → "WF05 BMF is forest green", never a possessive "WF05 BMF's".
    const after = text
      .slice(pronoun.end)
      .replace(/^['’]s\b/u, pronoun.possessive ? "$&" : " is")
      .replace(/^['’](ll|ve|d|re)\b/u, (_, short: string) => ` ${CONTRACTED[short] ?? short}`);
    const said = before.length > 0 ? lowerFirst(name, language) : name;
    if (language === "en") return `${before}${pronoun.possessive ? possessive(said) : said}${after}`;
    return `${before}${said}${pronoun.possessive ? "的" : ""}${after}`;
  }
  if (options.pronounOnly) return undefined;
  // 天枢项目上个月启动，负责人是王浩: a bare attribute after a topic is the topic's.
  if (language === "zh" && claim.unnamed !== undefined && text.startsWith(claim.unnamed) && claim.predicated)
    return `${name}的${text}`;
  if (!states(claim)) return undefined;
  // "…, now lives in Porto", 「…，现在在西安工作」: a predicate with no subject of its own; not a
  // relative or causal clause ("…, which is why …", 「…，是网关超时导致的」), which details the last.
  if (claim.subject === "none" && claim.unnamed === undefined && opensWithPredicate(text, language))
    return language === "en" ? `${name} ${text}` : `${name}${text}`;
  return undefined;
}

/** The clause opens with its verb, or an adverb or time before it: a predicate, nothing else. */
function opensWithPredicate(text: string, language: "zh" | "en"): boolean {
  const words = tagWords(text, language).filter((w) => w.pos !== "PUNCT");
  const first = words.findIndex(
    (w) => !(w.pos === "ADV" || w.detail === "t" || (language === "zh" && w.pos === "NOUN" && w.detail === "t")),
  );
  const word = words[first];
  if (!word) return false;
  if (language === "en")
    return word.pos === "VERB" || (word.pos === "AUX" && !/^(?:is|was|are|were)$/iu.test(word.text));
  return (word.pos === "VERB" && word.text !== "是") || (word.pos === "ADP" && /^(?:在|从|到)$/u.test(word.text));
}

/** A clause that states a value with a verb: not an exclamation or a bare reaction. */
function states(claim: Claim): boolean {
  // A value that is a thing, a name, a number or a time; "还没审完" (a state verb alone) details the clause before.
  return claim.predicated && (claim.valueWords ?? []).some((w) => w.pos !== "VERB");
}

const CONTRACTED: Record<string, string> = { ll: "will", ve: "has", d: "would", re: "is" };

function possessive(name: string): string {
  return /s$/u.test(name) ? `${name}'` : `${name}'s`;
}

function lowerFirst(name: string, language: "zh" | "en"): string {
  return language === "en" && /^(?:My|Our|The)\b/u.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
}
