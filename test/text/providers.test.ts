/**
 * The providers besides OpenAI (src/text/providers*.ts): chosen from the environment, checked at
 * startup, imported only when chosen, and talking to the right host with the right model and
 * credentials. No test needs a network or a key: requests go to a scripted `fetch` that records
 * them and answers with a response of the provider's documented shape.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { ChatAlibabaTongyi } from "@langchain/community/chat_models/alibaba_tongyi";
import { ChatMinimax } from "@langchain/community/chat_models/minimax";
import { ChatTencentHunyuan } from "@langchain/community/chat_models/tencent_hunyuan";
import { ChatZhipuAI } from "@langchain/community/chat_models/zhipuai";
import { AlibabaTongyiEmbeddings } from "@langchain/community/embeddings/alibaba_tongyi";
import { ByteDanceDoubaoEmbeddings } from "@langchain/community/embeddings/bytedance_doubao";
import { HuggingFaceTransformersEmbeddings } from "@langchain/community/embeddings/huggingface_transformers";
import { MinimaxEmbeddings } from "@langchain/community/embeddings/minimax";
import { TencentHunyuanEmbeddings } from "@langchain/community/embeddings/tencent_hunyuan";
import { ZhipuAIEmbeddings } from "@langchain/community/embeddings/zhipuai";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { ChatOpenAI } from "@langchain/openai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { InvalidConfigError } from "../../src/errors.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import {
  DeferredChatModel,
  loadChatModel,
  parseModelEnv,
  resolveChatModel,
  resolveEmbeddings,
} from "../../src/text/models.js";
import { assertInstalled, COMMUNITY_PACKAGE, missingPackage, TRANSFORMERS_PACKAGE } from "../../src/text/providers.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

// Fake credentials: distinctive, so a leak into any output is found by a plain search.
const KEYS = {
  DASHSCOPE_API_KEY: "sk-fake-dashscope-7f3a",
  ZHIPUAI_API_KEY: "fakezhipuid42.fake-zhipu-secret-9c1d",
  TENCENT_SECRET_ID: "AKIDfakeTencentId5e2b",
  TENCENT_SECRET_KEY: "fake-tencent-secret-key-8d4c",
  ARK_API_KEY: "fake-ark-key-1b6e",
  MINIMAX_API_KEY: "fake-minimax-key-3a9f",
  MINIMAX_GROUP_ID: "1700000000000000042",
} as const;
const ZHIPU_SECRET = "fake-zhipu-secret-9c1d";
const SECRETS = [KEYS.DASHSCOPE_API_KEY, ZHIPU_SECRET, KEYS.TENCENT_SECRET_KEY, KEYS.ARK_API_KEY, KEYS.MINIMAX_API_KEY];

const ENV = {
  tongyi: { DASHSCOPE_API_KEY: KEYS.DASHSCOPE_API_KEY },
  zhipuai: { ZHIPUAI_API_KEY: KEYS.ZHIPUAI_API_KEY },
  hunyuan: { TENCENT_SECRET_ID: KEYS.TENCENT_SECRET_ID, TENCENT_SECRET_KEY: KEYS.TENCENT_SECRET_KEY },
  doubao: { ARK_API_KEY: KEYS.ARK_API_KEY },
  minimax: { MINIMAX_API_KEY: KEYS.MINIMAX_API_KEY, MINIMAX_GROUP_ID: KEYS.MINIMAX_GROUP_ID },
};

// ---- a scripted fetch and a watched console --------------------------------------------------

interface RecordedRequest {
  url: URL;
  method: string | undefined;
  headers: Headers;
  body: Record<string, unknown>;
}

/** Replace global fetch: every request is recorded and answered by `reply`. */
function scriptFetch(reply: (request: RecordedRequest) => unknown, status = 200): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const request: RecordedRequest = {
        url: new URL(String(input)),
        method: init?.method,
        headers: new Headers(init?.headers),
        body: typeof init?.body === "string" ? JSON.parse(init.body) : {},
      };
      requests.push(request);
      return new Response(JSON.stringify(reply(request)), {
        status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return requests;
}

/** A fetch that must not be called: resolution makes no request. */
function forbidFetch(): ReturnType<typeof vi.fn> {
  const forbidden = vi.fn(async () => {
    throw new Error("no request expected");
  });
  vi.stubGlobal("fetch", forbidden);
  return forbidden;
}

let printed: string[] = [];
beforeEach(() => {
  printed = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map((a) => (typeof a === "string" ? a : (JSON.stringify(a) ?? String(a)))).join(" "));
    });
  }
});
afterEach(() => {
  // Whatever a test did, no credential reached the console.
  for (const secret of SECRETS) expect(printed.join("\n")).not.toContain(secret);
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** The error a promise or function rejects with, to assert on more than its class. */
async function failure(run: () => unknown): Promise<InvalidConfigError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidConfigError);
    return error as InvalidConfigError;
  }
  throw new Error("expected an InvalidConfigError, got success");
}

// ---- the environment -------------------------------------------------------------------------

describe("parseModelEnv: provider variables", () => {
  it("reads provider names case-insensitively and the remote flag as a boolean", () => {
    const env = parseModelEnv({
      LGM_CHAT_PROVIDER: " Tongyi ",
      LGM_EMBEDDING_PROVIDER: "HuggingFace",
      LGM_HF_ALLOW_REMOTE: "YES",
      LGM_EMBEDDING_DIMS: "512",
      ALIBABA_REGION: "Singapore",
    });
    expect(env).toMatchObject({
      LGM_CHAT_PROVIDER: "tongyi",
      LGM_EMBEDDING_PROVIDER: "huggingface",
      LGM_HF_ALLOW_REMOTE: true,
      LGM_EMBEDDING_DIMS: 512,
      ALIBABA_REGION: "singapore",
    });
    expect(parseModelEnv({ LGM_HF_ALLOW_REMOTE: "0" }).LGM_HF_ALLOW_REMOTE).toBe(false);
  });

  it.each([
    ["LGM_CHAT_PROVIDER", "qwen", /LGM_CHAT_PROVIDER must be one of openai, tongyi, zhipuai, hunyuan, minimax, none/],
    ["LGM_EMBEDDING_PROVIDER", "bge", /LGM_EMBEDDING_PROVIDER must be one of .*doubao.*huggingface, hash/],
    ["LGM_HF_ALLOW_REMOTE", "maybe", /LGM_HF_ALLOW_REMOTE must be true or false; received "maybe"/],
    ["ALIBABA_REGION", "mars", /ALIBABA_REGION must be one of china, singapore, us/],
  ])("names an unknown %s value", async (variable, value, message) => {
    const error = await failure(() => parseModelEnv({ [variable]: value }));
    expect(error.message).toMatch(message);
    expect(error.details?.variable).toBe(variable);
  });

  it("refuses a Zhipu key without its secret part, without quoting it", async () => {
    const error = await failure(() => parseModelEnv({ ZHIPUAI_API_KEY: "onlyanidnosecret" }));
    expect(error.message).toMatch(/ZHIPUAI_API_KEY must be the key as Zhipu's console shows it/);
    expect(error.message).not.toContain("onlyanidnosecret");
    expect(error.details?.received).toBe("(hidden)");
  });
});

// ---- chat models -----------------------------------------------------------------------------

const CHAT_CASES = [
  { provider: "tongyi", Class: ChatAlibabaTongyi, defaultModel: "qwen-plus", model: "qwen-max" },
  { provider: "zhipuai", Class: ChatZhipuAI, defaultModel: "glm-4-flash", model: "glm-4-plus" },
  { provider: "hunyuan", Class: ChatTencentHunyuan, defaultModel: "hunyuan-lite", model: "hunyuan-turbo" },
  { provider: "minimax", Class: ChatMinimax, defaultModel: "abab5.5-chat", model: "abab6.5s-chat" },
] as const;

describe("chat providers from the environment", () => {
  it.each(CHAT_CASES)("LGM_CHAT_PROVIDER=$provider builds $Class.name on the configured model", async (c) => {
    forbidFetch();
    const env = { ...ENV[c.provider], LGM_CHAT_PROVIDER: c.provider, LGM_CHAT_MODEL: c.model };
    const loaded = await loadChatModel({ env });
    expect(loaded).toBeInstanceOf(c.Class);
    expect((loaded as unknown as { model: string }).model).toBe(c.model);

    const byDefault = await loadChatModel({ env: { ...ENV[c.provider], LGM_CHAT_PROVIDER: c.provider } });
    expect((byDefault as unknown as { model: string }).model).toBe(c.defaultModel);
  });

  it.each(CHAT_CASES)("resolveChatModel defers $provider until the first call, then builds it once", async (c) => {
    const env = { ...ENV[c.provider], LGM_CHAT_PROVIDER: c.provider, LGM_CHAT_MODEL: c.model };
    const model = resolveChatModel({ env });
    expect(model).toBeInstanceOf(DeferredChatModel);
    const deferred = model as DeferredChatModel;
    expect([deferred.provider, deferred.model]).toEqual([c.provider, c.model]);
    const real = await deferred.load();
    expect(real).toBeInstanceOf(c.Class);
    expect(await deferred.load()).toBe(real);
  });

  it("sets each client's lowest temperature and its credentials from the given env only", async () => {
    vi.stubEnv("ALIBABA_API_KEY", "sk-process-env-must-not-be-used");
    const tongyi = (await loadChatModel({ env: { ...ENV.tongyi, LGM_CHAT_PROVIDER: "tongyi" } })) as ChatAlibabaTongyi;
    expect(tongyi.temperature).toBe(0);
    expect(tongyi.alibabaApiKey).toBe(KEYS.DASHSCOPE_API_KEY);
    const zhipu = (await loadChatModel({ env: { ...ENV.zhipuai, LGM_CHAT_PROVIDER: "zhipuai" } })) as ChatZhipuAI;
    expect(zhipu.doSample).toBe(false);
    const hunyuan = (await loadChatModel({
      env: { ...ENV.hunyuan, LGM_CHAT_PROVIDER: "hunyuan" },
    })) as ChatTencentHunyuan;
    expect(hunyuan.temperature).toBe(0);
    const minimax = (await loadChatModel({ env: { ...ENV.minimax, LGM_CHAT_PROVIDER: "minimax" } })) as ChatMinimax;
    expect(minimax.temperature).toBe(0.01);
    expect(minimax.minimaxGroupId).toBe(KEYS.MINIMAX_GROUP_ID);
  });

  it("takes ALIBABA_API_KEY instead of DASHSCOPE_API_KEY, and ALIBABA_REGION's endpoint", async () => {
    const env = { LGM_CHAT_PROVIDER: "tongyi", ALIBABA_API_KEY: KEYS.DASHSCOPE_API_KEY, ALIBABA_REGION: "singapore" };
    const model = (await loadChatModel({ env })) as ChatAlibabaTongyi;
    expect(model.alibabaApiKey).toBe(KEYS.DASHSCOPE_API_KEY);
    expect(new URL(model.apiUrl).host).toBe("dashscope-intl.aliyuncs.com");
  });

  it.each([
    ["tongyi", {}, "DASHSCOPE_API_KEY", /LGM_CHAT_PROVIDER=tongyi needs DASHSCOPE_API_KEY \(or ALIBABA_API_KEY\)/],
    ["zhipuai", {}, "ZHIPUAI_API_KEY", /needs ZHIPUAI_API_KEY; it is not set/],
    ["hunyuan", {}, "TENCENT_SECRET_ID", /needs TENCENT_SECRET_ID/],
    ["hunyuan", { TENCENT_SECRET_ID: KEYS.TENCENT_SECRET_ID }, "TENCENT_SECRET_KEY", /needs TENCENT_SECRET_KEY/],
    ["minimax", { MINIMAX_GROUP_ID: KEYS.MINIMAX_GROUP_ID }, "MINIMAX_API_KEY", /needs MINIMAX_API_KEY/],
    ["minimax", { MINIMAX_API_KEY: KEYS.MINIMAX_API_KEY }, "MINIMAX_GROUP_ID", /needs MINIMAX_GROUP_ID/],
    ["openai", {}, "OPENAI_API_KEY", /LGM_CHAT_PROVIDER=openai needs OPENAI_API_KEY/],
  ])("%s without its credentials fails at resolution, naming %s", async (provider, extra, variable, message) => {
    const env = { LGM_CHAT_PROVIDER: provider, ...extra };
    const error = await failure(() => resolveChatModel({ env }));
    expect(error.message).toMatch(message);
    expect(error.details?.variable).toBe(variable);
    await expect(loadChatModel({ env })).rejects.toThrow(InvalidConfigError);
  });

  it("never quotes a key in a configuration error", async () => {
    const error = await failure(() =>
      resolveChatModel({ env: { LGM_CHAT_PROVIDER: "hunyuan", TENCENT_SECRET_KEY: KEYS.TENCENT_SECRET_KEY } }),
    );
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(KEYS.TENCENT_SECRET_KEY);
  });

  it("LGM_CHAT_PROVIDER=none runs on rules even with OPENAI_API_KEY; =openai takes LGM_CHAT_MODEL", () => {
    expect(resolveChatModel({ env: { OPENAI_API_KEY: "sk-x", LGM_CHAT_PROVIDER: "none" } })).toBeUndefined();
    const openai = resolveChatModel({
      env: { OPENAI_API_KEY: "sk-x", OPENAI_MODEL: "gpt-4o", LGM_CHAT_PROVIDER: "openai", LGM_CHAT_MODEL: "gpt-4.1" },
    });
    expect(openai).toBeInstanceOf(ChatOpenAI);
    expect((openai as ChatOpenAI).model).toBe("gpt-4.1");
  });

  it("returns an injected model as-is, whatever the environment says", async () => {
    const injected = new FakeListChatModel({ responses: ["ok"] });
    const env = { LGM_CHAT_PROVIDER: "no-such-provider" };
    expect(resolveChatModel({ model: injected, env })).toBe(injected);
    expect(await loadChatModel({ model: injected, env })).toBe(injected);
  });
});

// ---- embeddings ------------------------------------------------------------------------------

const EMBEDDING_CASES = [
  {
    provider: "tongyi",
    Class: AlibabaTongyiEmbeddings,
    model: "text-embedding-v3",
    dims: 1024,
    read: (e: EmbeddingsInterface) => (e as AlibabaTongyiEmbeddings).modelName,
  },
  {
    provider: "zhipuai",
    Class: ZhipuAIEmbeddings,
    model: "embedding-2",
    dims: 1024,
    read: (e: EmbeddingsInterface) => (e as ZhipuAIEmbeddings).modelName,
  },
  {
    provider: "hunyuan",
    Class: TencentHunyuanEmbeddings,
    model: "hunyuan-embedding",
    dims: 1024,
    read: () => "hunyuan-embedding",
  },
  {
    provider: "doubao",
    Class: ByteDanceDoubaoEmbeddings,
    model: "doubao-embedding-text-240715",
    dims: 2560,
    read: (e: EmbeddingsInterface) => (e as ByteDanceDoubaoEmbeddings).model,
  },
  {
    provider: "minimax",
    Class: MinimaxEmbeddings,
    model: "embo-01",
    dims: 1536,
    read: (e: EmbeddingsInterface) => (e as MinimaxEmbeddings).model,
  },
] as const;

describe("embedding providers from the environment", () => {
  it.each(EMBEDDING_CASES)(
    "LGM_EMBEDDING_PROVIDER=$provider builds $Class.name on $model, $dims dims, without a request",
    async (c) => {
      const fetch = forbidFetch();
      const env = {
        ...ENV[c.provider],
        LGM_EMBEDDING_PROVIDER: c.provider,
        LGM_EMBEDDING_MODEL: c.model,
        // Doubao's sizes are not in the table: declared.
        ...(c.provider === "doubao" ? { LGM_EMBEDDING_DIMS: String(c.dims) } : {}),
      };
      const resolved = await resolveEmbeddings({ env });
      expect(resolved.embeddings).toBeInstanceOf(c.Class);
      expect(c.read(resolved.embeddings)).toBe(c.model);
      expect(resolved).toMatchObject({ kind: c.provider, model: c.model, dims: c.dims });
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("uses each provider's default model and its known size", async () => {
    forbidFetch();
    const tongyi = await resolveEmbeddings({ env: { ...ENV.tongyi, LGM_EMBEDDING_PROVIDER: "tongyi" } });
    expect([(tongyi.embeddings as AlibabaTongyiEmbeddings).modelName, tongyi.dims]).toEqual([
      "text-embedding-v4",
      1024,
    ]);
    const zhipu = await resolveEmbeddings({ env: { ...ENV.zhipuai, LGM_EMBEDDING_PROVIDER: "zhipuai" } });
    expect([(zhipu.embeddings as ZhipuAIEmbeddings).modelName, zhipu.dims]).toEqual(["embedding-3", 2048]);
    const minimax = await resolveEmbeddings({ env: { ...ENV.minimax, LGM_EMBEDDING_PROVIDER: "minimax" } });
    expect([(minimax.embeddings as MinimaxEmbeddings).model, minimax.dims]).toEqual(["embo-01", 1536]);
  });

  it.each([
    ["tongyi", {}, "DASHSCOPE_API_KEY"],
    ["zhipuai", {}, "ZHIPUAI_API_KEY"],
    ["hunyuan", { TENCENT_SECRET_ID: KEYS.TENCENT_SECRET_ID }, "TENCENT_SECRET_KEY"],
    ["doubao", { LGM_EMBEDDING_MODEL: "doubao-embedding-text-240715" }, "ARK_API_KEY"],
    ["minimax", { MINIMAX_API_KEY: KEYS.MINIMAX_API_KEY }, "MINIMAX_GROUP_ID"],
    ["openai", {}, "OPENAI_API_KEY"],
  ])("%s without its credentials names %s", async (provider, extra, variable) => {
    const error = await failure(() => resolveEmbeddings({ env: { LGM_EMBEDDING_PROVIDER: provider, ...extra } }));
    expect(error.message).toMatch(new RegExp(`LGM_EMBEDDING_PROVIDER=${provider} needs ${variable}`));
    expect(error.details?.variable).toBe(variable);
  });

  it("doubao needs a model or endpoint id", async () => {
    const error = await failure(() => resolveEmbeddings({ env: { ...ENV.doubao, LGM_EMBEDDING_PROVIDER: "doubao" } }));
    expect(error.message).toMatch(/LGM_EMBEDDING_PROVIDER=doubao needs LGM_EMBEDDING_MODEL/);
  });

  it("refuses a declared size a known model cannot return", async () => {
    const env = { ...ENV.zhipuai, LGM_EMBEDDING_PROVIDER: "zhipuai", LGM_EMBEDDING_MODEL: "embedding-2" };
    await expect(resolveEmbeddings({ env: { ...env, LGM_EMBEDDING_DIMS: "768" } })).rejects.toThrow(
      /embedding-2 returns exactly 1024 dimensions; received dims=768 \(option dims or LGM_EMBEDDING_DIMS\)/,
    );
    await expect(resolveEmbeddings({ env, dims: 512 })).rejects.toThrow(InvalidConfigError);
    expect((await resolveEmbeddings({ env, dims: 1024 })).dims).toBe(1024);
  });

  it("refuses Tongyi embeddings outside the China region, and another Hunyuan embedding model", async () => {
    const tongyi = await failure(() =>
      resolveEmbeddings({ env: { ...ENV.tongyi, LGM_EMBEDDING_PROVIDER: "tongyi", ALIBABA_REGION: "us" } }),
    );
    expect(tongyi.details?.variable).toBe("ALIBABA_REGION");
    const hunyuan = await failure(() =>
      resolveEmbeddings({ env: { ...ENV.hunyuan, LGM_EMBEDDING_PROVIDER: "hunyuan", LGM_EMBEDDING_MODEL: "bge" } }),
    );
    expect(hunyuan.message).toMatch(/serves one embedding model, hunyuan-embedding/);
  });

  it("LGM_EMBEDDING_PROVIDER=hash stays offline even with OPENAI_API_KEY, at LGM_EMBEDDING_DIMS", async () => {
    const resolved = await resolveEmbeddings({
      env: { OPENAI_API_KEY: "sk-x", LGM_EMBEDDING_PROVIDER: "hash", LGM_EMBEDDING_DIMS: "128" },
    });
    expect(resolved.embeddings).toBeInstanceOf(HashEmbeddings);
    expect([resolved.kind, resolved.dims]).toEqual(["hash", 128]);
  });

  it("learns an unlisted model's size from one probe request", async () => {
    const requests = scriptFetch(() => ({
      data: [{ embedding: new Array(2560).fill(0.01), index: 0, object: "embedding" }],
      model: "doubao-embedding-text-240715",
      object: "list",
      usage: { prompt_tokens: 9, total_tokens: 9 },
    }));
    const env = { ...ENV.doubao, LGM_EMBEDDING_PROVIDER: "doubao", LGM_EMBEDDING_MODEL: "ep-20260101-abcde" };
    const resolved = await resolveEmbeddings({ env });
    expect(resolved.dims).toBe(2560);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body.model).toBe("ep-20260101-abcde");
  });

  it("returns an injected embedder as-is, whatever the environment says", async () => {
    const injected = new HashEmbeddings({ dims: 32 });
    const resolved = await resolveEmbeddings({ embeddings: injected, dims: 32, env: { LGM_EMBEDDING_PROVIDER: "??" } });
    expect(resolved.embeddings).toBe(injected);
    expect(resolved.kind).toBe("injected");
  });
});

describe("local Transformers.js embeddings", () => {
  let dir = "";
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-hf-"));
  });
  afterEach(() => {
    vi.doUnmock(TRANSFORMERS_PACKAGE);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function modelFolder(config: Record<string, unknown> = { hidden_size: 512 }): string {
    const folder = path.join(dir, "bge-small-zh-v1.5");
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, "config.json"), JSON.stringify(config));
    return folder;
  }

  it("is an optional peer: neither a dependency nor in the lock", () => {
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8"));
    expect(Object.keys({ ...PKG.dependencies, ...PKG.devDependencies })).not.toContain(TRANSFORMERS_PACKAGE);
    expect(PKG.peerDependenciesMeta[TRANSFORMERS_PACKAGE]).toEqual({ optional: true });
    expect(Object.keys(lock.packages)).not.toContain(`node_modules/${TRANSFORMERS_PACKAGE}`);
  });

  const installed = (() => {
    try {
      createRequire(import.meta.url).resolve(TRANSFORMERS_PACKAGE);
      return true;
    } catch {
      return false;
    }
  })();
  // Only where the optional package is really absent (as in this repository's install).
  it.skipIf(installed)("without the package: an error naming it and the command that installs it", async () => {
    const env = { LGM_EMBEDDING_PROVIDER: "huggingface", LGM_HF_MODEL_DIR: modelFolder() };
    const error = await failure(() => resolveEmbeddings({ env }));
    expect(error.message).toMatch(
      /LGM_EMBEDDING_PROVIDER=huggingface needs the optional package @huggingface\/transformers, which is not installed: run npm install @huggingface\/transformers@\^3\.8\.1/,
    );
    expect(error.details).toMatchObject({ package: TRANSFORMERS_PACKAGE });
  });

  it("reads a local folder only: absolute path, local_files_only, dims from its config.json", async () => {
    vi.doMock(TRANSFORMERS_PACKAGE, () => ({ pipeline: vi.fn() }));
    const folder = modelFolder({ hidden_size: 512 });
    // A relative path is taken from the working directory.
    const relative = path.relative(process.cwd(), folder);
    const resolved = await resolveEmbeddings({
      env: { LGM_EMBEDDING_PROVIDER: "huggingface", LGM_HF_MODEL_DIR: relative },
    });
    expect(resolved.embeddings).toBeInstanceOf(HuggingFaceTransformersEmbeddings);
    const embeddings = resolved.embeddings as HuggingFaceTransformersEmbeddings;
    expect(embeddings.model).toBe(folder);
    expect(embeddings.pretrainedOptions).toEqual({ local_files_only: true });
    expect(resolved).toMatchObject({ kind: "huggingface", model: folder, dims: 512 });
  });

  it("refuses a folder that is missing or is not a model folder", async () => {
    const missing = await failure(() =>
      resolveEmbeddings({
        env: { LGM_EMBEDDING_PROVIDER: "huggingface", LGM_HF_MODEL_DIR: path.join(dir, "nowhere") },
      }),
    );
    expect(missing.message).toMatch(/LGM_HF_MODEL_DIR must be a local model folder .* does not exist/);
    expect(missing.details?.variable).toBe("LGM_HF_MODEL_DIR");
    const empty = await failure(() =>
      resolveEmbeddings({ env: { LGM_EMBEDDING_PROVIDER: "huggingface", LGM_HF_MODEL_DIR: dir } }),
    );
    expect(empty.message).toMatch(/has no config\.json/);
  });

  it("downloads nothing unless LGM_HF_ALLOW_REMOTE=true", async () => {
    const hubModel = { LGM_EMBEDDING_PROVIDER: "huggingface", LGM_EMBEDDING_MODEL: "Xenova/bge-small-zh-v1.5" };
    for (const env of [hubModel, { ...hubModel, LGM_HF_ALLOW_REMOTE: "false" }]) {
      const error = await failure(() => resolveEmbeddings({ env }));
      expect(error.message).toMatch(/needs LGM_HF_MODEL_DIR, a local model folder .*LGM_HF_ALLOW_REMOTE=true/);
      expect(error.details).toMatchObject({ variable: "LGM_HF_MODEL_DIR", remoteAllowed: false });
    }

    vi.doMock(TRANSFORMERS_PACKAGE, () => ({ pipeline: vi.fn() }));
    const allowed = await resolveEmbeddings({
      env: { ...hubModel, LGM_HF_ALLOW_REMOTE: "true", LGM_EMBEDDING_DIMS: "512" },
    });
    const embeddings = allowed.embeddings as HuggingFaceTransformersEmbeddings;
    expect(embeddings.model).toBe("Xenova/bge-small-zh-v1.5");
    expect(embeddings.pretrainedOptions).toEqual({ local_files_only: false });
    expect(allowed.dims).toBe(512);
  });
});

describe("installed packages", () => {
  it("@langchain/community is an optional peer, installed here for development only", () => {
    expect(Object.keys(PKG.dependencies)).not.toContain(COMMUNITY_PACKAGE);
    expect(PKG.peerDependencies[COMMUNITY_PACKAGE]).toBeDefined();
    expect(PKG.peerDependenciesMeta[COMMUNITY_PACKAGE]).toEqual({ optional: true });
    expect(PKG.devDependencies[COMMUNITY_PACKAGE]).toBeDefined();
  });

  it("a provider whose package is missing fails at resolution, naming the package to install", async () => {
    expect(() => assertInstalled("x", "@langchain/community/chat_models/zhipuai", "jsonwebtoken")).not.toThrow();
    const scoped = await failure(() =>
      assertInstalled("LGM_CHAT_PROVIDER=tongyi", "@lgm-absent/community/chat_models/x"),
    );
    expect(scoped.message).toBe(
      "LGM_CHAT_PROVIDER=tongyi needs the package @lgm-absent/community, which is not installed: run npm install @lgm-absent/community.",
    );
    expect(scoped.details).toEqual({ package: "@lgm-absent/community", install: "npm install @lgm-absent/community" });
    // A package the provider module needs is looked up from that module, not from here.
    const signer = await failure(() =>
      assertInstalled("LGM_CHAT_PROVIDER=zhipuai", "@langchain/community/chat_models/zhipuai", "lgm-absent-signer"),
    );
    expect(signer.details?.package).toBe("lgm-absent-signer");
  });
});

describe("missingPackage", () => {
  const notFound = (message: string) => Object.assign(new Error(message), { code: "ERR_MODULE_NOT_FOUND" });
  it("reads the package name from Node's import error", () => {
    expect(missingPackage(notFound("Cannot find package 'jsonwebtoken' imported from /x/zhipuai.js"))).toBe(
      "jsonwebtoken",
    );
    expect(missingPackage(notFound("Cannot find package '@huggingface/transformers' imported from /x.js"))).toBe(
      "@huggingface/transformers",
    );
    expect(missingPackage(notFound("Cannot find module '/abs/dist/file.js' imported from /x.js"))).toBeUndefined();
    expect(missingPackage(new Error("Cannot find package 'x'"))).toBeUndefined();
    expect(missingPackage("Cannot find package 'x'")).toBeUndefined();
  });
});

describe("loading", () => {
  const MODULES = [
    "@langchain/community/chat_models/alibaba_tongyi",
    "@langchain/community/chat_models/zhipuai",
    "@langchain/community/chat_models/tencent_hunyuan",
    "@langchain/community/chat_models/minimax",
    "@langchain/community/embeddings/alibaba_tongyi",
    "@langchain/community/embeddings/zhipuai",
    "@langchain/community/embeddings/tencent_hunyuan",
    "@langchain/community/embeddings/bytedance_doubao",
    "@langchain/community/embeddings/minimax",
    "@langchain/community/embeddings/huggingface_transformers",
  ];
  afterEach(() => {
    for (const specifier of MODULES) vi.doUnmock(specifier);
  });

  it("imports no provider module offline, on OpenAI, or when resolving a chat model", async () => {
    const imported: string[] = [];
    // A fresh copy of the library, so a static import would go through the stand-ins too.
    vi.resetModules();
    for (const specifier of MODULES) {
      vi.doMock(specifier, () => {
        imported.push(specifier);
        return {};
      });
    }
    const { resolveChatModel, resolveEmbeddings } = await import("../../src/text/models.js");
    await resolveEmbeddings({ env: {} });
    await resolveEmbeddings({ env: { OPENAI_API_KEY: "sk-x" } });
    resolveChatModel({ env: {} });
    resolveChatModel({ env: { OPENAI_API_KEY: "sk-x" } });
    resolveChatModel({ env: { ...ENV.zhipuai, LGM_CHAT_PROVIDER: "zhipuai" } });
    expect(imported).toEqual([]);

    // The control: choosing a provider does import it (the stand-in module has no class).
    await expect(resolveEmbeddings({ env: { ...ENV.tongyi, LGM_EMBEDDING_PROVIDER: "tongyi" } })).rejects.toThrow();
    expect(imported).toEqual(["@langchain/community/embeddings/alibaba_tongyi"]);
  });
});

// ---- requests, scripted ----------------------------------------------------------------------

function bearer(request: RecordedRequest): string | null {
  return request.headers.get("authorization");
}

describe("chat requests (scripted fetch)", () => {
  const prompt = [new SystemMessage("Extract memories."), new HumanMessage("我不吃香菜")];

  it("Tongyi posts to DashScope with the model and a bearer key, and reads output.text", async () => {
    const requests = scriptFetch(() => ({
      output: { text: "好的，记住了：用户不吃香菜。", finish_reason: "stop" },
      usage: { input_tokens: 12, output_tokens: 9, total_tokens: 21 },
      request_id: "0f1e2d3c-tongyi",
    }));
    const model = resolveChatModel({ env: { ...ENV.tongyi, LGM_CHAT_PROVIDER: "tongyi", LGM_CHAT_MODEL: "qwen-max" } });
    const reply = await model!.invoke(prompt);
    expect(reply.content).toBe("好的，记住了：用户不吃香菜。");
    expect(reply.usage_metadata?.total_tokens).toBe(21);
    const [request] = requests;
    expect(request!.url.host).toBe("dashscope.aliyuncs.com");
    expect(request!.url.pathname).toBe("/api/v1/services/aigc/text-generation/generation");
    expect(request!.body.model).toBe("qwen-max");
    expect(request!.body.parameters).toMatchObject({ temperature: 0 });
    expect(bearer(request!)).toBe(`Bearer ${KEYS.DASHSCOPE_API_KEY}`);
    expect(JSON.stringify(reply)).not.toContain(KEYS.DASHSCOPE_API_KEY);
  });

  it("Tongyi through the stand-in gives structured output from the provider's tool call", async () => {
    const requests = scriptFetch(() => ({
      output: {
        choices: [
          {
            finish_reason: "tool_calls",
            message: {
              role: "assistant",
              content: "",
              tool_calls: [
                {
                  id: "call_1",
                  type: "function",
                  function: { name: "extract_memories", arguments: '{"memories":["用户不吃香菜"]}' },
                },
              ],
            },
          },
        ],
      },
      usage: { input_tokens: 30, output_tokens: 12, total_tokens: 42 },
      request_id: "1a2b-tongyi",
    }));
    const model = resolveChatModel({ env: { ...ENV.tongyi, LGM_CHAT_PROVIDER: "tongyi" } }) as BaseChatModel;
    const structured = model.withStructuredOutput(z.object({ memories: z.array(z.string()) }), {
      name: "extract_memories",
      includeRaw: true,
    });
    const result = await structured.invoke(prompt);
    expect(result.parsed).toEqual({ memories: ["用户不吃香菜"] });
    const tools = (requests[0]!.body.parameters as { tools: Array<{ function: { name: string } }> }).tools;
    expect(tools.map((t) => t.function.name)).toEqual(["extract_memories"]);
  });

  it("a provider without tool calling says so, so extraction can fall back to JSON replies", async () => {
    forbidFetch();
    const model = resolveChatModel({ env: { ...ENV.hunyuan, LGM_CHAT_PROVIDER: "hunyuan" } }) as BaseChatModel;
    const structured = model.withStructuredOutput(z.object({ memories: z.array(z.string()) }));
    await expect(structured.invoke(prompt)).rejects.toThrow(/bindTools/);
  });

  it("Zhipu posts to open.bigmodel.cn with a signed token, never the secret", async () => {
    const requests = scriptFetch(() => ({
      id: "20260101-zhipu",
      created: 1767225600,
      model: "glm-4-plus",
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "记住了" } }],
      usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 },
    }));
    const model = resolveChatModel({
      env: { ...ENV.zhipuai, LGM_CHAT_PROVIDER: "zhipuai", LGM_CHAT_MODEL: "glm-4-plus" },
    });
    const reply = await model!.invoke(prompt);
    expect(reply.content).toBe("记住了");
    const [request] = requests;
    expect(request!.url.host).toBe("open.bigmodel.cn");
    expect(request!.body).toMatchObject({ model: "glm-4-plus", do_sample: false });
    const token = bearer(request!)!;
    expect(token).not.toContain(ZHIPU_SECRET);
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
    expect(payload.api_key).toBe("fakezhipuid42");
  });

  it("Hunyuan posts to the Tencent Cloud API with a TC3 signature, never the secret key", async () => {
    const requests = scriptFetch(() => ({
      Response: {
        RequestId: "req-hunyuan",
        Choices: [{ FinishReason: "stop", Message: { Role: "assistant", Content: "已记住" } }],
        Usage: { PromptTokens: 8, CompletionTokens: 3, TotalTokens: 11 },
      },
    }));
    const model = resolveChatModel({ env: { ...ENV.hunyuan, LGM_CHAT_PROVIDER: "hunyuan" } });
    const reply = await model!.invoke(prompt);
    expect(reply.content).toBe("已记住");
    const [request] = requests;
    expect(request!.url.host).toBe("hunyuan.tencentcloudapi.com");
    expect(request!.headers.get("x-tc-action")).toBe("ChatCompletions");
    expect(request!.body).toMatchObject({ Model: "hunyuan-lite", Temperature: 0 });
    const authorization = bearer(request!)!;
    expect(authorization).toMatch(new RegExp(`^TC3-HMAC-SHA256 Credential=${KEYS.TENCENT_SECRET_ID}/`));
    expect(authorization).not.toContain(KEYS.TENCENT_SECRET_KEY);
  });

  it("MiniMax posts to chatcompletion_pro with the group id and reads the bot's message", async () => {
    const requests = scriptFetch(() => ({
      id: "minimax-1",
      created: 1767225600,
      model: "abab5.5-chat",
      reply: "记住了",
      choices: [
        { finish_reason: "stop", messages: [{ sender_type: "BOT", sender_name: "Assistant", text: "记住了" }] },
      ],
      usage: { total_tokens: 20 },
      base_resp: { status_code: 0, status_msg: "" },
    }));
    const model = resolveChatModel({ env: { ...ENV.minimax, LGM_CHAT_PROVIDER: "minimax" } });
    const reply = await model!.invoke(prompt);
    expect(reply.content).toBe("记住了");
    const [request] = requests;
    expect(request!.url.host).toBe("api.minimax.chat");
    expect(request!.url.pathname).toBe("/v1/text/chatcompletion_pro");
    expect(request!.url.searchParams.get("GroupId")).toBe(KEYS.MINIMAX_GROUP_ID);
    expect(request!.body).toMatchObject({ model: "abab5.5-chat", temperature: 0.01 });
    expect(bearer(request!)).toBe(`Bearer ${KEYS.MINIMAX_API_KEY}`);
  });

  it("a refused key comes back as the provider's error, without the key", async () => {
    scriptFetch(() => ({ code: "InvalidApiKey", message: "Invalid API-key provided.", request_id: "r-401" }), 401);
    const model = resolveChatModel({ env: { ...ENV.tongyi, LGM_CHAT_PROVIDER: "tongyi" } });
    const error = await model!.invoke(prompt).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/Invalid API-key provided/);
    expect((error as Error).message).not.toContain(KEYS.DASHSCOPE_API_KEY);
  });
});

describe("embedding requests (scripted fetch)", () => {
  const vector = [0.12, -0.5, 0.33];

  it.each([
    {
      provider: "tongyi",
      env: { ...ENV.tongyi, LGM_EMBEDDING_MODEL: "text-embedding-v3" },
      host: "dashscope.aliyuncs.com",
      model: (body: Record<string, unknown>) => body.model,
      expected: "text-embedding-v3",
      auth: `Bearer ${KEYS.DASHSCOPE_API_KEY}`,
      reply: { output: { embeddings: [{ text_index: 0, embedding: vector }] }, usage: { total_tokens: 5 } },
    },
    {
      provider: "zhipuai",
      env: ENV.zhipuai,
      host: "open.bigmodel.cn",
      model: (body: Record<string, unknown>) => body.model,
      expected: "embedding-3",
      auth: undefined,
      reply: { model: "embedding-3", object: "list", data: [{ index: 0, object: "embedding", embedding: vector }] },
    },
    {
      provider: "hunyuan",
      env: ENV.hunyuan,
      host: "hunyuan.tencentcloudapi.com",
      model: () => "hunyuan-embedding",
      expected: "hunyuan-embedding",
      auth: undefined,
      reply: { Response: { Data: [{ Embedding: vector, Index: 0, Object: "embedding" }], RequestId: "r" } },
    },
    {
      provider: "doubao",
      env: { ...ENV.doubao, LGM_EMBEDDING_MODEL: "doubao-embedding-text-240715", LGM_EMBEDDING_DIMS: "3" },
      host: "ark.cn-beijing.volces.com",
      model: (body: Record<string, unknown>) => body.model,
      expected: "doubao-embedding-text-240715",
      auth: `Bearer ${KEYS.ARK_API_KEY}`,
      reply: { object: "list", data: [{ index: 0, object: "embedding", embedding: vector }] },
    },
    {
      provider: "minimax",
      env: ENV.minimax,
      host: "api.minimax.chat",
      model: (body: Record<string, unknown>) => body.model,
      expected: "embo-01",
      auth: `Bearer ${KEYS.MINIMAX_API_KEY}`,
      reply: { vectors: [vector], total_tokens: 5, base_resp: { status_code: 0, status_msg: "success" } },
    },
  ])("$provider embeds through $host", async (c) => {
    const requests = scriptFetch(() => c.reply);
    const { embeddings } = await resolveEmbeddings({ env: { ...c.env, LGM_EMBEDDING_PROVIDER: c.provider } });
    expect(await embeddings.embedQuery("用户不吃香菜")).toEqual(vector);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url.host).toBe(c.host);
    expect(request!.method).toBe("POST");
    expect(c.model(request!.body)).toBe(c.expected);
    const authorization = bearer(request!);
    expect(authorization).toBeTruthy();
    if (c.auth !== undefined) expect(authorization).toBe(c.auth);
    for (const secret of [ZHIPU_SECRET, KEYS.TENCENT_SECRET_KEY]) expect(authorization).not.toContain(secret);
    expect(JSON.stringify(request!.body)).toContain("用户不吃香菜");
  });
});
