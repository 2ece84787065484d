/**
 * The days a query names (seed 001 §4.1: "exact conditions" that similar words cannot answer,
 * such as "在5月2号我们讨论了什么？"). Each named day becomes the day terms its episodes are indexed
 * with (src/time.ts `dayTerms`), searched as a channel of their own and fused with the others,
 * so a question about a day ranks that day's memories up without filtering the rest out.
 */
import { detectLanguage } from "../text/tokenizer.js";
import { DAY_MS, dayTerms } from "../time.js";
import { addDays, findTimeMentions } from "../write/extract/dates.js";

/** A period longer than this names no day in particular ("this year"): no terms. */
const MAX_DAYS = 7;
const YEAR = /\d{4}/u;

/**
 * The day terms of the days `query` names, relative ones resolved against `now`. A date without
 * a year ("May 4th", "5月4日") matches that day in any year.
 * @example
 * queryDayTerms("在5月2号我们讨论了什么？", new Date("2026-12-01T00:00:00Z")); // ["date_0502"]
 * queryDayTerms("What did I say yesterday?", new Date("2026-12-01T10:00:00Z")); // ["date_1130", "date_20261130"]
 */
export function queryDayTerms(query: string, now: Date): string[] {
  const terms = new Set<string>();
  for (const mention of findTimeMentions(query, detectLanguage(query), now.toISOString(), "past")) {
    const days = spanDays(mention.first, mention.last);
    if (days === undefined || days > MAX_DAYS) continue;
    // "May 4th" is written absolutely but says no year: it matches any year's May 4th.
    const withYear = !mention.absolute || YEAR.test(query.slice(mention.start, mention.end));
    for (let i = 0; i < days; i++)
      for (const term of dayTerms(addDays(mention.first, i), { withYear })) terms.add(term);
  }
  return [...terms];
}

function spanDays(first: string, last: string): number | undefined {
  const days = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS + 1;
  return Number.isFinite(days) && days >= 1 ? days : undefined;
}
