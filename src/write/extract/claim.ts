/**
 * What one clause claims, read from its grammar (src/text/grammar.ts) rather than from the words
 * of a topic: whom or what it is about (its subject: the speaker, or an entity it names), which
 * attribute its predicate sets, and the value it gives.
 *
 *   "Project P1992 stores its data in PostgreSQL" → project P1992 · store data in · PostgreSQL
 *   "Room 202 is where the finance team sits"       → Room 202 · be where _ sit · finance team
 *   「订单 A1001 的配送城市是上海」                  → 订单A1001 · 配送城市 · 是 · 上海
 *
 * Identity is what the clause names: an entity is its class word and its full name (letters,
 * digits, codes, Han characters), so two clauses about different entities never share one. A
 * subject phrase without a name is an entity only when it plainly names a thing of the speaker's
 * world (two words or more, a verb, and a name, number or time as the value: "the chess club
 * meets on Wednesdays"), never a bare common noun with an opinion ("the weather is nice").
 *
 * The reading is one algorithm (claim-readings.ts) over each language's grammar (claim-en.ts,
 * claim-zh.ts); Chinese names are mended before it (names-zh.ts).
 */

import { Recent } from "../../recent.js";
import { tagWords } from "../../text/grammar.js";
import { EN, firstWordAsSaid, fixEnglishTags } from "./claim-en.js";
import { readWith } from "./claim-readings.js";
import type { Claim } from "./claim-types.js";
import { ZH } from "./claim-zh.js";
import { knownNamesIn, markKnownNames } from "./known-names.js";
import { chineseNames } from "./names-zh.js";

// One clause is read several times per sentence (its unit, its key, the clause after it, the names
// it introduces): the last few readings are reused, under the known names the text spells.
// Bounded, so memory stays flat; shared between callers, so frozen.
const RECENT = new Recent<Claim | undefined>(512);

/**
 * Read one clause; undefined when it has no words.
 * @example
 * readClaim("Project P1992 stores its data in PostgreSQL", "en")?.entity;
 * // { relation: "project", name: "P1992", … }
 * readClaim("柯文是我大学室友", "zh")?.entity?.name; // "柯文"
 */
export function readClaim(text: string, language: "zh" | "en"): Claim | undefined {
  return RECENT.get(`${language}\u0000${knownNamesIn(text)}\u0000${text}`, () => frozen(read(text, language)));
}

function frozen(claim: Claim | undefined): Claim | undefined {
  if (!claim) return claim;
  if (claim.entity) Object.freeze(claim.entity);
  if (claim.pronoun) Object.freeze(claim.pronoun);
  if (claim.valueWords) Object.freeze(claim.valueWords);
  Object.freeze(claim.frame);
  Object.freeze(claim.values);
  return Object.freeze(claim);
}

function read(text: string, language: "zh" | "en"): Claim | undefined {
  const tagged = markKnownNames(tagWords(text, language), text, language);
  if (tagged.length === 0) return undefined;
  return language === "zh"
    ? readWith(ZH, text, chineseNames(tagged))
    : readWith(EN, text, fixEnglishTags(firstWordAsSaid(text, tagged)));
}

export type { Claim, ClaimEntity, ClaimPronoun } from "./claim-types.js";
export { isChangeWord } from "./claim-words.js";
export { namesIn, type Particular, particularSubject, subjectNames } from "./particular.js";
