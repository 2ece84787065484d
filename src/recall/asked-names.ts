/**
 * The names a question says, as recall reads them: the proper names and ids the tagger marks, and
 * in Chinese, where no tag marks a name, the runs of Han characters and the question's subject,
 * each read against the memories found; and of those names, the ones that tell memories apart.
 */

import { Recent } from "../recent.js";
import type { MemoryRecord } from "../schema.js";
import { tagWords } from "../text/grammar.js";
import { detectLanguage, normalizeText } from "../text/tokenizer.js";
import { namesIn, readClaim } from "../write/extract/claim.js";
import { mentionsTime } from "../write/extract/dates.js";
import type { Candidate } from "./types.js";

/**
 * Not from a seed: a name carried by more than this share of the candidates tells none of them
 * apart (the speaker's own name in a conversation between two people).
 */
const TELLING_SHARE = 0.25;

/** Not from a seed: fewer candidates than this (counted by message) are too few for a share to say anything. */
const TELLING_FEWEST = 8;

/** The names that tell memories apart: said by at most TELLING_SHARE of the candidates (and at least one). */
export function telling(names: readonly string[], found: readonly Candidate<MemoryRecord>[]): string[] {
  if (names.length === 0) return [];
  // Shares among what the question's words reached: the `named` channel brings every memory
  // saying a name, which would make a name look rarer than it is.
  const candidates = found.filter(similar);
  const all = found.map((c) => normalizeText(c.value.content));
  // Counted by what was said: a message's memory and its episode say a name once.
  const said = new Map<string, string>();
  for (const c of candidates) {
    const source = c.value.source.messageIds.join(" ") || c.id;
    said.set(source, `${said.get(source) ?? ""} ${normalizeText(c.value.content)}`);
  }
  const contents = [...said.values()];
  // Among a few memories a share tells nothing: all of them may be about the thing asked.
  const most =
    contents.length < TELLING_FEWEST ? contents.length : Math.max(2, Math.floor(contents.length * TELLING_SHARE));
  return names.filter((name) => {
    const count = contents.filter((content) => content.includes(name)).length;
    return count <= most && (count > 0 || all.some((content) => content.includes(name)));
  });
}

/**
 * Found by a similarity channel, not by its name alone (the `named` channel): a memory only the
 * name reached is a member for currentFirst to weigh against the others, not an answer.
 */
export function similar(candidate: Candidate<MemoryRecord>): boolean {
  return Object.keys(candidate.channels).some((channel) => channel !== "named");
}

/**
 * The names a question says, normalised: its proper names and ids, and in Chinese, where a name
 * is not marked (暑期主持启蒙班, 星辰厅), every run of four or more Han characters it holds — a
 * run found in two memories and in the question is what all three name.
 */
export function namesAsked(query: string): string[] {
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

/**
 * What a question names where no tag marks a name, read against the memories: an id of digits
 * alone, and in Chinese a number with the Han words around it (围棋24班, 第13期: up to four
 * characters before, one after) and the named subject of the question (九塔 of 九塔哪天截止, 凌石技术
 * of 凌石技术这边归谁管). Of the ways to read each, the longest some memory says: 围棋24班,
 * never 24班, which 日语24班 says too; 凌石, where no memory says 凌石技术.
 */
export function readNames(query: string, candidates: readonly Candidate<MemoryRecord>[]): string[] {
  const text = normalizeText(query);
  // A number of five digits or more is an id of its own (order 42137327), in either language.
  const ids = text.match(/(?<!\d)\d{5,}(?!\d)/gu) ?? [];
  if (detectLanguage(query) !== "zh") return ids;
  const contents = candidates.map((c) => normalizeText(c.value.content));
  const longest = (readings: readonly string[]) =>
    readings.find((name) => Array.from(name).length >= 2 && contents.some((c) => c.includes(name)));
  const names: string[] = [...ids];
  for (const match of text.matchAll(/(\p{Script=Han}{0,4})(\d+)(\p{Script=Han}?)/gu)) {
    const [, before = "", digits = "", after = ""] = match;
    const readings: string[] = [];
    for (let k = before.length; k >= 0; k--)
      for (const tail of after ? [after, ""] : [""]) readings.push(before.slice(before.length - k) + digits + tail);
    const found = longest(readings.filter((name) => name.length >= 3));
    if (found) names.push(found);
  }
  const readings = subjectReadings(query);
  const found = longest(readings);
  if (found) {
    names.push(found);
    // The subject read with the verb after it (雪航用 of 雪航用啥数据库) is said only by memories
    // worded like the question: a shorter reading more memories say is the name as well.
    const saying = (name: string) => contents.filter((c) => c.includes(name)).length;
    const wider = readings.slice(readings.indexOf(found) + 1).find((name) => saying(name) > saying(found));
    if (wider) names.push(wider);
  }
  return names;
}

/**
 * How a Chinese question's subject may read as a name, longest first: the subject phrase before
 * its 的 (小米 of 小米的主人是谁, 冰轮 of 冰轮用啥数据库, where the dictionary knows the words
 * and the tagger marks no name; 阿麻几岁 of 阿麻几岁了, where it glued the predicate on), cut
 * down to two characters; a name in letters or digits whole. None for the speaker, a pronoun or a time.
 */
function subjectReadings(query: string): string[] {
  // Bounded: the retrieve node and both orderings read the same query.
  return READINGS.get(query, () => readSubject(query));
}
const READINGS = new Recent<string[]>(64);

function readSubject(query: string): string[] {
  const claim = readClaim(query, "zh");
  const said = claim?.entity?.name || claim?.unnamed || verbAsName(query);
  const phrase = normalizeText(said ?? "").split("的")[0]!;
  if (!/^\p{Script=Han}|^[a-z0-9]/u.test(phrase) || /^[我你您他她它这那咱]/u.test(phrase)) return [];
  // Letters and digits are read whole (Koldaum is not Kold), with what the tagger glued on cut off
  // (Gozon of Gozon几岁).
  if (/[a-z0-9]/u.test(phrase)) {
    const lead = /^[a-z0-9][a-z0-9_.-]*/u.exec(phrase)?.[0];
    return lead && lead !== phrase && lead.length >= 2 ? [phrase, lead] : [phrase];
  }
  const chars = Array.from(phrase);
  return chars
    .map((_, k) => chars.slice(0, chars.length - k).join(""))
    .filter((reading) => Array.from(reading).length >= 2 && !mentionsTime(reading, "zh"));
}

/**
 * A question opened by a word the tagger reads as a verb and then its own verb or 的 (远航/v 用
 * 什么数据库, 启航的预算多少): project names are often verbs. Only a candidate reading: a memory
 * must say it for it to count (`readNames`).
 */
function verbAsName(query: string): string | undefined {
  const [first, next] = tagWords(query, "zh");
  if (!first || !next || first.pos !== "VERB" || Array.from(first.text).length < 2) return undefined;
  return next.pos === "VERB" || next.pos === "ADP" || /^(?:的|是)$/u.test(next.text) ? first.text : undefined;
}

/**
 * The names a query says, each as its readings, longest first: ids and the names the tagger
 * marks as said, and a Chinese question's subject (`subjectReadings`).
 * @example
 * queryNames("Koldaum项目的数据存在哪个数据库？"); // [["koldaum"]]
 * queryNames("小米的主人是谁？");                // [["小米"]]
 */
export function queryNames(query: string): string[][] {
  if (query.trim().length === 0) return [];
  const language = detectLanguage(query);
  const said = namesIn(query, language)
    .map(normalizeText)
    .filter((name) => name.length >= 2);
  const ids = normalizeText(query).match(/(?<!\d)\d{5,}(?!\d)/gu) ?? [];
  const out = [...new Set([...said, ...ids])].map((name) => [name]);
  if (language === "zh") {
    const readings = subjectReadings(query).filter((reading) => !said.includes(reading));
    if (readings.length > 0) out.push(readings);
  }
  return out;
}
