/**
 * The language-independent half of rule extraction: given what the Chinese or English reader
 * saw in one unit of speech, decide the memory kind, key, polarity and admission signals.
 *
 * Kinds follow seed 001 §5.1 and seed 003 §3.3 in this order: conventions (procedure), one-off
 * exceptions, time-bound todos, preferences, entity–attribute facts, then what is left of
 * informative first-person speech: an episode when it happened at a time, else a fact.
 */

import type { MemoryKind } from "../../schema.js";
import { tagWords } from "../../text/grammar.js";
import type { MemoryCandidate } from "../candidate.js";
import { isTransient } from "../cues.js";
import { namesIn, type Particular } from "./claim.js";
import { clockOf, endOfDay, type TimeMention } from "./dates.js";
import {
  findTerms,
  kindKeyOf,
  mainMatch,
  objectTerms,
  plainKeyOf,
  preferenceKeyOf,
  statementKeyOf,
  type TermMatch,
} from "./keys.js";

export type Signals = NonNullable<MemoryCandidate["signals"]>;

/** The verb family of a preference statement. */
export type PreferenceVerb = "like" | "dislike" | "prefer" | "consume" | "use";

/** Topics whose objects a plain "use" (用 / use / 发 / 走) states a preference about. */
const USE_PREFERENCE_TOPICS = new Set(["communication", "shipping", "language", "reply"]);
/** Topics whose objects a plain "use" states a fact about (我用的是 Mac). */
const USE_FACT_TOPICS = new Set(["device", "tool"]);

export interface ReadContext {
  /** Message time: relative dates resolve against it. */
  at: string;
  /** Whose words: in a user message 我 is the user; in an assistant message 你 is. */
  perspective: "user" | "assistant";
  /** How the user is named in content: 用户, or the speaker's name. */
  label: string;
  /** Who "you" is in a user's message: 助手 / the assistant, or the other person of a conversation. */
  listener?: string;
  /** Two people talk to each other (not a user and an assistant): requests are to the other person. */
  conversation?: boolean;
  /** The people named in the batch (speakers), for telling a name from a capitalised word. */
  names?: readonly string[];
}

/** A preference listing more objects than this is pasted data, not a person's tastes: not split. */
export const MAX_LIST_ITEMS = 10;

/** What a language reader found in one unit (a clause and the clauses that continue it). */
export interface UnitReading {
  /** The unit as written, for topic matching. */
  source: string;
  /** Third person, relative dates resolved: 用户在 2024-04-29 那一周排查过一个 502. */
  content: string;
  times: TimeMention[];
  /** Told in the past tense (了/过, went, -ed): "today" then dates an episode, not a plan. */
  past: boolean;
  explicit: boolean;
  procedure: boolean;
  transient: boolean;
  oneOff: boolean;
  personal: boolean;
  reminder: boolean;
  /** True when the future date is a start ("从明天起", "starting tomorrow"), not a due date. */
  startsLater: boolean;
  preference?: { verb: PreferenceVerb; negated: boolean; objectText: string };
  entity?: { key: string; value: string | number };
  /** No marker, preference, attribute or todo pattern: ordinary speech, read with less certainty. */
  ordinary: boolean;
  /**
   * The speaker's own interest, plan, feeling about an event or like, in the first person ("I'd
   * like to train as a carpenter", "the choir made me feel at home"): information the user gave, read
   * at ordinary confidence. Self-judgements of personality are not (seed 002's 我这个人就是比较难搞).
   */
  selfStated?: boolean;
  /** About someone else, not the speaker ("The puppy arrives in October"): a fact or an event, never a todo. */
  aboutOther?: boolean;
  /** The subject is someone of the speaker's ("my sister is getting married next June"): their event, not the speaker's task. */
  subjectOther?: boolean;
  /** Said in a conversation between people (see ReadContext.conversation). */
  conversation?: boolean;
  /** About an entity the clause names (claim.ts): "Room 202 is where the finance team sits". */
  aboutEntity?: boolean;
  /** Read by no rule, its subject naming something particular: kept as said (reader.ts). */
  plain?: Particular;
}

export interface RuleDraft {
  kind: MemoryKind;
  key: string;
  content: string;
  /** The words as said, for retrieval hints. */
  source: string;
  value?: string | number | boolean;
  positive: boolean;
  confidence: number;
  importance: number;
  expiresAt?: string;
  signals: Signals;
  extractor: string;
}

// Seed 002 §9.1: what the user said in so many words counts as confidence 1.0. Ordinary speech
// read by heuristics is less certain, and moods or traits lower still, so that seed 003 §5.1's
// 0.85 bar for personal statements keeps heuristic guesses out.
const CONFIDENCE_STATED = 1;
const CONFIDENCE_ORDINARY = 0.9;
const CONFIDENCE_PERSONAL_ORDINARY = 0.75;

// Seed 000 §"写入策略": importance = 0.4 novelty + 0.3 relevance + 0.2 explicit + 0.1 emotion.
// Novelty needs the store, which the score node sees; extraction assumes a neutral 0.5.
const KIND_RELEVANCE: Record<MemoryKind, number> = {
  procedure: 1,
  preference: 0.9,
  todo: 0.8,
  business_fact: 0.8,
  fact: 0.7,
  episode: 0.5,
};

export function importanceOf(kind: MemoryKind, explicit: boolean, personal: boolean): number {
  const score = 0.4 * 0.5 + 0.3 * KIND_RELEVANCE[kind] + 0.2 * (explicit ? 1 : 0) + 0.1 * (personal ? 1 : 0);
  return Math.round(score * 100) / 100;
}

/**
 * Kind, key, polarity, confidence and signals for one reading, or undefined when it carries
 * nothing to keep.
 */
export function decide(reading: UnitReading, at: string): RuleDraft | undefined {
  const matches = findTerms(reading.source);
  const signals: Signals = {};
  if (reading.explicit) signals.explicitMarker = true;
  if (reading.transient) signals.transient = true;
  // Between people, narration is not a task's scope, nor is a state of something named ("the
  // system is Debian for now"): say so, or scoring would read "this time" itself. Nor is what the
  // speaker said without a passing cue ("We're reading The Quiet Shore right now", an activity
  // under way): scoring reads the rewritten content ("The user and others are reading …"), which
  // the cue patterns read differently.
  else if (
    reading.conversation ||
    reading.aboutEntity ||
    (!reading.procedure && isTransient(reading.content) && !isTransient(reading.source))
  )
    signals.transient = false;
  if (reading.oneOff) signals.oneOffException = true;
  if (reading.personal) signals.personal = true;
  // Someone else's likes or temper (萧佳这个人特别爱书法) say nothing of the user's character: say
  // so, or scoring would read 这个人 as a judgement of the user.
  else if (reading.aboutEntity) signals.personal = false;

  const draft = (kind: MemoryKind, key: string, extractor: string, extra: Partial<RuleDraft> = {}): RuleDraft => {
    const heuristicPersonal = reading.personal && !reading.selfStated;
    const confidence = !reading.ordinary
      ? CONFIDENCE_STATED
      : heuristicPersonal
        ? CONFIDENCE_PERSONAL_ORDINARY
        : CONFIDENCE_ORDINARY;
    return {
      kind,
      key,
      content: reading.content,
      source: reading.source,
      positive: true,
      confidence,
      importance: importanceOf(kind, reading.explicit, reading.personal),
      signals,
      extractor,
      ...extra,
    };
  };

  if (reading.procedure) return draft("procedure", kindKeyOf("procedure", matches, reading.source), "rule:procedure");

  if (reading.oneOff) {
    const main = mainMatch(matches);
    const key = main ? preferenceKeyOf(main, reading.source) : kindKeyOf("preference", matches, reading.source);
    return draft("preference", key, "rule:one_off_exception", main?.term ? { value: main.surface } : {});
  }

  const due = reading.startsLater ? undefined : dueMention(reading.times);
  // Between people, a dated plan ("we're recording an EP in August") is an event to remember,
  // not a task for the assistant: kept as an episode, without the todo's expiry.
  const planned =
    due && !reading.reminder && (reading.aboutOther || reading.subjectOther || (reading.conversation && !due.deadline));
  if (planned) return draft("episode", kindKeyOf("episode", matches, reading.source), "rule:planned_event");
  if (due || reading.reminder) {
    const extra: Partial<RuleDraft> = due ? { expiresAt: endOfDay(due.last, clockOf(at).offsetMinutes) } : {};
    return draft("todo", kindKeyOf("todo", matches, reading.source), "rule:todo", extra);
  }

  const preference = reading.preference ? preferenceDraft(reading, matches, draft) : undefined;
  if (preference) return preference;

  if (reading.entity) {
    return draft("fact", reading.entity.key, "rule:entity_attribute", { value: reading.entity.value });
  }

  const happened = reading.times.some((t) => t.direction === "past" || (reading.past && t.direction === "present"));
  if (happened) return draft("episode", kindKeyOf("episode", matches, reading.source), "rule:episode");
  // A statement kept as said is the named thing's (`named.<name>.said.<hash>`), or its own
  // (`said.<hash>`): one key per distinct statement, never the user's own attribute.
  if (reading.plain) return draft("fact", plainKeyOf(reading.plain, reading.source), "rule:plain_statement");
  // A fact key holds one value (recall keeps the newest per key), so an ordinary remark gets a
  // key of its own words: "Odile's brother Sven got a new job" must not shadow another family fact.
  return draft(
    "fact",
    statementKeyOf("fact", matches, reading.source),
    reading.transient ? "rule:transient" : "rule:fact",
  );
}

/**
 * Whether a clause names something other than the term it matched: a name or an id anywhere in
 * it, or a thing (a noun, a number) in the preference's object besides that topic's terms
 * (用6楼北侧培训室打电话; not 用微信打电话, where 微信 is the channel), or in what 把 takes; the
 * topic's own cue words aside (请把快递都发顺丰 is about the carrier).
 */
function thingBesides(text: string, objectText: string, match: TermMatch): boolean {
  const language = /\p{Script=Han}/u.test(text) ? "zh" : "en";
  const sameTopic = (said: string) => findTerms(said).some((m) => m.topic === match.topic);
  if (namesIn(text, language).some((name) => !sameTopic(name) && !match.surface.includes(name))) return true;
  // What 把 takes is what the clause does something with (行政把栖峰阁安排给大家打电话用).
  const taken = /把([^，,。；;]{2,16}?)(?:安排|留|借|改|换|定|设|当|作为|用作|拿来)/u.exec(text)?.[1] ?? "";
  const cues = new Set(match.topic.cues[language]);
  return [objectText, taken].some((said) => {
    let rest = said;
    for (const m of findTerms(said)) if (m.topic === match.topic) rest = rest.replace(m.surface, " ");
    return tagWords(rest, language).some(
      (w) =>
        !cues.has(w.text) &&
        (w.pos === "NUM" || ((w.pos === "NOUN" || w.pos === "PROPN" || w.pos === "X") && [...w.text].length >= 2)),
    );
  });
}

/** The first date that sets a due time: in the future or a deadline, not a noun modifier. */
export function dueMention(times: readonly TimeMention[]): TimeMention | undefined {
  return times.find((t) => !t.modifier && (t.direction === "future" || (t.deadline && t.direction !== "past")));
}

function preferenceDraft(
  reading: UnitReading,
  matches: readonly TermMatch[],
  draft: (kind: MemoryKind, key: string, extractor: string, extra?: Partial<RuleDraft>) => RuleDraft,
): RuleDraft | undefined {
  const { verb, negated, objectText } = reading.preference!;
  const objectMatches = findTerms(objectText);
  const object = objectTerms(objectMatches)[0] ?? mainMatch(objectMatches) ?? mainMatch(matches);
  if (verb === "use") {
    if (object?.term && USE_FACT_TOPICS.has(object.topic.name) && !negated) {
      const key = preferenceKeyOf(object, objectText);
      return draft("fact", key, "rule:entity_attribute", { value: object.term ? object.surface : objectText });
    }
    if (!object || !USE_PREFERENCE_TOPICS.has(object.topic.name)) return undefined;
  }
  if (verb === "consume" && object && object.topic.name !== "food" && object.topic.name !== "health") return undefined;
  // 我们一般用B座1713打电话, 行政把清溪阁安排给大家打电话用: a named thing besides the term is
  // what the clause is about (a room kept for calls), not the speaker's contact channel.
  if (object && object.topic.preferenceKey !== "object" && thingBesides(reading.source, objectText, object))
    return undefined;
  const key = object
    ? preferenceKeyOf(object, objectText)
    : kindKeyOf("preference", matches, objectText || reading.source);
  const extra: Partial<RuleDraft> = { positive: !negated };
  if (object?.term) extra.value = object.surface;
  return draft("preference", key, "rule:preference", extra);
}
