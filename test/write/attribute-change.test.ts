/**
 * A change of a named entity's attribute, said with a change verb ("The tech lead for X was
 * changed to Y", "The owner of X is now Y"), supersedes that entity's value and no other's.
 * Entity names, people and sentence forms are drawn at random (seeded).
 */
import { describe, expect, it } from "vitest";
import { tagWords } from "../../src/text/grammar.js";
import { createRng } from "../bench/fixtures.js";
import { CODE_NAME, EN_FULL_NAME, NameBook, PROJECT_ID, pick, VERSION_NAME } from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open, tick } = steppedSuite("lgm-attribute-change-", "2026-05-04T09:00:00Z");

const ROLES = ["tech lead", "owner", "project manager", "release manager", "point of contact"];
const FIRST = ["The {r} for {x} is {p}.", "The {r} of {x} is {p}.", "{p} is the {r} for {x}."];
const CHANGE = [
  "The {r} for {x} was changed to {p}.",
  "The {r} of {x} is now {p}.",
  "The {r} for {x} has changed to {p}.",
  "The {r} of {x} was switched to {p}.",
];
const fill = (form: string, r: string, x: string, p: string) =>
  form.replace("{r}", r).replace("{x}", x).replace("{p}", p);

describe("a changed attribute of a named entity", () => {
  it("supersedes that entity's value and leaves another entity's value of the same attribute alone", async () => {
    const rand = createRng(9127);
    const book = new NameBook(rand, 0);
    const memory = await open();
    const scope = { userId: "attribute-change" };
    const cases: { x: string; y: string; role: string; older: [string, string]; newer: [string, string] }[] = [];
    for (let i = 0; i < 10; i++) {
      const kind = pick(rand, [CODE_NAME, PROJECT_ID, VERSION_NAME]);
      const [x, y] = [book.entity(kind), book.entity(kind)];
      const role = ROLES[i % ROLES.length]!;
      const people = Array.from({ length: 4 }, () => book.entity(EN_FULL_NAME));
      const said = [
        fill(pick(rand, FIRST), role, x, people[0]!),
        fill(pick(rand, FIRST), role, y, people[1]!),
        fill(pick(rand, CHANGE), role, x, people[2]!),
        fill(pick(rand, CHANGE), role, y, people[3]!),
      ];
      for (const [n, content] of said.entries()) {
        await memory.remember({ scope, messages: [{ id: `m${i}-${n}`, role: "user", content, at: tick() }] });
      }
      cases.push({ x, y, role, older: [people[0]!, people[1]!], newer: [people[2]!, people[3]!] });
    }
    const active = await memory.list(scope, { status: "active" });
    const superseded = await memory.list(scope, { status: "superseded" });
    for (const c of cases) {
      for (const [k, entity] of [c.x, c.y].entries()) {
        const person = c.newer[k]!;
        // The earlier value of the same entity and attribute gives way, in either word order.
        expect(
          active.some((m) => m.content.includes(c.older[k]!)),
          `${entity}: ${c.older[k]}`,
        ).toBe(false);
        // Each entity's change stays active: the other entity's later change replaces nothing of it.
        expect(
          active.some((m) => m.content.includes(person)),
          `${entity}: ${person}`,
        ).toBe(true);
        expect(
          superseded.some((m) => m.content.includes(person)),
          `${entity}: ${person}`,
        ).toBe(false);
        const { memories } = await memory.recall({ scope, query: `Who is the ${c.role} for ${entity}?`, limit: 5 });
        expect(memories[0]?.content, entity).toContain(person);
      }
    }
    await memory.close();
  }, 120_000);
});

describe("English tags that decide an attribute or a name", () => {
  const pos = (text: string, word: string) => tagWords(text, "en").find((w) => w.text === word)?.pos;
  it("reads the head of 'the tech lead for X is Y' as a noun", () => {
    expect(pos("The tech lead for Orivan is Ana Kell.", "lead")).toBe("NOUN");
    expect(pos("Our build plan is ready.", "plan")).toBe("NOUN");
    expect(pos("Ana Kell is the tech lead of Orivan.", "lead")).toBe("NOUN");
  });
  it("reads a base-form capitalised word after a name as part of the name, an inflected one as a verb", () => {
    expect(pos("The owner of Orivan is now Cy Moor.", "Moor")).toBe("PROPN");
    expect(pos("Tom Works at Acme.", "Works")).toBe("VERB");
  });
  it("keeps the verb after a plural subject, after an earlier verb, and in a question", () => {
    expect(pos("I saw the dog run away.", "run")).toBe("VERB");
    expect(pos("The kids play outside.", "play")).toBe("VERB");
    expect(pos("Did the team lead it?", "lead")).toBe("VERB");
    expect(pos("Is the team lead here?", "lead")).toBe("VERB");
  });
});
