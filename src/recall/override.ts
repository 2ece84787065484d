/**
 * The current instruction wins (seed 004 §4): "用户曾经说'输出用英文'，后来又说'这次用中文'，
 * 系统要理解新指令的优先级高于历史偏好…而不是把两者平等合并扔给模型".
 *
 * When this turn's message states a preference on a dimension (output language, length,
 * format, tone, contact channel) and a recalled preference states a different one, the recalled
 * memory is left out of this turn's block and marked `overridden` in the trace. Nothing is
 * written: whether the new statement should also change the stored preference is the write
 * graph's decision ("这次" is transient, seed 002).
 *
 * Rule-based on purpose: it runs on every recall, offline, and must be explainable in a trace.
 */
import type { MemoryKind, MemoryRecord } from "../schema.js";
import { alternation, escapeRegExp, wordList } from "../text/patterns.js";
import { PERSON_WORDS } from "../write/extract/lexicon.js";

export type Dimension = "language" | "verbosity" | "format" | "tone" | "channel";

interface Lexeme {
  dimension: Dimension;
  value: string;
}

// Chinese terms match anywhere; English terms on word boundaries. No bare "text" or "list":
// too generic to signal a preference.
const TERMS: [Dimension, string, string[], string[]][] = [
  ["language", "zh", ["中文", "汉语", "普通话", "华语"], ["chinese", "mandarin"]],
  ["language", "en", ["英文", "英语"], ["english"]],
  ["language", "ja", ["日语", "日文"], ["japanese"]],
  ["language", "ko", ["韩语", "韩文"], ["korean"]],
  ["language", "fr", ["法语", "法文"], ["french"]],
  ["language", "de", ["德语", "德文"], ["german"]],
  ["language", "es", ["西班牙语", "西班牙文"], ["spanish"]],
  [
    "verbosity",
    "brief",
    ["简洁", "简短", "精简", "简明", "简单点", "短一点", "短一些"],
    ["concise", "brief", "short", "shorter", "terse", "succinct"],
  ],
  [
    "verbosity",
    "detailed",
    ["详细", "详尽", "展开讲", "具体一点", "长一点"],
    ["detailed", "verbose", "thorough", "in depth", "in detail", "longer"],
  ],
  ["format", "table", ["表格"], ["table", "tables", "tabular"]],
  ["format", "bullets", ["要点", "分点", "列表形式"], ["bullet", "bullets", "bullet points", "bulleted"]],
  ["format", "prose", ["段落", "纯文本"], ["prose", "paragraph", "paragraphs", "plain text"]],
  ["tone", "formal", ["正式", "书面语"], ["formal"]],
  ["tone", "casual", ["随意", "轻松", "口语化"], ["casual", "informal"]],
  ["channel", "wechat", ["微信"], ["wechat"]],
  ["channel", "email", ["邮件", "邮箱", "电邮"], ["email", "e-mail", "mail"]],
  ["channel", "phone", ["电话"], ["phone", "call me"]],
  ["channel", "sms", ["短信"], ["sms", "text message"]],
];

const LEXICON = new Map<string, Lexeme>();
for (const [dimension, value, zh, en] of TERMS)
  for (const term of [...zh, ...en]) LEXICON.set(term, { dimension, value });

// One alternation for every term, longest first ("bullet points" before "bullet"), so a text
// is scanned once however long the lexicon grows.
const TERM_PATTERN = new RegExp(
  [...LEXICON.keys()]
    .sort((a, b) => b.length - a.length)
    .map((term) => (/^[a-z]/.test(term) ? `\\b${escapeRegExp(term).replace(/ /g, "\\s{1,8}")}\\b` : escapeRegExp(term)))
    .join("|"),
  "gu",
);

// Negation just before a term, within its clause: 不/别/不要/不用/无需/勿, no/not/never/don't/without/avoid.
const NEGATION_ZH = /(不要|不用|不需要|无需|不想|别|不|勿|没)[^，。；！？,.;!?]{0,3}$/u;
const NEGATION_EN = /\b(no|not|never|don't|dont|do not|without|avoid|stop|instead of|rather than)\b(\s+\S+){0,2}\s*$/u;

// A message states a preference only if it is phrased as a request or instruction.
const INSTRUCTION_CUE = new RegExp(
  [
    alternation(
      wordList(
        "这次 | 本次 | 这回 | 这一次 | 今天 | 现在 | 接下来 | 以后 | 请 | 改 | 换 | 切换 | 别 | 不要 | 要 | 回复 | 回答 | 输出 | 写 | 发 | 说",
      ),
    ),
    "用(?!户)",
    `\\b${alternation(
      wordList(`this time | for now | now | please | instead | use | reply | respond | answer | write | switch | make it |
        keep it | send | don't | do not | no`),
    )}\\b`,
  ].join("|"),
  "u",
);

// Only standing preferences and procedures are overridden; facts ("the user's native language
// is Chinese") and business facts stay true whatever this turn asks for.
const OVERRIDABLE_KINDS: ReadonlySet<MemoryKind> = new Set(["preference", "procedure"]);

/** What a text says on one dimension. */
export interface DimensionStatement {
  /** The one value asked for, if exactly one is. */
  wants?: string;
  /** Values explicitly refused. */
  refuses: Set<string>;
}

export type Statements = Map<Dimension, DimensionStatement>;

/**
 * The preferences a text states, per dimension. A dimension with two different wanted
 * values ("把英文翻译成中文") states nothing wanted.
 * @example
 * statedPreferences("这次用中文").get("language")?.wants; // "zh"
 */
export function statedPreferences(text: string): Statements {
  const normalized = text.normalize("NFKC").toLowerCase();
  const wanted = new Map<Dimension, Set<string>>();
  const statements: Statements = new Map();
  for (const match of normalized.matchAll(TERM_PATTERN)) {
    const lexeme = LEXICON.get(match[0].replace(/\s+/gu, " "));
    if (!lexeme) continue;
    // Negation sits within a few characters or words before the term.
    const before = normalized.slice(Math.max(0, match.index - 40), match.index);
    const negated = NEGATION_ZH.test(before) || NEGATION_EN.test(before);
    let statement = statements.get(lexeme.dimension);
    if (!statement) {
      statement = { refuses: new Set() };
      statements.set(lexeme.dimension, statement);
    }
    if (negated) statement.refuses.add(lexeme.value);
    else {
      const values = wanted.get(lexeme.dimension) ?? new Set<string>();
      values.add(lexeme.value);
      wanted.set(lexeme.dimension, values);
    }
  }
  for (const [dimension, values] of wanted) {
    const statement = statements.get(dimension)!;
    const positive = [...values].filter((value) => !statement.refuses.has(value));
    if (positive.length === 1) statement.wants = positive[0];
  }
  return statements;
}

// Seed 004 §4 is about explicit instructions in this turn: a question about a possibility
// ("可以用微信联系吗？", "Can I reach you by email?"), a hypothetical ("如果用英文写会怎样",
// "what if it were shorter") or someone else's words ("老板说要用表格", "my boss said to use
// email") changes nothing. A question is an instruction only when it asks the assistant to act
// on its reply ("能用中文回答吗？", "Could you answer in English?").
const HYPOTHETICAL = new RegExp(
  `${alternation(wordList("如果 | 假如 | 假设 | 要是 | 万一 | 倘若"))}|\\b${alternation(
    wordList("if | what if | suppose | supposing | imagine | would it be | in case"),
  )}\\b`,
  "u",
);
const REPORTER_ZH = alternation([
  "他",
  "她",
  "他们",
  "她们",
  "家人",
  ...PERSON_WORDS.zh.filter((w) => !w.startsWith("我")),
]);
const REPORTED = new RegExp(
  `${REPORTER_ZH}[^，。！？,.!?]{0,6}(?:说|让我|要我|叫我|觉得|建议)|` +
    "\\b(?:he|she|they|my [a-z]{1,20}|someone|people)\\s{1,4}(?:said|says|told|asked|thinks?|suggested|wants?)\\b",
  "u",
);
const QUESTION = /[?？]|[吗呢][\s。]{0,4}$/u;
const REQUEST_FRAME = new RegExp(
  "(?:你|您)?(?:能不能|可不可以|能否|能|可以|麻烦|请)[^，。！？,.!?]{0,12}(?:回答|回复|写|发|说|解释|讲|列|总结|翻译|输出)|" +
    "\\b(?:(?:can|could|would|will) you|please)\\b[^?.!]{0,40}" +
    "\\b(?:answer|reply|respond|write|send|explain|say|list|summari[sz]e|translate|keep|make|use|switch)\\b",
  "u",
);

/**
 * True when `text` holds a sentence that reads as an instruction for this turn: a request or
 * imperative that could state a preference, not a question about a possibility, a hypothetical
 * or reported speech.
 * @example
 * isInstruction("这次用中文回答"); // true
 * isInstruction("可以用微信联系吗？"); // false: a question, nobody asked for anything
 */
export function isInstruction(text: string): boolean {
  return instructionSentences(text.normalize("NFKC").toLowerCase()).length > 0;
}

function instructionSentences(normalized: string): string[] {
  return normalized
    .split(/(?<=[。！？!?；;\n])|(?<=\.)(?=\s|$)/u)
    .map((sentence) => sentence.trim())
    .filter(
      (sentence) =>
        INSTRUCTION_CUE.test(sentence) &&
        !HYPOTHETICAL.test(sentence) &&
        !REPORTED.test(sentence) &&
        (!QUESTION.test(sentence) || REQUEST_FRAME.test(sentence)),
    );
}

export interface OverrideFinding {
  dimension: Dimension;
  /** What the stored memory says, e.g. `en`. */
  stored: string;
  /** What this turn says, e.g. `zh` or `not en`. */
  current: string;
}

/**
 * Whether this turn's statements override a recalled memory, and on which dimension.
 * @example
 * declare const record: MemoryRecord; // a preference: "用户要求输出用英文"
 * conflictWithCurrent(record, currentStatements("这次用中文"));
 * // { dimension: "language", stored: "en", current: "zh" }
 */
export function conflictWithCurrent(record: MemoryRecord, current: Statements): OverrideFinding | undefined {
  if (current.size === 0 || !OVERRIDABLE_KINDS.has(record.kind)) return undefined;
  const storedText = [record.content, record.value === undefined ? "" : String(record.value)].join(" ");
  for (const [dimension, stored] of statedPreferences(storedText)) {
    const now = current.get(dimension);
    if (!now) continue;
    if (stored.wants !== undefined && now.wants !== undefined && stored.wants !== now.wants) {
      return { dimension, stored: stored.wants, current: now.wants };
    }
    if (stored.wants !== undefined && now.refuses.has(stored.wants)) {
      return { dimension, stored: stored.wants, current: `not ${stored.wants}` };
    }
    if (now.wants !== undefined && stored.refuses.has(now.wants)) {
      return { dimension, stored: `not ${now.wants}`, current: now.wants };
    }
  }
  return undefined;
}

/** The statements of the current message's instructions; none when it gives no instruction. */
export function currentStatements(message: string): Statements {
  const sentences = instructionSentences(message.normalize("NFKC").toLowerCase());
  return sentences.length > 0 ? statedPreferences(sentences.join(" ")) : new Map();
}
