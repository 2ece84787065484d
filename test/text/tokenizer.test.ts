import { describe, expect, it } from "vitest";
import { bm25Search } from "../../src/recall/bm25.js";
import { isStopword, STOPWORDS_EN, STOPWORDS_ZH } from "../../src/text/stopwords.js";
import {
  cjkRuns,
  detectLanguage,
  keywordTerms,
  normalizeText,
  tokenize,
  type WordToken,
  wordTokens,
} from "../../src/text/tokenizer.js";

// How Intl.Segmenter splits Chinese words comes from the ICU data Node ships with (用户不喜欢吃香菜
// is 用户/不/喜欢/吃香/菜 with one version, could be 用户/不/喜欢/吃/香菜 with another). The tests
// below pin what holds whatever that split is; Latin words, digits, punctuation and stop words
// are split by rule, not by dictionary, and stay pinned exactly.
const HAN = /\p{Script=Han}/u;
const CHINESE = [
  "我不吃香菜",
  "用户不喜欢吃香菜",
  "我没有去过北京",
  "用户夏天每天吃一个冰淇淋",
  "项目截止日期是周五",
  "𠮷野家的牛肉饭",
  "㐀字在扩展区",
];
/** Adjacent character pairs of `text`. */
const pairs = (text: string): string[] => {
  const chars = Array.from(text);
  return chars.slice(1).map((c, i) => chars[i]! + c);
};

describe("tokenize", () => {
  it("segments Chinese into words that keep every Han character, in order, whatever the split", () => {
    for (const text of CHINESE) {
      const words = tokenize(text, { keepStopwords: true });
      expect(words.join(""), text).toBe(text);
      expect(
        words.every((w) => HAN.test(w)),
        text,
      ).toBe(true);
      // Without stop words: exactly the tokens that are not stop words, in the same order.
      expect(tokenize(text), text).toEqual(words.filter((w) => !isStopword(w)));
    }
  });

  it("keeps the negation whatever word it lands in", () => {
    expect(tokenize("我不吃香菜").some((w) => w.includes("不"))).toBe(true);
    expect(tokenize("用户不喜欢吃香菜").some((w) => w.includes("不"))).toBe(true);
    expect(tokenize("我没有去过北京").some((w) => w.includes("没"))).toBe(true);
  });

  it("drops punctuation, whitespace and stop words in both languages", () => {
    const zh = tokenize("用户喜欢喝咖啡，不喝茶。");
    expect(zh.join("")).toBe("用户喜欢喝咖啡不喝茶");
    expect(zh.some((w) => isStopword(w) || /[\s，。]/u.test(w))).toBe(false);
    // A stop word standing alone is always its own segment.
    expect(tokenize("香菜 的 味道", { keepStopwords: true }).join("")).toBe("香菜的味道");
    expect(tokenize("香菜 的 味道").join("")).toBe("香菜味道");
    expect(tokenize("I don't like coffee, and I never drink it!")).toEqual([
      "don't",
      "like",
      "coffee",
      "never",
      "drink",
    ]);
    expect(tokenize("  ，。！？ ... --- ")).toEqual([]);
    expect(tokenize("")).toEqual([]);
  });

  it("returns stop words only when asked", () => {
    expect(tokenize("的 了 吗")).toEqual([]);
    expect(tokenize("的 了 吗", { keepStopwords: true })).toEqual(["的", "了", "吗"]);
    expect(tokenize("The user is here", { keepStopwords: true })).toEqual(["the", "user", "is", "here"]);
  });

  it("handles mixed Chinese and English text: Latin words and digits split from Han by rule", () => {
    const words = tokenize("我的项目代号是 Phoenix");
    expect(words.at(-1)).toBe("phoenix");
    expect(words.slice(0, -1).join("")).toContain("项目代号");
    const mixed = tokenize("我用的是Mac，我们团队有8个人", { keepStopwords: true });
    expect(mixed.filter((w) => !HAN.test(w))).toEqual(["mac", "8"]);
    expect(mixed.join("")).toBe("我用的是mac我们团队有8个人");
  });

  it("applies NFKC, lowercase and straight apostrophes", () => {
    expect(tokenize("ＡＢＣ１２３ Full-Width")).toEqual(["abc123", "full", "width"]);
    expect(tokenize("It’s the users’ data")).toEqual(["user", "data"]);
  });

  it("strips English possessives and plural s, and nothing more", () => {
    expect(tokenize("The user's preferences: no tables!")).toEqual(["user", "preference", "no", "table"]);
    expect(tokenize("replies answers classes boxes matches")).toEqual(["reply", "answer", "class", "box", "match"]);
    // -ss, -us, -is endings and short words are not plurals.
    expect(tokenize("class status analysis bus gas")).toEqual(["class", "status", "analysis", "bus", "gas"]);
    // Tokens that are not plain words are left alone.
    expect(tokenize("example.com 3.14 v2.0s")).toEqual(["example.com", "3.14", "v2.0s"]);
  });

  it("is deterministic and keeps word order", () => {
    const text = "Phoenix 项目 uses TypeScript; 截止日期是周五";
    expect(tokenize(text)).toEqual(tokenize(text));
    expect(tokenize("short replies the user prefers")).toEqual(["short", "reply", "user", "prefer"]);
  });
});

describe("wordTokens and cjkRuns", () => {
  it("flags Chinese words and stop words with offsets in the normalised text", () => {
    const tokens = wordTokens("我的 user");
    expect(tokens.at(-1)).toEqual({ term: "user", cjk: false, stop: false, start: 3, end: 7 });
    expect(
      tokens
        .slice(0, -1)
        .map((t) => t.term)
        .join(""),
    ).toBe("我的");
    for (const text of [...CHINESE, "我的 user", "Phoenix 项目 uses TypeScript; 截止日期是周五"]) {
      const normalized = normalizeText(text);
      for (const token of wordTokens(text)) {
        // Han anywhere in the word, including the supplementary planes (𠮷) and extension A (㐀).
        expect(token.cjk, token.term).toBe(HAN.test(token.term));
        expect(token.stop, token.term).toBe(isStopword(token.term));
        if (token.cjk) expect(normalized.slice(token.start, token.end)).toBe(token.term);
      }
    }
  });

  it("joins touching Chinese words into runs, broken by punctuation, Latin words and stop words", () => {
    expect(cjkRuns(wordTokens("用户不喜欢吃香菜"))).toEqual(["用户不喜欢吃香菜"]);
    expect(cjkRuns(wordTokens("香菜，葱花 and 蒜"))).toEqual(["香菜", "葱花", "蒜"]);
    expect(cjkRuns(wordTokens("香菜的味道"), true)).toEqual(["香菜的味道"]);
    // Stop words, on tokens as a segmenter might give them: 香菜 / 的 / 味道, all touching.
    const token = (term: string, start: number, stop = false): WordToken => ({
      term,
      cjk: true,
      stop,
      start,
      end: start + term.length,
    });
    const tokens = [token("香菜", 0), token("的", 2, true), token("味道", 3)];
    expect(cjkRuns(tokens)).toEqual(["香菜", "味道"]);
    expect(cjkRuns(tokens, true)).toEqual(["香菜的味道"]);
    // A gap (whitespace) breaks a run too.
    expect(cjkRuns([token("香菜", 0), token("味道", 3)], true)).toEqual(["香菜", "味道"]);
  });
});

describe("keywordTerms", () => {
  it("is the words, then the character bigrams of each run longer than two, deduplicated", () => {
    for (const text of [...CHINESE, "用户不能吃辣", "冰淇淋", "香菜的味道，葱花 and 蒜"]) {
      const words = [...new Set(tokenize(text))];
      const bigrams = cjkRuns(wordTokens(text))
        .filter((run) => Array.from(run).length > 2)
        .flatMap(pairs)
        .filter((pair, i, all) => all.indexOf(pair) === i && !words.includes(pair));
      expect(keywordTerms(text), text).toEqual([...words, ...bigrams]);
    }
    // Whatever the segmenter made of them, a run's every adjacent pair is a term.
    expect(keywordTerms("冰淇淋")).toEqual(expect.arrayContaining(["冰淇", "淇淋"]));
    expect(keywordTerms("用户不喜欢吃香菜")).toEqual(expect.arrayContaining(pairs("用户不喜欢吃香菜")));
  });

  it("repairs segmentation differences between a query and a document", () => {
    const doc = new Set(keywordTerms("用户不喜欢吃香菜"));
    // The document has 香菜 whether it was segmented 吃香/菜 or 吃/香菜.
    expect(doc.has("香菜")).toBe(true);
    // A query of three or more characters shares its every bigram with the document.
    for (const query of ["吃香菜", "喜欢吃", "不喜欢吃香菜"]) {
      for (const pair of pairs(query)) expect(doc.has(pair), `${query}: ${pair}`).toBe(true);
    }
    // So a keyword search for words of a document finds it, however either side was split.
    const docs = [
      { id: "cilantro", value: null, texts: ["用户不喜欢吃香菜"] },
      { id: "icecream", value: null, texts: ["用户夏天每天吃一个冰淇淋"] },
      { id: "beijing", value: null, texts: ["我没有去过北京"] },
    ];
    expect(bm25Search(docs, "吃香菜", 3)[0]?.id).toBe("cilantro");
    expect(bm25Search(docs, "冰淇淋", 3)[0]?.id).toBe("icecream");
    expect(bm25Search(docs, "去过北京", 3)[0]?.id).toBe("beijing");
  });

  it("never adds single characters of a run (用 must not match 用户)", () => {
    for (const text of ["用户界面", ...CHINESE]) {
      const words = tokenize(text);
      // A one-character term is a word the segmenter produced, never a piece of a run.
      for (const term of keywordTerms(text).filter((t) => Array.from(t).length === 1)) {
        expect(words, `${text}: ${term}`).toContain(term);
      }
    }
    // A run of two characters gets no bigrams: its terms are its words.
    expect(keywordTerms("用户")).toEqual(tokenize("用户"));
  });

  it("keeps single-character words the segmenter produced, and negations", () => {
    for (const text of ["用户不能吃辣", "用户不吃香菜"]) {
      const terms = keywordTerms(text);
      expect(terms, text).toEqual(expect.arrayContaining(tokenize(text)));
      expect(
        terms.some((t) => t.includes("不")),
        text,
      ).toBe(true);
    }
    expect(keywordTerms("never use tables")).toEqual(["never", "use", "table"]);
  });

  it("does not bridge stop words or punctuation with bigrams", () => {
    expect(keywordTerms("香菜，味道")).not.toContain("菜味");
    expect(keywordTerms("香菜，味道").join("")).toBe("香菜味道");
    expect(keywordTerms("香菜 的 味道").join("")).toBe("香菜味道");
  });

  it("produces terms without whitespace or double quotes", () => {
    const terms = keywordTerms('He said "hello world"\t 用户 "香菜" and\u00a0「不要」 ＂quoted＂');
    expect(terms.length).toBeGreaterThan(0);
    for (const term of terms) expect(term).toMatch(/^[^\s"]+$/u);
  });

  it("is empty for empty, punctuation-only and stop-word-only text", () => {
    expect(keywordTerms("")).toEqual([]);
    expect(keywordTerms("！？…")).toEqual([]);
    expect(keywordTerms("the of 的 了 吗")).toEqual([]);
  });
});

describe("detectLanguage", () => {
  it("says zh when Han characters dominate, en otherwise", () => {
    expect(detectLanguage("用户不吃香菜")).toBe("zh");
    expect(detectLanguage("我的项目代号是 Phoenix")).toBe("zh");
    expect(detectLanguage("我们用 TypeScript 和 React 写前端")).toBe("zh");
    expect(detectLanguage("The user prefers short replies")).toBe("en");
    expect(detectLanguage("I like 咖啡 a lot")).toBe("en");
    expect(detectLanguage("")).toBe("en");
    expect(detectLanguage("12345 !!!")).toBe("en");
  });
});

describe("stop words", () => {
  it("covers fillers and particles in both languages", () => {
    for (const word of ["的", "了", "吗", "呢", "啊", "吧", "the", "a", "an", "of", "to", "is"]) {
      expect(isStopword(word)).toBe(true);
    }
    expect(STOPWORDS_ZH.has("的")).toBe(true);
    expect(STOPWORDS_EN.has("the")).toBe(true);
  });

  it("never lists negations or rule modals", () => {
    const kept = [
      "不",
      "没",
      "没有",
      "别",
      "不要",
      "未",
      "无",
      "非",
      "要",
      "必须",
      "not",
      "no",
      "never",
      "nor",
      "don't",
      "doesn't",
      "can't",
      "won't",
      "without",
      "must",
      "should",
    ];
    for (const word of kept) expect(isStopword(word)).toBe(false);
  });
});
