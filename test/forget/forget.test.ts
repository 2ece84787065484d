import { describe, expect, it } from "vitest";
import { InvalidInputError, NotFoundError } from "../../src/errors.js";
import type { Memory } from "../../src/memory.js";
import { historyNamespace, recordsNamespace, scopeNamespace } from "../../src/namespaces.js";
import type { MemoryRecord } from "../../src/schema.js";
import { scanNamespace } from "../../src/store/scan.js";
import { readConversation } from "../../src/write/extract/context.js";
import { record } from "../write/helpers.js";
import { ALICE, filesContaining, openedPerTest, said, WANG } from "./helpers.js";

const open = openedPerTest();

/** Memories that only inference or the agent produced (the write rules rarely admit them as active). */
async function storeUnconfirmed(
  memory: Memory,
  scope: typeof WANG,
  items: Array<[string, "inferred" | "agent_generated", MemoryRecord["status"]]>,
) {
  const records = items.map(([content, type, status], i) =>
    record(content, { sourceType: type, key: `guess.item_${i}` }, { scope, status, id: `${type}-${i}` }),
  );
  await memory.store.batch(records.map((r) => ({ namespace: recordsNamespace(scope), key: r.id, value: r })));
  return records;
}

async function seedWang(memory: Memory) {
  await memory.remember({
    scope: WANG,
    messages: [
      said("我不吃香菜，点外卖记得备注。", { name: "王伟" }),
      said("My locker combination word is Quillwort, keep it in mind.", { name: "王伟" }),
      said("Noted, Quillwort it is.", { role: "assistant" }),
    ],
  });
  await storeUnconfirmed(memory, WANG, [["The user probably likes jazz-fusionwave music", "inferred", "pending"]]);
  await memory.recall({ scope: WANG, query: "点外卖" });
  await memory.settled();
}

describe("memory.forget(scope)", () => {
  it("removes everything of the user, counts it, and leaves other users and the knowledge base alone", async () => {
    const { memory, dir } = await open();
    await seedWang(memory);
    await memory.remember({
      scope: ALICE,
      messages: [said("I prefer window seats on flights, and 我喜欢喝美式咖啡。")],
    });
    await memory.knowledge.import(
      [{ id: "returns", content: "退货政策：七天无理由退货。", source: "help/returns", version: 1 }],
      {
        tenantId: "acme",
      },
    );
    const aliceBefore = await memory.list(ALICE, { about: "any" });
    const wangMemories = await memory.list(WANG, { about: "user" });
    const wangEpisodes = await memory.list(WANG, { about: "conversation" });
    const wangPending = await memory.pending(WANG);
    const trace = await memory.recall({ scope: WANG, query: "locker" });
    await memory.settled();
    const historyBefore = (await scanNamespace(memory.store, historyNamespace(WANG))).length;
    expect(historyBefore).toBeGreaterThan(wangEpisodes.length);
    expect(wangMemories.length).toBeGreaterThanOrEqual(3);
    expect(wangEpisodes.length).toBeGreaterThan(0);
    expect(wangPending.length).toBe(1);
    expect(await readConversation(memory.store, WANG)).toBeDefined();
    expect(filesContaining(dir, "Quillwort").length).toBeGreaterThan(0);

    const report = await memory.forget(WANG);

    expect(report).toMatchObject({
      records: wangMemories.length,
      pending: 1,
      episodes: wangEpisodes.length,
      conversation: 1,
    });
    expect(report.history).toBe(historyBefore);
    expect(report.traces).toBe(2);
    expect(report.keys).toBeGreaterThan(0);
    expect(report.ids).toBeUndefined();
    // No API returns anything of wang.
    expect(await memory.list(WANG, { about: "any" })).toEqual([]);
    expect(await memory.pending(WANG)).toEqual([]);
    for (const r of [...wangMemories, ...wangEpisodes]) {
      expect(await memory.get(WANG, r.id)).toBeNull();
      expect(await memory.history(WANG, r.id)).toEqual([]);
    }
    await expect(memory.trace(WANG, trace.traceId)).rejects.toThrow(NotFoundError);
    expect(await readConversation(memory.store, WANG)).toBeUndefined();
    expect(await memory.store.listNamespaces({ prefix: scopeNamespace(WANG) })).toEqual([]);
    // A recall after the forget finds nothing. Its own trace, written behind the answer, is a new
    // namespace of the scope, so the namespaces are read before it (it names nothing the scan below looks for).
    expect((await memory.recall({ scope: WANG, query: "点外卖 combination word" })).memories).toEqual([]);
    // Alice and the knowledge base are as they were.
    expect(await memory.list(ALICE, { about: "any" })).toEqual(aliceBefore);
    expect((await memory.knowledge.list({ tenantId: "acme" })).map((d) => d.id)).toEqual(["returns"]);
    const knowledge = await memory.recall({ scope: WANG, query: "退货政策" });
    expect(knowledge.knowledge.length).toBeGreaterThan(0);

    await memory.close();
    const left = ["Quillwort", "香菜", "jazz-fusionwave", "王伟"].filter((text) => filesContaining(dir, text).length);
    expect(left).toEqual([]);
    expect(filesContaining(dir, "window seats").length).toBeGreaterThan(0);
    expect(filesContaining(dir, "七天无理由退货").length).toBeGreaterThan(0);
  });

  it("lets the user start afresh, and forgetting an unknown user removes nothing", async () => {
    const { memory } = await open();
    await seedWang(memory);
    await memory.forget(WANG);
    const again = await memory.remember({ scope: WANG, messages: [said("我不吃香菜，点外卖记得备注。")] });
    expect(again.written).toHaveLength(1);
    expect(again.written[0]!.status).toBe("active");
    expect((await memory.recall({ scope: WANG, query: "点外卖 香菜" })).memories.map((m) => m.id)).toContain(
      again.written[0]!.id,
    );
    expect(await memory.forget({ userId: "nobody" })).toEqual({
      records: 0,
      pending: 0,
      episodes: 0,
      history: 0,
      traces: 0,
      keys: 0,
      conversation: 0,
      sessions: 0,
      tasks: 0,
    });
  });
});

describe("memory.forget(scope, { source })", () => {
  it("removes every memory of that source with a tombstone each, and nothing else", async () => {
    const { memory, dir } = await open();
    const explicit = await memory.remember({ scope: WANG, messages: [said("我不吃香菜，点外卖记得备注。")] });
    const guesses = await storeUnconfirmed(memory, WANG, [
      ["The user probably likes jazz-fusionwave music", "inferred", "pending"],
      ["用户可能喜欢爵士融合波音乐", "inferred", "active"],
      ["The assistant thinks the user enjoys Zorbling", "agent_generated", "active"],
    ]);
    await storeUnconfirmed(memory, ALICE, [["Alice probably likes jazz-fusionwave too", "inferred", "active"]]);

    const report = await memory.forget(WANG, { source: "inferred" });

    expect(report.ids?.sort()).toEqual([guesses[0]!.id, guesses[1]!.id].sort());
    expect(report).toMatchObject({ records: 2, pending: 1, episodes: 0 });
    expect(await memory.pending(WANG)).toEqual([]);
    const left = await memory.list(WANG, { about: "any" });
    expect(left.map((r) => r.source.type).sort()).toEqual(
      ["agent_generated", ...explicit.written.map(() => "explicit"), "explicit"].sort(),
    );
    expect(left.some((r) => r.id === explicit.written[0]!.id)).toBe(true);
    for (const guess of guesses.slice(0, 2)) {
      expect(await memory.history(WANG, guess.id)).toMatchObject([
        { action: "delete", key: guess.key, recordId: guess.id },
      ]);
    }
    expect((await memory.history(WANG, explicit.written[0]!.id)).map((e) => e.action)).toEqual(["add"]);
    expect((await memory.list(ALICE)).map((r) => r.content)).toEqual(["Alice probably likes jazz-fusionwave too"]);

    await memory.close();
    expect(filesContaining(dir, "爵士融合波")).toEqual([]);
    expect(filesContaining(dir, "Zorbling").length).toBeGreaterThan(0);
    expect(filesContaining(dir, "香菜").length).toBeGreaterThan(0);
  });

  it("refuses an unknown source or option", async () => {
    const { memory } = await open();
    await expect(memory.forget(WANG, { source: "gossip" } as never)).rejects.toThrow(InvalidInputError);
    await expect(memory.forget(WANG, { everything: true } as never)).rejects.toThrow(InvalidInputError);
    await expect(memory.forget({ userId: "" })).rejects.toThrow(InvalidInputError);
  });
});
