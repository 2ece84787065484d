/**
 * Which embedder and which chat model the library uses.
 *
 * Order everywhere: an injected instance wins; else an OpenAI-compatible endpoint when
 * `OPENAI_API_KEY` is set (OpenAI itself, DeepSeek, Qwen/DashScope, vLLM, Ollama — point
 * `OPENAI_BASE_URL` at it); else the offline default (HashEmbeddings, and no chat model: the
 * write graph then runs on rules only). Environment values are validated with zod and a bad
 * one is an InvalidConfigError naming the variable; the API key itself is never echoed.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ChatOpenAI, OpenAIEmbeddings } from "@langchain/openai";
import { z } from "zod";
import { InvalidConfigError } from "../errors.js";
import { HashEmbeddings } from "./embeddings.js";

/** Output sizes of OpenAI's embedding models, so no probe request is needed for them. */
export const OPENAI_EMBEDDING_DIMS: Readonly<Record<string, number>> = {
  "text-embedding-3-small": 1536,
  "text-embedding-3-large": 3072,
  "text-embedding-ada-002": 1536,
};

export const DEFAULT_OPENAI_CHAT_MODEL = "gpt-4o-mini";
export const DEFAULT_OPENAI_EMBEDDING_MODEL = "text-embedding-3-small";

// Some providers accept shorter vectors on request; only OpenAI's v3 family is known to.
const SHORTENABLE_MODEL = /^text-embedding-3-/;
const PROBE_TEXT = "langgraph-memory dimension probe / 维度探测";

// `.env` files often hold `OPENAI_BASE_URL=`: blank means unset.
const blankAsUnset = (value: unknown): unknown =>
  typeof value === "string" && value.trim() === "" ? undefined : typeof value === "string" ? value.trim() : value;
const optionalText = z.preprocess(blankAsUnset, z.string().optional());

const ModelEnvSchema = z.object({
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_MODEL: optionalText,
  OPENAI_EMBEDDING_MODEL: optionalText,
  OPENAI_EMBEDDING_DIMS: z.preprocess(
    blankAsUnset,
    z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(65536)).optional(),
  ),
});

const ENV_EXPECTATIONS: Record<keyof z.input<typeof ModelEnvSchema>, string> = {
  OPENAI_API_KEY: "a string",
  OPENAI_BASE_URL: "an http(s) URL such as https://api.deepseek.com/v1",
  OPENAI_MODEL: "a model name such as gpt-4o-mini",
  OPENAI_EMBEDDING_MODEL: "a model name such as text-embedding-3-small",
  OPENAI_EMBEDDING_DIMS: "a whole number from 1 to 65536",
};

/** The model-related environment variables, validated. */
export type ModelEnv = z.output<typeof ModelEnvSchema>;

/**
 * Validate the model variables of `env`. Unrelated variables are ignored; blank values count as unset.
 * @example
 * parseModelEnv({ OPENAI_API_KEY: "sk-...", OPENAI_BASE_URL: "https://api.deepseek.com/v1" });
 */
export function parseModelEnv(env: NodeJS.ProcessEnv = process.env): ModelEnv {
  const picked = Object.fromEntries(Object.keys(ENV_EXPECTATIONS).map((name) => [name, env[name]]));
  const parsed = ModelEnvSchema.safeParse(picked);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const variable = String(issue.path[0]) as keyof typeof ENV_EXPECTATIONS;
  // Never echo a key back into logs.
  const received = variable === "OPENAI_API_KEY" ? "(hidden)" : JSON.stringify(env[variable]);
  throw new InvalidConfigError(
    `Environment variable ${variable} must be ${ENV_EXPECTATIONS[variable]}; received ${received}.`,
    { variable, expected: ENV_EXPECTATIONS[variable], received },
  );
}

export type EmbeddingsKind = "injected" | "openai" | "hash";

export interface ResolveEmbeddingsOptions {
  /** Use this embedder as-is. Its dims come from `dims`, else from embedding one probe string. */
  embeddings?: EmbeddingsInterface;
  /** Where to read `OPENAI_*` variables. @default process.env */
  env?: NodeJS.ProcessEnv;
  /**
   * Vector length. Injected: declares it (no probe). OpenAI v3 models: requested from the API
   * (overrides `OPENAI_EMBEDDING_DIMS`). Other OpenAI-compatible models: declares their native
   * size. Offline: HashEmbeddings dims (8..8192). @default model's own size; 256 offline
   */
  dims?: number;
}

export interface ResolvedEmbeddings {
  embeddings: EmbeddingsInterface;
  dims: number;
  kind: EmbeddingsKind;
}

/**
 * Pick the embedder and learn its vector length.
 *
 * Async because dims are not always known up front: an injected embedder without `dims`, or
 * an OpenAI-compatible model outside {@link OPENAI_EMBEDDING_DIMS} without
 * `OPENAI_EMBEDDING_DIMS`, is asked to embed one probe string (one request, at startup).
 * Every other path makes no call at all.
 *
 * @example
 * // Offline default: HashEmbeddings, 256 dims.
 * const { embeddings, dims, kind } = await resolveEmbeddings({ env: {} });
 * // DeepSeek/Qwen/vLLM/Ollama: OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_EMBEDDING_MODEL (+ OPENAI_EMBEDDING_DIMS).
 * const resolved = await resolveEmbeddings({ embeddings: myEmbedder, dims: 1024 });
 */
export async function resolveEmbeddings(options: ResolveEmbeddingsOptions = {}): Promise<ResolvedEmbeddings> {
  const dims = parseDimsOption(options.dims);
  if (options.embeddings !== undefined) {
    const embeddings = options.embeddings;
    return { embeddings, dims: dims ?? (await probeDims(embeddings, "the injected embeddings")), kind: "injected" };
  }

  const env = parseModelEnv(options.env ?? process.env);
  if (env.OPENAI_API_KEY === undefined) {
    const embeddings = new HashEmbeddings({ dims });
    return { embeddings, dims: embeddings.dims, kind: "hash" };
  }

  const model = env.OPENAI_EMBEDDING_MODEL ?? DEFAULT_OPENAI_EMBEDDING_MODEL;
  const declared = dims ?? env.OPENAI_EMBEDDING_DIMS;
  const native = OPENAI_EMBEDDING_DIMS[model];
  const shortenable = SHORTENABLE_MODEL.test(model);
  if (declared !== undefined && native !== undefined && declared !== native && (!shortenable || declared > native)) {
    const expected = shortenable ? `at most ${native}` : `exactly ${native}`;
    throw new InvalidConfigError(
      `Embedding model ${model} returns ${expected} dimensions; received dims=${declared} (option dims or OPENAI_EMBEDDING_DIMS).`,
      { model, expected, received: declared },
    );
  }
  const embeddings = new OpenAIEmbeddings({
    model,
    apiKey: env.OPENAI_API_KEY,
    configuration: { baseURL: env.OPENAI_BASE_URL },
    // Only ask for shortened vectors where the API supports it and they differ from the native size.
    dimensions: shortenable && declared !== undefined && declared !== native ? declared : undefined,
  });
  const resolvedDims = declared ?? native ?? (await probeDims(embeddings, `embedding model ${model}`));
  return { embeddings, dims: resolvedDims, kind: "openai" };
}

export interface ResolveChatModelOptions {
  /** Use this chat model as-is. */
  model?: BaseChatModel;
  /** Where to read `OPENAI_*` variables. @default process.env */
  env?: NodeJS.ProcessEnv;
}

/**
 * Pick the chat model for extraction and conflict judgement, or `undefined` to run on rules only.
 * With `OPENAI_API_KEY`: `ChatOpenAI` on `OPENAI_MODEL` (default gpt-4o-mini) at `OPENAI_BASE_URL`,
 * temperature 0 so repeated runs extract the same memories. Makes no network call.
 * Ollama ignores the key but the variable must still be set (any value, e.g. `ollama`).
 * @example
 * const model = resolveChatModel({
 *   env: { OPENAI_API_KEY: "sk-...", OPENAI_BASE_URL: "https://api.deepseek.com/v1", OPENAI_MODEL: "deepseek-chat" },
 * }); // ChatOpenAI
 * resolveChatModel({ env: {} }); // undefined: rules only
 */
export function resolveChatModel(options: ResolveChatModelOptions = {}): BaseChatModel | undefined {
  if (options.model !== undefined) return options.model;
  const env = parseModelEnv(options.env ?? process.env);
  if (env.OPENAI_API_KEY === undefined) return undefined;
  return new ChatOpenAI({
    model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_CHAT_MODEL,
    apiKey: env.OPENAI_API_KEY,
    configuration: { baseURL: env.OPENAI_BASE_URL },
    temperature: 0,
  });
}

function parseDimsOption(dims: unknown): number | undefined {
  if (dims === undefined) return undefined;
  if (typeof dims === "number" && Number.isInteger(dims) && dims >= 1 && dims <= 65536) return dims;
  throw new InvalidConfigError(
    `Option dims must be a whole number from 1 to 65536; received ${JSON.stringify(dims) ?? String(dims)}.`,
    {
      field: "dims",
      expected: "integer 1..65536",
      received: dims,
    },
  );
}

async function probeDims(embeddings: EmbeddingsInterface, what: string): Promise<number> {
  let vector: unknown;
  try {
    vector = await embeddings.embedQuery(PROBE_TEXT);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidConfigError(
      `Could not learn the vector length of ${what} by embedding a probe string (${reason}); pass dims or set OPENAI_EMBEDDING_DIMS.`,
      { cause: error },
    );
  }
  if (
    !Array.isArray(vector) ||
    vector.length === 0 ||
    !vector.every((x) => typeof x === "number" && Number.isFinite(x))
  ) {
    const received = Array.isArray(vector)
      ? `an array of ${vector.length} values, not all finite numbers`
      : typeof vector;
    throw new InvalidConfigError(
      `The probe embedding of ${what} must be a non-empty array of finite numbers; received ${received}.`,
      { expected: "number[]", received },
    );
  }
  return vector.length;
}
