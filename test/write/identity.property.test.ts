/**
 * Identity, properties over generated statements (seeded): names, ids and sentence forms drawn at
 * random in both languages, never a fixed list of sentences.
 *
 * - N distinct statements about N entities leave N memories, none lost to another statement,
 *   each found by a question naming its entity (the dev families of test/eval/families);
 * - ids that differ by one digit or character keep apart (P1992 / P1993, 天枢 / 天璇);
 * - a third person's fact is theirs, never the user's, whether or not the sentence says 我 / my;
 * - a later value of the same entity wins, a later value of another entity replaces nothing;
 * - every message of a remember call is accounted for.
 */
import { describe, expect, it } from "vitest";
import type { Memory } from "../../src/memory.js";
import { createRng } from "../bench/fixtures.js";
import { generateSet } from "../eval/families/index.js";
import {
  CODE_NAME,
  EN_CITIES,
  HOST_NAME,
  INVOICE_ID,
  NameBook,
  nearDigit,
  ORDER_ID,
  PROJECT_ID,
  pick,
  type Rand,
  TICKET_ID,
  ZH_CITIES,
  ZH_FULL_NAME,
  ZH_PROJECT,
} from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const SEED = 4242;
const { open: suiteMemory, tick } = steppedSuite("lgm-identity-", "2026-04-01T09:00:00Z");

async function say(memory: Memory, scope: { userId: string }, id: string, content: string, prompt?: string) {
  const messages = [
    ...(prompt ? [{ id: `${id}:q`, role: "assistant" as const, content: prompt, at: tick() }] : []),
    { id, role: "user" as const, content, at: tick() },
  ];
  return memory.remember({ scope, messages });
}

describe("distinct statements keep their identity (generated dev families)", () => {
  it.each(["en", "zh"] as const)(
    "%s: every statement leaves its own active memory, none lost to another, each found by its entity",
    async (language) => {
      const memory = await suiteMemory();
      const scope = { userId: `distinct-${language}` };
      const statements = generateSet({ seed: SEED, perFamily: 5, split: "dev", language });
      for (const s of statements) await say(memory, scope, s.id, s.text, s.prompt);
      const records = [
        ...(await memory.list(scope, { status: "active" })),
        ...(await memory.list(scope, { status: "superseded" })),
        ...(await memory.list(scope, { status: "pending" })),
      ];
      const about = (id: string) => records.filter((r) => r.source.messageIds.includes(id));
      const lost = statements.filter(
        (s) => about(s.id).length > 0 && about(s.id).every((r) => r.status === "superseded"),
      );
      expect(lost.map((s) => s.text)).toEqual([]);
      const kept = statements.filter((s) => about(s.id).some((r) => r.status !== "superseded"));
      expect(kept.length / statements.length).toBeGreaterThanOrEqual(0.97);
      let found = 0;
      for (const s of statements) {
        const { memories } = await memory.recall({ scope, query: s.question, limit: 10, includeKnowledge: false });
        if (memories.some((m) => m.source.messageIds.includes(s.id))) found += 1;
      }
      expect(found / statements.length).toBeGreaterThanOrEqual(0.9);
      await memory.close();
    },
    120_000,
  );
});

/** Sentence forms for a thing with an id; `{x}` is the id, `{v}` the value. */
const ID_FORMS: Record<"en" | "zh", readonly string[]> = {
  en: [
    "{x} stores its data in {v}.",
    "The data for {x} lives in {v}.",
    "As for {x}, it runs on {v}.",
    "{x} (the one I mentioned) is hosted in {v}.",
    "We keep {x} on {v}.",
  ],
  zh: ["{x}的数据放在{v}里。", "{x}用的是{v}。", "至于{x}，数据都在{v}上。", "{x}现在跑在{v}上。"],
};
const ID_KINDS = [PROJECT_ID, ORDER_ID, TICKET_ID, INVOICE_ID, HOST_NAME, CODE_NAME];

describe("an id keeps every character of its identity", () => {
  it.each(["en", "zh"] as const)(
    "%s: near-miss ids never share a key or replace one another",
    async (language) => {
      const rand: Rand = createRng(SEED + 1);
      const book = new NameBook(rand, 0);
      const memory = await suiteMemory();
      const scope = { userId: `ids-${language}` };
      const pairs: Array<[string, string]> = [];
      for (let i = 0; i < 12; i++) {
        const a = book.entity(pick(rand, ID_KINDS));
        const b = nearDigit(rand, a);
        if (b !== a && book.claim(b)) pairs.push([a, b]);
      }
      if (language === "zh")
        for (let i = 0; i < 4; i++) {
          const a = book.entity(ZH_PROJECT);
          const b = book.entity(ZH_PROJECT);
          pairs.push([a, b]);
        }
      const values =
        language === "zh" ? ["MySQL", "PostgreSQL", "阿里云", "腾讯云"] : ["MySQL", "PostgreSQL", "S3", "Azure"];
      let n = 0;
      for (const [a, b] of pairs) {
        const form = pick(rand, ID_FORMS[language]);
        for (const [x, v] of [
          [a, pick(rand, values)],
          [b, pick(rand, values)],
        ] as const) {
          n += 1;
          await say(memory, scope, `m${n}`, form.replace("{x}", x).replace("{v}", v));
        }
      }
      const active = await memory.list(scope, { status: "active" });
      const superseded = await memory.list(scope, { status: "superseded" });
      expect(superseded.map((r) => r.content)).toEqual([]);
      for (let m = 1; m <= n; m++)
        expect(
          active.some((r) => r.source.messageIds.includes(`m${m}`)),
          `m${m}`,
        ).toBe(true);
      for (const [a, b] of pairs) {
        const [ka, kb] = [a, b].map(
          (x) => active.find((r) => r.content.includes(x) && !r.content.includes(x === a ? b : a))?.key,
        );
        expect(ka, `${a} / ${b}`).toBeDefined();
        expect(ka).not.toBe(kb);
      }
      await memory.close();
    },
    120_000,
  );
});

describe("a third person's fact is theirs", () => {
  const forms = {
    en: [
      "{n} is my {r}, and now works in {c}.",
      "{n} is my {r}; {p} now lives in {c}.",
      "My {r} {n} moved to {c} last year.",
      "{n}, my {r}, works in {c} these days.",
      "{n} lives in {c} now.",
    ],
    zh: [
      "{n}是我{r}，现在在{c}工作。",
      "{n}又搬家了，现在住在{c}。",
      "我{r}{n}去年搬到了{c}。",
      "{n}是我的{r}，她在{c}上班。",
      "{n}住在{c}。",
    ],
  } as const;
  const relations = { en: ["roommate", "colleague", "cousin", "neighbour"], zh: ["大学室友", "同事", "表姐", "邻居"] };

  it.each(["en", "zh"] as const)(
    "%s: never written as the user's own city, home or job",
    async (language) => {
      const rand: Rand = createRng(SEED + 2);
      const book = new NameBook(rand, 0);
      const memory = await suiteMemory();
      const scope = { userId: `third-${language}` };
      const cities = language === "zh" ? ZH_CITIES : EN_CITIES;
      for (let i = 0; i < 20; i++) {
        const name =
          language === "zh" ? book.entity(ZH_FULL_NAME) : `${book.fresh(CODE_NAME)} ${book.fresh(CODE_NAME)}`;
        const text = pick(rand, forms[language])
          .replace("{n}", name)
          .replace("{r}", pick(rand, relations[language]))
          .replace("{c}", pick(rand, cities))
          .replace("{p}", "she");
        const out = await say(memory, scope, `t${i}`, text);
        for (const record of out.written) {
          // The user's own keys (location.home, work.company, …) hold no one else's fact.
          expect(record.key, `${text} → ${record.content}`).not.toMatch(/^(?:location\.home|work\.|fact\.)/u);
          expect(record.content, text).not.toMatch(/^(?:用户在|用户住|用户现在|The user (?:works|lives|moved))/u);
        }
        expect(
          out.superseded.map((r) => r.content),
          text,
        ).toEqual([]);
      }
      await memory.close();
    },
    120_000,
  );
});

describe("a later value replaces or ranks above its own entity's, never another's", () => {
  it.each(["en", "zh"] as const)(
    "%s: updates from the dev families",
    async (language) => {
      const memory = await suiteMemory();
      const scope = { userId: `updates-${language}` };
      const statements = generateSet({ seed: SEED + 3, perFamily: 4, split: "dev", language }).filter((s) => s.update);
      for (const s of statements) await say(memory, scope, s.id, s.text, s.prompt);
      const updated = statements.filter((_, i) => i % 2 === 0);
      for (const s of updated) await say(memory, scope, `${s.id}:u`, s.update!.text);
      const superseded = await memory.list(scope, { status: "superseded" });
      const untouched = statements.filter((_, i) => i % 2 === 1);
      // Another entity's update replaces nothing of these.
      for (const s of untouched)
        expect(
          superseded.filter((r) => r.source.messageIds.includes(s.id)).map((r) => r.content),
          s.text,
        ).toEqual([]);
      let first = 0;
      for (const s of updated) {
        const { memories } = await memory.recall({ scope, query: s.question, limit: 10, includeKnowledge: false });
        const at = memories.find((m) => m.source.messageIds.some((id) => id === s.id || id === `${s.id}:u`));
        if (at?.source.messageIds.includes(`${s.id}:u`)) first += 1;
      }
      expect(first / updated.length).toBeGreaterThanOrEqual(0.8);
      await memory.close();
    },
    120_000,
  );
});

describe("every message of a remember call is accounted for", () => {
  it("one outcome per message, with the records or the reason", async () => {
    const rand: Rand = createRng(SEED + 4);
    const book = new NameBook(rand, 0);
    const memory = await suiteMemory();
    const scope = { userId: "accounting" };
    const kinds = [
      () => `${book.entity(PROJECT_ID)} stores its data in ${pick(rand, ["MySQL", "Redis"])}.`,
      () => `${book.entity(ZH_PROJECT)}的数据库用的是${pick(rand, ["MySQL", "MongoDB"])}。`,
      () => pick(rand, ["hi there", "thanks!", "哈哈", "ok"]),
      () => pick(rand, ["Where did I park?", "我上次说的是什么？"]),
      () => "这次先用 SQLite，上线再换 PG。",
    ];
    const messages = Array.from({ length: 40 }, (_, i) => ({
      id: `a${i}`,
      role: (i % 7 === 6 ? "system" : "user") as "system" | "user",
      content: pick(rand, kinds)(),
      at: tick(),
    }));
    const out = await memory.remember({ scope, messages });
    expect(out.messages.map((m) => m.messageId)).toEqual(messages.map((m) => m.id));
    for (const m of out.messages) {
      if (m.outcome === "rejected" || m.outcome === "ignored") expect(m.reason, m.messageId).toBeTruthy();
      else expect(m.recordIds.length, m.messageId).toBeGreaterThan(0);
    }
    const said = new Map(messages.map((m) => [m.id, m]));
    for (const m of out.messages) {
      const message = said.get(m.messageId)!;
      if (message.role === "system") expect(m.outcome).toBe("ignored");
      else if (/stores its data|数据库用的是/u.test(message.content)) expect(["written", "known"]).toContain(m.outcome);
    }
    await memory.close();
  }, 120_000);
});
