/**
 * Where speech divides: sentences, clauses, and units of meaning (a clause with its own subject
 * and the clauses that continue it), in both languages.
 */
import { tagWords } from "../../text/grammar.js";
import { wordList } from "../../text/patterns.js";

/**
 * The longest sentence the rules read as one. Real sentences are far shorter; a longer run
 * (a paste without punctuation) is cut at white space or a comma near this length, which bounds
 * the work every pattern does on it: extraction stays linear in the message's length.
 */
export const MAX_SENTENCE_CHARS = 400;

/** Split text into sentences, keeping the closing punctuation with its sentence. */
// A period that ends an abbreviation ends no sentence: "Dr. Velo", "Mrs. Li", "e.g. this".
const ABBREVIATION = new RegExp(
  String.raw`(?<![\p{L}.])(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sr|Jr|St|Mt|Ft|Rev|Gen|Col|Capt|Lt|Sgt|No|vs|etc|approx|e\.g|i\.e|` +
    String.raw`Inc|Ltd|Co|Corp|Ave|Blvd|Rd|Dept|Univ|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.$`,
  "u",
);

export function splitSentences(text: string): string[] {
  const sentences = text
    .split(/(?<=[。！？!?；;\n])|(?<=\.)(?=\s|$)/u)
    .reduce<string[]>((joined, piece) => {
      const last = joined.at(-1);
      if (last !== undefined && ABBREVIATION.test(last.trimEnd())) joined[joined.length - 1] = last + piece;
      else joined.push(piece);
      return joined;
    }, [])
    .flatMap((s) => boundedPieces(s.trim()))
    .filter((s) => s.length > 0);
  return withTopicQuestions(withRiddleAnswers(sentences));
}

// What points back to something said before: "Clazion? Ava Sass leads it.", 天枢？它的数据放在…
const POINTS_BACK = { en: /\b(?:it|its|he|his|him|she|her|they|them|their)\b/iu, zh: /[它他她]|这个|那个/u };
// Words that make a question more than a name: a verb, an adverb ("Really?", 真的？), a pronoun ("Why?").
const NOT_TOPIC = new Set(["VERB", "AUX", "ADV", "PRON", "INTJ", "SCONJ", "CCONJ", "PART", "ADJ"]);

/**
 * A sentence that only names something and asks ("Clazion?", "P2507?", 天枢？): a topic the next
 * sentence, pointing back to it, says something of. Not a question with a verb or a question word
 * ("Really?", "Why?", 真的？), nor a name the next sentence does not point back to.
 */
function topicOf(question: string): string | undefined {
  const match = /^(.{1,40}?)\s{0,3}[?？]$/su.exec(question);
  if (!match) return undefined;
  const language = /\p{Script=Han}/u.test(match[1]!) ? "zh" : "en";
  const words = tagWords(match[1]!, language).filter((w) => w.pos !== "DET" && w.pos !== "PUNCT");
  if (words.length === 0 || words.length > 4 || words.some((w) => NOT_TOPIC.has(w.pos))) return undefined;
  // English says a name with a capital or digits; Chinese names are often dictionary nouns (天枢).
  if (language === "en" && !words.some((w) => w.pos === "PROPN" || /\d/u.test(w.text))) return undefined;
  return match[1]!.trim();
}

/** A topic question and the sentence after it that points back to it are one sentence, as said. */
function withTopicQuestions(sentences: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i += 1) {
    const sentence = sentences[i]!;
    const next = sentences[i + 1];
    const language = next && /\p{Script=Han}/u.test(next) ? "zh" : "en";
    if (next !== undefined && sentence.length <= 42 && POINTS_BACK[language].test(next) && topicOf(sentence)) {
      out.push(`${sentence} ${next}`);
      i += 1;
    } else out.push(sentence);
  }
  return out;
}

/**
 * A sentence opened by a topic question, read as the topic it sets: "Clazion? Ava Sass leads it."
 * → "As for Clazion, Ava Sass leads it.", 天枢？它的数据放在MySQL里。 → 至于天枢，它的数据放在MySQL里。
 * Any other sentence as it is.
 * @example
 * topicFirst("P2507? Ava Sass leads it."); // "As for P2507, Ava Sass leads it."
 */
export function topicFirst(sentence: string): string {
  const at = sentence.search(/[?？]/u);
  if (at < 0 || at > 41) return sentence;
  const rest = sentence.slice(at + 1).trim();
  const language = /\p{Script=Han}/u.test(rest) ? "zh" : "en";
  const topic = rest.length > 0 && POINTS_BACK[language].test(rest) ? topicOf(sentence.slice(0, at + 1)) : undefined;
  if (!topic) return sentence;
  return language === "zh" ? `至于${topic}，${rest}` : `As for ${topic}, ${rest}`;
}

// A riddle asks why a whole class of people or things does something ("why do cats …?", 为什么
// 程序员…？, "what do you call a …?"), not why the speaker or listener does.
const RIDDLE = new RegExp(
  `^(?:why (?:do|does|did|don't|doesn't|didn't|are|aren't|is|isn't|can't|won't) ` +
    String.raw`(?!i\b|you\b|we\b|my\b|your\b|our\b|it\b|this\b|that\b)\w{1,30}s\b|what do you call an? \b|` +
    `为什么(?!我|你|您|他|她|它)[^。！？?]{1,12}(?:们|都))[^.!?？]{0,120}[?？]$`,
  "iu",
);

/**
 * A riddle and its punchline are one sentence ("why don't X ever get lost? they always carry a
 * map"): the answer is the joke's, not a statement of its own, and as part of the question it
 * is read as one.
 */
function withRiddleAnswers(sentences: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i += 1) {
    const sentence = sentences[i]!;
    const answer = sentences[i + 1];
    if (answer !== undefined && RIDDLE.test(sentence)) {
      out.push(`${sentence} ${answer}`);
      i += 1;
    } else out.push(sentence);
  }
  return out;
}

/** A sentence cut into pieces of at most MAX_SENTENCE_CHARS, at a space or comma when there is one. */
function boundedPieces(sentence: string): string[] {
  if (sentence.length <= MAX_SENTENCE_CHARS) return [sentence];
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_SENTENCE_CHARS) {
    const window = rest.slice(0, MAX_SENTENCE_CHARS);
    const cut = Math.max(window.lastIndexOf(" "), window.lastIndexOf(","), window.lastIndexOf("，"));
    const at = cut > MAX_SENTENCE_CHARS / 2 ? cut + 1 : MAX_SENTENCE_CHARS;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at);
  }
  pieces.push(rest.trim());
  return pieces;
}

export interface Clause {
  text: string;
  /** The separator that preceded it in the sentence ("", "，", ", ", " "). */
  joiner: string;
}

// English clauses also break before "and/but/so" when a new first-person subject follows,
// which is what turns "I went to X yesterday and my sister moved to Y" into two facts.
// A break starts where its white space starts (the lookbehinds), so a long run of spaces stays linear.
const EN_CLAUSE_BREAK =
  /(?<!\s)\s*[,，;；]\s*|(?<!\s)\s+(?=(?:and|but|so|while|although)\s+(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our)\b)/giu;
const ZH_CLAUSE_BREAK = /(?<!\s)\s*[，,；;]\s*/gu;
// A dash between spaces sets off a clause as a comma does ("WF05 BMF — it's forest green").
const EN_DASH = /\s[—–]\s/gu;
// A comma inside a number (1,962) divides nothing.
const THOUSANDS = /^\d{3}(?!\d)/u;

/** Split one sentence into clauses (terminal punctuation removed). */
export function splitClauses(sentence: string, language: "zh" | "en"): Clause[] {
  const ended = sentence.replace(/(?<![。！？!?；;.\s])[。！？!?；;.\s]+$/u, "");
  const body = language === "en" ? ended.replace(EN_DASH, ", ") : ended;
  const pattern = language === "zh" ? ZH_CLAUSE_BREAK : EN_CLAUSE_BREAK;
  const clauses: Clause[] = [];
  let cursor = 0;
  let joiner = "";
  for (const match of body.matchAll(pattern)) {
    const inNumber =
      match[0] === "," && /\d/u.test(body[match.index - 1] ?? "") && THOUSANDS.test(body.slice(match.index + 1));
    if (inNumber) continue;
    const text = body.slice(cursor, match.index).trim();
    // "My wife and I moved…", "Oskeli and I are flying…": a short subject before "and I" is
    // part of the next clause's subject, not a clause of its own.
    if (
      match[0].trim().length === 0 &&
      text.split(/\s+/).length <= 3 &&
      /^and\b/i.test(body.slice(match.index + match[0].length))
    )
      continue;
    if (text.length > 0) clauses.push({ text, joiner });
    joiner = match[0].trim().length > 0 ? (language === "zh" ? "，" : ", ") : " ";
    cursor = match.index + match[0].length;
  }
  const last = body.slice(cursor).trim();
  if (last.length > 0) clauses.push({ text: last, joiner });
  return clauses;
}

// Punctuation, emoji and the joiners inside emoji sequences (ZWJ, variation selector 16).
const NOISE_CHAR = "(?:[\\s~～…。，,.!！?？、:：;；\\-—()（）\"'“”‘’\\p{Extended_Pictographic}]|\\u200d|\\ufe0f)";
const LEADING_NOISE = new RegExp(`^${NOISE_CHAR}+`, "u");
const NOISE_AT_END = new RegExp(`${NOISE_CHAR}$`, "u");
const PARTICLE_AT_END = /[啊呀啦哈嘛吧呢哦噢嘞]$/u;

/** `text` without the characters `last` matches at its end, one code point at a time (linear). */
function trimEndWhile(text: string, last: RegExp): string {
  let end = text.length;
  while (end > 0) {
    const width = end > 1 && /[\uDC00-\uDFFF]/.test(text[end - 1] ?? "") ? 2 : 1;
    if (!last.test(text.slice(end - width, end))) break;
    end -= width;
  }
  return text.slice(0, end);
}

/** Lowercased text without surrounding punctuation, emoji or Chinese sentence particles. */
export function bare(text: string): string {
  const lead = text.replace(LEADING_NOISE, "");
  return trimEndWhile(trimEndWhile(lead, NOISE_AT_END), PARTICLE_AT_END).toLowerCase().trim();
}

// A marker clause asks for what follows to be kept: "记住，…", "From now on, …". A lasting scope
// ("以后", "going forward") is as explicit as "remember" (seed 001 §5.1's 以后都).
const EXPLICIT_MARKER_ONLY = new Set(
  wordList(`记住 | 请记住 | 记一下 | 记下 | 记下来 | 帮我记住 | 帮我记一下 | 你记住 | 以后 | 今后 | 往后 | 以后都 |
    从现在起 | 从现在开始 | 从今以后 | remember | please remember | remember this | note | note this | keep in mind |
    for the record | from now on | going forward | from here on | from here on out | in the future | in future`),
);
// Asides and acknowledgements: nothing of their own, and nothing to mark ("对了，…", "记下了" said back).
const MARKER_ONLY = new Set([
  ...EXPLICIT_MARKER_ONLY,
  ...wordList(`对了 | 另外 | 顺便说一下 | 提醒一下 | 记住了 | 记下了 | 记下来了 | 我记住了 | 好的记住了 | fyi | btw |
    by the way | just so you know | for your information | noted | duly noted`),
]);
// Discourse filler opening a statement ("说了，我不吃香菜", "Actually, I prefer tea"). After the
// statement (", honestly") it is the speaker's tone, left as said.
const LEADING_FILLER = new Set(
  wordList(`说了 | 都说了 | 我说了 | 说过了 | 我说过了 | 其实 | 嗯 | 嗯嗯 | 那个 | 说实话 | 老实说 | 坦白说 | 讲真 |
    说真的 | actually | well | so | anyway | honestly | to be honest | tbh | frankly | in fact | basically`),
);

/**
 * "记住" / "remember" on its own: whether it marks the next clause as explicit, or undefined if
 * the clause has content. Filler counts only when a statement follows (`opensStatement`).
 */
export function markerOnly(text: string, opensStatement = true): { explicit: boolean } | undefined {
  const b = bare(text);
  if (MARKER_ONLY.has(b)) return { explicit: EXPLICIT_MARKER_ONLY.has(b) };
  return opensStatement && LEADING_FILLER.has(b) ? { explicit: false } : undefined;
}

/** A clause that only states a condition: 如果…, 要是…, "if …", "unless …". */
const CONDITION = /^(?:如果|要是|假如|假设|万一|要不是|(?:if|unless|suppose|supposing)\b)/iu;
// A topic set off before its clause ("As for Lordion, we went with Firestore", 说起林涛，他最爱钓鱼):
// no statement alone; the clause after it says what is said of it.
const TOPIC =
  /^(?:(?:as for|as to|regarding|concerning|speaking of|when it comes to|for)\s[^,;]{1,60}|(?:至于|关于|说到|说起|提到)[^，,；;]{1,30})$/iu;

/** Clauses that belong together: one that opens with its own subject, and those continuing it. */
export interface Unit {
  clauses: Clause[];
  /** A preceding marker-only clause ("记住，…", "Remember: …") made this unit explicit. */
  marked: boolean;
}

/**
 * Group a sentence's clauses into units. `opens` decides, given the unit so far, whether a clause
 * starts a unit, and with which text: its own when it has a subject, or with the subject restored
 * when it states a new attribute of its own (我叫李雷，在蓝湾科技工作 → "我在蓝湾科技工作";
 * 柯文是我室友，现在在西安工作 → "柯文现在在西安工作").
 * Other clauses continue the previous unit as detail of the same event (seed 003 §3.3: an event
 * is one memory, "上周排查过一个 502，是网关超时导致的"). Marker-only clauses flag the next unit.
 */
export function groupUnits(
  clauses: readonly Clause[],
  opens: (text: string, previous: string) => string | undefined,
): Unit[] {
  const units: Unit[] = [];
  let pendingMark = false;
  for (const [i, clause] of clauses.entries()) {
    const marker = markerOnly(clause.text, i < clauses.length - 1);
    if (marker) {
      pendingMark ||= marker.explicit;
      continue;
    }
    const current = units[units.length - 1];
    const opened = current && !pendingMark ? opens(clause.text, unitText(current)) : clause.text;
    // "要是…，我就能早点交稿", "If we win, I'd …": a condition and what it conditions are one unit,
    // so the consequence is read as conditional, never as a plain statement.
    const conditioned =
      current?.clauses.length === 1 &&
      (CONDITION.test(current.clauses[0]!.text) || TOPIC.test(current.clauses[0]!.text.trim()));
    if (current && (opened === undefined || conditioned)) {
      current.clauses.push(clause);
    } else {
      units.push({ clauses: [{ text: opened ?? clause.text, joiner: "" }], marked: pendingMark });
      pendingMark = false;
    }
  }
  return units;
}

/** The unit's text, clauses rejoined with their original separators. */
export function unitText(unit: Unit): string {
  return unit.clauses.map((c) => c.joiner + c.text).join("");
}

// Quoted speech: “…”, 「…」, 『…』, "…". Single quotes double as apostrophes, so they are not quotes.
const QUOTED = /“[^”]{0,400}”|「[^」]{0,400}」|『[^』]{0,400}』|"[^"]{0,400}"/gu;
// Private-use characters stand in for the quotes while the rest is rewritten (a sentence of
// MAX_SENTENCE_CHARS holds fewer quotes than the block has characters).
const QUOTE_MARK = 0xe100;
const QUOTE_MARKS = /[\uE100-\uE1FF]/gu;

/**
 * Run `rewrite` on `text` with quoted speech left as said: another person's 我 / "I" inside a
 * quote is theirs, not the speaker's ("我妈说“我不吃辣”" keeps its quote).
 * @example
 * keepingQuotes('My mom says "I never eat spicy food"', (t) => t.replace(/\bI\b/g, "the user"));
 * // 'My mom says "I never eat spicy food"'
 */
export function keepingQuotes(text: string, rewrite: (text: string) => string): string {
  const quotes: string[] = [];
  const masked = text.replace(QUOTED, (quote) =>
    quotes.length > 0xff ? quote : String.fromCharCode(QUOTE_MARK + quotes.push(quote) - 1),
  );
  if (quotes.length === 0) return rewrite(text);
  return rewrite(masked).replace(QUOTE_MARKS, (m) => quotes[m.charCodeAt(0) - QUOTE_MARK] ?? m);
}
