/** What a clause claims (see claim.ts), and what the reading needs of each language's grammar. */
import type { TaggedWord } from "../../text/grammar.js";

export interface ClaimEntity {
  /** How the speaker knows it (`colleague`, `project`, `doctor`), or `named` for anything else. */
  relation: string;
  /**
   * The name as written, with its class word when that is not a relation ("Room 202", "订单A1001",
   * "星辰厅"); empty for an unnamed relative ("my sister").
   */
  name: string;
  /** Where the entity's words start and end in the clause. */
  start: number;
  end: number;
  /** The words naming it as written, the speaker's possessive included: "My colleague Ravi", 我同事林一鸣. */
  surface: string;
}

export interface ClaimPronoun {
  /** As written: "its", "she", 她, 这个项目的. */
  text: string;
  start: number;
  end: number;
  /** "its tech lead", 她的, 这个项目的: it stands for an owner. */
  possessive: boolean;
}

export interface Claim {
  /**
   * `speaker`: I / we (the user's own words; read by the language readers). `entity`: someone or
   * something named. `pronoun`: he / she / its / 这个项目, to be resolved against an earlier
   * clause. `none`: no subject of its own (a continuation) or nothing named.
   */
  subject: "speaker" | "entity" | "pronoun" | "none";
  entity?: ClaimEntity;
  pronoun?: ClaimPronoun;
  /** The attribute the subject phrase names of its owner: "Tavimo's hobby" → "hobby", 订单的收货地址 → 收货地址. */
  possessed?: string;
  /** The predicate's words in dictionary form, values and noise left out: ["store", "datum", "in"]. */
  frame: string[];
  /** The values the predicate gives, as written. */
  values: string[];
  /** The predicate says the value changed: now, moved, switched, 现在, 改成, 搬到. */
  changed: boolean;
  /** The predicate has a verb (a statement, not an exclamation or a noun phrase). */
  predicated: boolean;
  /** The clause opens with a subject phrase naming nothing (负责人, "the weather"): its words. */
  unnamed?: string;
  /** The words of the values, tagged. */
  valueWords?: TaggedWord[];
}

/** Where the subject phrase is and where the predicate starts. */
export interface SubjectSpan {
  kind: "speaker" | "phrase" | "pronoun" | "none";
  /** Words of the subject phrase (or the pronoun). */
  from: number;
  to: number;
  /** First word of the predicate. */
  predicate: number;
  /** Set off before the clause ("As for Room 202, …", 至于天枢，…): what the whole clause is about. */
  topic?: boolean;
}

/** What differs between the languages; the reading itself is one algorithm (readWith). */
export interface Grammar {
  language: "zh" | "en";
  subject(words: readonly TaggedWord[], text: string): SubjectSpan;
  entity(
    text: string,
    phrase: readonly TaggedWord[],
  ): { entity: Omit<ClaimEntity, "surface">; possessed?: string } | undefined;
  pronoun(text: string, phrase: readonly TaggedWord[]): { pronoun: ClaimPronoun; possessed?: string } | undefined;
  isName(word: TaggedWord): boolean;
  isTime(word: TaggedWord): boolean;
  noise: ReadonlySet<string>;
  change: RegExp;
  joiner: string;
}
