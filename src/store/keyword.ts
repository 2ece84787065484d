/**
 * The keyword (BM25) channel's text handling for SQLite FTS5.
 *
 * Text is segmented by our tokenizer (Intl.Segmenter, so Chinese words are real words) before
 * it reaches FTS5, which then only splits on the spaces we put in. Scope is part of the match
 * itself: each row carries one token per namespace prefix, so a query names its prefix's token
 * and never ranks another user's rows.
 */
import { createHash } from "node:crypto";
import { keywordTerms } from "../text/tokenizer.js";

/** One opaque token per prefix of the namespace: `["a","b"]` → tokens for `a:` and `a:b:`. */
export function scopeTokens(namespace: string[]): string[] {
  return namespace.map((_, i) => scopeToken(namespace.slice(0, i + 1)));
}

export function scopeToken(prefix: string[]): string {
  const digest = createHash("sha256").update(prefix.map((l) => `${l}:`).join("")).digest("hex");
  return `s${digest.slice(0, 24)}`;
}

export function keywordBody(texts: string[]): string {
  return texts.flatMap((text) => keywordTerms(text, { unique: false })).join(" ");
}

/**
 * An FTS5 MATCH expression for a query under a prefix, or undefined when the query has no
 * searchable terms. Terms are OR-ed (BM25 ranks documents matching more of them higher).
 */
export function matchExpression(prefix: string[], query: string): string | undefined {
  const terms = [...new Set(keywordTerms(query))];
  if (terms.length === 0) return undefined;
  const body = `body : (${terms.map(quote).join(" OR ")})`;
  return prefix.length === 0 ? body : `scope : ${quote(scopeToken(prefix))} AND ${body}`;
}

function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}
