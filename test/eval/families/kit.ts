/**
 * The scaffolding every family shares: a family is a few weighted variants (one attribute each), and
 * a variant draws an entity and a value, then picks a sentence form, a question form and, when the
 * attribute holds one current value, an update form.
 */

import { NameBook, pick, type Rand } from "./names.js";
import type { Family, FamilyLanguage, FamilyStatement } from "./types.js";

/** What the user says: a plain message, or an assistant question and the user's answer. */
export type Said = string | readonly [prompt: string, text: string];

export interface Fact {
  entity: string;
  value: string;
}

export interface VariantSpec<C extends Fact> {
  attribute: string;
  weight?: number;
  draw(r: Rand, book: NameBook): C;
  forms: readonly ((c: C, r: Rand) => Said)[];
  questions: readonly ((c: C, r: Rand) => string)[];
  /** A later value, different from `c.value`; together with `updates` gives every statement an update. */
  next?: (c: C, r: Rand, book: NameBook) => string;
  updates?: readonly ((c: C, next: string, r: Rand) => string)[];
}

type Drawn = Omit<FamilyStatement, "id" | "family" | "language">;

export interface Variant {
  weight: number;
  run(r: Rand, book: NameBook): Drawn;
}

const low = (s: string) => s.toLowerCase();

/** Whether a drawn statement keeps its promises (value and entity in the text, question free of the value). */
function sound(s: Drawn): boolean {
  const value = low(s.value);
  if (!s.text.includes(s.value) || !s.text.includes(s.entity)) return false;
  if (!s.question.includes(s.entity) || low(s.question).includes(value) || low(s.entity).includes(value)) return false;
  if (s.update) {
    const next = low(s.update.value);
    if (!s.update.text.includes(s.update.value) || !s.update.text.includes(s.entity)) return false;
    if (next === value || low(s.question).includes(next) || low(s.entity).includes(next)) return false;
  }
  return true;
}

export function variant<C extends Fact>(spec: VariantSpec<C>): Variant {
  const one = (r: Rand, book: NameBook): Drawn => {
    const c = spec.draw(r, book);
    const formIndex = Math.floor(r() * spec.forms.length);
    const said = spec.forms[formIndex]!(c, r);
    const question = pick(r, spec.questions)(c, r);
    const out: Drawn = {
      entity: c.entity,
      attribute: spec.attribute,
      value: c.value,
      text: typeof said === "string" ? said : said[1],
      question,
      form: `${spec.attribute}#${formIndex}`,
    };
    if (typeof said !== "string") out.prompt = said[0];
    if (spec.next && spec.updates) {
      const next = spec.next(c, r, book);
      out.update = { text: pick(r, spec.updates)(c, next, r), value: next };
    }
    return out;
  };
  return {
    weight: spec.weight ?? 1,
    run(r, book) {
      for (let i = 0; i < 20; i += 1) {
        const s = one(r, book);
        if (sound(s)) return s;
      }
      throw new Error(`variant ${spec.attribute}: no sound statement in 20 draws`);
    },
  };
}

export function defineFamily(
  meta: { id: string; language: FamilyLanguage; split: "dev" | "held-out"; description: string },
  variants: readonly Variant[],
): Family {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  const choose = (r: Rand): Variant => {
    let x = r() * total;
    for (const v of variants) {
      x -= v.weight;
      if (x < 0) return v;
    }
    return variants[variants.length - 1]!;
  };
  return {
    ...meta,
    generate(rand, n) {
      const book = new NameBook(rand);
      return Array.from({ length: n }, (_, i) => ({
        id: `${meta.id}-${i}`,
        family: meta.id,
        language: meta.language,
        ...choose(rand).run(rand, book),
      }));
    },
  };
}
