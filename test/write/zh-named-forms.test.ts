/**
 * Chinese statements about someone or something named, in shapes the tagger cuts badly (seeded
 * names and values; each rule with a case it must not fire on):
 *
 * - 「<人>领养了<宠物>」: a noun the dictionary files for a verb, with 了 and an object, is the verb;
 *   the statement is kept and answers 「<宠物>的主人是谁」 above the older owner;
 * - 「<活动>是<人>最大的爱好」: the owner's hobby, never the user's (钓鱼是我最大的爱好 still is);
 *   「<甲>是<丙>的同事」 and 「<乙>是<丙>的同事」 are two colleagues, not one replacing the other;
 * - 「那单<单号>，…」 / 「帮我妈下的那单<单号>，…」: the order set off before the clause is what it is
 *   about, and 帮我妈下的 is not a request (帮我妈订一张票 still is);
 * - 「<启航>项目用的是…」, 「<星辰二期>改用…了」: a verb as a project's name, a name with its phase;
 * - 「我们一般用<会议室>打电话」, 「<系统>里<工单>显示…」, 「我们组的<项目>项目，…」: the room, the
 *   ticket, the project (我们一般用微信打电话 is still the user's contact channel);
 * - 「…从<旧值>变成<新值>了」: a change naming the older value is ranked above it.
 */
import { describe, expect, it } from "vitest";
import type { Memory } from "../../src/memory.js";
import { createRng } from "../bench/fixtures.js";
import {
  NameBook,
  ORDER_ID,
  other,
  pick,
  TICKET_ID,
  ZH_FULL_NAME,
  ZH_PET,
  ZH_PROJECT,
  ZH_ROOM,
} from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open, tick } = steppedSuite("lgm-zh-named-", "2026-05-04T09:00:00Z");

async function say(memory: Memory, scope: { userId: string }, id: string, content: string) {
  return memory.remember({ scope, messages: [{ id, role: "user", content, at: tick() }] });
}

/** The memories (not episodes) that cite a message. */
async function memoriesOf(memory: Memory, scope: { userId: string }, id: string) {
  const all = [
    ...(await memory.list(scope, { status: "active" })),
    ...(await memory.list(scope, { status: "superseded" })),
  ];
  return all.filter((m) => m.kind !== "episode" && m.source.messageIds.includes(id));
}

const ADOPT = ["领养了", "收养了"];
const HOBBIES = ["钓鱼", "下围棋", "爬山", "打羽毛球", "玩桌游", "拉小提琴", "摄影", "养多肉"];
const RELATIONS = ["同事", "朋友", "室友", "邻居"];
const STATUSES = ["已发货", "已签收", "运输中", "已退款", "待发货"];
const VERB_NAMES = ["启航", "远航", "领航", "飞跃", "腾飞", "追光", "破晓", "奔腾"];
const PHASES = ["二期", "三期", "四期"];
const STARS = [..."星辰海岳云川松竹"];
const DATABASES = ["MySQL", "PostgreSQL", "MongoDB", "Redis", "TiDB", "ClickHouse"];

describe("Chinese statements about someone or something named", () => {
  it("keeps 「<人>领养了<宠物>」 and ranks it above the older owner", async () => {
    const r = createRng(5150);
    const book = new NameBook(r, 0);
    const memory = await open();
    const scope = { userId: "adopt" };
    for (let i = 0; i < 6; i++) {
      const [pet, before, after] = [book.entity(ZH_PET), book.entity(ZH_FULL_NAME), book.entity(ZH_FULL_NAME)];
      await say(memory, scope, `a${i}`, `${pet}的主人是${before}。`);
      await say(memory, scope, `b${i}`, `${after}${pick(r, ADOPT)}${pet}。`);
      expect((await memoriesOf(memory, scope, `b${i}`)).length, `${after} → ${pet}`).toBeGreaterThan(0);
      const { memories } = await memory.recall({ scope, query: `${pet}的主人是谁？`, limit: 5 });
      expect(memories[0]?.content, pet).toContain(after);
    }
    await memory.close();
  }, 60_000);

  it("keys 「<活动>是<人>最大的爱好」 to that person, and 「…是我最大的爱好」 to the user", async () => {
    const r = createRng(5151);
    const book = new NameBook(r, 0);
    const memory = await open();
    const scope = { userId: "hobby" };
    const hobby = pick(r, HOBBIES);
    for (let i = 0; i < 4; i++) {
      const person = book.entity(ZH_FULL_NAME);
      await say(memory, scope, `h${i}`, `${i % 2 === 0 ? hobby : pick(r, HOBBIES)}是${person}最大的爱好。`);
      const [record] = await memoriesOf(memory, scope, `h${i}`);
      expect(record?.key, person).toMatch(/^named\./u);
      expect(record?.content).toContain(person);
    }
    // Two people each someone's colleague: two facts, neither replacing the other.
    const [a, b, c] = [book.entity(ZH_FULL_NAME), book.entity(ZH_FULL_NAME), book.entity(ZH_FULL_NAME)];
    await say(memory, scope, "c1", `${a}是${c}的${pick(r, RELATIONS)}。`);
    await say(memory, scope, "c2", `${b}是${c}的${pick(r, RELATIONS)}。`);
    expect((await memoriesOf(memory, scope, "c1")).map((m) => m.status)).toEqual(["active"]);
    expect((await memoriesOf(memory, scope, "c2")).map((m) => m.status)).toEqual(["active"]);
    await say(memory, scope, "mine", `${other(r, HOBBIES, hobby)}是我最大的爱好。`);
    const [mine] = await memoriesOf(memory, scope, "mine");
    expect(mine?.key).toMatch(/^hobby\./u);
    // Nobody's hobby replaced another's.
    expect((await memory.list(scope, { status: "superseded" })).filter((m) => m.kind !== "episode")).toEqual([]);
    await memory.close();
  }, 60_000);

  it("reads 「那单<单号>，…」 and 「帮我妈下的那单<单号>，…」 as about the order, and 帮我妈订… as a request", async () => {
    const r = createRng(5152);
    const book = new NameBook(r, 0);
    const memory = await open();
    const scope = { userId: "orders" };
    for (let i = 0; i < 6; i++) {
      const id = book.entity(ORDER_ID);
      const lead = i % 2 === 0 ? `那单${id}` : `帮我${pick(r, ["妈", "爸", "姐", "哥"])}下的那单${id}`;
      await say(memory, scope, `o${i}`, `${lead}，物流页面写着${pick(r, STATUSES)}。`);
      const [record] = await memoriesOf(memory, scope, `o${i}`);
      expect(record?.key, lead).toContain(id.toLowerCase().replace(/-/gu, "_"));
    }
    await say(memory, scope, "ask", `帮我妈订一张去${pick(r, ["上海", "成都", "西安"])}的票。`);
    expect(await memoriesOf(memory, scope, "ask")).toEqual([]);
    await memory.close();
  }, 60_000);

  it("keeps a project named by a verb, or by a name and its phase, and its later database first", async () => {
    const r = createRng(5153);
    const memory = await open();
    const scope = { userId: "projects" };
    const names = [
      ...VERB_NAMES.slice(0, 4).map((v) => ({ name: v, first: `${v}项目用的是` })),
      ...PHASES.map((p, k) => ({
        name: `${STARS[k]!}${STARS[k + 3]!}${p}`,
        first: `${STARS[k]!}${STARS[k + 3]!}${p}用的是`,
      })),
    ];
    for (const [i, { name, first }] of names.entries()) {
      const before = pick(r, DATABASES);
      const after = other(r, DATABASES, before);
      await say(memory, scope, `p${i}`, `${first}${before}。`);
      await say(memory, scope, `q${i}`, `${name}改用${after}了。`);
      expect((await memoriesOf(memory, scope, `p${i}`)).length, first).toBeGreaterThan(0);
      const { memories } = await memory.recall({ scope, query: `${name}用什么数据库？`, limit: 5 });
      expect(memories[0]?.content, name).toContain(after);
    }
    // What a named thing runs on is its own, not the speaker's database; the speaker's project's is.
    for (const [k, part] of ["后台", "底层", "报表"].entries()) {
      const name = `${STARS[k + 2]!}${STARS[k + 4]!}`;
      await say(memory, scope, `u${k}`, `说起来，${name}${part}用的是${pick(r, DATABASES)}数据库。`);
      for (const m of await memoriesOf(memory, scope, `u${k}`)) expect(m.key, name).not.toBe("tool.database");
    }
    await say(memory, scope, "ours", `我们项目用的是${pick(r, DATABASES)}。`);
    expect((await memoriesOf(memory, scope, "ours"))[0]?.key).toBe("tool.database");
    // A verb before 项目 with no verb of its own after it says nothing about a project.
    await say(memory, scope, "tired", "管理项目很累。");
    expect((await memoriesOf(memory, scope, "tired")).filter((m) => m.key.startsWith("project."))).toEqual([]);
    await memory.close();
  }, 60_000);

  it("keeps a room kept for calls, a ticket in a system and a group's project as theirs, each apart", async () => {
    const r = createRng(5155);
    const book = new NameBook(r, 0);
    const memory = await open();
    const scope = { userId: "rooms-tickets" };
    const rooms = [book.entity(ZH_ROOM), book.entity(ZH_ROOM), book.entity(ZH_ROOM)];
    const forms = ["我们一般用{x}打电话。", "行政把{x}安排给大家打电话用。", "公司拿来打电话的那间是{x}。"];
    for (const [k, room] of rooms.entries()) await say(memory, scope, `r${k}`, forms[k]!.replace("{x}", room));
    const tickets = [book.entity(TICKET_ID), book.entity(TICKET_ID), book.entity(TICKET_ID)];
    for (const [k, ticket] of tickets.entries())
      await say(
        memory,
        scope,
        `t${k}`,
        `${pick(r, ["IT系统", "工单系统", "后台"])}里${ticket}显示${pick(r, STATUSES)}。`,
      );
    const projects = [book.entity(ZH_PROJECT), book.entity(ZH_PROJECT)];
    for (const [k, project] of projects.entries())
      await say(memory, scope, `p${k}`, `我们组的${project}项目，数据库用的是${pick(r, DATABASES)}。`);
    // Every statement keeps a memory of its own: none is the user's contact channel, none replaced another.
    for (const id of ["r0", "r1", "r2", "t0", "t1", "t2", "p0", "p1"]) {
      const own = await memoriesOf(memory, scope, id);
      expect(
        own.map((m) => m.status),
        id,
      ).toEqual(["active"]);
      expect(own[0]!.key, id).not.toBe("communication.channel");
    }
    for (const [k, ticket] of tickets.entries())
      expect((await memoriesOf(memory, scope, `t${k}`))[0]!.key).toContain(ticket.toLowerCase().replace(/-/gu, "_"));
    // The speaker's own channel is still the speaker's.
    await say(memory, scope, "mine", "我们一般用微信打电话。");
    expect((await memoriesOf(memory, scope, "mine"))[0]?.key).toBe("communication.channel");
    await memory.close();
  }, 60_000);

  it("ranks 「…从<旧值>变成<新值>了」 above the statement of the older value", async () => {
    const r = createRng(5154);
    const book = new NameBook(r, 0);
    const memory = await open();
    const scope = { userId: "from-to" };
    for (let i = 0; i < 5; i++) {
      const id = book.entity(ORDER_ID);
      const before = pick(r, STATUSES);
      const after = other(r, STATUSES, before);
      await say(memory, scope, `s${i}`, `我那单${id}状态是${before}。`);
      await say(memory, scope, `t${i}`, `刚收到短信，${id}从${before}变成${after}了。`);
      const { memories } = await memory.recall({ scope, query: `${id}的状态是什么？`, limit: 5 });
      expect(memories[0]?.content, id).toContain(`变成${after}`);
    }
    await memory.close();
  }, 60_000);
});
