import { describe, expect, it } from "vitest";
import { createRng } from "../../bench/fixtures.js";
import { FAMILIES, generateSet, splitOf } from "./index.js";

const low = (s: string) => s.toLowerCase();

describe("statement families", () => {
  it("has 16 families per language, 8 dev and 8 held-out each, with unique ids", () => {
    expect(new Set(FAMILIES.map((f) => f.id)).size).toBe(FAMILIES.length);
    for (const language of ["en", "zh"] as const) {
      for (const split of ["dev", "held-out"] as const) {
        expect(FAMILIES.filter((f) => f.language === language && f.split === split)).toHaveLength(8);
      }
    }
  });

  describe.each(FAMILIES.map((f) => [f.id, f] as const))("%s", (_id, family) => {
    const out = family.generate(createRng(20240917), 300);

    it("keeps ids and entities unique", () => {
      expect(out).toHaveLength(300);
      expect(new Set(out.map((s) => s.id)).size).toBe(300);
      expect(new Set(out.map((s) => s.entity)).size).toBe(300);
      for (const s of out) {
        expect(s.family).toBe(family.id);
        expect(s.language).toBe(family.language);
      }
    });

    it("puts the entity and value in the text, and the entity but not the value in the question", () => {
      for (const s of out) {
        expect(s.text, s.id).toContain(s.entity);
        expect(s.text, s.id).toContain(s.value);
        expect(s.question, s.id).toContain(s.entity);
        expect(low(s.question), s.id).not.toContain(low(s.value));
        expect(s.attribute.length, s.id).toBeGreaterThan(0);
        if (s.prompt !== undefined) expect(s.prompt.length, s.id).toBeGreaterThan(0);
      }
    });

    it("gives updates that name the entity and carry a different value", () => {
      for (const s of out) {
        if (!s.update) continue;
        expect(s.update.text, s.id).toContain(s.entity);
        expect(s.update.text, s.id).toContain(s.update.value);
        expect(low(s.update.value), s.id).not.toBe(low(s.value));
        expect(low(s.question), s.id).not.toContain(low(s.update.value));
      }
    });

    it("uses at least five sentence forms", () => {
      expect(new Set(out.map((s) => s.form)).size).toBeGreaterThanOrEqual(5);
    });

    it("is deterministic for a seed", () => {
      expect(family.generate(createRng(20240917), 300)).toEqual(out);
    });

    it("yields 2000 distinct entities at n=2000", () => {
      const big = family.generate(createRng(7), 2000);
      expect(new Set(big.map((s) => s.entity)).size).toBe(2000);
    });
  });

  it("generateSet interleaves families and filters by split and language", () => {
    const set = generateSet({ seed: 3, perFamily: 5, split: "dev", language: "zh" });
    expect(set).toHaveLength(8 * 5);
    expect(new Set(set.slice(0, 8).map((s) => s.family)).size).toBe(8);
    for (const s of set) {
      expect(s.language).toBe("zh");
      expect(splitOf(s.family)).toBe("dev");
    }
    expect(new Set(set.map((s) => s.id)).size).toBe(set.length);
    expect(generateSet({ seed: 3, perFamily: 5, split: "dev", language: "zh" })).toEqual(set);
  });

  it("generateSet gives 20,000 distinct statements from the held-out families", () => {
    const set = generateSet({ seed: 11, perFamily: 1250, split: "held-out" });
    expect(set).toHaveLength(20000);
    expect(new Set(set.map((s) => s.id)).size).toBe(20000);
    expect(new Set(set.map((s) => s.text)).size).toBe(20000);
    expect(new Set(set.map((s) => s.entity.toLowerCase())).size).toBe(20000);
  });

  it("generateSet never reuses an entity across families, languages or splits", () => {
    const set = generateSet({ seed: 5, perFamily: 600 });
    expect(set).toHaveLength(32 * 600);
    expect(new Set(set.map((s) => s.entity.toLowerCase())).size).toBe(set.length);
    for (const s of set) expect(s.id.startsWith(`${s.family}-`)).toBe(true);
  });

  it("splitOf rejects unknown families", () => {
    expect(() => splitOf("nope")).toThrow();
  });
});
