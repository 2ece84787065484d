import { InMemoryStore } from "@langchain/langgraph";
import type { BaseStore, Operation } from "@langchain/langgraph-checkpoint";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidConfigError, InvalidInputError, NotFoundError } from "../../src/errors.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { historyNamespace, RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { readAllFiles, tempDir } from "../helpers/store.js";
import { memoryStore, record, SCOPE } from "./helpers.js";

const NOW = new Date("2024-05-07T10:00:00.000Z");
const user = (content: string) => ({ role: "user", content });
const opened: Memory[] = [];

async function open(store = memoryStore()): Promise<Memory> {
  const memory = await createMemory({ store, now: () => NOW, env: {} });
  opened.push(memory);
  return memory;
}

afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

describe("createMemory: the seed 002 samples", () => {
  it("writes, rejects and scores the four Chinese samples as the article does", async () => {
    const memory = await open();
    const run = (text: string) => memory.remember({ scope: SCOPE, messages: [user(text)] });

    const cilantro = await run("我不吃香菜，点外卖记得备注。");
    expect(cilantro.written).toHaveLength(1);
    expect(cilantro.written[0]).toMatchObject({
      kind: "preference",
      status: "active",
      content: expect.stringContaining("香菜"),
    });

    const migrations = await run("我们约定：所有数据库迁移必须先跑 make gen。");
    expect(migrations.written).toHaveLength(1);
    expect(migrations.written[0]!.kind).toBe("procedure");

    const sqlite = await run("这次先用 SQLite，上线再换 PG。");
    expect(sqlite.written).toEqual([]);
    expect(sqlite.rejected).toHaveLength(1);
    expect(sqlite.rejected[0]).toMatchObject({ reason: "transient", scores: { stability: 0.3, reusability: 0.2 } });
    expect(sqlite.rejected[0]!.score).toBeGreaterThan(0.55);
    expect(sqlite.rejected[0]!.score).toBeLessThan(0.62);

    const incident = await run("上周排查过一个 502，是网关超时导致的。");
    expect(incident.written).toHaveLength(1);
    expect(incident.written[0]).toMatchObject({ kind: "episode", content: expect.stringContaining("502") });

    expect(await memory.list(SCOPE, { status: "active" })).toHaveLength(3);
  });

  it("does not write a half-joking self-label (seed 003 §5.1)", async () => {
    const memory = await open();
    const out = await memory.remember({ scope: SCOPE, messages: [user("我这个人就是比较难搞")] });
    expect(out.written).toEqual([]);
    expect(out.rejected).toEqual([
      expect.objectContaining({ reason: "personal_low_confidence", score: expect.any(Number) }),
    ]);
    // The audit notes the refusal but keeps the judgement itself out of storage.
    const [entry] = await memory.store.search(historyNamespace(SCOPE), { limit: 5 });
    expect(JSON.stringify(entry!.value)).not.toContain("难搞");
  });

  it("gives the English equivalents the same verdicts", async () => {
    const memory = await open();
    const run = (text: string) => memory.remember({ scope: SCOPE, messages: [user(text)] });
    expect((await run("I don't eat cilantro, remember to note it when ordering takeout.")).written).toHaveLength(1);
    expect((await run("We agreed: all database migrations must run make gen first.")).written).toHaveLength(1);
    const sqlite = await run("Let's use SQLite for now and switch to PG at launch.");
    expect(sqlite.written).toEqual([]);
    expect(sqlite.rejected[0]).toMatchObject({ reason: "transient" });
    expect(sqlite.rejected[0]!.score).toBeLessThan(0.62);
    expect((await run("Last week I debugged a 502; it was caused by a gateway timeout.")).written).toHaveLength(1);
  });
});

describe("createMemory: conflicts (seed 002 §3, seed 003 §4.2)", () => {
  it("supersedes 用户喜欢吃苹果 with 用户最近不吃苹果了, softly and with history", async () => {
    const memory = await open();
    const [apple] = (await memory.remember({ scope: SCOPE, messages: [user("我喜欢吃苹果")] })).written;
    const out = await memory.remember({
      scope: SCOPE,
      messages: [{ id: "msg-2", role: "user", content: "我最近不吃苹果了" }],
    });
    expect(out.written).toHaveLength(1);
    expect(out.superseded).toEqual([
      expect.objectContaining({ id: apple!.id, status: "superseded", supersededBy: out.written[0]!.id }),
    ]);
    // Never physically deleted.
    expect(await memory.get(SCOPE, apple!.id)).toMatchObject({ status: "superseded" });
    const history = await memory.history(SCOPE, apple!.id);
    expect(history.map((e) => e.action)).toEqual(["add", "supersede"]);
    expect(history[1]).toMatchObject({
      messageIds: ["msg-2"],
      relatedId: out.written[0]!.id,
      before: { status: "active" },
    });
    expect(history[1]!.reason).toMatch(/opposite polarity/);
  });

  it("asks about 用户喜欢喝咖啡 (pending when not interactive) and lets 用户偏好华为手机 coexist", async () => {
    const memory = await open();
    const [apple] = (await memory.remember({ scope: SCOPE, messages: [user("我喜欢吃苹果")] })).written;
    const coffee = await memory.remember({ scope: SCOPE, messages: [user("我喜欢喝咖啡")] });
    expect(coffee.written).toEqual([]);
    expect(coffee.pending).toEqual([expect.objectContaining({ status: "pending", content: "用户喜欢喝咖啡" })]);
    const huawei = await memory.remember({ scope: SCOPE, messages: [user("我偏好华为手机")] });
    expect(huawei.written).toEqual([expect.objectContaining({ content: "用户偏好华为手机", status: "active" })]);
    expect(huawei.pending).toEqual([]);

    const [pending] = await memory.pending(SCOPE);
    expect(pending).toMatchObject({
      relation: "ask_user",
      existing: { id: apple!.id },
      options: ["supersede", "keep_both", "merge", "reject"],
    });
    expect(pending!.question).toMatch(/用户喜欢吃苹果.*用户喜欢喝咖啡/);
  });

  it("resolves a pending conflict and records the resolution in history", async () => {
    const memory = await open();
    const [apple] = (await memory.remember({ scope: SCOPE, messages: [user("我喜欢吃苹果")] })).written;
    const [coffee] = (await memory.remember({ scope: SCOPE, messages: [user("我喜欢喝咖啡")] })).pending;
    const resolved = await memory.resolve(SCOPE, coffee!.id, "supersede");
    expect(resolved.written).toEqual([expect.objectContaining({ id: coffee!.id, status: "active" })]);
    expect(resolved.superseded).toEqual([expect.objectContaining({ id: apple!.id, supersededBy: coffee!.id })]);
    expect(await memory.pending(SCOPE)).toEqual([]);
    expect((await memory.history(SCOPE, coffee!.id)).map((e) => e.action)).toEqual(["add", "resolve"]);
    expect((await memory.history(SCOPE, apple!.id)).map((e) => e.action)).toEqual(["add", "supersede"]);
    await expect(memory.resolve(SCOPE, coffee!.id, "keep_both")).rejects.toThrow(NotFoundError);
  });

  it("merges or drops a pending conflict on request", async () => {
    const memory = await open();
    const [apple] = (await memory.remember({ scope: SCOPE, messages: [user("我喜欢吃苹果")] })).written;
    const [coffee] = (await memory.remember({ scope: SCOPE, messages: [user("我喜欢喝咖啡")] })).pending;
    const merged = await memory.resolve(SCOPE, coffee!.id, "merge");
    expect(merged.merged).toEqual([
      expect.objectContaining({ id: apple!.id, content: "用户喜欢吃苹果；用户喜欢喝咖啡" }),
    ]);
    expect(await memory.get(SCOPE, coffee!.id)).toBeNull();
    expect((await memory.history(SCOPE, coffee!.id)).at(-1)).toMatchObject({
      action: "resolve",
      decision: "merge",
      before: { content: "用户喜欢喝咖啡" },
    });

    const [tea] = (await memory.remember({ scope: SCOPE, messages: [user("我喜欢喝茶")] })).pending;
    await memory.resolve(SCOPE, tea!.id, "reject");
    expect(await memory.get(SCOPE, tea!.id)).toBeNull();
    expect(await memory.list(SCOPE, { status: "active" })).toHaveLength(1);
  });

  it.each([
    ["zh", "我不用微信沟通", "这次发微信也行", "微信"],
    ["en", "I don't use WeChat to communicate", "This time WeChat is fine", "WeChat"],
  ])(
    "keeps a preference said three times and notes a one-off exception to it (%s)",
    async (_lang, rule, once, word) => {
      const memory = await open();
      let turn = 0;
      const say = (text: string) =>
        memory.remember({ scope: SCOPE, messages: [{ id: `turn-${++turn}`, role: "user", content: text }] });
      const [preference] = (await say(rule)).written;
      const second = await say(rule);
      const third = await say(rule);
      expect(second.reinforced[0]!.confidence).toBeGreaterThan(preference!.confidence);
      expect(third.reinforced[0]!.confidence).toBeGreaterThan(second.reinforced[0]!.confidence);
      expect(third.reinforced[0]).toMatchObject({ id: preference!.id, accessCount: 2 });
      expect(third.reinforced[0]!.source.messageIds).toEqual(["turn-1", "turn-2", "turn-3"]);

      const exception = await say(once);
      expect(exception.superseded).toEqual([]);
      expect(exception.exceptions).toEqual([
        expect.objectContaining({
          kind: "episode",
          confidence: 0.5,
          expiresAt: expect.any(String),
          content: expect.stringContaining(word),
        }),
      ]);
      const kept = await memory.get(SCOPE, preference!.id);
      expect(kept).toMatchObject({ status: "active", confidence: third.reinforced[0]!.confidence });
      expect((await memory.history(SCOPE, exception.exceptions[0]!.id))[0]).toMatchObject({
        relatedId: preference!.id,
        relation: "exception",
      });
    },
  );

  it("handles the apple / coffee / Huawei statements the same way in English", async () => {
    const memory = await open();
    const say = (text: string) => memory.remember({ scope: SCOPE, messages: [user(text)] });
    const [apple] = (await say("I like eating apples")).written;
    expect((await say("I like drinking coffee")).pending).toEqual([
      expect.objectContaining({ content: "The user likes drinking coffee" }),
    ]);
    expect((await say("I prefer Huawei phones")).written).toHaveLength(1);
    const changed = await say("I don't eat apples anymore");
    expect(changed.superseded).toEqual([expect.objectContaining({ id: apple!.id, status: "superseded" })]);
  });

  it("lets an explicit statement outrank inferred memory, and rejects an agent that contradicts the user", async () => {
    const store = memoryStore();
    const inferred = record("用户喜欢吃苹果", { sourceType: "inferred", key: "food.apple" }, { confidence: 0.6 });
    await store.put(recordsNamespace(SCOPE), inferred.id, inferred, RECORD_INDEX_FIELDS);
    const memory = await open(store);
    const out = await memory.remember({ scope: SCOPE, messages: [user("我喜欢喝咖啡")] });
    expect(out.pending).toEqual([]);
    expect(out.superseded).toEqual([expect.objectContaining({ id: inferred.id })]);
  });

  it("never lets the agent override what the user said, even past a lowered admission bar", async () => {
    // The contradiction is close to the memory it contradicts, so its novelty is low; a lower
    // threshold lets it through admission so that precedence, not the score, has to stop it.
    const memory = await createMemory({ store: memoryStore(), now: () => NOW, env: {}, admission: { threshold: 0.5 } });
    opened.push(memory);
    const [own] = (await memory.remember({ scope: SCOPE, messages: [user("我不用微信沟通")] })).written;
    const agent = await memory.remember({ scope: SCOPE, messages: [{ role: "assistant", content: "你用微信沟通。" }] });
    expect(agent.written).toEqual([]);
    expect(agent.pending).toEqual([]);
    expect(agent.rejected).toEqual([expect.objectContaining({ reason: "outranked", relatedId: own!.id })]);
    expect(await memory.get(SCOPE, own!.id)).toMatchObject({ status: "active" });
  });

  it("retires the episode of an exchange whose reply the user's word outranks, and keeps it on record", async () => {
    const memory = await createMemory({ store: memoryStore(), now: () => NOW, env: {}, admission: { threshold: 0.5 } });
    opened.push(memory);
    const [own] = (await memory.remember({ scope: SCOPE, messages: [user("我不用微信沟通")] })).written;
    const exchange = [user("我们平时用什么沟通？"), { role: "assistant", content: "你用微信沟通。", id: "reply-1" }];
    const out = await memory.remember({ scope: SCOPE, messages: exchange });
    expect(out.rejected).toEqual([expect.objectContaining({ reason: "outranked", relatedId: own!.id })]);
    const [episodeId] = out.messages.flatMap((m) => (m.messageId === "reply-1" && m.episodeId ? [m.episodeId] : []));
    expect(episodeId).toBeDefined();
    const episode = await memory.get(SCOPE, episodeId!);
    expect(episode).toMatchObject({ status: "superseded", supersededBy: own!.id });
    expect((await memory.history(SCOPE, episodeId!)).map((e) => e.action)).toEqual(["add", "supersede"]);
    const recalled = await memory.recall({ scope: SCOPE, query: "我平时用什么沟通" });
    expect(recalled.context).toContain("用户不用微信沟通");
    expect(recalled.context).not.toContain("你用微信沟通");
  });
});

describe("createMemory: agent-generated memories (seed 003 §5.6)", () => {
  it("caps them at 0.5 and keeps them pending until the user confirms", async () => {
    const memory = await open();
    const out = await memory.remember({
      scope: SCOPE,
      messages: [{ role: "assistant", content: "你偏好钛金属水杯。" }],
    });
    expect(out.written).toEqual([]);
    expect(out.pending).toHaveLength(1);
    expect(out.pending[0]).toMatchObject({ status: "pending", source: { type: "agent_generated" } });
    expect(out.pending[0]!.confidence).toBeLessThanOrEqual(0.5);
    expect(await memory.list(SCOPE, { status: "active" })).toEqual([]);

    const [pending] = await memory.pending(SCOPE);
    expect(pending).toMatchObject({ relation: "unconfirmed", options: ["confirm", "reject"] });
    await expect(memory.resolve(SCOPE, pending!.record.id, "supersede")).rejects.toThrow(InvalidInputError);
    const confirmed = await memory.resolve(SCOPE, pending!.record.id, "confirm");
    expect(confirmed.written[0]).toMatchObject({ status: "active", confidence: 0.8 });
    expect((await memory.history(SCOPE, pending!.record.id)).map((e) => e.action)).toEqual(["add", "resolve"]);
  });
});

describe("createMemory: bad input leaves the store unchanged", () => {
  async function snapshot(store: BaseStore) {
    const records = await store.search(recordsNamespace(SCOPE), { limit: 1000 });
    const history = await store.search(historyNamespace(SCOPE), { limit: 1000 });
    return { records: records.length, history: history.length };
  }

  it("rejects no messages, a 1 MB message, an unknown role and a bad scope with InvalidInputError", async () => {
    const store = memoryStore();
    const memory = await open(store);
    await memory.remember({ scope: SCOPE, messages: [user("我不吃香菜")] });
    const before = await snapshot(store);
    await expect(memory.remember({ scope: SCOPE, messages: [] })).rejects.toThrow(InvalidInputError);
    await expect(memory.remember({ scope: SCOPE, messages: [user("我".repeat(350_000))] })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(memory.remember({ scope: SCOPE, messages: [{ role: "wizard", content: "hi" }] })).rejects.toThrow(
      /unknown role "wizard"/,
    );
    await expect(memory.remember({ scope: { userId: "" }, messages: [user("我不吃香菜")] })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(memory.remember({ scope: { userId: "a:b" }, messages: [user("我不吃香菜")] })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(memory.list(SCOPE, { status: "gone" as never })).rejects.toThrow(InvalidInputError);
    expect(await snapshot(store)).toEqual(before);
  });

  it("writes nothing when the store's batch fails, and surfaces the error", async () => {
    class FailingStore extends InMemoryStore {
      override async batch<Op extends readonly Operation[]>(operations: Op) {
        if (operations.some((op) => "value" in op)) throw new Error("disk full");
        return super.batch(operations);
      }
    }
    const store = new FailingStore({
      index: { dims: 256, embeddings: new HashEmbeddings(), fields: RECORD_INDEX_FIELDS },
    });
    const memory = await open(store);
    await expect(
      memory.remember({ scope: SCOPE, messages: [user("我不吃香菜"), user("我们约定：每次发版前必须跑 lint。")] }),
    ).rejects.toThrow("disk full");
    expect(await memory.list(SCOPE)).toEqual([]);
    expect(await store.search(historyNamespace(SCOPE), { limit: 10 })).toEqual([]);
  });

  it("validates its options", async () => {
    await expect(createMemory({ store: {} as never })).rejects.toThrow(InvalidConfigError);
    await expect(createMemory({ store: memoryStore(), admission: { threshold: 2 } })).rejects.toThrow(
      InvalidConfigError,
    );
    await expect(createMemory({ store: memoryStore(), colour: "red" } as never)).rejects.toThrow(/colour/);
  });

  it("rejects an unknown pending id and a malformed decision", async () => {
    const memory = await open();
    await expect(memory.resolve(SCOPE, "nope", "keep_both")).rejects.toThrow(NotFoundError);
    await memory.remember({ scope: SCOPE, messages: [user("我喜欢吃苹果")] });
    const [coffee] = (await memory.remember({ scope: SCOPE, messages: [user("我喜欢喝咖啡")] })).pending;
    await expect(memory.resolve(SCOPE, coffee!.id, "maybe" as never)).rejects.toThrow(
      /must be one of supersede, keep_both, merge, reject/,
    );
  });
});

describe("createMemory: the default store", () => {
  it("persists to an HNSWStore in dir and keeps raw secrets out of every file", async () => {
    const dir = tempDir("lgm-facade-");
    const memory = await createMemory({ dir, now: () => NOW, env: {} });
    const out = await memory.remember({
      scope: SCOPE,
      messages: [user("记住，我的手机号是 13812345678，邮箱 alice@example.com，我不吃香菜。")],
    });
    expect(out.written.length).toBeGreaterThan(0);
    await memory.close();

    for (const { file, bytes } of readAllFiles(dir)) {
      const text = bytes.toString("utf8");
      expect(text.includes("13812345678"), file).toBe(false);
      expect(text.includes("alice@example.com"), file).toBe(false);
    }
    const reopened = await createMemory({ dir, now: () => NOW, env: {} });
    expect((await reopened.list(SCOPE)).map((r) => r.id).sort()).toEqual(out.written.map((r) => r.id).sort());
    await reopened.close();
  });
});
