/**
 * The current value first in a crowded scope: among dozens of statements worded alike about other
 * entities (many with near-miss names), a later statement about the entity asked for comes first
 * when it changes what the earlier one answers — a change that names no attribute of its own
 * ("X switched to Redis", X已经迁到MongoDB了) to a value of the same kind, or a later number when
 * the question asks how many or how old. Must not fire: a later change that names another
 * attribute ("X switched its lead to …", X的负责人换成了…) or a later statement with no number
 * under "how old" stays below an earlier answer that says what was asked. Names, values and forms are drawn at random
 * (seeded), in both languages.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../bench/fixtures.js";
import {
  CODE_NAME,
  EN_DATABASES,
  EN_FULL_NAME,
  EN_PET,
  int,
  NameBook,
  other,
  pick,
  type Rand,
  ZH_DATABASES,
  ZH_FULL_NAME,
  ZH_PET,
  ZH_PROJECT,
} from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open: suiteMemory, tick } = steppedSuite("lgm-crowded-current-", "2026-05-04T09:00:00Z");

interface Case {
  older: string;
  newer: string;
  query: string;
  /** Whether the newer statement must come first (true) or stay below the older (false). */
  climbs: boolean;
}

interface Language {
  crowd: (r: Rand, book: NameBook) => string;
  cases: readonly ((r: Rand, book: NameBook) => Case)[];
}

const ZH: Language = {
  crowd: (r, book) =>
    pick(r, [
      `${book.entity(ZH_PROJECT)}用的是${pick(r, ZH_DATABASES)}数据库。`,
      `项目${book.entity(ZH_PROJECT)}的数据存在${pick(r, ZH_DATABASES)}里。`,
      `${book.entity(ZH_PET)}今年${int(r, 1, 12)}岁了。`,
    ]),
  cases: [
    (r, book) => {
      const e = book.entity(ZH_PROJECT);
      const v = pick(r, ZH_DATABASES);
      const next = other(r, ZH_DATABASES, v);
      return {
        older: pick(r, [`${e}用的是${v}数据库。`, `${e}项目的数据库是${v}。`]),
        newer: pick(r, [`${e}已经迁到${next}了。`, `${e}现在改用${next}。`, `${e}从${v}切换到了${next}。`]),
        query: pick(r, [`${e}用什么数据库？`, `${e}项目的数据存在哪个数据库？`]),
        climbs: true,
      };
    },
    (r, book) => {
      const e = book.entity(ZH_PET);
      const age = int(r, 1, 12);
      return {
        older: `${e}今年${age}岁了。`,
        newer: pick(r, [`${e}刚满${age + 1}岁。`, `上周${e}过生日，${age + 1}岁了。`]),
        query: `${e}几岁了？`,
        climbs: true,
      };
    },
    (r, book) => {
      const e = book.entity(ZH_PROJECT);
      return {
        older: `${e}用的是${pick(r, ZH_DATABASES)}数据库。`,
        newer: `${e}的负责人换成了${book.fresh(ZH_FULL_NAME)}。`,
        query: `${e}用什么数据库？`,
        climbs: false,
      };
    },
    (r, book) => {
      const e = book.entity(ZH_PET);
      return {
        older: `${e}今年${int(r, 1, 12)}岁了。`,
        newer: `${e}昨天去看了兽医。`,
        query: `${e}几岁了？`,
        climbs: false,
      };
    },
  ],
};

const EN: Language = {
  crowd: (r, book) =>
    pick(r, [
      `Project ${book.entity(CODE_NAME)} uses ${pick(r, EN_DATABASES)}.`,
      `${book.entity(CODE_NAME)} keeps its data in ${pick(r, EN_DATABASES)}.`,
      `${book.entity(EN_PET)} is ${int(r, 2, 12)} years old.`,
    ]),
  cases: [
    (r, book) => {
      const e = book.entity(CODE_NAME);
      const v = pick(r, EN_DATABASES);
      const next = other(r, EN_DATABASES, v);
      return {
        older: pick(r, [`Project ${e} stores its data in ${v}.`, `${e} runs on ${v}.`]),
        newer: pick(r, [`${e} switched to ${next}.`, `${e} has migrated to ${next}.`]),
        query: pick(r, [`Which database does ${e} use?`, `What database is ${e} on?`]),
        climbs: true,
      };
    },
    (r, book) => {
      const e = book.entity(EN_PET);
      const age = int(r, 2, 12);
      return {
        older: `${e} is ${age} years old.`,
        newer: pick(r, [`${e} just turned ${age + 1}.`, `${e} had a birthday and is ${age + 1} now.`]),
        query: `How old is ${e}?`,
        climbs: true,
      };
    },
    (r, book) => {
      const e = book.entity(CODE_NAME);
      return {
        older: `Project ${e}'s database is ${pick(r, EN_DATABASES)}.`,
        newer: `${e} switched its lead to ${book.fresh(EN_FULL_NAME)}.`,
        query: `Which database does ${e} use?`,
        climbs: false,
      };
    },
    (r, book) => {
      const e = book.entity(EN_PET);
      return {
        older: `${e} is ${int(r, 2, 12)} years old.`,
        newer: `${e} went to the vet yesterday.`,
        query: `How old is ${e}?`,
        climbs: false,
      };
    },
  ],
};

const CROWD = 48;
const ROUNDS = 3;

describe("the current value first among many statements worded alike", () => {
  for (const [name, language, seed] of [
    ["zh", ZH, 5101],
    ["en", EN, 5102],
  ] as const) {
    it(`${name}: a change of what was asked climbs above the earlier answer; another attribute's change does not`, async () => {
      const r = createRng(seed);
      const book = new NameBook(r);
      const cases = Array.from({ length: ROUNDS }, () => language.cases.map((make) => make(r, book))).flat();
      const memory = await suiteMemory();
      const scope = { userId: `crowded-${name}` };
      let n = 0;
      const say = (content: string) =>
        memory.remember({ scope, messages: [{ id: `m${n++}`, role: "user", content, at: tick() }] });
      const ids = new Map<Case, { older: string; newer: string }>();
      for (let i = 0; i < CROWD / 2; i++) await say(language.crowd(r, book));
      for (const c of cases) {
        const older = `m${n}`;
        await say(c.older);
        ids.set(c, { older, newer: "" });
      }
      for (let i = 0; i < CROWD / 2; i++) await say(language.crowd(r, book));
      for (const c of cases) {
        ids.get(c)!.newer = `m${n}`;
        await say(c.newer);
      }
      for (const c of cases) {
        const { memories } = await memory.recall({ scope, query: c.query, limit: 10 });
        const at = (id: string) => memories.findIndex((m) => m.source.messageIds.includes(id));
        const { older, newer } = ids.get(c)!;
        const shown = `${c.query} → ${memories.map((m) => m.content).join(" | ")}`;
        if (c.climbs) {
          expect(at(newer), shown).toBeGreaterThanOrEqual(0);
          if (at(older) >= 0) expect(at(newer), shown).toBeLessThan(at(older));
        } else {
          expect(at(older), shown).toBeGreaterThanOrEqual(0);
          if (at(newer) >= 0) expect(at(newer), shown).toBeGreaterThan(at(older));
        }
      }
      await memory.close();
    });
  }
});
