/**
 * The taggers' corrections that decide where a Chinese name or verb is (grammar.ts), each with a
 * case it must leave alone.
 */
import { describe, expect, it } from "vitest";
import { tagWords } from "../../src/text/grammar.js";

const tags = (text: string) => tagWords(text, "zh").map((w) => `${w.text}/${w.pos}`);

describe("Chinese tags", () => {
  it("keeps a product name of the lexicon that the dictionary has no word in as one word", () => {
    expect(tags("北辰现在用达梦。")).toContain("达梦/PROPN");
    expect(tags("我们用金仓")).toContain("金仓/PROPN");
    // A name made of dictionary words stays the dictionary's words.
    expect(tags("我换了华为手机")).toEqual(expect.arrayContaining(["华为/PROPN", "手机/NOUN"]));
  });

  it("reads a noun with 了 and an object as the verb, not a noun closing its clause", () => {
    expect(tags("孙晓楠领养了团团。")).toContain("领养/VERB");
    expect(tags("到春天了。")).toContain("春天/NOUN");
    expect(tags("他已经是大孩子了，")).toContain("孩子/NOUN");
    expect(tags("领养的猫很乖")).toContain("领养/NOUN");
  });

  it("joins two loose characters after a verb and 了 at the clause's end into one word", () => {
    expect(tags("夏杰收养了薯妞。")).toContain("薯妞/X");
    expect(tags("我买了书包。")).toContain("书包/NOUN");
    expect(tags("他看了看书。")).toContain("看书/VERB");
  });
});
