/**
 * Which dimension a statement sets, and to what, from the dimension vocabulary
 * (`DIMENSIONS` in dimension-words.ts): "keep answers short", 回答简短点 and "I prefer concise answers"
 * all set `reply.length` to `short`; "I prefer detailed, long explanations" sets it to `long`.
 * Two statements about one dimension in different words are then seen to be about the same
 * thing, and their values compared, whatever their keys.
 *
 * A value word counts only in a clause that also names the dimension (answers, 回答, commute,
 * 通勤), so "a short trip" sets nothing. A negated value of a two-valued dimension is the other
 * value ("not too long", 别太长 → short); "not … enough" / 不够 is a wish for more, not a negation.
 */
import { alternation } from "../../text/patterns.js";
import { DIMENSIONS, type Dimension } from "./dimension-words.js";

export interface DimensionReading {
  dimension: Dimension;
  /** Canonical value (`short`), after negation. */
  value: string;
  /** The words as said ("简短", "short"). */
  surface: string;
}

const HAN = /\p{Script=Han}/u;

/** One alternation for words of both languages: English as whole words, Chinese as they stand. */
function wordsPattern(words: { zh: readonly string[]; en: readonly string[] }, flags: string): RegExp {
  const parts: string[] = [];
  const zh = [...words.zh.filter((w) => HAN.test(w))];
  // Latin words listed under zh (VS Code, Cursor) are names: matched like English ones.
  const en = [...words.en, ...words.zh.filter((w) => !HAN.test(w))].map((w) => w.toLowerCase());
  if (zh.length > 0) parts.push(alternation(zh));
  if (en.length > 0) parts.push(`(?<![\\w-])${alternation(en)}(?![\\w-])`);
  return new RegExp(parts.join("|"), flags);
}

const COMPILED = DIMENSIONS.map((dimension) => ({
  dimension,
  context: wordsPattern(dimension.context, "iu"),
  values: Object.entries(dimension.values).map(([value, words]) => ({
    value,
    pattern: wordsPattern(words, "giu"),
    // Its own stateless copy: a global pattern's lastIndex would leak into the next matchAll.
    once: wordsPattern(words, "iu"),
  })),
}));

// A negation right before the value: up to two words in English ("don't make them too long"), a
// degree word in Chinese (别太长, 不要那么详细).
const EN_NEGATED = /\b(?:not|never|no|\w{1,10}n't|without|less)(?:\s{1,4}\S{1,20}){0,4}\s{1,4}$/iu;
const ZH_NEGATED = /(?:不要|不用|不必|别|不|没)(?:太|那么|这么|很|要|用)?$/u;
const ENOUGH = /^\s{0,4}enough\b|^够/iu;

/**
 * The dimension a clause sets and its value, or undefined.
 * @example
 * readDimension("keep answers short");                  // { dimension: reply.length, value: "short", surface: "short" }
 * readDimension("回答不要太长");                          // { value: "short", surface: "太长" }
 * readDimension("We took a short trip to the coast");   // undefined: no word of the dimension
 */
export function readDimension(text: string): DimensionReading | undefined {
  for (const { dimension, context, values } of COMPILED) {
    if (!context.test(text)) continue;
    let last: (DimensionReading & { index: number }) | undefined;
    for (const { value, pattern } of values) {
      for (const match of text.matchAll(pattern)) {
        const before = text.slice(Math.max(0, match.index - 40), match.index);
        const after = text.slice(match.index + match[0].length, match.index + match[0].length + 12);
        const enough = ENOUGH.test(after) || /不够$/u.test(before);
        const negated = !enough && (EN_NEGATED.test(before) || ZH_NEGATED.test(before));
        const opposite = dimension.opposite;
        const canonical =
          negated && opposite ? (opposite[0] === value ? opposite[1] : opposite[0]) : negated ? undefined : value;
        if (canonical === undefined) continue;
        if (!last || match.index > last.index)
          last = { dimension, value: canonical, surface: match[0], index: match.index };
      }
    }
    if (last) return { dimension: last.dimension, value: last.value, surface: last.surface };
  }
  return undefined;
}

/** The dimension of a key: its own (`reply.length`) or, for someone else's, its joined form (`reply_length`). */
export function dimensionOfKey(key: string): Dimension | undefined {
  return DIMENSIONS.find((d) => key === d.key || key.endsWith(`.${d.key.replaceAll(".", "_")}`));
}

/**
 * The canonical value a stated value stands for on a dimension ("简洁" → `short`), or the value
 * itself, lowercased, when the vocabulary does not know it.
 */
export function canonicalValue(dimension: Dimension | undefined, value: string | number | boolean): string {
  const text = String(value).trim();
  if (dimension) {
    for (const { dimension: d, values } of COMPILED) {
      if (d !== dimension) continue;
      for (const { value: canonical, once } of values) if (once.test(text)) return canonical;
    }
  }
  return text.toLowerCase();
}

const THIRD_PERSON_START = /^(?:he|she|they|his|her|their|him|them|他|她|它|他们|她们)(?![a-z])/iu;

/** A clause that opens with someone else ("His answers were too long", 她回答得很简短): not the speaker's dimension. */
export function opensWithSomeoneElse(text: string): boolean {
  return THIRD_PERSON_START.test(text.trim());
}
