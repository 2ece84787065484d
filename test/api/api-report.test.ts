/**
 * The public API is what api/langgraph-memory.api.md says it is: every name the package exports
 * (src/index.ts), value or type. A change of surface (a name added, removed, or turned from a
 * type into a value) fails here until the report is written again with `npm run api:report`
 * and checked in with the change, so that no export is added or lost by accident.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { apiReport, exportedNames, REGENERATE, REPORT } from "./surface.js";

/** Not from a seed: the budget of value exports (issue 25: the facade, graphs, stores, savers, tools, errors). */
const MAX_VALUES = 60;

describe("the public API", () => {
  const names = exportedNames();

  it("is the checked-in report", () => {
    const expected = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, "utf8") : "";
    const actual = apiReport(names);
    if (actual === expected) return;
    const lines = (text: string) => new Set(text.split("\n").filter((line) => /^(value|type) /.test(line)));
    const [old, now] = [lines(expected), lines(actual)];
    const diff = [
      ...[...old].filter((line) => !now.has(line)).map((line) => `- ${line}`),
      ...[...now].filter((line) => !old.has(line)).map((line) => `+ ${line}`),
    ];
    expect.fail(
      `The package's exports (src/index.ts) differ from api/langgraph-memory.api.md:\n${
        diff.join("\n") || "(the same names; the header or the order differs)"
      }\nIf the change is meant, run \`${REGENERATE}\` and commit the report with it.`,
    );
  });

  it(`exports at most ${MAX_VALUES} values, and no pipeline internals`, () => {
    const values = names.filter((n) => n.side === "value").map((n) => n.name);
    expect(values.length).toBeLessThanOrEqual(MAX_VALUES);
    expect(values.filter((name) => /Pipeline$|^Pipeline|pipeline$|^stepOf$|^lastValue$/i.test(name))).toEqual([]);
  });
});
