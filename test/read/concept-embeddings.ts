/**
 * A deterministic stand-in for a semantic embedding model, for tests only. It imitates the
 * two traits that matter for hybrid retrieval:
 * - meaning over wording: words of one concept group (咖啡, coffee, latte, 拿铁 …) share one
 *   feature, so paraphrases and cross-language phrasings land close;
 * - weak on exact identifiers: every token with a digit (SF1029384756, OPS-4471) becomes the
 *   same "some code" feature, as dense models blur rare codes into their shape.
 * Other words count a little; "user"/"用户", present in every memory, not at all.
 */
import { Embeddings } from "@langchain/core/embeddings";
import { keywordTerms } from "../../src/text/tokenizer.js";

const CONCEPTS: string[][] = [
  ["咖啡", "coffee", "latte", "拿铁", "espresso", "美式", "americano", "cappuccino"],
  ["香菜", "cilantro", "coriander", "芫荽"],
  ["狗", "dog", "金毛", "golden", "retriever", "puppy", "宠物", "pet"],
  ["住", "居住", "live", "lives", "living", "reside", "home", "住在", "住址"],
  ["北京", "beijing", "peking"],
  ["慢跑", "跑步", "jogging", "jog", "running", "run", "运动", "sport", "exercise"],
  ["周末", "weekend", "weekends", "saturday", "周六"],
  ["过敏", "allergic", "allergy", "allergies"],
  ["花生", "peanut", "peanuts", "坚果", "nut", "nuts"],
  ["生日", "birthday", "born", "出生"],
  ["妹妹", "sister", "姐姐", "sibling"],
  ["吉他", "guitar", "乐器", "instrument"],
  ["日语", "japanese", "外语", "language"],
  ["素食", "vegetarian", "吃素", "meat", "肉"],
  ["地铁", "subway", "metro", "通勤", "commute", "commutes"],
  ["猫", "cat", "kitten", "小猫"],
  ["邮件", "email", "mail", "emails"],
  ["简洁", "short", "concise", "brief", "简短"],
  ["喜欢", "like", "likes", "enjoy", "enjoys", "love", "loves", "偏好", "prefer", "prefers", "爱"],
  ["学", "learn", "learning", "studies", "study", "学习"],
];

const CONCEPT_OF = new Map<string, string>();
for (const [i, group] of CONCEPTS.entries()) for (const word of group) CONCEPT_OF.set(word, `#concept${i}`);

export class ConceptEmbeddings extends Embeddings {
  constructor(readonly dims = 128) {
    super({});
  }

  embed(text: string): number[] {
    const vector = new Array<number>(this.dims).fill(0);
    const seen = new Set<string>();
    for (const term of keywordTerms(text)) {
      if (term === "user" || term === "用户") continue;
      const concept = CONCEPT_OF.get(term);
      const feature = concept ?? (/\d/.test(term) ? "#code" : term);
      if (seen.has(feature)) continue;
      seen.add(feature);
      const weight = concept || feature === "#code" ? 1 : 0.35;
      const h = hash(feature);
      vector[h % this.dims]! += (h & 0x80000000 ? -1 : 1) * weight;
    }
    const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0)) || 1;
    return vector.map((v) => v / norm);
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.embed(text);
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((text) => this.embed(text));
  }
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
