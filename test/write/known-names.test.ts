/**
 * Names the scope already knows (src/write/extract/known-names.ts): a Chinese name that is also a
 * dictionary word (a pet called "coal ball", a classmate called "a saying") is read as the name in
 * a later sentence once the scope introduced it, in a name-shaped slot only; a scope that never
 * introduced it reads every sentence as before, and a sentence using the word as a word is read
 * as before. Names, relations, values and sentence forms are drawn at random (seeded).
 */
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../src/messages.js";
import { tagByDictionary } from "../../src/text/grammar.js";
import type { ConversationContext } from "../../src/write/extract/context.js";
import { readConversation } from "../../src/write/extract/context.js";
import { extractWithRules } from "../../src/write/extract/index.js";
import { introducedNames } from "../../src/write/extract/introduced.js";
import { RELATIONS, SURNAMES } from "../../src/write/extract/lexicon.js";
import { nameSegment } from "../../src/write/extract/subject.js";
import { createRng } from "../bench/fixtures.js";
import { CODE_NAME, NameBook, pick } from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

type Rand = () => number;
const AT = "2026-08-01T09:00:00.000Z";
const { open: suiteMemory, tick } = steppedSuite("lgm-known-names-", "2026-08-01T09:00:00Z");

// Characters of everyday nouns; a pair the dictionary reads as one noun is a dictionary-word name.
const NOUN_CHARS = [..."煤球糖果豆糕明灯方言花生雪饼石头馒包饺铃铛月亮星橙桃核栗芝麻汤圆奶茶布丁果冻面条米粒"];
const GIVEN_CHARS = [..."伟强磊军杰涛浩宇鹏斌峰丽娟婷雪芳静敏慧雨桐琳欣怡萱璐瑶"];
const SINGLE_SURNAMES = SURNAMES.filter((s) => s.length === 1);
const PETS = ["猫", "狗"];
const PEOPLE = ["同学", "同事", "朋友", "室友", "高中同学", "大学同学"];
const RELATION_WORDS = new Set(RELATIONS.flatMap((r) => r.zh));

/** Two characters the dictionary reads as one common noun (煤球, 糖果, …), never a relation word. */
function dictionaryWordName(r: Rand): string {
  for (let i = 0; i < 2000; i++) {
    const name = pick(r, NOUN_CHARS) + pick(r, NOUN_CHARS);
    const words = tagByDictionary(name, 0);
    const noun = words.length === 1 && words[0]!.pos === "NOUN" && words[0]!.detail === "n";
    if (noun && !RELATION_WORDS.has(name)) return name;
  }
  throw new Error("no dictionary-word name drawn");
}

/** A surname and one or two given characters (王芳, 李雨桐). */
function ordinaryName(r: Rand): string {
  const given = Array.from({ length: r() < 0.5 ? 1 : 2 }, () => pick(r, GIVEN_CHARS)).join("");
  return pick(r, SINGLE_SURNAMES) + given;
}

const seat = (r: Rand) => `${pick(r, [..."ABCDEFGH"])}区${10 + Math.floor(r() * 190)}号`;
const row = (r: Rand) => `${1 + Math.floor(r() * 9)}排${1 + Math.floor(r() * 20)}号`;

/** A sentence introducing `name` (a pet or a person the speaker knows). */
function introduction(r: Rand, name: string): string {
  if (r() < 0.5) {
    const pet = pick(r, PETS);
    return pick(r, [`我家的${pet}叫${name}。`, `我有一只${pet}，叫${name}。`, `我家的${pet}${name}是一只橘色的。`]);
  }
  const rel = pick(r, PEOPLE);
  return pick(r, [`我${rel}${name}坐在${seat(r)}。`, `我有个${rel}叫${name}。`, `我${rel}名叫${name}。`]);
}

/** A later sentence about `name`, the name opening its clause (after a time clause at most). */
function laterStatement(r: Rand, name: string): string {
  return pick(r, [
    `${name}最近改吃冻干了。`,
    `调座以后${name}去了${row(r)}。`,
    `${name}现在坐${seat(r)}。`,
    `${name}最近胖了两斤。`,
    `${name}下个月搬到杭州。`,
  ]);
}

/** Sentences using the word as a word: no name-shaped slot for it. */
function wordUse(r: Rand, word: string): string {
  return pick(r, [
    `老师就像一盏${word}。`,
    `你是我的${word}。`,
    `我昨天买了两斤${word}。`,
    `这个${word}很好看。`,
    `桌上放着一些${word}。`,
  ]);
}

const message = (id: string, content: string): ChatMessage => ({ id, role: "user", content, at: AT });
const knowing = (...names: string[]): ConversationContext => ({
  speakers: [],
  recent: [],
  names: names.map((name) => ({ name, messageIds: ["intro"], at: AT })),
});
const keysOf = (content: string, context?: ConversationContext) =>
  extractWithRules([message("m", content)], context ? { context } : {}).map((c) => [c.key, c.content]);

describe("names the scope already knows", () => {
  it("zh: a known name opening a later sentence is that entity's subject; in a fresh scope the sentence reads as before", () => {
    const r = createRng(2323);
    for (let i = 0; i < 30; i++) {
      const name = r() < 0.7 ? dictionaryWordName(r) : ordinaryName(r);
      const later = laterStatement(r, name);
      const known = extractWithRules([message("m", later)], { context: knowing(name) });
      expect(
        known.some((c) => c.key.includes(`.${nameSegment(name)}.`)),
        `${later} → ${known.map((c) => c.key)}`,
      ).toBe(true);
      // Fresh scope, or one that knows only other names: exactly as without any index.
      const other = dictionaryWordName(r);
      if (other !== name) expect(keysOf(later, knowing(other)), later).toEqual(keysOf(later));
    }
  });

  it("zh: a name introduced by an earlier message of the same call counts for the later ones", () => {
    const r = createRng(4141);
    for (let i = 0; i < 20; i++) {
      const name = dictionaryWordName(r);
      const intro = introduction(r, name);
      const later = laterStatement(r, name);
      const out = extractWithRules([message("a", intro), message("b", later)]);
      const keys = out.filter((c) => c.messageIds.includes("b")).map((c) => c.key);
      expect(
        keys.some((k) => k.includes(`.${nameSegment(name)}.`)),
        `${intro} ${later} → ${keys}`,
      ).toBe(true);
    }
  });

  it("zh: must not fire where the word is used as a word (no name-shaped slot)", () => {
    const r = createRng(5353);
    for (let i = 0; i < 30; i++) {
      const name = dictionaryWordName(r);
      const said = wordUse(r, name);
      expect(keysOf(said, knowing(name)), said).toEqual(keysOf(said));
    }
  });

  it("zh: a word longer than the known name is never cut to it: the sentence reads as in a fresh scope", () => {
    const r = createRng(6161);
    for (let i = 0; i < 20; i++) {
      const name = dictionaryWordName(r);
      // 煤球店, 糖果厂: the name and a class word are another thing.
      const said = `${name}${pick(r, ["店", "厂", "馆"])}今天${pick(r, ["开门了", "关门了", "搬走了"])}。`;
      expect(keysOf(said, knowing(name)), said).toEqual(keysOf(said));
    }
  });

  it("zh: the speaker's own name, and 叫 as 'ask' or 'order', introduce no name", () => {
    const r = createRng(9393);
    for (let i = 0; i < 20; i++) {
      const name = dictionaryWordName(r);
      const rel = pick(r, PEOPLE);
      const said = pick(r, [
        `我叫${name}。`,
        `我${rel}叫我${pick(r, ["回家", "吃饭", "等他"])}。`,
        `我${rel}叫了${pick(r, ["外卖", "车", "人"])}。`,
      ]);
      expect(introducedNames(said, "zh"), said).toEqual([]);
    }
  });

  it("en: a known name counts only capitalised as it was introduced; the lowercase word reads as before", () => {
    const r = createRng(7171);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 15; i++) {
      const name = book.fresh(CODE_NAME);
      const word = name.toLowerCase();
      const said = pick(r, [`I added some ${word} to the soup.`, `The ${word} on the shelf is old.`]);
      expect(keysOf(said, knowing(name)), said).toEqual(keysOf(said));
      const later = `${name} ${pick(r, ["switched to dry food", "moved to Lisbon", "started piano lessons"])}.`;
      const keys = keysOf(later, knowing(name)).map(([key]) => key);
      expect(
        keys.some((k) => k!.includes(nameSegment(name))),
        `${later} → ${keys}`,
      ).toBe(true);
    }
  });

  it("zh, through the store: the index is kept per scope, two known names never share a key, forgetting removes them", async () => {
    const r = createRng(8989);
    const memory = await suiteMemory();
    const scope = { userId: "known-names" };
    const stranger = { userId: "known-names-other" };
    const names: string[] = [];
    while (names.length < 3) {
      const name = dictionaryWordName(r);
      if (!names.includes(name)) names.push(name);
    }
    for (const [i, name] of names.entries()) {
      const pet = pick(r, PETS);
      await memory.remember({
        scope,
        messages: [{ id: `intro${i}`, role: "user", content: `我家的${pet}叫${name}。`, at: tick() }],
      });
    }
    const index = await readConversation(memory.store, scope);
    expect(index?.names.map((n) => n.name)).toEqual(names);
    // The same statement about each name: one memory each, keyed by its name, none superseded.
    const keys: string[] = [];
    for (const [i, name] of names.entries()) {
      const out = await memory.remember({
        scope,
        messages: [{ id: `later${i}`, role: "user", content: `${name}最近改吃冻干了。`, at: tick() }],
      });
      expect(out.superseded, name).toEqual([]);
      const key = out.written.find((m) => m.source.messageIds.includes(`later${i}`))?.key;
      expect(key, name).toContain(`.${nameSegment(name)}.`);
      keys.push(key!);
    }
    expect(new Set(keys).size).toBe(names.length);
    for (const [i, name] of names.entries()) {
      const { memories } = await memory.recall({ scope, query: `${name}最近吃什么？`, limit: 10 });
      expect(
        memories.some((m) => m.source.messageIds.includes(`later${i}`)),
        name,
      ).toBe(true);
    }
    // Another scope knows none of them (a sentence whose shape alone names nothing).
    await memory.remember({
      scope: stranger,
      messages: [{ id: "s", role: "user", content: `${names[0]}最近瘦了。`, at: tick() }],
    });
    expect((await readConversation(memory.store, stranger))?.names ?? []).toEqual([]);
    // Deleting the memories that named it (its introduction, and the later statement, whose
    // shape names it too) takes the name out of the index.
    const naming = (await memory.list(scope, { status: "active" })).filter((m) =>
      m.source.messageIds.some((id) => id === "intro0" || id === "later0"),
    );
    expect(naming.length).toBeGreaterThan(0);
    for (const record of naming) await memory.delete(scope, record.id, { reason: "asked by the user" });
    expect((await readConversation(memory.store, scope))?.names.map((n) => n.name)).toEqual(names.slice(1));
    // forget-me removes the index with the scope.
    await memory.forget(scope);
    expect(await readConversation(memory.store, scope)).toBeUndefined();
    await memory.close();
  });
});
