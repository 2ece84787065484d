/**
 * What both of the project's stores (HNSWStore, PostgresStore) check of their input before
 * touching anything, so one bad operation leaves the store untouched and both refuse the same
 * input with the same typed errors: a `batch()` operation's shape, namespace labels, keys,
 * paging, the filter, a put's `index`; the arguments of the keyword, hybrid and structured
 * searches. Also the index configuration both accept, and the text hash both compare to keep
 * an item's vectors when its texts did not change.
 */
import { createHash } from "node:crypto";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ListNamespacesOperation, Operation, PutOperation } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { InvalidOperationError } from "../errors.js";
import { Recent } from "../recent.js";
import { type DayCondition, type ItemRef, type KeywordSearchOptions, MAX_STRUCTURED_ROWS } from "./contract.js";
import { type Filter, validateFilter } from "./filter.js";
import { validateNamespaceLabels } from "./namespace.js";

/** One operation of a batch, validated. */
export type CheckedOperation =
  | { kind: "search"; prefix: string[]; filter?: Filter; limit: number; offset: number; query?: string }
  | { kind: "list"; list: ListNamespacesOperation }
  | { kind: "get"; namespace: string[]; key: string }
  | { kind: "put"; op: PutOperation; namespace: string[] };

/**
 * Validate operation `i` of a batch (BaseStore's get, put, search and listNamespaces shapes);
 * `nulInKeys: false` for a store whose keys cannot hold NUL.
 * @throws {InvalidOperationError} naming the operation and what is wrong with it.
 * @example
 * checkOperation({ namespace: ["m", "u1"], key: "k" }, 0); // { kind: "get", namespace: ["m", "u1"], key: "k" }
 */
export function checkOperation(op: Operation, i: number, options: { nulInKeys?: boolean } = {}): CheckedOperation {
  if (typeof op !== "object" || op === null) throw new InvalidOperationError(`Operation ${i} is not an object.`);
  if ("namespacePrefix" in op) {
    const prefix = validateNamespaceLabels(op.namespacePrefix, "namespace prefix");
    if (op.query !== undefined && typeof op.query !== "string")
      throw new InvalidOperationError(`Operation ${i}: query must be a string, received ${typeof op.query}.`);
    const { limit, offset } = pageOf(op.limit ?? 10, op.offset ?? 0);
    return { kind: "search", prefix, filter: validateFilter(op.filter), limit, offset, query: op.query };
  }
  if ("matchConditions" in op || ("limit" in op && !("namespace" in op))) {
    const list = op as ListNamespacesOperation;
    for (const c of list.matchConditions ?? [])
      if (c.matchType !== "prefix" && c.matchType !== "suffix")
        throw new InvalidOperationError(`Operation ${i}: unknown matchType '${c.matchType}'.`);
    pageOf(list.limit ?? 100, list.offset ?? 0);
    return { kind: "list", list };
  }
  if (!("namespace" in op) || !("key" in op))
    throw new InvalidOperationError(`Operation ${i} is not a get, put, search or listNamespaces operation.`);
  const namespace = validateNamespaceLabels(op.namespace, "namespace");
  if (typeof op.key !== "string" || op.key.length === 0)
    throw new InvalidOperationError(
      `Operation ${i}: key must be a non-empty string, received ${JSON.stringify(op.key)}.`,
    );
  // PostgreSQL text cannot hold NUL; SQLite can (nulInKeys: true, the default).
  if (options.nulInKeys === false && op.key.includes("\u0000"))
    throw new InvalidOperationError(`Operation ${i}: key cannot contain NUL bytes.`);
  if (!("value" in op)) return { kind: "get", namespace, key: op.key };
  const put = op as PutOperation;
  if (
    put.index !== undefined &&
    put.index !== false &&
    !(Array.isArray(put.index) && put.index.every((f) => typeof f === "string"))
  )
    throw new InvalidOperationError(`Operation ${i}: index must be false or an array of field paths.`);
  return { kind: "put", op: put, namespace };
}

/**
 * A page of results: non-negative integers.
 * @throws {InvalidOperationError} otherwise.
 */
export function pageOf(limit: unknown, offset: unknown): { limit: number; offset: number } {
  if (!Number.isInteger(limit) || (limit as number) < 0)
    throw new InvalidOperationError(`limit must be a non-negative integer, received ${String(limit)}.`);
  if (!Number.isInteger(offset) || (offset as number) < 0)
    throw new InvalidOperationError(`offset must be a non-negative integer, received ${String(offset)}.`);
  return { limit: limit as number, offset: offset as number };
}

/** A query search's arguments (keywordSearch, hybridSearch), checked. */
export interface CheckedQuerySearch {
  prefix: string[];
  query: string;
  filter?: Filter;
  limit: number;
  offset: number;
}

/**
 * The arguments of `keywordSearch` or `hybridSearch` (`method`, named in the message).
 * @throws {InvalidOperationError} for a bad prefix, a query that is not a string, a bad filter or page.
 * @example
 * checkQuerySearch("keywordSearch", ["m", "u1"], "tea", { limit: 5 }); // { prefix: ["m", "u1"], query: "tea", limit: 5, offset: 0 }
 */
export function checkQuerySearch(
  method: string,
  namespacePrefix: unknown,
  query: unknown,
  options: KeywordSearchOptions = {},
): CheckedQuerySearch {
  const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
  const text = checkQuery(method, query);
  const filter = validateFilter(options.filter);
  const { limit, offset } = pageOf(options.limit ?? 10, options.offset ?? 0);
  return { prefix, query: text, filter, limit, offset };
}

/** A `searchWithin` request, checked. */
export interface SearchWithinQuery {
  items: ItemRef[];
  query: string;
  filter?: Filter;
  limit: number;
}

/** A `searchOnDays` request, checked. */
export interface SearchOnDaysQuery {
  namespaces: string[][];
  days: DayCondition;
  query: string;
  filter?: Filter;
  limit: number;
}

/** The arguments of `searchWithin`: the items, the query, the filter and the limit. */
export function checkSearchWithin(
  items: unknown,
  query: unknown,
  options: { filter?: Record<string, unknown>; limit: number },
): SearchWithinQuery {
  const text = checkQuery("searchWithin", query);
  if (!Array.isArray(items)) throw new InvalidOperationError("searchWithin expects an array of { namespace, key }.");
  const refs = items.map((item: Partial<ItemRef> | undefined) => ({
    namespace: validateNamespaceLabels(item?.namespace, "namespace"),
    key: String(item?.key),
  }));
  return { items: refs, query: text, filter: validateFilter(options.filter), limit: pageOf(options.limit, 0).limit };
}

/** The arguments of `searchOnDays`: exact namespaces, the days, the query, the filter and the limit. */
export function checkSearchOnDays(
  namespaces: unknown,
  days: unknown,
  query: unknown,
  options: { filter?: Record<string, unknown>; limit: number },
): SearchOnDaysQuery {
  const text = checkQuery("searchOnDays", query);
  if (!Array.isArray(namespaces)) throw new InvalidOperationError("searchOnDays expects an array of namespaces.");
  return {
    namespaces: validateNamespaces(namespaces)!,
    days: validateDays(days),
    query: text,
    filter: validateFilter(options.filter),
    limit: pageOf(options.limit, 0).limit,
  };
}

function checkQuery(method: string, query: unknown): string {
  if (typeof query !== "string")
    throw new InvalidOperationError(`${method} expects a string query, received ${typeof query}.`);
  return query;
}

// A record's texts are hashed again on every put (a usage update, a supersession): the last few are kept.
const TEXT_HASHES = new Recent<string>(1024);

/** A short digest of an indexed text: an item's vectors are kept while their texts' digests match. */
export function hashText(text: string): string {
  return TEXT_HASHES.get(text, () => createHash("sha256").update(text).digest("base64url").slice(0, 22));
}

/** The `index` option of either store, up to the largest vector size its engine holds. */
export function indexConfigSchema(maxDims: number) {
  return z.object({
    dims: z.number().int().min(1).max(maxDims),
    embeddings: z.custom<EmbeddingsInterface>(
      (e) =>
        typeof (e as EmbeddingsInterface)?.embedDocuments === "function" &&
        typeof (e as EmbeddingsInterface)?.embedQuery === "function",
      "must implement embedDocuments() and embedQuery()",
    ),
    fields: z.array(z.string().min(1)).min(1).optional(),
    keywordOnly: z.array(z.string().min(1)).optional(),
  });
}

// ---- the structured queries' arguments (contract.ts StructuredSearchable) ------------------

/** A day condition: `ranges` and `monthDays`, each a list of integer `{ from, to }`. */
export function validateDays(days: unknown): DayCondition {
  if (typeof days !== "object" || days === null)
    throw new InvalidOperationError("days must be an object { ranges?, monthDays? }.");
  const out: DayCondition = {};
  for (const field of ["ranges", "monthDays"] as const) {
    const list = (days as Record<string, unknown>)[field];
    if (list === undefined) continue;
    if (
      !Array.isArray(list) ||
      !list.every(
        (r) =>
          typeof r === "object" &&
          r !== null &&
          Number.isInteger((r as { from?: unknown }).from) &&
          Number.isInteger((r as { to?: unknown }).to),
      )
    )
      throw new InvalidOperationError(`days.${field} must be an array of { from, to } integers.`);
    out[field] = list as Array<{ from: number; to: number }>;
  }
  return out;
}

/** An optional list of exact namespaces, each validated. */
export function validateNamespaces(namespaces: unknown): string[][] | undefined {
  if (namespaces === undefined) return undefined;
  if (!Array.isArray(namespaces)) throw new InvalidOperationError("namespaces must be an array of namespaces.");
  return namespaces.map((ns) => validateNamespaceLabels(ns, "namespace"));
}

export function validateStrings(values: unknown, what = "entity keys"): string[] {
  if (!Array.isArray(values) || !values.every((v) => typeof v === "string"))
    throw new InvalidOperationError(`${what} must be an array of strings.`);
  return values.slice(0, 256);
}

/** An `itemsOnDays` query, checked: the limit at most MAX_STRUCTURED_ROWS. */
export interface DaysQuery {
  prefix: string[];
  days: DayCondition;
  limit: number;
  namespaces?: string[][];
}

/** A `factsAbout` query, checked. */
export interface FactsQuery {
  prefix: string[];
  entityKeys: string[];
  limit: number;
  predicate?: string;
  namespaces?: string[][];
}

/** A `factPaths` query, checked. */
export interface FactPathsQuery {
  prefix: string[];
  entityKeys: string[];
  limit: number;
  predicates?: string[];
  namespaces?: string[][];
}

/** A structured query's limit: a page size, at most MAX_STRUCTURED_ROWS (bounded work per request). */
function structuredLimit(limit: unknown): number {
  return Math.min(pageOf(limit, 0).limit, MAX_STRUCTURED_ROWS);
}

/** `itemsOnDays`' arguments, checked as both stores take them. */
export function checkItemsOnDays(
  namespacePrefix: unknown,
  days: unknown,
  options: { limit: number; namespaces?: string[][] },
): DaysQuery {
  return {
    prefix: validateNamespaceLabels(namespacePrefix, "namespace prefix"),
    days: validateDays(days),
    limit: structuredLimit(options.limit),
    namespaces: validateNamespaces(options.namespaces),
  };
}

/** `factsAbout`' arguments, checked as both stores take them. */
export function checkFactsAbout(
  namespacePrefix: unknown,
  entityKeys: unknown,
  options: { limit: number; predicate?: string; namespaces?: string[][] },
): FactsQuery {
  const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
  if (options.predicate !== undefined && typeof options.predicate !== "string")
    throw new InvalidOperationError("factsAbout: predicate must be a string.");
  return {
    prefix,
    entityKeys: validateStrings(entityKeys),
    limit: structuredLimit(options.limit),
    predicate: options.predicate,
    namespaces: validateNamespaces(options.namespaces),
  };
}

/** `factPaths`' arguments, checked as both stores take them. */
export function checkFactPaths(
  namespacePrefix: unknown,
  entityKeys: unknown,
  options: { limit: number; predicates?: string[]; namespaces?: string[][] },
): FactPathsQuery {
  const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
  const predicates = options.predicates === undefined ? undefined : validateStrings(options.predicates, "predicates");
  return {
    prefix,
    entityKeys: validateStrings(entityKeys),
    limit: structuredLimit(options.limit),
    predicates,
    namespaces: validateNamespaces(options.namespaces),
  };
}
