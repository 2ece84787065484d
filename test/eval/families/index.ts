/**
 * All statement families, and `generateSet`, which draws a mixed set from them: each family with its
 * own seed derived from the set's seed, statements interleaved across families.
 */

import { createRng } from "../../bench/fixtures.js";
import { enAnaphora } from "./en-anaphora.js";
import { enInvoices, enOrderStatus } from "./en-orders.js";
import { enHobbies, enPeopleCity, enPeopleWork } from "./en-people.js";
import { enDesks, enHostOs, enRoomUse } from "./en-places.js";
import { enProjectDatabase, enProjectLead } from "./en-projects.js";
import { enAppointments, enRecurring } from "./en-schedule.js";
import { enBooksCourses, enPets, enVehicles } from "./en-things.js";
import { NameBook } from "./names.js";
import type { Family, FamilyLanguage, FamilyStatement } from "./types.js";
import { zhAnaphora } from "./zh-anaphora.js";
import { zhInvoices, zhOrderStatus } from "./zh-orders.js";
import { zhHobbies, zhPeopleCity, zhPeopleWork } from "./zh-people.js";
import { zhDesks, zhHostOs, zhRoomUse } from "./zh-places.js";
import { zhProjectDatabase, zhProjectLead } from "./zh-projects.js";
import { zhAppointments, zhRecurring } from "./zh-schedule.js";
import { zhBooksCourses, zhPets, zhVehicles } from "./zh-things.js";

export type { Family, FamilyLanguage, FamilyStatement } from "./types.js";

export const FAMILIES: readonly Family[] = [
  enProjectDatabase,
  enPeopleCity,
  enHobbies,
  enAppointments,
  enOrderStatus,
  enRoomUse,
  enPets,
  enVehicles,
  enProjectLead,
  enPeopleWork,
  enRecurring,
  enInvoices,
  enDesks,
  enHostOs,
  enBooksCourses,
  enAnaphora,
  zhProjectLead,
  zhPeopleWork,
  zhRecurring,
  zhInvoices,
  zhDesks,
  zhHostOs,
  zhBooksCourses,
  zhAnaphora,
  zhProjectDatabase,
  zhPeopleCity,
  zhHobbies,
  zhAppointments,
  zhOrderStatus,
  zhRoomUse,
  zhPets,
  zhVehicles,
];

const byId = new Map(FAMILIES.map((f) => [f.id, f]));

/** The split a family belongs to; throws for an unknown id. */
export function splitOf(familyId: string): "dev" | "held-out" {
  const family = byId.get(familyId);
  if (!family) throw new Error(`unknown family: ${familyId}`);
  return family.split;
}

/** A family's own seed: the set's seed mixed with a hash of the family id. */
function familySeed(seed: number, id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0;
}

/**
 * `perFamily` statements from every selected family, interleaved (one from each family in turn), so
 * one scope mixes families. Families draw from the same name spaces, so an entity another family has
 * already used (or a name inside it, or around it) is skipped: no two statements in a set share an
 * entity. Deterministic for a seed.
 * @example
 * const set = generateSet({ seed: 1, perFamily: 50, split: "dev", language: "zh" });
 */
export function generateSet(options: {
  seed: number;
  perFamily: number;
  split?: "dev" | "held-out";
  language?: FamilyLanguage;
}): FamilyStatement[] {
  const families = FAMILIES.filter(
    (f) => (!options.split || f.split === options.split) && (!options.language || f.language === options.language),
  );
  const drawn = (f: Family, n: number) => f.generate(createRng(familySeed(options.seed, f.id)), n);
  const lists = families.map((f) => drawn(f, Math.ceil(options.perFamily * 1.1) + 10));
  const next = families.map(() => 0);
  const taken = new NameBook(() => 0);
  const out: FamilyStatement[] = [];
  for (let round = 0; round < options.perFamily; round += 1) {
    families.forEach((family, k) => {
      for (;;) {
        if (next[k]! >= lists[k]!.length) lists[k] = drawn(family, lists[k]!.length * 2);
        const s = lists[k]![next[k]!]!;
        next[k]! += 1;
        if (taken.claim(s.entity)) {
          out.push(s);
          return;
        }
      }
    });
  }
  return out;
}
