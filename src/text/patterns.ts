/**
 * Building regular expressions from word lists: one escape function, one way to turn a list of
 * words or phrases into an alternation. Cue words live in lists (src/write/extract/lexicon.ts and
 * the language readers); the patterns are derived from them, so a word is added in one place.
 */

/** `text` as a literal inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A non-capturing alternation of literal words, longest first so that a longer phrase wins over
 * its prefix (`不吃` before `不`).
 * @example
 * new RegExp(`^${alternation(["i", "i'm", "we"])}\\b`, "i"); // /^(?:i'm|we|i)\b/i
 */
export function alternation(words: Iterable<string>): string {
  const unique = [...new Set(words)].sort((a, b) => b.length - a.length || a.localeCompare(b));
  return `(?:${unique.map(escapeRegExp).join("|")})`;
}

/**
 * Words from one string: phrases separated by `|`, surrounding white space trimmed. Long lists
 * read better as one wrapped string than as a column of quoted items.
 * @example
 * wordList("hi | good morning | thanks"); // ["hi", "good morning", "thanks"]
 */
export function wordList(text: string): string[] {
  return text
    .split("|")
    .map((word) => word.trim())
    .filter((word) => word.length > 0);
}
