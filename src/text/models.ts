/**
 * Which embedder and which chat model the library uses.
 *
 * Order everywhere: an injected instance wins; else the provider `LGM_EMBEDDING_PROVIDER` /
 * `LGM_CHAT_PROVIDER` names (OpenAI-compatible, Chinese providers from @langchain/community, a
 * local Transformers.js model, or explicitly offline); else an OpenAI-compatible endpoint when
 * `OPENAI_API_KEY` is set (OpenAI itself, DeepSeek, Qwen/DashScope, vLLM, Ollama — point
 * `OPENAI_BASE_URL` at it); else the offline default (HashEmbeddings, and no chat model: the
 * write graph then runs on rules only). Environment values are validated with zod and a bad or
 * missing one is an InvalidConfigError naming the variable; a key itself is never echoed.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ChatOpenAI, OpenAIEmbeddings } from "@langchain/openai";
import { InvalidConfigError } from "../errors.js";
import { HashEmbeddings } from "./embeddings.js";
import { type ChatModelPlan, planChatModel, planEmbeddings } from "./providers.js";
import { DeferredChatModel } from "./providers-deferred.js";
import { type EmbeddingProvider, type ModelEnv, parseModelEnv, requireVariable } from "./providers-env.js";

export { DeferredChatModel } from "./providers-deferred.js";
export {
  CHAT_PROVIDERS,
  type ChatProvider,
  EMBEDDING_PROVIDERS,
  type EmbeddingProvider,
  type ModelEnv,
  parseModelEnv,
} from "./providers-env.js";

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

/** Where the embedder came from: injected, or the provider that built it. */
export type EmbeddingsKind = "injected" | EmbeddingProvider;

export interface ResolveEmbeddingsOptions {
  /** Use this embedder as-is. Its dims come from `dims`, else from embedding one probe string. */
  embeddings?: EmbeddingsInterface;
  /** Where to read `LGM_*`, `OPENAI_*` and provider key variables. @default process.env */
  env?: NodeJS.ProcessEnv;
  /**
   * Vector length. Injected: declares it (no probe). OpenAI v3 models: requested from the API
   * (overrides `LGM_EMBEDDING_DIMS` / `OPENAI_EMBEDDING_DIMS`). Other models: declares their
   * native size (a known model's size must match). Offline: HashEmbeddings dims (8..8192).
   * @default model's own size; 256 offline
   */
  dims?: number;
}

export interface ResolvedEmbeddings {
  embeddings: EmbeddingsInterface;
  dims: number;
  kind: EmbeddingsKind;
  /** The model called (a local model's absolute folder path); absent for injected and hash. */
  model?: string;
}

/**
 * Pick the embedder and learn its vector length.
 *
 * Async because a provider's module is imported on demand, and dims are not always known up
 * front: an injected embedder without `dims`, or a model outside the known tables without
 * `LGM_EMBEDDING_DIMS`, is asked to embed one probe string (one request, at startup). Every
 * other path makes no call at all.
 *
 * @example
 * declare const myEmbedder: EmbeddingsInterface;
 * // Offline default: HashEmbeddings, 256 dims.
 * const { embeddings, dims, kind } = await resolveEmbeddings({ env: {} });
 * // DashScope: AlibabaTongyiEmbeddings on text-embedding-v4, 1024 dims, no request made.
 * await resolveEmbeddings({ env: { LGM_EMBEDDING_PROVIDER: "tongyi", DASHSCOPE_API_KEY: "sk-..." } });
 * // DeepSeek/Qwen/vLLM/Ollama: OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_EMBEDDING_MODEL (+ OPENAI_EMBEDDING_DIMS).
 * // Your own embedder, with its vector length (without `dims` it is asked to embed one probe string):
 * const resolved = await resolveEmbeddings({ embeddings: myEmbedder, dims: 1024 });
 */
export async function resolveEmbeddings(options: ResolveEmbeddingsOptions = {}): Promise<ResolvedEmbeddings> {
  const dims = parseDimsOption(options.dims);
  if (options.embeddings !== undefined) {
    const embeddings = options.embeddings;
    return { embeddings, dims: dims ?? (await probeDims(embeddings, "the injected embeddings")), kind: "injected" };
  }

  const env = parseModelEnv(options.env ?? process.env);
  const provider = env.LGM_EMBEDDING_PROVIDER ?? (env.OPENAI_API_KEY === undefined ? "hash" : "openai");
  if (provider === "hash") {
    const embeddings = new HashEmbeddings({ dims: dims ?? env.LGM_EMBEDDING_DIMS });
    return { embeddings, dims: embeddings.dims, kind: "hash" };
  }
  if (provider === "openai") return resolveOpenAIEmbeddings(env, dims);

  const plan = planEmbeddings(provider, env);
  const declared = dims ?? env.LGM_EMBEDDING_DIMS;
  checkDeclaredDims(plan.model, declared, plan.nativeDims, false, "option dims or LGM_EMBEDDING_DIMS");
  const embeddings = await plan.load();
  const resolvedDims =
    declared ?? plan.nativeDims ?? plan.configDims ?? (await probeDims(embeddings, `embedding model ${plan.model}`));
  return { embeddings, dims: resolvedDims, kind: provider, model: plan.model };
}

async function resolveOpenAIEmbeddings(env: ModelEnv, dims: number | undefined): Promise<ResolvedEmbeddings> {
  const apiKey = requireVariable(env, ["OPENAI_API_KEY"], "LGM_EMBEDDING_PROVIDER", "openai");
  const model = env.LGM_EMBEDDING_MODEL ?? env.OPENAI_EMBEDDING_MODEL ?? DEFAULT_OPENAI_EMBEDDING_MODEL;
  const declared = dims ?? env.LGM_EMBEDDING_DIMS ?? env.OPENAI_EMBEDDING_DIMS;
  const native = OPENAI_EMBEDDING_DIMS[model];
  const shortenable = SHORTENABLE_MODEL.test(model);
  checkDeclaredDims(model, declared, native, shortenable, "option dims or OPENAI_EMBEDDING_DIMS");
  const embeddings = new OpenAIEmbeddings({
    model,
    apiKey,
    configuration: { baseURL: env.OPENAI_BASE_URL },
    // Only ask for shortened vectors where the API supports it and they differ from the native size.
    dimensions: shortenable && declared !== undefined && declared !== native ? declared : undefined,
  });
  const resolvedDims = declared ?? native ?? (await probeDims(embeddings, `embedding model ${model}`));
  return { embeddings, dims: resolvedDims, kind: "openai", model };
}

/** A known model returns `native` dims (or fewer, when `shortenable`): a declared size must fit. */
function checkDeclaredDims(
  model: string,
  declared: number | undefined,
  native: number | undefined,
  shortenable: boolean,
  source: string,
): void {
  if (declared === undefined || native === undefined || declared === native) return;
  if (shortenable && declared < native) return;
  const expected = shortenable ? `at most ${native}` : `exactly ${native}`;
  throw new InvalidConfigError(
    `Embedding model ${model} returns ${expected} dimensions; received dims=${declared} (${source}).`,
    { model, expected, received: declared },
  );
}

export interface ResolveChatModelOptions {
  /** Use this chat model as-is. */
  model?: BaseChatModel;
  /** Where to read `LGM_*`, `OPENAI_*` and provider key variables. @default process.env */
  env?: NodeJS.ProcessEnv;
}

/**
 * Pick the chat model for extraction and conflict judgement, or `undefined` to run on rules only.
 * With `OPENAI_API_KEY` (or `LGM_CHAT_PROVIDER=openai`): `ChatOpenAI` on `LGM_CHAT_MODEL` /
 * `OPENAI_MODEL` (default gpt-4o-mini) at `OPENAI_BASE_URL`, temperature 0 so repeated runs
 * extract the same memories. With `LGM_CHAT_PROVIDER` naming a provider of @langchain/community:
 * a {@link DeferredChatModel}, which imports that provider on its first call. Credentials are
 * checked here; no module is imported and no request is made. Ollama ignores the key but the
 * variable must still be set (any value, e.g. `ollama`).
 * @example
 * const model = resolveChatModel({
 *   env: { OPENAI_API_KEY: "sk-...", OPENAI_BASE_URL: "https://api.deepseek.com/v1", OPENAI_MODEL: "deepseek-chat" },
 * }); // ChatOpenAI
 * resolveChatModel({ env: { LGM_CHAT_PROVIDER: "zhipuai", ZHIPUAI_API_KEY: "id.secret" } }); // DeferredChatModel
 * resolveChatModel({ env: {} }); // undefined: rules only
 */
export function resolveChatModel(options: ResolveChatModelOptions = {}): BaseChatModel | undefined {
  if (options.model !== undefined) return options.model;
  const planned = planChat(parseModelEnv(options.env ?? process.env));
  return planned === undefined || planned instanceof BaseChatModel ? planned : new DeferredChatModel(planned);
}

/**
 * {@link resolveChatModel}, with a provider of @langchain/community imported and built now:
 * the real client (`ChatAlibabaTongyi`, `ChatZhipuAI`, ...), not a stand-in. Makes no request.
 * @example
 * const model = await loadChatModel({ env: { LGM_CHAT_PROVIDER: "tongyi", DASHSCOPE_API_KEY: "sk-..." } });
 * // ChatAlibabaTongyi on qwen-plus, temperature 0
 */
export async function loadChatModel(options: ResolveChatModelOptions = {}): Promise<BaseChatModel | undefined> {
  if (options.model !== undefined) return options.model;
  const planned = planChat(parseModelEnv(options.env ?? process.env));
  return planned === undefined || planned instanceof BaseChatModel ? planned : planned.load();
}

function planChat(env: ModelEnv): BaseChatModel | ChatModelPlan | undefined {
  const provider = env.LGM_CHAT_PROVIDER ?? (env.OPENAI_API_KEY === undefined ? "none" : "openai");
  if (provider === "none") return undefined;
  if (provider !== "openai") return planChatModel(provider, env);
  return new ChatOpenAI({
    model: env.LGM_CHAT_MODEL ?? env.OPENAI_MODEL ?? DEFAULT_OPENAI_CHAT_MODEL,
    apiKey: requireVariable(env, ["OPENAI_API_KEY"], "LGM_CHAT_PROVIDER", "openai"),
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
      `Could not learn the vector length of ${what} by embedding a probe string (${reason}); pass dims or set LGM_EMBEDDING_DIMS.`,
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
