/**
 * The house's size rules: no line over 160 characters in src/, apps/, graphs/, nodes/ or
 * checkpoints/, except a line that holds a URL; no file in src/ over 600 lines (small files, one
 * concern each). The files that still break a rule are listed by name, and the lists only
 * shrink: a file that breaks a rule and is not listed fails the test, and so does a listed file
 * that now keeps it, until its entry is taken out.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/jsdoc-examples.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const MAX_LINE_CHARACTERS = 160;
const MAX_FILE_LINES = 600;
const ROOMS = ["src", "apps", "graphs", "nodes", "checkpoints"];
const URL = /https?:\/\//;

/** Files with lines over 160 characters, still to be reshaped. This list only shrinks. */
const LONG_LINES_ALLOWED: readonly string[] = [];

/** src/ files over 600 lines, still to be split by concern. This list only shrinks. */
const LONG_FILES_ALLOWED: readonly string[] = [];

/** The lines of a text; a final line break ends the last line rather than starting an empty one. */
function linesOf(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** The 1-based numbers of the lines over the limit, in characters (code points), URL lines aside. */
function longLines(text: string): number[] {
  return linesOf(text).flatMap((line, i) => ([...line].length > MAX_LINE_CHARACTERS && !URL.test(line) ? [i + 1] : []));
}

/** Which files break a rule without being listed, and which listed files keep it now. */
function againstList(breaking: readonly string[], allowed: readonly string[]) {
  return {
    unlisted: breaking.filter((file) => !allowed.includes(file)),
    stale: allowed.filter((file) => !breaking.includes(file)),
  };
}

function breakingLineRule(files: ReadonlyMap<string, string>): string[] {
  return [...files].filter(([, text]) => longLines(text).length > 0).map(([file]) => file);
}

function breakingFileRule(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([file, text]) => file.startsWith("src/") && linesOf(text).length > MAX_FILE_LINES)
    .map(([file]) => file);
}

const house = new Map(sourceFiles(root, ROOMS).map((file) => [file, fs.readFileSync(path.join(root, file), "utf8")]));

describe("the house's size rules", () => {
  it("reads the rooms' source files", () => {
    expect(house.size).toBeGreaterThan(200);
    for (const room of ROOMS)
      expect(
        [...house.keys()].some((file) => file.startsWith(`${room}/`)),
        room,
      ).toBe(true);
  });

  it("has no line over 160 characters, URLs aside, outside the listed files; no listed file keeps the rule", () => {
    const lines = (file: string) => longLines(house.get(file)!).map((n) => `${file}:${n}`);
    const { unlisted, stale } = againstList(breakingLineRule(house), LONG_LINES_ALLOWED);
    expect(unlisted.flatMap(lines), "lines over 160 characters").toEqual([]);
    expect(stale, "listed in LONG_LINES_ALLOWED but within the rule now: take them out").toEqual([]);
  });

  it("has no src/ file over 600 lines outside the listed files; no listed file keeps the rule", () => {
    const { unlisted, stale } = againstList(breakingFileRule(house), LONG_FILES_ALLOWED);
    expect(unlisted, "src/ files over 600 lines").toEqual([]);
    expect(stale, "listed in LONG_FILES_ALLOWED but within the rule now: take them out").toEqual([]);
  });

  it("catches a new offending file and a stale entry (a synthetic house)", () => {
    const long = "x".repeat(MAX_LINE_CHARACTERS + 1);
    const synthetic = new Map([
      ["src/new.ts", `const a = 1;\n${long}\n`],
      ["src/link.ts", `// ${"y".repeat(200)} https://example.com/a\n`],
      ["src/han.ts", `${"字".repeat(MAX_LINE_CHARACTERS)}\n`],
      ["src/big.ts", "x\n".repeat(MAX_FILE_LINES + 1)],
      ["src/full.ts", "x\n".repeat(MAX_FILE_LINES)],
      ["graphs/big.ts", "x\n".repeat(MAX_FILE_LINES + 1)],
    ]);
    expect(longLines(synthetic.get("src/new.ts")!)).toEqual([2]);
    expect(againstList(breakingLineRule(synthetic), ["src/han.ts"])).toEqual({
      unlisted: ["src/new.ts"],
      stale: ["src/han.ts"],
    });
    expect(againstList(breakingFileRule(synthetic), ["src/full.ts"])).toEqual({
      unlisted: ["src/big.ts"],
      stale: ["src/full.ts"],
    });
  });
});
