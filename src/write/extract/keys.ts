/**
 * Memory keys and retrieval hints from the topic lexicon (seed 000 §"存什么": key is the
 * mergeable semantic key; seed 003 §3.4: retrieval hints bridge phrasing gaps).
 *
 * Keys follow MemoryKeySchema (dotted lowercase). Preferences are keyed by what they are about
 * so that a change of mind lands on the same key: 我爱吃苹果 and 我这阵子不吃苹果了 are both
 * `food.apple` (polarity lives in `positive`, not in the key), 我喜欢喝咖啡 is `food.coffee`
 * (same `food` dimension, another object) and 我偏好华为手机 is `device.phone`.
 */
import { createHash } from "node:crypto";
import { RecentLists } from "../../recent.js";
import type { MemoryKind } from "../../schema.js";
import { escapeRegExp, wordList } from "../../text/patterns.js";
import { detectLanguage, normalizeText, tokenize } from "../../text/tokenizer.js";
import { readAttribute } from "./attributes.js";
import { type Claim, isChangeWord, readClaim } from "./claim.js";
import { dimensionOfKey, opensWithSomeoneElse, readDimension } from "./dimensions.js";
import { type LexiconTerm, TOPICS, type Topic } from "./lexicon.js";
import { ENTITY_RELATIONS, entityMentions, keyEntity, nameSegment, sameEntity, subjectOf } from "./subject.js";

export interface TermMatch {
  topic: Topic;
  /** Undefined for a cue (吃, 快递, reply) that names the topic but no object. */
  term?: LexiconTerm;
  /** The text as it appeared. */
  surface: string;
  index: number;
}

interface Entry {
  topic: Topic;
  term?: LexiconTerm;
}

const HAN = /\p{Script=Han}/u;
// Single Chinese characters anchor only after these (吃葱, 喝茶, 养猫, 一只猫, 香菜和葱).
const SINGLE_CHAR_ANCHORS = new Set(["吃", "喝", "养", "只", "条", "和", "、", "与", "或", "也"]);

const zhEntries = new Map<string, Entry>();
const enEntries = new Map<string, Entry>();
for (const topic of TOPICS) {
  const add = (surface: string, entry: Entry): void => {
    const isZh = HAN.test(surface);
    const map = isZh ? zhEntries : enEntries;
    const normalized = isZh ? surface : surface.toLowerCase();
    if (!map.has(normalized)) map.set(normalized, entry);
  };
  for (const term of topic.terms) for (const surface of [...term.zh, ...term.en]) add(surface, { topic, term });
  for (const cue of [...topic.cues.zh, ...topic.cues.en]) add(cue, { topic });
}

const byLength = (a: string, b: string): number => b.length - a.length;
const ZH_TERMS = new RegExp([...zhEntries.keys()].sort(byLength).map(escapeRegExp).join("|"), "g");
const EN_TERMS = new RegExp(
  `(?<![\\w-])(?:${[...enEntries.keys()].sort(byLength).map(escapeRegExp).join("|")})(?![\\w-])`,
  "gi",
);

// One text is scanned several times per write (its message, its sentences, its key, its hints):
// the last few scans are reused. Bounded, so memory stays flat; the matches are shared, so frozen.
const RECENT_TERMS = new RecentLists<TermMatch>(512);

/**
 * Every lexicon term and topic cue in `text`, in order of appearance. Both languages are
 * scanned, so mixed text ("I like 咖啡") still finds its topic.
 * @example
 * findTerms("我不吃香菜").map((m) => [m.topic.name, m.term?.slug]); // [["food", "cilantro"]]
 */
export function findTerms(text: string): TermMatch[] {
  return RECENT_TERMS.get(text, () => scanTerms(text));
}

function scanTerms(text: string): TermMatch[] {
  const matches: TermMatch[] = [];
  for (const match of text.matchAll(ZH_TERMS)) {
    const surface = match[0];
    const index = match.index;
    if (surface.length === 1 && !SINGLE_CHAR_ANCHORS.has(text[index - 1] ?? "")) continue;
    matches.push({ ...zhEntries.get(surface)!, surface, index });
  }
  for (const match of text.matchAll(EN_TERMS)) {
    matches.push({ ...enEntries.get(match[0].toLowerCase())!, surface: match[0], index: match.index });
  }
  return matches.sort((a, b) => a.index - b.index);
}

/** Names a relative or a pet (family and pet topics of the lexicon). */
export function isFamilyTerm(text: string): boolean {
  return findTerms(text).some((m) => m.term !== undefined && (m.topic.name === "family" || m.topic.name === "pet"));
}

/** Object terms only (no cues), in order. */
export function objectTerms(matches: readonly TermMatch[]): Array<TermMatch & { term: LexiconTerm }> {
  return matches.filter((m): m is TermMatch & { term: LexiconTerm } => m.term !== undefined);
}

/** The dominant match: highest topic priority, a named object over a bare cue, then earliest. */
export function mainMatch(matches: readonly TermMatch[]): TermMatch | undefined {
  let best: TermMatch | undefined;
  const weight = (m: TermMatch): number => m.topic.priority + (m.term ? 0.5 : 0);
  for (const match of matches) if (!best || weight(match) > weight(best)) best = match;
  return best;
}

const FIXED_KEYS = new Set(
  TOPICS.flatMap((t) => [
    ...(t.preferenceKey === "object" ? [] : [t.preferenceKey]),
    ...t.terms.flatMap((term) => (term.key ? [term.key] : [])),
  ]),
);
const OBJECT_TOPICS = new Set(TOPICS.filter((t) => t.preferenceKey === "object").map((t) => t.name));

/**
 * A preference key naming one object of a topic (`food.apple`, `food.t1a2b3c4d`), as opposed to
 * a topic's single dimension (`communication.channel`, `reply.length`).
 */
export function isObjectKey(key: string): boolean {
  const segments = withoutSpeaker(key).split(".");
  return segments.length === 2 && OBJECT_TOPICS.has(segments[0]!) && !FIXED_KEYS.has(key);
}

/** The key of a preference about `match`: `food.cilantro`, `communication.channel`, `device.phone`. */
export function preferenceKeyOf(match: TermMatch, objectText: string): string {
  if (match.term?.key) return match.term.key;
  if (match.topic.preferenceKey !== "object") return match.topic.preferenceKey;
  return `${match.topic.name}.${match.term ? match.term.slug : segmentOf(objectText)}`;
}

/**
 * `<kind>.<topic>[.<object>]` for memories that are not keyed preferences or known attributes:
 * `procedure.database.migration`, `episode.health.support_group`, `todo.work.report`.
 * Without any lexicon match the last segment comes from the text itself.
 */
export function kindKeyOf(kind: MemoryKind, matches: readonly TermMatch[], text: string): string {
  const main = mainMatch(matches);
  if (!main) return `${kind}.${segmentOf(text)}`;
  const term = main.term ?? objectTerms(matches).find((m) => m.topic === main.topic)?.term;
  return term && term.slug !== main.topic.name
    ? `${kind}.${main.topic.name}.${term.slug}`
    : `${kind}.${main.topic.name}`;
}

/**
 * A key qualified by its speaker (`work.role.p_priya`): in a conversation two people's
 * attributes share a scope, and recall keeps one value per key, so "Oskeli is a nurse" and
 * "Tavimo is a teacher" must not be two values of one `work.role`.
 */
export function speakerKey(key: string, speaker: string): string {
  const ascii = speaker
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|(?<!_)_+$/g, "")
    .slice(0, 24);
  const slug = ascii.length > 0 ? ascii : createHash("sha256").update(speaker).digest("hex").slice(0, 8);
  return `${key}.p_${slug}`.slice(0, 128);
}

/** `speakerKey` undone: the semantic key without its speaker segment. */
export function withoutSpeaker(key: string): string {
  return key.replace(/\.p_[a-z0-9_]+$/u, "");
}

/**
 * The key of one ordinary statement: its `<kind>.<topic>[.<object>]` plus a segment of its own
 * words (`fact.family.brother.dev_got`), for kinds whose key holds a single value.
 */
export function statementKeyOf(kind: MemoryKind, matches: readonly TermMatch[], text: string): string {
  const base = kindKeyOf(kind, matches, text);
  if (!mainMatch(matches)) return base;
  const rest = matches.reduce((t, m) => t.replace(m.surface, " "), text);
  return `${base}.${segmentOf(rest)}`;
}

/**
 * The key of a statement kept as said: the named thing's (`named.e8.said.t1a2b3c4d`) or, when its
 * subject is a number or a time, its own (`said.t1a2b3c4d`). The hash is of the whole statement:
 * two statements share a key only when they say the same thing.
 * @example
 * plainKeyOf({ text: "E8", named: true }, "Studio E8 hosts the Friday demos"); // "named.e8.said.t…"
 */
export function plainKeyOf(subject: { text: string; named: boolean }, text: string): string {
  const hash = `t${createHash("sha256").update(normalizeText(text).trim()).digest("hex").slice(0, 8)}`;
  return subject.named ? `named.${nameSegment(subject.text).slice(0, 40)}.said.${hash}` : `said.${hash}`;
}

/** Whether a key is a statement kept as said (`plainKeyOf`). */
export function isPlainKey(key: string): boolean {
  return /(?:^|\.)said\.t[0-9a-f]{8}(?:\.|$)/u.test(key);
}

// Letters and digits in one word, with its dashes: an id (TQ-112, INV-20931, P1992, db-prod-39-us).
const ID_IN_TEXT = /(?<![\w-])(?=[A-Za-z0-9-]{0,60}\d)[A-Za-z][A-Za-z0-9]{0,15}(?:-[A-Za-z0-9]{1,15}){0,5}(?![\w-])/u;

// Words that say how, not what: a key named after them ("always_run") would merge unrelated rules.
const SEGMENT_NOISE = new Set(
  (
    "user users assistant team their alway always never every each all run use make must should need first before after then " +
    "please remember note instruction request agreed agree want like love prefer hate dislike"
  ).split(" "),
);

/**
 * One key segment for text the lexicon does not know: up to two ASCII keywords
 * ("make gen" → `make_gen`), else a short stable hash so equal text gets an equal key.
 */
export function segmentOf(text: string): string {
  // An id names the statement's thing whole (TQ-112 is not TQ-130): it leads the segment.
  const id = ID_IN_TEXT.exec(text)?.[0];
  if (id) return nameSegment(id).slice(0, 40);
  const words = tokenize(text)
    .map((w) => w.replace(/[^a-z0-9]+/g, "_").replace(/^_+|(?<!_)_+$/g, ""))
    .filter((w) => w.length > 1 && !SEGMENT_NOISE.has(w) && !/^\d+$/.test(w));
  if (words.length > 0) return words.slice(0, 2).join("_").slice(0, 40);
  return `t${createHash("sha256").update(text.trim()).digest("hex").slice(0, 8)}`;
}

/**
 * A few alternative phrasings for recall (seed 003 §3.4): for every lexicon term in `content`
 * its synonyms in the other language first (香菜 → cilantro, coriander), then in its own, then
 * the topic's label in the other language. Hints already in the content are skipped. `from`
 * names the text to look for terms in when it differs from the content (the words the user
 * said, not the 用户及其团队 the rewrite added).
 * @example
 * retrievalHintsFor("用户不吃香菜", "zh"); // ["cilantro", "coriander", "芫荽", "food"]
 */
export function retrievalHintsFor(
  content: string,
  language: "zh" | "en",
  options: { from?: string; limit?: number } = {},
): string[] {
  const limit = options.limit ?? 8;
  const lower = content.toLowerCase();
  const hints: string[] = [];
  const add = (hint: string): void => {
    if (hints.length < limit && !hints.includes(hint) && !lower.includes(hint.toLowerCase())) hints.push(hint);
  };
  const matches = findTerms(options.from ?? content);
  for (const match of objectTerms(matches)) {
    const [other, own] = language === "zh" ? [match.term.en, match.term.zh] : [match.term.zh, match.term.en];
    for (const hint of other.slice(0, 2)) add(hint);
    for (const hint of own.slice(0, 2)) add(hint);
  }
  const main = mainMatch(matches);
  if (main) add(language === "zh" ? main.topic.label.en : main.topic.label.zh);
  return hints;
}

const KINDS = new Set(["preference", "fact", "episode", "procedure", "todo", "business_fact"]);
/** Kinds that state a current value (a dimension's value is a state, an event's is not). */
const STATE_KINDS = new Set(["preference", "fact"]);
// Segments that only repeat whom a key is about (`fact.family.sister.blue` about the sister).
const RELATION_TOPICS = new Set(["family", "team", "pet", "project", "people"]);
const MAX_KEY = 128;

/** What a key is built from: a draft's kind, rule key, the words as said, and its value. */
export interface KeyDraft {
  kind: MemoryKind;
  key: string;
  source: string;
  value?: string | number | boolean;
}

/**
 * The key of a memory, naming whom it is about and which dimension it sets:
 * - about someone else, `<relation>[.<name>].<attribute>`: "My colleague Anna moved to Boston" →
 *   `colleague.anna.location`, 我的朋友王晓明喜欢攀岩 → `friend.h….<object>`, "Our project Atlas
 *   uses PostgreSQL" → `project.atlas.database` (value `PostgreSQL`);
 * - the speaker's own value of a known dimension, its key: "keep answers short" → `reply.length`;
 * - the speaker's own event with someone named, the event's kind and them: 我约了郑晓明医生 →
 *   `todo.doctor.h…`, so two appointments with different people never share a key;
 * - otherwise the rule's key.
 * `dimensions: false` keeps a key that already names its dimension (a model's own choice); two
 * wordings of one dimension are still related by what they say (classify.ts).
 * @example
 * keyFor({ kind: "fact", key: "fact.tool.postgres", source: "Our project Atlas uses PostgreSQL" });
 * // { key: "project.atlas.database", value: "PostgreSQL" }
 */
export function keyFor(
  draft: KeyDraft,
  options: { dimensions?: boolean } = {},
): { key: string; value?: string | number | boolean } {
  const keep = draft.value === undefined ? { key: draft.key } : { key: draft.key, value: draft.value };
  if (keyEntity(withoutSpeaker(draft.key))) return keep;
  // Where someone lives, a possessive attribute: told as a state or as the move that set it.
  // A value the rules read already came with its key (identity.name, contact.phone).
  const attribute =
    draft.value === undefined && (draft.kind === "fact" || draft.kind === "episode")
      ? readAttribute(draft.source)
      : undefined;
  if (attribute) return withValue(bounded(attribute.key), attribute.value);
  const mentions = entityMentions(draft.source);
  const subject = subjectOf(draft.source, mentions);
  const claim = readClaim(draft.source, detectLanguage(draft.source));
  const claimed = claim ? claimKey(claim) : undefined;
  // An entity the grammar finds and the relation patterns do not ("Room 202 …", 订单 A1001 的…,
  // 柯文是…), or the same one read with its full name: keyed by what the clause names.
  if (claimed && !subject) return withValue(claimed.key, draft.value ?? claimed.value);
  const state = STATE_KINDS.has(draft.kind);
  const dimension =
    state && options.dimensions !== false && !opensWithSomeoneElse(draft.source)
      ? readDimension(draft.source)
      : undefined;
  if (subject) {
    const outside = [draft.source.slice(0, subject.index), draft.source.slice(subject.end)].join(" ");
    const fixed = state ? objectTerms(findTerms(outside)).find((m) => m.term.key) : undefined;
    // Neither a dimension nor a known attribute: the grammar's attribute of the same entity.
    if (!dimension && !fixed && claimed && sameEntity(subject.key, claimed.entity))
      return withValue(claimed.key, draft.value ?? claimed.value);
    const attr = dimension
      ? dimension.dimension.key.replaceAll(".", "_")
      : fixed
        ? fixed.term.key!.split(".").at(-1)!
        : attributeOf(draft.kind, draft.key, subject.relation);
    const value = draft.value ?? dimension?.surface ?? fixed?.surface;
    return withValue(bounded(`${subject.key}.${attr}`), value);
  }
  // A key naming a thing the lexicon knows (food.meat, food.vegetarian) stays that thing's: the
  // dimension still relates it to other wordings by what it says (classify.ts).
  if (dimension && !isObjectKey(draft.key)) return withValue(dimension.dimension.key, draft.value ?? dimension.surface);
  const object = mentions[0];
  const fallback = draft.key.split(".")[0] === draft.kind;
  if (object && fallback && !STATE_KINDS.has(draft.kind))
    return withValue(bounded(`${draft.kind}.${object.key}`), draft.value);
  return keep;
}

/** The rule key's words that say what, not whom: `episode.team.colleague` about a colleague is `episode`. */
function attributeOf(kind: MemoryKind, key: string, relation: string): string {
  const segments = withoutSpeaker(key)
    .split(".")
    .filter((s, i) => !(i === 0 && KINDS.has(s)) && s !== relation && !RELATION_TOPICS.has(s));
  return segments.length > 0 ? segments.join("_") : kind;
}

function withValue(key: string, value: string | number | boolean | undefined) {
  return value === undefined ? { key } : { key, value };
}

/** At most MAX_KEY characters, cut at a segment boundary. */
function bounded(key: string): string {
  if (key.length <= MAX_KEY) return key;
  const cut = key.slice(0, MAX_KEY);
  return cut.slice(0, cut.lastIndexOf("."));
}

/**
 * Whom a stored key is about: the entity it opens with (`colleague.anna`), and the speaker of a
 * conversation it was said by (`p_priya`). Two memories about different subjects never relate.
 */
export function keySubject(key: string): { entity?: string; object?: string; speaker?: string } {
  const speaker = /\.(p_[a-z0-9_]{1,60})$/u.exec(key)?.[1];
  const semantic = withoutSpeaker(key);
  const entity = keyEntity(semantic);
  // The speaker's own event with someone named (`todo.doctor.h1a2b3c4d`): whom it is with.
  const [kind, relation, name] = semantic.split(".");
  const object =
    !entity && KINDS.has(kind!) && name && ENTITY_RELATIONS.has(relation!) ? `${relation}.${name}` : undefined;
  return { ...(entity ? { entity } : {}), ...(object ? { object } : {}), ...(speaker ? { speaker } : {}) };
}

/**
 * Keys that hold one value whatever the kind of statement set it: where the speaker or someone
 * else lives (a move is an event that sets it), and a dimension of the vocabulary.
 */
export function holdsOneValue(key: string): boolean {
  const semantic = withoutSpeaker(key);
  if (semantic === "location.home" || dimensionOfKey(semantic)) return true;
  return keyEntity(semantic) !== undefined && semantic.endsWith(".location");
}

// Words of a frame that say nothing of the attribute: possessives and pronouns ("its data").
const FRAME_NOISE = new Set(
  wordList(
    "its | their | his | her | my | our | your | it | they | them | there | he | she | 的 | 了 | 我 | 他 | 她 | 它",
  ),
);
const COPULAS = new Set(wordList("be | have | 是 | 为 | 叫 | 在"));
const CHANGE_LINKS = new Set(wordList("to | into | over | as | from | now | 了"));

/**
 * The key of a clause about an entity it names (claim.ts): `<relation>.<name>.<attribute>`, the
 * attribute being what the subject phrase names of it ("tech lead", 收货地址) or else the
 * predicate's words. A value is part of the key (`….v_<value>`) unless the text says the
 * attribute holds one value at a time: a named attribute stated with a copula ("Orion's tech
 * lead is Tom", 订单的配送城市是上海), a status ("Order A1001 was delivered"), or a stated
 * change ("now meets on Wednesdays"). Two statements about one entity with different values
 * then coexist rather than one replacing the other, unless the text settles it.
 * @example
 * claimKey(readClaim("Project P1992 stores its data in PostgreSQL", "en")!)?.key;
 * // "project.p1992.store_datum_in.v_postgresql"
 */
export function claimKey(claim: Claim): { key: string; entity: string; value?: string; single: boolean } | undefined {
  if (!isWorldEntity(claim)) return undefined;
  const { relation, name } = claim.entity;
  const entity = name ? `${relation}.${nameSegment(name)}` : relation;
  const frame = claim.frame.filter((w) => !FRAME_NOISE.has(w));
  // "The tech lead for Orion was changed to Ana": a change of the named attribute, said with a
  // change verb in place of the copula.
  const copular =
    frame.length > 0 &&
    frame.every((w) => COPULAS.has(w) || (claim.changed && (CHANGE_LINKS.has(w) || isChangeWord(w))));
  const status = copular && !claim.possessed && stateValue(claim);
  const words = claim.possessed
    ? copular || frame.length === 0
      ? [claim.possessed]
      : [claim.possessed, ...frame]
    : status
      ? ["status"]
      : frame;
  const attribute = attributeSegment(words);
  const single = (claim.possessed !== undefined && (copular || frame.length === 0)) || status || claim.changed;
  const value = claim.values.length > 0 ? claim.values.join(", ") : undefined;
  const key =
    single || value === undefined
      ? bounded(`${entity}.${attribute}`)
      : bounded(`${entity}.${attribute}.v_${nameSegment(value).slice(0, 32)}`);
  return { key, entity, single, ...(value !== undefined ? { value } : {}) };
}

/**
 * Whether a clause's subject is an entity of the user's world (a person, project, room, order …)
 * rather than a thing the topic lexicon knows as an object of taste or use ("WeChat is fine this
 * time", 微信就行): those are the speaker's preferences, read by the preference rules.
 */
export function isWorldEntity(claim: Claim | undefined): claim is Claim & { entity: NonNullable<Claim["entity"]> } {
  if (claim?.subject !== "entity" || !claim.entity) return false;
  const { name, relation } = claim.entity;
  // "my project": the speaker's own, keyed by the rules (`project.codename`), not an entity.
  if (name.length === 0) return !keyNeedsName(relation);
  if (relation !== "named") return true;
  const terms = objectTerms(findTerms(name));
  return !terms.some((m) => m.surface.length >= name.replace(/\s+/gu, "").length - 1);
}

function keyNeedsName(relation: string): boolean {
  return keyEntity(`${relation}.x`) === undefined;
}

/** "delivered", "closed", 已发货: a state word after a copula or auxiliary, not a thing. */
function stateValue(claim: Claim): boolean {
  return claim.values.length === 1 && /(?:ed|en)$|^(?:open|done|ready|late|due|paid|shipped)$/iu.test(claim.values[0]!);
}

/** An attribute as one key segment: ASCII words joined (`store_datum_in`), anything else hashed. */
function attributeSegment(words: readonly string[]): string {
  const text = words.join(" ").trim();
  if (text.length === 0) return "said";
  if (/^[a-z0-9 _-]+$/u.test(text)) {
    const slug = text
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|(?<!_)_+$/g, "")
      .split("_")
      .slice(0, 5)
      .join("_");
    if (slug.length > 0 && slug.length <= 40) return slug;
  }
  return nameSegment(text);
}

/**
 * A key of a statement about an entity, taken apart: the entity (`named.room_202`), the
 * attribute after it (`be_where_sit`) and the value segment when the key carries one
 * (`finance_team`). Undefined for a key that is not about an entity.
 * @example
 * entityKeyParts("named.chess_club.meet_on.v_tuesdays");
 * // { entity: "named.chess_club", attribute: "meet_on", value: "tuesdays" }
 */
export function entityKeyParts(key: string): { entity: string; attribute: string; value?: string } | undefined {
  const semantic = withoutSpeaker(key);
  const entity = keyEntity(semantic);
  if (!entity) return undefined;
  const rest = semantic.slice(entity.length + 1).split(".");
  const at = rest.findIndex((segment) => segment.startsWith("v_"));
  const attribute = (at >= 0 ? rest.slice(0, at) : rest).join(".");
  return at >= 0 ? { entity, attribute, value: rest[at]!.slice(2) } : { entity, attribute };
}
