/**
 * An answer to the question just asked. "What does your old roommate do for fun?" — "Collatek
 * Thasski? Mostly bonsai." says nothing on its own; with the question it is a fact. When the
 * rules read nothing from a short reply to another speaker's question, the reply is kept with
 * the question it answers, so that a statement made in that form is never dropped.
 */
import { createHash } from "node:crypto";
import { tokenize } from "../../text/tokenizer.js";
import { namesIn, readClaim } from "./claim.js";
import { claimKey, segmentOf } from "./keys.js";
import { isSmallTalk } from "./markers.js";
import { importanceOf, type RuleDraft } from "./rules.js";
import { entityMentions, nameSegment } from "./subject.js";

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
): RuleDraft | undefined {
  const said = answer.trim();
  if (said.length === 0 || said.length > MAX_ANSWER_CHARS || isSmallTalk(said)) return undefined;
  if (tokenize(said).length === 0) return undefined;
  const content =
    language === "zh"
      ? `被问到“${question.trim()}”时，${label}回答：${said}`
      : `Asked "${question.trim()}", ${label} answered: ${said}`;
  const topic = segmentOf(question);
  const entity = entityKeyIn(said, language) ?? entityKeyIn(question, language);
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
