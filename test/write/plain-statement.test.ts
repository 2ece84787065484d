/**
 * A statement no rule reads but that names something particular is kept as said (seeded
 * generators: names, ids and sentence frames drawn at random in both languages):
 *
 * - it is written, under a key of its own words, with the name in its content, and the next
 *   such statement about another entity replaces nothing;
 * - a remark that names nothing particular ("The weather is nice today", 那部电影挺好看的) is
 *   still not a memory;
 * - a question naming the entity finds it, ahead of memories that only share the question's
 *   other words.
 */
import { describe, expect, it } from "vitest";
import { particularSubject } from "../../src/write/extract/claim.js";
import { isPlainKey, segmentOf } from "../../src/write/extract/keys.js";
import { createRng } from "../bench/fixtures.js";
import {
  CODE_NAME,
  EN_ROOM,
  HOST_NAME,
  int,
  NameBook,
  pick,
  type Rand,
  ZH_CLASS,
  ZH_CLUB,
  ZH_WEEKDAYS,
} from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const SEED = 9107;
const { open: suiteMemory, tick } = steppedSuite("lgm-plain-", "2026-05-04T09:00:00Z");

/** Frames the attribute rules have no pattern for; `{x}` is the entity, `{v}` a value. */
const FRAMES = {
  zh: ["{w}是{x}的活动日。", "{x}的上课时间是{v}。", "{x}的集合地点定在{v}门口。", "{x}每次结束都在{v}聚餐。"],
  en: [
    "{x} hosts the {w} demos.",
    "{x} is where the spare monitors are kept, next to {v}.",
    "The key for {x} hangs behind {v}.",
    "{x} doubles as a quiet room after {v}.",
  ],
} as const;

function statement(r: Rand, book: NameBook, language: "zh" | "en") {
  const x = book.entity(language === "zh" ? pick(r, [ZH_CLUB, ZH_CLASS]) : pick(r, [EN_ROOM, CODE_NAME, HOST_NAME]));
  const v =
    language === "zh"
      ? pick(r, [`下午${int(r, 1, 5)}点半`, `${book.entity(ZH_CLUB)}`, `${int(r, 2, 9)}号楼`])
      : pick(r, [`${int(r, 1, 11)} pm`, book.entity(CODE_NAME), `Desk ${int(r, 10, 99)}`]);
  const w = language === "zh" ? pick(r, ZH_WEEKDAYS) : pick(r, ["Monday", "Friday", "Thursday"]);
  const text = pick(r, FRAMES[language]).replace("{x}", x).replace("{v}", v).replace("{w}", w);
  return { x, text };
}

/** Generic remarks: a common subject and an evaluation, nothing named. */
const REMARKS = {
  zh: {
    subjects: ["今天天气", "那部电影", "这家店的咖啡", "楼下的面馆", "这首歌", "最近的路况"],
    verdicts: ["很好", "挺好看的", "一般般", "太贵了", "有点吵", "还不错"],
  },
  en: {
    subjects: [
      "The weather",
      "That film",
      "The coffee here",
      "This song",
      "The traffic",
      "The noodle place downstairs",
    ],
    verdicts: ["is nice today", "was pretty good", "is a bit loud", "is too expensive", "was fine", "is getting worse"],
  },
} as const;

describe("a statement no rule reads is kept as said when it names something particular", () => {
  it.each(["zh", "en"] as const)(
    "%s: each generated statement is written with its name, none replaces another, each found by its name",
    async (language) => {
      const r = createRng(SEED + (language === "zh" ? 1 : 2));
      const book = new NameBook(r, 0);
      const memory = await suiteMemory();
      const scope = { userId: `plain-${language}` };
      const said = Array.from({ length: 16 }, (_, i) => ({ id: `p${i}`, ...statement(r, book, language) }));
      const keys: string[] = [];
      for (const s of said) {
        const out = await memory.remember({
          scope,
          messages: [{ id: s.id, role: "user", content: s.text, at: tick() }],
        });
        expect(out.messages, s.text).toHaveLength(1);
        expect(out.messages[0]!.outcome, s.text).toBe("written");
        expect(out.superseded, s.text).toEqual([]);
        for (const m of out.written.filter((w) => isPlainKey(w.key ?? ""))) {
          // The named thing's key or the statement's own, never one of the user's attributes.
          expect(m.key, s.text).toMatch(/^(?:named\.[^.]+\.)?said\./u);
        }
        keys.push(...out.written.map((m) => `${m.key}`));
      }
      // Distinct statements, distinct keys: one never stands in for another.
      expect(new Set(keys).size, keys.join(" ")).toBe(keys.length);
      const active = await memory.list(scope, { status: "active" });
      for (const s of said) {
        const mine = active.filter((m) => m.source.messageIds.includes(s.id));
        expect(mine.length, s.text).toBeGreaterThan(0);
        expect(
          mine.some((m) => m.content.toLowerCase().includes(s.x.toLowerCase())),
          s.text,
        ).toBe(true);
      }
      for (const s of said) {
        const query = language === "zh" ? `${s.x}的情况你还记得吗？` : `What do you know about ${s.x}?`;
        const { memories } = await memory.recall({ scope, query, limit: 5, includeKnowledge: false });
        expect(
          memories.some((m) => m.source.messageIds.includes(s.id)),
          `${query} → ${memories.map((m) => m.content).join(" | ")}`,
        ).toBe(true);
      }
      await memory.close();
    },
    120_000,
  );

  it.each(["zh", "en"] as const)(
    "%s: a remark that names nothing particular is still not a memory",
    async (language) => {
      const r = createRng(SEED + 3);
      const memory = await suiteMemory();
      const scope = { userId: `remark-${language}` };
      const { subjects, verdicts } = REMARKS[language];
      for (let i = 0; i < 10; i++) {
        const text = `${pick(r, subjects)}${language === "zh" ? "" : " "}${pick(r, verdicts)}${language === "zh" ? "。" : "."}`;
        expect(particularSubject(text.slice(0, -1), language), text).toBeUndefined();
        const out = await memory.remember({
          scope,
          messages: [{ id: `r${i}`, role: "user", content: text, at: tick() }],
        });
        expect(out.written, text).toEqual([]);
        expect(out.messages[0], text).toMatchObject({ outcome: "rejected", reason: "no_statement" });
      }
      await memory.close();
    },
  );

  it.each(["zh", "en"] as const)(
    "%s: a named thing said of this moment, or asked about, is not kept as a standing statement",
    async (language) => {
      const r = createRng(SEED + 4);
      const book = new NameBook(r, 0);
      const memory = await suiteMemory();
      const scope = { userId: `moment-${language}` };
      const forms =
        language === "zh"
          ? ["今天{x}人特别多。", "{x}今天停电了，好烦。", "{x}的活动日是周几？"]
          : ["{x} is packed today.", "{x} has no power today, ugh.", "Which day does {x} host the demos?"];
      for (let i = 0; i < 9; i++) {
        const x = book.entity(language === "zh" ? ZH_CLUB : EN_ROOM);
        const text = pick(r, forms).replace("{x}", x);
        const out = await memory.remember({
          scope,
          messages: [{ id: `m${i}`, role: "user", content: text, at: tick() }],
        });
        expect(
          out.written.filter((m) => isPlainKey(m.key ?? "")).map((m) => m.content),
          text,
        ).toEqual([]);
      }
      await memory.close();
    },
  );

  it.each(["zh", "en"] as const)(
    "%s: two statements kept as said about one thing both stay: nothing says they hold one value",
    async (language) => {
      const r = createRng(SEED + 6);
      const book = new NameBook(r, 0);
      const memory = await suiteMemory();
      const scope = { userId: `same-${language}` };
      const x = book.entity(language === "zh" ? ZH_CLUB : EN_ROOM);
      const [first, second] =
        language === "zh"
          ? [`${x}的集合地点定在3号楼门口。`, `${x}每次结束都在${book.entity(ZH_CLUB)}聚餐。`]
          : [`The key for ${x} hangs behind Desk 14.`, `${x} doubles as a quiet room after 6 pm.`];
      await memory.remember({ scope, messages: [{ id: "a", role: "user", content: first!, at: tick() }] });
      const out = await memory.remember({ scope, messages: [{ id: "b", role: "user", content: second!, at: tick() }] });
      expect(out.superseded).toEqual([]);
      const active = await memory.list(scope, { status: "active" });
      for (const id of ["a", "b"])
        expect(
          active.some((m) => m.source.messageIds.includes(id)),
          id,
        ).toBe(true);
      await memory.close();
    },
  );

  it("a weekday after an article names a recurring thing, not a date", async () => {
    const memory = await suiteMemory();
    const scope = { userId: "weekday" };
    const out = await memory.remember({
      scope,
      messages: [{ id: "w1", role: "user", content: "Studio K4 hosts the Friday demos.", at: tick() }],
    });
    expect(out.written.map((m) => m.content)).toEqual(["Studio K4 hosts the Friday demos"]);
    const dated = await memory.remember({
      scope,
      messages: [{ id: "w2", role: "user", content: "I have a dentist appointment on Friday.", at: tick() }],
    });
    expect(dated.written[0]!.content).toMatch(/on \d{4}-\d{2}-\d{2}/u);
    await memory.close();
  });
});

describe("an id keeps its identity in a key", () => {
  it("two statements alike but for their host or ticket id get keys of their own", () => {
    const r = createRng(SEED + 7);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 40; i++) {
      const [a, b] = [book.entity(HOST_NAME), book.entity(HOST_NAME)];
      const frame = (id: string) => `The key for ${id} hangs behind the door`;
      expect(segmentOf(frame(a)), a).not.toBe(segmentOf(frame(b)));
      expect(segmentOf(frame(a)), a).toContain(a.toLowerCase().replace(/-/gu, "_"));
    }
    // Words joined by a dash without a digit are words, not an id.
    expect(segmentOf("a well-known place for lunch")).not.toBe("well_known");
  });
});

describe("a question naming an entity is about it", () => {
  it.each(["zh", "en"] as const)(
    "%s: the memory saying the name comes before memories that only share the question's other words",
    async (language) => {
      const r = createRng(SEED + 5);
      const book = new NameBook(r, 0);
      const memory = await suiteMemory();
      const scope = { userId: `named-${language}` };
      // Many memories worded like the question, about other hosts; one about the host asked.
      const hosts = Array.from({ length: 14 }, () => book.entity(HOST_NAME));
      const systems = ["Debian 12", "Fedora 40", "Rocky Linux 9", "Ubuntu 24.04"];
      for (const [i, host] of hosts.slice(1).entries()) {
        const text =
          language === "zh" ? `${host}装的是${pick(r, systems)}系统。` : `${host} runs the ${pick(r, systems)} system.`;
        await memory.remember({ scope, messages: [{ id: `o${i}`, role: "user", content: text, at: tick() }] });
      }
      const asked = hosts[0]!;
      const target =
        language === "zh"
          ? `${asked}是我们新的编译机，上面跑的是Arch Linux。`
          : `${asked} is our new build box; Arch Linux is on it.`;
      await memory.remember({ scope, messages: [{ id: "t", role: "user", content: target, at: tick() }] });
      const query = language === "zh" ? `${asked}装的是什么系统？` : `What system does ${asked} run?`;
      const { memories } = await memory.recall({ scope, query, limit: 3, includeKnowledge: false });
      expect(memories[0]?.source.messageIds, memories.map((m) => m.content).join(" | ")).toContain("t");
      await memory.close();
    },
    60_000,
  );
});
