import { describe, expect, it } from "vitest";
import { conceptHints, dateHints, packHints, questionHints, verbBaseForms } from "../../src/write/extract/hints.js";
import { extractWithRules } from "../../src/write/extract/index.js";

const AT = "2023-03-14T19:20:00Z";

describe("retrieval hints for questions phrased differently (seed 003 §3.4)", () => {
  it("gives the base forms a question asks with ('When did she adopt…')", () => {
    expect(verbBaseForms("Priya adopted a rescue dog")).toEqual(expect.arrayContaining(["adopt"]));
    expect(verbBaseForms("we went camping and ran a 10k")).toEqual(expect.arrayContaining(["go", "run", "camp"]));
    expect(verbBaseForms("she moved and stopped running")).toEqual(expect.arrayContaining(["move", "stop", "run"]));
    expect(verbBaseForms("I studied")).toEqual(["study"]);
  });

  it("names the category of a life event in the memory's language", () => {
    expect(conceptHints("Priya wants to become a nurse practitioner", "en")).toEqual(
      expect.arrayContaining(["career", "job"]),
    );
    expect(conceptHints("Marcus plays upright bass", "en")).toEqual(expect.arrayContaining(["instrument", "music"]));
    expect(conceptHints("Sam proposed on Christmas Eve", "en")).toEqual(
      expect.arrayContaining(["wedding", "relationship"]),
    );
    expect(conceptHints("我最近在学吉他", "zh")).toEqual(expect.arrayContaining(["乐器", "instrument"]));
    // Engineering talk does not read as a life event.
    expect(conceptHints("always run the tests before pushing", "en")).toEqual([]);
  });

  it("writes resolved dates the way questions name them", () => {
    expect(dateHints("Priya adopted a dog on 2023-03-11", "en")).toEqual(["March 2023", "2023"]);
    expect(dateHints("用户在 2024-04-29 那一周排查过一个 502", "zh")).toEqual(["2024年4月", "2024"]);
  });

  it("keeps a question's topic words, not its asking words", () => {
    expect(questionHints("No way! What kind of dog? What's the name?")).toEqual(["kind", "dog", "name"]);
    expect(questionHints("How's it going? Since when?")).toEqual([]);
  });

  it("packs hints into one string of at most 200 characters, skipping words already said", () => {
    expect(packHints(["adopt", "dog", "pet", "pet", "March 2023"], "Priya adopted a dog")).toBe("adopt pet March 2023");
    expect(
      packHints(
        Array.from({ length: 100 }, (_, i) => `word${i}`),
        "x",
      )!.length,
    ).toBeLessThanOrEqual(200);
    expect(packHints(["dog"], "a dog")).toBeUndefined();
  });

  it("puts the question a turn answers and the person a pronoun means on its memory", () => {
    const [named] = extractWithRules([
      { id: "D1:4", role: "user", name: "Marcus", content: "No way! What kind of dog? What's the name?", at: AT },
      {
        id: "D1:5",
        role: "user",
        name: "Priya",
        content: "We named him Biscuit because he's the exact color of one.",
        at: AT,
      },
    ]);
    expect(named!.messageIds).toEqual(["D1:5"]);
    expect(named!.retrievalHints!.join(" ")).toMatch(/\bdog\b.*\bname\b|\bname\b.*\bdog\b/);
    const [ranger] = extractWithRules([
      { id: "D2:5", role: "user", name: "Marcus", content: "We took Maya camping in Yosemite last weekend.", at: AT },
      { id: "D2:6", role: "user", name: "Priya", content: "That sounds magical.", at: AT },
      { id: "D2:7", role: "user", name: "Marcus", content: "Now she wants to be a park ranger.", at: AT },
    ]).filter((c) => c.messageIds.includes("D2:7"));
    expect(ranger!.retrievalHints!.join(" ")).toMatch(/\bmaya\b/i);
    expect(ranger!.retrievalHints!.join(" ")).toMatch(/\bcareer\b/);
  });
});
