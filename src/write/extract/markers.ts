/**
 * Surface cues of both languages, as word lists and the patterns built from them: small talk,
 * explicit write markers (seed 001 §5.1: 记住 / 以后都 / 我的偏好是 write directly), conventions,
 * requests and reminders, questions, reactions and passing moods, personal statements and traits
 * (seed 003 §5.1), and who a sentence is about. Transient and one-off cues live in ../cues.ts.
 */
import { alternation, wordList } from "../../text/patterns.js";
import { PEOPLE } from "./lexicon.js";
import { bare } from "./segment.js";

export type Language = "zh" | "en";

/** English words from a list, as a whole-word alternation. */
const words = (list: string): string => `\\b${alternation(wordList(list))}\\b`;

const SMALL_TALK = new Set([
  ...wordList(`hi | hello | hey | hey there | hi there | good morning | good afternoon | good evening | good night |
    morning | thanks | thank you | thanks a lot | thank you so much | thanks so much | many thanks | thx | ty |
    cheers | ok | okay | k | sure | yes | yeah | yep | no | nope | cool | great | nice | awesome | perfect | exactly |
    right | of course | alright | all right | got it | i see | i agree | i understand | understood | makes sense |
    sounds good | sounds great | lol | haha | hahaha | hmm | bye | goodbye | see you | see ya | see you later |
    you're welcome | no problem | np | no worries | i'm fine | i'm good | i'm ok | i'm okay | i don't know |
    i'm not sure | not sure | i think so | me too | same here | how are you | what's up | nice to meet you | i know |
    i guess so | please | sorry | my bad | wow | oh | ah | um | uh | well | good | fine | interesting | congrats |
    congratulations | oh no | no way | aww | aw | omg | oh my gosh | oh my god | whoa | yay | fingers crossed |
    will do | deal | take care | talk soon | talk later | good luck | same | true | fair | love that | love it | ha |
    so proud of you | proud of you | i'm so proud of you | agree | totally agree | i totally agree | you too |
    happy new year | happy birthday | merry christmas | happy holidays | i love that | i love it | i love this |
    i like that | i like it | love this | see you soon | me neither | totally | absolutely | definitely | for sure |
    of course not | i bet | good for you`),
  ...wordList(`你好 | 您好 | 嗨 | 哈喽 | 早 | 早上好 | 上午好 | 下午好 | 晚上好 | 晚安 | 谢谢 | 谢谢你 | 谢谢您 |
    多谢 | 感谢 | 谢啦 | 好的 | 好 | 好吧 | 嗯 | 嗯嗯 | 哦 | 噢 | 哈哈 | 哈哈哈 | 呵呵 | 可以 | 行 | 没问题 | 明白 |
    明白了 | 知道了 | 收到 | 再见 | 拜拜 | 不客气 | 对 | 对的 | 是的 | 没事 | 辛苦了 | 好嘞 | 了解 | 懂了 | 我知道了 |
    我明白了 | 我不知道 | 不知道 | 不确定 | 我也是 | 是吗 | 真的吗 | 太好了 | 棒 | 厉害 | 抱歉 | 不好意思 | 好的谢谢 |
    ok谢谢 | 谢谢啦 | 以后再说 | 回头再说 | 再说吧 | 再说 | 下次再聊 | 改天再聊`),
]);

/** Greetings, thanks, acknowledgements and filler: nothing to remember. */
export function isSmallTalk(text: string): boolean {
  const b = bare(text);
  return b.length === 0 || SMALL_TALK.has(b) || SMALL_TALK.has(b.replace(/[,，!！.。\s]+/gu, " ").trim());
}

/** Seed 001 §5.1 explicit write markers, and first-person stance words (我不…, I never…). */
export const EXPLICIT = {
  zh: new RegExp(
    // 以后 / 往后 are "from now on" opening a clause or after a person (我以后…), and "after" after an
    // event (扩建以后能坐十二个人): only the first.
    `${alternation(
      wordList(`记住 | 记一下 | 记下 | 记得 | 别忘了 | 今后 | 从现在起 | 从现在开始 |
        我的偏好是 | 我偏好 | 我一直 | 我总是 | 我从不 | 我从来不 | 我不`),
    )}|(?<![^我你您们s，,。！!？?；;：:、])(?:以后|往后)`,
    "u",
  ),
  en: new RegExp(
    `${words(`remember | don't forget | do not forget | keep in mind | note that | from now on | going forward |
      in the future | my preference is | i prefer | i always | i never | i don't | i do not`)}|^(?:always|never)\\b`,
    "i",
  ),
};

/** Conventions and procedures: 我们约定：…, 以后都先…, always run X before Y. */
export const PROCEDURE = {
  zh: new RegExp(
    `${alternation(
      wordList(`约定 | 规定 | 规范 | 流程 | 规矩 | 惯例 | 必须先 | 都要先 | 都得先 | 都先 | 每次都 |
      一律 | 务必`),
    )}|每次.{0,16}(?:前|之前)`,
    "u",
  ),
  en: new RegExp(
    [
      `\\b${alternation(
        wordList(`we agreed | we have agreed | we've agreed | agreed that | our convention | the convention is |
          our rule is | team rule is | the rule is | our process | our policy is | the policy is`),
      )}`,
      "\\bmust\\b.{0,60}\\b(?:first|before)\\b",
      "\\balways\\b.{1,60}\\bbefore\\b",
      "\\bbefore\\b.{1,60}\\balways\\b",
      "\\bevery time\\b.{1,60}\\b(?:first|before)\\b",
    ].join("|"),
    "i",
  ),
};

/** Asking the assistant for something now: a task, not a fact about the user. */
export const REQUEST = {
  zh: new RegExp(
    `^(?:请|麻烦)?(?:你|您)?(?:帮我|帮忙|给我|替我|告诉我|写一?[个篇份]?|翻译|总结|解释|查一?下|看看|列出|生成)|${alternation(
      wordList("我想问 | 请问 | 我想知道 | 我想让你 | 能不能 | 可不可以 | 可以帮 | 能帮"),
    )}`,
    "u",
  ),
  en: new RegExp(
    `^(?:please\\s+)?(?:(?:can|could|would|will) you|${alternation(
      wordList(`help me | write | tell me | show me | give me | explain | summarize | summarise | translate | find |
        create | generate | draft | list | check`),
    )})\\b|${words("i need you to | i want you to | i'd like you to | i need help | i'm looking for | i am looking for | i wonder | i was wondering")}`,
    "i",
  ),
};

/** Reminders are todos even without a date. */
export const REMINDER = {
  zh: new RegExp(alternation(wordList("提醒我 | 提醒一下我 | 别让我忘了")), "u"),
  en: new RegExp(words("remind me | don't let me forget"), "i"),
};

const QUESTION_OPENERS = {
  zh: new RegExp(
    `^${alternation(wordList("为什么 | 怎么 | 什么 | 哪 | 谁 | 多少 | 是否 | 能否 | 是不是 | 有没有 | 要不要"))}`,
    "u",
  ),
  en: new RegExp(
    `^${words(`what | why | how | when | where | who | which | whose | do | does | did | is | are | was | were | should |
      shall | may | might | could | would | can | will | won't | isn't | aren't | don't | doesn't`)}`,
    "i",
  ),
};

/** A question: asks, does not tell. */
export function isQuestion(sentence: string, language: Language): boolean {
  const trimmed = sentence.trim();
  if (/[?？]\s*$/u.test(trimmed)) return true;
  // Closed with a full stop, it tells: "Don't book Studio D3, it's for interviews.", 哪天都行。
  if (/[.!。！]\s*$/u.test(trimmed)) return false;
  if (language === "zh") return /[吗么]\s*[。.]?$/u.test(trimmed) || QUESTION_OPENERS.zh.test(trimmed);
  // "May 22 is when …": the month, not the modal.
  return QUESTION_OPENERS.en.test(trimmed) && !/^may\s{1,3}\d/iu.test(trimmed);
}

const PRAISE = wordList(`great | good | cool | amazing | awesome | nice | fun | fine | ok | okay | beautiful | lovely |
  wonderful | incredible | fantastic | perfect | special | sweet | crazy | hard | tough | scary | exciting |
  interesting | true | funny | weird | sad | a lot | a blast | the best | worth it | going | over | what it is |
  like that | up to you | a deal | time | hectic | busy | rough | manageable`);
const IMPRESSED = wordList(
  `great | amazing | awesome | lovely | perfect | wonderful | beautiful | incredible | gorgeous | delicious`,
);

// Words between "it's" and a word of praise ("it's really just great"), in the order tried.
const DEGREE_WORDS = wordList(
  "so | really | very | such | pretty | just | totally | super | kind of | quite | a bit | not | been | always | all",
);

/** Opinions about the conversation itself ("I think that's a good idea", "我觉得这个不错"). */
export const REACTION = {
  zh: /^我?(?:觉得|认为|感觉)(?:这|那|你|它|挺|还|不错|可以|很好)|你说得对|有道理|说得好|^(?:这|那)(?:个|样)?(?:不错|挺好|很好|可以|行)/u,
  en: new RegExp(
    [
      "^i (?:think|guess|believe|feel like|suppose|agree)\\b.{0,12}\\b(?:that|this|it|so|you|your)\\b",
      "^(?:that|this)(?:'s| is| was| sounds| looks| seems)\\b",
      `^it(?:'s| is| was| sounds| looks| seems)\\s+(?:(?:${DEGREE_WORDS.join("|")})\\s+)*${alternation(PRAISE)}\\b`,
      "\\b(?:your|the)(?: \\w+)? (?:answer|reply|response|suggestion|idea|explanation|code)\\b",
      `\\bsounds (?:like (?:a|an|so|such|fun)\\b|so |really |${alternation([...IMPRESSED, "fun", "magical", "exciting"])})`,
      `\\b(?:looks|seems) (?:so |really |${alternation(IMPRESSED)})`,
    ].join("|"),
    "i",
  ),
};

/** Momentary moods ("I'm so tired", "我今天好累") are chatter; lasting traits are personal facts. */
export const MOOD = {
  zh: new RegExp(
    `^(?:用户|我)?(?:今天|现在|刚才|有点|有些|好|很|太|真|超|特别)*${alternation(
      wordList("累 | 困 | 饿 | 渴 | 无聊 | 开心 | 高兴 | 难过 | 伤心 | 烦 | 生气 | 紧张 | 激动 | 兴奋 | 忙"),
    )}(?:了|死了|啊|呀)?$`,
    "u",
  ),
  en: new RegExp(
    `^(?:i'm|i am|i feel|i'm feeling|i am feeling|i was|feeling)\\s+(?:so |really |a bit |a little |kind of |very |pretty |super |quite )?${alternation(
      wordList(`tired | sleepy | hungry | thirsty | bored | happy | sad | upset | angry | excited | nervous |
        stressed | great | good | fine | okay | ok | exhausted | busy`),
    )}(?:\\s+(?:today|now|right now|tonight|at the moment))?$`,
    "i",
  ),
};

/**
 * Words of character: the personality a statement of likes and feelings may mention (内向,
 * "anxious"), and the self-judgements said in passing that pollute memory (seed 002: "我这个人就是
 * 比较难搞"); then words of a state of mind, of a feeling, and of a like or dislike.
 */
const PERSONALITY_WORDS = {
  zh: wordList("性格 | 内向 | 外向 | 脾气 | 焦虑 | 抑郁 | 孤独"),
  en: wordList("personality | introvert | extrovert | anxious | depressed | lonely"),
};
const SELF_JUDGEMENT_WORDS = {
  zh: wordList("难搞 | 这个人 | 自卑 | 固执 | 挑剔 | 急性子 | 完美主义 | 懒"),
  en: wordList(`introverted | extroverted | shy | moody | grumpy | lazy | stubborn | picky | impatient | perfectionist |
    insecure | difficult | hard to deal with`),
};
export const TRAIT_WORDS = {
  zh: [...PERSONALITY_WORDS.zh, ...SELF_JUDGEMENT_WORDS.zh],
  en: [...PERSONALITY_WORDS.en, ...SELF_JUDGEMENT_WORDS.en],
};
export const MOOD_WORDS = { zh: wordList("情绪 | 心情 | 郁闷 | 沮丧 | 心烦"), en: wordList("mood | moods") };
const FEELING_WORDS = {
  zh: wordList("感觉自己 | 开心 | 高兴 | 难过 | 伤心 | 感激 | 感动 | 骄傲 | 生气 | 担心 | 压力 | 害怕"),
  en: wordList(`afraid | scared | feel | feeling | felt | happy | sad | thankful | grateful | proud | excited | upset |
    angry | worried | stressed`),
};
const LIKE_WORDS = {
  zh: wordList("喜欢 | 爱 | 讨厌 | 受不了 | 反感"),
  en: wordList(`like | likes | love | loves | enjoy | enjoys | hate | hates | dislike | dislikes | can't stand | keen on |
    passionate about | interested in | fond of`),
};
const PERSONAL_WORDS = {
  zh: [...LIKE_WORDS.zh, ...FEELING_WORDS.zh, ...MOOD_WORDS.zh, ...PERSONALITY_WORDS.zh],
  en: [...LIKE_WORDS.en, ...FEELING_WORDS.en, ...MOOD_WORDS.en, ...PERSONALITY_WORDS.en],
};

/** Traits, moods, feelings and likes (seed 003 §5.1: written only at confidence ≥ 0.85). */
export const PERSONAL = {
  zh: new RegExp(alternation(PERSONAL_WORDS.zh), "u"),
  en: new RegExp(`\\b${alternation(PERSONAL_WORDS.en)}\\b`, "i"),
};

/** Self-judgements of personality: below the 0.85 bar for personal statements unless the user asks to remember them. */
export const TRAIT = {
  zh: new RegExp(alternation(TRAIT_WORDS.zh), "u"),
  en: new RegExp(`\\b${alternation(TRAIT_WORDS.en)}\\b|\\b(?:kind|sort|type) of (?:a )?(?:\\w+ )?person\\b`, "i"),
};

/**
 * The speaker states something of their own: "I love painting", "I'd like to train as a
 * carpenter", "the choir made me feel at home", 我喜欢…, 让我很安心. Not "my mom loves gardening".
 */
export const SELF_STATED = {
  zh: new RegExp(`^(?:我们|我)(?!${alternation(PEOPLE.zh)})|[让使令]我`, "u"),
  en: /^(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd)\b|\b(?:made|makes|make|making) (?:me|us) (?:feel|so|really)\b/i,
};

const PRONOUN = {
  en: new RegExp(words("he | she | they | him | her | his | hers | their | them | he's | she's | they're"), "i"),
  zh: /他|她|它/u,
};
const VERB_AFTER_NAME = /^(?:is|was|are|were|has|had|have|got|gets|will|would|can|could|just|also|finally|\w{3,}ed)$/i;

/** Capitalised words that open English sentences without being names. */
export const NOT_A_NAME: ReadonlySet<string> = new Set(
  wordList(`I | The | A | An | This | That | These | Those | It | There | Here | What | Which | Who | When | Where |
    Why | How | My | Our | Your | We | You | Oh | Ok | Okay | Yes | No | Haha | Wow | And | But | So | Also | Just |
    Maybe | Well | Hey | Hi | Thanks | Sorry | Please | Congrats | Congratulations | Aww | Omg | Ha | Lol | Good |
    Great | Nice | Cool | Sure | Anyway | Then | Now | Today | Yesterday | Tomorrow | Monday | Tuesday | Wednesday |
    Thursday | Friday | Saturday | Sunday | January | February | March | April | May | June | July | August |
    September | October | November | December`),
);

/**
 * A sentence about someone else: a pronoun, a named person or place, or a relative or pet
 * ("The puppy arrives in October", "Sam drives a tram downtown"). In a
 * conversation such sentences carry as much as the speaker's own ("my sister moved to Boston
 * last year" is worth remembering); `isFamily` tells whether a word names a relative or pet.
 */
export function aboutSomeone(
  text: string,
  language: Language,
  names: readonly string[],
  isFamily: (text: string) => boolean,
): boolean {
  if (PRONOUN[language].test(text) || isFamily(text)) return true;
  if (language === "zh") return names.some((name) => text.includes(name));
  const words = text.split(/\s+/);
  return words.some((raw, i) => {
    const word = raw.replace(/^[^\p{L}]+|(?<![^\p{L}'’])[^\p{L}'’]+$/gu, "").replace(/['’]s$/u, "");
    if (!/^[A-Z][a-z]/.test(word) || NOT_A_NAME.has(word)) return false;
    if (names.includes(word)) return true;
    // Mid-sentence capitals are names and places (Tromsø, Lake Michigan); a capital first word
    // only when a verb follows it ("Sam painted…", not "Holiday sales were great").
    if (i > 0) return !/[.!?:;]$/.test(words[i - 1]!);
    return VERB_AFTER_NAME.test(words[1] ?? "");
  });
}
