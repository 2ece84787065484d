/**
 * "Who runs Dorquel? Tusa Lovenfi does.": an answer that only points back to the question's verb
 * is kept with the question it answers, under what the question names, not read alone ("Tusa
 * Lovenfi does", the project lost). Names, verbs and projects drawn at random (seeded).
 */
import { describe, expect, it } from "vitest";
import { extractWithRules } from "../../src/write/extract/index.js";
import { createRng } from "../bench/fixtures.js";

const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ra",
  "tu",
  "ven",
  "sa",
  "dor",
  "li",
  "ne",
  "bo",
  "fi",
  "zan",
  "quel",
  "or",
  "tis",
];
const AT = "2026-03-02T09:00:00Z";

function draw<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function word(rng: () => number): string {
  const w = Array.from({ length: 2 + Math.floor(rng() * 2) }, () => draw(rng, SYLLABLES)).join("");
  return w.charAt(0).toUpperCase() + w.slice(1);
}

const read = (content: string, id: string) => extractWithRules([{ id, role: "user", content, at: AT }]);

describe("an answer that points back to the question", () => {
  it("is kept whole under what the question names, 60 draws", () => {
    const rng = createRng(41);
    const keys = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const [project, person] = [word(rng), `${word(rng)} ${word(rng)}`];
      const verb = draw(rng, ["runs", "leads", "manages", "owns", "maintains"]);
      const answer = draw(rng, ["does", "does now", "does.", "did"]);
      const text = `Who ${verb} ${project}? ${person} ${answer}${answer.endsWith(".") ? "" : "."}`;
      const drafts = read(text, `e${i}`);
      expect(drafts, text).toHaveLength(1);
      expect(drafts[0]!.content, text).toContain(project);
      expect(drafts[0]!.content, text).toContain(person);
      expect(drafts[0]!.key, text).toContain(project.toLowerCase());
      keys.add(drafts[0]!.key);
    }
    expect(keys.size).toBe(60);
  });

  it("must not fire: an answer that says more is read as a statement of its own", () => {
    const rng = createRng(43);
    for (let i = 0; i < 20; i++) {
      const [project, person] = [word(rng), `${word(rng)} ${word(rng)}`];
      const text = `Who runs ${project}? ${person} runs ${project} and loves it.`;
      const keys = read(text, `s${i}`).map((d) => d.key);
      expect(
        keys.some((k) => k.startsWith(`named.${person.toLowerCase().replace(" ", "_")}.`)),
        text,
      ).toBe(true);
    }
    // A question put to the listener and answered for oneself is talk, as before.
    expect(read("Do you like jazz? I do.", "talk").filter((d) => d.key.startsWith("named."))).toEqual([]);
  });
});
