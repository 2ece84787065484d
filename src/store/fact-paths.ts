/**
 * The two-step fact join both stores answer `factPaths` with (contract.ts StructuredSearchable),
 * written once around each store's own index probes (SQLite statements, PostgreSQL LATERAL reads):
 * hop 1 the facts touching the named entities (the user's only of an asked predicate), their
 * other ends the pivots, hop 2 the facts touching a pivot (of an asked predicate or `same_as`
 * when predicates are given), paired newest first. The user is never a pivot: every fact of
 * the user would be hop 2 of everything. Every step is bounded by the constants below.
 */

/** The entity key of the user (src/facts/structure.ts). */
const USER = "user";
/** Entity keys a query probes at most (a query's n-grams). */
export const MAX_PROBE_KEYS = 64;
export const MAX_PREDICATES = 8;
/**
 * A two-step answer's bounds: first hops per probe and in all, pivots it follows, second hops
 * per probe. Recall injects at most ten relation memories; these leave room for the filters
 * after the join (asked predicate, scope, status).
 */
const HOP1_PER_PROBE = 50;
const MAX_HOP1 = 200;
const MAX_PIVOTS = 24;
const HOP2_PER_PROBE = 10;

/** What the join reads of a fact row; ids grow with insertion (bigint strings on PostgreSQL). */
export interface JoinableFact {
  id: number | string;
  subject_key: string;
  object_key: string;
}

/** Distinct keys, at most {@link MAX_PROBE_KEYS} (in the caller's order). */
export function probeKeys(keys: string[]): string[] {
  return [...new Set(keys)].slice(0, MAX_PROBE_KEYS);
}

function newerFirst(a: JoinableFact, b: JoinableFact): number {
  if (typeof a.id === "number" && typeof b.id === "number") return b.id - a.id;
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x < y ? 1 : x > y ? -1 : 0;
}

/** Newest first, at most `limit` (sorts `rows` in place). */
export function newest<R extends JoinableFact>(rows: R[], limit: number): R[] {
  return rows.sort(newerFirst).slice(0, limit);
}

/**
 * A store's index probe: the facts with one of `keys` as subject or object (of one of
 * `predicates` when given), newest first, at most `perProbe` rows per key and side.
 */
export type FactProbe<R> = (keys: string[], predicates: string[] | undefined, perProbe: number) => R[] | Promise<R[]>;

/**
 * Two-step facts: hop 1 the facts touching `entityKeys` (from the user only of an asked
 * predicate), hop 2 the facts touching each hop-1 fact's other end (its pivot; of an asked
 * predicate or `same_as` when `predicates` are given), paired newest second hop first; at most
 * `limit` paths. `itemOf` names a fact's item: two facts of one item never make a path.
 */
export async function joinFactPaths<R extends JoinableFact>(
  entityKeys: string[],
  predicates: string[] | undefined,
  limit: number,
  probe: FactProbe<R>,
  itemOf: (row: R) => string | number,
): Promise<Array<{ first: R; second: R }>> {
  const hop = hopOne(entityKeys, predicates);
  const firsts = newest(
    [
      ...(await probe(hop.entities, undefined, HOP1_PER_PROBE)),
      ...(hop.userPredicates ? await probe([USER], hop.userPredicates, HOP1_PER_PROBE) : []),
    ],
    MAX_HOP1,
  );
  const byPivot = pivotsOf(firsts, hop.named);
  const seconds = await probe([...byPivot.keys()], hopTwoPredicates(hop.asked), HOP2_PER_PROBE);
  return pathsThrough(seconds, byPivot, itemOf, limit);
}

/** Hop 1's probes: the named entities but the user, and the user with the asked predicates only. */
function hopOne(
  entityKeys: string[],
  predicates?: string[],
): { named: Set<string>; entities: string[]; asked?: string[]; userPredicates?: string[] } {
  const keys = probeKeys(entityKeys);
  const named = new Set(keys);
  const asked = predicates === undefined ? undefined : [...new Set(predicates)].slice(0, MAX_PREDICATES);
  return {
    named,
    entities: keys.filter((k) => k !== USER),
    ...(asked ? { asked } : {}),
    ...(asked && named.has(USER) ? { userPredicates: asked } : {}),
  };
}

/** Hop-1 facts by their pivot (the end not named), at most {@link MAX_PIVOTS} pivots, never the user. */
function pivotsOf<R extends JoinableFact>(firsts: readonly R[], named: ReadonlySet<string>): Map<string, R[]> {
  const byPivot = new Map<string, R[]>();
  for (const first of firsts) {
    const pivot = named.has(first.subject_key) ? first.object_key : first.subject_key;
    if (pivot === USER) continue;
    const list = byPivot.get(pivot);
    if (list) list.push(first);
    else if (byPivot.size < MAX_PIVOTS) byPivot.set(pivot, [first]);
  }
  return byPivot;
}

/** Hop 2's predicates: any, or the asked ones and `same_as` (an alias leads on). */
function hopTwoPredicates(asked: string[] | undefined): string[] | undefined {
  return asked === undefined ? undefined : [...asked, "same_as"];
}

/**
 * Pair each hop-2 fact with the hop-1 facts of its pivot, neither the same fact nor two facts of
 * one item; newest second hop first, then newest first hop; at most `limit` paths.
 */
function pathsThrough<R extends JoinableFact>(
  seconds: readonly R[],
  byPivot: ReadonlyMap<string, R[]>,
  itemOf: (row: R) => string | number,
  limit: number,
): Array<{ first: R; second: R }> {
  const paths: Array<{ first: R; second: R }> = [];
  for (const second of seconds)
    for (const pivot of new Set([second.subject_key, second.object_key]))
      for (const first of byPivot.get(pivot) ?? [])
        if (second.id !== first.id && itemOf(second) !== itemOf(first)) paths.push({ first, second });
  paths.sort((a, b) => newerFirst(a.second, b.second) || newerFirst(a.first, b.first));
  return paths.slice(0, limit);
}
