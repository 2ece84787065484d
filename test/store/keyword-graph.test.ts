import fs from "node:fs";
import { Annotation, getStore, type LangGraphRunnableConfig, StateGraph } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { isKeywordSearchable } from "../../src/store/contract.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { openStore, tempDir } from "../helpers/store.js";

let store: HNSWStore | undefined;
let dir = "";
afterEach(() => {
  store?.stop();
  store = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("keyword search (BM25 over FTS5, Intl.Segmenter terms)", () => {
  it("finds Chinese and English by words, best match first, filtered and paged", async () => {
    dir = tempDir();
    store = openStore(dir);
    expect(isKeywordSearchable(store)).toBe(true);
    await store.batch([
      { namespace: ["m", "u1"], key: "zh1", value: { content: "用户不吃香菜，点外卖要备注", status: "active" } },
      { namespace: ["m", "u1"], key: "zh2", value: { content: "用户习惯用顺丰寄快递", status: "active" } },
      {
        namespace: ["m", "u1"],
        key: "en1",
        value: { content: "The user ships parcels with SF Express", status: "active" },
      },
      {
        namespace: ["m", "u1"],
        key: "en2",
        value: { content: "The user's project codename is Phoenix", status: "superseded" },
      },
      {
        namespace: ["m", "u1"],
        key: "en3",
        value: { content: "Phoenix launch is planned for the Phoenix summit", status: "active" },
      },
    ]);
    expect((await store.keywordSearch(["m", "u1"], "香菜")).map((i) => i.key)).toEqual(["zh1"]);
    expect((await store.keywordSearch(["m", "u1"], "顺丰快递")).map((i) => i.key)).toEqual(["zh2"]);
    expect((await store.keywordSearch(["m", "u1"], "express parcels"))[0]?.key).toBe("en1");
    const phoenix = await store.keywordSearch(["m", "u1"], "phoenix");
    expect(phoenix.map((i) => i.key)).toEqual(["en3", "en2"]);
    expect(phoenix[0]!.score!).toBeGreaterThan(phoenix[1]!.score!);
    expect(
      (await store.keywordSearch(["m", "u1"], "phoenix", { filter: { status: "active" } })).map((i) => i.key),
    ).toEqual(["en3"]);
    expect((await store.keywordSearch(["m", "u1"], "phoenix", { offset: 1 })).map((i) => i.key)).toEqual(["en2"]);
    expect(await store.keywordSearch(["m", "u1"], "！？ the")).toEqual([]);
    // Quotes and FTS syntax in a query are data, not operators.
    const tricky = await store.keywordSearch(["m", "u1"], 'phoenix" OR "香菜 NEAR(');
    expect(tricky.map((i) => i.key).sort()).toEqual(["en2", "en3", "zh1"]);
  });

  it("forgets a rewritten item's old words", async () => {
    dir = tempDir();
    store = openStore(dir);
    await store.put(["m"], "k", { content: "likes apples" });
    await store.put(["m"], "k", { content: "likes pears" });
    expect(await store.keywordSearch(["m"], "apples")).toEqual([]);
    expect((await store.keywordSearch(["m"], "pears")).map((i) => i.key)).toEqual(["k"]);
  });
});

describe("HNSWStore inside a LangGraph graph", () => {
  it("is read and written from nodes through config.store and getStore()", async () => {
    dir = tempDir();
    store = openStore(dir);
    const State = Annotation.Root({ userId: Annotation<string>, found: Annotation<string[]> });
    const graph = new StateGraph(State)
      .addNode("write", async (state, config: LangGraphRunnableConfig) => {
        await config.store!.put(["memory", state.userId], "pref", { content: "The user prefers short replies" });
        return {};
      })
      .addNode("read", async (state) => {
        const hits = await getStore()!.search(["memory", state.userId], { query: "reply length preference", limit: 3 });
        return { found: hits.map((h) => h.value.content as string) };
      })
      .addEdge("__start__", "write")
      .addEdge("write", "read")
      .compile({ store });
    const result = await graph.invoke({ userId: "u42", found: [] });
    expect(result.found).toEqual(["The user prefers short replies"]);
    expect((await store.get(["memory", "u42"], "pref"))?.value.content).toBe("The user prefers short replies");
  });
});
