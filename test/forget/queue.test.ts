/** Forgetting runs in the scope's queue: queued bookkeeping and writes cannot bring anything back. */
import { InMemoryStore } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS, scopeNamespace } from "../../src/namespaces.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { tempDir } from "../helpers/store.js";
import { ALICE, NOW, openMemory, said, WANG } from "./helpers.js";

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

describe("forgetting and the scope queue", () => {
  it("a recall's background trace queued before forget is forgotten too", async () => {
    const memory = await openMemory(tempDir());
    opened.push(memory);
    await memory.remember({ scope: WANG, messages: [said("我不吃香菜，点外卖记得备注。")] });
    const recalled = await memory.recall({ scope: WANG, query: "帮我点外卖" });
    expect(recalled.memories.length).toBeGreaterThan(0);
    // Not settled: the trace and usage counters are still queued.
    const report = await memory.forget(WANG);
    await memory.settled();
    expect(report.traces).toBe(1);
    expect(await memory.store.listNamespaces({ prefix: scopeNamespace(WANG) })).toEqual([]);
  });

  it("a recall's background trace queued before delete is dropped with the memory", async () => {
    const memory = await openMemory(tempDir());
    opened.push(memory);
    const out = await memory.remember({ scope: WANG, messages: [said("我不吃香菜，点外卖记得备注。")] });
    const recalled = await memory.recall({ scope: WANG, query: "帮我点外卖" });
    const report = await memory.delete(WANG, out.written[0]!.id);
    await memory.settled();
    expect(report.tracesDropped).toBe(1);
    await expect(memory.trace(WANG, recalled.traceId)).rejects.toThrow(/No recall trace/);
  });

  it("forgets on any BaseStore (InMemoryStore), item by item", async () => {
    const store = new InMemoryStore({
      index: { dims: 256, embeddings: new HashEmbeddings(), fields: RECORD_INDEX_FIELDS },
    });
    const memory = await createMemory({ store, now: () => NOW, env: {} });
    opened.push(memory);
    await memory.remember({ scope: WANG, messages: [said("我不吃香菜，点外卖记得备注。")] });
    await memory.remember({ scope: ALICE, messages: [said("I prefer window seats on flights.")] });
    const records = (await memory.list(WANG)).length;

    const report = await memory.forget(WANG);

    expect(report.records).toBe(records);
    expect(report.episodes).toBe(1);
    // (InMemoryStore keeps listing a namespace once emptied; nothing is left in it.)
    expect(await store.search(scopeNamespace(WANG), { limit: 100 })).toEqual([]);
    expect((await memory.list(ALICE)).length).toBe(1);
  });
});
