/**
 * Questions about what used to hold (seed 003 §4.3–4.4: superseded and archived versions answer
 * history questions only; seed 001 §3.4: the cold tier is still found when asked for). "What did I
 * say before about coffee?", "Where did I use to live?", "我以前喜欢喝什么？", "我之前说过住哪吗？"
 * recall the old versions too, labelled as such; a question about now, or a sentence that only
 * mentions a time before something ("What should I pack before the trip?", "之前的会议纪要在哪？"),
 * does not.
 *
 * A history question needs three things at once: it asks (a question mark or a question word),
 * it is about the speaker's own past statements or states (did I / was my / 我 + a verb of
 * saying, liking, using, living, being), and it points at an earlier time (before, used to, 以前…).
 */
const EN_QUESTION = /\?\s*$|^\s*(?:what|which|where|who|when|how|did|do|was|were|have|had)\b/iu;
const EN_SELF_PAST = new RegExp(
  [
    String.raw`\b(?:did i|had i|have i|was i|were my|was my|i used to|i use to|i(?:'d| had) ` +
      String.raw`(?:said|told|mentioned))\b`,
    String.raw`\bdid i use to\b`,
    String.raw`\bmy (?:old|previous|former|original)\b`,
  ].join("|"),
  "iu",
);
const EN_EARLIER =
  /\b(?:before|previously|earlier|originally|used? to|at first|in the past|back then|old|previous|former)\b/iu;

const ZH_QUESTION = /[？?]\s*$|什么|哪|吗|多少|怎么|是不是|有没有/u;
const ZH_EARLIER = /以前|之前|原来|过去|一开始|最早|曾经|从前/u;
const ZH_SELF = /我/u;
const ZH_STATED = /说|提|讲|告诉|喜欢|爱|用|住|是|叫|选|设|喝|吃|养|开/u;

/**
 * @example
 * isHistoryQuestion("What did I say before about coffee?"); // true
 * isHistoryQuestion("What should I pack before the trip?"); // false
 */
export function isHistoryQuestion(query: string): boolean {
  const text = query.trim();
  if (text.length === 0 || text.length > 500) return false;
  if (EN_QUESTION.test(text) && EN_SELF_PAST.test(text) && EN_EARLIER.test(text)) return true;
  if (!ZH_QUESTION.test(text) || !ZH_SELF.test(text)) return false;
  const earlier = ZH_EARLIER.exec(text);
  // The verb comes after the time word: 我以前喜欢…, 我之前说过…
  return earlier !== null && ZH_STATED.test(text.slice(earlier.index + earlier[0].length));
}
