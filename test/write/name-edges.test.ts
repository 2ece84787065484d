/**
 * A Chinese person's name opening a clause is read whole wherever the tagger put its edges: a
 * surname and one or two given characters, closed by the word that opens the predicate (白天/t
 * 英/j 每天 → 白天英, 金艳迷/x 上了 → 金艳 + 迷上了, 郭鹏/x 奕/zg 现在 → 郭鹏奕). Names are drawn at
 * random (seeded) from the surname lexicon and a pool of given-name characters, in several
 * sentence forms; the same rule must not turn an ordinary clause opening into a name.
 *
 * Measured while the rule was written (scratch generator, other forms): seed 7 (tuned on) 779/800
 * names read whole, seed 99 (never tuned on) 792/800; before the rule 707/800.
 */
import { describe, expect, it } from "vitest";
import { readClaim } from "../../src/write/extract/claim.js";
import { SURNAMES } from "../../src/write/extract/lexicon.js";
import { createRng } from "../bench/fixtures.js";

const SURNAME = SURNAMES.filter((s) => s.length === 1);
// Characters common in given names, some of them also words (立, 超, 新, 安, 秋, 明, 亮).
const GIVEN = [
  ..."子涵浩然思远晓雯雪宇轩欣怡梓萱诺佳琪俊杰佑志强丽娜庆海波华秀英博辉静雨桐嘉豪晨阳若曦书瑶嫣乐奕辰平春秋月星云林立新伟芳敏洋艳娟霞磊超鹏凯婷颖琳亮",
];
const HOBBY = [
  "打羽毛球",
  "爬山",
  "做陶艺",
  "练瑜伽",
  "钓鱼",
  "弹吉他",
  "下围棋",
  "拍照",
  "攀岩",
  "学日语",
  "骑行",
  "游泳",
];
const WHEN = ["周末", "每周三晚上", "平时", "下班后", "最近", "每天早上", "经常", "一直"];
const CITY = ["成都", "杭州", "西安", "武汉", "深圳", "南京", "厦门", "青岛", "长沙", "昆明"];
const FORMS: ReadonlyArray<(name: string, pick: <T>(xs: readonly T[]) => T) => string> = [
  (n, p) => `${n}${p(WHEN)}喜欢${p(HOBBY)}。`,
  (n, p) => `${n}${p(WHEN)}会去${p(HOBBY)}。`,
  (n, p) => `${n}迷上了${p(HOBBY)}。`,
  (n, p) => `${n}的爱好是${p(HOBBY)}。`,
  (n, p) => `${n}现在在${p(CITY)}工作。`,
  (n, p) => `${n}搬到${p(CITY)}了。`,
  (n, p) => `${n}是我同事，住在${p(CITY)}。`,
  (n, p) => `我朋友${n}${p(WHEN)}${p(HOBBY)}。`,
  (n, p) => `听说${n}最近在${p(CITY)}上班。`,
];

describe("a Chinese name at the head of a clause", () => {
  it("is read whole, 480 seeded draws", () => {
    const rand = createRng(2026);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const wrong: string[] = [];
    const draws = 480;
    for (let i = 0; i < draws; i++) {
      const name = pick(SURNAME) + pick(GIVEN) + (rand() < 0.65 ? pick(GIVEN) : "");
      const text = FORMS[i % FORMS.length]!(name, pick);
      const got = readClaim(text, "zh")?.entity?.name;
      if (got !== name) wrong.push(`${text} → ${got ?? "no name"}`);
    }
    // A few remain ambiguous (a given character that is also a verb before a one-character verb).
    expect(wrong.length / draws, wrong.slice(0, 10).join("\n")).toBeLessThanOrEqual(0.05);
  });

  it.each([
    ["周末常去钓鱼。", "周末常"],
    ["周末去爬山。", "周末去"],
    ["付款成功了。", "付款"],
    ["高兴得很。", "高兴得"],
    ["房间很大。", "房间很"],
    ["白天我去上班。", "白天我"],
    ["方便面很好吃。", "方便"],
    ["田雨家的英短叫布咪。", "田雨家"],
  ])("makes no name of the opening of %s", (text, notName) => {
    expect(readClaim(text, "zh")?.entity?.name).not.toBe(notName);
  });
});
