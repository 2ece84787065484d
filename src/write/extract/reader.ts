/**
 * Reading one unit of speech: the one algorithm both languages follow, over a per-language
 * {@link LanguageReader} that knows the words (fillers, subjects, tense, preference verbs,
 * entity patterns, how to say it in the third person).
 *
 * The order is the rule-layer order of seed 001 §5.1: drop what carries nothing (small talk,
 * questions, reactions, passing moods, a lone adverbial), read the write signals (explicit
 * marker, convention, transient, one-off), decide whether the clause is about the speaker, an
 * instruction, or someone else's news at all, drop requests to the listener, split a listed
 * preference into one reading per object, and read entity attributes.
 */
import { tokenize } from "../../text/tokenizer.js";
import { ONE_OFF, transientIn } from "../cues.js";
import { readAttribute } from "./attributes.js";
import { particularSubject, readClaim } from "./claim.js";
import { findTimeMentions, type TimeMention } from "./dates.js";
import { type DimensionReading, opensWithSomeoneElse, readDimension } from "./dimensions.js";
import { findTerms, isWorldEntity, objectTerms } from "./keys.js";
import {
  EXPLICIT,
  isQuestion,
  isSmallTalk,
  type Language,
  MOOD,
  PERSONAL,
  PROCEDURE,
  REACTION,
  REMINDER,
  SELF_STATED,
  TRAIT,
} from "./markers.js";
import { dueMention, MAX_LIST_ITEMS, type ReadContext, type UnitReading } from "./rules.js";
import { bare, type Unit } from "./segment.js";
import { entityMentions } from "./subject.js";

export type Perspective = ReadContext["perspective"];
export type Preference = NonNullable<UnitReading["preference"]>;
export type Entity = NonNullable<UnitReading["entity"]>;

/** An attribute pattern and how its match becomes a key and value (undefined: not after all). */
export type EntityPattern = readonly [RegExp, (match: RegExpExecArray) => Entity | undefined];

/** How a clause addresses the listener, as the language says it. */
export interface ClauseShape {
  /** The speaker is the grammatical subject ("I …", 我…). */
  subjectFirst: boolean;
  /** An instruction to the listener ("Use SQLite for now", 快递请发顺丰). */
  instruction: boolean;
  /** Asking the listener for something now ("Can you …", 帮我…). */
  request: boolean;
  /** Between two people: asks the other person to do something now ("Send me pictures!"). */
  toListener: boolean;
}

/** What the algorithm has settled when the language rewrites the clause. */
export interface RewriteFacts {
  shape: ClauseShape;
  explicit: boolean;
  procedure: boolean;
  reminder: boolean;
  past: boolean;
  aboutOther: boolean;
  /** The clause's subject is an entity it names (claim.ts), not the speaker: said as a fact about it. */
  aboutEntity: boolean;
}

/** The words of one language; the algorithm in {@link readUnit} is shared. */
export interface LanguageReader {
  readonly language: Language;
  /**
   * How a clause opens a unit: its own text when the speaker is its subject, with the subject
   * restored when it states a new attribute ("…, live in Boston", 在腾讯上班), or undefined
   * when it continues the previous clause as detail of the same event.
   */
  opening(text: string, perspective: Perspective): string | undefined;
  /** The unit's text, cleaned (fillers, markers, vocatives, a leading time), and whether a marker led it. */
  prepare(unit: Unit, ctx: ReadContext): { text: string; marked: boolean };
  /** A clause that only frames the next one ("根据您之前的反馈", "According to your feedback"). */
  readonly adjunct: RegExp;
  /** The speaker (or, in an assistant's message, the user) is mentioned. */
  refersToSpeaker(text: string, perspective: Perspective): boolean;
  /** Whether a transient cue here scopes an instruction (between two people it may only narrate). */
  transientApplies(text: string, ctx: ReadContext): boolean;
  /** Told in the past tense. */
  isPast(text: string): boolean;
  shape(
    text: string,
    ctx: ReadContext,
    stated: { explicit: boolean; procedure: boolean; reminder: boolean },
  ): ClauseShape;
  preference(text: string, ctx: ReadContext, shape: ClauseShape): Preference | undefined;
  /** Someone else's news ("My sister moved to Boston", 她下个月结婚), with enough substance to keep. */
  aboutOther(text: string, ctx: ReadContext, times: readonly TimeMention[]): boolean;
  /** Grounds besides the speaker, markers and someone else's news for reading a clause at all. */
  otherGrounds(
    text: string,
    found: { times: readonly TimeMention[]; shape: ClauseShape; preference?: Preference },
  ): boolean;
  /** Whether `rest` is only what may stand between the objects of a listed preference ("和", ", and"). */
  isEnumerationGlue(rest: string): boolean;
  readonly entities: readonly EntityPattern[];
  /** An assistant's "you" read as the user's "I", so the user-centred attribute patterns apply. */
  toFirstPerson(text: string): string;
  /** The date is a start ("从明天起", "starting tomorrow"), not a due date. */
  startsLater(text: string, times: readonly TimeMention[]): boolean;
  /** The subject is someone of the speaker's ("my sister …", 我妹妹…). */
  subjectOther(text: string): boolean;
  /** Third person with absolute dates: 用户不吃香菜 / The user does not eat cilantro. */
  rewrite(text: string, times: readonly TimeMention[], ctx: ReadContext, facts: RewriteFacts): string;
}

/**
 * Read one unit. Nothing for small talk, questions, reactions, passing moods and requests to the
 * listener; several readings when a preference lists several objects (我不吃香菜和葱 → two).
 * @example
 * import { zhReader } from "./reader-zh.js";
 * declare const ctx: ReadContext;
 * readUnit(zhReader, { clauses: [{ text: "我不吃香菜", joiner: "" }], marked: false }, false, ctx);
 */
export function readUnit(
  reader: LanguageReader,
  unit: Unit,
  sentenceIsQuestion: boolean,
  ctx: ReadContext,
): UnitReading[] {
  const L = reader.language;
  const { text, marked } = reader.prepare(unit, ctx);
  if (text.length === 0 || isSmallTalk(text)) return [];
  const reminder = REMINDER[L].test(text);
  if ((sentenceIsQuestion || isQuestion(text, L)) && !reminder) return [];
  // A reaction's words ("the code", "your answer") in what the speaker asks to keep ("From now
  // on, …", "I prefer …") do not make it a comment on the conversation.
  const kept = marked || (ctx.perspective === "user" && EXPLICIT[L].test(text));
  if ((!kept && REACTION[L].test(text)) || MOOD[L].test(bare(text))) return [];
  if (unit.clauses.length === 1 && reader.adjunct.test(text)) return [];
  return readText(reader, text, marked, reminder, ctx, true);
}

// A short preface before a colon ("Note for later:", "Heads up:", 补充一下：) frames what follows.
const PREFACE = /^[^:：\n]{1,24}[:：]\s{0,4}(?=\S)/u;

function readText(
  reader: LanguageReader,
  text: string,
  marked: boolean,
  reminder: boolean,
  ctx: ReadContext,
  splitLists: boolean,
): UnitReading[] {
  const L = reader.language;
  const user = ctx.perspective === "user";
  const refersToSpeaker = reader.refersToSpeaker(text, ctx.perspective);
  const procedure = PROCEDURE[L].test(text);
  const oneOff = ONE_OFF[L].test(text);
  // "Room 202 is where the finance team sits", 柯文是我大学室友: a statement about someone or
  // something the clause names is a fact about the user's world, whatever its topic words. Its
  // "for now" (系统暂时是 Debian) dates a state of that thing; it scopes no instruction to a task.
  const claim = readClaim(text, L);
  // An instruction, a reminder or a convention is the user's own, whatever it names; a marker
  // ("Note for later: …") only says to keep what follows.
  const said = text.replace(PREFACE, "");
  const told =
    PROCEDURE[L].test(said) ||
    REMINDER[L].test(said) ||
    reader.shape(said, ctx, { explicit: false, procedure: false, reminder: false }).instruction;
  const aboutEntity = user && !told && isWorldEntity(claim) && claim.predicated;
  const transient =
    oneOff || (!procedure && !aboutEntity && transientIn(text, L) && reader.transientApplies(text, ctx));
  // A stated convention (我们约定 / we agreed) is as explicit as "remember".
  const explicit = marked || procedure || (user && EXPLICIT[L].test(text));
  const past = reader.isPast(text);
  const times = findTimeMentions(text, L, ctx.at, past ? "past" : undefined);
  const future = dueMention(times) !== undefined;
  const mentions = entityMentions(text);
  let shape = reader.shape(text, ctx, { explicit, procedure, reminder });
  let preference = reader.preference(text, ctx, shape);
  const instructed = preference ? undefined : instructedDimension(text, ctx, shape, past || mentions.length > 0);
  if (instructed) {
    // "Keep answers short", 回答简短点: an instruction about how to answer, whatever its words.
    preference = { verb: "prefer", negated: false, objectText: instructed.surface };
    shape = { ...shape, instruction: true };
  }
  const aboutOther = (!refersToSpeaker && user && reader.aboutOther(text, ctx, times)) || aboutEntity;
  const grounds =
    refersToSpeaker ||
    explicit ||
    procedure ||
    transient ||
    reminder ||
    aboutOther ||
    reader.otherGrounds(text, { times, shape, ...(preference ? { preference } : {}) });
  // A statement whose subject names something particular (吉他4班的开课时间是晚上7点, "Studio
  // E8 hosts the Friday demos") is the user's account of their world even when no rule reads its
  // shape: kept as said, under a key of its own words. One tied to this moment (今天下雨, "it's 101
  // degrees today") is a passing remark, not a standing fact.
  const plain =
    !grounds &&
    user &&
    !ctx.conversation &&
    claim?.predicated === true &&
    !shape.request &&
    !shape.instruction &&
    !times.some((t) => t.direction === "present" && !t.absolute) &&
    !transientIn(text, L)
      ? particularSubject(text, L)
      : undefined;
  if (!grounds && !plain) return [];
  if (shape.request && !reminder && !explicit && !future) return [];
  // Between two people a request ("Send me pictures!", 发我几张照片) is to the other person now.
  if (ctx.conversation && shape.toListener && !explicit && !procedure && !reminder) return [];

  if (preference && splitLists) {
    const items = objectTerms(findTerms(preference.objectText));
    const rest = items.reduce((s, m) => s.replace(m.surface, ""), preference.objectText);
    const oneTopic = new Set(items.map((m) => m.topic)).size === 1;
    if (items.length > 1 && items.length <= MAX_LIST_ITEMS && oneTopic && reader.isEnumerationGlue(rest)) {
      const at = text.lastIndexOf(preference.objectText);
      const end = at + preference.objectText.length;
      return items.flatMap((item) =>
        readText(reader, text.slice(0, at) + item.surface + text.slice(end), marked, reminder, ctx, false),
      );
    }
  }
  const firstPerson = user ? text : reader.toFirstPerson(text);
  // A present state of the subject ("Anna lives in Boston", "my locker number is 12"); a move told
  // in the past stays an event, keyed by the place it sets all the same (keys.ts).
  const entity = readEntity(reader.entities, firstPerson) ?? (past ? undefined : readAttribute(firstPerson));
  const ordinary = !(explicit || procedure || transient || reminder || future || preference || entity);
  if (ordinary && tokenize(text).length < 2) return [];
  // Seed 003 §5.1's bar for personality and moods is about the user; "Kasan moved to Kyoto and
  // loves it" says nothing of the user's character.
  const personal = !aboutEntity && PERSONAL[L].test(text);
  const reading: UnitReading = {
    source: text,
    content: reader.rewrite(text, times, ctx, {
      shape,
      explicit,
      procedure,
      reminder,
      past,
      aboutOther,
      aboutEntity: aboutEntity || plain !== undefined,
    }),
    times,
    past,
    explicit,
    procedure,
    transient,
    oneOff,
    personal,
    reminder,
    startsLater: reader.startsLater(text, times),
    ordinary,
    selfStated: personal && user && SELF_STATED[L].test(text) && !TRAIT[L].test(text),
    subjectOther: reader.subjectOther(text),
    aboutOther,
    aboutEntity: aboutEntity || plain !== undefined,
    ...(plain ? { plain } : {}),
    conversation: ctx.conversation === true,
  };
  if (preference) reading.preference = preference;
  if (entity) reading.entity = entity;
  return [reading];
}

/**
 * A dimension the assistant is told how to handle, in a clause that names it without a verb of
 * liking ("keep answers short", 回答简短点, "answers should be detailed"): not when it narrates
 * (past tense) or is about someone named, nor between two people, nor in a third person's words.
 */
function instructedDimension(
  text: string,
  ctx: ReadContext,
  shape: ClauseShape,
  narrated: boolean,
): DimensionReading | undefined {
  if (ctx.perspective !== "user" || ctx.conversation || narrated || (shape.subjectFirst && !shape.instruction))
    return undefined;
  if (opensWithSomeoneElse(text)) return undefined;
  const dimension = readDimension(text);
  return dimension?.dimension.instructable ? dimension : undefined;
}

/** The first entity pattern that matches and builds an attribute. */
function readEntity(patterns: readonly EntityPattern[], text: string): Entity | undefined {
  for (const [pattern, build] of patterns) {
    const match = pattern.exec(text);
    const entity = match ? build(match) : undefined;
    if (entity) return entity;
  }
  return undefined;
}
