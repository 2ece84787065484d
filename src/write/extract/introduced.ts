/**
 * The names a sentence introduces unambiguously, read without any names the scope knows: the
 * name of the entity a clause is about (煤球是一只橘猫, "Project Atlas uses …"), a name after a
 * relation word (我高中同学常言, "my cat Pepper"), and a name given with a naming verb (我家的猫叫煤球,
 * 我有一只猫，叫煤球, "my dog is called Biscuit"). These feed the scope's index of known names
 * (known-names.ts); the speaker's own name (我叫…, "I'm …") is not an entity's and is left out.
 */
import { tagWords } from "../../text/grammar.js";
import { alternation } from "../../text/patterns.js";
import { readClaim } from "./claim.js";
import { findTerms, objectTerms } from "./keys.js";
import { nameAfterRelation, nameShaped, withKnownNames } from "./known-names.js";
import { RELATIONS } from "./lexicon.js";
import { splitClauses } from "./segment.js";
import { entityMentions } from "./subject.js";

const ZH_RELATION_WORDS = [
  ...new Set(RELATIONS.flatMap((r) => r.zh.map((w) => w.replace(/^我/u, ""))).filter((w) => w.length > 0)),
];
const EN_RELATION_WORDS = [...new Set(RELATIONS.flatMap((r) => r.en.map((w) => w.replace(/\.$/u, ""))))];
const PET_WORDS = [...new Set(RELATIONS.filter((r) => ["cat", "dog"].includes(r.slug)).flatMap((r) => r.zh))];
const NAME_AT_END = "(\\p{Script=Han}{2,4})(?=$|[\\s，。,.!！?？；;、])";
// 猫叫煤球, 它名叫团子, 一只猫，叫煤球, 有个同学叫常言, 我同事名叫方言: a naming verb after a pet, a
// pronoun, something counted or a relation word (a bare 叫 after a person is as often "order",
// "ask": 同事叫外卖, 妈妈叫我).
const ZH_NAMING = new RegExp(
  [
    `(?:${alternation(PET_WORDS)}|它|他|她|[只条匹头位])[，,]?\\s{0,2}(?:的名字|名字)?(?:叫做|名叫|叫|取名叫?|起名叫?)${NAME_AT_END}`,
    `有一?[个位只条匹头][^，,。；;]{0,6}?叫${NAME_AT_END}`,
    `(?:${alternation(ZH_RELATION_WORDS)})(?:的名字|名字)?(?:叫做|名叫|名字叫|名字是)${NAME_AT_END}`,
    // 我家的猫煤球是…, 我的狗糖果最近…: a relation word of the speaker's and a name, then its predicate.
    `(?:我们|我)家?的?(?:${alternation(ZH_RELATION_WORDS)})(\\p{Script=Han}{2,3}?)(?=是|在|的|很|最近|今年|已经|每天|现在|又|也|都|就|刚)`,
  ].join("|"),
  "gu",
);
const EN_NAMING = new RegExp(
  `\\b(?:my|our)\\s{1,3}(?:${alternation(EN_RELATION_WORDS)})(?:'s name)?\\s{1,3}(?:is\\s{1,3})?(?:named|called|is)\\s{1,3}(\\p{Lu}\\p{L}{1,30})\\b`,
  "giu",
);
const NOT_IN_A_ZH_NAME = new Set(["NUM", "PRON", "PART", "PUNCT", "ADP"]);

/**
 * The names `sentence` introduces, in order, each once.
 * @example
 * introducedNames("我家的猫叫煤球", "zh"); // ["煤球"]
 * introducedNames("我高中同学常言坐在H区114号", "zh"); // ["常言"]
 */
export function introducedNames(sentence: string, language: "zh" | "en"): string[] {
  return withKnownNames([], () => {
    const names: string[] = [];
    for (const { text } of splitClauses(sentence, language)) {
      const claim = readClaim(text, language);
      const entity = claim?.subject === "entity" ? claim.entity?.name : undefined;
      if (entity) names.push(language === "zh" ? nameAfterRelation(entity) : entity);
    }
    for (const m of sentence.matchAll(language === "zh" ? ZH_NAMING : EN_NAMING)) {
      const name = m.slice(1).find((g) => g !== undefined);
      if (name) names.push(name);
    }
    for (const { text } of splitClauses(sentence, language))
      for (const { name } of entityMentions(text)) if (name) names.push(name);
    // Readings in order of trust (the grammar's, the naming patterns', the relation patterns'): where
    // two overlap (柯文 / 柯文坐), the first stands.
    const kept: string[] = [];
    for (const name of names.map((n) => n.trim()).filter((n) => plausible(n, language)))
      if (!kept.some((k) => k.startsWith(name) || name.startsWith(k))) kept.push(name);
    return kept;
  });
}

/** A name, not a phrase: the shape of one, no numeral or pronoun in it, not a thing the lexicon knows. */
function plausible(name: string, language: "zh" | "en"): boolean {
  if (!nameShaped(name)) return false;
  if (objectTerms(findTerms(name)).some((m) => m.surface.length >= name.replace(/\s+/gu, "").length - 1)) return false;
  if (language === "en") return /^\p{Lu}/u.test(name);
  return !/^[我你您他她它咱]/u.test(name) && !tagWords(name, "zh").some((w) => NOT_IN_A_ZH_NAME.has(w.pos));
}
