import { Embeddings } from "@langchain/core/embeddings";
import { describe, expect, it } from "vitest";
import { InvalidConfigError, InvalidInputError } from "../../src/errors.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

function norm(v: ArrayLike<number>): number {
  return Math.sqrt(cosine(v, v));
}

const embeddings = new HashEmbeddings();
const sim = (a: string, b: string): number => cosine(embeddings.embed(a), embeddings.embed(b));

describe("HashEmbeddings: configuration", () => {
  it("is a LangChain Embeddings with 256 dims by default", () => {
    expect(embeddings).toBeInstanceOf(Embeddings);
    expect(embeddings.dims).toBe(256);
    expect(HashEmbeddings.DEFAULT_DIMS).toBe(256);
    const vector = embeddings.embed("hello");
    expect(vector).toBeInstanceOf(Float32Array);
    expect(vector.length).toBe(256);
  });

  it("respects dims", async () => {
    const small = new HashEmbeddings({ dims: 64 });
    expect(small.dims).toBe(64);
    expect(small.embed("用户不吃香菜").length).toBe(64);
    expect((await small.embedQuery("user prefers short replies")).length).toBe(64);
    expect(new HashEmbeddings({ dims: 8 }).embed("x").length).toBe(8);
    expect(new HashEmbeddings({ dims: 8192 }).embed("x").length).toBe(8192);
  });

  it.each([7, 8193, 3.5, Number.NaN, 0, -256])("rejects dims=%s with InvalidConfigError", (dims) => {
    expect(() => new HashEmbeddings({ dims })).toThrow(InvalidConfigError);
  });

  it("rejects non-number dims and names the option", () => {
    expect(() => new HashEmbeddings({ dims: "256" as unknown as number })).toThrow(
      /dims must be an integer from 8 to 8192; received "256"/,
    );
  });

  it("rejects non-string input with InvalidInputError", async () => {
    expect(() => embeddings.embed(42 as unknown as string)).toThrow(InvalidInputError);
    await expect(embeddings.embedQuery(undefined as unknown as string)).rejects.toThrow(InvalidInputError);
    await expect(embeddings.embedDocuments("not an array" as unknown as string[])).rejects.toThrow(InvalidInputError);
  });
});

describe("HashEmbeddings: vectors", () => {
  const texts = [
    "用户不吃香菜",
    "The user prefers short replies",
    "我的项目代号是 Phoenix",
    "",
    "   \n\t ",
    "的了吗",
    "the of and",
    "👍👍🎉",
    "——！？",
    "a".repeat(5000),
    "用户偏好简洁回复。".repeat(200),
  ];

  it.each(texts.map((text) => [JSON.stringify(text.slice(0, 30)), text]))(
    "gives a finite unit vector for %s",
    (_label, text) => {
      const vector = embeddings.embed(text);
      expect(vector.every((x) => Number.isFinite(x))).toBe(true);
      expect(norm(vector)).toBeCloseTo(1, 5);
    },
  );

  it("falls back from content words to stop words to characters to a fixed bias", () => {
    const empty = embeddings.embed("");
    expect(embeddings.embed("  \n ")).toEqual(empty);
    // The bias is a single signed bucket.
    expect(empty.filter((x) => x !== 0).length).toBe(1);
    // Stop-word-only and emoji-only texts still carry their own features, not the bias.
    expect(embeddings.embed("的了吗")).not.toEqual(empty);
    expect(embeddings.embed("👍")).not.toEqual(empty);
    expect(embeddings.embed("👍")).not.toEqual(embeddings.embed("🎉"));
  });

  it("is deterministic across calls and instances", async () => {
    const other = new HashEmbeddings({ dims: 256 });
    const text = "Phoenix 项目 uses TypeScript; 截止日期是周五";
    expect(other.embed(text)).toEqual(embeddings.embed(text));
    expect(embeddings.embed(text)).toEqual(embeddings.embed(text));
    expect(await other.embedQuery(text)).toEqual(Array.from(embeddings.embed(text)));
  });

  it("embeds documents in order, as plain number arrays equal to embedQuery", async () => {
    const docs = ["用户不吃香菜", "user prefers short replies", ""];
    const vectors = await embeddings.embedDocuments(docs);
    expect(vectors).toHaveLength(3);
    for (let i = 0; i < docs.length; i++) {
      expect(Array.isArray(vectors[i])).toBe(true);
      expect(vectors[i]).toEqual(await embeddings.embedQuery(docs[i]!));
    }
    expect(await embeddings.embedDocuments([])).toEqual([]);
  });

  it("does not let one call leak into the next (shared scratch is reset)", () => {
    const before = embeddings.embed("user prefers short replies");
    embeddings.embed("用户不吃香菜 and a long unrelated sentence about the Friday deadline");
    expect(embeddings.embed("user prefers short replies")).toEqual(before);
  });
});

describe("HashEmbeddings: lexical similarity", () => {
  it("zh: 用户不吃香菜 is close to 用户不喜欢吃香菜 despite different segmentation", () => {
    const close = sim("用户不吃香菜", "用户不喜欢吃香菜");
    expect(close).toBeGreaterThan(0.35);
    expect(close).toBeGreaterThan(sim("用户不吃香菜", "项目截止日期是周五") + 0.3);
    expect(close).toBeGreaterThan(sim("用户不吃香菜", "用户喜欢喝咖啡"));
    expect(sim("用户偏好简洁回复", "用户偏好简洁的回复风格")).toBeGreaterThan(
      sim("用户偏好简洁回复", "用户在上海工作") + 0.4,
    );
  });

  it("en: a paraphrase with shared words beats an unrelated sentence", () => {
    const close = sim("The user prefers short replies", "user prefers short answers");
    const far = sim("The user prefers short replies", "The project deadline is Friday");
    expect(close).toBeGreaterThan(0.6);
    expect(far).toBeLessThan(0.2);
  });

  it("is nearly order-insensitive and tolerant of small additions", () => {
    expect(sim("The user prefers short replies", "short replies the user prefers")).toBeGreaterThan(0.85);
    expect(sim("user prefers short replies", "user prefers short replies in the morning")).toBeGreaterThan(0.7);
  });

  it("sub-word features tie plural and singular forms and misspellings", () => {
    expect(sim("Phoenix deployment", "phoenix deployments")).toBeGreaterThan(0.95);
    expect(sim("TypeScript generics", "Typescript generic")).toBeGreaterThan(0.9);
    expect(sim("recieve invoices", "receive invoices")).toBeGreaterThan(sim("recieve invoices", "weekly report"));
  });

  it("knows no meaning across languages (documented limit)", () => {
    expect(Math.abs(sim("coffee", "咖啡"))).toBeLessThan(0.2);
  });
});
