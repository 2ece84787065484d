import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { type Finding, findFitted, findFittedInTree, fingerprint, properNouns, wordRuns } from "./fit.js";

/**
 * Findings in files whose owners have not yet reworded them: `file` → the names and phrases
 * still found there. The list may only shrink: a finding not listed fails, and so does a listed
 * one that is gone.
 */
const PENDING: Record<string, string[]> = JSON.parse(
  fs.readFileSync(new URL("./fit-pending.json", import.meta.url), "utf8"),
);

const print = fingerprint();

describe("fit check: no eval fixture's names or phrases in src/, graphs/, nodes/", () => {
  it("collects names and phrases from the fixtures", () => {
    // One name from a written conversation, one marked user of a dataset, one phrase of a dialog.
    expect(print.names.size).toBeGreaterThan(50);
    expect(print.phrases.size).toBeGreaterThan(10_000);
  });

  it("catches a synthetic source quoting a fixture", () => {
    const [name] = [...print.names].filter((n) => /^[A-Z][a-z]+$/.test(n));
    const [phrase] = [...print.phrases].filter((p) => /^[a-z]+(?: [a-z]+){4}$/.test(p));
    const [han] = [...print.phrases].filter((p) => /^\p{Script=Han}+$/u.test(p));
    const words = phrase!.split(" ");
    const source = [
      `// For example "${words.slice(0, 3).join(" ")}`,
      ` * ${words.slice(3).join(" ")}" said ${name}.`,
      `const CUE = /${han}/;`,
    ].join("\n");
    const found = findFitted("synthetic.ts", source, print).map((f) => `${f.kind}:${f.text}`);
    expect(found).toContain(`name:${name}`);
    expect(found).toContain(`phrase:${phrase}`);
    expect(found).toContain(`phrase:${han}`);
  });

  it("lets invented examples and general words pass", () => {
    const source = `// "Zorvath repaints the shed every spring" (an invented example)\nconst A = /\\b(?:shed|spring)\\b/;`;
    expect(
      findFitted("synthetic.ts", source, { names: new Set(["Marrow"]), phrases: new Set(["paints the shed every"]) }),
    ).toEqual([]);
    expect(properNouns("We met Zorvath in Lisbon. Then she left.")).toEqual(["Zorvath"]);
    expect(wordRuns("one two three four five six")).toEqual(["one two three four five", "two three four five six"]);
  });

  it("finds nothing beyond the pending list, and every pending item is still there", () => {
    const found = findFittedInTree(print);
    const key = (f: Finding) => `${f.file} ${f.text}`;
    const pending = new Set(Object.entries(PENDING).flatMap(([file, texts]) => texts.map((t) => `${file} ${t}`)));
    const unexpected = found
      .filter((f) => !pending.has(key(f)))
      .map((f) => `${f.file}:${f.line} ${f.kind} "${f.text}"`);
    expect(unexpected).toEqual([]);
    const seen = new Set(found.map(key));
    expect([...pending].filter((p) => !seen.has(p))).toEqual([]);
  });
});
