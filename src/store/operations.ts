/**
 * What both of the project's stores (HNSWStore, PostgresStore) check of a `batch()` before
 * touching anything, so one bad operation leaves the store untouched and both refuse the same
 * input with the same typed errors: the operation's shape, namespace labels, keys, paging, the
 * filter, a put's `index`. Also the index configuration both accept, and the text hash both
 * compare to keep an item's vectors when its texts did not change.
 */
import { createHash } from "node:crypto";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ListNamespacesOperation, Operation, PutOperation } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { InvalidOperationError } from "../errors.js";
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

/** A short digest of an indexed text: an item's vectors are kept while their texts' digests match. */
export function hashText(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
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
