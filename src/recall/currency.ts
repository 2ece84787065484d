/**
 * The current value of an entity first. A user tells how things stand, then how they changed
 * ("Rutora 12 runs on CockroachDB" … "We switched Rutora 12 over to Couchbase"); both stay in
 * memory, since the write side replaces a value only when the text settles it, but a question
 * about the entity must meet the change first. Among active memories about one named entity
 * that both answer the question, a newer one that says it changed (now, moved, switched, 现在,
 * 改成, 搬到) or sets the same attribute is ranked right above the older one.
 *
 * Only a competitor is moved: the newer memory must share the question's own words at least
 * half as well as the older (CURRENCY_RELEVANCE), so a change of another attribute of the same
 * entity ("Drodis moved its launch to May") never climbs over the answer to "who leads Drodis".
 */
import type { MemoryRecord } from "../schema.js";
import { detectLanguage, normalizeText, tokenize } from "../text/tokenizer.js";
import { namesIn, readClaim } from "../write/extract/claim.js";
import { findTimeMentions } from "../write/extract/dates.js";
import { entityKeyParts, keySubject } from "../write/extract/keys.js";
import { sameEntity } from "../write/extract/subject.js";
import { namesOtherThing } from "../write/scoring.js";
import type { Candidate } from "./types.js";

/**
 * Not from a seed: a newer statement sharing at least this share of the question's words (besides
 * the name) that the older one shares counts as its competitor.
 */
export const CURRENCY_RELEVANCE = 0.5;

/**
 * Not from a seed: what saying a name the question says adds to a memory's score (weights sum to
 * 1), so that the score shown in a trace says why the memory ranks where it does.
 */
export const NAMED_WEIGHT = 0.2;

/**
 * A question naming an entity few memories name ("Which database does Olia use?",
 * 「ldap-21装的是什么系统？」) is about it: the memories that say the name come first, scored up by
 * {@link NAMED_WEIGHT}, each group in score order. Memories that only share the question's
 * other words ("装的是什么系统") follow, however close their wording. A name most memories say
 * (a speaker's) tells nothing and moves nothing.
 * @example
 * namedFirst(ranked, "Which database does Olia use?");
 */
export function namedFirst(ranked: readonly Candidate<MemoryRecord>[], query = ""): Candidate<MemoryRecord>[] {
  const language = detectLanguage(query);
  const said =
    query.trim().length === 0
      ? []
      : namesIn(query, language)
          .map(normalizeText)
          .filter((n) => n.length >= 2);
  const names = telling(said, ranked);
  if (names.length === 0) return [...ranked];
  return ranked
    .map((candidate) => {
      const content = normalizeText(candidate.value.content);
      // An answer the relation join reached through the named entity counts as naming it.
      const joined = (candidate.channels as Record<string, unknown>).relation !== undefined;
      return joined || names.some((name) => content.includes(name))
        ? { ...candidate, score: (candidate.score ?? 0) + NAMED_WEIGHT, named: true }
        : candidate;
    })
    .sort(
      (a, b) =>
        Number(b.named === true) - Number(a.named === true) ||
        (b.score ?? 0) - (a.score ?? 0) ||
        b.rrf - a.rrf ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

/**
 * Ranked candidates with each entity's newer, changed or same-attribute memory moved right above
 * the older ones it competes with. Two memories are about one entity when their keys say so, or
 * when both say a name the question says (the question names what it asks about).
 * @example
 * const ordered = currentFirst(rankCandidates(candidates, options), "What's the status of order Y4929?");
 */
export function currentFirst(ranked: readonly Candidate<MemoryRecord>[], query = ""): Candidate<MemoryRecord>[] {
  const out = [...ranked];
  const asked = telling(namesAsked(query), ranked);
  const named = new Set(asked.flatMap((name) => tokenize(name)));
  const questionWords = tokenize(query).filter((word) => !named.has(word));
  const shared = (record: MemoryRecord): number => {
    const words = new Set(tokenize(record.content));
    return questionWords.filter((word) => words.has(word)).length;
  };
  const changed = new Map<string, boolean>();
  const says = (record: MemoryRecord) => {
    let known = changed.get(record.id);
    if (known === undefined) {
      known = readClaim(record.content, detectLanguage(record.content))?.changed === true;
      changed.set(record.id, known);
    }
    return known;
  };
  const oneEntity = (a: MemoryRecord, b: MemoryRecord) => {
    // "My boss's dog, Grillo, …" and "…, Vozion, …": one owner, two named things.
    if (namesOtherThing(a.content, b.content)) return false;
    const [x, y] = [entityOf(a), entityOf(b)];
    if (x && y && sameEntity(x, y)) return true;
    const [ca, cb] = [normalizeText(a.content), normalizeText(b.content)];
    return asked.some((name) => ca.includes(name) && cb.includes(name));
  };
  // Bounded: each move places a candidate above one that ranked before it; at most n² looks.
  for (let j = 1; j < out.length; j++) {
    const newer = out[j]!;
    if (newer.value.status !== "active") continue;
    const at = out.findIndex((older, i) => {
      if (i >= j || older.value.status !== "active" || !isOlder(older.value, newer.value)) return false;
      if (!oneEntity(older.value, newer.value)) return false;
      // Answers the question at least half as well, by the question's own words besides the name.
      const [a, b] = [shared(older.value), shared(newer.value)];
      // A newer statement that says it changed competes unless the older one answers in more than a word.
      if (b < CURRENCY_RELEVANCE * a && !(a <= 1 && says(newer.value))) return false;
      const alike = sameAttribute(older.value, newer.value) || sameShape(older.value, newer.value);
      return alike || says(newer.value) || a === 0;
    });
    if (at < 0) continue;
    const [moved] = out.splice(j, 1);
    out.splice(at, 0, { ...moved!, score: Math.max(moved!.score ?? 0, (out[at]!.score ?? 0) + 1e-9) });
  }
  return out;
}

/**
 * Not from a seed: a name carried by more than this share of the candidates tells none of them
 * apart (the speaker's own name in a conversation between two people).
 */
const TELLING_SHARE = 0.25;

/** The names that tell memories apart: said by at most TELLING_SHARE of the candidates (and at least one). */
function telling(names: readonly string[], candidates: readonly Candidate<MemoryRecord>[]): string[] {
  if (names.length === 0) return [];
  const contents = candidates.map((c) => normalizeText(c.value.content));
  const most = Math.max(2, Math.floor(contents.length * TELLING_SHARE));
  return names.filter((name) => {
    const count = contents.filter((content) => content.includes(name)).length;
    return count > 0 && count <= most;
  });
}

/**
 * The names a question says, normalised: its proper names and ids, and in Chinese, where a name
 * is not marked (暑期主持启蒙班, 星辰厅), every run of four or more Han characters it holds — a
 * run found in two memories and in the question is what all three name.
 */
function namesAsked(query: string): string[] {
  if (query.trim().length === 0) return [];
  const language = detectLanguage(query);
  const names = namesIn(query, language)
    .map((name) => normalizeText(name))
    .filter((name) => name.length >= 2);
  if (language === "zh") {
    for (const run of normalizeText(query).match(/\p{Script=Han}{4,24}/gu) ?? []) {
      const chars = Array.from(run);
      for (let length = 4; length <= Math.min(8, chars.length); length++)
        for (let start = 0; start + length <= chars.length; start++)
          names.push(chars.slice(start, start + length).join(""));
    }
  }
  return [...new Set(names)];
}

function entityOf(record: MemoryRecord): string | undefined {
  return entityKeyParts(record.key)?.entity ?? keySubject(record.key).entity;
}

function sameAttribute(a: MemoryRecord, b: MemoryRecord): boolean {
  const [x, y] = [entityKeyParts(a.key), entityKeyParts(b.key)];
  return x !== undefined && y !== undefined && x.attribute === y.attribute;
}

/**
 * Two values of one kind: both amounts, both times, both ids, both names, both Chinese words
 * ("5233元" and "4900元", "NixOS" and "openSUSE Leap 15"). Said of one entity in answer to one
 * question, two values of one kind are two versions of one attribute.
 */
function sameShape(a: MemoryRecord, b: MemoryRecord): boolean {
  if (typeof a.value !== "string" || typeof b.value !== "string") return false;
  const [x, y] = [shapeOf(a.value), shapeOf(b.value)];
  return x !== undefined && x === y;
}

function shapeOf(value: string): string | undefined {
  const text = value.trim();
  if (text.length === 0 || text.length > 60) return undefined;
  if (findTimeMentions(text, detectLanguage(text), new Date(0).toISOString()).length > 0) return "time";
  // Digits, with at most a currency sign and a unit around them: 5233元, ¥4,270, $12.50, 30%.
  const unit = text.replace(/[\d,.\s]/gu, "");
  if (/\d/u.test(text) && /^[^\p{L}\d]{0,2}(?:\p{Script=Han}|[a-z%]{1,3})?$/u.test(unit)) return "amount";
  if (/\d/u.test(text) && /\p{L}/u.test(text)) return "id";
  if (/^\p{Script=Han}+$/u.test(text)) return "han";
  if (/^\p{Lu}/u.test(text)) return "name";
  return undefined;
}

function isOlder(a: MemoryRecord, b: MemoryRecord): boolean {
  return Date.parse(a.observedAt) < Date.parse(b.observedAt);
}
