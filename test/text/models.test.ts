import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { ChatOpenAI, OpenAIEmbeddings } from "@langchain/openai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InvalidConfigError } from "../../src/errors.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { parseModelEnv, resolveChatModel, resolveEmbeddings } from "../../src/text/models.js";

const OPENAI_ENV = { OPENAI_API_KEY: "sk-test-not-real", OPENAI_BASE_URL: "https://api.deepseek.com/v1" };

/** Read the client configuration the instance would use, without any network call. */
function clientConfigOf(instance: object): { baseURL?: string | null; apiKey?: unknown } {
  return (instance as unknown as { clientConfig: { baseURL?: string | null; apiKey?: unknown } }).clientConfig;
}

class CountingEmbeddings implements EmbeddingsInterface {
  calls = 0;
  constructor(private readonly result: () => Promise<number[]>) {}
  async embedQuery(): Promise<number[]> {
    this.calls++;
    return this.result();
  }
  async embedDocuments(texts: string[]): Promise<number[][]> {
    return Promise.all(texts.map(() => this.embedQuery()));
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("resolveEmbeddings", () => {
  it("defaults to HashEmbeddings (256 dims) without OPENAI_API_KEY", async () => {
    const resolved = await resolveEmbeddings({ env: {} });
    expect(resolved.kind).toBe("hash");
    expect(resolved.embeddings).toBeInstanceOf(HashEmbeddings);
    expect(resolved.dims).toBe(256);
    expect((await resolved.embeddings.embedQuery("用户不吃香菜")).length).toBe(256);
  });

  it("passes dims to HashEmbeddings and lets it validate them", async () => {
    const resolved = await resolveEmbeddings({ env: {}, dims: 64 });
    expect(resolved.dims).toBe(64);
    expect((resolved.embeddings as HashEmbeddings).dims).toBe(64);
    await expect(resolveEmbeddings({ env: {}, dims: 4 })).rejects.toThrow(InvalidConfigError);
  });

  it("treats a blank OPENAI_API_KEY as unset", async () => {
    expect((await resolveEmbeddings({ env: { OPENAI_API_KEY: "  " } })).kind).toBe("hash");
  });

  it("returns an injected embedder as-is with the dims given, without probing", async () => {
    const injected = new CountingEmbeddings(async () => [1, 0, 0]);
    const resolved = await resolveEmbeddings({ embeddings: injected, dims: 1024, env: OPENAI_ENV });
    expect(resolved).toEqual({ embeddings: injected, dims: 1024, kind: "injected" });
    expect(resolved.embeddings).toBe(injected);
    expect(injected.calls).toBe(0);
  });

  it("probes an injected embedder once when dims are not given", async () => {
    const injected = new CountingEmbeddings(async () => [0.1, 0.2, 0.3, 0.4, 0.5]);
    const resolved = await resolveEmbeddings({ embeddings: injected });
    expect(resolved.dims).toBe(5);
    expect(resolved.kind).toBe("injected");
    expect(injected.calls).toBe(1);
  });

  it("rejects a probe that fails or returns no usable vector", async () => {
    const failing = new CountingEmbeddings(async () => {
      throw new Error("connection refused");
    });
    await expect(resolveEmbeddings({ embeddings: failing })).rejects.toThrow(InvalidConfigError);
    await expect(resolveEmbeddings({ embeddings: failing })).rejects.toThrow(/connection refused.*pass dims/);
    await expect(resolveEmbeddings({ embeddings: new CountingEmbeddings(async () => []) })).rejects.toThrow(
      InvalidConfigError,
    );
    await expect(
      resolveEmbeddings({ embeddings: new CountingEmbeddings(async () => [1, Number.NaN]) }),
    ).rejects.toThrow(InvalidConfigError);
  });

  it.each([0, -1, 1.5, 70000])("rejects dims=%s", async (dims) => {
    await expect(resolveEmbeddings({ embeddings: new CountingEmbeddings(async () => [1]), dims })).rejects.toThrow(
      InvalidConfigError,
    );
  });

  it("builds OpenAIEmbeddings at the configured base URL with a known model's dims", async () => {
    const resolved = await resolveEmbeddings({ env: OPENAI_ENV });
    expect(resolved.kind).toBe("openai");
    expect(resolved.embeddings).toBeInstanceOf(OpenAIEmbeddings);
    const embeddings = resolved.embeddings as OpenAIEmbeddings;
    expect(embeddings.model).toBe("text-embedding-3-small");
    expect(embeddings.dimensions).toBeUndefined();
    expect(clientConfigOf(embeddings).baseURL).toBe("https://api.deepseek.com/v1");
    expect(clientConfigOf(embeddings).apiKey).toBe("sk-test-not-real");
    expect(resolved.dims).toBe(1536);
  });

  it("uses OPENAI_EMBEDDING_MODEL and the dims table", async () => {
    const large = await resolveEmbeddings({ env: { ...OPENAI_ENV, OPENAI_EMBEDDING_MODEL: "text-embedding-3-large" } });
    expect((large.embeddings as OpenAIEmbeddings).model).toBe("text-embedding-3-large");
    expect(large.dims).toBe(3072);
    const ada = await resolveEmbeddings({ env: { ...OPENAI_ENV, OPENAI_EMBEDDING_MODEL: "text-embedding-ada-002" } });
    expect(ada.dims).toBe(1536);
  });

  it("requests shortened vectors from v3 models via OPENAI_EMBEDDING_DIMS or dims", async () => {
    const fromEnv = await resolveEmbeddings({ env: { ...OPENAI_ENV, OPENAI_EMBEDDING_DIMS: "512" } });
    expect(fromEnv.dims).toBe(512);
    expect((fromEnv.embeddings as OpenAIEmbeddings).dimensions).toBe(512);
    const fromOption = await resolveEmbeddings({ env: { ...OPENAI_ENV, OPENAI_EMBEDDING_DIMS: "512" }, dims: 256 });
    expect(fromOption.dims).toBe(256);
    expect((fromOption.embeddings as OpenAIEmbeddings).dimensions).toBe(256);
  });

  it("rejects dims a known model cannot produce", async () => {
    await expect(
      resolveEmbeddings({
        env: { ...OPENAI_ENV, OPENAI_EMBEDDING_MODEL: "text-embedding-ada-002", OPENAI_EMBEDDING_DIMS: "512" },
      }),
    ).rejects.toThrow(/text-embedding-ada-002 returns exactly 1536 dimensions; received dims=512/);
    await expect(resolveEmbeddings({ env: OPENAI_ENV, dims: 4096 })).rejects.toThrow(InvalidConfigError);
  });

  it("declares (does not request) dims for other OpenAI-compatible models", async () => {
    const env = { ...OPENAI_ENV, OPENAI_EMBEDDING_MODEL: "bge-m3", OPENAI_EMBEDDING_DIMS: "1024" };
    const resolved = await resolveEmbeddings({ env });
    expect(resolved.dims).toBe(1024);
    expect((resolved.embeddings as OpenAIEmbeddings).model).toBe("bge-m3");
    expect((resolved.embeddings as OpenAIEmbeddings).dimensions).toBeUndefined();
  });

  it("probes an unknown OpenAI-compatible model once when no dims are declared", async () => {
    // Stub the request itself: no network in unit tests.
    const probe = vi.spyOn(OpenAIEmbeddings.prototype, "embedQuery").mockResolvedValue(new Array(768).fill(0.01));
    const resolved = await resolveEmbeddings({ env: { ...OPENAI_ENV, OPENAI_EMBEDDING_MODEL: "nomic-embed-text" } });
    expect(resolved.dims).toBe(768);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it("names a malformed variable in the error", async () => {
    await expect(resolveEmbeddings({ env: { ...OPENAI_ENV, OPENAI_BASE_URL: "api.deepseek.com" } })).rejects.toThrow(
      /OPENAI_BASE_URL must be an http\(s\) URL/,
    );
    await expect(resolveEmbeddings({ env: { ...OPENAI_ENV, OPENAI_EMBEDDING_DIMS: "12a" } })).rejects.toThrow(
      /OPENAI_EMBEDDING_DIMS must be a whole number/,
    );
  });
});

describe("resolveChatModel", () => {
  it("returns undefined (rules only) without OPENAI_API_KEY", () => {
    expect(resolveChatModel({ env: {} })).toBeUndefined();
    expect(resolveChatModel({ env: { OPENAI_MODEL: "gpt-4o", OPENAI_API_KEY: "" } })).toBeUndefined();
  });

  it("builds ChatOpenAI at temperature 0 for an OpenAI-compatible endpoint", () => {
    const model = resolveChatModel({ env: { ...OPENAI_ENV, OPENAI_MODEL: "deepseek-chat" } });
    expect(model).toBeInstanceOf(ChatOpenAI);
    const chat = model as ChatOpenAI;
    expect(chat.model).toBe("deepseek-chat");
    expect(chat.temperature).toBe(0);
    expect(clientConfigOf(chat).baseURL).toBe("https://api.deepseek.com/v1");
    expect(clientConfigOf(chat).apiKey).toBe("sk-test-not-real");
  });

  it("defaults the model to gpt-4o-mini", () => {
    expect((resolveChatModel({ env: { OPENAI_API_KEY: "sk-test" } }) as ChatOpenAI).model).toBe("gpt-4o-mini");
  });

  it("returns an injected model as-is, even when the environment is malformed", () => {
    const injected = new FakeListChatModel({ responses: ["ok"] });
    expect(resolveChatModel({ model: injected, env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "nope" } })).toBe(injected);
  });

  it("rejects a malformed OPENAI_BASE_URL with InvalidConfigError naming it", () => {
    expect(() => resolveChatModel({ env: { ...OPENAI_ENV, OPENAI_BASE_URL: "not a url" } })).toThrow(
      InvalidConfigError,
    );
    expect(() => resolveChatModel({ env: { ...OPENAI_ENV, OPENAI_BASE_URL: "ftp://example.com" } })).toThrow(
      /OPENAI_BASE_URL/,
    );
  });
});

describe("parseModelEnv", () => {
  it("trims values, ignores blanks and unrelated variables, and converts dims", () => {
    expect(
      parseModelEnv({ OPENAI_API_KEY: " sk-1 ", OPENAI_BASE_URL: "", OPENAI_EMBEDDING_DIMS: "1024", HOME: "/root" }),
    ).toEqual({
      OPENAI_API_KEY: "sk-1",
      OPENAI_EMBEDDING_DIMS: 1024,
    });
  });

  it("never echoes the API key in an error", () => {
    let message = "";
    try {
      parseModelEnv({ OPENAI_API_KEY: "sk-secret-value", OPENAI_EMBEDDING_DIMS: "0" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/OPENAI_EMBEDDING_DIMS/);
    expect(message).not.toContain("sk-secret-value");
  });
});
