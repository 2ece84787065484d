/**
 * The keyword (BM25) channel's text handling for SQLite FTS5.
 *
 * Text is segmented by our tokenizer (Intl.Segmenter, so Chinese words are real words) before
 * it reaches FTS5, which then only splits on the spaces we put in. Scope is part of the match
 * itself: each row carries one token per namespace prefix, so a query names its prefix's token
 * and never ranks another user's rows.
 */
import { createHash } from "node:crypto";
import { Recent } from "../recent.js";
import { keywordTerms } from "../text/tokenizer.js";

/** One opaque token per prefix of the namespace: `["a","b"]` → tokens for `a:` and `a:b:`. */
export function scopeTokens(namespace: string[]): string[] {
  return namespace.map((_, i) => scopeToken(namespace.slice(0, i + 1)));
}

// Every write and keyword search of a scope asks for its tokens: the last few are kept.
const SCOPE_TOKENS = new Recent<string>(1024);

export function scopeToken(prefix: string[]): string {
  const path = prefix.map((l) => `${l}:`).join("");
  return SCOPE_TOKENS.get(path, () => `s${createHash("sha256").update(path).digest("hex").slice(0, 24)}`);
}

export function keywordBody(texts: string[]): string {
  return texts.flatMap((text) => keywordTerms(text, { unique: false })).join(" ");
}

/** The distinct terms of a keyword query, in order. */
export function queryTerms(query: string): string[] {
  return [...new Set(keywordTerms(query))];
}

/**
 * Leave out terms found in more than `maxShare` of all documents (用户, "user": nearly every
 * memory says it). Their BM25 weight is close to zero anyway, but matching them makes FTS5 rank
 * a whole namespace. The rarest term always stays, so a query never loses every term.
 */
export function dropUbiquitousTerms(
  terms: string[],
  docFrequency: (term: string) => number,
  totalDocs: number,
  maxShare = 0.3,
): string[] {
  if (terms.length <= 1 || totalDocs < 200) return terms;
  const df = terms.map((term) => ({ term, n: docFrequency(term) }));
  const kept = df.filter((t) => t.n <= maxShare * totalDocs).map((t) => t.term);
  if (kept.length > 0) return kept;
  return [df.reduce((a, b) => (b.n < a.n ? b : a)).term];
}

/**
 * An FTS5 MATCH expression for query terms under a prefix, or undefined when there are none.
 * Terms are OR-ed (BM25 ranks documents matching more of them higher).
 */
export function matchExpression(prefix: string[], terms: string[]): string | undefined {
  if (terms.length === 0) return undefined;
  const body = `body : (${terms.map(quote).join(" OR ")})`;
  return prefix.length === 0 ? body : `scope : ${quote(scopeToken(prefix))} AND ${body}`;
}

function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}
