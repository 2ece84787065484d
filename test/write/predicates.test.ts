/**
 * Predicates and subjects the tagger files under other words (seeded generators; each rule with
 * the sentences it must not fire on):
 *
 * - "right now" / 眼下 on an activity under way on a named work or course ("I'm reading <title>
 *   right now") is what the speaker does these days, kept; on a choice or a state it stays passing;
 * - a Chinese predicate that is an idiom (对天文很感兴趣) or a word before an aspect particle
 *   (订单…已经发货了) makes a statement;
 * - a name coined from two or three words (苍松四期) opening a sentence before a time word and a
 *   verb is one name;
 * - a two-character noun opening a sentence, then a time word and a verb with its object (枣花平时
 *   吃生骨肉) is a particular one's habit, kept under that name; without an object it is not;
 * - an unknown word the tagger glued from a verb and the next character (吃生/x 骨肉) is the verb.
 */
import { describe, expect, it } from "vitest";
import { tagWords } from "../../src/text/grammar.js";
import { transientIn } from "../../src/write/cues.js";
import { nameSegment } from "../../src/write/extract/subject.js";
import { createRng } from "../bench/fixtures.js";
import {
  EN_BOOK,
  EN_COURSE,
  EN_DATABASES,
  NameBook,
  ORDER_ID,
  pick,
  ZH_DATABASES,
  ZH_FULL_NAME,
  ZH_PROJECT,
} from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open: suiteMemory, tick } = steppedSuite("lgm-predicates-", "2026-06-10T09:00:00Z");

async function write(content: string, user: string) {
  const memory = await suiteMemory();
  const scope = { userId: user };
  const out = await memory.remember({ scope, messages: [{ id: "m1", role: "user", content, at: tick() }] });
  const memories = (await memory.list(scope, { status: "active" })).filter(
    (m) => m.about !== "conversation" && m.source.messageIds.includes("m1"),
  );
  await memory.close();
  return { out, memories };
}

describe("predicates and subjects the tagger files elsewhere", () => {
  it("en/zh: a present-time cue on an activity under way on a named work keeps it; on a choice or a state it is passing", async () => {
    const r = createRng(4401);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 10; i++) {
      const title = i % 2 === 0 ? book.fresh(EN_BOOK) : book.fresh(EN_COURSE);
      const verb =
        i % 2 === 0
          ? pick(r, ["reading", "rereading", "halfway through", "listening to"])
          : pick(r, ["taking", "auditing"]);
      const sentence = pick(r, [
        `I'm ${verb} ${title} ${pick(r, ["right now", "at the moment"])}.`,
        `${pick(r, ["Right now", "At the moment"])} I'm taking a ${pick(r, ["course", "class", "workshop"])} called ${title}.`,
        `${pick(r, ["Right now", "At the moment"])} I'm in the middle of ${title}.`,
      ]);
      const { out, memories } = await write(sentence, `ongoing-${i}`);
      expect(out.messages[0]!.outcome, sentence).toBe("written");
      expect(memories.map((m) => m.content).join(" | "), sentence).toContain(title.split(" ").at(-1)!);
    }
    // Must not fire: a choice for now, a state, a place of this moment.
    for (let i = 0; i < 6; i++) {
      const db = pick(r, EN_DATABASES);
      const sentence = pick(r, [
        `I'm using ${db} right now.`,
        `We're sticking with ${db} at the moment.`,
        "I'm swamped right now.",
        "I'm in a meeting at the moment.",
        "I'm cooking dinner right now.",
        "I'm in the middle of a meeting right now.",
        "At the moment I'm waiting for a call.",
      ]);
      expect(transientIn(sentence, "en"), sentence).toBe(true);
    }
    expect(transientIn("我眼下在读《长河》。", "zh")).toBe(false);
    expect(transientIn("眼下先用 SQLite。", "zh")).toBe(true);
  });

  it("zh: an idiom or a word before 了 is a predicate: the statement is kept under its name", async () => {
    const r = createRng(4402);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 10; i++) {
      const person = book.fresh(ZH_FULL_NAME);
      const order = book.fresh(ORDER_ID);
      // An aspect adverb before a word the dictionary files as a noun (已发货, 正在清关) makes it a predicate.
      const sentence =
        i % 2 === 0
          ? `${person}对${pick(r, ["天文", "茶艺", "摄影", "昆虫"])}很感兴趣。`
          : pick(r, [
              `订单${order}已经${pick(r, ["发货", "签收", "出库"])}了。`,
              `订单 ${order}：已${pick(r, ["发货", "签收", "出库"])}。`,
              `单号 ${order} 的货物正在${pick(r, ["清关", "派送", "出库"])}。`,
            ]);
      const { out, memories } = await write(sentence, `predicate-${i}`);
      expect(out.messages[0]!.outcome, sentence).toBe("written");
      const name = i % 2 === 0 ? person : order;
      expect(memories.map((m) => m.content).join(" | "), sentence).toContain(name);
    }
    // Must not fire: the same predicate asked about states nothing.
    for (const sentence of [`订单${book.fresh(ORDER_ID)}发货了吗？`, `${book.fresh(ZH_FULL_NAME)}对天文感兴趣吗？`]) {
      const { out, memories } = await write(sentence, "predicate-none");
      expect(out.messages[0]!.reason, sentence).toBe("question");
      expect(memories, sentence).toEqual([]);
    }
  });

  it("zh: a name coined from several words before a time word and a verb is one name; a common subject is not", async () => {
    const r = createRng(4403);
    const book = new NameBook(r, 0);
    const keys = new Set<string>();
    for (let i = 0; i < 6; i++) {
      let base = book.fresh(ZH_PROJECT);
      while (!/^\p{Script=Han}+$/u.test(base)) base = book.fresh(ZH_PROJECT);
      const project = `${base}${pick(r, ["二期", "三期", "四期"])}`;
      const [verb, after] = pick(r, [
        ["跑在", "上"],
        ["部署在", "上"],
        ["用", ""],
        ["改用", "了"],
      ] as const);
      const sentence = `${project}${pick(r, ["现在", "目前", "平时"])}${verb}${pick(r, ZH_DATABASES)}${after}。`;
      const { out, memories } = await write(sentence, `coined-${i}`);
      expect(out.messages[0]!.outcome, sentence).toBe("written");
      const key = memories.find((m) => m.key?.includes(nameSegment(project)))?.key;
      expect(key, `${sentence} → ${memories.map((m) => m.key)}`).toBeDefined();
      keys.add(key!);
    }
    expect(keys.size).toBe(6);
    // Must not fire: no verb after the time word, or a pronoun among the words.
    for (const sentence of ["北京天气现在很冷。", "我们公司现在用钉钉。", "这个项目现在用MySQL。"]) {
      const { memories } = await write(sentence, "coined-none");
      expect(
        memories.filter((m) => /北京天气|我们公司|这个项目/u.test(m.key ?? "")),
        sentence,
      ).toEqual([]);
    }
  });

  it("zh: a noun with a habit and its object is a particular one, kept under its name; one without an object is not", async () => {
    const r = createRng(4404);
    // Two-character nouns a pet is often called by (the dictionary knows each as a word).
    const nouns = ["枣花", "小花", "石头", "月亮", "铃铛", "雪球", "煤球", "灯笼"];
    const foods = ["冻干", "生骨肉", "罐头", "鸡胸肉", "羊奶粉"];
    const keys = new Set<string>();
    for (const [i, name] of nouns.entries()) {
      const sentence = pick(r, [
        `${name}平时吃${pick(r, foods)}。`,
        `${name}最近改吃${pick(r, foods)}了。`,
        `${name}现在每天喝${pick(r, ["羊奶", "温水"])}。`,
      ]);
      const { out, memories } = await write(sentence, `habit-${i}`);
      expect(out.messages[0]!.outcome, sentence).toBe("written");
      const key = memories.find((m) => m.key?.includes(nameSegment(name)))?.key;
      expect(key, `${sentence} → ${memories.map((m) => m.key)}`).toBeDefined();
      keys.add(key!);
    }
    expect(keys.size).toBe(nouns.length);
    // Must not fire: the same shape with no object, or the noun as a time word.
    for (const sentence of ["公司最近在裁员。", "天气最近变冷了。", "价格最近涨了。"]) {
      const { memories } = await write(sentence, "habit-none");
      expect(
        memories.filter((m) => /公司|天气|价格/u.test(m.key ?? "")),
        sentence,
      ).toEqual([]);
    }
  });

  it("zh: a verb the tagger glued to the next character is split off after a time word; a name after one is not", () => {
    for (const [sentence, verb] of [
      ["豆豆平时吃生骨肉。", "吃"],
      ["林涛最近改吃猫粮了。", "改"],
    ] as const) {
      const words = tagWords(sentence, "zh");
      expect(words.find((w) => w.text === verb)?.pos, words.map((w) => `${w.text}/${w.pos}`).join(" ")).toBe("VERB");
    }
    // 鸿 is no verb: the unknown word after 昨天 is not split.
    expect(tagWords("昨天鸿凰来了。", "zh").some((w) => w.text.startsWith("鸿凰"))).toBe(true);
  });
});
