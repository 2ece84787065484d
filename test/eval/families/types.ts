/**
 * Generated statement families: distinct facts about named entities (projects, people, orders,
 * rooms, pets, …) in many sentence forms, both languages, with names, ids and values drawn from
 * seeded generators. They measure whether the write side keeps every distinct fact under its own
 * identity, attributes it to the right subject, and lets a later value of the same entity win.
 *
 * Families are written from the domain, never from the extraction rules; half of them are held
 * out (`split: "held-out"`) and never used to tune anything.
 */

export type FamilyLanguage = "zh" | "en";

/** One statement of fact about one entity. */
export interface FamilyStatement {
  /** Unique within one generated set: `<family>-<n>`. */
  id: string;
  family: string;
  language: FamilyLanguage;
  /** The entity's name exactly as the text writes it ("P1992", "Room 202", "天枢", "林一鸣"). */
  entity: string;
  /** What is said of it, in a few words ("database", "city", "数据库"). */
  attribute: string;
  /** The value the statement gives, exactly as written in `text` ("PostgreSQL", "西安"). */
  value: string;
  /** The user's message. */
  text: string;
  /** An assistant turn said just before `text`, when the form is a question and its answer. */
  prompt?: string;
  /** A question naming the entity (by name) and asking for the attribute; it does not contain `value`. */
  question: string;
  /** A later statement about the same entity and attribute giving a new value (absent for families without a single current value). */
  update?: { text: string; value: string };
  /** Which sentence form produced `text` (for checking the spread of forms). */
  form?: string;
}

export interface Family {
  id: string;
  language: FamilyLanguage;
  /** `dev`: may be looked at while tuning. `held-out`: only measured. */
  split: "dev" | "held-out";
  /** What the family is about, one line. */
  description: string;
  /**
   * `n` statements about `n` distinct entities (no two share a name), deterministic for a seed.
   * Each statement picks its sentence form, question form and update form at random.
   */
  generate(rand: () => number, n: number): FamilyStatement[];
}
