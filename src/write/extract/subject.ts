/**
 * Whom a statement is about: the speaker, or someone (something) else they name — "my colleague
 * Anna", 我同事小王, "our project Atlas", 郑晓明医生, "Anna" opening a sentence. A memory about
 * someone else is keyed by them (`colleague.anna.location`), so that facts about different
 * people, projects or pets never share a key, and so never supersede or dedupe each other.
 *
 * A person is told by how the speaker knows them (`RELATIONS` in lexicon.ts) and their name, if
 * one is given: a capitalised name in English; in Chinese a common surname and one or two
 * characters, or 小/老 and a surname (nothing else delimits a Chinese name in running text). Names
 * become key segments: ASCII names as a slug (`anna_lee`), any other as a short stable hash.
 */
import { createHash } from "node:crypto";
import { RecentLists } from "../../recent.js";
import { tagByDictionary } from "../../text/grammar.js";
import { alternation, wordList } from "../../text/patterns.js";
import { knownNameAt, knownNamesIn } from "./known-names.js";
import { RELATIONS, type Relation, SURNAMES } from "./lexicon.js";
import { NOT_A_NAME } from "./markers.js";

export interface EntityMention {
  /** How the speaker knows them: `colleague`, `friend`, `project`, `doctor`; `person` for a bare name. */
  relation: string;
  /** The name as said, when given ("Anna Lee", 王晓明, "Atlas"). */
  name?: string;
  /** The key segments naming them: `colleague.anna_lee`, `friend.h1a2b3c4d`, `sister`. */
  key: string;
  /** Where the mention starts and ends in the text. */
  index: number;
  end: number;
}

const HAN_RUN = /^\p{Script=Han}/u;
const relationBySlug = new Map(RELATIONS.map((r) => [r.slug, r]));

// English: "my colleague Anna Lee", "our project Atlas", "Dr. Li", "project Atlas", "Atlas project".
// Case matters for names, so word lists are matched in both spellings rather than with /i.
// Up to three capitalised words, spelled out rather than repeated (every pattern stays linear).
const NAME_WORD = String.raw`[A-Z][\p{L}\p{N}'’-]{0,30}`;
const EN_NAME = `${NAME_WORD}(?:\\s{1,3}${NAME_WORD})?(?:\\s{1,3}${NAME_WORD})?`;
const bothCases = (words: readonly string[]): string[] =>
  words.flatMap((w) => [w.toLowerCase(), w[0]!.toUpperCase() + w.slice(1).toLowerCase()]);
const EN_RELATION_WORDS = RELATIONS.filter((r) => !r.title).flatMap((r) => r.en.map((w) => [w, r] as const));
const EN_TITLE_WORDS = RELATIONS.filter((r) => r.title).flatMap((r) =>
  r.en.map((w) => [w.replace(/\.$/u, ""), r] as const),
);
const enRelationOf = new Map([...EN_RELATION_WORDS, ...EN_TITLE_WORDS].map(([w, r]) => [w.toLowerCase(), r]));
const EN_POSSESSED = new RegExp(
  String.raw`(?<![\w-])(?:${alternation(bothCases(["my", "our", "the user's"]))})\s{1,3}(?:${alternation(
    bothCases(["best", "close", "old", "good", "new", "former", "younger", "older", "little", "big"]),
  )}\s{1,3})?(${alternation(bothCases(EN_RELATION_WORDS.map(([w]) => w)))})(?:(?:,\s{0,3}|\s{1,3})(${EN_NAME}))?(?![\w-])`,
  "gu",
);
const EN_TITLED = new RegExp(
  String.raw`(?<![\w-])(${alternation(bothCases(EN_TITLE_WORDS.map(([w]) => w)))})\.?\s{1,3}(${EN_NAME})`,
  "gu",
);
const EN_PROJECT = new RegExp(String.raw`\b[Pp]roject\s{1,3}(${EN_NAME})|\b(${EN_NAME})\s{1,3}project\b`, "gu");
// A bare name opening a clause with a verb people do: "Anna moved to Osaka", "Sam works at…".
const EN_BARE = new RegExp(
  String.raw`^(${EN_NAME})\s{1,3}(?:(?:just|also|finally|recently|still|now)\s{1,3})?(?:${alternation(
    wordList(`moved | moves | lives | lived | works | worked | started | starts | left | joined | became | got |
      married | quit | retired | graduated | studies | studied | likes | loves | hates | said | says | told |
      called | texted | plays | played | runs | teaches | taught`),
  )})\b`,
  "u",
);

// Chinese: 我(的)同事小王, 我朋友王晓明, 郑晓明医生, 我们的项目「灯塔」 / Atlas 项目.
const zhRelationOf = new Map(
  RELATIONS.flatMap((r) => r.zh.map((w) => [w.replace(/^我/u, ""), r] as const)).filter(([w]) => w.length > 0),
);
const ZH_RELATIONS = alternation([...zhRelationOf.keys()].filter((w) => !zhRelationOf.get(w)!.title));
const ZH_TITLES = alternation([...zhRelationOf.keys()].filter((w) => zhRelationOf.get(w)!.title));
const SURNAME = alternation(SURNAMES);
const ZH_NICKNAME = new RegExp(`^[小老阿](?:${SURNAME})`, "u");
const ZH_SURNAME = new RegExp(`^(?:${SURNAME})`, "u");
// What ends a name rather than continues it: 小王很喜欢, 王晓明在, 王芳说, 李华明天… — function
// characters and the words that follow a subject. Characters common in given names (明, 超, 刚,
// 华) are not on the list; the words they open are.
const NAME_STOP = new Set(
  Array.from("很在是说也都去搬住和跟的把被要会想又还就才最已从到对给让为每总太挺比更不没爱讨用喜"),
);
const NAME_STOP_WORDS =
  /^(?:明天|今天|昨天|后天|刚才|刚刚|一直|已经|经常|非常|特别|超级|真的|最近|上个|下个|今年|去年|明年|一起|一般)/u;
const ZH_POSSESSED = new RegExp(`(?:我们|我|用户)的?(?:好|老|前)?(${ZH_RELATIONS})`, "gu");
const ZH_TITLED = new RegExp(`(${SURNAME})(\\p{Script=Han}{0,2}?)(${ZH_TITLES})`, "gu");
// A Chinese project name is quoted (项目「灯塔」) or Latin (Atlas 项目): bare characters after 项目
// are as likely its attribute (项目代号, 项目进度).
const ZH_PROJECT_NAME = /^\s{0,2}(?:[「“"《](\p{Script=Han}{1,12})[」”"》]|([A-Za-z][\w-]{0,30}))/u;
const ZH_PROJECT = new RegExp(
  String.raw`项目\s{0,2}(?:[「“"《](\p{Script=Han}{1,12})[」”"》]|([A-Za-z][\w-]{0,30}))|` +
    String.raw`(?:[「“"《](\p{Script=Han}{1,12})[」”"》]|([A-Za-z][\w-]{0,30}))\s{0,2}项目`,
  "gu",
);
/项目\s{0,2}[「“"《]?([A-Za-z][\w-]{0,30}|\p{Script=Han}{2,6}?)(?=[」”"》]|\s|的|[，。,.；;！!？?]|$)|([A-Za-z][\w-]{0,30})\s{0,2}项目/gu;

// One text is read for mentions several times per write (its clauses, its key, the names it
// introduces): the last few readings are reused, under the known names the text spells (the only
// ones a reading can depend on). Bounded, so memory stays flat; shared, so frozen.
const RECENT = new RecentLists<EntityMention>(512);

/**
 * Every person, project or pet `text` names, in order.
 * @example
 * entityMentions("My colleague Anna Lee moved to Boston").map((m) => m.key); // ["colleague.anna_lee"]
 * entityMentions("我10月8日约了郑晓明医生复诊").map((m) => m.relation);          // ["doctor"]
 */
export function entityMentions(text: string): EntityMention[] {
  return RECENT.get(`${knownNamesIn(text)}\u0000${text}`, () => mentionsIn(text));
}

function mentionsIn(text: string): EntityMention[] {
  const found: EntityMention[] = [];
  const add = (relation: Relation | string, name: string | undefined, index: number, end: number) => {
    const slug = typeof relation === "string" ? relation : relation.slug;
    // "My project's codename is Lodestar", 我们项目上周上线了: an unnamed project is the speaker's own.
    if (!name && NAMED_ONLY.has(slug)) return;
    if (found.some((m) => index < m.end && m.index < end)) return;
    found.push({
      relation: slug,
      ...(name ? { name } : {}),
      key: name ? `${slug}.${nameSegment(name)}` : slug,
      index,
      end,
    });
  };
  for (const m of text.matchAll(EN_POSSESSED)) {
    const name = cleanEnName(m[2]);
    const end = name ? m.index + m[0].indexOf(name, m[0].length - m[2]!.length) + name.length : m.index + m[0].length;
    add(
      enRelationOf.get(m[1]!.toLowerCase())!,
      name,
      m.index,
      name ? end : m.index + m[0].length - (m[2]?.length ?? 0),
    );
  }
  for (const m of text.matchAll(EN_TITLED)) {
    const name = cleanEnName(m[2]);
    if (name) add(enRelationOf.get(m[1]!.toLowerCase())!, name, m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(EN_PROJECT)) {
    const name = cleanEnName(m[1] ?? m[2]);
    if (name) add(relationBySlug.get("project")!, name, m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(ZH_POSSESSED)) {
    const relation = zhRelationOf.get(m[1]!)!;
    const end = m.index + m[0].length;
    const project = relation.slug === "project" ? ZH_PROJECT_NAME.exec(text.slice(end)) : null;
    const name = project ? (project[1] ?? project[2]) : zhNameAt(text, end);
    add(relation, name, m.index, project ? end + project[0].length : end + (name?.length ?? 0));
  }
  for (const m of text.matchAll(ZH_TITLED)) {
    add(zhRelationOf.get(m[3]!)!, `${m[1]}${m[2]}`, m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(ZH_PROJECT)) {
    add(relationBySlug.get("project")!, m[1] ?? m[2] ?? m[3] ?? m[4], m.index, m.index + m[0].length);
  }
  const bare = EN_BARE.exec(text);
  const bareName = bare ? cleanEnName(bare[1]) : undefined;
  if (bareName) add("person", bareName, 0, bareName.length);
  // 小王上个月搬到了上海: a nickname opening the clause (a full name is too easily a word: 王明天…).
  const nickname = ZH_NICKNAME.exec(text);
  const next = nickname ? text[nickname[0].length] : undefined;
  if (nickname && (!next || NAME_STOP.has(next) || !HAN_RUN.test(next))) {
    add("person", nickname[0], 0, nickname[0].length);
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * A Chinese name starting at `at`: 小王 / 老李, or a surname and one or two more characters. A
 * name the scope knows (known-names.ts) is taken whole where it stands after the relation word,
 * and wins over a longer run the surname rule would take (我同学常言坐在… is 常言, not 常言坐).
 */
function zhNameAt(text: string, at: number): string | undefined {
  const rest = text.slice(at, at + 6);
  const known = knownNameAt(rest);
  if (known && closesKnownName(text.slice(at + known.length, at + known.length + 4))) return known;
  return bySurname(rest);
}

/** What follows a known name ends it: nothing, punctuation, or a word a subject is followed by (糖果店 is a shop). */
function closesKnownName(after: string): boolean {
  if (!HAN_RUN.test(after)) return true;
  const [next] = tagByDictionary(after, 0);
  return next === undefined || ["VERB", "ADV", "ADP", "AUX", "PART"].includes(next.pos) || next.detail === "t";
}

function bySurname(rest: string): string | undefined {
  const nick = ZH_NICKNAME.exec(rest);
  if (nick) return nick[0];
  const surname = ZH_SURNAME.exec(rest);
  if (!surname) return undefined;
  let name = surname[0];
  for (const char of Array.from(rest.slice(name.length)).slice(0, 2)) {
    // A word after a subject ends the name only once it has a given name (徐刚刚 is a name; 王刚明天…).
    const words = name.length > surname[0].length && NAME_STOP_WORDS.test(rest.slice(name.length));
    if (!HAN_RUN.test(char) || NAME_STOP.has(char) || words) break;
    name += char;
  }
  return name.length > surname[0].length ? name : undefined;
}

/** A capitalised run that is a name: not a sentence word ("The", "Monday"), not a relation word. */
function cleanEnName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const words = raw.trim().split(/\s+/u);
  const kept: string[] = [];
  for (const word of words) {
    if (NOT_A_NAME.has(word) || enRelationOf.has(word.toLowerCase())) break;
    kept.push(word.replace(/['’]s$/u, ""));
    if (/['’]s$/u.test(word)) break;
  }
  return kept.length > 0 ? kept.join(" ") : undefined;
}

/**
 * A name as a key segment: an ASCII name as a slug (`anna_lee`, at most 24 characters), any
 * other as `h` and eight hex digits of its hash, the same on every call.
 */
export function nameSegment(name: string): string {
  const folded = name.normalize("NFKD").replace(/\p{M}/gu, "");
  const slug = folded
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|(?<!_)_+$/g, "");
  // The slug says the whole name only when nothing but ASCII was left to fold and it is short;
  // otherwise a hash of the full name keeps "Łukasz" and "Żukasz" (or two long names) apart.
  const lossless = /^[\x20-\x7e]*$/u.test(folded);
  if (slug.length > 0 && lossless && slug.length <= 24) return slug;
  const hash = createHash("sha256").update(name.normalize("NFC")).digest("hex").slice(0, 8);
  if (slug.length === 0 || /\p{Script=Han}/u.test(name)) return `h${hash}`;
  return `${slug.slice(0, 15).replace(/(?<!_)_+$/u, "")}_h${hash}`;
}

// What may stand before the subject of a clause: fillers and times ("Last year my colleague…",
// 上周我同事…), nothing that is a verb of the speaker's.
const EN_LEAD = new RegExp(
  `^(?:and|but|so|also|oh|well|actually|btw|by the way|anyway|yesterday|today|tonight|recently|lately|` +
    `last (?:week|month|year|night|weekend)|this (?:week|month|year|morning)|` +
    String.raw`\d{1,3} (?:days?|weeks?|months?|years?) ago)[,\s]{1,4}`,
  "iu",
);
const ZH_LEAD = new RegExp(
  `^(?:上周|上个月|上星期|去年|前年|昨天|今天|前天|最近|刚才|刚刚|其实|对了|另外|还有|而且|但是|不过|听说|` +
    String.raw`\d{1,2}月\d{1,2}[日号]|上午|下午|晚上|早上)[，,\s]{0,2}`,
  "u",
);

/** Whether only fillers and times (at most a few) stand before a clause's subject. */
function onlyLeadIn(before: string): boolean {
  let rest = before.trim();
  for (let i = 0; i < 6 && rest.length > 0; i++) {
    const lead = EN_LEAD.exec(rest) ?? ZH_LEAD.exec(rest) ?? /^[，,]/u.exec(rest);
    if (!lead) return false;
    rest = rest.slice(lead[0].length).trim();
  }
  return rest.length === 0;
}

/**
 * The mention that is the clause's subject: the first one, when only fillers or times stand
 * before it ("My colleague Anna moved…", 上周我同事小王…). Undefined when the speaker is the
 * subject ("I had lunch with my colleague Anna") or no one else is named.
 * @example
 * subjectOf("My colleague Anna moved to Boston", entityMentions("My colleague Anna moved to Boston"))?.key; // "colleague.anna"
 * subjectOf("I had lunch with my colleague Anna", entityMentions("I had lunch with my colleague Anna"));  // undefined
 */
export function subjectOf(text: string, mentions: readonly EntityMention[]): EntityMention | undefined {
  const first = mentions[0];
  if (!first) return undefined;
  return onlyLeadIn(text.slice(0, first.index)) ? first : undefined;
}

/** Relations a key may open with: entity keys are `<relation>[.<name>].<attribute>`. */
export const ENTITY_RELATIONS: ReadonlySet<string> = new Set([...RELATIONS.map((r) => r.slug), "person", "named"]);

/** Relations whose keys always carry a name: `project.codename` is the user's own project's. */
const NAMED_ONLY = new Set(["project", "person", "named"]);

/** The entity a key is about (`colleague.anna`, `sister`), or undefined for the speaker's own. */
export function keyEntity(semanticKey: string): string | undefined {
  const segments = semanticKey.split(".");
  const relation = segments[0]!;
  if (!ENTITY_RELATIONS.has(relation)) return undefined;
  if (segments.length >= 3) return `${relation}.${segments[1]}`;
  return segments.length === 2 && !NAMED_ONLY.has(relation) ? relation : undefined;
}

/**
 * Whether two entities are one: the same relation and name, or a bare name (`person.anna`,
 * `named.orion`) against a named relation with that name (`project.orion`) or a name that adds
 * a surname to it (`colleague.anna_lee`).
 */
export function sameEntity(a: string | undefined, b: string | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const [ra, na] = a.split(".");
  const [rb, nb] = b.split(".");
  const bare = (relation: string | undefined) => relation === "person" || relation === "named";
  if (!na || !nb || (!bare(ra) && !bare(rb))) return false;
  // "Anna" and "Anna Lee" are one person; "Apollo" and "Apollo 11" are not one thing.
  const extends_ = (long: string, short: string) =>
    long.startsWith(`${short}_`) && /^[a-z]+(?:_[a-z]+)*$/u.test(long.slice(short.length + 1));
  return na === nb || extends_(na, nb) || extends_(nb, na);
}
