/**
 * The date set itself (test/dates/date-set.ts) is well formed: big enough, both languages, every
 * category in both halves, deterministic by seed, expected values consistent with their kind.
 * Pure data, no parser: fast.
 */
import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  DEV_SEED,
  dateSet,
  generate,
  HELD_OUT_SEED,
  TABLE,
  TEMPLATES,
  tableCases,
  weekday,
} from "./date-set.js";

const YMD = /^\d{4}-\d{2}-\d{2}$/;

function validDay(s: string): boolean {
  return YMD.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
}

describe("the date set", () => {
  const cases = dateSet();

  it("has at least 200 cases, at least 90 in each language", () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(cases.filter((c) => c.lang === "en").length).toBeGreaterThanOrEqual(90);
    expect(cases.filter((c) => c.lang === "zh").length).toBeGreaterThanOrEqual(90);
  });

  it("has every category in both languages and both halves", () => {
    for (const lang of ["en", "zh"] as const) {
      for (const half of ["dev", "held-out"] as const) {
        for (const category of CATEGORIES) {
          expect(
            cases.some((c) => c.lang === lang && c.half === half && c.category === category),
            `${lang} ${half} ${category}`,
          ).toBe(true);
        }
      }
    }
  });

  it("has every kind, and the halves are about the same size", () => {
    for (const kind of ["date", "range", "recurring", "none"]) {
      expect(
        cases.some((c) => c.expected.kind === kind),
        kind,
      ).toBe(true);
    }
    const dev = cases.filter((c) => c.half === "dev").length;
    expect(Math.abs(dev - (cases.length - dev))).toBeLessThanOrEqual(2);
  });

  it("uses every template in each half", () => {
    for (const seed of [DEV_SEED, HELD_OUT_SEED]) {
      const used = new Set(generate(seed).map((c) => c.source));
      for (const template of TEMPLATES) expect(used, template.name).toContain(`gen:${template.name}`);
    }
  });

  it("is deterministic by seed, and the seeds differ", () => {
    expect(generate(DEV_SEED)).toEqual(generate(DEV_SEED));
    expect(generate(HELD_OUT_SEED)).toEqual(generate(HELD_OUT_SEED));
    expect(generate(DEV_SEED).map((c) => c.text)).not.toEqual(generate(HELD_OUT_SEED).map((c) => c.text));
    expect(generate(7, "dev")).toEqual(generate(7, "dev"));
  });

  it("has unique ids, ISO message times between 09:00 and 13:59 UTC, and expected values fitting their kind", () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const c of cases) {
      expect(c.reference, c.id).toMatch(/^\d{4}-\d{2}-\d{2}T(09|1[0-3]):\d{2}:\d{2}Z$/);
      expect(c.text.length, c.id).toBeGreaterThan(0);
      const e = c.expected;
      if (c.category === "negative") expect(e.kind, c.id).toBe("none");
      if (c.category === "recurring") expect(e.kind, c.id).toBe("recurring");
      if (e.kind !== "none") expect(c.text.toLowerCase(), c.id).toContain(c.expr.toLowerCase());
      switch (e.kind) {
        case "date":
          expect(validDay(e.start!), c.id).toBe(true);
          expect(e.end, c.id).toBeUndefined();
          break;
        case "range":
          expect(validDay(e.start!) && validDay(e.end!), c.id).toBe(true);
          expect(e.start! < e.end!, c.id).toBe(true);
          break;
        case "recurring": {
          const rule = e.rule!;
          expect(rule.interval, c.id).toBeGreaterThanOrEqual(1);
          for (const wd of rule.weekdays ?? []) expect(wd >= 1 && wd <= 7, c.id).toBe(true);
          break;
        }
        case "none":
          expect(e.start ?? e.end ?? e.rule, c.id).toBeUndefined();
      }
    }
  });

  it("table message times fall on the weekdays its rows assume", () => {
    const day = (iso: string) => weekday(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
    expect(day("2026-05-13T10:00:00Z")).toBe(3);
    expect(day("2026-10-17T11:30:00Z")).toBe(6);
    expect(day("2027-02-01T12:00:00Z")).toBe(1);
    expect(tableCases()).toHaveLength(TABLE.length);
  });
});
