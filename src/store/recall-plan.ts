/**
 * A recall plan: every candidate lookup of one recall, described before any runs, so a store
 * can answer them in as few round trips as their dependencies allow. Recall's lookups form two
 * rounds: the first holds each namespace's search (both channels, or the keyword channel
 * alone), its day terms and one probe per name reading and per related word (does any item
 * say it?); the second, the searches for the readings and related words the probes chose.
 * Which readings and words the second round searches is decided here, once, for every store:
 * PostgresStore answers a round in one statement, HNSWStore with a call per lookup.
 */
import type { SearchItem } from "@langchain/langgraph-checkpoint";
import type { HybridHits } from "./contract.js";

/** The lookups of one namespace in a recall. */
export interface RecallSearch {
  namespace: string[];
  query: string;
  /** Same operators as `search()`, applied to every lookup of the namespace. */
  filter?: Record<string, unknown>;
  /** How many hits each of the namespace's lists holds at most. */
  limit: number;
  /** Both channels (`hybrid`, as `hybridSearch()`) or the keyword channel alone. */
  channels: "hybrid" | "keyword";
  /** The terms of the days the query names, searched by keyword as a list of their own. */
  dayQuery?: string;
  /**
   * Names, each as its readings longest first: of each name, the longest reading some item
   * says joins one keyword search of them all.
   */
  names?: string[][];
  /** Words with other words for them: the others of the words no item says are searched. */
  related?: Array<{ word: string; related: string[] }>;
}

/** A recall's lookups, one entry per namespace. */
export interface RecallPlan {
  searches: RecallSearch[];
}

/** What a plan found for one namespace; a list is undefined when its lookup did not run. */
export interface RecallFound {
  /** Undefined for a keyword-only search, or a store without a vector index. */
  vector?: SearchItem[];
  keyword: SearchItem[];
  date?: SearchItem[];
  named?: SearchItem[];
  related?: SearchItem[];
}

/** One lookup of a round: a hybrid or keyword search under a namespace. */
export interface CandidateLookup {
  namespace: string[];
  query: string;
  filter?: Record<string, unknown>;
  limit: number;
  channels: "hybrid" | "keyword";
  /**
   * Only whether some item passing the filter says one of the query's terms is asked (a name's
   * reading, a related word): the store may answer with any one such item instead of the best.
   */
  probe?: boolean;
}

/** Runs a round of lookups, answering each as `hybridSearch()` or `keywordSearch()` would. */
export type LookupRound = (lookups: CandidateLookup[]) => Promise<HybridHits[]>;

/** A store that answers a whole recall plan (StoreBase.planRecall). */
export interface RecallPlanning {
  /**
   * @example
   * declare const store: RecallPlanning;
   * const [records] = await store.planRecall({
   *   searches: [{ namespace: ["memory", "_default", "u1", "records"], query: "coriander", limit: 24, channels: "hybrid" }],
   * });
   */
  planRecall(plan: RecallPlan): Promise<RecallFound[]>;
}

export function isRecallPlanning(store: unknown): store is RecallPlanning {
  return typeof (store as Partial<RecallPlanning> | undefined)?.planRecall === "function";
}

/** Run a plan's two rounds through `round`, choosing the second round's lookups from the first's answers. */
export async function runRecallPlan(plan: RecallPlan, round: LookupRound): Promise<RecallFound[]> {
  const first: CandidateLookup[] = [];
  const add = (lookups: CandidateLookup[], lookup: CandidateLookup) => lookups.push(lookup) - 1;
  const keyword = (search: RecallSearch, query: string, limit: number): CandidateLookup => ({
    namespace: search.namespace,
    query,
    ...(search.filter ? { filter: search.filter } : {}),
    limit,
    channels: "keyword",
  });
  const probe = (search: RecallSearch, query: string): CandidateLookup => ({
    ...keyword(search, query, 1),
    probe: true,
  });
  const asked = plan.searches.map((search) => ({
    main: add(first, { ...keyword(search, search.query, search.limit), channels: search.channels }),
    date: search.dayQuery ? add(first, keyword(search, search.dayQuery, search.limit)) : undefined,
    // Whether any item passing the filter says it: a probe, which any one hit answers.
    readings: (search.names ?? []).map((readings) => readings.map((r) => add(first, probe(search, r)))),
    words: (search.related ?? []).map(({ word }) => add(first, probe(search, word))),
  }));
  const found = first.length ? await round(first) : [];
  const says = (at: number) => found[at]!.keyword.length > 0;
  const second: CandidateLookup[] = [];
  const chosen = plan.searches.map((search, i) => {
    const { readings, words } = asked[i]!;
    const said = (search.names ?? []).flatMap((names, n) => {
      const at = names.findIndex((_, r) => says(readings[n]![r]!));
      return at < 0 ? [] : [names[at]!];
    });
    const unsaid = (search.related ?? []).flatMap(({ related }, w) => (says(words[w]!) ? [] : related));
    return {
      named: said.length ? add(second, keyword(search, said.join(" "), search.limit)) : undefined,
      related: unsaid.length ? add(second, keyword(search, unsaid.join(" "), search.limit)) : undefined,
    };
  });
  const then = second.length ? await round(second) : [];
  return plan.searches.map((search, i) => {
    const { main, date } = asked[i]!;
    const { named, related } = chosen[i]!;
    const hits = found[main]!;
    return {
      ...(search.channels === "hybrid" && hits.vector ? { vector: hits.vector } : {}),
      keyword: hits.keyword,
      ...(date !== undefined ? { date: found[date]!.keyword } : {}),
      ...(search.names?.length ? { named: named === undefined ? [] : then[named]!.keyword } : {}),
      ...(search.related?.length ? { related: related === undefined ? [] : then[related]!.keyword } : {}),
    };
  });
}
