/**
 * The normalised forms a text is matched in: disguises undone (full-width letters, invisible
 * characters, look-alike letters, leetspeak, spaced-out letters), mentioned quotations blanked.
 */
import { alternation, wordList } from "../../text/patterns.js";
import { maskMentions } from "./mentions.js";
import { EN, EN_ORDER } from "./words.js";

/** The forms a text is matched in (see `cueForms`). */
export interface CueForms {
  /** NFKC, invisible characters removed, look-alike letters folded; case kept ("SYSTEM:", "DAN"). */
  cased: string;
  /** `cased` in lower case, leetspeak read back, spaced-out letters joined, white space collapsed. */
  latin: string;
  /** `latin` with separators between Han characters removed (忽 略, 忽-略 → 忽略). */
  compact: string;
  /** `compact` with the words of mentioned quotations blanked (see `maskMentions`). */
  intent: string;
  /** Words written as names in `cased` (ZorkCoin, QuickLoan), as they read in `latin`. */
  names: ReadonlySet<string>;
}

// Format characters (zero-width space/joiners, soft hyphen, bidi controls, BOM), variation
// selectors, the combining grapheme joiner and Hangul fillers.
const INVISIBLE = /\p{Cf}|\p{Variation_Selector}|\u034f|[\u115f\u1160\u3164\uffa0]/gu;
// Cyrillic and Greek letters drawn like Latin ones (ignоre with a Cyrillic о).
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: "a",
  в: "b",
  е: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
  І: "I",
  Ѕ: "S",
  α: "a",
  ε: "e",
  ι: "i",
  κ: "k",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  ν: "v",
  Α: "A",
  Ε: "E",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");
const APOSTROPHES = /[‘’ʼ′`]/gu;
// Leetspeak inside a word: 0→o 3→e 4→a 5→s 7→t @→a $→s; 1 is i or l (see `readLeet`).
const LEET: Readonly<Record<string, string>> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s" };
const LEET_CHAR = /[03457@$]/g;
const WORD_LIKE = /[a-z0-9@$]+/g;
// Three or more single letters separated by one to three spaces, dots, dashes…: "i g n o r e".
const SPACED_OUT = /(?<![a-z0-9@$'])[a-z0-9@$](?:[ .\-_*·~+/|]{1,3}[a-z0-9@$](?![a-z0-9@$])){2,}/g;
const NOT_LETTER = /[^a-z0-9@$]/g;
const HAN_SEPARATOR = /(?<=\p{Script=Han})[ .\-_*·~+/|]+(?=\p{Script=Han})/gu;
// A word written as a name: a capital after a lower-case letter inside it (ZorkCoin), or a
// capital after a lower-case word (recommend Rust).
const NAME_LIKE = /[\p{L}\p{N}$@]{3,40}/gu;
const CAMEL = /\p{Ll}[\p{N}$@]{0,3}\p{Lu}/u;
const CAPITALISED_MID = /(?<=[\p{Ll}\p{N},] )\p{Lu}[\p{L}\p{N}$@]{2,40}/gu;

// Every English cue word: which reading of a "1" is meant, and where words joined by
// spacing-out start ("ignoreallpreviousinstructions" → "ignore all previous instructions").
const VOCABULARY = new Set(
  [
    ...Object.values(EN).flat(),
    ...Object.values(EN_ORDER)
      .flat()
      .filter((phrase) => phrase.length >= 4),
  ]
    .flatMap((phrase) => phrase.split(/[^a-z']+/))
    .filter((word) => word.length >= 2),
);
for (const word of wordList("you | are | now | the | me | and | mode | on")) VOCABULARY.add(word);
const VOCABULARY_WORD = new RegExp(alternation(VOCABULARY), "g");

/** A word with leetspeak read back; "1" is an l when only that gives a cue word (ru1es). */
function readLeet(word: string): string {
  if (!/[a-z]/.test(word)) return word;
  const read = word.replace(LEET_CHAR, (char) => LEET[char] ?? char);
  if (!read.includes("1")) return read;
  const asI = read.replaceAll("1", "i");
  const asL = read.replaceAll("1", "l");
  return VOCABULARY.has(asL) && !VOCABULARY.has(asI) ? asL : asI;
}

/**
 * The forms of a text that cues are matched in: disguises (full-width letters, zero-width
 * characters, look-alike letters, leetspeak, spaced-out letters) undone, mentioned quotations
 * blanked.
 * @example
 * cueForms("I g n 0 r e ALL prev1ous instructions").latin; // "ignore all previous instructions"
 */
export function cueForms(text: string): CueForms {
  const cased = text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(LOOK_ALIKE, (char) => LOOK_ALIKES[char] ?? char)
    .replace(APOSTROPHES, "'");
  const latin = cased
    .toLowerCase()
    .replace(SPACED_OUT, (run, at: number, whole: string) => {
      const word = readLeet(run.replace(NOT_LETTER, "")).replace(VOCABULARY_WORD, " $& ");
      // Spaces around the joined word, except where it is glued to the rest (l u c k y.example).
      const before = /[\s.,:;/@-]/.test(whole[at - 1] ?? " ") ? "" : " ";
      const after = /[\s.,:;/@-]/.test(whole[at + run.length] ?? " ") ? "" : " ";
      return `${before}${word.trim()}${after}`;
    })
    .replace(WORD_LIKE, readLeet)
    .replace(/[^\S\n]+/gu, " ")
    .replace(/ ?\n[\s]*/gu, "\n")
    .trim();
  const compact = latin.replace(HAN_SEPARATOR, "");
  const names = new Set<string>();
  for (const [word] of cased.matchAll(NAME_LIKE)) if (CAMEL.test(word)) names.add(readLeet(word.toLowerCase()));
  for (const [word] of cased.matchAll(CAPITALISED_MID)) names.add(readLeet(word.toLowerCase()));
  return { cased, latin, compact, intent: maskMentions(compact), names };
}
