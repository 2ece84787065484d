import fs from "node:fs";
import { Embeddings } from "@langchain/core/embeddings";
import { InvalidNamespaceError as LangGraphInvalidNamespaceError } from "@langchain/langgraph-checkpoint";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DimensionMismatchError,
  InvalidConfigError,
  InvalidNamespaceError,
  InvalidOperationError,
  InvalidValueError,
  InvalidVectorError,
  ValueTooLargeError,
} from "../../src/errors.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { openStore, tempDir } from "../helpers/store.js";

/** Returns whatever vector it is told to, to feed the store bad embeddings. */
class ScriptedEmbeddings extends Embeddings {
  constructor(private readonly vector: () => number[]) {
    super({});
  }
  async embedDocuments(texts: string[]) {
    return texts.map(() => this.vector());
  }
  async embedQuery() {
    return this.vector();
  }
}

let dir = "";
let store: HNSWStore;
beforeEach(async () => {
  dir = tempDir();
  store = openStore(dir);
  await store.put(["m", "u1"], "keep", { content: "an item that must survive every bad write" });
});
afterEach(() => {
  store.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function intact() {
  const all = await store.search(["m"], { limit: 100 });
  expect(all.map((i) => i.key)).toEqual(["keep"]);
  expect((await store.get(["m", "u1"], "keep"))?.value.content).toBe("an item that must survive every bad write");
}

describe("HNSWStore refuses bad input with typed errors and stays intact", () => {
  it("invalid namespaces (also as LangGraph's own InvalidNamespaceError)", async () => {
    for (const ns of [[], ["a:b"], ["a.b"], ["a", ""], ["x\u0000"], [1 as unknown as string]]) {
      await expect(store.batch([{ namespace: ns, key: "k", value: { content: "x" } }])).rejects.toThrow(
        InvalidNamespaceError,
      );
    }
    await expect(store.search(["a:b"])).rejects.toThrow(LangGraphInvalidNamespaceError);
    await intact();
  });

  it("values that are not plain JSON objects", async () => {
    const circular: Record<string, unknown> = { content: "loop" };
    circular.self = circular;
    const bad: unknown[] = [
      { content: "f", fn: () => 1 },
      { content: "big", n: BigInt(1) },
      circular,
      { content: "nan", n: Number.NaN },
      { content: "date", at: new Date() },
      new Map([["content", "x"]]),
      ["an", "array"],
      "a string",
    ];
    for (const value of bad) {
      await expect(
        store.batch([{ namespace: ["m", "u1"], key: "bad", value: value as Record<string, unknown> }]),
      ).rejects.toThrow(InvalidValueError);
    }
    // The error names where the bad part sits.
    const deep = { content: "deep", list: [1, { ok: true }, { at: [0, Number.POSITIVE_INFINITY] }] };
    await expect(store.put(["m", "u1"], "deep", deep)).rejects.toThrow("value.list[2].at[1] is Infinity");
    await expect(store.put(["m", "u1"], "loop", circular)).rejects.toThrow("value.self is a circular reference");
    await intact();
  });

  it("a 1 MB value", async () => {
    const value = { content: "x".repeat(1024 * 1024) };
    await expect(store.put(["m", "u1"], "huge", value)).rejects.toThrow(ValueTooLargeError);
    await intact();
  });

  it("a batch with one bad operation writes none of the good ones", async () => {
    await expect(
      store.batch([
        { namespace: ["m", "u1"], key: "good1", value: { content: "fine" } },
        { namespace: ["m", "u1"], key: "bad", value: { content: "x".repeat(600 * 1024) } },
        { namespace: ["m", "u1"], key: "keep", value: null },
      ]),
    ).rejects.toThrow(ValueTooLargeError);
    await intact();
  });

  it("malformed operations: unknown filter operator, negative limit, empty key, non-string query", async () => {
    await expect(store.search(["m"], { filter: { n: { $regex: "x" } } })).rejects.toThrow(InvalidOperationError);
    await expect(store.search(["m"], { filter: { n: { $in: 3 } } })).rejects.toThrow(InvalidOperationError);
    await expect(store.search(["m"], { limit: -1 })).rejects.toThrow(InvalidOperationError);
    await expect(store.search(["m"], { offset: 1.5 })).rejects.toThrow(InvalidOperationError);
    await expect(store.put(["m"], "", { content: "x" })).rejects.toThrow(InvalidOperationError);
    await expect(store.search(["m"], { query: 42 as unknown as string })).rejects.toThrow(InvalidOperationError);
    await intact();
  });

  it("embeddings of the wrong dimension, with NaN, or all zeros", async () => {
    const cases: Array<[() => number[], new (...args: never[]) => Error]> = [
      [() => [1, 2, 3], DimensionMismatchError],
      [() => Array.from({ length: 64 }, (_, i) => (i === 5 ? Number.NaN : 1)), InvalidVectorError],
      [() => Array.from({ length: 64 }, (_, i) => (i === 9 ? Infinity : 0.1)), InvalidVectorError],
      [() => new Array(64).fill(0), InvalidVectorError],
    ];
    for (const [vector, error] of cases) {
      store.stop();
      store = new HNSWStore({
        dir,
        index: { dims: 64, embeddings: new ScriptedEmbeddings(vector), fields: ["content"] },
        flushIntervalMs: 0,
      });
      await expect(store.put(["m", "u1"], "bad", { content: "anything" })).rejects.toThrow(error);
      await expect(store.search(["m", "u1"], { query: "anything" })).rejects.toThrow(error);
      await intact();
    }
  });

  it("invalid options", () => {
    expect(() => new HNSWStore({ dir: "" })).toThrow(InvalidConfigError);
    expect(() => new HNSWStore({ dir, index: { dims: 0, embeddings: new ScriptedEmbeddings(() => []) } })).toThrow(
      InvalidConfigError,
    );
    expect(() => new HNSWStore({ dir, index: { dims: 8, embeddings: {} as Embeddings } })).toThrow(InvalidConfigError);
  });
});
