/**
 * The dimension vocabulary: attributes with one value at a time, the words that name each and
 * the words of each value, read by dimensions.ts.
 */
import { wordList } from "../../text/patterns.js";
import { TOPICS } from "./lexicon.js";

/**
 * Attributes with one value at a time that people state in words the topic lexicon does not
 * hold, and the dimension each belongs to: "keep answers short" and 回答简短点 are both
 * `reply.length = short`, "I prefer detailed, long explanations" is `reply.length = long`.
 * Value words are only read next to one of the dimension's context words (answers, 回答, commute,
 * 通勤), so "a short trip" or 坐地铁去看展 say nothing about either.
 */
export interface Dimension {
  /** The key of the speaker's own value; for someone else its segments joined (`reply_length`). */
  key: string;
  /** What it is called, in both languages (hints, questions, the model's judgement). */
  label: { zh: string; en: string };
  /** Words that say the clause is about this dimension. */
  context: { zh: readonly string[]; en: readonly string[] };
  /** Canonical value → the words that say it. */
  values: Readonly<Record<string, { zh: readonly string[]; en: readonly string[] }>>;
  /** A two-valued dimension: a negated value means the other ("not too long" → short). */
  opposite?: readonly [string, string];
  /** Set by an instruction to the assistant ("keep answers short", 回答简短点), not only by a statement. */
  instructable?: boolean;
}

type Words = readonly [zh: string, en: string];
const both = ([zh, en]: Words) => ({ zh: wordList(zh), en: wordList(en) });
const dimension = (
  key: string,
  label: readonly [string, string],
  context: Words,
  values: Record<string, Words>,
  extra: Pick<Dimension, "opposite" | "instructable"> = {},
): Dimension => ({
  key,
  label: { zh: label[0], en: label[1] },
  context: both(context),
  values: Object.fromEntries(Object.entries(values).map(([value, words]) => [value, both(words)])),
  ...extra,
});

export const DIMENSIONS: readonly Dimension[] = [
  dimension(
    "reply.length",
    ["回答长短", "reply length"],
    [
      "回答 | 回复 | 答案 | 解释 | 说明 | 讲解",
      "answer | answers | reply | replies | response | responses | explanation | explanations | explain | summaries",
    ],
    {
      short: [
        "简短 | 简洁 | 简明 | 精简 | 短一点 | 短一些 | 短点 | 简单点 | 太短",
        "short | shorter | brief | briefer | concise | succinct | terse | to the point",
      ],
      long: [
        "详细 | 详尽 | 长一点 | 长一些 | 具体一点 | 展开讲 | 太长 | 更长",
        "long | longer | detailed | in detail | thorough | in-depth | in depth | elaborate | verbose",
      ],
    },
    { opposite: ["short", "long"], instructable: true },
  ),
  dimension(
    "commute.mode",
    ["通勤方式", "commute"],
    ["通勤 | 上班 | 上下班 | 去公司", "commute | commuting | commutes | to work | to the office"],
    {
      car: ["开车 | 自驾", "drive | drives | driving | by car"],
      subway: ["地铁", "subway | metro | underground | the tube"],
      bus: ["公交 | 巴士 | 公交车", "bus"],
      bike: ["骑车 | 骑自行车 | 自行车 | 单车", "bike | bikes | biking | cycle | cycles | cycling | bicycle"],
      walk: ["走路 | 步行", "walk | walks | walking | on foot"],
      train: ["火车 | 高铁 | 轻轨", "train"],
    },
  ),
  // The editors the tool topic names, and those whose names are everyday words (cursor), read
  // only next to the dimension's context words.
  dimension("tool.editor", ["编辑器", "editor"], ["编辑器 | 写代码 | 敲代码", "editor | ide | code in | coding in"], {
    ...Object.fromEntries(
      TOPICS.flatMap((t) => t.terms)
        .filter((term) => term.key === "tool.editor")
        .map((term) => [term.slug, [term.zh.join(" | "), term.en.join(" | ")] as const]),
    ),
    sublime: ["Sublime", "sublime | sublime text"],
    cursor: ["Cursor", "cursor"],
    zed: ["Zed", "zed"],
  }),
  // A diet is also what the speaker is ("I've been vegetarian", 我是素食者), not only what they eat;
  // a vegetarian restaurant is neither.
  dimension(
    "diet.style",
    ["饮食习惯", "diet"],
    [
      "吃 | 饮食 | 食谱 | 我是 | 用户是",
      "eat | eats | eating | diet | food | i'm | i am | i've been | i have been | the user is | the user has been",
    ],
    {
      vegetarian: ["吃素 | 素食 | 素食者", "vegetarian | veggie"],
      vegan: ["纯素 | 全素", "vegan"],
      pescatarian: ["只吃鱼肉 | 鱼素", "pescatarian"],
      keto: ["生酮", "keto | ketogenic"],
      omnivore: ["吃肉 | 荤素都吃", "eat meat | eats meat | eating meat | omnivore"],
    },
  ),
];
