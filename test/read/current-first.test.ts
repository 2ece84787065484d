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

function zhCases(seed: number): Case[] {
  const r = createRng(seed);
  const book = new NameBook(r, 0);
  const out: Case[] = [];
  for (let i = 0; i < CASES; i++) {
    const kind = i % 3;
    if (kind === 0) {
      const name = book.fresh(ZH_CLASS);
      const [a, b] = [zhTime(r), zhTime(r)];
      out.push({
        older: `${name}的上课时间是${a}。`,
        newer: `${name}${b}上课。`,
        query: `${name}什么时间开始？`,
        others: [`${book.fresh(ZH_CLASS)}${zhTime(r)}上课。`],
      });
    } else if (kind === 1) {
      const project = book.fresh(ZH_PROJECT);
      const [lead, next] = [book.fresh(ZH_FULL_NAME), book.fresh(ZH_FULL_NAME)];
      out.push({
        older: `${project}的技术负责人是${lead}。`,
        newer: `${next}已经接手${project}的技术了。`,
        query: `${project}的技术负责人是谁？`,
        // Another kind of value about the same project: a deadline is not who leads it.
        others: [`${project}的截止日期改到${zhDate(r)}了。`],
      });
    } else {
      const person = book.entity(pick(r, [ZH_PERSON_F, ZH_PERSON_M]));
      const [desk, moved] = [book.fresh(DESK), book.fresh(DESK)];
      out.push({
        older: `${person}的工位是${desk}。`,
        newer: `调座以后${person}去了${moved}。`,
        query: `${person}坐哪个工位？`,
        others: [],
      });
    }
  }
  return out;
}

function enCases(seed: number): Case[] {
  const r = createRng(seed);
  const book = new NameBook(r, 0);
  const out: Case[] = [];
  for (let i = 0; i < CASES; i++) {
    const kind = i % 2;
    if (kind === 0) {
      const pet = book.fresh(EN_PET);
      const [owner, next] = [book.fresh(EN_FULL_NAME), book.fresh(EN_FULL_NAME)];
      out.push({
        older: `The owner of ${pet} is ${owner}.`,
        newer: `${next} has adopted ${pet}.`,
        query: `Who is ${pet}'s owner?`,
        others: [`${pet} sees the vet on ${pick(r, ["Monday", "Friday"])} at ${enTime(r)}.`],
      });
    } else {
      const pet = book.fresh(EN_PET);
      const [a, b] = [enTime(r), enTime(r)];
      out.push({
        older: `${pet}'s walk is at ${a}.`,
        newer: `${pet} goes out around ${b} these days.`,
        query: `When does ${pet} go for a walk?`,
        others: [`${book.fresh(EN_PET)} goes out around ${enTime(r)}.`],
      });
    }
  }
  return out;
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
    ["zh", zhCases(4041)],
    ["en", enCases(4042)],
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
