/**
 * The `@example` blocks of the JSDoc comments under src/, apps/, graphs/ and nodes/ are code: every one
 * is type-checked here, as a module of its own next to the file it documents, headed by that
 * file's imports and exports (test/helpers/jsdoc-examples.ts), all in one TypeScript program with
 * the options of tsconfig.json. An example that needs a value from outside says so itself:
 * `declare const ranked: Candidate<MemoryRecord>[];` at its top.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  checkExamples,
  type ExampleDiagnostic,
  examplesOf,
  type JsDocExample,
  sourceFiles,
} from "./helpers/jsdoc-examples.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Files whose examples are not checked yet: they were being edited on other branches when this
 * test came in (2026-12-04), so their examples are left to those branches. Each entry must name a
 * file that has examples (checked below); take it out once its examples type-check here.
 */
const NOT_YET_CHECKED: string[] = [];

const files = sourceFiles(root, ["src", "apps", "graphs", "nodes"]);
const all = files.flatMap((file) => examplesOf(file, fs.readFileSync(path.join(root, file), "utf8")));
const examples = all.filter((e) => !NOT_YET_CHECKED.includes(e.file));

/** A known-bad and a known-good snippet, checked in the same program: the checker must tell them apart. */
const wrong: JsDocExample = {
  file: "src/redact.ts",
  line: 10,
  code: 'const result = redactText("x");\nconst sensitivity: number = result.sensitivity;',
  lines: [11, 12],
};
// In scope: the file's exports, values and types (redactText, RedactionResult), and its own imports (createHash).
const right: JsDocExample = {
  file: "src/redact.ts",
  line: 20,
  code: 'const result: RedactionResult = redactText("x");\nresult.sensitivity; // "low"\ncreateHash("sha256").digest("hex").length; // 64',
  lines: [21, 22, 23],
};

describe("JSDoc @example blocks", () => {
  let results: Map<JsDocExample, ExampleDiagnostic[]>;
  // One program for every example and both snippets: ~12 s on 2 cores, most of it loading the types.
  beforeAll(() => {
    results = checkExamples(root, [...examples, wrong, right]);
  }, 120_000);

  it("reads every @example tag of src/, apps/, graphs/ and nodes/", () => {
    const tags = files.reduce(
      (n, file) => n + (fs.readFileSync(path.join(root, file), "utf8").match(/^\s*\*\s*@example\b/gm) ?? []).length,
      0,
    );
    expect(all.length).toBe(tags);
    expect(examples.length).toBeGreaterThan(150);
    expect(examples.every((e) => e.code.trim() !== "")).toBe(true);
  });

  it("lists in NOT_YET_CHECKED only files that have examples", () => {
    expect(NOT_YET_CHECKED.filter((file) => !all.some((e) => e.file === file))).toEqual([]);
  });

  it("catches a broken example and passes a sound one", () => {
    const [problem, ...more] = results.get(wrong)!;
    expect(more).toEqual([]);
    expect(problem!.line).toBe(12);
    expect(problem!.message).toMatch(/^TS2322: Type .* is not assignable to type 'number'/);
    expect(results.get(right)).toEqual([]);
  });

  it("type-checks every example", () => {
    const problems = examples.flatMap((example) =>
      results.get(example)!.map((d) => `${example.file}:${d.line} (@example at line ${example.line}) ${d.message}`),
    );
    expect(problems).toEqual([]);
  });
});
