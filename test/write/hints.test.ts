import { describe, expect, it } from "vitest";
import { conceptHints, dateHints, packHints, questionHints, verbBaseForms } from "../../src/write/extract/hints.js";
import { extractWithRules } from "../../src/write/extract/index.js";

const AT = "2023-03-14T19:20:00Z";

describe("retrieval hints for questions phrased differently (seed 003 §3.4)", () => {
  it("gives the base forms a question asks with ('When did she adopt…')", () => {
    expect(verbBaseForms("Odile adopted a grey cat")).toEqual(expect.arrayContaining(["adopt"]));
    expect(verbBaseForms("we went camping and ran a relay")).toEqual(expect.arrayContaining(["go", "run", "camp"]));
    expect(verbBaseForms("she moved and stopped running")).toEqual(expect.arrayContaining(["move", "stop", "run"]));
    expect(verbBaseForms("I studied")).toEqual(["study"]);
  });

  it("names the category of a life event in the memory's language", () => {
    expect(conceptHints("Odile wants to become a pharmacist", "en")).toEqual(expect.arrayContaining(["career", "job"]));
    expect(conceptHints("Sven plays the cello on Sundays", "en")).toEqual(
      expect.arrayContaining(["instrument", "music"]),
    );
    expect(conceptHints("Sam proposed on the ferry", "en")).toEqual(
      expect.arrayContaining(["wedding", "relationship"]),
    );
    expect(conceptHints("我这个月开始学小提琴", "zh")).toEqual(expect.arrayContaining(["乐器", "instrument"]));
    // Engineering talk does not read as a life event.
    expect(conceptHints("always run the tests before pushing", "en")).toEqual([]);
  });

  it("writes resolved dates the way questions name them", () => {
    expect(dateHints("Odile adopted a cat on 2023-03-11", "en")).toEqual(["March 2023", "2023"]);
    expect(dateHints("用户在 2024-04-29 那一周排查过一个 502", "zh")).toEqual(["2024年4月", "2024"]);
  });

  it("keeps a question's topic words, not its asking words", () => {
    expect(questionHints("Oh nice! What kind of cat? What's it called?")).toEqual(["kind", "cat", "called"]);
    expect(questionHints("How's it going? Since when?")).toEqual([]);
  });

  it("packs hints into one string of at most 200 characters, skipping words already said", () => {
    expect(packHints(["adopt", "cat", "pet", "pet", "March 2023"], "Odile adopted a cat")).toBe("adopt pet March 2023");
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
      { id: "D1:4", role: "user", name: "Sven", content: "Oh nice! What kind of cat? What's its name?", at: AT },
      {
        id: "D1:5",
        role: "user",
        name: "Odile",
        content: "We named her Pickle because she's as green-eyed as one.",
        at: AT,
      },
    ]);
    expect(named!.messageIds).toEqual(["D1:5"]);
    expect(named!.retrievalHints!.join(" ")).toMatch(/\bcat\b.*\bname\b|\bname\b.*\bcat\b/);
    const [pilot] = extractWithRules([
      { id: "D2:5", role: "user", name: "Sven", content: "We took Ilse to the air show last weekend.", at: AT },
      { id: "D2:6", role: "user", name: "Odile", content: "That sounds fun.", at: AT },
      { id: "D2:7", role: "user", name: "Sven", content: "Lately she wants to become a pilot.", at: AT },
    ]).filter((c) => c.messageIds.includes("D2:7"));
    expect(pilot!.retrievalHints!.join(" ")).toMatch(/\bilse\b/i);
    expect(pilot!.retrievalHints!.join(" ")).toMatch(/\bcareer\b/);
  });
});
