/**
 * What every part of PostgresStore shares: the connection it queries through, how a row names
 * its scope, and how rows become LangGraph items.
 */
import type { Item, SearchItem } from "@langchain/langgraph-checkpoint";
import type pg from "pg";
import { type Filter, matchesFilter } from "./filter.js";
import { decodeNamespace, encodeNamespace } from "./namespace.js";

/** A connection or a pool: what a query needs. */
export type Queryable = Pick<pg.PoolClient, "query">;

/** The store's tables, schema-qualified: `tables.of("items")` is `"langgraph_memory".items`. */
export interface PostgresTables {
  readonly schema: string;
  of(table: string): string;
}

export function postgresTables(schema: string): PostgresTables {
  return { schema, of: (table) => `"${schema}".${table}` };
}

/**
 * Labels of a namespace that make its scope: `["memory", tenant, user, ...]` → `memory:tenant:user:`.
 * Every table carries it as `scope`, the distribution column on a distributed PostgreSQL (Citus):
 * one user's rows, and every join among them, stay on one shard.
 */
export const SCOPE_LABELS = 3;

/** The scope of an encoded namespace (its first SCOPE_LABELS labels). */
export function scopeOf(ns: string): string {
  return encodeNamespace(decodeNamespace(ns).slice(0, SCOPE_LABELS));
}

/** scopeOf() in SQL, for rows built from encoded namespaces. */
export const scopeOfSql = (ns: string) =>
  `array_to_string((string_to_array(${ns}, ':'))[1:LEAST(${SCOPE_LABELS}, array_length(string_to_array(${ns}, ':'), 1) - 1)], ':') || ':'`;

/** A vector as pgvector's text input. */
export function vectorLiteral(vec: Float32Array): string {
  return `[${Array.from(vec).join(",")}]`;
}

/** A row of `items` as the reads select it, with a score when ranked. */
export interface PostgresItemRow {
  ns: string;
  key: string;
  value: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  score?: number | string | null;
}

export function toItem(row: PostgresItemRow): Item {
  return {
    namespace: decodeNamespace(row.ns),
    key: row.key,
    value: row.value,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * Rows the SQL already filtered, as search items. matchesFilter keeps the last word on
 * JavaScript's semantics (Number() of odd strings), as in HNSWStore.
 */
export function toSearchItems(rows: PostgresItemRow[], filter: Filter | undefined): SearchItem[] {
  return rows
    .filter((r) => matchesFilter(r.value, filter))
    .map((row) => {
      const item = toItem(row);
      return row.score === undefined || row.score === null ? item : { ...item, score: Number(row.score) };
    });
}
