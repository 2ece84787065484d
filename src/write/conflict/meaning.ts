/**
 * Dimensions recognised by meaning where an embeddings model is configured: a statement the
 * vocabulary misses ("please don't write me essays") is compared with each dimension's own words
 * (its labels, context and values, lexicon.ts), and belongs to the one it is clearly nearest.
 * Two statements of one subject on one dimension then relate even in words no list holds; since
 * the meaning names the dimension but not the value, such a pair is a question (for the model's
 * judgement, else the user), never a silent replacement.
 *
 * The offline default (HashEmbeddings, hashed words) carries no meaning, so nothing is read then:
 * the vocabulary alone decides, as without a model.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseStore } from "@langchain/langgraph";
import { cosine } from "../../store/vectors.js";
import { HashEmbeddings } from "../../text/embeddings.js";
import { DIMENSIONS, type Dimension } from "../extract/dimension-words.js";

/** How much nearer the best dimension must be than the next: an even match names none. */
const MARGIN = 0.05;
// Texts embedded across runs, first in first out: the same memories come back run after run.
const CACHE_SIZE = 4096;

/** The store's embeddings when they carry meaning (a configured model, not hashed words). */
export function semanticEmbeddings(store: BaseStore): EmbeddingsInterface | undefined {
  const embeddings = (store as { indexConfig?: { embeddings?: EmbeddingsInterface } }).indexConfig?.embeddings;
  return embeddings && !(embeddings instanceof HashEmbeddings) ? embeddings : undefined;
}

function prototype(dimension: Dimension): string {
  const values = Object.values(dimension.values).flatMap((words) => [...words.en, ...words.zh]);
  return [dimension.label.en, dimension.label.zh, ...dimension.context.en, ...dimension.context.zh, ...values].join(
    ", ",
  );
}

const prototypes = new WeakMap<EmbeddingsInterface, Promise<number[][]>>();
const vectors = new WeakMap<EmbeddingsInterface, Map<string, number[]>>();

/**
 * The dimension key each text is nearest to by meaning, when at least `threshold` near and
 * clearly nearer than any other; undefined otherwise. Never throws: an embeddings failure reads
 * as no dimension (the vocabulary still applies).
 * @example
 * import { OpenAIEmbeddings } from "@langchain/openai";
 * const openAiEmbeddings = new OpenAIEmbeddings({ model: "text-embedding-3-small" });
 * await dimensionsByMeaning(openAiEmbeddings, ["The user asked not to be sent essays"], 0.5); // ["reply.length"]
 */
export async function dimensionsByMeaning(
  embeddings: EmbeddingsInterface,
  texts: readonly string[],
  threshold: number,
): Promise<Array<string | undefined>> {
  try {
    let protos = prototypes.get(embeddings);
    if (!protos) {
      protos = embeddings.embedDocuments(DIMENSIONS.map(prototype));
      prototypes.set(embeddings, protos);
      protos.catch(() => prototypes.delete(embeddings));
    }
    const cache = vectors.get(embeddings) ?? new Map<string, number[]>();
    vectors.set(embeddings, cache);
    const missing = [...new Set(texts.filter((t) => !cache.has(t)))];
    const [dims, fresh] = await Promise.all([
      protos,
      missing.length > 0 ? embeddings.embedDocuments(missing) : Promise.resolve([]),
    ]);
    for (const [i, text] of missing.entries()) {
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(text, fresh[i]!);
    }
    return texts.map((text) => {
      const vector = cache.get(text);
      if (!vector) return undefined;
      const scores = dims.map((p) => cosine(vector, p));
      const order = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]);
      const [best, next] = [order[0], order[1]];
      if (!best || best[0] < threshold || (next && best[0] - next[0] < MARGIN)) return undefined;
      return DIMENSIONS[best[1]]!.key;
    });
  } catch {
    return texts.map(() => undefined);
  }
}
