/**
 * The newer answer about one entity first, when the question says what it asks for: a time (几点,
 * "when"), a person (谁, "who") or a place told by a number (哪个工位, "where"). The newer
 * statement need not share the question's words ("围棋24班早上九点上课" answers "围棋24班什么时间
 * 开始？" as well as "围棋24班的上课时间是早上六点" does). Must not fire: a newer statement of
 * another kind about the same entity (a deadline under "who leads it"), or of the same kind about
 * another entity (日语24班 under 围棋24班). Names, times, people and desks are drawn at random
 * (seeded), forms in both languages.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../bench/fixtures.js";
import {
  DESK,
  EN_FULL_NAME,
  EN_PET,
  enTime,
  NameBook,
  pick,
  type Rand,
  ZH_CLASS,
  ZH_FULL_NAME,
  ZH_PERSON_F,
  ZH_PERSON_M,
  ZH_PROJECT,
  zhDate,
  zhTime,
} from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open: suiteMemory, tick } = steppedSuite("lgm-current-first-", "2026-05-04T09:00:00Z");

interface Case {
  older: string;
  newer: string;
  query: string;
  /** Said after the newer one: must not climb above it. */
  others: string[];
}

const CASES = 6;

type Make = (r: Rand, book: NameBook) => Case;

const ZH_MAKERS: readonly Make[] = [
  (r, book) => {
    const name = book.fresh(ZH_CLASS);
    return {
      older: `${name}的上课时间是${zhTime(r)}。`,
      newer: `${name}${zhTime(r)}上课。`,
      query: `${name}什么时间开始？`,
      others: [`${book.fresh(ZH_CLASS)}${zhTime(r)}上课。`],
    };
  },
  (r, book) => {
    const project = book.fresh(ZH_PROJECT);
    return {
      older: `${project}的技术负责人是${book.fresh(ZH_FULL_NAME)}。`,
      newer: `${book.fresh(ZH_FULL_NAME)}已经接手${project}的技术了。`,
      query: `${project}的技术负责人是谁？`,
      // Another kind of value about the same project: a deadline is not who leads it.
      others: [`${project}的截止日期改到${zhDate(r)}了。`],
    };
  },
  (r, book) => {
    const person = book.entity(pick(r, [ZH_PERSON_F, ZH_PERSON_M]));
    return {
      older: `${person}的工位是${book.fresh(DESK)}。`,
      newer: `调座以后${person}去了${book.fresh(DESK)}。`,
      query: `${person}坐哪个工位？`,
      others: [],
    };
  },
];

const EN_MAKERS: readonly Make[] = [
  (r, book) => {
    const pet = book.fresh(EN_PET);
    return {
      older: `The owner of ${pet} is ${book.fresh(EN_FULL_NAME)}.`,
      newer: `${book.fresh(EN_FULL_NAME)} has adopted ${pet}.`,
      query: `Who is ${pet}'s owner?`,
      // Another kind of value about the same pet: a vet visit is not who owns it.
      others: [`${pet} sees the vet on ${pick(r, ["Monday", "Friday"])} at ${enTime(r)}.`],
    };
  },
  (r, book) => {
    const pet = book.fresh(EN_PET);
    return {
      older: `${pet}'s walk is at ${enTime(r)}.`,
      newer: `${pet} goes out around ${enTime(r)} these days.`,
      query: `When does ${pet} go for a walk?`,
      others: [`${book.fresh(EN_PET)} goes out around ${enTime(r)}.`],
    };
  },
];

/** CASES cases, the makers taken in turn, names and values drawn from one seeded book. */
function draw(seed: number, makers: readonly Make[]): Case[] {
  const r = createRng(seed);
  const book = new NameBook(r, 0);
  return Array.from({ length: CASES }, (_, i) => makers[i % makers.length]!(r, book));
}

async function rank(c: Case, n: number) {
  const memory = await suiteMemory();
  const scope = { userId: `current-first-${n}` };
  const said = [c.older, c.newer, ...c.others];
  for (const [k, content] of said.entries())
    await memory.remember({ scope, messages: [{ id: `m${k}`, role: "user", content, at: tick() }] });
  const { memories } = await memory.recall({ scope, query: c.query, limit: 10 });
  await memory.close();
  const at = (id: string) => memories.findIndex((m) => m.kind !== "episode" && m.source.messageIds.includes(id));
  return { older: at("m0"), newer: at("m1"), others: c.others.map((_, k) => at(`m${k + 2}`)), memories };
}

describe("the newer answer first, by what the question asks for", () => {
  for (const [language, cases] of [
    ["zh", draw(4041, ZH_MAKERS)],
    ["en", draw(4042, EN_MAKERS)],
  ] as const) {
    it(`${language}: the newer value is ranked above the older; other kinds and other entities stay below`, async () => {
      for (const [n, c] of cases.entries()) {
        const got = await rank(c, n);
        const shown = `${c.query} → ${got.memories.map((m) => m.content).join(" | ")}`;
        expect(got.newer, shown).toBeGreaterThanOrEqual(0);
        expect(got.older, shown).toBeGreaterThanOrEqual(0);
        expect(got.newer, shown).toBeLessThan(got.older);
        for (const other of got.others) if (other >= 0) expect(other, shown).toBeGreaterThan(got.newer);
      }
    });
  }
});
