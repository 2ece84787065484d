/**
 * Statements of one form about different particulars are different facts, however alike their
 * words: in one scope, "My mum's appointment with Dr. <A> is on <date>" beside the same sentence
 * with Dr. <B> on another date, or 「我们上个月启动了<项目A>项目，它的负责人是<甲>」 beside <项目B> and
 * <乙>, each keep a memory of their own (admission's novelty does not count them as restated).
 * Names and dates are drawn at random (seeded). Must not fire: the same statement said again is
 * known, not written twice; the same statement with a detail added and no other particular is
 * not a new memory; a later date for the same named appointment keeps both (nothing lost).
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../bench/fixtures.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open: suiteMemory, tick } = steppedSuite("lgm-particulars-", "2026-06-10T09:00:00Z");

const SYLLABLES = ["ro", "vet", "ka", "lin", "mor", "sa", "den", "bri", "tho", "nu", "qua", "zel", "fen", "dar"];
const MONTHS = ["January", "March", "May", "July", "September", "November"];
const ROLES = ["dentist", "GP", "physio", "eye doctor", "cardiologist"];
const RELATIVES = ["mum", "dad", "grandma", "aunt"];
const ZH_PROJECT_PART = [..."云鲸晨竹海梭玉岚星澜松雾青蚺金霁"];
const ZH_SURNAME = [..."王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗"];
const ZH_GIVEN = [..."子涵浩然思远晓雯雪宇轩欣怡梓萱佳琪俊杰"];

function generator(seed: number) {
  const rand = createRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const used = new Set<string>();
  const unique = (make: () => string) => {
    for (;;) {
      const made = make();
      if (!used.has(made)) {
        used.add(made);
        return made;
      }
    }
  };
  const doctor = () =>
    unique(() => {
      const word = pick(SYLLABLES) + pick(SYLLABLES);
      return word[0]!.toUpperCase() + word.slice(1);
    });
  const project = () => unique(() => pick(ZH_PROJECT_PART) + pick(ZH_PROJECT_PART));
  const person = () => unique(() => pick(ZH_SURNAME) + pick(ZH_GIVEN) + pick(ZH_GIVEN));
  const date = () => `${pick(MONTHS)} ${1 + Math.floor(rand() * 28)}`;
  return { pick, doctor, project, person, date };
}

type Memory = Awaited<ReturnType<typeof suiteMemory>>;

async function remember(memory: Memory, userId: string, content: string, id: string) {
  const out = await memory.remember({ scope: { userId }, messages: [{ id, role: "user", content, at: tick() }] });
  return out.messages[0]!;
}

async function activeCiting(memory: Memory, userId: string, id: string) {
  const active = await memory.list({ userId }, { status: "active" });
  return active.filter((m) => m.about !== "conversation" && m.source.messageIds.includes(id));
}

describe("statements about different particulars", () => {
  it("each keep a memory of their own in one scope, 24 draws per language", async () => {
    const memory = await suiteMemory();
    const g = generator(41);
    const user = "particulars-kept";
    const lost: string[] = [];
    for (let i = 0; i < 24; i++) {
      const en = `My ${g.pick(RELATIVES)}'s appointment with Dr. ${g.doctor()} (the ${g.pick(ROLES)}) is on ${g.date()}.`;
      const zh = `我们上个月启动了${g.project()}项目，它的负责人是${g.person()}。`;
      for (const [k, text] of [en, zh].entries()) {
        const id = `m${i}-${k}`;
        await remember(memory, user, text, id);
        if ((await activeCiting(memory, user, id)).length === 0) lost.push(text);
      }
    }
    await memory.close();
    expect(lost).toEqual([]);
  });

  it("still knows the same statement said again, and a detail added is not a second memory", async () => {
    const memory = await suiteMemory();
    const g = generator(43);
    const user = "particulars-same";
    const name = g.doctor();
    const date = g.date();
    const first = `My mum's appointment with Dr. ${name} is on ${date}.`;
    expect((await remember(memory, user, first, "a1")).outcome).toBe("written");
    expect((await remember(memory, user, first, "a2")).outcome).toBe("known");
    const detailed = await remember(
      memory,
      user,
      `My mum's appointment with Dr. ${name} is on ${date} at the clinic.`,
      "a3",
    );
    expect(detailed.outcome).not.toBe("written");
    const zh = `我们上个月启动了${g.project()}项目，它的负责人是${g.person()}。`;
    expect((await remember(memory, user, zh, "z1")).outcome).toBe("written");
    expect((await remember(memory, user, zh, "z2")).outcome).toBe("known");
    await memory.close();
  });

  it("keeps a later date for the same named appointment without losing the first", async () => {
    const memory = await suiteMemory();
    const g = generator(47);
    const user = "particulars-update";
    const name = g.doctor();
    await remember(memory, user, `My dad's appointment with Dr. ${name} is on March 3.`, "u1");
    await remember(memory, user, `My dad's appointment with Dr. ${name} is on March 17.`, "u2");
    expect((await activeCiting(memory, user, "u2")).map((m) => m.content).join(" ")).toContain("March 17");
    const all = await memory.list({ userId: user }, { status: "active" });
    await memory.close();
    expect(all.some((m) => m.source.messageIds.includes("u1") && m.content.includes("March 3"))).toBe(true);
  });
});
