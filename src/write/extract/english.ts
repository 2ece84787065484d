/**
 * English first → third person: "I don't eat cilantro" → "the user does not eat cilantro",
 * "my sister moved" → "the user's sister moved", "we agreed" → "the user and their team agreed".
 *
 * Seed 003 §3.2 asks for subject–verb–object sentences about the user, so the rewrite also fixes
 * verb agreement after the new singular subject (I prefer → the user prefers, I have → has).
 */
import { alternation, wordList } from "../../text/patterns.js";
import { FAMILY_WORDS } from "./lexicon.js";

const ADVERBS = alternation(
  wordList(`never | always | usually | often | sometimes | rarely | seldom | also | really | still | just | only | mostly |
    generally | typically | normally | actually | definitely | absolutely | totally | hardly | even | occasionally |
    recently | now | currently | mainly | already | truly | honestly | strongly | much | no longer | kind of | sort of`),
);

const VERB_FORMS: Record<string, string> = {
  am: "is",
  are: "is",
  were: "was",
  have: "has",
  do: "does",
  go: "goes",
  be: "is",
  "don't": "does not",
  "doesn't": "does not",
  "didn't": "did not",
  "can't": "cannot",
  "won't": "will not",
  "haven't": "has not",
  "wasn't": "was not",
  "weren't": "was not",
  "aren't": "is not",
  "isn't": "is not",
  "shouldn't": "should not",
  "couldn't": "could not",
  "wouldn't": "would not",
  "'m": "is",
  "'ve": "has",
  "'d": "would",
  "'ll": "will",
};

/** Forms that never take a third-person -s: modals, auxiliaries already agreeing, and past tenses. */
const UNCHANGED = new Set(
  (
    "can cannot could will would shall should may might must ought used is was has does did had " +
    "went got made took saw came ate drank bought met left began felt found gave knew ran said sent spent thought told wrote won " +
    "lost paid kept heard became brought caught taught built sat stood understood swam sang slept woke drove rode flew fell forgot " +
    "chose broke spoke stole threw grew drew wore tore led fed fled held meant sold shot lit hung dug stuck struck bit hid shook " +
    "sought fought dealt dreamt learnt burnt lay laid not also too all both guys two here there again so and"
  ).split(" "),
);
/** Present-tense verbs that merely end in -ed. */
const PRESENT_IN_ED = new Set("need feed seed speed proceed succeed exceed breed bleed shed".split(" "));
/** Same spelling in present and past: left alone when the sentence is about the past. */
const PAST_OR_PRESENT = new Set("read put cut set hit let quit spread cost hurt shut bet split upset".split(" "));

/** "prefer" → "prefers", "watch" → "watches", "try" → "tries", "have" → "has". */
export function thirdPersonVerb(verb: string, past: boolean): string {
  const lower = verb.toLowerCase();
  if (VERB_FORMS[lower] !== undefined) return VERB_FORMS[lower]!;
  if (
    UNCHANGED.has(lower) ||
    (/ed$/.test(lower) && !PRESENT_IN_ED.has(lower)) ||
    /[^s]s$/.test(lower) ||
    (past && PAST_OR_PRESENT.has(lower))
  )
    return verb;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

// Any -ly word is an adverb here ("I finally have"), except verbs that end in -ly.
const VERB_AFTER = `((?:(?:${ADVERBS}|(?!(?:apply|reply|rely|supply|fly|bully|rally|comply|multiply|imply)\\b)[a-z]+ly)\\s+)*)([a-z]+(?:'[a-z]+)?)`;

interface Persona {
  /** Singular subject whose verbs must agree ("the user prefers"). */
  subject: string;
  possessive: string;
  /** The plural group the speaker belongs to ("the user and their team"). */
  group: string;
}

// A word of letters and digits joined by hyphens, dots or underscores, or mixing letters and
// digits: an id. Words are taken whole (white space apart) and each tested on its own.
const WORD = /[^\s,;:!?()"“”]+/gu;
const ID_SHAPE = /^[A-Za-z0-9][\w.-]{0,60}$/u;
function isIdWord(word: string): boolean {
  const bare = word.replace(/[.'’]{1,8}$/u, "");
  if (!ID_SHAPE.test(bare)) return false;
  return /[A-Za-z0-9][-_.][A-Za-z0-9]/u.test(bare) || (/\d/u.test(bare) && /[A-Za-z]/u.test(bare));
}
// Private-use characters stand in for the ids while the rest is rewritten.
const ID_MARK = 0xe200;
const ID_MARKS = /[\uE200-\uE2FF]/gu;

/**
 * Rewrite first person (the speaker) into `label`, second person into `other` ("the
 * assistant", or the other person of a conversation) for a user's message; the other way round
 * for an assistant's message about the user.
 * `past` keeps read/put/cut unchanged when the sentence is about the past.
 * @example
 * toThirdPerson("I don't eat cilantro", "the user", "user", false); // "the user does not eat cilantro"
 * toThirdPerson("You prefer tea", "the user", "assistant", false);   // "the user prefers tea"
 */
export function toThirdPerson(
  text: string,
  label: string,
  perspective: "user" | "assistant",
  past: boolean,
  other = "the assistant",
): string {
  const user: Persona = { subject: label, possessive: `${label}'s`, group: `${label} and ${groupOf(text)}` };
  const assistant: Persona = { subject: other, possessive: `${other}'s`, group: other };
  const [speaker, listener] = perspective === "user" ? [user, assistant] : [assistant, user];
  // Ids are names, not words: "cache-09-us", "web-me-2" keep their "us" and "me".
  const ids: string[] = [];
  const masked = text.replace(WORD, (word) => {
    if (!isIdWord(word)) return word;
    const bare = word.replace(/[.'’]{1,8}$/u, "");
    return String.fromCharCode(ID_MARK + ids.push(bare) - 1) + word.slice(bare.length);
  });
  if (ids.length > 0 && ids.length <= 0xff)
    return toThirdPerson(masked, label, perspective, past, other).replace(
      ID_MARKS,
      (m) => ids[m.charCodeAt(0) - ID_MARK] ?? m,
    );
  // "Ingrid and I are driving": a compound subject keeps its plural verb.
  let out = ` ${text} `.replace(
    /\b((?:my |our )?[A-Za-z]+) and I\b(?!')/g,
    (_m, other: string) => `${other} and ${speaker.subject}`,
  );
  // Contracted subjects first, so "I'm" is not read as "I" + "'m".
  out = out
    .replace(/\bI'm\b/gi, `${speaker.subject} is`)
    .replace(/\bI've\b/gi, `${speaker.subject} has`)
    .replace(/\bI'd\b/gi, `${speaker.subject} would`)
    .replace(/\bI'll\b/gi, `${speaker.subject} will`)
    .replace(
      new RegExp(`\\bI\\s+${VERB_AFTER}`, "gi"),
      (_m, adverbs: string, verb: string) => `${speaker.subject} ${adverbs}${thirdPersonVerb(verb, past)}`,
    )
    .replace(/\bI\b/g, speaker.subject)
    .replace(/\bmyself\b/gi, "themselves")
    // "Mine" before a capitalised word is a given name ("Mine Raboor"), not the speaker's.
    .replace(/\b(?:my|mine)\b/giu, (word: string, at: number, whole: string) =>
      word === "Mine" && /^\s+\p{Lu}/u.test(whole.slice(at + word.length)) ? word : speaker.possessive,
    )
    .replace(/\bme\b/gi, speaker.subject)
    .replace(/\bwe're\b/gi, `${speaker.group} are`)
    .replace(/\bwe've\b/gi, `${speaker.group} have`)
    .replace(/\bwe'll\b/gi, `${speaker.group} will`)
    .replace(/\bwe'd\b/gi, `${speaker.group} would`)
    .replace(/\b(?:we|us)\b/gi, speaker.group)
    .replace(/\b(?:our|ours)\b/gi, speaker.possessive)
    .replace(/\byou're\b/gi, `${listener.subject} is`)
    .replace(/\byou've\b/gi, `${listener.subject} has`)
    .replace(/\byou'll\b/gi, `${listener.subject} will`)
    .replace(/\byou'd\b/gi, `${listener.subject} would`)
    .replace(/\byourself\b/gi, "themselves")
    .replace(/\b(?:your|yours)\b/gi, listener.possessive)
    .replace(
      new RegExp(
        `(^\\s*|[,;:]\\s*|\\b(?:that|and|but|so|because|if|when|since|as|while)\\s+)you\\s+${VERB_AFTER}`,
        "gi",
      ),
      (_m, lead: string, adverbs: string, verb: string) =>
        `${lead}${listener.subject} ${adverbs}${thirdPersonVerb(verb, past)}`,
    )
    .replace(/\byou\b/gi, listener.subject);
  return out.trim();
}

const WORK_CONTEXT =
  /\b(?:team|project|code|deploy\w*|migration|database|debug\w*|bug|release|sprint|meeting|office|company|server|gateway|\d{3})\b/i;
const FAMILY_CONTEXT = new RegExp(
  `\\b${alternation([...FAMILY_WORDS.en, ...wordList("family | home | beach | vacation | holiday")])}\\b`,
  "i",
);

/** Who "we" are: the team at work, the family at home, else just "others". */
function groupOf(text: string): string {
  if (WORK_CONTEXT.test(text)) return "their team";
  return FAMILY_CONTEXT.test(text) ? "their family" : "others";
}

/** Upper-case the first letter: content is a sentence. */
export function capitalize(text: string): string {
  // An id opening the sentence is written as it is named ("cache-09-us", "iPhone").
  if (/^\S*(?:[\d_-]|\p{Ll}\p{Lu})/u.test(text)) return text;
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}
