/**
 * An answer to the question just asked. "What does your old roommate do for fun?" — "Collatek
 * Thasski? Mostly bonsai." says nothing on its own; with the question it is a fact. When the
 * rules read nothing from a short reply to another speaker's question, the reply is kept with
 * the question it answers, so that a statement made in that form is never dropped. A question
 * the speaker answers in the same message (林夏在哪个城市？成都。) is kept as said (`asSaid`).
 */
import { createHash } from "node:crypto";
import { tokenize } from "../../text/tokenizer.js";
import { namesIn, particularSubject, readClaim } from "./claim.js";
import { claimKey, segmentOf } from "./keys.js";
import { isSmallTalk } from "./markers.js";
import { importanceOf, type RuleDraft } from "./rules.js";
import { entityMentions, nameSegment } from "./subject.js";

const TO_LISTENER = /[你您]|\byou\b/iu;
const LAUGH = /哈哈|呵呵|嘿嘿|\b(?:haha|hehe|lol|lmao)\b/iu;

/** A reply longer than this is a statement of its own, read by the rules or not at all. */
const MAX_ANSWER_CHARS = 300;
// Ordinary speech read by a heuristic (rules.ts CONFIDENCE_ORDINARY).
const CONFIDENCE = 0.9;

/**
 * The memory of a reply the rules read nothing from, or undefined when it is no answer (small
 * talk, too long, no words of substance).
 * @example
 * answerDraft("What kind of dog is Jenu?", "Jenu's a greyhound.", "en", "the user")?.content;
 * // 'Asked "What kind of dog is Jenu?", the user answered: Jenu\'s a greyhound.'
 */
export function answerDraft(
  question: string,
  answer: string,
  language: "zh" | "en",
  label: string,
  options: { asSaid?: boolean } = {},
): RuleDraft | undefined {
  const said = answer.trim();
  if (said.length === 0 || said.length > MAX_ANSWER_CHARS || isSmallTalk(said)) return undefined;
  if (tokenize(said).length === 0) return undefined;
  const content = options.asSaid
    ? `${question.trim()}${/[？！。]$/u.test(question.trim()) ? "" : " "}${said}`
    : language === "zh"
      ? `被问到“${question.trim()}”时，${label}回答：${said}`
      : `Asked "${question.trim()}", ${label} answered: ${said}`;
  const topic = segmentOf(question);
  // A reply to someone else names its subject itself ("Jenu's a greyhound"); an answer the speaker
  // gives their own question is about what the question names.
  const entity = options.asSaid
    ? askedAbout(question, language)
    : (entityKeyIn(said, language) ?? entityKeyIn(question, language));
  // One's own question about nothing named (why did the trucker…?), put to the listener (你好吗？,
  // 你知道…吗？) or answered with a laugh (体育老师最讨厌什么？讨厌…哈哈) is talk, not a statement.
  if (options.asSaid && (!entity || TO_LISTENER.test(question) || LAUGH.test(said))) return undefined;
  const digest = createHash("sha256").update(`${question}\u0000${said}`).digest("hex").slice(0, 8);
  const key = entity ? `${entity}.answer_${topic}` : `fact.answer.${topic}.t${digest}`;
  return {
    kind: "fact",
    key: key.slice(0, 128),
    content,
    source: `${question} ${said}`,
    positive: true,
    confidence: CONFIDENCE,
    importance: importanceOf("fact", false, false),
    signals: {},
    extractor: "rule:answer",
  };
}

/**
 * What a question asks about: the entity it names, or the particular thing before its verb
 * (雪溪 of 雪溪用啥数据库？).
 */
function askedAbout(question: string, language: "zh" | "en"): string | undefined {
  const named = entityKeyIn(question, language);
  if (named) return named;
  const thing = particularSubject(question.trimEnd().replace(/[?？]$/u, ""), language);
  return thing?.named ? `named.${nameSegment(thing.text)}` : undefined;
}

/** The entity a text names: its subject if the grammar finds one, else the first name mentioned. */
function entityKeyIn(text: string, language: "zh" | "en"): string | undefined {
  const claimed = readClaim(text, language);
  const key = claimed ? claimKey(claimed)?.entity : undefined;
  if (key) return key;
  const mention = entityMentions(text).find((m) => m.name);
  if (mention) return mention.key;
  // A name anywhere in it ("Collatek Thasski? Mostly bonsai."): the bare name.
  const [name] = namesIn(text, language);
  return name ? `named.${nameSegment(name)}` : undefined;
}
