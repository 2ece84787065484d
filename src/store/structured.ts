/**
 * The structured side of a store (seed 001 §4.2–4.3): relational rows derived from each item's
 * value, so that exact conditions and relations are answered by the database, not by similar
 * words. Two relations per item:
 *
 * - **days**: the days an item is about (a memory's day: when it was said, when it is due),
 *   as epoch days; a question about "5月2号" or "last week" selects the items of those days.
 * - **facts**: subject–predicate–object rows with normalised entity keys (src/facts/), joined
 *   for two-step questions ("which database does the project Priya runs use?").
 *
 * The rows are an index of the value, like its vectors and keyword terms: written in the same
 * transaction as the item, deleted with it, rebuilt when it is put again. The store derives them
 * with the {@link StructureOf} function it was given (HNSWStore option `structure`); the value
 * stays the one source of truth, so export, import, maintenance and forget-me need nothing more.
 * A store without this capability gets the same answers from the read path's in-process
 * fallback (src/recall/structured.ts), linear in the scope's size.
 */
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { InvalidOperationError } from "../errors.js";
import { validateNamespaceLabels } from "./namespace.js";
import { pageOf } from "./operations.js";
import type { HybridHits } from "./types.js";

/** One fact row: entity keys for matching, names as written for the trace. */
export interface FactRow {
  subject: string;
  predicate: string;
  object: string;
  subjectKey: string;
  objectKey: string;
}

export interface ItemStructure {
  /** Epoch days (UTC) the item is about, at most {@link MAX_DAYS_PER_ITEM}. */
  days: number[];
  facts: FactRow[];
}

/** Derives an item's rows from its value; undefined for items that have none. */
export type StructureOf = (value: Record<string, unknown>) => ItemStructure | undefined;

/** An item's rows hold at most this many days (a month-long span); longer spans hold none. */
export const MAX_DAYS_PER_ITEM = 31;
/** Most items or facts one structured query returns (bounded work per request). */
export const MAX_STRUCTURED_ROWS = 1000;

/** Days to select: absolute epoch-day ranges, or month-day ranges of any year (`0502`–`0502`). */
export interface DayCondition {
  ranges?: Array<{ from: number; to: number }>;
  /** `month * 100 + day`, inclusive; for a date said without a year ("May 2nd", "5月2号"). */
  monthDays?: Array<{ from: number; to: number }>;
}

export interface ItemRef {
  namespace: string[];
  key: string;
}

export interface FactHit extends FactRow, ItemRef {}

/**
 * The structured queries of a store. Every query is scoped by `namespacePrefix`; `namespaces`,
 * where a method takes it, narrows it to exactly those namespaces under the prefix (recall
 * passes the hot ones: records and episodes), so the rest of a user's namespaces (one per memory
 * key, the history) are never read.
 */
export interface StructuredSearchable {
  /**
   * The items under `namespacePrefix` about any of the days, newest day first, at most `limit`.
   * @example
   * declare const store: StructuredSearchable;
   * await store.itemsOnDays(["memory", "_default", "u1"], { monthDays: [{ from: 502, to: 502 }] }, { limit: 200 });
   */
  itemsOnDays(
    namespacePrefix: string[],
    days: DayCondition,
    options: { limit: number; namespaces?: string[][] },
  ): Promise<ItemRef[]>;
  /**
   * Facts under `namespacePrefix` whose subject or object key is one of `entityKeys` (any
   * entity when the list is empty), of one predicate when given; newest first.
   * @example
   * declare const store: StructuredSearchable;
   * await store.factsAbout(["memory", "_default", "u1"], ["atlas"], { limit: 50 });
   * await store.factsAbout(["memory", "_default", "u1"], [], { limit: 1000, predicate: "status" });
   */
  factsAbout(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicate?: string; namespaces?: string[][] },
  ): Promise<FactHit[]>;
  /**
   * Two-step facts: facts touching `entityKeys` (hop 1) and the facts touching the other end of
   * each (hop 2), as pairs, newest second hop first. The hop-2 fact is never the hop-1 fact
   * itself, and the user is never the middle of a path. With `predicates` (the relations the
   * question asks about), hop 1 from the user keeps facts of those predicates and hop 2 keeps
   * facts of those predicates or aliases (`same_as`); without, the user starts no path.
   * @example
   * declare const store: StructuredSearchable;
   * await store.factPaths(["memory", "_default", "u1"], ["priya"], { limit: 50, predicates: ["uses"] });
   */
  factPaths(
    namespacePrefix: string[],
    entityKeys: string[],
    options: { limit: number; predicates?: string[]; namespaces?: string[][] },
  ): Promise<Array<{ first: FactHit; second: FactHit }>>;
  /**
   * Vector and keyword ranking inside a given set of items (the structured filter's result):
   * each channel scores every item passing `filter`, best first, at most `limit`.
   */
  searchWithin(
    items: ItemRef[],
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<HybridHits>;
  /**
   * The structured filter and the ranking inside it in one call (seed 001 §4.3): the items of
   * `days` in exactly `namespaces`, ranked as {@link searchWithin} ranks. `matched` counts the
   * items the days selected (at most MAX_STRUCTURED_ROWS), before the filter.
   * @example
   * declare const store: StructuredSearchable;
   * await store.searchOnDays([["memory", "_default", "u1", "records"]], { ranges: [{ from: 20575, to: 20575 }] }, "dinner", { limit: 24 });
   */
  searchOnDays(
    namespaces: string[][],
    days: DayCondition,
    query: string,
    options: { filter?: Record<string, unknown>; limit: number },
  ): Promise<{ matched: number; hits: HybridHits }>;
}

export function isStructuredSearchable(store: BaseStore | undefined): store is BaseStore & StructuredSearchable {
  return (
    !!store &&
    typeof (store as Partial<StructuredSearchable>).itemsOnDays === "function" &&
    typeof (store as Partial<StructuredSearchable>).factPaths === "function" &&
    typeof (store as Partial<StructuredSearchable>).searchWithin === "function" &&
    typeof (store as Partial<StructuredSearchable>).searchOnDays === "function"
  );
}

const DAY_MS = 86_400_000;

/** Epoch day of an ISO date or time (UTC). */
export function epochDay(iso: string): number | undefined {
  const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isFinite(ms) ? Math.floor(ms / DAY_MS) : undefined;
}

/** `month * 100 + day` of an epoch day. */
export function monthDayOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** Whether an epoch day meets a condition (the in-process fallback and tests). */
export function dayMatches(day: number, condition: DayCondition): boolean {
  if (condition.ranges?.some((r) => day >= r.from && day <= r.to)) return true;
  const md = monthDayOf(day);
  return !!condition.monthDays?.some((r) => md >= r.from && md <= r.to);
}

// ---- input checks shared by the stores ----------------------------------------------------

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

/** `itemsOnDays`' arguments, checked as both stores take them (positional, for their queries). */
export function checkItemsOnDays(
  namespacePrefix: unknown,
  days: unknown,
  options: { limit: number; namespaces?: string[][] },
): [prefix: string[], days: DayCondition, limit: number, namespaces: string[][] | undefined] {
  return [
    validateNamespaceLabels(namespacePrefix, "namespace prefix"),
    validateDays(days),
    pageOf(options.limit, 0).limit,
    validateNamespaces(options.namespaces),
  ];
}

/** `factsAbout`' arguments, checked as both stores take them. */
export function checkFactsAbout(
  namespacePrefix: unknown,
  entityKeys: unknown,
  options: { limit: number; predicate?: string; namespaces?: string[][] },
): [
  prefix: string[],
  keys: string[],
  limit: number,
  predicate: string | undefined,
  namespaces: string[][] | undefined,
] {
  const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
  if (options.predicate !== undefined && typeof options.predicate !== "string")
    throw new InvalidOperationError("factsAbout: predicate must be a string.");
  return [
    prefix,
    validateStrings(entityKeys),
    pageOf(options.limit, 0).limit,
    options.predicate,
    validateNamespaces(options.namespaces),
  ];
}

/** `factPaths`' arguments, checked as both stores take them. */
export function checkFactPaths(
  namespacePrefix: unknown,
  entityKeys: unknown,
  options: { limit: number; predicates?: string[]; namespaces?: string[][] },
): [
  prefix: string[],
  keys: string[],
  limit: number,
  predicates: string[] | undefined,
  namespaces: string[][] | undefined,
] {
  const prefix = validateNamespaceLabels(namespacePrefix, "namespace prefix");
  const predicates = options.predicates === undefined ? undefined : validateStrings(options.predicates, "predicates");
  return [
    prefix,
    validateStrings(entityKeys),
    pageOf(options.limit, 0).limit,
    predicates,
    validateNamespaces(options.namespaces),
  ];
}
