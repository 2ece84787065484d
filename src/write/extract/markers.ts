/**
 * Surface cues shared by the Chinese and English rules: where sentences and clauses end,
 * what is small talk, what is a question or a request, and the admission signals of seed 002
 * §2 (explicit markers, transient hints, one-off exceptions) and seed 001 §5.1 (记住 / 以后都 /
 * 我的偏好是 write directly; 下周 / 月底之前 make todos).
 */

/** Split text into sentences, keeping the closing punctuation with its sentence. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;\n])|(?<=\.)(?=\s|$)/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export interface Clause {
  text: string;
  /** The separator that preceded it in the sentence ("", "，", ", ", " "). */
  joiner: string;
}

// English clauses also break before "and/but/so" when a new first-person subject follows,
// which is what turns "I went to X yesterday and my sister moved to Y" into two facts.
const EN_CLAUSE_BREAK =
  /\s*[,，;；]\s*|\s+(?=(?:and|but|so|while|although)\s+(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our)\b)/giu;
const ZH_CLAUSE_BREAK = /\s*[，,；;]\s*/gu;

/** Split one sentence into clauses (terminal punctuation removed). */
export function splitClauses(sentence: string, language: "zh" | "en"): Clause[] {
  const body = sentence.replace(/[。！？!?；;.\s]+$/u, "");
  const pattern = language === "zh" ? ZH_CLAUSE_BREAK : EN_CLAUSE_BREAK;
  const clauses: Clause[] = [];
  let cursor = 0;
  let joiner = "";
  for (const match of body.matchAll(pattern)) {
    const text = body.slice(cursor, match.index).trim();
    // "My wife and I moved…", "Nadia and I are driving…": a short subject before "and I" is
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
const NOISE = "(?:[\\s~～…。，,.!！?？、:：;；\\-—()（）\"'“”‘’\\p{Extended_Pictographic}]|\\u200d|\\ufe0f)+";
const TRAILING_NOISE = new RegExp(`${NOISE}$`, "u");
const LEADING_NOISE = new RegExp(`^${NOISE}`, "u");

/** Lowercased text without surrounding punctuation, emoji or Chinese sentence particles. */
export function bare(text: string): string {
  return text
    .replace(LEADING_NOISE, "")
    .replace(TRAILING_NOISE, "")
    .replace(/[啊呀啦哈嘛吧呢哦噢嘞]+$/u, "")
    .toLowerCase()
    .trim();
}

const SMALL_TALK = new Set([
  // English greetings, thanks, acknowledgements, filler
  "hi",
  "hello",
  "hey",
  "hey there",
  "hi there",
  "good morning",
  "good afternoon",
  "good evening",
  "good night",
  "morning",
  "thanks",
  "thank you",
  "thanks a lot",
  "thank you so much",
  "thanks so much",
  "many thanks",
  "thx",
  "ty",
  "cheers",
  "ok",
  "okay",
  "k",
  "sure",
  "yes",
  "yeah",
  "yep",
  "no",
  "nope",
  "cool",
  "great",
  "nice",
  "awesome",
  "perfect",
  "exactly",
  "right",
  "of course",
  "alright",
  "all right",
  "got it",
  "i see",
  "i agree",
  "i understand",
  "understood",
  "makes sense",
  "sounds good",
  "sounds great",
  "lol",
  "haha",
  "hahaha",
  "hmm",
  "bye",
  "goodbye",
  "see you",
  "see ya",
  "see you later",
  "you're welcome",
  "no problem",
  "np",
  "no worries",
  "i'm fine",
  "i'm good",
  "i'm ok",
  "i'm okay",
  "i don't know",
  "i'm not sure",
  "not sure",
  "i think so",
  "me too",
  "same here",
  "how are you",
  "what's up",
  "nice to meet you",
  "i know",
  "i guess so",
  "please",
  "sorry",
  "my bad",
  "wow",
  "oh",
  "ah",
  "um",
  "uh",
  "well",
  "good",
  "fine",
  "interesting",
  "congrats",
  "congratulations",
  "oh no",
  "no way",
  "aww",
  "aw",
  "omg",
  "oh my gosh",
  "oh my god",
  "whoa",
  "yay",
  "fingers crossed",
  "will do",
  "deal",
  "take care",
  "talk soon",
  "talk later",
  "good luck",
  "same",
  "true",
  "fair",
  "love that",
  "love it",
  "ha",
  "so proud of you",
  "proud of you",
  "i'm so proud of you",
  "agree",
  "totally agree",
  "i totally agree",
  "you too",
  "happy new year",
  "happy birthday",
  "merry christmas",
  "happy holidays",
  "i love that",
  "i love it",
  "i love this",
  "i like that",
  "i like it",
  "love this",
  "bye",
  "see you soon",
  "me neither",
  "totally",
  "absolutely",
  "definitely",
  "for sure",
  "of course not",
  "i bet",
  "good for you",
  // Chinese
  "你好",
  "您好",
  "嗨",
  "哈喽",
  "早",
  "早上好",
  "上午好",
  "下午好",
  "晚上好",
  "晚安",
  "谢谢",
  "谢谢你",
  "谢谢您",
  "多谢",
  "感谢",
  "谢啦",
  "好的",
  "好",
  "好吧",
  "嗯",
  "嗯嗯",
  "哦",
  "噢",
  "哈哈",
  "哈哈哈",
  "呵呵",
  "可以",
  "行",
  "没问题",
  "明白",
  "明白了",
  "知道了",
  "收到",
  "再见",
  "拜拜",
  "不客气",
  "对",
  "对的",
  "是的",
  "没事",
  "辛苦了",
  "好嘞",
  "了解",
  "懂了",
  "我知道了",
  "我明白了",
  "我不知道",
  "不知道",
  "不确定",
  "我也是",
  "是吗",
  "真的吗",
  "太好了",
  "棒",
  "厉害",
  "抱歉",
  "不好意思",
  "好的谢谢",
  "ok谢谢",
  "谢谢啦",
  "以后再说",
  "回头再说",
  "再说吧",
  "再说",
  "下次再聊",
  "改天再聊",
]);

/** Greetings, thanks, acknowledgements and filler: nothing to remember. */
export function isSmallTalk(text: string): boolean {
  const b = bare(text);
  return b.length === 0 || SMALL_TALK.has(b) || SMALL_TALK.has(b.replace(/[,，!！.。\s]+/gu, " ").trim());
}

/** Marker-only clauses that flag what follows (记住，…  / Remember: …) without content of their own. */
const MARKER_ONLY = new Set([
  "记住",
  "请记住",
  "记一下",
  "记下",
  "记下来",
  "帮我记住",
  "帮我记一下",
  "你记住",
  "对了",
  "另外",
  "顺便说一下",
  "提醒一下",
  "remember",
  "please remember",
  "remember this",
  "note",
  "note this",
  "fyi",
  "btw",
  "by the way",
  "just so you know",
  "for the record",
  "for your information",
  "keep in mind",
]);
const EXPLICIT_MARKER_ONLY = new Set([
  "记住",
  "请记住",
  "记一下",
  "记下",
  "记下来",
  "帮我记住",
  "帮我记一下",
  "你记住",
  "remember",
  "please remember",
  "remember this",
  "note",
  "note this",
  "keep in mind",
  "for the record",
]);

/** "记住" / "remember" on its own: returns whether it marks the next clause as explicit, or undefined if the clause has content. */
export function markerOnly(text: string): { explicit: boolean } | undefined {
  const b = bare(text);
  return MARKER_ONLY.has(b) ? { explicit: EXPLICIT_MARKER_ONLY.has(b) } : undefined;
}

/** Seed 001 §5.1 explicit write markers, and the first-person stance words the issue lists (我不…, I never…). */
export const EXPLICIT = {
  zh: /记住|记一下|记下|记得|别忘了|以后都|以后|今后|从现在起|从现在开始|往后|我的偏好是|我偏好|我一直|我总是|我从不|我从来不|我不/u,
  en: /\b(?:remember|don't forget|do not forget|keep in mind|note that|from now on|going forward|in the future|my preference is|i prefer|i always|i never|i don't|i do not)\b|^(?:always|never)\b/i,
};

/** Conventions and procedures: 我们约定：…, 以后都先…, always run X before Y. */
export const PROCEDURE = {
  zh: /约定|规定|规范|流程|规矩|惯例|必须先|都要先|都得先|都先|每次都|每次.{0,16}(?:前|之前)|一律|务必/u,
  en: /\b(?:we(?: have|'ve)? agreed|agreed that|our convention|the convention is|(?:our|team|the) rule is|our process|(?:our|the) policy is|must\b.{0,60}\b(?:first|before)\b|always\b.{1,60}\bbefore\b|before\b.{1,60}\balways\b|every time\b.{1,60}\b(?:first|before)\b)/i,
};

/** Asking the assistant for something now: a task, not a fact about the user. */
export const REQUEST = {
  zh: /^(?:请|麻烦)?(?:你|您)?(?:帮我|帮忙|给我|替我|告诉我|写一?[个篇份]?|翻译|总结|解释|查一?下|看看|列出|生成)|我想问|请问|我想知道|我想让你|能不能|可不可以|可以帮|能帮/u,
  en: /^(?:please\s+)?(?:(?:can|could|would|will) you\b|help me\b|write\b|tell me\b|show me\b|give me\b|explain\b|summari[sz]e\b|translate\b|find\b|create\b|generate\b|draft\b|list\b|check\b)|\b(?:i need you to|i want you to|i'd like you to|i need help|i'm looking for|i am looking for|i wonder|i was wondering)\b/i,
};

/** Reminders are todos even without a date. */
export const REMINDER = { zh: /提醒我|提醒一下我|别让我忘了/u, en: /\bremind me\b|\bdon't let me forget\b/i };

/** A question: asks, does not tell. */
export function isQuestion(sentence: string, language: "zh" | "en"): boolean {
  const trimmed = sentence.trim();
  if (/[?？]\s*$/u.test(trimmed)) return true;
  if (language === "zh")
    return (
      /[吗么]\s*[。.]?$/u.test(trimmed) ||
      /^(?:为什么|怎么|什么|哪|谁|多少|是否|能否|是不是|有没有|要不要)/u.test(trimmed)
    );
  return /^(?:what|why|how|when|where|who|which|whose|do|does|did|is|are|was|were|should|shall|may|might|could|would|can|will|won't|isn't|aren't|don't|doesn't)\b/i.test(
    trimmed,
  );
}

/** Opinions about the conversation itself ("I think that's a good idea", "我觉得这个不错"). */
export const REACTION = {
  zh: /^我?(?:觉得|认为|感觉)(?:这|那|你|它|挺|还|不错|可以|很好)|你说得对|有道理|说得好|^(?:这|那)(?:个|样)?(?:不错|挺好|很好|可以|行)/u,
  en: /^i (?:think|guess|believe|feel like|suppose|agree)\b.{0,12}\b(?:that|this|it|so|you|your)\b|^(?:that|this)(?:'s| is| was| sounds| looks| seems)\b|^it(?:'s| is| was| sounds| looks| seems)\s+(?:(?:so|really|very|such|pretty|just|totally|super|kind of|quite|a bit|not|been|always|all)\s+)*(?:great|good|cool|amazing|awesome|nice|fun|fine|ok|okay|beautiful|lovely|wonderful|incredible|fantastic|perfect|special|sweet|crazy|hard|tough|scary|exciting|interesting|true|funny|weird|sad|a lot|a blast|the best|worth it|going|over|what it is|like that|up to you|a deal|time|hectic|busy|rough|manageable)\b|\b(?:your|the)(?: \w+)? (?:answer|reply|response|suggestion|idea|explanation|code)\b|\bsounds (?:like (?:a|an|so|such|fun)\b|so |really |great|amazing|awesome|fun|lovely|perfect|magical|wonderful|beautiful|incredible|gorgeous|delicious|exciting)|\b(?:looks|seems) (?:so |really |great|amazing|awesome|lovely|perfect|wonderful|beautiful|incredible|gorgeous|delicious)/i,
};

/** Momentary moods ("I'm so tired", "我今天好累") are chatter; lasting traits are personal facts. */
export const MOOD = {
  zh: /^(?:用户|我)?(?:今天|现在|刚才|有点|有些|好|很|太|真|超|特别)*(?:累|困|饿|渴|无聊|开心|高兴|难过|伤心|烦|生气|紧张|激动|兴奋|忙)(?:了|死了|啊|呀)?$/u,
  en: /^(?:i'm|i am|i feel|i'm feeling|i am feeling|i was|feeling)\s+(?:so |really |a bit |a little |kind of |very |pretty |super |quite )?(?:tired|sleepy|hungry|thirsty|bored|happy|sad|upset|angry|excited|nervous|stressed|great|good|fine|okay|ok|exhausted|busy)(?:\s+(?:today|now|right now|tonight|at the moment))?$/i,
};

/** Traits, feelings and likes (seed 003 §5.1: written only at confidence ≥ 0.85). */
export const PERSONAL = {
  zh: /喜欢|爱|讨厌|受不了|反感|性格|内向|外向|脾气|焦虑|抑郁|孤独|害怕|情绪|心情|感觉自己|开心|高兴|难过|伤心|感激|感动|骄傲|生气|担心|压力/u,
  en: /\b(?:like|likes|love|loves|enjoy|enjoys|hate|hates|dislike|dislikes|can't stand|keen on|passionate about|interested in|fond of|personality|introvert|extrovert|anxious|depressed|lonely|afraid|scared|feel|feeling|felt|happy|sad|thankful|grateful|proud|excited|upset|angry|worried|stressed)\b/i,
};

/**
 * Self-judgements of personality (seed 002: "我这个人就是比较难搞" said in passing pollutes memory):
 * these stay below the 0.85 bar for personal statements unless the user asks to remember them.
 */
export const TRAIT = {
  zh: /性格|内向|外向|脾气|难搞|这个人|焦虑|抑郁|孤独|自卑|固执|挑剔|急性子|完美主义|懒/u,
  en: /\b(?:personality|introvert(?:ed)?|extrovert(?:ed)?|shy|anxious|depressed|lonely|moody|grumpy|lazy|stubborn|picky|impatient|perfectionist|insecure|difficult|hard to deal with|(?:kind|sort|type) of (?:a )?(?:\w+ )?person)\b/i,
};

/**
 * The speaker states something of their own: "I love painting", "I'd love to work in mental
 * health", "it made me feel accepted", 我喜欢…, 让我很感动. Not "my mom loves gardening".
 */
export const SELF_STATED = {
  zh: /^(?:我们|我)(?!妹|姐|哥|弟|妈|爸|父|母|老婆|老公|妻|丈夫|太太|儿|女儿|孩子|家人|朋友|同事|男朋友|女朋友|对象|爷|奶|外公|外婆|姥|老板|领导|室友|邻居)|[让使令]我/u,
  en: /^(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd)\b|\b(?:made|makes|make|making) (?:me|us) (?:feel|so|really)\b/i,
};

const PRONOUN = { en: /\b(?:he|she|they|him|her|his|hers|their|them|he's|she's|they're)\b/i, zh: /他|她|它/u };
const VERB_AFTER_NAME = /^(?:is|was|are|were|has|had|have|got|gets|will|would|can|could|just|also|finally|\w{3,}ed)$/i;
export const NOT_A_NAME: ReadonlySet<string> = new Set(
  "I The A An This That These Those It There Here What Which Who When Where Why How My Our Your We You Oh Ok Okay Yes No Haha Wow And But So Also Just Maybe Well Hey Hi Thanks Sorry Please Congrats Congratulations Aww Omg Ha Lol Good Great Nice Cool Sure Anyway Then Now Today Yesterday Tomorrow Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December".split(
    " ",
  ),
);

/**
 * A sentence about someone else: a pronoun, a named person or place, or a relative or pet
 * ("The baby is due in September", "Sam is a nurse at the children's hospital"). In a
 * conversation such sentences carry as much as the speaker's own ("my sister moved to Boston
 * last year" is worth remembering); `isFamily` tells whether a word names a relative or pet.
 */
export function aboutSomeone(
  text: string,
  language: "zh" | "en",
  names: readonly string[],
  isFamily: (text: string) => boolean,
): boolean {
  if (PRONOUN[language].test(text) || isFamily(text)) return true;
  if (language === "zh") return names.some((name) => text.includes(name));
  const words = text.split(/\s+/);
  return words.some((raw, i) => {
    const word = raw.replace(/^[^\p{L}]+|[^\p{L}'’]+$/gu, "").replace(/['’]s$/u, "");
    if (!/^[A-Z][a-z]/.test(word) || NOT_A_NAME.has(word)) return false;
    if (names.includes(word)) return true;
    // Mid-sentence capitals are names and places (Jaipur, Lake Michigan); a capital first word
    // only when a verb follows it ("Sam painted…", not "Holiday sales were great").
    if (i > 0) return !/[.!?:;]$/.test(words[i - 1]!);
    return VERB_AFTER_NAME.test(words[1] ?? "");
  });
}

/** Clauses that belong together: one that opens with its own subject, and those continuing it. */
export interface Unit {
  clauses: Clause[];
  /** A preceding marker-only clause ("记住，…", "Remember: …") made this unit explicit. */
  marked: boolean;
}

/**
 * Group a sentence's clauses into units. `opens` decides whether a clause starts a unit, and
 * with which text: its own when it has a subject, or with the speaker's subject restored when it
 * states a new attribute or preference of its own (我叫李雷，在字节跳动工作 → "我在字节跳动工作").
 * Other clauses continue the previous unit as detail of the same event (seed 003 §3.3: an event
 * is one memory, "上周排查过一个 502，是网关超时导致的"). Marker-only clauses flag the next unit.
 */
export function groupUnits(clauses: readonly Clause[], opens: (text: string) => string | undefined): Unit[] {
  const units: Unit[] = [];
  let pendingMark = false;
  for (const clause of clauses) {
    const marker = markerOnly(clause.text);
    if (marker) {
      pendingMark ||= marker.explicit;
      continue;
    }
    const current = units[units.length - 1];
    const opened = current && !pendingMark ? opens(clause.text) : clause.text;
    if (current && opened === undefined) {
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
