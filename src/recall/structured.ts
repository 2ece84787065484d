/**
 * The structured path of recall (seed 001 §4.3: "结构化过滤 + 语义排序"): the conditions a query
 * states (conditions.ts) select a subset through the store's relational index, and ranking runs
 * inside it; relations answer two-step questions by a join (§4.4). Each decision is returned
 * as a {@link ConditionNote} for the trace.
 *
 * A store with the index ({@link StructuredSearchable}, HNSWStore) answers with SQL; any other
 * `BaseStore` gets the same answers here, from its items scanned and structured in process
 * (linear in the scope's size, like the keyword fallback).
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseStore, Item } from "@langchain/langgraph-checkpoint";
import { entityKey } from "../facts/relations.js";
import { recordStructure } from "../facts/structure.js";
import {
  type FactHit,
  type HybridHits,
  type ItemRef,
  isStructuredSearchable,
  MAX_STRUCTURED_ROWS,
} from "../store/contract.js";
import { dayMatches } from "../store/item-structure.js";
import { scanNamespace } from "../store/scan.js";
import { cosine } from "../store/vectors.js";
import { bm25Search } from "./bm25.js";
import { dayConditionOf, type QueryConditions } from "./conditions.js";
import type { RankedList } from "./fusion.js";

type Value = Record<string, unknown>;

/** One structured decision of a recall, for the trace. */
export interface ConditionNote {
  kind: "time" | "status" | "exclude" | "relation";
  /** The query's words that stated it (redacted in the trace). */
  text: string;
  /** Whether it shaped the result (a time range with no memory falls back to plain recall). */
  applied: boolean;
  /** Items it selected, excluded or added. */
  matched: number;
  detail?: string;
}

/** Paths a multi-hop answer considers at most (the join's limit). */
export const MAX_PATHS = 200;
/** Memories a relation adds to the candidates at most. */
export const MAX_RELATION_HITS = 10;

/**
 * The items of the days the query names, under the scope's namespaces (`namespaces`: where
 * recall looks, records and episodes), at most MAX_STRUCTURED_ROWS.
 */
export async function itemsOnDays(
  store: BaseStore,
  scopePrefix: string[],
  namespaces: string[][],
  conditions: QueryConditions,
): Promise<ItemRef[]> {
  const days = dayConditionOf(conditions.time);
  const inScope = (ref: ItemRef) => namespaces.some((ns) => sameNamespace(ns, ref.namespace));
  if (isStructuredSearchable(store))
    return (await store.itemsOnDays(scopePrefix, days, { limit: MAX_STRUCTURED_ROWS, namespaces })).filter(inScope);
  const out: ItemRef[] = [];
  for (const namespace of namespaces)
    for (const item of await scanNamespace(store, namespace))
      if (recordStructure(item.value)?.days.some((day) => dayMatches(day, days)))
        out.push({ namespace: item.namespace, key: item.key });
  return out.slice(0, MAX_STRUCTURED_ROWS);
}

/**
 * The structured filter of a time condition and the ranking inside it (seed 001 §4.3): the
 * items of the days the query names under `namespaces`, ranked by vector and keyword as hybrid
 * search ranks. `matched`: the items the days selected, before the filter.
 */
export async function rankOnDays(
  store: BaseStore,
  scopePrefix: string[],
  namespaces: string[][],
  conditions: QueryConditions,
  query: string,
  options: { filter?: Value; limit: number; fields: string[]; embeddings?: EmbeddingsInterface },
): Promise<{ matched: number; lists: RankedList<Value>[] }> {
  if (isStructuredSearchable(store)) {
    const { matched, hits } = await store.searchOnDays(namespaces, dayConditionOf(conditions.time), query, {
      filter: options.filter,
      limit: options.limit,
    });
    return { matched, lists: listsOf(hits) };
  }
  const items = await itemsOnDays(store, scopePrefix, namespaces, conditions);
  return { matched: items.length, lists: items.length ? await rankWithin(store, items, query, options) : [] };
}

function listsOf(hits: HybridHits): RankedList<Value>[] {
  const lists: RankedList<Value>[] = [];
  if (hits.vector) lists.push({ channel: "vector", items: hits.vector.map(ranked) });
  lists.push({ channel: "keyword", items: hits.keyword.map(ranked) });
  return lists;
}

/**
 * Vector and keyword lists ranked inside `items`, as the channels of hybrid search return them.
 */
export async function rankWithin(
  store: BaseStore,
  items: ItemRef[],
  query: string,
  options: { filter?: Value; limit: number; fields: string[]; embeddings?: EmbeddingsInterface },
): Promise<RankedList<Value>[]> {
  if (isStructuredSearchable(store))
    return listsOf(await store.searchWithin(items, query, { filter: options.filter, limit: options.limit }));
  const fetched = await getAll(store, items);
  const passing = fetched.filter((item) => matches(item.value, options.filter));
  const docs = passing.map((item) => ({ id: item.key, value: item.value, texts: textsOf(item.value) }));
  const lists: RankedList<Value>[] = [{ channel: "keyword", items: bm25Search(docs, query, options.limit) }];
  if (options.embeddings && docs.length) {
    const [q, vectors] = await Promise.all([
      options.embeddings.embedQuery(query),
      options.embeddings.embedDocuments(docs.map((d) => d.texts.join("\n"))),
    ]);
    const scored = docs.map((d, i) => ({ id: d.id, value: d.value, score: cosine(q, vectors[i]!) }));
    scored.sort((a, b) => b.score - a.score);
    lists.unshift({ channel: "vector", items: scored.slice(0, options.limit) });
  }
  return lists;
}

/**
 * Two-step relation answers (seed 001 §4.4): facts touching an entity the query names, then
 * the facts touching their other end, joined by the store. A path counts when its last hop's
 * predicate is what the query asks about ("which database" → uses), and, when it starts at the
 * user ("the project I lead"), when its first hop's predicate is asked about too. The memories
 * of the last hops come first, then those of the first hops, each once.
 */
export async function relationHits(
  store: BaseStore,
  scopePrefix: string[],
  namespaces: string[][],
  conditions: QueryConditions,
  filter: Value | undefined,
): Promise<{ list?: RankedList<Value>; note?: ConditionNote }> {
  if (conditions.predicates.length === 0 || conditions.entityKeys.length === 0) return {};
  const asked = new Set(conditions.predicates);
  const paths = isStructuredSearchable(store)
    ? await store.factPaths(scopePrefix, conditions.entityKeys, {
        limit: MAX_PATHS,
        predicates: conditions.predicates,
        namespaces,
      })
    : await pathsInProcess(store, namespaces, conditions.entityKeys, conditions.predicates);
  const named = new Set(conditions.entityKeys);
  // An alias ("Atlas is the billing service") makes two names one entity: a path whose second
  // hop is an alias continues from the other name, one query more (facts of the aliases).
  const aliases = new Map<string, { first: FactHit; alias: FactHit }>();
  for (const { first, second } of paths) {
    if (second.predicate !== "same_as") continue;
    const pivot = named.has(first.subjectKey) ? first.objectKey : first.subjectKey;
    const other = second.subjectKey === pivot ? second.objectKey : second.subjectKey;
    if (!named.has(other) && !aliases.has(other)) aliases.set(other, { first, alias: second });
  }
  if (aliases.size > 0) {
    const keys = [...aliases.keys()].slice(0, 16);
    const facts = isStructuredSearchable(store)
      ? await store.factsAbout(scopePrefix, keys, { limit: MAX_PATHS, namespaces })
      : (await factsInProcess(store, namespaces)).filter(
          (f) => keys.includes(f.subjectKey) || keys.includes(f.objectKey),
        );
    for (const fact of facts) {
      const via = aliases.get(fact.subjectKey) ?? aliases.get(fact.objectKey);
      if (via && fact.predicate !== "same_as")
        paths.push({ first: via.first, second: fact }, { first: via.first, second: via.alias });
    }
  }
  const same = (a: FactHit, b: FactHit) =>
    a.subjectKey === b.subjectKey && a.predicate === b.predicate && a.objectKey === b.objectKey;
  const chosen = paths.filter(({ first, second }) => {
    // The same fact stated twice (a memory and its episode) is no second hop; nor is another
    // subject's fact about the same thing (飞跃 uses MySQL, 领航 uses MySQL): a sibling, not a step on.
    if (same(first, second) || !asked.has(second.predicate)) return false;
    if (first.predicate === second.predicate && first.objectKey === second.objectKey) return false;
    const fromUser = named.has("user") && (first.subjectKey === "user" || first.objectKey === "user");
    const fromOther = [first.subjectKey, first.objectKey].some((k) => k !== "user" && named.has(k));
    return fromOther || (fromUser && asked.has(first.predicate));
  });
  if (chosen.length === 0) return {};
  const refs: ItemRef[] = [];
  const seen = new Set<string>();
  for (const ref of [...chosen.map((p) => p.second), ...chosen.map((p) => p.first)]) {
    const id = `${ref.namespace.join("\u0000")}\u0001${ref.key}`;
    if (seen.has(id) || !namespaces.some((ns) => sameNamespace(ns, ref.namespace))) continue;
    seen.add(id);
    refs.push({ namespace: ref.namespace, key: ref.key });
  }
  const items = (await getAll(store, refs.slice(0, MAX_RELATION_HITS * 2)))
    .filter((item) => matches(item.value, filter))
    .slice(0, MAX_RELATION_HITS);
  if (items.length === 0) return {};
  // A path stated twice (a memory and its episode) is shown once.
  const shown = [...new Set(chosen.map(({ first, second }) => `${describe(first)} → ${describe(second)}`))]
    .slice(0, 3)
    .join("; ");
  return {
    list: { channel: "relation", items: items.map((item) => ({ id: item.key, value: item.value })), weight: 2 },
    note: {
      kind: "relation",
      text: conditions.predicates.join(","),
      applied: true,
      matched: items.length,
      detail: shown,
    },
  };
}

/**
 * Entity keys whose latest status fact is `closed` (and the items stating any status), for a
 * query that asks what is still open (or already closed).
 */
export async function statusOfEntities(
  store: BaseStore,
  scopePrefix: string[],
  namespaces: string[][],
): Promise<Map<string, { status: "open" | "closed"; name: string }>> {
  const facts = isStructuredSearchable(store)
    ? await store.factsAbout(scopePrefix, [], { limit: MAX_STRUCTURED_ROWS, predicate: "status", namespaces })
    : (await factsInProcess(store, namespaces)).filter((f) => f.predicate === "status");
  // Newest first from the store: the first status seen per entity is its latest.
  const latest = new Map<string, { status: "open" | "closed"; name: string }>();
  for (const fact of facts)
    if (!latest.has(fact.subjectKey))
      latest.set(fact.subjectKey, {
        status: fact.objectKey === "closed" ? "closed" : "open",
        name: fact.subject
          .toLowerCase()
          .replace(/^(?:the|a|an|my|our|that|this)\s{1,3}/u, "")
          .trim(),
      });
  return latest;
}

/**
 * The statuses a memory is subject to: of the entities its facts name, and of those whose name
 * it mentions ("The user reported a login bug" mentions "login bug", closed later).
 */
export function statusesOf(
  value: Value,
  latest: Map<string, { status: "open" | "closed"; name: string }>,
): Array<"open" | "closed"> {
  const content = String(value.content ?? "").toLowerCase();
  const entities = entitiesOf(value);
  const out: Array<"open" | "closed"> = [];
  for (const [key, { status, name }] of latest)
    if (entities.has(key) || (name.length >= 2 && content.includes(name))) out.push(status);
  return out;
}

/** Entity keys a memory's sentence is about (its facts' subjects and objects). */
export function entitiesOf(value: Value): Set<string> {
  const facts = recordStructure(value)?.facts ?? [];
  return new Set(facts.flatMap((f) => (f.predicate === "status" ? [f.subjectKey] : [f.subjectKey, f.objectKey])));
}

/** Whether a memory mentions an excluded thing, by its words or its entities. */
export function mentionsExcluded(value: Value, exclude: string[]): boolean {
  const content = String(value.content ?? "").toLowerCase();
  const entities = entitiesOf(value);
  return exclude.some((e) => {
    const words = e.toLowerCase().replace(/^(?:the|a|an|my)\s{1,3}/u, "");
    return (words.length > 0 && content.includes(words)) || entities.has(entityKey(e));
  });
}

// ---- in-process fallbacks ---------------------------------------------------------------------

async function factsInProcess(store: BaseStore, namespaces: string[][]): Promise<FactHit[]> {
  const out: FactHit[] = [];
  for (const namespace of namespaces)
    for (const item of await scanNamespace(store, namespace))
      for (const fact of recordStructure(item.value)?.facts ?? [])
        out.push({ ...fact, namespace: item.namespace, key: item.key });
  // The store answers newest first; a scan lists newest first too (updated_at).
  return out.slice(0, MAX_STRUCTURED_ROWS * 10);
}

/** The stores' factPaths (src/store/fact-paths.ts) over a scan: same predicates rule, same bound. */
async function pathsInProcess(store: BaseStore, namespaces: string[][], keys: string[], predicates: string[]) {
  const facts = await factsInProcess(store, namespaces);
  const named = new Set(keys);
  const asked = new Set([...predicates, "same_as"]);
  const out: Array<{ first: FactHit; second: FactHit }> = [];
  for (const first of facts) {
    if (!named.has(first.subjectKey) && !named.has(first.objectKey)) continue;
    const fromUser = first.subjectKey === "user" || first.objectKey === "user";
    if (fromUser && !asked.has(first.predicate)) continue;
    const pivot = named.has(first.subjectKey) ? first.objectKey : first.subjectKey;
    if (pivot === "user") continue;
    for (const second of facts)
      if (
        second !== first &&
        second.key !== first.key &&
        asked.has(second.predicate) &&
        (second.subjectKey === pivot || second.objectKey === pivot)
      )
        out.push({ first, second });
    if (out.length >= MAX_PATHS) break;
  }
  return out.slice(0, MAX_PATHS);
}

async function getAll(store: BaseStore, refs: ItemRef[]): Promise<Item[]> {
  if (refs.length === 0) return [];
  const got = await store.batch(refs.map((ref) => ({ namespace: ref.namespace, key: ref.key })));
  return (got as Array<Item | null>).filter((item): item is Item => item !== null);
}

function matches(value: Value, filter: Value | undefined): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, condition]) => {
    const actual = value[field];
    if (condition && typeof condition === "object" && "$in" in condition)
      return (condition as { $in: unknown[] }).$in.includes(actual);
    return actual === condition;
  });
}

function textsOf(value: Value): string[] {
  const texts = [String(value.content ?? "")];
  if (Array.isArray(value.retrievalHints)) texts.push(value.retrievalHints.join(" "));
  return texts;
}

function ranked(item: Item & { score?: number | null }) {
  return item.score === undefined || item.score === null
    ? { id: item.key, value: item.value }
    : { id: item.key, value: item.value, score: item.score };
}

function describe(f: FactHit): string {
  return `${f.subject} ${f.predicate} ${f.object}`.replace(/[.。!！?？]$/u, "");
}

function sameNamespace(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((label, i) => label === b[i]);
}
