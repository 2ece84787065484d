import { describe, expect, it } from "vitest";
import { isStopword, STOPWORDS_EN, STOPWORDS_ZH } from "../../src/text/stopwords.js";
import { cjkRuns, detectLanguage, keywordTerms, tokenize, wordTokens } from "../../src/text/tokenizer.js";

describe("tokenize", () => {
  it("segments Chinese with ICU's dictionary and keeps the negation", () => {
    // Real ICU output: 不吃 is one word, so 吃 and 不吃 never collapse into the same token.
    expect(tokenize("我不吃香菜")).toEqual(["不吃", "香菜"]);
    expect(tokenize("我不吃香菜", { keepStopwords: true })).toEqual(["我", "不吃", "香菜"]);
    expect(tokenize("我没有去过北京")).toEqual(["没有", "去", "北京"]);
  });

  it("pins ICU's odd splits (a change here means stored keyword indexes need a rebuild)", () => {
    expect(tokenize("用户不喜欢吃香菜")).toEqual(["用户", "不", "喜欢", "吃香", "菜"]);
    expect(tokenize("吃香菜")).toEqual(["吃香", "菜"]);
  });

  it("drops punctuation, whitespace and stop words in both languages", () => {
    expect(tokenize("用户喜欢喝咖啡，不喝茶。")).toEqual(["用户", "喜欢", "喝", "咖啡", "不", "喝茶"]);
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
    expect(tokenize("的了吗")).toEqual([]);
    expect(tokenize("的了吗", { keepStopwords: true })).toEqual(["的", "了", "吗"]);
    expect(tokenize("The user is here", { keepStopwords: true })).toEqual(["the", "user", "is", "here"]);
  });

  it("handles mixed Chinese and English text", () => {
    expect(tokenize("我的项目代号是 Phoenix")).toEqual(["项目", "代号", "phoenix"]);
    expect(tokenize("我用的是Mac，我们团队有8个人")).toEqual(["用", "mac", "团队", "8", "个人"]);
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
    expect(tokens).toEqual([
      { term: "我的", cjk: true, stop: true, start: 0, end: 2 },
      { term: "user", cjk: false, stop: false, start: 3, end: 7 },
    ]);
  });

  it("joins touching Chinese words into runs, broken by punctuation, Latin words and stop words", () => {
    expect(cjkRuns(wordTokens("用户不喜欢吃香菜"))).toEqual(["用户不喜欢吃香菜"]);
    expect(cjkRuns(wordTokens("香菜的味道，葱花 and 蒜"))).toEqual(["香菜", "味道", "葱花", "蒜"]);
    expect(cjkRuns(wordTokens("香菜的味道"), true)).toEqual(["香菜的味道"]);
  });
});

describe("keywordTerms", () => {
  it("adds character bigrams across a Chinese run, after the words, deduplicated", () => {
    expect(keywordTerms("用户不喜欢吃香菜")).toEqual([
      "用户",
      "不",
      "喜欢",
      "吃香",
      "菜",
      "户不",
      "不喜",
      "欢吃",
      "香菜",
    ]);
    expect(keywordTerms("冰淇淋")).toEqual(["冰淇淋", "冰淇", "淇淋"]);
  });

  it("repairs segmentation differences between a query and a document", () => {
    const doc = new Set(keywordTerms("用户不喜欢吃香菜"));
    // The query segments as 香菜 while the document segmented as 吃香/菜: the bigram bridges them.
    for (const term of keywordTerms("香菜")) expect(doc.has(term)).toBe(true);
    expect(doc.has("香菜")).toBe(true);
  });

  it("never adds single characters of a run (用 must not match 用户)", () => {
    const terms = keywordTerms("用户界面");
    expect(terms).not.toContain("用");
    expect(terms).not.toContain("户");
    expect(keywordTerms("用户")).toEqual(["用户"]);
  });

  it("keeps single-character words the segmenter produced, and negations", () => {
    expect(keywordTerms("用户不能吃辣")).toEqual(["用户", "不能", "吃", "辣", "户不", "能吃", "吃辣"]);
    expect(keywordTerms("用户不吃香菜")).toContain("不吃");
    expect(keywordTerms("never use tables")).toEqual(["never", "use", "table"]);
  });

  it("does not bridge stop words or punctuation with bigrams", () => {
    expect(keywordTerms("香菜的味道")).toEqual(["香菜", "味道"]);
    expect(keywordTerms("香菜，味道")).toEqual(["香菜", "味道"]);
  });

  it("produces terms without whitespace or double quotes", () => {
    const terms = keywordTerms('He said "hello world"\t 用户 "香菜" and\u00a0「不要」 ＂quoted＂');
    expect(terms.length).toBeGreaterThan(0);
    for (const term of terms) expect(term).toMatch(/^[^\s"]+$/u);
  });

  it("is empty for empty, punctuation-only and stop-word-only text", () => {
    expect(keywordTerms("")).toEqual([]);
    expect(keywordTerms("！？…")).toEqual([]);
    expect(keywordTerms("the of 的了吗")).toEqual([]);
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
