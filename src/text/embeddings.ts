/**
 * The default embedder: offline, deterministic, bilingual feature hashing.
 */
import { Embeddings } from "@langchain/core/embeddings";
import { z } from "zod";
import { InvalidConfigError, InvalidInputError } from "../errors.js";
import { yieldIfDue } from "../yield.js";
import { cjkRuns, normalizeText, type WordToken, wordTokens } from "./tokenizer.js";

// Per-feature weights: whole words carry meaning, sub-word n-grams only soften spelling and
// segmentation differences (replies/reply, 吃香/菜 vs 吃/香菜), so they weigh less.
const WEIGHT_WORD = 1;
const WEIGHT_WORD_BIGRAM = 0.5;
const WEIGHT_CJK_BIGRAM = 0.8;
const WEIGHT_CJK_UNIGRAM = 0.2;
const WEIGHT_LATIN_TRIGRAM = 0.25;

// Distinct FNV starting states per feature family, so the word "ab" and the bigram "ab" differ.
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SEED_WORD = FNV_OFFSET ^ 0x01;
const SEED_WORD_BIGRAM = FNV_OFFSET ^ 0x02;
const SEED_CJK_UNIGRAM = FNV_OFFSET ^ 0x03;
const SEED_CJK_BIGRAM = FNV_OFFSET ^ 0x04;
const SEED_TRIGRAM = FNV_OFFSET ^ 0x05;
const SEED_CHAR = FNV_OFFSET ^ 0x06;
const SEED_BIAS = FNV_OFFSET ^ 0x07;
const WORD_START = 0x02;
const WORD_END = 0x03;
const PAIR_SEPARATOR = 0x1f;

const WHITESPACE = /\s/u;

const HashEmbeddingsOptionsSchema = z.object({
  dims: z.number().int().min(8).max(8192).optional(),
});

/** Options of {@link HashEmbeddings}. */
export interface HashEmbeddingsOptions {
  /**
   * Vector length. More dimensions mean fewer hash collisions (less accidental similarity).
   * Integer in 8..8192.
   * @default 256
   */
  dims?: number;
}

/**
 * Offline, deterministic, bilingual embeddings by signed feature hashing.
 *
 * Each text becomes a bag of features, each hashed (FNV-1a, murmur3 finaliser) to one of
 * `dims` buckets with a ± sign taken from another bit of the hash:
 * - words from {@link wordTokens} with stop words removed (weight 1),
 * - adjacent word pairs (0.5),
 * - Chinese character bigrams (0.5) and characters (0.25) over runs of adjacent words,
 * - character trigrams of other words, with start/end markers (0.25).
 * Counts are dampened (1 + ln tf) and the vector is L2-normalised, so cosine = dot product.
 * Text with only stop words falls back to them; text with no words at all (emoji, dashes)
 * to its characters; empty text to one fixed bias feature. Every vector is finite, unit length.
 *
 * What it is, honestly: **lexical** similarity — texts that share words and sub-words score
 * high. It knows no meaning: "coffee" and "咖啡", or "cilantro" and "coriander", are unrelated
 * unless a memory's retrieval hints put both words in its text. Negation is only another word
 * (用户不吃香菜 stays close to 用户吃香菜). It is the default because it works offline and is
 * fast; for semantic recall inject a real embedding model (see `resolveEmbeddings`).
 *
 * @example
 * const embeddings = new HashEmbeddings({ dims: 256 });
 * const vector = embeddings.embed("用户不吃香菜"); // Float32Array(256), unit length
 * const [doc] = await embeddings.embedDocuments(["The user prefers short replies"]);
 */
export class HashEmbeddings extends Embeddings {
  static readonly DEFAULT_DIMS = 256;

  /** Length of every vector this instance produces. */
  readonly dims: number;

  // Reused accumulator: embed() runs on hot paths (100k texts in benchmarks).
  private readonly accumulator: Float64Array;

  constructor(options: HashEmbeddingsOptions = {}) {
    super({});
    const parsed = HashEmbeddingsOptionsSchema.safeParse(options ?? {});
    if (!parsed.success) {
      const received = (options as { dims?: unknown } | undefined)?.dims;
      throw new InvalidConfigError(
        `HashEmbeddings option dims must be an integer from 8 to 8192; received ${JSON.stringify(received) ?? String(received)}.`,
        { field: "dims", expected: "integer 8..8192", received },
      );
    }
    this.dims = parsed.data.dims ?? HashEmbeddings.DEFAULT_DIMS;
    this.accumulator = new Float64Array(this.dims);
  }

  /**
   * Synchronous embedding for hot paths: a fresh unit-length `Float32Array` of `dims` values.
   * @example
   * const embeddings = new HashEmbeddings({ dims: 256 });
   * const a = embeddings.embed("user prefers short replies");
   * const b = embeddings.embed("short replies");
   * const cosine = a.reduce((sum, x, i) => sum + x * b[i]!, 0); // unit vectors: the dot product is the cosine
   */
  embed(text: string): Float32Array {
    if (typeof text !== "string") {
      throw new InvalidInputError(`HashEmbeddings.embed expects a string; received ${describe(text)}.`, {
        received: describe(text),
      });
    }
    const acc = this.accumulator;
    acc.fill(0);
    const tokens = wordTokens(text);
    const content = tokens.filter((token) => !token.stop);
    if (content.length > 0) {
      this.addWordFeatures(content, cjkRuns(tokens));
    } else if (tokens.length > 0) {
      this.addWordFeatures(tokens, cjkRuns(tokens, true));
    } else {
      this.addCharFeatures(normalizeText(text));
    }
    let squares = 0;
    for (let i = 0; i < acc.length; i++) squares += acc[i]! * acc[i]!;
    const out = new Float32Array(this.dims);
    if (squares === 0) {
      // Nothing to hash, or every feature cancelled out: one fixed direction keeps it a unit vector.
      const h = finish(SEED_BIAS);
      out[h % this.dims] = signOf(h);
      return out;
    }
    const scale = 1 / Math.sqrt(squares);
    for (let i = 0; i < acc.length; i++) out[i] = acc[i]! * scale;
    return out;
  }

  async embedQuery(text: string): Promise<number[]> {
    return Array.from(this.embed(text));
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    if (!Array.isArray(texts)) {
      throw new InvalidInputError(
        `HashEmbeddings.embedDocuments expects an array of strings; received ${describe(texts)}.`,
      );
    }
    // Many documents take a while: hand the event loop back between slices (src/yield.ts).
    const vectors: number[][] = [];
    for (const text of texts) {
      vectors.push(Array.from(this.embed(text)));
      await yieldIfDue();
    }
    return vectors;
  }

  private addWordFeatures(words: readonly WordToken[], runs: readonly string[]): void {
    const counts = FEATURE_COUNTS;

    counts.clear();
    for (const word of words) count(counts, hashString(SEED_WORD, word.term));
    this.flush(counts, WEIGHT_WORD);

    counts.clear();
    for (let i = 0; i + 1 < words.length; i++) {
      let h = hashInto(SEED_WORD_BIGRAM, words[i]!.term);
      h = step(h, PAIR_SEPARATOR);
      count(counts, finish(hashInto(h, words[i + 1]!.term)));
    }
    this.flush(counts, WEIGHT_WORD_BIGRAM);

    counts.clear();
    for (const word of words) {
      if (word.cjk) continue;
      const term = word.term;
      // Trigrams of "\u0002" + term + "\u0003", without building that string.
      const last = term.length + 1;
      for (let i = 0; i + 2 <= last; i++) {
        let h = step(SEED_TRIGRAM, i === 0 ? WORD_START : term.charCodeAt(i - 1));
        h = step(h, term.charCodeAt(i));
        h = step(h, i + 1 === term.length ? WORD_END : term.charCodeAt(i + 1));
        count(counts, finish(h));
      }
    }
    this.flush(counts, WEIGHT_LATIN_TRIGRAM);

    if (runs.length === 0) return;
    counts.clear();
    for (const run of runs) {
      for (const char of run) count(counts, finish(step(SEED_CJK_UNIGRAM, char.codePointAt(0)!)));
    }
    this.flush(counts, WEIGHT_CJK_UNIGRAM);

    counts.clear();
    for (const run of runs) {
      let previous = -1;
      for (const char of run) {
        const codePoint = char.codePointAt(0)!;
        if (previous >= 0) count(counts, finish(step(step(SEED_CJK_BIGRAM, previous), codePoint)));
        previous = codePoint;
      }
    }
    this.flush(counts, WEIGHT_CJK_BIGRAM);
  }

  /** Last resort before the bias feature: every non-space character (emoji, punctuation). */
  private addCharFeatures(normalized: string): void {
    const counts = FEATURE_COUNTS;
    counts.clear();
    for (const char of normalized) {
      if (!WHITESPACE.test(char)) count(counts, finish(step(SEED_CHAR, char.codePointAt(0)!)));
    }
    this.flush(counts, WEIGHT_WORD);
  }

  private flush(counts: Map<number, number>, weight: number): void {
    const acc = this.accumulator;
    const dims = this.dims;
    for (const [hash, tf] of counts) {
      acc[hash % dims] += signOf(hash) * weight * (1 + Math.log(tf));
    }
  }
}

// Module-level scratch map: embed() is synchronous, so calls never interleave.
const FEATURE_COUNTS = new Map<number, number>();

function count(counts: Map<number, number>, hash: number): void {
  counts.set(hash, (counts.get(hash) ?? 0) + 1);
}

/** One FNV-1a step over a UTF-16 code unit or a code point. */
function step(h: number, unit: number): number {
  return Math.imul(h ^ unit, FNV_PRIME);
}

function hashInto(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

function hashString(seed: number, text: string): number {
  return finish(hashInto(seed, text));
}

/** murmur3's 32-bit finaliser: FNV alone leaves the low bits (the bucket index) poorly mixed. */
function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The sign comes from the top bit; the bucket (hash % dims, dims ≤ 8192) from the low bits. */
function signOf(hash: number): number {
  return hash & 0x80000000 ? -1 : 1;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}
