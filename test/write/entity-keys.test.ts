/**
 * Keys name whom a memory is about, and novelty is measured against memories about the same
 * subject and attribute: facts about different people, projects or pets never collide,
 * supersede or dedupe each other, and every rejection says what it was compared with.
 */
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { MemoryKeySchema } from "../../src/schema.js";
import { extractCandidates, extractWithRules } from "../../src/write/extract/index.js";
import { entityMentions, subjectOf } from "../../src/write/extract/subject.js";
import { memoryStore, record, SCOPE } from "./helpers.js";

const AT = "2024-05-07T10:00:00+08:00";
const keyed = (content: string) =>
  extractWithRules([{ id: "m1", role: "user", content, at: AT }]).map((c) => ({ key: c.key, value: c.value }));

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

async function open(store = memoryStore()): Promise<Memory> {
  const memory = await createMemory({ store, env: {}, now: () => new Date("2024-06-01T00:00:00Z") });
  opened.push(memory);
  return memory;
}

/** One remember() per statement, a day apart, in order. */
async function tell(memory: Memory, ...statements: string[]) {
  const outs = [];
  for (const [i, content] of statements.entries()) {
    const at = new Date(Date.parse("2024-05-01T10:00:00Z") + i * 86_400_000).toISOString();
    outs.push(await memory.remember({ scope: SCOPE, messages: [{ role: "user", content, at }] }));
  }
  return outs;
}

describe("keys carry the entity a memory is about", () => {
  it("keys a named person's attribute by relation and name", () => {
    expect(keyed("My colleague Anna moved to Boston last year")).toEqual([
      { key: "colleague.anna.location", value: "Boston" },
    ]);
    expect(keyed("My colleague Bob moved to Osaka last year")).toEqual([
      { key: "colleague.bob.location", value: "Osaka" },
    ]);
    expect(keyed("my sister lives in Lisbon")).toEqual([{ key: "sister.location", value: "Lisbon" }]);
  });

  it("turns a Chinese name into a stable ASCII segment: one name, one key; two names, two keys", () => {
    const [wang] = keyed("我同事小王搬到了杭州");
    const [li] = keyed("我同事老李搬到了成都");
    expect(wang!.key).toMatch(/^colleague\.h[0-9a-f]{8}\.location$/);
    expect(li!.key).toMatch(/^colleague\.h[0-9a-f]{8}\.location$/);
    expect(wang!.key).not.toBe(li!.key);
    expect(keyed("我同事小王上个月搬到了深圳")[0]!.key).toBe(wang!.key);
    for (const { key } of [wang!, li!]) expect(MemoryKeySchema.safeParse(key).success).toBe(true);
  });

  it("reads Chinese names whose characters are also words (超, 明, 刚), and ends them before the verb", () => {
    const friends = ["我的朋友杨超萍很喜欢陶艺", "我的朋友李明玉很喜欢弹吉他", "我的朋友王刚很喜欢下象棋"].map(
      (text) => entityMentions(text)[0]?.key,
    );
    expect(friends.every((key) => /^friend\.h[0-9a-f]{8}$/.test(key ?? ""))).toBe(true);
    expect(new Set(friends).size).toBe(3);
    expect(entityMentions("我的朋友徐刚刚很喜欢摄影")[0]!.key).not.toBe(
      entityMentions("我的朋友徐丽很喜欢摄影")[0]!.key,
    );
    // 王刚 moves tomorrow: 明天 is not part of his name.
    expect(entityMentions("我同事王刚明天搬家")[0]!.key).toBe(entityMentions("我同事王刚很忙")[0]!.key);
  });

  it("keys projects by name and reads the value a known term gives", () => {
    expect(keyed("Our project Atlas uses PostgreSQL as its database.")).toEqual([
      { key: "project.atlas.database", value: "PostgreSQL" },
    ]);
    expect(keyed("我们的项目「灯塔」用的是 MySQL")[0]!.key).toMatch(/^project\.h[0-9a-f]{8}\.database$/);
    // The user's own, unnamed project keeps its key.
    expect(keyed("My project's codename is Phoenix")).toEqual([{ key: "project.codename", value: "Phoenix" }]);
  });

  it("does not make someone the subject of what the speaker did with them", () => {
    const mentions = entityMentions("I had lunch with my colleague Anna");
    expect(mentions.map((m) => m.key)).toEqual(["colleague.anna"]);
    expect(subjectOf("I had lunch with my colleague Anna", mentions)).toBeUndefined();
    expect(keyed("I helped my colleague Anna move to Boston")[0]?.key ?? "").not.toMatch(/^colleague\.anna\./);
    // An appointment with someone named is the user's, keyed by whom it is with.
    const [dentist] = keyed("我10月8日下午约了郑晓明医生复诊");
    expect(dentist!.key).toMatch(/^todo\.doctor\.h[0-9a-f]{8}$/);
    expect(keyed("我10月9日下午约了卢秀强医生拔牙")[0]!.key).not.toBe(dentist!.key);
  });

  it("keys a model's candidate by whom it is about too", async () => {
    const reply = JSON.stringify({
      memories: [
        {
          kind: "episode",
          key: "episode.colleague",
          content: "The user's colleague Anna moved to Boston",
          confidence: 0.8,
          messageIds: ["m1"],
          stated: true,
        },
      ],
    });
    const { candidates } = await extractCandidates(
      [{ id: "m1", role: "user", content: "anyway, Anna went to Boston", at: AT }],
      { model: new FakeListChatModel({ responses: [reply] }) },
    );
    expect(candidates.find((c) => c.extractor === "model")).toMatchObject({
      key: "colleague.anna.location",
      value: "Boston",
    });
  });

  it("keeps keys within the schema however long the name", () => {
    const [long] = keyed(`My colleague ${"Bartholomew ".repeat(3).trim()} moved to Copenhagen`);
    expect(MemoryKeySchema.safeParse(long!.key).success).toBe(true);
  });
});

describe("novelty against the same subject and attribute", () => {
  it("writes two colleagues' moves as two memories, and a bare name's move replaces only hers", async () => {
    const memory = await open();
    const [anna, bob, osaka] = await tell(
      memory,
      "My colleague Anna moved to Boston last year",
      "My colleague Bob moved to Osaka last year",
      "Anna moved to Osaka",
    );
    expect(anna!.written.map((r) => r.key)).toEqual(["colleague.anna.location"]);
    expect(bob!.rejected).toEqual([]);
    expect(bob!.superseded).toEqual([]);
    expect(bob!.written.map((r) => r.key)).toEqual(["colleague.bob.location"]);
    expect(osaka!.superseded.map((r) => r.content)).toEqual(["The user's colleague Anna moved to Boston in 2023"]);
    expect(osaka!.written[0]).toMatchObject({ key: "colleague.anna.location", value: "Osaka" });
    const active = await memory.list(SCOPE, { status: "active" });
    expect(active.map((r) => `${r.key}=${r.value}`).sort()).toEqual([
      "colleague.anna.location=Osaka",
      "colleague.bob.location=Osaka",
    ]);
  });

  it("keeps fifty colleagues' moves apart: none rejected, superseded or merged", async () => {
    const memory = await open();
    const names = ["Anna", "Bob", "Carla", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jamal"];
    const cities = ["Boston", "Osaka", "Berlin", "Lisbon", "Toronto"];
    const messages = names.flatMap((first, i) =>
      cities.map((city, j) => ({
        role: "user",
        content: `My colleague ${first} ${["Lee", "Kim", "Park", "Diaz", "Ng"][j]} moved to ${cities[(i + j) % 5]} last year.`,
        at: new Date(Date.parse("2024-05-01T10:00:00Z") + (i * 5 + j) * 60_000).toISOString(),
        id: `m${i * 5 + j}`,
        city,
      })),
    );
    const out = await memory.remember({ scope: SCOPE, messages: messages.map(({ city: _c, ...m }) => m) });
    expect(out.rejected).toEqual([]);
    expect(out.superseded).toEqual([]);
    expect(out.reinforced).toEqual([]);
    expect(out.written).toHaveLength(50);
    expect(new Set(out.written.map((r) => r.key)).size).toBe(50);
  });

  it("keeps two appointments with different people apart, however alike their words", async () => {
    const memory = await open();
    const [lv, lu] = await tell(memory, "我7月7日下午约了吕军华医生打疫苗。", "我7月7日下午约了吕军涛医生打疫苗。");
    expect(lv!.written).toHaveLength(1);
    expect(lu!.reinforced).toEqual([]);
    expect(lu!.written).toHaveLength(1);
    // The same appointment said again is one.
    const [again] = await tell(memory, "我7月7日下午约了吕军华医生打疫苗。");
    expect(again!.written).toEqual([]);
  });

  it("never lets 'I like red' and 'my sister likes blue' relate", async () => {
    const memory = await open();
    const [, sister] = await tell(memory, "I like red", "My sister likes blue, she told me so");
    expect(sister!.superseded).toEqual([]);
    expect(sister!.pending).toEqual([]);
    expect((await memory.list(SCOPE, { status: "active" })).map((r) => r.content)).toContain("The user likes red");
  });

  it("explains a rejection with the memory it was compared with, in the result and the history", async () => {
    const memory = await open();
    const [first, again] = await tell(
      memory,
      "This time use SQLite for the prototype database",
      "This time use SQLite for the prototype database",
    );
    for (const out of [first!, again!]) {
      expect(out.rejected).toHaveLength(1);
      expect(out.rejected[0]!.message).toMatch(/novelty 1|Compared with/);
    }
    const locker = await tell(memory, "My locker number is 12", "My locker number is 12");
    const repeated = locker[1]!;
    expect(repeated.reinforced).toHaveLength(1);
    expect(repeated.written).toEqual([]);
  });

  it("never compares a user's memory with an episode of the conversation", async () => {
    const store = memoryStore();
    const episode = record(
      "The assistant said the user's locker number is 7",
      { kind: "fact", key: "fact.locker_number", value: "7" },
      { about: "conversation" },
    );
    await store.put(["memory", "_default", SCOPE.userId, "records"], episode.id, episode);
    const memory = await open(store);
    const [out] = await tell(memory, "My locker number is 12");
    expect(out!.superseded).toEqual([]);
    expect(out!.written[0]).toMatchObject({ key: "fact.locker_number", value: "12" });
    expect((await store.get(["memory", "_default", SCOPE.userId, "records"], episode.id))!.value.status).toBe("active");
  });
});
