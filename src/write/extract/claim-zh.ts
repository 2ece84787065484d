/** The Chinese grammar of a claim: its subject phrase, its entities, its names. */
import type { TaggedWord } from "../../text/grammar.js";
import { wordList } from "../../text/patterns.js";
import { isVerb } from "./claim-predicate.js";
import type { Grammar, SubjectSpan } from "./claim-types.js";
import { identifiesItself, ZH_CHANGE_VERB_WORDS, ZH_NOISE, ZH_RELATION } from "./claim-words.js";

const ZH_SPEAKER = /^(?:我们|咱们|我|用户)$/u;
const ZH_PRONOUN = /^(?:他们|她们|它们|他|她|它)$/u;
const ZH_DEMONSTRATIVE = /^(?:这个|那个|这位|那位|这家|那家|这|那|该|此)$/u;
const ZH_TOPIC_LEAD = /^(?:至于|关于|说到|说起|提到)$/u;
const ZH_MEASURE = /^(?:单|台|个|位|只|辆|款|条|部|间|份|张|套)$/u;

/**
 * A named thing set off before the clause as its topic: 「那单K2231，快递到驿站了」, 「我们组的碧泉项目，…」,
 * 「帮我妈下的那单K2231，现在到哪了」. The first clause is only the thing: a demonstrative and a
 * measure word before the name, opening the sentence or closing a 的 phrase. Not where the name
 * is a verb's object (我买了那台X1，…).
 */
function zhTopicPhrase(words: readonly TaggedWord[]): SubjectSpan | undefined {
  const comma = words.findIndex((w) => /^[，,]$/u.test(w.text));
  if (comma < 3 || comma + 1 >= words.length) return undefined;
  // 我们组的碧泉项目，下周上线: a verbless clause naming, after its 的, a name (and its class word).
  const of = words.slice(0, comma).findLastIndex((w) => w.text === "的");
  const named = words.slice(of + 1, comma);
  const verbless = words.slice(0, comma).every((w) => w.pos !== "VERB" && w.pos !== "AUX");
  if (of > 0 && verbless && named.length > 0 && named.length <= 3 && named.some(zhIsName))
    return { kind: "phrase", from: of + 1, to: comma, predicate: comma + 1, topic: true };
  const [demonstrative, measure, name] = [words[comma - 3]!, words[comma - 2]!, words[comma - 1]!];
  if (!zhIsName(name) || !ZH_MEASURE.test(measure.text) || !/^[这那]$/u.test(demonstrative.text)) return undefined;
  const before = words[comma - 4];
  if (before && before.text !== "的") return undefined;
  return { kind: "phrase", from: comma - 1, to: comma, predicate: comma + 1, topic: true };
}
const ZH_LEAD = new Set(
  wordList(`但是 | 不过 | 而且 | 另外 | 还有 | 并且 | 同时 | 所以 | 然后 | 对了 | 哦 | 嗯 | 其实 | 说实话 | 话说 | 听说 |
    据说 | 顺便 | 顺便说一下 | 那么 | 注意 | 提醒 | 提醒一下 | 记住 | 友情提示 | 补充一下`),
);
// A value said to have changed: the change verbs (ZH_CHANGE_VERB_WORDS), and the adverbs and verbs
// that say a state is new (现在, 不再, 换了老师, 搬家了, 调整).
const ZH_CHANGE = new RegExp(
  `现在|目前|如今|改在|改用|换用|换了|搬去|搬家|升级|不再|已经|调整|接手|${ZH_CHANGE_VERB_WORDS}`,
  "u",
);

export function zhIsName(word: TaggedWord): boolean {
  if (word.pos === "PROPN") return true;
  // A word the dictionary does not know (jieba's x), not an idiom or an abbreviation it does; in
  // Han, two or three characters as names are (风可真大 is a clause the unknown-word model glued).
  if (word.pos === "X" && word.detail === "x" && /^[\p{Script=Han}A-Za-z0-9][\p{Script=Han}\w.-]*$/u.test(word.text))
    return !/^\p{Script=Han}{4,}$/u.test(word.text);
  return /\d/u.test(word.text) && /\p{L}/u.test(word.text);
}

/**
 * 暑期主持启蒙班早上八点上课: a name made of verbs and nouns (jieba tags 主持 and 启蒙 as verbs),
 * ending in a noun, followed by a time or an adverb. Where it ends, or -1.
 */
function compoundEnd(words: readonly TaggedWord[], from: number): number {
  let end = from;
  while (
    end < from + 5 &&
    end < words.length &&
    ["VERB", "NOUN"].includes(words[end]!.pos) &&
    words[end]!.detail !== "t"
  )
    end++;
  const last = words[end - 1];
  const then = words[end];
  const closes = then !== undefined && (then.detail === "t" || then.pos === "ADV");
  return end - from >= 2 && last?.pos === "NOUN" && last.detail === "n" && closes ? end : -1;
}

/** An age (8岁, 三岁, 五个月) starting at word k and closing its clause: a nominal predicate. */
export function ageAt(words: readonly TaggedWord[], k: number): boolean {
  if (words[k]?.pos !== "NUM") return false;
  let end = k;
  while (words[end]?.pos === "NUM" || words[end]?.detail === "q") end++;
  const next = words[end];
  const closes = next === undefined || next.pos === "PUNCT" || next.text === "了";
  return closes && /(?:岁|个月)$/u.test(words[end - 1]!.text);
}

function zhInPhrase(words: readonly TaggedWord[], k: number, from: number): boolean {
  const word = words[k]!;
  const next = words[k + 1];
  if (word.text === "的") return k > from && next !== undefined && ["NOUN", "PROPN", "X", "NUM"].includes(next.pos);
  if (k === from && ZH_DEMONSTRATIVE.test(word.text)) return next !== undefined;
  // 我同事…, 我的…, 我们青雁这个项目, 我们Stadex: the speaker's relation or named thing.
  if (k === from && ZH_SPEAKER.test(word.text))
    return next !== undefined && (next.text === "的" || ZH_RELATION.has(next.text) || zhIsName(next));
  // 青雁这个项目: a demonstrative between a name and its class word.
  if (k > from && ZH_DEMONSTRATIVE.test(word.text)) return next?.pos === "NOUN";
  if (word.detail === "t" || ZH_NOISE.has(word.text)) return false;
  if (word.pos === "X") return /[\p{Script=Han}\w]/u.test(word.text);
  // 谭诗怀跳槽去了, worker-55重装了: a "noun" after a name and before 了 / 去 is the verb.
  const afterName = k > from && zhIsName(words[k - 1]!);
  if (afterName && word.pos === "NOUN" && /^(?:了|过|着|去|来|到)$/u.test(next?.text ?? "")) return false;
  // 林涛体重六十公斤, 豆豆今年三岁: a noun and a quantity closing the clause after a name are what
  // is said of it (a nominal predicate), not part of the name.
  const closes = (w: TaggedWord | undefined) => w === undefined || w.pos === "PUNCT" || w.text === "了";
  if (afterName && word.pos === "NOUN" && next?.pos === "NUM") {
    let end = k + 1;
    while (words[end]?.pos === "NUM" || words[end]?.detail === "q") end++;
    if (closes(words[end])) return false;
  }
  // 阿麻8岁，…, 团子三岁了: an age closing the clause is what is said of the subject, not part of its name.
  if (k > from && ageAt(words, k)) return false;
  // 启航项目用的是MySQL: a verb opening the clause right before a class word, with the clause's
  // own verb after them, is the thing's name (not 管理项目很累, where nothing else is the verb).
  if (k === from && word.pos === "VERB" && word.text.length >= 2 && ZH_RELATION.has(next?.text ?? "")) {
    const after = words.slice(k + 2);
    const stop = after.findIndex((w) => w.pos === "PUNCT");
    return (stop < 0 ? after : after.slice(0, stop)).some((w) => w.pos === "VERB");
  }
  // A verbal noun names a thing only before another noun (工作压力); before 了 / 过 or a number it is the verb.
  if (word.detail === "vn") return next !== undefined && (next.pos === "NOUN" || next.text === "的");
  return (
    word.pos === "NOUN" || word.pos === "PROPN" || word.pos === "NUM" || (word.pos === "ADJ" && word.detail === "b")
  );
}

export const ZH: Grammar = {
  language: "zh",
  joiner: "",
  noise: ZH_NOISE,
  change: ZH_CHANGE,
  isName: zhIsName,
  isTime: (word) => word.detail === "t" && !ZH_NOISE.has(word.text),
  subject(words) {
    const topic = zhTopicPhrase(words);
    if (topic) return topic;
    let i = 0;
    for (;;) {
      const word = words[i];
      if (!word) break;
      if (ZH_TOPIC_LEAD.test(word.text)) {
        const comma = words.findIndex((w, k) => k > i && /^[，,]$/u.test(w.text));
        if (comma > i + 1) return { kind: "phrase", from: i + 1, to: comma, predicate: comma + 1, topic: true };
        break;
      }
      // IT系统里SUP-3781显示已升级: a place and its localizer before a name say where, not who.
      const localizer = words.findIndex(
        (w, k) => k > i && k <= i + 3 && w.pos === "ADP" && /^[里上中内]$/u.test(w.text),
      );
      const placed = words.slice(i, localizer).every((w) => ["NOUN", "PROPN", "X"].includes(w.pos));
      if (localizer > i && placed && words[localizer + 1] && zhIsName(words[localizer + 1]!)) {
        i = localizer + 1;
        continue;
      }
      // A time word opening a name (暑期主持启蒙班) is part of it, not a time of the clause.
      const time =
        word.detail === "t" &&
        words[i + 1]?.text !== "的" &&
        words[i + 1]?.text !== "是" &&
        compoundEnd(words, i + 1) < 0;
      // 调座以后, 搬家之后: a clause of time before the subject.
      // 以后 alone first is "from now on", not a time clause.
      const after = words.findIndex(
        (w, k) => k > i && k <= i + 3 && /^(?:以后|之后|后来|以前|之前|的时候)$/u.test(w.text),
      );
      if (after >= 0 && words[after + 1] && words[after + 1]!.pos !== "PUNCT") i = after + 1;
      else if (word.pos === "PUNCT" || ZH_LEAD.has(word.text) || time) i++;
      else break;
    }
    const first = words[i];
    if (!first) return { kind: "none", from: i, to: i, predicate: i };
    if (ZH_PRONOUN.test(first.text)) {
      const possessive = words[i + 1]?.text === "的";
      const to = possessive ? i + 2 : i + 1;
      let end = to;
      if (possessive) while (end < words.length && zhInPhrase(words, end, i)) end++;
      return { kind: "pronoun", from: i, to: end, predicate: end };
    }
    let to = i;
    while (to < words.length && zhInPhrase(words, to, i)) to++;
    // 我们家那台etl-23装的是…, 我那辆京A12345: the speaker's thing named after a measure word is the subject.
    if (ZH_SPEAKER.test(first.text)) {
      const named = words.findIndex(
        (w, k) => k > i && k <= i + 4 && zhIsName(w) && /(?:台|个|位|只|辆|款|条|部|间)$/u.test(words[k - 1]!.text),
      );
      if (named > 0 && words.slice(i + 1, named - 1).every((w) => w.pos !== "VERB" && w.pos !== "PUNCT"))
        return { kind: "phrase", from: named, to: named + 1, predicate: named + 1 };
    }
    if (ZH_SPEAKER.test(first.text) && to === i) return { kind: "speaker", from: i, to: i + 1, predicate: i + 1 };
    // X的Y是Z, X的Y调成了Z: whatever the tagger made of X (烘焙/v 28 班), the words before 的 own Y.
    const of = words.findIndex((w, k) => k > i && w.text === "的");
    let verb = of + 1;
    while (verb > 0 && verb < words.length && ["NOUN", "PROPN", "X"].includes(words[verb]!.pos)) verb++;
    const copula = of > 0 && verb > of + 1 && verb < words.length && isVerb(words[verb]!) ? verb : -1;
    const plain =
      first.pos !== "ADP" && words.slice(i, copula).every((w) => w.pos !== "PUNCT" && !ZH_SPEAKER.test(w.text));
    if (to <= of && of > i && copula > of + 1 && plain)
      return { kind: "phrase", from: i, to: copula, predicate: copula };
    const compound = to <= i + 1 ? compoundEnd(words, first.detail === "t" ? i + 1 : i) : -1;
    if (compound > 0) return { kind: "phrase", from: i, to: compound, predicate: compound };
    // 周三是…: a time as the subject, for valueFirst.
    if (to === i && first.detail === "t" && words[i + 1]?.text === "是")
      return { kind: "phrase", from: i, to: i + 1, predicate: i + 1 };
    if (to === i) return { kind: "none", from: i, to: i, predicate: i };
    return { kind: ZH_DEMONSTRATIVE.test(first.text) ? "pronoun" : "phrase", from: i, to, predicate: to };
  },
  pronoun(text, phrase) {
    const of = phrase.findIndex((w) => w.text === "的");
    const until = of >= 0 ? phrase[of]! : phrase.at(-1)!;
    const possessed = of >= 0 && of + 1 < phrase.length ? text.slice(phrase[of + 1]!.start, phrase.at(-1)!.end) : "";
    return {
      pronoun: {
        text: text.slice(phrase[0]!.start, until.end),
        start: phrase[0]!.start,
        end: until.end,
        possessive: of >= 0,
      },
      ...(possessed ? { possessed: possessed.replace(/\s+/gu, "") } : {}),
    };
  },
  entity(text, phrase) {
    // X的Y: the entity X and its attribute Y; 我(的)同事林一鸣: the speaker's relation.
    const of = phrase.findIndex((w) => w.text === "的");
    // 曦权用的数据库: a verb before 的 makes a relative clause; its subject is the owner (曦权).
    // 林鹏家的泰迪: the household of a name is that name's.
    const whole = of > 0 ? phrase.slice(0, of) : phrase;
    const owner = of > 1 && (whole.at(-1)!.pos === "VERB" || whole.at(-1)!.text === "家") ? whole.slice(0, -1) : whole;
    const possessed =
      of > 0 && of + 1 < phrase.length
        ? { possessed: text.slice(phrase[of + 1]!.start, phrase.at(-1)!.end).replace(/\s+/gu, "") }
        : {};
    const owned = ZH_SPEAKER.test(owner[0]?.text ?? "");
    // 萧佳这个人: a name and then 这个 / 那个 and what it is is the name.
    const pointer = owner.findIndex((w, k) => k > 0 && ZH_DEMONSTRATIVE.test(w.text) && zhIsName(owner[k - 1]!));
    const ownerWords = pointer > 0 ? owner.slice(0, pointer) : owner;
    const words = (owned ? ownerWords.slice(1) : ownerWords).filter(
      (w) => w.text !== "的" && !ZH_DEMONSTRATIVE.test(w.text),
    );
    if (words.length === 0) return undefined;
    // 我高中同学常言: a name the scope knows is the name, whatever relation word stands before it.
    const known = words.findIndex((w) => w.detail === "known");
    if (known >= 0) {
      const before = words[known - 1]?.text ?? "";
      const relation = [...ZH_RELATION].find(([w]) => before.endsWith(w))?.[1] ?? "named";
      const name = words[known]!;
      return { entity: { relation, name: name.text, start: words[0]!.start, end: name.end }, ...possessed };
    }
    const relationWord = words.find((w) => ZH_RELATION.has(w.text));
    const nameWords = relationWord ? words.slice(words.indexOf(relationWord) + 1) : words;
    // 我们的…: the speaker's own thing, unless it is named (我们Stadex).
    if (owned && !relationWord && !words.some(zhIsName)) return undefined;
    // 主要, 新: a modifier alone names nothing.
    if (!relationWord && !nameWords.some((w) => w.pos !== "ADJ")) return undefined;
    const relation = relationWord ? ZH_RELATION.get(relationWord.text)! : "named";
    // 天枢项目 / 项目天枢: the relation word before or after the name.
    let named = relationWord && nameWords.length === 0 ? words.slice(0, words.indexOf(relationWord)) : nameWords;
    // 发票INV-77957, 订单 23652839: a class word before an id that identifies itself.
    const id = named.findIndex((w) => w.detail === "eng" || (w.pos === "NUM" && /^\d{5,}$/u.test(w.text)));
    if (id > 0 && named.slice(0, id).every((w) => w.pos === "NOUN") && identifiesItself([named[id]!]))
      named = named.slice(id);
    const name = named.length > 0 ? text.slice(named[0]!.start, named.at(-1)!.end).replace(/\s+/gu, "") : "";
    return { entity: { relation, name, start: words[0]!.start, end: words.at(-1)!.end }, ...possessed };
  },
};
