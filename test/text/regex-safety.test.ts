/**
 * No pattern in the product backtracks super-linearly on an unbounded stretch of input: one
 * careless message must not stall every other user of the process (the brief's "bounded, linear
 * work"). Every regular expression is checked (test/helpers/regexes.ts collects the literals and
 * the patterns built at load time). The rule, per pattern:
 * - Every quantifier bounded and no repeated group holding a choice of its own: backtracking from
 *   one position is capped by a constant, never by the input. Accepted as it is.
 * - Otherwise recheck's analysis must have called it `safe`. The analysis takes minutes and its
 *   fuzzing is bounded by time, so `npm run check:regex` runs it after a pattern changes and
 *   records the verdicts in regex-verdicts.json; this test reads them, and refuses a pattern
 *   with no verdict, a verdict other than safe, or a verdict for a pattern that is gone.
 * What the worst accepted pattern costs on hostile input is what `npm run bench:stall` measures.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { productPatterns, repetition } from "../helpers/regexes.js";

const VERDICTS_FILE = path.join(import.meta.dirname, "regex-verdicts.json");

describe("repetition (the rule's own check)", () => {
  it("tells capped repetition from unbounded and nested", () => {
    expect(repetition(String.raw`\s{1,8}([^,.+*]{1,80}?)\s{0,8}`)).toBe("bounded");
    expect(repetition(String.raw`a\+b\*c[+*]`)).toBe("bounded");
    expect(repetition("(?:(?!x)[a-z]){2,3}y")).toBe("bounded");
    expect(repetition(String.raw`(?:[ -]\d{4}){2,3}`)).toBe("bounded");
    expect(repetition(String.raw`\w(?:\s{1,8}\S{1,40}){0,3}?\s{1,8}from`)).toBe("bounded");
    expect(repetition(String.raw`\s+x`)).toBe("unbounded");
    expect(repetition("(a|b)*")).toBe("unbounded");
    expect(repetition(String.raw`\d{4,}`)).toBe("unbounded");
    expect(repetition(String.raw`[\]]+`)).toBe("unbounded");
    expect(repetition("(?:a{0,30}b){0,30}")).toBe("nested");
    expect(repetition("(?:ab?){2,9}")).toBe("nested");
  });
});

describe("regular expressions", () => {
  it("none backtracks super-linearly on unbounded input", { timeout: 60_000 }, async () => {
    const { patterns, literals, built } = await productPatterns();
    // The collection itself must have worked: the tree has hundreds of patterns, of both kinds.
    expect(literals).toBeGreaterThan(200);
    expect(built).toBeGreaterThan(50);

    const verdicts: Record<string, { verdict: string }> = JSON.parse(fs.readFileSync(VERDICTS_FILE, "utf8"));
    const unbounded = patterns.filter((p) => repetition(p.source) !== "bounded");
    const problems = unbounded.flatMap((p) => {
      const recorded = verdicts[p.id]?.verdict;
      if (recorded === "safe") return [];
      const why = recorded ? `recheck: ${recorded}` : "no verdict (run npm run check:regex)";
      return [`${why}: ${p.where} /${p.source.slice(0, 120)}/`];
    });
    const present = new Set(unbounded.map((p) => p.id));
    const gone = Object.keys(verdicts).filter((id) => !present.has(id));
    expect(problems).toEqual([]);
    expect(gone, "verdicts of patterns no longer in the code (run npm run check:regex)").toEqual([]);
  });
});
