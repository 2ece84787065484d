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
import { tagWords } from "../text/grammar.js";
import { detectLanguage, normalizeText, tokenize } from "../text/tokenizer.js";
import { namesIn, readClaim } from "../write/extract/claim.js";
import { findTimeMentions, mentionsTime } from "../write/extract/dates.js";
import { entityKeyParts, findTerms, keySubject, objectTerms } from "../write/extract/keys.js";
import { TOPICS } from "../write/extract/lexicon.js";
import { sameEntity } from "../write/extract/subject.js";
import { namesOtherThing } from "../write/scoring.js";
import { namesAsked, readNames, similar, telling } from "./asked-names.js";
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
 * 「ldap-21跑哪个系统？」) is about it: the memories that say the name come first, scored up by
 * {@link NAMED_WEIGHT}, each group in score order. Memories that only share the question's
 * other words ("跑哪个系统") follow, however close their wording. A name most memories say
 * (a speaker's) tells nothing and moves nothing.
 * @example
 * declare const ranked: Candidate<MemoryRecord>[];
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
  const names = telling([...said, ...readNames(query, ranked)], ranked);
  if (names.length === 0) return [...ranked];
  // A name few memories say (an id, a project) identifies them: each of them is about what is
  // asked, even one only its name reached. A name many say (a friend's, in a long conversation)
  // does not: only the memories the question's words reached count.
  const contents = ranked.map((c) => normalizeText(c.value.content));
  const few = new Set(names.filter((name) => contents.filter((c) => c.includes(name)).length <= FEW_SAYING));
  return ranked
    .map((candidate) => {
      const content = normalizeText(candidate.value.content);
      // An answer the relation join reached through the named entity counts as naming it.
      const joined = (candidate.channels as Record<string, unknown>).relation !== undefined;
      const says = names.filter((name) => content.includes(name));
      return joined || (says.length > 0 && (similar(candidate) || says.some((name) => few.has(name))))
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

/** Not from a seed: at most this many candidates saying a name make it one that identifies them. */
const FEW_SAYING = 10;

/**
 * A system's record before the chat's word on the same thing: an inferred record (a business
 * state said in a chat, a model's inference) never ranks above a synced business fact it shares
 * two words with, one of them longer than a character (王总的合同已经签了 after 王总的合同状态：谈判中).
 * Must not move a synced fact about something else above it (it shares no such words).
 * @example
 * declare const ranked: Candidate<MemoryRecord>[];
 * systemFirst(ranked).map((c) => c.value.source.type); // ["system_sync", "inferred", …]
 */
export function systemFirst(ranked: readonly Candidate<MemoryRecord>[]): Candidate<MemoryRecord>[] {
  const out = [...ranked];
  const words = perRecord((record) => new Set(tokenize(record.content)));
  for (let k = 0; k < out.length; k++) {
    const word = out[k]!.value;
    if (word.source.type !== "inferred") continue;
    const said = words(word);
    const at = out.findIndex((c, j) => {
      if (j <= k || c.value.source.type !== "system_sync") return false;
      const shared = [...words(c.value)].filter((w) => said.has(w));
      return shared.length >= 2 && shared.some((w) => [...w].length > 1);
    });
    if (at < 0) continue;
    const [record] = out.splice(at, 1);
    out.splice(k, 0, record!);
  }
  return out;
}

/**
 * Ranked candidates with each entity's newer, changed or same-attribute memory moved right above
 * the older ones it competes with. Two memories are about one entity when their keys say so, or
 * when both say a name the question says (the question names what it asks about).
 * @example
 * import { rankCandidates, resolveRanking } from "./ranking.js";
 * declare const candidates: Candidate<MemoryRecord>[];
 * const options = { now: new Date(), ranking: resolveRanking(), channelCount: 2, depth: 30 };
 * const ordered = currentFirst(rankCandidates(candidates, options), "Where is parcel Y4929 now?");
 */
export function currentFirst(ranked: readonly Candidate<MemoryRecord>[], query = ""): Candidate<MemoryRecord>[] {
  const out = [...ranked];
  const asked = telling([...namesAsked(query), ...readNames(query, ranked)], ranked);
  const named = new Set(asked.flatMap((name) => tokenize(name)));
  const questionWords = tokenize(query).filter((word) => !named.has(word));
  const shared = perRecord((record: MemoryRecord): number => {
    const words = new Set(tokenize(record.content));
    return questionWords.filter((word) => words.has(word)).length;
  });
  const kind = askedKind(query);
  const gave = new Map<string, boolean>();
  const gives = (record: MemoryRecord) => {
    let known = gave.get(record.id);
    if (known === undefined) {
      known = kind !== undefined && givesKind(kind, record.content, asked);
      gave.set(record.id, known);
    }
    return known;
  };
  const classes = valueClassesAmong(ranked);
  const asks = new Set(tokenize(query));
  const otherAttribute = perRecord((record) => {
    const words = attributeWords(record);
    return words.length > 0 && words.every((word) => !asks.has(word));
  });
  const askedAttribute = perRecord((record) => attributeWords(record).some((word) => asks.has(word)));
  // The question names a class of things (数据库, "database"): a memory naming one of that class answers it.
  const askedClasses = classesAsked(query);
  const answersClass = perRecord((record) => [...classes(record)].some((key) => askedClasses.has(key)));
  const sameShape = (a: MemoryRecord, b: MemoryRecord, loose = false) => {
    const [x, y] = loose ? [looseShapeOf(a), looseShapeOf(b)] : [strictShape(a), strictShape(b)];
    return x !== undefined && x === y;
  };
  const changesFrom = (older: MemoryRecord, newer: MemoryRecord) =>
    formerValuesOfRecord(newer).some((was) => normalizedContent(older).includes(was));
  const observed = perRecord((record) => Date.parse(record.observedAt));
  const oneEntity = (a: MemoryRecord, b: MemoryRecord) => {
    // Both say the name the question asks about ("who leads 南渊": 邵露是南渊的主管 and
    // 周刚安已经接手南渊了, whatever names their subjects).
    const [ca, cb] = [normalizedContent(a), normalizedContent(b)];
    if (asked.some((name) => ca.includes(name) && cb.includes(name))) return true;
    const [x, y] = [entityOfRecord(a), entityOfRecord(b)];
    // "My boss's dog, Grillo, …" and "…, Vozion, …": one owner, two named things.
    return x !== undefined && y !== undefined && sameEntity(x, y) && !namesOtherThing(a.content, b.content);
  };
  // Bounded: each move places a candidate above one that ranked before it; at most n² looks.
  for (let j = 1; j < out.length; j++) {
    const newer = out[j]!;
    if (newer.value.status !== "active") continue;
    const at = out.findIndex((older, i) => {
      if (i >= j || older.value.status !== "active" || !(observed(older.value) < observed(newer.value))) return false;
      if (!oneEntity(older.value, newer.value)) return false;
      // The older gives what the question asks for (a time for 几点 / "when", a person for 谁 /
      // "who"): the newer competes exactly when it gives one too.
      if (kind && gives(older.value)) return gives(newer.value);
      // Answers the question at least half as well, by the question's own words besides the name.
      const [a, b] = [shared(older.value), shared(newer.value)];
      // Each reading below is asked for only where the outcome depends on it (some read the text).
      // A newer statement that says it changed competes unless the older one answers in more than a
      // word, or both name a thing of one class (鸿湾项目的数据存在PostgreSQL里, 鸿湾已经换成Redis了).
      const classed = once(() => sameClass(classes(older.value), classes(newer.value)));
      // A change naming no attribute of its own (迁到MongoDB了, "switched to Redis") to a value of
      // the older's shape changed what the older answers.
      const bare = () => bareChangeOf(newer.value) && sameShape(older.value, newer.value, true);
      const answers = () => answersClass(newer.value);
      // "从已发货变成已签收", "from shipped to delivered": the newer names the older's value as what it was.
      const from = once(() => changesFrom(older.value, newer.value));
      // A newer statement naming a thing of the class asked about, as the older one does, answers it too.
      const rival = () => classed() && answers();
      if (
        b < CURRENCY_RELEVANCE * a &&
        !from() &&
        !rival() &&
        !(saysChanged(newer.value) && (a <= 1 || classed() || bare() || answers()))
      )
        return false;
      if (from()) return true;
      if (classed() || sameAttribute(older.value, newer.value)) return true;
      // A newer statement naming an attribute the question does not say ("switched its lead to
      // …" under "which database"), where the older names one it does, set something else.
      if (otherAttribute(newer.value) && askedAttribute(older.value) && !answers()) return false;
      return sameShape(older.value, newer.value) || saysChanged(newer.value) || a === 0;
    });
    if (at < 0) continue;
    const [moved] = out.splice(j, 1);
    // It takes the older one's place: shown whenever that would be (named, above the relevance floor).
    const older = out[at]!;
    const named = moved!.named === true || older.named === true;
    out.splice(at, 0, {
      ...moved!,
      score: Math.max(moved!.score ?? 0, (older.score ?? 0) + 1e-9),
      ...(named ? { named } : {}),
    });
  }
  return out;
}

/**
 * The words by which a statement names what it sets: the attribute its subject phrase names
 * (负责人 of 雪航负责人改为老周) and the things its predicate names besides its values ("lead"
 * of "Vexa switched its lead to Tom"), as tokens. None for "Tolu switched to Redis", 鸿松项目现在改用MySQL.
 */
function readAttributeWords(record: MemoryRecord): string[] {
  const language = detectLanguage(record.content);
  const claim = claimOf(record);
  if (!claim) return [];
  const frame = new Set(claim.frame);
  const words = tagWords(record.content, language);
  // When it changed (上个月, "last week") says nothing of what changed.
  const times = findTimeMentions(record.content, language, new Date(0).toISOString());
  const inTime = (w: { start: number; end: number }) => times.some((t) => w.start < t.end && w.end > t.start);
  const naming = words.filter(
    (w, i) =>
      (frame.has(w.lemma) || frame.has(w.text)) &&
      w.pos !== "NUM" &&
      !inTime(w) &&
      // What follows a possessive is a thing, however the tagger reads it ("its lead").
      (NAMING_POS.has(w.pos) || POSSESSIVE.test(words[i - 1]?.text ?? "")),
  );
  return [...(claim.possessed ? [claim.possessed] : []), ...naming.map((w) => w.text)].flatMap((w) => tokenize(w));
}

/**
 * A change that names nothing of its own besides its value: every word of its predicate is a
 * verb, an adposition or a particle ("Tolu switched to Redis", 鸿松项目现在改用MySQL,
 * P3756从MySQL切换到了MongoDB).
 */
function bareChange(record: MemoryRecord): boolean {
  const claim = claimOf(record);
  return claim?.changed === true && claim.values.length > 0 && attributeWords(record).length === 0;
}
const POSSESSIVE = /^(?:its|their|his|her|my|our|your|the)$/iu;
const NAMING_POS = new Set(["NOUN", "PROPN", "ADJ", "NUM", "X"]);

/** 小福的新主人是…, "Kozo's new owner is …": an attribute named as new says it changed. */
const NEW_ATTRIBUTE = /的新\p{Script=Han}|(?:['’]s|\bits|\btheir|\bhis|\bher|\bthe)\s+new\b/iu;

/** "Update: C5943 is cancelled", 更新：…: a statement announced as a change. */
const UPDATE_LEAD = /^\s*(?:update|updated|更新)\s*[:：—–-]/iu;

/** What a question asks for, when its question word says: a time, a person, where (a place number) or how many. */
type AskedKind = "time" | "person" | "where" | "amount";

const ASKS_TIME = {
  zh: /几点|什么时间|什么时候|哪天|哪一天|几号|几月|周几|星期几|礼拜几|哪个周|哪个星期/u,
  en: /\b(?:when|what time|which day|what day|what date|which date)\b/iu,
};
const ASKS_PERSON = { zh: /谁/u, en: /\bwho(?:m|se)?\b/iu };
const ASKS_WHERE = { zh: /哪儿|哪里|在哪|哪个位置|哪个工位|哪个座位|哪间|哪个房间|几楼/u, en: /\bwhere\b/iu };
const ASKS_AMOUNT = {
  zh: /几岁|多大|多少|多高|多重|多长|几[个只位台辆本间口]/u,
  en: /\bhow (?:old|many|much|long|big|tall|heavy)\b/iu,
};
// A number, or a Chinese numeral with its measure word (三岁, 两只; not 一起, 十分).
const NUMBER = {
  zh: /\d|[一二两三四五六七八九十百千万]{1,6}(?:岁|个|只|位|年|月|周|天|元|块|斤|公斤|米|次|本|辆|台|间|层|口)/u,
  en: /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|dozen|hundred)\b/iu,
};

function askedKind(query: string): AskedKind | undefined {
  const language = detectLanguage(query);
  if (ASKS_TIME[language].test(query)) return "time";
  if (ASKS_PERSON[language].test(query)) return "person";
  if (ASKS_WHERE[language].test(query)) return "where";
  if (ASKS_AMOUNT[language].test(query)) return "amount";
  return undefined;
}

/** Whether a memory gives a value of the kind asked: a time, a place number, or a name besides the ones asked about. */
function givesKind(kind: AskedKind, content: string, asked: readonly string[]): boolean {
  const language = detectLanguage(content);
  if (kind === "time") return mentionsTime(content, language);
  // How many or how old, told by a number besides the names asked about (Rutora 12).
  if (kind === "amount") {
    const text = asked.reduce((left, name) => left.split(name).join(" "), normalizeText(content));
    const times = findTimeMentions(text, language, new Date(0).toISOString());
    return NUMBER[language].test(
      times.reduceRight((left, t) => `${left.slice(0, t.start)} ${left.slice(t.end)}`, text),
    );
  }
  // Where, told by a number: 17楼27号, A-127, "Room 5B", "desk 12"; a time is not a place.
  if (kind === "where") {
    const left = asked.reduce((text, name) => text.split(name).join(" "), normalizeText(content));
    return /\d/u.test(left) && !mentionsTime(left, language);
  }
  return namesIn(content, language).some((name) => {
    const said = normalizeText(name);
    return !/\d/u.test(said) && !asked.some((a) => a.includes(said) || said.includes(a));
  });
}

function entityOf(record: MemoryRecord): string | undefined {
  return entityKeyParts(record.key)?.entity ?? keySubject(record.key).entity;
}

function sameAttribute(a: MemoryRecord, b: MemoryRecord): boolean {
  const [x, y] = [entityKeyParts(a.key), entityKeyParts(b.key)];
  return x !== undefined && y !== undefined && x.attribute === y.attribute;
}

/**
 * The kind of a record's value: amount, time, id, name, Chinese word ("5233元" and "4900元",
 * "NixOS" and "openSUSE Leap 15" share one). Said of one entity in answer to one question, two
 * values of one kind are two versions of one attribute. `loose`: a name is a name in either
 * script (达梦 and PolarDB), an id among them, and the value is read from the clause where the
 * record keeps none.
 */
function valueShape(record: MemoryRecord, loose: boolean): string | undefined {
  const value = statedValue(record, loose);
  if (value === undefined) return undefined;
  const shape = shapeOf(value);
  return loose && (shape === "han" || shape === "name" || shape === "id") ? "word" : shape;
}

/** A record's value, or (`read`) the last of its values that is not a time, read from its clause where it keeps none. */
function statedValue(record: MemoryRecord, read: boolean): string | undefined {
  if (typeof record.value === "string") {
    if (!read) return record.value;
    // "上个月, PolarDB": when is not what.
    const parts = record.value.split(/,\s*/u).filter((part) => !mentionsTime(part, detectLanguage(part)));
    return parts.at(-1) ?? record.value;
  }
  return read ? claimOf(record)?.values.at(-1) : undefined;
}

// The lexicon's classes (`tool.database`) by the word that names the class (database, 数据库).
const CLASS_BY_WORD = (() => {
  const keys = new Set(TOPICS.flatMap((t) => t.terms.flatMap((term) => (term.key ? [term.key] : []))));
  const out = new Map<string, string>();
  for (const t of TOPICS)
    for (const term of t.terms) {
      const key = [...keys].find((k) => k.split(".").at(-1) === term.slug);
      if (key) for (const word of [...term.zh, ...term.en]) out.set(word.toLowerCase(), key);
    }
  return out;
})();

/** The classes a question names by their word ("Which database …", 哪个数据库): `tool.database`. */
function classesAsked(query: string): Set<string> {
  const out = new Set<string>();
  for (const m of objectTerms(findTerms(query))) {
    const key = CLASS_BY_WORD.get(m.surface.toLowerCase());
    if (key) out.add(key);
  }
  return out;
}

/** `read` of a record, worked out once per record id. */
/**
 * `read` of a record, kept while the record object lives: records are never changed in place (a
 * store snapshot is frozen), so what their text says is read once across recalls, not per pair.
 */
function stable<T>(read: (record: MemoryRecord) => T): (record: MemoryRecord) => T {
  const known = new WeakMap<MemoryRecord, T>();
  return (record) => {
    if (known.has(record)) return known.get(record) as T;
    const value = read(record);
    known.set(record, value);
    return value;
  };
}

const claimOf = stable((record) => readClaim(record.content, detectLanguage(record.content)));
const attributeWords = stable(readAttributeWords);
const bareChangeOf = stable(bareChange);
const normalizedContent = stable((record) => normalizeText(record.content));
const strictShape = stable((record) => valueShape(record, false));
const looseShapeOf = stable((record) => valueShape(record, true));
const formerValuesOfRecord = stable(formerValuesOf);
const entityOfRecord = stable(entityOf);
const valueClassesOf = stable(valueClasses);
/** The statement says it changed: 更新：…, a claim read as a change, "its new …". */
const saysChanged = stable((record) => {
  const claim = claimOf(record);
  return UPDATE_LEAD.test(record.content) || claim?.changed === true || NEW_ATTRIBUTE.test(record.content);
});

/** A value computed on first use, then kept. */
function once<T>(read: () => T): () => T {
  let known: { value: T } | undefined;
  return () => {
    known ??= { value: read() };
    return known.value;
  };
}

function perRecord<T>(read: (record: MemoryRecord) => T): (record: MemoryRecord) => T {
  const known = new Map<string, T>();
  return (record) => {
    if (!known.has(record.id)) known.set(record.id, read(record));
    return known.get(record.id) as T;
  };
}

/** The classes of the things a statement names that the lexicon knows (PostgreSQL: `tool.database`). */
function valueClasses(record: MemoryRecord): Set<string> {
  return new Set(objectTerms(findTerms(record.content)).flatMap((m) => (m.term.key ? [m.term.key] : [])));
}

/**
 * The classes of the things each candidate names, and of those its siblings name: values held by
 * one attribute of one entity are of one class, so "P4425用的是Doris" is about a database when
 * "P4425用的是TiDB" is, though the lexicon does not know Doris.
 */
function valueClassesAmong(ranked: readonly Candidate<MemoryRecord>[]): (record: MemoryRecord) => Set<string> {
  const slot = (record: MemoryRecord) => {
    const parts = entityKeyParts(record.key);
    return parts && parts.value !== undefined ? `${parts.entity}.${parts.attribute}` : undefined;
  };
  const bySlot = new Map<string, Set<string>>();
  for (const { value } of ranked) {
    const key = slot(value);
    if (key === undefined) continue;
    const classes = bySlot.get(key) ?? new Set<string>();
    for (const c of valueClassesOf(value)) classes.add(c);
    bySlot.set(key, classes);
  }
  return perRecord((record) => {
    const key = slot(record);
    return new Set([...valueClassesOf(record), ...(key === undefined ? [] : (bySlot.get(key) ?? []))]);
  });
}

// What a change says it was: 从已发货变成…, 由MySQL迁到…, "from shipped to delivered".
const CHANGED_FROM =
  /(?:从|由)([^，。,；;\s]{1,12}?)(?:变成|变为|改成|改为|换成|换为|迁到|切到|转到|到)|\bfrom ([\w-]+(?: [\w-]+)?) to\b/giu;

/** What a statement says it changed from (从…变成, "from … to"): a newer one naming an older one's value changed it. */
function formerValuesOf(newer: MemoryRecord): string[] {
  const out: string[] = [];
  for (const match of newer.content.matchAll(CHANGED_FROM)) {
    const was = normalizeText(match[1] ?? match[2] ?? "");
    if ([...was].length >= 2) out.push(was);
  }
  return out;
}

/**
 * Two statements naming a thing of one class (PostgreSQL and Redis are both databases; Docker is
 * infrastructure, not one of them).
 */
function sameClass(x: ReadonlySet<string>, y: ReadonlySet<string>): boolean {
  return [...x].some((key) => y.has(key));
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
  // A capital anywhere in one run of letters and digits: ClickHouse, openGauss, iPhone 15.
  if (/^\p{Lu}/u.test(text) || (/^[\p{L}\d][\p{L}\d .+-]*$/u.test(text) && /\p{Lu}/u.test(text))) return "name";
  return undefined;
}
