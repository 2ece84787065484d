/**
 * Statements whose subjects name different things are about different things, whatever key the
 * rules give them ("My sister's cat, Susun, is a ragdoll" / "…, Fere, is a Bengal"): both stay
 * active and both are recalled; a later statement naming the same thing still replaces its value.
 * Relations, pets, names and breeds are drawn at random (seeded).
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../bench/fixtures.js";
import { CODE_NAME, NameBook, pick } from "../eval/families/names.js";
import { steppedSuite } from "../helpers/suite-store.js";

const { open: suiteMemory, tick } = steppedSuite("lgm-named-subject-", "2026-08-01T09:00:00Z");

const OWNERS = ["sister's", "coworker's", "neighbour's", "cousin's", "boss's"];
const PETS = ["cat", "dog", "parrot", "rabbit"];
const KINDS = ["a ragdoll", "a Bengal", "a beagle", "a lop", "a cockatiel", "a Persian", "a terrier", "a rescue"];

describe("subjects that name different things", () => {
  it("en: each named pet of one relation keeps its own memory, recalled by its name; the same name updates", async () => {
    const r = createRng(5151);
    const book = new NameBook(r, 0);
    const memory = await suiteMemory();
    const scope = { userId: "named-pets" };
    const owner = pick(r, OWNERS);
    const pet = pick(r, PETS);
    const said = Array.from({ length: 8 }, (_, i) => ({
      id: `p${i}`,
      name: book.fresh(CODE_NAME),
      kind: pick(r, KINDS),
    }));
    for (const s of said) {
      const out = await memory.remember({
        scope,
        messages: [{ id: s.id, role: "user", content: `My ${owner} ${pet}, ${s.name}, is ${s.kind}.`, at: tick() }],
      });
      expect(
        out.superseded.map((m) => m.content),
        s.name,
      ).toEqual([]);
    }
    const active = await memory.list(scope, { status: "active" });
    for (const s of said)
      expect(
        active.some((m) => m.source.messageIds.includes(s.id)),
        s.name,
      ).toBe(true);
    for (const s of said) {
      const { memories } = await memory.recall({ scope, query: `What kind of ${pet} is ${s.name}?`, limit: 5 });
      expect(
        memories.some((m) => m.source.messageIds.includes(s.id)),
        `${s.name} → ${memories.map((m) => m.content).join(" | ")}`,
      ).toBe(true);
    }
    // The same name again with another value replaces it.
    const first = said[0]!;
    const update = await memory.remember({
      scope,
      messages: [
        { id: "u", role: "user", content: `My ${owner} ${pet}, ${first.name}, is actually a sphynx.`, at: tick() },
      ],
    });
    expect(update.superseded.map((m) => m.source.messageIds)).toEqual([[first.id]]);
    await memory.close();
  });
});
