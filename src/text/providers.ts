/**
 * The providers besides OpenAI: Chinese model services as @langchain/community ships them, and
 * a local Transformers.js embedder. For each: the variables it reads, its default model, the
 * vector sizes it is known to return, and how to build it.
 *
 * @langchain/community and @huggingface/transformers are optional peers: installed by those who
 * use them. A plan is checked when it is made (credentials, installed packages, model folder),
 * so a misconfiguration fails at startup; building imports the provider's module then (dynamic
 * import), so the offline default and the OpenAI path never load them. Every client gets its
 * credentials from the validated environment, never reading `process.env` itself.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
// Types only (erased): the modules themselves are imported when a plan is loaded.
import type { AlibabaTongyiEmbeddingsParams } from "@langchain/community/embeddings/alibaba_tongyi";
import type { ZhipuAIEmbeddingsParams } from "@langchain/community/embeddings/zhipuai";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { InvalidConfigError } from "../errors.js";
import {
  type ChatProvider,
  type EmbeddingProvider,
  type ModelEnv,
  type ModelEnvVariable,
  requireVariable,
} from "./providers-env.js";

export type CommunityChatProvider = Exclude<ChatProvider, "openai" | "none">;
export type CommunityEmbeddingProvider = Exclude<EmbeddingProvider, "openai" | "hash">;

/** The chat model each provider uses unless `LGM_CHAT_MODEL` names another. */
export const DEFAULT_CHAT_MODELS: Readonly<Record<CommunityChatProvider, string>> = {
  tongyi: "qwen-plus",
  zhipuai: "glm-4-flash",
  hunyuan: "hunyuan-lite",
  minimax: "abab5.5-chat",
};

/**
 * The embedding model each provider uses unless `LGM_EMBEDDING_MODEL` names another. Doubao has
 * none (Ark wants a model or endpoint id of the account), Hugging Face takes a folder.
 */
export const DEFAULT_EMBEDDING_MODELS: Readonly<Partial<Record<CommunityEmbeddingProvider, string>>> = {
  tongyi: "text-embedding-v4",
  zhipuai: "embedding-3",
  hunyuan: "hunyuan-embedding",
  minimax: "embo-01",
};

/**
 * Vector lengths of the providers' embedding models as @langchain/community calls them (no
 * dimension parameter, so each model's default size), so no probe request is needed.
 */
export const PROVIDER_EMBEDDING_DIMS: Readonly<Record<string, number>> = {
  "text-embedding-v1": 1536,
  "text-embedding-v2": 1536,
  "text-embedding-v3": 1024,
  "text-embedding-v4": 1024,
  "embedding-2": 1024,
  "embedding-3": 2048,
  "hunyuan-embedding": 1024,
  "embo-01": 1536,
};

/** The optional peer that holds the Chinese providers' clients. */
export const COMMUNITY_PACKAGE = "@langchain/community";
/** The optional peer the local embedder needs; @langchain/community 1.1 is written against 3.x. */
export const TRANSFORMERS_PACKAGE = "@huggingface/transformers";
const TRANSFORMERS_INSTALL = `npm install ${TRANSFORMERS_PACKAGE}@^3.8.1`;

/** A chat model chosen and checked, not yet built. */
export interface ChatModelPlan {
  provider: CommunityChatProvider;
  model: string;
  /** Import the provider's module and build the client. No request is made. */
  load: () => Promise<BaseChatModel>;
}

/** An embedder chosen and checked, not yet built. */
export interface EmbeddingsPlan {
  provider: CommunityEmbeddingProvider;
  /** Model name, or the absolute path of a local model folder. */
  model: string;
  /** The model's only vector length, when known: a different declared one is an error. */
  nativeDims?: number;
  /** A vector length read from the model's own config, used when none is declared. */
  configDims?: number;
  /** Import the provider's module and build the client. No request is made. */
  load: () => Promise<EmbeddingsInterface>;
}

/**
 * Check what `LGM_CHAT_PROVIDER=provider` needs and plan its client. Temperature is as low as
 * each API allows, so repeated runs extract the same memories.
 * @example
 * import { parseModelEnv } from "./providers-env.js";
 * const plan = planChatModel("tongyi", parseModelEnv({ DASHSCOPE_API_KEY: "sk-..." }));
 * const model = await plan.load(); // ChatAlibabaTongyi on qwen-plus
 */
export function planChatModel(provider: CommunityChatProvider, env: ModelEnv): ChatModelPlan {
  const model = env.LGM_CHAT_MODEL ?? DEFAULT_CHAT_MODELS[provider];
  const need = (...variables: [ModelEnvVariable, ...ModelEnvVariable[]]) =>
    requireVariable(env, variables, "LGM_CHAT_PROVIDER", provider);
  const what = `LGM_CHAT_PROVIDER=${provider}`;
  switch (provider) {
    case "tongyi": {
      const alibabaApiKey = need("DASHSCOPE_API_KEY", "ALIBABA_API_KEY");
      const region = env.ALIBABA_REGION ?? "china";
      assertInstalled(what, "@langchain/community/chat_models/alibaba_tongyi");
      return {
        provider,
        model,
        load: async () => {
          const { ChatAlibabaTongyi } = await importFor(
            what,
            () => import("@langchain/community/chat_models/alibaba_tongyi"),
          );
          return new ChatAlibabaTongyi({ model, alibabaApiKey, region, temperature: 0 });
        },
      };
    }
    case "zhipuai": {
      const apiKey = need("ZHIPUAI_API_KEY");
      assertInstalled(what, "@langchain/community/chat_models/zhipuai", ZHIPU_SIGNER);
      return {
        provider,
        model,
        load: async () => {
          const { ChatZhipuAI } = await importFor(what, () => import("@langchain/community/chat_models/zhipuai"));
          // do_sample false is Zhipu's greedy decoding; temperature is then ignored.
          return new ChatZhipuAI({ model, apiKey, doSample: false });
        },
      };
    }
    case "hunyuan": {
      const tencentSecretId = need("TENCENT_SECRET_ID");
      const tencentSecretKey = need("TENCENT_SECRET_KEY");
      assertInstalled(what, "@langchain/community/chat_models/tencent_hunyuan");
      return {
        provider,
        model,
        load: async () => {
          const { ChatTencentHunyuan } = await importFor(
            what,
            () => import("@langchain/community/chat_models/tencent_hunyuan"),
          );
          return new ChatTencentHunyuan({ model, tencentSecretId, tencentSecretKey, temperature: 0 });
        },
      };
    }
    case "minimax": {
      const minimaxApiKey = need("MINIMAX_API_KEY");
      const minimaxGroupId = need("MINIMAX_GROUP_ID");
      assertInstalled(what, "@langchain/community/chat_models/minimax");
      return {
        provider,
        model,
        load: async () => {
          const { ChatMinimax } = await importFor(what, () => import("@langchain/community/chat_models/minimax"));
          // MiniMax accepts temperatures in (0, 1]: the lowest it takes, not 0.
          return new ChatMinimax({ model, minimaxApiKey, minimaxGroupId, temperature: 0.01 });
        },
      };
    }
  }
}

/**
 * Check what `LGM_EMBEDDING_PROVIDER=provider` needs and plan its embedder.
 * @example
 * import { parseModelEnv } from "./providers-env.js";
 * const plan = planEmbeddings("huggingface", parseModelEnv({ LGM_HF_MODEL_DIR: "./models/bge-small-zh-v1.5" }));
 * plan.configDims; // 512, from the folder's config.json
 */
export function planEmbeddings(provider: CommunityEmbeddingProvider, env: ModelEnv): EmbeddingsPlan {
  const need = (...variables: [ModelEnvVariable, ...ModelEnvVariable[]]) =>
    requireVariable(env, variables, "LGM_EMBEDDING_PROVIDER", provider);
  const what = `LGM_EMBEDDING_PROVIDER=${provider}`;
  if (provider === "huggingface") return planLocalEmbeddings(env);
  const model = env.LGM_EMBEDDING_MODEL ?? DEFAULT_EMBEDDING_MODELS[provider];
  if (model === undefined) {
    throw new InvalidConfigError(
      `${what} needs LGM_EMBEDDING_MODEL, the model or endpoint id to call (e.g. doubao-embedding-text-240715); it is not set.`,
      { variable: "LGM_EMBEDDING_MODEL", provider, received: "unset" },
    );
  }
  const nativeDims = PROVIDER_EMBEDDING_DIMS[model];
  switch (provider) {
    case "tongyi": {
      const apiKey = need("DASHSCOPE_API_KEY", "ALIBABA_API_KEY");
      if (env.ALIBABA_REGION !== undefined && env.ALIBABA_REGION !== "china") {
        // AlibabaTongyiEmbeddings calls the Beijing endpoint only.
        throw new InvalidConfigError(
          `${what} calls DashScope's China (Beijing) endpoint only; received ALIBABA_REGION=${env.ALIBABA_REGION}. ` +
            `For another region use its OpenAI-compatible endpoint (OPENAI_BASE_URL, OPENAI_API_KEY, LGM_EMBEDDING_PROVIDER=openai).`,
          { variable: "ALIBABA_REGION", provider, expected: "china", received: env.ALIBABA_REGION },
        );
      }
      assertInstalled(what, "@langchain/community/embeddings/alibaba_tongyi");
      return {
        provider,
        model,
        nativeDims,
        load: async () => {
          const { AlibabaTongyiEmbeddings } = await importFor(
            what,
            () => import("@langchain/community/embeddings/alibaba_tongyi"),
          );
          // The client's type lists the models it knew when published; newer names pass through.
          const modelName = model as AlibabaTongyiEmbeddingsParams["modelName"];
          return new AlibabaTongyiEmbeddings({ apiKey, modelName });
        },
      };
    }
    case "zhipuai": {
      const apiKey = need("ZHIPUAI_API_KEY");
      assertInstalled(what, "@langchain/community/embeddings/zhipuai", ZHIPU_SIGNER);
      return {
        provider,
        model,
        nativeDims,
        load: async () => {
          const { ZhipuAIEmbeddings } = await importFor(what, () => import("@langchain/community/embeddings/zhipuai"));
          return new ZhipuAIEmbeddings({ apiKey, modelName: model as ZhipuAIEmbeddingsParams["modelName"] });
        },
      };
    }
    case "hunyuan": {
      const tencentSecretId = need("TENCENT_SECRET_ID");
      const tencentSecretKey = need("TENCENT_SECRET_KEY");
      if (model !== DEFAULT_EMBEDDING_MODELS.hunyuan) {
        throw new InvalidConfigError(
          `${what} serves one embedding model, hunyuan-embedding; received LGM_EMBEDDING_MODEL=${JSON.stringify(model)}.`,
          { variable: "LGM_EMBEDDING_MODEL", provider, expected: "hunyuan-embedding", received: model },
        );
      }
      assertInstalled(what, "@langchain/community/embeddings/tencent_hunyuan");
      return {
        provider,
        model,
        nativeDims,
        load: async () => {
          const { TencentHunyuanEmbeddings } = await importFor(
            what,
            () => import("@langchain/community/embeddings/tencent_hunyuan"),
          );
          return new TencentHunyuanEmbeddings({ tencentSecretId, tencentSecretKey });
        },
      };
    }
    case "doubao": {
      const apiKey = need("ARK_API_KEY");
      assertInstalled(what, "@langchain/community/embeddings/bytedance_doubao");
      return {
        provider,
        model,
        nativeDims,
        load: async () => {
          const { ByteDanceDoubaoEmbeddings } = await importFor(
            what,
            () => import("@langchain/community/embeddings/bytedance_doubao"),
          );
          return new ByteDanceDoubaoEmbeddings({ apiKey, model });
        },
      };
    }
    case "minimax": {
      const minimaxApiKey = need("MINIMAX_API_KEY");
      const minimaxGroupId = need("MINIMAX_GROUP_ID");
      assertInstalled(what, "@langchain/community/embeddings/minimax");
      return {
        provider,
        model,
        nativeDims,
        load: async () => {
          const { MinimaxEmbeddings } = await importFor(what, () => import("@langchain/community/embeddings/minimax"));
          return new MinimaxEmbeddings({ minimaxApiKey, minimaxGroupId, model });
        },
      };
    }
  }
}

/**
 * Transformers.js on this machine. A folder in `LGM_HF_MODEL_DIR` is read from disk only; a
 * Hugging Face model id is downloaded only when `LGM_HF_ALLOW_REMOTE=true`, since many machines
 * that run agents have no way out.
 */
function planLocalEmbeddings(env: ModelEnv): EmbeddingsPlan {
  const what = "LGM_EMBEDDING_PROVIDER=huggingface";
  let model: string;
  let configDims: number | undefined;
  if (env.LGM_HF_MODEL_DIR !== undefined) {
    model = path.resolve(env.LGM_HF_MODEL_DIR);
    configDims = readModelFolder(model, env.LGM_HF_MODEL_DIR);
  } else if (env.LGM_HF_ALLOW_REMOTE === true && env.LGM_EMBEDDING_MODEL !== undefined) {
    model = env.LGM_EMBEDDING_MODEL;
  } else {
    throw new InvalidConfigError(
      `${what} needs LGM_HF_MODEL_DIR, a local model folder (config.json, tokenizer.json, onnx/model.onnx); it is not set. ` +
        `Downloading a model instead needs LGM_HF_ALLOW_REMOTE=true and LGM_EMBEDDING_MODEL set to its Hugging Face id.`,
      {
        variable: "LGM_HF_MODEL_DIR",
        provider: "huggingface",
        received: "unset",
        remoteAllowed: env.LGM_HF_ALLOW_REMOTE === true,
      },
    );
  }
  assertInstalled(what, "@langchain/community/embeddings/huggingface_transformers");
  // A folder never needs the network; a model id may download only when allowed.
  const localFilesOnly = env.LGM_HF_MODEL_DIR !== undefined || env.LGM_HF_ALLOW_REMOTE !== true;
  return {
    provider: "huggingface",
    model,
    configDims,
    load: async () => {
      await importTransformers();
      const { HuggingFaceTransformersEmbeddings } = await importFor(
        what,
        () => import("@langchain/community/embeddings/huggingface_transformers"),
      );
      return new HuggingFaceTransformersEmbeddings({ model, pretrainedOptions: { local_files_only: localFilesOnly } });
    },
  };
}

/** The folder's `hidden_size`, after checking it is a model folder. */
function readModelFolder(dir: string, given: string): number | undefined {
  const configFile = path.join(dir, "config.json");
  let config: unknown;
  try {
    config = JSON.parse(fs.readFileSync(configFile, "utf8"));
  } catch (error) {
    const missing =
      (error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR";
    const problem = missing
      ? fs.existsSync(dir)
        ? "has no config.json"
        : "does not exist"
      : `has an unreadable config.json (${error instanceof Error ? error.message : String(error)})`;
    throw new InvalidConfigError(
      `LGM_HF_MODEL_DIR must be a local model folder (config.json, tokenizer.json, onnx/model.onnx); ${JSON.stringify(given)} ${problem}.`,
      { variable: "LGM_HF_MODEL_DIR", expected: "a model folder with config.json", received: given },
    );
  }
  const size = (config as { hidden_size?: unknown } | null)?.hidden_size;
  return typeof size === "number" && Number.isInteger(size) && size > 0 ? size : undefined;
}

/** Load the optional peer up front, so its absence is a configuration error at startup. */
async function importTransformers(): Promise<void> {
  // A variable, not a literal: the package is optional, so TypeScript must not require its types.
  const specifier: string = TRANSFORMERS_PACKAGE;
  try {
    await import(specifier);
  } catch (error) {
    // Bundlers and test runners word a missing package their own way: ask Node's resolver too.
    if (missingPackage(error) === TRANSFORMERS_PACKAGE || !resolvable(TRANSFORMERS_PACKAGE)) {
      throw new InvalidConfigError(
        `LGM_EMBEDDING_PROVIDER=huggingface needs the optional package ${TRANSFORMERS_PACKAGE}, which is not installed: run ${TRANSFORMERS_INSTALL}.`,
        { package: TRANSFORMERS_PACKAGE, install: TRANSFORMERS_INSTALL },
      );
    }
    throw new InvalidConfigError(
      `LGM_EMBEDDING_PROVIDER=huggingface could not load ${TRANSFORMERS_PACKAGE}: ${error instanceof Error ? error.message : String(error)}`,
      { package: TRANSFORMERS_PACKAGE, cause: error },
    );
  }
}

// Zhipu's clients sign a token with jsonwebtoken, an optional peer of @langchain/community.
const ZHIPU_SIGNER = "jsonwebtoken";
const requireHere = createRequire(import.meta.url);

/**
 * Fail now, not at the first call, when `specifier` (or a package it needs, looked up from it)
 * is not installed. Only resolves paths; loads nothing.
 * @example
 * assertInstalled("LGM_CHAT_PROVIDER=zhipuai", "@langchain/community/chat_models/zhipuai", "jsonwebtoken");
 */
export function assertInstalled(what: string, specifier: string, ...alsoNeeds: string[]): void {
  let from = requireHere;
  for (const needed of [specifier, ...alsoNeeds]) {
    try {
      from = createRequire(from.resolve(needed));
    } catch (error) {
      throw notInstalled(what, missingPackage(error) ?? needed);
    }
  }
}

function resolvable(specifier: string): boolean {
  try {
    requireHere.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/** Import a provider module; a package missing under it becomes a configuration error naming it. */
async function importFor<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = missingPackage(error);
    if (missing === undefined) throw error;
    throw notInstalled(what, missing);
  }
}

function notInstalled(what: string, missing: string): InvalidConfigError {
  const install = `npm install ${missing}`;
  return new InvalidConfigError(`${what} needs the package ${missing}, which is not installed: run ${install}.`, {
    package: missing,
    install,
  });
}

// Node: "Cannot find package 'jsonwebtoken' imported from ...". npm names are at most 214 characters.
const MISSING_PACKAGE = /Cannot find (?:package|module) '((?:@[^/'\s]{1,214}\/)?[^/'\s]{1,214})/;

/** The package name an import failure says is missing, if that is what it says. */
export function missingPackage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return undefined;
  return MISSING_PACKAGE.exec(error.message)?.[1];
}
