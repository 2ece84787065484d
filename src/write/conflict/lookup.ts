/**
 * Finding the active memories a candidate may relate to, with as few store round trips as
 * possible: the vector searches of a run go in a few `store.batch` calls (CHUNK candidates
 * each, handing the event loop back between them, so a large write never blocks another
 * user's recall for long), same-key lookups through the key index (key-index.ts), keyword
 * searches (a separate capability) chunked the same way. None of them reads the whole scope,
 * and none reads more of one key's history than a fixed number of items: the searches take the
 * SEARCHED nearest items whatever their status and keep the active ones (a filtered search would
 * read past every superseded version near the candidate, thousands for a key updated daily for
 * years), and the key index lists active records only.
 */
import type { BaseStore, SearchItem, SearchOperation } from "@langchain/langgraph-checkpoint";
import { recordsNamespace } from "../../namespaces.js";
import { type MemoryScope, parseMemoryRecord } from "../../schema.js";
import { isKeywordSearchable } from "../../store/contract.js";
import { slices } from "../../yield.js";
import type { MemoryCandidate } from "../candidate.js";
import { keySubject } from "../extract/keys.js";
import type { RelatedMemory } from "./decide.js";
import { indexedRecords } from "./key-index.js";

/** Neighbours looked at per candidate: a user's memories on one topic are few. */
export const NEIGHBOURS = 8;
/** Memories looked at about one named person, project or pet: what a user tells of one is a few dozen facts. */
const SUBJECT_MEMORIES = 32;
const ACTIVE = "active";
/**
 * Items read per search, whatever their status: the neighbours are the active ones among them.
 * A bound, not a filter: a key with thousands of superseded versions costs a write no more than
 * a fresh key (its own active record comes from the key index in any case).
 */
export const SEARCHED = NEIGHBOURS * 4;
// Candidates per store call: an embedded store answers a batch synchronously, so this bounds one
// slice of work (about a millisecond a search on HNSWStore).
const CHUNK = 8;

/**
 * The nearest active memories of each text by vector similarity, best first (`similarity` is
 * the store's cosine score; 0 when the store has no vector index), among the SEARCHED nearest
 * items; `complete` when the search returned fewer than that (every item of the scope was seen).
 */
export async function vectorNeighbours(
  store: BaseStore,
  namespace: string[],
  texts: readonly string[],
): Promise<Array<{ found: RelatedMemory[]; complete: boolean }>> {
  if (texts.length === 0) return [];
  const pause = slices();
  const results: SearchItem[][] = [];
  for (let start = 0; start < texts.length; start += CHUNK) {
    const operations: SearchOperation[] = texts.slice(start, start + CHUNK).map((query) => ({
      namespacePrefix: namespace,
      query,
      limit: SEARCHED,
      offset: 0,
    }));
    results.push(...((await store.batch(operations)) as SearchItem[][]));
    await pause();
  }
  return results.map((items) => ({
    found: activeOf(items).map((item) => toRelated(item, true)),
    complete: items.length < SEARCHED,
  }));
}

/** The active items of a search, best first, at most NEIGHBOURS. */
function activeOf(items: readonly SearchItem[]): SearchItem[] {
  return items.filter((item) => (item.value as { status?: unknown }).status === ACTIVE).slice(0, NEIGHBOURS);
}

/**
 * The active memories under each candidate's own key (the same subject and attribute), from the
 * key index: a few reads per key, however large the scope (key-index.ts).
 */
export async function sameKeyMatches(
  store: BaseStore,
  scope: MemoryScope,
  candidates: readonly MemoryCandidate[],
): Promise<RelatedMemory[][]> {
  const found = await indexedRecords(
    store,
    scope,
    candidates.map((c) => ({ prefix: c.key, exact: true })),
    NEIGHBOURS,
  );
  return found.map((records) => records.map((record) => ({ record, similarity: 0 })));
}

/**
 * Whom a candidate is about, when that is someone named (`colleague.anna`, `project.atlas`):
 * then every memory that can relate to it is one of theirs (classify.ts never relates different
 * subjects), so their memories, listed from the key index, stand in for a search of the whole
 * scope. A bare name (`person.anna`) may be someone already known under a relation: searched.
 */
export function namedSubject(candidate: MemoryCandidate): string | undefined {
  const { entity } = keySubject(candidate.key);
  return entity?.includes(".") && !entity.startsWith("person.") ? entity : undefined;
}

function isBareName(candidate: MemoryCandidate): boolean {
  return keySubject(candidate.key).entity?.startsWith("named.") === true;
}

/** Every active memory about each candidate's named subject (see namedSubject), newest first. */
export async function subjectMatches(
  store: BaseStore,
  scope: MemoryScope,
  candidates: readonly MemoryCandidate[],
): Promise<RelatedMemory[][]> {
  const subjects = candidates.map(namedSubject);
  const asked = subjects.flatMap((subject, i) => (subject ? [i] : []));
  const found = await indexedRecords(
    store,
    scope,
    asked.map((i) => ({ prefix: subjects[i]!, exact: false })),
    SUBJECT_MEMORIES,
  );
  const byCandidate = new Map(asked.map((i, n) => [i, found[n]!]));
  return candidates.map((_, i) => (byCandidate.get(i) ?? []).map((record) => ({ record, similarity: 0 })));
}

/**
 * Keyword hits of each candidate when the store has a keyword channel. Skipped when `seenAll`
 * says a vector search already returned every active memory of the scope (fewer hits than its
 * limit): a young memory store costs one search per candidate.
 */
export async function keywordMatches(
  store: BaseStore,
  namespace: string[],
  candidates: readonly MemoryCandidate[],
  seenAll = false,
): Promise<RelatedMemory[][]> {
  // A candidate about someone named already has every memory about them (neighboursOf).
  const searched = candidates.flatMap((c, i) => (namedSubject(c) ? [] : [i]));
  if (searched.length === 0 || seenAll || !isKeywordSearchable(store)) return candidates.map(() => []);
  const hits = await keywordHits(
    searched.map((i) => candidates[i]!),
    (c) => store.keywordSearch(namespace, c.content, { limit: SEARCHED }),
  );
  const byCandidate = new Map(searched.map((i, n) => [i, activeOf(hits[n]!)]));
  return candidates.map((_, i) => (byCandidate.get(i) ?? []).map((item) => toRelated(item, false)));
}

/** One list without repeats: each memory once, at the best similarity it was found with. */
export function unionById(...lists: ReadonlyArray<readonly RelatedMemory[]>): RelatedMemory[] {
  const byId = new Map<string, RelatedMemory>();
  for (const list of lists) {
    for (const memory of list) {
      const seen = byId.get(memory.record.id);
      if (!seen || memory.similarity > seen.similarity) byId.set(memory.record.id, memory);
    }
  }
  return [...byId.values()];
}

function toRelated(item: SearchItem, vector: boolean): RelatedMemory {
  return { record: parseMemoryRecord(item.value), similarity: vector ? (item.score ?? 0) : 0 };
}

/** Keyword searches of every candidate, CHUNK at a time with a yield point between chunks. */
async function keywordHits(
  candidates: readonly MemoryCandidate[],
  search: (candidate: MemoryCandidate) => Promise<SearchItem[]>,
): Promise<SearchItem[][]> {
  const pause = slices();
  const hits: SearchItem[][] = [];
  for (let start = 0; start < candidates.length; start += CHUNK) {
    hits.push(...(await Promise.all(candidates.slice(start, start + CHUNK).map(search))));
    await pause();
  }
  return hits;
}

/**
 * The neighbours of each candidate as one lookup for the run: for a candidate about someone
 * named, their memories (subjectMatches); for any other, the nearest by vector; for every one,
 * those under its own key. `vectorHits` says how many the vector search returned (NEIGHBOURS
 * when it was not needed), so a young store can skip further searches.
 */
export async function neighboursOf(
  store: BaseStore,
  scope: MemoryScope,
  candidates: readonly MemoryCandidate[],
): Promise<{ found: RelatedMemory[][]; vectorHits: number[] }> {
  // A bare name (`named.orion`) may be someone or something known under a relation too: searched as well.
  const searched = candidates.flatMap((c, i) => (namedSubject(c) && !isBareName(c) ? [] : [i]));
  const [vector, bySubject, byKey] = await Promise.all([
    vectorNeighbours(
      store,
      recordsNamespace(scope),
      searched.map((i) => candidates[i]!.content),
    ),
    subjectMatches(store, scope, candidates),
    sameKeyMatches(store, scope, candidates),
  ]);
  const vectorOf = new Map(searched.map((i, n) => [i, vector[n]!]));
  return {
    found: candidates.map((_, i) => unionById(vectorOf.get(i)?.found ?? [], bySubject[i]!, byKey[i]!)),
    // Fewer than NEIGHBOURS only when the search saw the whole scope (as a filtered search that
    // ran out of active memories did).
    vectorHits: candidates.map((_, i) => {
      const hits = vectorOf.get(i);
      return hits?.complete ? hits.found.length : NEIGHBOURS;
    }),
  };
}
