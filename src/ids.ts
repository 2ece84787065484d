/**
 * The id grammar, in one place: what a user, tenant, session or task id may not contain, so that
 * two ids that look alike are one id or refused, and no id is ever read as a pattern.
 *
 * - Pattern characters (`*`, `?`, `[`, `]`, `%`): a store's namespace listing reads `*` as a
 *   wildcard (LangGraph's `listNamespaces`), SQL `LIKE` reads `%`; an id is a name, never a pattern.
 * - Control and format characters (Unicode `Cc`, `Cf`: NUL, zero-width spaces and joiners, bidi
 *   overrides): invisible, so "bob" and "bo\u200Bb" would be two users who look like one.
 */
const PATTERN = /[*?[\]%]/u;
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/**
 * What is wrong with an id, or undefined when nothing is.
 * @example
 * idProblem("*");        // "must not contain a wildcard or pattern character (* ? [ ] %)"
 * idProblem("bo\u200Bb"); // "must not contain control, zero-width or bidi characters"
 * idProblem("alice");    // undefined
 */
export function idProblem(id: string): string | undefined {
  if (PATTERN.test(id)) return "must not contain a wildcard or pattern character (* ? [ ] %)";
  if (INVISIBLE.test(id)) return "must not contain control, zero-width or bidi characters";
  return undefined;
}
