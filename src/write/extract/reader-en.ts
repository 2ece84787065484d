/**
 * The English reader: the words {@link readUnit} needs to read "I don't eat cilantro, remember to
 * note it when ordering takeout" as what it says about the user, in the third person with
 * absolute dates.
 */
import { alternation, escapeRegExp, wordList } from "../../text/patterns.js";
import { tokenize } from "../../text/tokenizer.js";
import { applyTimeMentions, type TimeMention } from "./dates.js";
import { capitalize, toThirdPerson } from "./english.js";
import { findTerms, isFamilyTerm, objectTerms } from "./keys.js";
import { aboutSomeone, isSmallTalk, PERSONAL, REMINDER, REQUEST } from "./markers.js";
import type { ClauseShape, EntityPattern, LanguageReader, Perspective, Preference, RewriteFacts } from "./reader.js";
import type { PreferenceVerb, ReadContext } from "./rules.js";
import { keepingQuotes } from "./segment.js";

/** English words from a list, as a whole-word alternation. */
const words = (list: string): string => `\\b${alternation(wordList(list))}\\b`;

const LEAD_FILLER = new RegExp(
  `^(?:(?:(?:oh )?my (?:gosh|god|goodness)|${alternation(
    wordList(`you too | happy new year | happy birthday | happy holidays | merry christmas | omg | wow | aww | whoa |
      ha | yay | congrats | congratulations | no way | oh no | and | but | so | also | btw | by the way | oh | well |
      actually | honestly | anyway | plus | ok | okay | yeah | yes | no | hey | hi | hello | lol | um | uh |
      to be honest | tbh | frankly | in fact | basically`),
  )}|haha{1,20})\\b[,!.]?\\s{0,8}){1,8}`,
  "i",
);
const MARKER_WORDS = `(?:please\\s+)?${alternation(
  wordList("remember | don't forget | do not forget | keep in mind | note | just so you know | fyi | for the record"),
)}`;
const LEAD_MARKER = new RegExp(
  `^${MARKER_WORDS}(?:\\s+that\\b|\\s*[:,-])\\s*|^${MARKER_WORDS}\\s+(?=(?:i|i'm|i've|my|we|we're|our)\\b)`,
  "i",
);
const LEAD_TIME = new RegExp(
  `^(?:${[
    alternation(
      wordList(
        "yesterday | today | tonight | tomorrow | last night | recently | lately | earlier | these days | nowadays",
      ),
    ),
    `(?:last|next|this|the past|the coming) ${alternation(
      wordList("week | weekend | month | year | monday | tuesday | wednesday | thursday | friday | saturday | sunday"),
    )}`,
    "(?:\\d+|a|an|one|two|three|a few|a couple of|several) (?:days?|weeks?|months?|years?) ago",
  ].join("|")})\\b,?\\s*`,
  "i",
);
const SPEAKER_SUBJECT = {
  user: /^(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our|the user)\b/i,
  assistant: /^(?:you|you're|you've|your|the user)\b/i,
};
const SPEAKER_ANYWHERE = {
  user: /\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|us|our)\b|^the user\b/i,
  assistant: /\b(?:you|your|yours|you're|you've|yourself)\b|^the user\b/i,
};
const INHERITS_SUBJECT = new RegExp(
  `^(?:also |still |now )?${alternation(
    wordList(
      "live | lives | work | works | love | loves | like | likes | hate | hates | enjoy | enjoys | prefer | prefers | have | has | use | uses | am | 'm",
    ),
  )}\\b`,
  "i",
);

/**
 * How a clause opens a unit: as is when the speaker is its subject (after fillers, markers and a
 * leading time), with "I" restored when it states a new attribute ("…, live in Boston"), or not
 * at all (undefined) when it continues the previous clause.
 */
function enUnitOpening(text: string, perspective: Perspective): string | undefined {
  const rest = text.replace(LEAD_FILLER, "").replace(LEAD_MARKER, "").replace(LEAD_TIME, "");
  if (SPEAKER_SUBJECT[perspective].test(rest)) return text;
  return perspective === "user" && INHERITS_SUBJECT.test(rest) ? `I ${rest}` : undefined;
}

const NEGATIONS = "don't | do not | never | no longer | can't | cannot | won't | rarely | hardly ever";
const NEGATORS = new RegExp(words(`${NEGATIONS} | not`), "i");
const PREFERENCE_ADVERBS = `(?:${alternation(
  wordList(`${NEGATIONS} | really | also | usually | always | generally | mostly | still | only | totally | absolutely |
    much | just | definitely | honestly | actually | strongly | kind of | sort of`),
)}\\s+)*`;
const VERB_CLASS: Record<string, PreferenceVerb> = {
  ...Object.fromEntries(wordList("like | love | enjoy | into | a fan of | fond of").map((w) => [w, "like"])),
  ...Object.fromEntries(wordList("prefer | want | would rather").map((w) => [w, "prefer"])),
  ...Object.fromEntries(
    wordList("hate | dislike | can't stand | cannot stand | avoid | allergic to").map((w) => [w, "dislike"]),
  ),
  ...Object.fromEntries(
    wordList("eat | drink | vegetarian | a vegetarian | vegan | a vegan").map((w) => [w, "consume"]),
  ),
  use: "use",
};
const PREFERENCE_VERBS = alternation(
  wordList(`like | likes | love | loves | enjoy | enjoys | prefer | prefers | hate | hates | dislike | dislikes |
    can't stand | cannot stand | avoid | avoids | eat | eats | drink | drinks | use | uses | want | wants |
    would rather`),
);
const SUBJECTS = { user: "(?:i|we|the user)", assistant: "(?:you|the user)" };
const STATE_PHRASES = `(${alternation(
  wordList(`allergic to | a vegetarian | vegetarian | a vegan | vegan | into |
  a fan of | fond of`),
)})`;
// The subject may be left out at the very start of an instruction: "Use SQLite for now".
const PREFERENCE_PATTERNS: Record<Perspective, { verbal: RegExp; state: RegExp }> = {
  user: preferencePatterns("user"),
  assistant: preferencePatterns("assistant"),
};

function preferencePatterns(p: Perspective): { verbal: RegExp; state: RegExp } {
  return {
    verbal: new RegExp(`(?:^|\\b${SUBJECTS[p]}\\s+)(${PREFERENCE_ADVERBS})(${PREFERENCE_VERBS})\\b`, "i"),
    state: new RegExp(
      `\\b${SUBJECTS[p]}(?:'m|'re| am| are| is|'ve been| have been| has been)\\s+((?:not\\s+)?(?:really\\s+)?)${STATE_PHRASES}`,
      "i",
    ),
  };
}

const NUMBER_WORDS: Record<string, number> = Object.fromEntries(
  wordList("one | two | three | four | five | six | seven | eight | nine | ten | eleven | twelve").map((w, i) => [
    w,
    i + 1,
  ]),
);
const COUNT = `(\\d+|${Object.keys(NUMBER_WORDS).join("|")})`;
const count = (word: string): number => NUMBER_WORDS[word.toLowerCase()] ?? Number(word);
const UNTIL_BREAK = "(?=[,.;!?]|$|\\s(?:and|since|for|with|as|but)\\b)";
const ATTRIBUTE_KEYS: Record<string, string> = {
  email: "contact.email",
  "e-mail": "contact.email",
  "phone number": "contact.phone",
  phone: "contact.phone",
  address: "contact.address",
  birthday: "identity.birthday",
  "employee id": "work.employee_id",
};
const ROLES = wordList(`software engineer | engineer | developer | programmer | designer | doctor | teacher | student |
  nurse | lawyer | product manager | manager | researcher | writer | accountant | data scientist`);
const ENTITIES: readonly EntityPattern[] = [
  [
    new RegExp(
      `\\b(?:our|my) (?:team|group|squad|department)(?: has| is| consists of|'s)? ${COUNT} ` +
        `${words("people | members | engineers | persons | folks | devs | developers")}`,
      "i",
    ),
    (m) => ({ key: "team.size", value: count(m[1]!) }),
  ],
  [
    new RegExp(`\\bthere are ${COUNT} (?:people|members|of us) (?:on|in) (?:our|my) team\\b`, "i"),
    (m) => ({ key: "team.size", value: count(m[1]!) }),
  ],
  [
    /\bmy project'?s? code ?name is ([\w-]+)|\bthe code ?name (?:of|for) my project is ([\w-]+)|\bmy project is code ?named ([\w-]+)/i,
    (m) => ({ key: "project.codename", value: (m[1] ?? m[2] ?? m[3])! }),
  ],
  [new RegExp(`\\bwe(?:'re| are) a team of ${COUNT}\\b`, "i"), (m) => ({ key: "team.size", value: count(m[1]!) })],
  [
    /\b[Mm]y name is ([A-Z][\w'-]*(?: [A-Z][\w'-]*)?)|\b[Cc]all me ([A-Z][\w'-]*)/,
    (m) => ({ key: "identity.name", value: (m[1] ?? m[2])! }),
  ],
  [/\bI(?:'m| am) (\d{1,3}) years old\b/i, (m) => ({ key: "identity.age", value: Number(m[1]) })],
  [
    new RegExp(
      `\\bI (?:live|am living|'m living|reside)(?: now)? in ([A-Z][\\w .'-]{1,40}?)${UNTIL_BREAK}|` +
        `\\bI(?:'m| am) based in ([A-Z][\\w .'-]{1,40}?)${UNTIL_BREAK}`,
    ),
    (m) => ({ key: "location.home", value: (m[1] ?? m[2])!.trim() }),
  ],
  [
    new RegExp(`\\bI work (?:at|for) ([A-Z][\\w&.' -]{1,40}?)${UNTIL_BREAK}`),
    (m) => ({ key: "work.company", value: m[1]!.trim() }),
  ],
  [
    new RegExp(`\\bI(?:'m| am| work as) an? ((?:senior |junior |lead |staff )?${alternation(ROLES)})\\b`, "i"),
    (m) => ({ key: "work.role", value: m[1]! }),
  ],
  [
    new RegExp(`\\bmy (${alternation(Object.keys(ATTRIBUTE_KEYS))}) is (.{1,60}?)(?=[,;!?]|\\.(?:\\s|$)|$)`, "i"),
    (m) => ({ key: ATTRIBUTE_KEYS[m[1]!.toLowerCase()]!, value: m[2]!.trim() }),
  ],
];

// Between two people: "Give her a hug", "Say hi to Sam", "Play me a song", "Have fun!".
const SOCIAL_IMPERATIVE = new RegExp(
  `^(?:please\\s+)?${words(`hug | say | give | send | let | tell | call | text | come | bring | take | enjoy | have | keep |
    stay | get | go | look | wish | thank | ask | meet | join | play | show | sing | save | pick | hold | wait | think |
    imagine | guess`)}`,
  "i",
);
const IMPERATIVE_VERBS = wordList(`use | switch | reply | respond | answer | write | send | call | ship | run | keep |
  stop | avoid | try | go | make | put | add | remove | skip | include | format | check | let | start | remind | help |
  tell | show | give | review | book | buy | schedule | email | text | note`);
const IMPERATIVE = new RegExp(
  `^(?:please\\s+)?(?:always\\s+|never\\s+|don't\\s+|do not\\s+)?${alternation(IMPERATIVE_VERBS)}\\b`,
  "i",
);
// Words a framed rewrite may lower-case at its start: "Use …" → "use …", but "WeChat is fine" stays.
const COMMON_FIRST_WORD = new RegExp(
  `^(?:(?:please\\s+)?(?:always\\s+|never\\s+|don't\\s+|do not\\s+)?${alternation(IMPERATIVE_VERBS)}\\b|${words(`the |
    this | that | it | there | a | an | all | every | each | from | always | never | please | don't | do | now | then |
    still | also | just | she | he | they | her | his | their | its`)})`,
  "i",
);
const IRREGULAR_PAST = wordList(`went | was | were | had | did | got | made | took | saw | came | ate | drank |
  bought | met | left | began | felt | found | gave | knew | ran | said | sent | spent | thought | told | wrote | won |
  lost | paid | kept | heard | became | brought | caught | taught | built`);
const NOT_PAST_ED =
  wordList(`need | feed | seed | speed | proceed | succeed | exceed | indeed | bed | red | shed | weed | breed |
    bleed | hundred`);
const PAST_TENSE = new RegExp(`\\b(?:(?!${alternation(NOT_PAST_ED)}\\b)\\w+ed|${alternation(IRREGULAR_PAST)})\\b`, "i");
// Words between listed objects ("apples, bananas and the pears"; "as well as" word by word).
const LIST_GLUE = new Set(wordList("and | or | nor | as | well | the | a | an | some"));
const INSTRUCTED_TOPICS = new Set(["communication", "shipping", "language", "reply"]);

export const enReader: LanguageReader = {
  language: "en",
  opening: enUnitOpening,

  prepare(unit, ctx) {
    // "Talk soon, say hi to Dimo for me": a leading greeting or thanks is not part of the statement.
    let clauses = unit.clauses;
    while (clauses.length > 1 && isSmallTalk(withoutVocative(clauses[0]!.text.replace(LEAD_FILLER, ""), ctx.names)))
      clauses = clauses.slice(1);
    const [head, ...tail] = clauses;
    // "Sam works nights at the depot, … but they love it": someone else's liking,
    // added to a fact about them, is left out rather than taking the fact down with it.
    const headAboutOthers = !SPEAKER_ANYWHERE[ctx.perspective].test(head!.text) && !PERSONAL.en.test(head!.text);
    const rest = headAboutOthers ? tail.filter((c) => !PERSONAL.en.test(c.text)) : tail;
    let first = head!.text.replace(LEAD_FILLER, "");
    const unmarked = first.replace(LEAD_MARKER, "");
    const marked = unit.marked || unmarked !== first;
    first = unmarked;
    // "Last week we debugged a 502" → "we debugged a 502 last week": the absolute date then
    // lands at the end ("… in the week of 2024-04-29"), where English puts it.
    const leadingTime = LEAD_TIME.exec(first);
    if (leadingTime && first.length > leadingTime[0].length) {
      first = `${first.slice(leadingTime[0].length)} ${leadingTime[0].replace(/(?<![,\s])[,\s]*$/, "")}`;
    }
    // A unit opened by an interjection ("Haha, YouTube is my teacher") keeps its joiner: drop both.
    const joined = restoreApostrophes([first, ...rest.map((c) => c.joiner + c.text)].join(""))
      .replace(/^[\s,;:.!-]+/, "")
      .replace(LEAD_FILLER, "");
    return { text: withoutVocative(joined, ctx.names), marked };
  },

  // "If it rains I work from home": a condition with its consequence in one clause is not a bare frame.
  adjunct:
    /^(?:according to|based on|regarding|concerning|speaking of|when it comes to|as for|as per|given|because|although|when)\b|^if\b(?![^,]{1,60}\s(?:i|we)\s)/i,

  refersToSpeaker: (text, perspective) => SPEAKER_ANYWHERE[perspective].test(text),

  // Between two people "this time" / "right now" narrate a moment; they do not scope an
  // instruction to one task (seed 002's transient is about what the assistant is told to do).
  transientApplies: (text, ctx) =>
    !(ctx.conversation && !IMPERATIVE.test(text) && !/\b(?:use|prefer|want)\b/i.test(text)),

  isPast: (text) => PAST_TENSE.test(text),

  shape(text, ctx, stated): ClauseShape {
    const subjectFirst = SPEAKER_SUBJECT[ctx.perspective].test(text);
    const request = REQUEST.en.test(text);
    // No subject and a bare verb first: an instruction ("Use SQLite for now", "From now on, reply in Chinese").
    const instruction =
      !subjectFirst && (stated.explicit || stated.procedure || stated.reminder || request || IMPERATIVE.test(text));
    // Between two people an imperative ("Let me know…", "Send me pictures!") asks the other person
    // for something now; it says nothing lasting about the speaker.
    return {
      subjectFirst,
      instruction,
      request,
      toListener: instruction || (!subjectFirst && SOCIAL_IMPERATIVE.test(text)),
    };
  },

  preference: (text, ctx, shape) =>
    readPreference(text, ctx.perspective) ?? (shape.instruction ? instructedPreference(text) : undefined),

  // Someone else's news, or a dated event ("The grant report is due in March"), needs some
  // substance: a name and one more word ("Her name is Pixel"), or three words.
  aboutOther: (text, ctx, times) =>
    (times.some((t) => t.direction !== "present") || aboutSomeone(text, "en", ctx.names ?? [], isFamilyTerm)) &&
    tokenize(text).length >= (/\s[A-Z][a-z]/.test(text) ? 2 : 3),

  otherGrounds: (_text, { preference }) => preference !== undefined,

  isEnumerationGlue: (rest) => rest.split(/[\s,&/]+/).every((word) => word === "" || LIST_GLUE.has(word.toLowerCase())),
  entities: ENTITIES,

  toFirstPerson: (text) =>
    text
      .replace(/\byou're\b/gi, "I'm")
      .replace(/\byour\b/gi, "my")
      .replace(/\byou\b/gi, "I"),

  startsLater: (text, times) =>
    times.some((t) => /\b(?:starting|from|beginning|as of)\s+$/i.test(text.slice(0, t.start))),

  subjectOther: (text) => /^(?:my|our)\s+(?!own\b)/i.test(text),

  rewrite: (text, times, ctx, facts: RewriteFacts) =>
    rewrite(
      text,
      times,
      ctx,
      facts.shape.subjectFirst || facts.aboutEntity ? "subject" : facts.shape.instruction ? "instruction" : "said",
      facts.past,
    ),
};

/** "Tavimo, you're full of surprises" / "Bye Oskeli!": the name of the person addressed is not content. */
function withoutVocative(text: string, names: readonly string[] | undefined): string {
  if (!names || names.length === 0) return text;
  const name = names.map(escapeRegExp).join("|");
  const led = text.replace(new RegExp(`^(?:${name}),\\s*`), "");
  // A trailing name is a vocative after a comma ("Thanks, Tom") or a greeting ("Bye Oskeli"), not in "we call it the Vantor".
  const trailing = new RegExp(`(,?)\\s+(?:${name})\\s*[!.?]*$`).exec(led);
  if (!trailing) return led.trim();
  const rest = led.slice(0, trailing.index);
  return trailing[1] || isSmallTalk(rest) ? rest.trim() : led.trim();
}

function readPreference(text: string, perspective: Perspective): Preference | undefined {
  const verbal = PREFERENCE_PATTERNS[perspective].verbal.exec(text);
  const state = PREFERENCE_PATTERNS[perspective].state.exec(text);
  const stated = /\bmy (?:preference|preferred [a-z]+) is\b/i.exec(text);
  const match = [verbal, state, stated]
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => a.index - b.index)[0];
  if (!match) return undefined;
  const word = match === stated ? "prefer" : match[2]!.toLowerCase();
  const verb = VERB_CLASS[word] ?? VERB_CLASS[word.replace(/s$/, "")] ?? "prefer";
  const objectText = text
    .slice(match.index + match[0].length)
    .split(/[,;.!?]/)[0]!
    .trim();
  const negated = match !== stated && NEGATORS.test(match[1] ?? "");
  // "I'm vegetarian": the state itself is the object.
  const object = match === state && verb === "consume" ? match[2]! : objectText;
  return { verb, negated: negated || verb === "dislike", objectText: object };
}

/**
 * "From now on, reply in Chinese", "Send it via email, not WeChat": an instruction naming a
 * contact channel, carrier, language or reply style is a preference about the first one named.
 */
function instructedPreference(text: string): Preference | undefined {
  const object = objectTerms(findTerms(text)).find((m) => INSTRUCTED_TOPICS.has(m.topic.name));
  if (!object) return undefined;
  const before = text.slice(0, object.index);
  return {
    verb: "prefer",
    negated: /\b(?:don't|do not|never|no|stop|avoid|without)\b/i.test(before),
    objectText: text.slice(object.index),
  };
}

/** "dont", "im", "ive" typed without apostrophes, as chat often is. */
function restoreApostrophes(text: string): string {
  return text
    .replace(/\b(do|does|did|ca|wo|is|are|was|were|have|has|should|could|would)nt\b/gi, "$1n't")
    .replace(/\bim\b/gi, "I'm")
    .replace(/\bive\b/gi, "I've");
}

/**
 * Third person with absolute dates. Text that does not open with the speaker gets a frame:
 * "The user's instruction: use SQLite for now…", "The user said WeChat is fine this time".
 */
function rewrite(
  text: string,
  times: readonly TimeMention[],
  ctx: ReadContext,
  shape: "subject" | "instruction" | "said",
  past: boolean,
): string {
  const resolved = applyTimeMentions(text, times).replace(/(?<![.!])[.!]+$/, "");
  // "I quit soda last spring": a past date makes an ambiguous verb past (not "quits").
  const told = past || times.some((t) => t.direction === "past");
  // Quoted speech keeps its own "I": My mom says "I never eat spicy food".
  const third = keepingQuotes(resolved, (unquoted) =>
    toThirdPerson(unquoted, ctx.label, ctx.perspective, told, ctx.listener),
  );
  if (shape === "subject") return capitalize(third);
  const body = COMMON_FIRST_WORD.test(third) ? third[0]!.toLowerCase() + third.slice(1) : third;
  // "Now I just wait" → "Now Oskeli just waits": the speaker is in it, no "Oskeli said" frame needed.
  if (shape === "said")
    return capitalize(new RegExp(`\\b${escapeRegExp(ctx.label)}\\b`).test(body) ? body : `${ctx.label} said ${body}`);
  const kind =
    ctx.perspective === "user" && !REQUEST.en.test(text) && !REMINDER.en.test(text) ? "instruction" : "request";
  return capitalize(`${ctx.label}'s ${kind}: ${body}`);
}
