/**
 * Values of one class (databases: PostgreSQL, Redis, TiDB, 达梦 …) tell a change from another fact:
 *
 * - recall: "X已经换成Redis了" goes above "X项目的数据存在PostgreSQL里" for "X的数据存在哪？", though it
 *   shares none of the question's words (currency.ts: a change of the same entity, and a value of
 *   the same class); another project's change stays below it;
 * - write: "X的部署已经换成Docker了" does not replace "X已经换成Redis了" (a deployment is not a
 *   database: the two share only the name and the word for changing), while "X又换成了MongoDB"
 *   still does.
 *
 * Project names and databases are drawn at random (seeded).
 */
import { describe, expect, it } from "vitest";
import { currentFirst } from "../../src/recall/currency.js";
import { createRng } from "../bench/fixtures.js";
import { NameBook, pick, ZH_PROJECT } from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open: suiteMemory, tick } = steppedSuite("lgm-value-class-", "2026-05-04T09:00:00Z");
const DATABASES = ["PostgreSQL", "MySQL", "Redis", "MongoDB", "TiDB", "ClickHouse", "Oracle", "达梦"];

async function say(userId: string, texts: readonly string[]) {
  const memory = await suiteMemory();
  const scope = { userId };
  for (const [k, content] of texts.entries())
    await memory.remember({ scope, messages: [{ id: `m${k}`, role: "user", content, at: tick() }] });
  return { memory, scope };
}

describe("values of one class", () => {
  it("recall: a newer change to a value of the same class goes above the older; another entity's does not", async () => {
    const r = createRng(5151);
    const book = new NameBook(r, 0);
    let moved = 0;
    for (let i = 0; i < 12; i++) {
      const [project, other] = [book.fresh(ZH_PROJECT), book.fresh(ZH_PROJECT)];
      const [a, b, c] = [pick(r, DATABASES), pick(r, DATABASES), pick(r, DATABASES)];
      if (a === b) continue;
      const said = [`${project}项目的数据存在${a}里。`, `${project}已经换成${b}了。`, `${other}项目已经换成${c}了。`];
      const { memory, scope } = await say(`class-${i}`, said);
      const records = (await memory.list(scope, { about: "user", status: "active" })).filter(
        (m) => m.source.messageIds.length > 0,
      );
      await memory.close();
      const of = (id: string) => records.find((m) => m.source.messageIds.includes(id));
      const [older, newer, another] = [of("m0"), of("m1"), of("m2")];
      // A project name the dictionary knows as a word (明灯) is not read as a name, and a change
      // the rules replace at write time leaves nothing to rank: both are other matters.
      if (!older || !newer || !another) continue;
      // Ranked by score with the older first (it shares the question's words), the other
      // project's change in between.
      const ranked = [older, another, newer].map((value, k) => ({
        id: value.id,
        value,
        channels: {},
        rrf: 1,
        score: 1 - k / 10,
      }));
      const order = currentFirst(ranked, `${project}的数据存在哪？`).map((c) => c.value);
      const shown = order.map((m) => m.content).join(" | ");
      expect(order.indexOf(newer), shown).toBeLessThan(order.indexOf(older));
      expect(order.indexOf(another), shown).toBeGreaterThan(order.indexOf(newer));
      moved++;
    }
    expect(moved).toBeGreaterThan(2);
  });

  it("write: a change of another class replaces nothing; a change of the same value still does", async () => {
    const r = createRng(5152);
    const book = new NameBook(r, 0);
    for (let i = 0; i < 4; i++) {
      const project = book.fresh(ZH_PROJECT);
      const [a, b] = [
        pick(r, DATABASES),
        pick(
          r,
          DATABASES.filter((d) => d !== "MongoDB"),
        ),
      ];
      const said = [`${project}已经换成${b}了。`, `${project}的部署已经换成Docker了。`, `${project}又换成了MongoDB。`];
      const { memory, scope } = await say(`write-class-${i}`, [`${project}的数据库是${a}。`, ...said]);
      const records = (await memory.list(scope, { about: "user" })).filter((m) => m.source.messageIds.length > 0);
      await memory.close();
      const of = (id: string) => records.find((m) => m.source.messageIds.includes(id));
      const shown = records.map((m) => `${m.status}: ${m.content}`).join(" | ");
      expect(of("m2")?.status, shown).toBe("active");
      // The database changed twice: the second change replaces the first, the deployment neither.
      expect(of("m1")?.status, shown).toBe("superseded");
      expect(of("m1")?.supersededBy, shown).toBe(of("m3")?.id);
      expect(of("m3")?.status, shown).toBe("active");
    }
  });
});
