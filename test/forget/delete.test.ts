import { describe, expect, it } from "vitest";
import { InvalidInputError, NotFoundError } from "../../src/errors.js";
import { SCRUBBED_REASON } from "../../src/forget/remove.js";
import type { Memory } from "../../src/memory.js";
import { historyNamespace } from "../../src/namespaces.js";
import { scanNamespace } from "../../src/store/scan.js";
import { readConversation } from "../../src/write/extract/context.js";
import { ALICE, filesContaining, openedPerTest, said, WANG } from "./helpers.js";

const open = openedPerTest();

async function remembered(memory: Memory, scope: typeof WANG, text: string) {
  const out = await memory.remember({ scope, messages: [said(text)] });
  expect(out.written).toHaveLength(1);
  return out.written[0]!;
}

describe("memory.delete", () => {
  it("removes the memory, the episode of its turn, its content in history and traces, and leaves a tombstone", async () => {
    const { memory, dir } = await open();
    const cilantro = await remembered(memory, WANG, "我不吃香菜，点外卖记得备注。");
    const locker = await remembered(memory, WANG, "My locker combination word is Quillwort, keep it in mind.");
    const before = await memory.recall({ scope: WANG, query: "帮我点外卖，香菜" });
    expect(before.memories.map((m) => m.id)).toContain(cilantro.id);
    const episodes = await memory.list(WANG, { about: "conversation" });
    expect(episodes.some((e) => e.content.includes("香菜"))).toBe(true);

    const report = await memory.delete(WANG, cilantro.id, { reason: "the user asked" });

    const episodeOfTurn = episodes.find((e) => e.source.messageIds.includes(cilantro.source.messageIds[0]!))!;
    expect(report.deleted.sort()).toEqual([cilantro.id, episodeOfTurn.id].sort());
    expect(report.tracesDropped).toBe(1);
    expect(await memory.get(WANG, cilantro.id)).toBeNull();
    expect(await memory.get(WANG, episodeOfTurn.id)).toBeNull();
    const everything = await memory.list(WANG, { about: "any" });
    expect(everything.filter((r) => r.content.includes("香菜"))).toEqual([]);
    // A recall like the one that found it finds nothing of it (the query stays out of the files).
    const after = await memory.recall({ scope: WANG, query: "帮我点个外卖，有什么忌口" });
    expect(after.memories.filter((m) => m.content.includes("香菜"))).toEqual([]);
    // The trace of the earlier recall (its query quoted the memory too) is gone; later ones stay.
    await expect(memory.trace(WANG, before.traceId)).rejects.toThrow(NotFoundError);
    expect((await memory.trace(WANG, after.traceId)).query).toContain("外卖");

    // History: the tombstone (id, key, when, why) and content-free entries, nothing quoting it.
    const history = await memory.history(WANG, cilantro.id);
    expect(history.at(-1)).toMatchObject({
      action: "delete",
      recordId: cilantro.id,
      key: cilantro.key,
      at: "2026-03-10T09:00:00.000Z",
      reason: "the user asked",
    });
    for (const entry of history.slice(0, -1)) {
      expect(entry.reason).toBe(SCRUBBED_REASON);
      expect(entry.before).toBeUndefined();
      expect(entry.after).toBeUndefined();
    }
    const allHistory = await scanNamespace(memory.store, historyNamespace(WANG));
    expect(JSON.stringify(allHistory)).not.toContain("香菜");
    expect(JSON.stringify(allHistory)).toContain("Quillwort");

    // The other memory is untouched and still recalled.
    expect(await memory.get(WANG, locker.id)).toMatchObject({ status: "active" });
    const lockerRecall = await memory.recall({ scope: WANG, query: "locker combination word" });
    expect(lockerRecall.memories.map((m) => m.id)).toContain(locker.id);

    await memory.close();
    expect(filesContaining(dir, "香菜")).toEqual([]);
    expect(filesContaining(dir, "Quillwort").length).toBeGreaterThan(0);
  });

  it("deletes in English too, leaving no byte of it on disk once closed", async () => {
    const { memory, dir } = await open();
    const locker = await remembered(memory, WANG, "My locker combination word is Quillwort, keep it in mind.");
    await remembered(memory, WANG, "我不吃香菜，点外卖记得备注。");
    await memory.recall({ scope: WANG, query: "what is my locker word" });
    await memory.settled();
    expect(filesContaining(dir, "Quillwort").length).toBeGreaterThan(0);

    await memory.delete(WANG, locker.id);
    // Written out of the files at once, not only at close.
    expect(filesContaining(dir, "Quillwort")).toEqual([]);
    await memory.close();
    expect(filesContaining(dir, "Quillwort")).toEqual([]);
    expect(filesContaining(dir, "locker combination")).toEqual([]);
    expect(filesContaining(dir, "香菜").length).toBeGreaterThan(0);
  });

  it("rewrites every history entry of a superseded memory, and the successor keeps its own", async () => {
    const { memory } = await open();
    const sf = await remembered(memory, WANG, "I prefer SF Express for shipping.");
    const out = await memory.remember({
      scope: WANG,
      messages: [said("Actually I switched, I now prefer JD Logistics for shipping.")],
    });
    expect(out.superseded.map((r) => r.id)).toEqual([sf.id]);
    const jd = out.written[0]!;

    await memory.delete(WANG, sf.id);

    const allHistory = JSON.stringify(await scanNamespace(memory.store, historyNamespace(WANG)));
    expect(allHistory).not.toContain("SF Express");
    expect(allHistory).toContain("JD Logistics");
    expect((await memory.history(WANG, jd.id)).some((e) => e.after?.content === jd.content)).toBe(true);
    expect(await memory.get(WANG, jd.id)).toMatchObject({ status: "active" });
    expect((await memory.list(WANG, { about: "any" })).filter((r) => r.content.includes("SF Express"))).toEqual([]);
  });

  it("drops the turns it came from out of the stored conversation window", async () => {
    const { memory } = await open();
    const out = await memory.remember({
      scope: WANG,
      messages: [said("I'm allergic to peanuts.", { name: "Mia" }), said("Good to know, Mia.", { role: "assistant" })],
    });
    await memory.remember({ scope: WANG, messages: [said("My sister Lena lives in Oslo.", { name: "Mia" })] });
    const peanuts = [...out.written, ...out.pending].find((r) => r.content.includes("peanut"));
    expect(peanuts).toBeDefined();
    const window = await readConversation(memory.store, WANG);
    expect(window?.recent.some((turn) => turn.content.includes("peanuts"))).toBe(true);

    await memory.delete(WANG, peanuts!.id);

    // The turns of the memory and of its episode (the reply) go; the later turn stays.
    const after = await readConversation(memory.store, WANG);
    expect(after?.recent.map((turn) => turn.content)).toEqual(["My sister Lena lives in Oslo."]);
    expect(after?.speakers).toEqual(window?.speakers);
  });

  it("refuses an unknown id, another user's id and malformed options, changing nothing", async () => {
    const { memory } = await open();
    const cilantro = await remembered(memory, WANG, "我不吃香菜，点外卖记得备注。");
    await expect(memory.delete(WANG, "no-such-id")).rejects.toThrow(NotFoundError);
    await expect(memory.delete(ALICE, cilantro.id)).rejects.toThrow(NotFoundError);
    await expect(memory.delete(WANG, "")).rejects.toThrow(InvalidInputError);
    await expect(memory.delete(WANG, cilantro.id, { reason: 42 } as never)).rejects.toThrow(InvalidInputError);
    await expect(memory.delete(WANG, cilantro.id, { bogus: true } as never)).rejects.toThrow(InvalidInputError);
    expect(await memory.get(WANG, cilantro.id)).toMatchObject({ status: "active" });
    expect((await memory.history(WANG, cilantro.id)).map((e) => e.action)).toEqual(["add"]);
    // Deleting twice: the second time it is gone.
    await memory.delete(WANG, cilantro.id);
    await expect(memory.delete(WANG, cilantro.id)).rejects.toThrow(NotFoundError);
  });

  it("redacts a secret in the reason", async () => {
    const { memory } = await open();
    const cilantro = await remembered(memory, WANG, "我不吃香菜，点外卖记得备注。");
    await memory.delete(WANG, cilantro.id, { reason: "asked by phone 13812345678" });
    const tombstone = (await memory.history(WANG, cilantro.id)).at(-1)!;
    expect(tombstone.reason).not.toContain("13812345678");
    expect(tombstone.reason).toContain("asked by phone");
  });
});
