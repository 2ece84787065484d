/** The structured-question set of eval/structured loads and is shaped as its README says. */
import { describe, expect, it } from "vitest";
import { dialogSet } from "./dialogs.js";
import { ownersOf } from "./sets.js";
import { QUESTION_CLASSES, structuredSet } from "./structured.js";

describe("structured question set", () => {
  const set = structuredSet();

  it("loads at least twelve users in both languages", () => {
    expect(set.id).toBe("structured");
    expect(set.clock).toBe("session");
    expect(set.uniqueIds).toBe(true);
    expect(set.users.length).toBeGreaterThanOrEqual(12);
    expect(new Set(set.users.map((u) => u.language))).toEqual(new Set(["zh", "en"]));
  });

  it("gives every question a class and every evidence ref a message", () => {
    const owners = ownersOf(set);
    for (const user of set.users)
      for (const probe of user.probes) {
        expect(QUESTION_CLASSES as readonly string[], probe.query).toContain(probe.category);
        expect(probe.evidence.length, probe.query).toBeGreaterThan(0);
        for (const id of [...probe.evidence, ...(probe.stale ?? [])]) {
          expect(id, probe.query).toBeDefined();
          expect(owners.get(id), `${probe.query}: ${id}`).toBe(user.id);
        }
      }
  });

  it("cites only planted facts or assistant turns as evidence", () => {
    for (const user of set.users) {
      const facts = new Set((user.facts ?? []).map((f) => f.messageId));
      const assistant = new Set(
        user.sessions.flatMap((s) => s.messages.filter((m) => m.role === "assistant").map((m) => m.id)),
      );
      for (const probe of user.probes)
        for (const id of probe.evidence) expect(facts.has(id) || assistant.has(id), `${probe.query}: ${id}`).toBe(true);
    }
  });

  it("has at least twenty questions of each class, in both languages", () => {
    for (const cls of QUESTION_CLASSES) {
      const probes = set.users.flatMap((u) => u.probes.filter((p) => p.category === cls).map(() => u.language));
      expect(probes.length, cls).toBeGreaterThanOrEqual(20);
      expect(new Set(probes), cls).toEqual(new Set(["zh", "en"]));
    }
  });

  it("asks each user at least three multi-hop, three temporal and two condition questions", () => {
    const least = { "multi-hop": 3, temporal: 3, condition: 2 };
    for (const user of set.users)
      for (const cls of QUESTION_CLASSES)
        expect(user.probes.filter((p) => p.category === cls).length, `${user.id} ${cls}`).toBeGreaterThanOrEqual(
          least[cls],
        );
  });

  it("keeps its message ids apart from the dialogs set", () => {
    const theirs = ownersOf(dialogSet());
    const ours = ownersOf(set);
    expect(ours.size).toBe(set.users.flatMap((u) => u.sessions.flatMap((s) => s.messages)).length);
    for (const id of ours.keys()) expect(theirs.has(id), id).toBe(false);
  });
});
