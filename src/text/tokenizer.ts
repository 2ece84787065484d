/**
 * Word segmentation for Chinese, English and mixed text, on top of `Intl.Segmenter`.
 *
 * Node's ICU segments Chinese with a dictionary, so no extra package is needed; its
 * choices are not always linguistic (用户不喜欢吃香菜 → 用户/不/喜欢/吃香/菜), which is why
 * {@link keywordTerms} adds character bigrams across adjacent Chinese words. Everything here
 * is deterministic and locale-independent: one `"zh"` segmenter serves every text, so the
 * terms indexed for a document and those searched for a query always agree.
 */

import { Recent } from "../recent.js";
import { isStopword } from "./stopwords.js";

// Module-level: building a segmenter loads ICU break data; reuse it for every call.
const WORD_SEGMENTER = new Intl.Segmenter("zh", { granularity: "word" });

const HAN = /\p{Script=Han}/u;
const HAN_ALL = /\p{Script=Han}/gu;
const LETTER_ALL = /\p{L}/gu;
const LATIN_WORD_ALL = /[A-Za-z][A-Za-z0-9'’-]*/gu;
const CURLY_APOSTROPHES = /[\u2018\u2019\u02bc]/g;
const ASCII_WORD = /^[a-z]+$/;
const SIBILANT_PLURAL = /(?:ss|x|ch|sh)es$/;
// Terms end up in FTS queries wrapped in double quotes; neither may appear inside a term.
const UNSAFE_TERM_CHARS = /[\s"]/gu;

/** One word-like segment of a text, after normalisation. */
export interface WordToken {
  /** The normalised word: NFKC, lowercase, possessive and plural `s` stripped for English. */
  term: string;
  /** Contains a Han ideograph. */
  cjk: boolean;
  /** A stop word (see stopwords.ts). */
  stop: boolean;
  /** Offsets of the segment in the normalised text; `start === previous.end` means no gap. */
  start: number;
  end: number;
}

/**
 * "zh" when Han ideographs dominate the letters of `text`, else "en" (also for empty text).
 * A Han character weighs as much as three Latin letters: a Chinese word averages about
 * 1.5 characters and an English word about 5, so the comparison is roughly per word; failing
 * that, Han characters at least as many as the Latin words still make it Chinese.
 * @example
 * detectLanguage("我的项目代号是 Phoenix"); // "zh"
 * detectLanguage("I like 咖啡 a lot");      // "en"
 */
export function detectLanguage(text: string): "zh" | "en" {
  const han = text.match(HAN_ALL)?.length ?? 0;
  if (han === 0) return "en";
  const otherLetters = (text.match(LETTER_ALL)?.length ?? 0) - han;
  if (han * 3 >= otherLetters) return "zh";
  // Ids and product names in a Chinese sentence (web-38-sh装的是CentOS 7) are long in letters
  // but few in words: Chinese when the Han characters are at least as many as the Latin words.
  return han >= 2 && han >= (text.match(LATIN_WORD_ALL)?.length ?? 0) ? "zh" : "en";
}

/** NFKC, lowercase, straight apostrophes: the form every term is built from. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(CURLY_APOSTROPHES, "'");
}

// One text is segmented several times per write (extraction, scoring, conflict, its keyword
// body, its embedding): the last few segmentations are reused. Bounded, so memory stays flat.
const RECENT_MAX = 512;
const RECENT = new Recent<readonly WordToken[]>(RECENT_MAX);

/**
 * Every word-like segment of `text`, in order, stop words included and flagged.
 * The low-level step shared by {@link tokenize}, {@link keywordTerms} and the hash embedder.
 * The result is shared between callers (the last {@link RECENT_MAX} are reused): never mutate it.
 */
export function wordTokens(text: string): readonly WordToken[] {
  return RECENT.get(text, () => segmentWords(text));
}

function segmentWords(text: string): readonly WordToken[] {
  const normalized = normalizeText(text);
  const tokens: WordToken[] = [];
  for (const segment of WORD_SEGMENTER.segment(normalized)) {
    if (!segment.isWordLike) continue;
    const raw = segment.segment.replace(UNSAFE_TERM_CHARS, "");
    if (raw.length === 0) continue;
    const cjk = HAN.test(raw);
    const unpossessed = cjk ? raw : stripPossessive(raw);
    const stop = isStopword(unpossessed);
    const term = cjk || stop ? unpossessed : stemPlural(unpossessed);
    const start = segment.index;
    tokens.push(Object.freeze({ term, cjk, stop, start, end: start + segment.segment.length }));
  }
  return Object.freeze(tokens);
}

/**
 * Normalised word tokens of `text` in order; punctuation and whitespace dropped, stop words
 * dropped unless `keepStopwords`. Negations (不, 没有, not, never, don't) are always kept.
 * @example
 * tokenize("我不吃香菜");                         // ["不吃", "香菜"]
 * tokenize("The user's preferences: no tables!"); // ["user", "preference", "no", "table"]
 */
export function tokenize(text: string, options: { keepStopwords?: boolean } = {}): string[] {
  const keep = options.keepStopwords === true;
  const out: string[] = [];
  for (const token of wordTokens(text)) {
    if (keep || !token.stop) out.push(token.term);
  }
  return out;
}

/**
 * Runs of Chinese words that touch each other in the text (no space, punctuation or stop word
 * between them), concatenated: 用户/不/喜欢/吃香/菜 → "用户不喜欢吃香菜".
 * Pass `includeStopwords` to let stop words join (and not break) runs.
 */
export function cjkRuns(tokens: readonly WordToken[], includeStopwords = false): string[] {
  const runs: string[] = [];
  let current = "";
  let lastEnd = -1;
  for (const token of tokens) {
    const joins = token.cjk && (includeStopwords || !token.stop);
    if (joins && current.length > 0 && token.start === lastEnd) {
      current += token.term;
    } else {
      if (current.length > 0) runs.push(current);
      current = joins ? token.term : "";
    }
    lastEnd = token.end;
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

/**
 * The terms of the BM25 keyword index and of keyword queries: {@link tokenize}'s output plus
 * the character bigrams of every Chinese run longer than two characters, deduplicated in
 * order. Single Chinese characters are never added (用 would match 用户); bigrams across word
 * boundaries repair the segmenter's odd splits (吃香/菜 still yields 香菜).
 * Documents and queries go through this same function, so their terms always agree.
 * Terms never contain whitespace or double quotes.
 * @example
 * keywordTerms("用户不喜欢吃香菜");
 * // ["用户", "不", "喜欢", "吃香", "菜", "户不", "不喜", "欢吃", "香菜"]
 */
export function keywordTerms(text: string, options: { unique?: boolean } = {}): string[] {
  const unique = options.unique ?? true;
  const tokens = wordTokens(text);
  const seen = new Set<string>();
  const terms: string[] = [];
  // Documents keep repeats (BM25 counts term frequency); queries want each term once.
  const add = (term: string): void => {
    if (!unique || !seen.has(term)) {
      seen.add(term);
      terms.push(term);
    }
  };
  for (const token of tokens) if (!token.stop) add(token.term);
  for (const run of cjkRuns(tokens)) {
    const chars = Array.from(run);
    if (chars.length <= 2) continue;
    for (let i = 0; i + 1 < chars.length; i++) add(chars[i]! + chars[i + 1]!);
  }
  return terms;
}

/** user's → user, users' → users. Contractions such as don't are left alone. */
function stripPossessive(word: string): string {
  if (word.endsWith("'s") && word.length > 2) return word.slice(0, -2);
  if (word.endsWith("s'") && word.length > 2) return word.slice(0, -1);
  return word;
}

/**
 * Harman's S-stemmer (1991), for plain ASCII words of four letters or more:
 * replies → reply, tables → table, answers → answer; -ss, -us and -is endings are left alone
 * (class, status, analysis). One addition: -sses/-xes/-ches/-shes lose "es" (classes → class,
 * boxes → box, matches → match), at the price of caches → cach.
 * Deliberately light: plurals only, no derivational stemming.
 */
function stemPlural(word: string): string {
  if (word.length < 4 || !ASCII_WORD.test(word)) return word;
  if (word.endsWith("ies") && !word.endsWith("eies") && !word.endsWith("aies")) return `${word.slice(0, -3)}y`;
  if (SIBILANT_PLURAL.test(word)) return word.slice(0, -2);
  if (word.endsWith("es") && !word.endsWith("aes") && !word.endsWith("ees") && !word.endsWith("oes")) {
    return word.slice(0, -1);
  }
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) {
    return word.slice(0, -1);
  }
  return word;
}
