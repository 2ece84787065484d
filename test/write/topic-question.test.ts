/**
 * A topic set by a question that only names it ("Clazion? Ava Sass leads it.", 天枢？它的数据放在
 * MySQL里。) is what the next sentence, pointing back to it, is about: the memory keeps the name,
 * and a question naming it finds it. Must not fire: a question that is not a name ("Really?",
 * "Why?", 真的？) sets no topic, and a name the next sentence does not point back to ("Clazion?
 * No idea.") stays a question of its own. Names and forms are drawn at random (seeded).
 */
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { splitSentences, topicFirst } from "../../src/write/extract/segment.js";
import { createRng } from "../bench/fixtures.js";
import {
  CODE_NAME,
  EN_DATABASES,
  EN_FULL_NAME,
  NameBook,
  PROJECT_ID,
  pick,
  type Rand,
  ZH_DATABASES,
  ZH_FULL_NAME,
  ZH_PROJECT,
} from "../eval/families/names.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

interface Said {
  name: string;
  text: string;
  query: string;
}

const EN: readonly ((r: Rand, book: NameBook) => Said)[] = [
  (r, book) => {
    const name = book.fresh(pick(r, [CODE_NAME, PROJECT_ID]));
    return { name, text: `${name}? ${book.fresh(EN_FULL_NAME)} leads it.`, query: `Who leads ${name}?` };
  },
  (r, book) => {
    const name = book.fresh(pick(r, [CODE_NAME, PROJECT_ID]));
    return {
      name,
      text: `${name}? Its data lives in ${pick(r, EN_DATABASES)}.`,
      query: `Which database does ${name} use?`,
    };
  },
];
const ZH: readonly ((r: Rand, book: NameBook) => Said)[] = [
  (_r, book) => {
    const name = book.fresh(ZH_PROJECT);
    return { name, text: `${name}？它的负责人是${book.fresh(ZH_FULL_NAME)}。`, query: `${name}的负责人是谁？` };
  },
  (r, book) => {
    const name = book.fresh(ZH_PROJECT);
    return { name, text: `${name}？它的数据放在${pick(r, ZH_DATABASES)}里。`, query: `${name}用的什么数据库？` };
  },
];

function draw(seed: number, forms: readonly ((r: Rand, book: NameBook) => Said)[], n: number): Said[] {
  const r = createRng(seed);
  const book = new NameBook(r, 0);
  return Array.from({ length: n }, (_, i) => forms[i % forms.length]!(r, book));
}

describe("a topic named by a question", () => {
  it("is what the next sentence pointing back says something of, in memory and recall", async () => {
    const memory = await createMemory({ ...suiteMemoryLocation("lgm-topic-question-"), env: {} });
    const scope = { userId: "topics" };
    const cases = [...draw(921, EN, 10), ...draw(922, ZH, 10)];
    for (const [i, c] of cases.entries()) {
      const out = await memory.remember({
        scope,
        messages: [{ id: `m${i}`, role: "user", content: c.text, at: "2026-05-04T09:00:00Z" }],
      });
      expect(out.messages[0]!.outcome, c.text).toBe("written");
      expect(
        out.written.some((w) => w.content.includes(c.name)),
        `${c.text} → ${out.written.map((w) => w.content).join(" | ")}`,
      ).toBe(true);
    }
    for (const [i, c] of cases.entries()) {
      const { memories } = await memory.recall({ scope, query: c.query, limit: 10 });
      const found = memories.some((m) => m.kind !== "episode" && m.source.messageIds.includes(`m${i}`));
      expect(found, `${c.query} → ${memories.map((m) => m.content).join(" | ")}`).toBe(true);
    }
    await memory.close();
  });

  it("is set only by a name, and only for a sentence pointing back", () => {
    for (const text of ["Really? It broke again.", "Why? It was late.", "真的？它坏了。", "Seriously? They left."])
      expect(topicFirst(text), text).toBe(text);
    const r = createRng(923);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 10; i++) {
      const name = book.fresh(CODE_NAME);
      expect(splitSentences(`${name}? No idea.`)).toHaveLength(2);
      expect(splitSentences(`${name}? ${book.fresh(EN_FULL_NAME)} runs it.`)).toHaveLength(1);
    }
  });
});
