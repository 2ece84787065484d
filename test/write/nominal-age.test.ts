/**
 * Chinese states an age without a verb (阿麻8岁，还很活泼; 团子三岁了), and a thing by its name and
 * what it is (虎子这只兔子是狮子兔). Such statements are kept, under the name alone: the age is
 * what is said of the name, never part of it (Fodu7岁: jieba reads Fodu7 as one word, an id), so
 * two ages of one pet are about one entity and pets of other names stay apart. Must not fire: a
 * number inside a name (3号楼今年10岁了, P3756这个项目…) stays in the name, and an age that does not
 * close its clause (三岁的时候…) is no predicate. Names are drawn at random (seeded): invented pet
 * names in Han and Latin letters, ages, kinds and forms.
 */
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { readClaim } from "../../src/write/extract/claim.js";
import { createRng } from "../bench/fixtures.js";
import { EN_PET, int, NameBook, pick, type Rand, ZH_PET } from "../eval/families/names.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";

const CN = [..."一二三四五六七八九十"];
const age = (r: Rand, n: number) => (r() < 0.5 ? String(n) : CN[n - 1]!);
const TAIL = ["还很活泼", "身体挺好", "特别能吃", "最近有点胖"];
const KINDS: Record<string, readonly string[]> = {
  兔子: ["狮子兔", "垂耳兔"],
  猫: ["英短", "布偶"],
  狗: ["柯基", "柴犬"],
};
const MEASURE: Record<string, string> = { 兔子: "只", 猫: "只", 狗: "条" };

type Form = (r: Rand, name: string) => string;
const FORMS: readonly Form[] = [
  (r, name) => `${name}${age(r, int(r, 1, 9))}岁，${pick(r, TAIL)}。`,
  (r, name) => `${name}${age(r, int(r, 1, 9))}岁了。`,
  (r, name) => `${name}今年${age(r, int(r, 1, 9))}岁了。`,
  (r, name) => {
    const kind = pick(r, Object.keys(KINDS));
    return `${name}这${MEASURE[kind]}${kind}是${pick(r, KINDS[kind]!)}。`;
  },
];

function draw(seed: number, n: number): { name: string; text: string }[] {
  const r = createRng(seed);
  const book = new NameBook(r, 0);
  return Array.from({ length: n }, (_, i) => {
    const name = book.fresh(r() < 0.3 ? EN_PET : ZH_PET);
    return { name, text: FORMS[i % FORMS.length]!(r, name) };
  });
}

describe("ages and appositions without a verb", () => {
  it("reads the name without the age", () => {
    for (const { name, text } of draw(811, 40).filter((c) => /岁/u.test(c.text))) {
      const claim = readClaim(text, "zh");
      if (claim?.entity) expect(claim.entity.name, text).toBe(name);
      expect(claim?.entity?.name ?? "", text).not.toMatch(/\d|岁/u);
    }
  });

  it("keeps each statement, under the pet's own name", async () => {
    const memory = await createMemory({ ...suiteMemoryLocation("lgm-nominal-age-"), env: {} });
    const cases = draw(812, 24);
    for (const [i, { name, text }] of cases.entries()) {
      const out = await memory.remember({
        scope: { userId: `age-${i}` },
        messages: [{ id: "m", role: "user", content: text, at: "2026-05-04T09:00:00Z" }],
      });
      expect(out.messages[0]!.outcome, text).toBe("written");
      expect(
        out.written.some((w) => w.content.includes(name)),
        text,
      ).toBe(true);
    }
    // Two ages of one pet: one entity, so the later can be weighed against the earlier.
    const [a, b] = ["8岁，还很活泼。", "9岁了。"].map((tail) => readClaim(`阿麻${tail}`, "zh")?.entity?.name);
    expect(a).toBe("阿麻");
    expect(b).toBe("阿麻");
    await memory.close();
  });

  it("must not cut a number out of a name, or read an age that does not close its clause", () => {
    expect(readClaim("3号楼今年10岁了。", "zh")?.entity?.name).toBe("3号楼");
    expect(readClaim("A1001号订单已经发货了。", "zh")?.entity?.name).toBe("A1001号订单");
    expect(readClaim("P3756这个项目后端接的MySQL。", "zh")?.entity?.name).toBe("P3756");
    // 三岁的时候: a time of the clause, not what it says of a subject.
    const young = readClaim("豆豆三岁的时候特别怕水。", "zh");
    expect(young?.values.join("") ?? "").not.toBe("三岁");
  });
});
