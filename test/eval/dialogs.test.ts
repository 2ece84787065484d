import { describe, expect, it } from "vitest";
import { dialogHalf, dialogSet, loadDialogs } from "./dialogs.js";

describe("the own dialogs' tuning and held-out halves", () => {
  const dialogs = loadDialogs();
  const ids = (half: "tuning" | "held-out") => dialogHalf(dialogs, half).map((d) => d.id);

  it("split every dialog into exactly one half, each language about evenly", () => {
    const tuning = ids("tuning");
    const heldOut = ids("held-out");
    expect(tuning.filter((id) => heldOut.includes(id))).toEqual([]);
    expect([...tuning, ...heldOut].sort()).toEqual(dialogs.map((d) => d.id).sort());
    for (const language of ["zh", "en"]) {
      const count = (list: string[]) => list.filter((id) => id.startsWith(`${language}-`)).length;
      expect(Math.abs(count(tuning) - count(heldOut))).toBeLessThanOrEqual(1);
    }
  });

  it("is the same split on every run, and a different seed gives another", () => {
    expect(ids("held-out")).toEqual(ids("held-out"));
    expect(dialogHalf(dialogs, "held-out", 7).map((d) => d.id)).not.toEqual(ids("held-out"));
  });

  it("names each half's set apart from the whole", () => {
    expect(dialogSet("held-out", dialogs).id).toBe("dialogs-held-out");
    expect(dialogSet("tuning", dialogs).users.map((u) => u.id)).toEqual(ids("tuning"));
    expect(dialogSet(undefined, dialogs).users).toHaveLength(dialogs.length);
  });
});
