/**
 * Where things live in the long-term store. Scope is structural: every user's records sit
 * under their own namespace, so a search under it can never return another user's memory.
 *
 *   ["memory", <tenant>, <user>, "records"]   MemoryRecord values, key = record id
 *   ["memory", <tenant>, <user>, "episodes"]  episodes of the conversation (MemoryRecord, about: "conversation")
 *   ["memory", <tenant>, <user>, "cold"]      keyword copies of records maintenance retired (recordOperations)
 *   ["memory", <tenant>, <user>, "history"]   append-only audit entries (never indexed)
 *   ["memory", <tenant>, <user>, "traces"]    recall traces (never indexed)
 *   ["memory", <tenant>, <user>, "sessions"]  the user's sessions (checkpointer threads), key = session id
 *   ["memory", <tenant>, <user>, "tasks"]     the user's tasks (checkpointer threads), key = task id
 *   ["memory", <tenant>, <user>, "conversation"]  the conversation window and the names the scope
 *                                             introduced (src/write/extract/context.ts), never indexed
 *   ["threads", "sessions" | "tasks"]         which scope owns a thread id (an owner tag, never the scope)
 *   ["knowledge", <tenant>, "docs"]           shared, read-only, versioned knowledge chunks
 */
import type { PutOperation } from "@langchain/langgraph-checkpoint";
import { DEFAULT_TENANT, type MemoryRecord, type MemoryScope, parseScope } from "./schema.js";

export { DEFAULT_TENANT };

/**
 * Fields of a MemoryRecord that are indexed. `content` is embedded on its own; the retrieval
 * hints as ONE text (a path to the whole array is its JSON): a hint alone ("同事", "colleagues")
 * is the same words for every memory of its topic, so one vector per hint multiplied the HNSW
 * inserts of a write by four and filled the graph with identical points, while the eval sets
 * recalled as well with one vector for all of them (`npm run eval`, see docs/evaluation.md).
 * `terms` are keyword-only (RECORD_KEYWORD_ONLY_FIELDS).
 */
export const RECORD_INDEX_FIELDS = ["content", "retrievalHints", "terms[*]"];

/**
 * How a cold copy is indexed (see {@link recordOperations}): by its words only. The brace path
 * selects the same texts as RECORD_INDEX_FIELDS under a name that is keyword-only.
 */
export const RECORD_COLD_INDEX_FIELDS = ["{content,retrievalHints}", "terms[*]"];

/** Indexed fields that stores keyword-index but never embed (HNSWStore `index.keywordOnly`). */
export const RECORD_KEYWORD_ONLY_FIELDS = ["terms[*]", "{content,retrievalHints}"];

/**
 * The writes that store a record where it belongs. A hot record is indexed where it lives, and
 * its cold copy, if it had one, is removed. A cold one (`tier: "cold"`, retired by maintenance)
 * and a superseded one are kept there unindexed, and a copy in the scope's cold namespace
 * carries their words: they leave the vector graph and keyword postings that every recall
 * searches (seed 001 §3.4: the cold tier is out of normal recall; seed 003 §4.3: a superseded
 * version answers history questions only), so a key updated thousands of times, or a scope
 * that maintenance shrank, recalls like a small one, while history questions and
 * `includeArchived` still find them there by keyword.
 */
export function recordOperations(record: MemoryRecord): PutOperation[] {
  if (record.tier !== "cold" && record.status !== "superseded")
    return [
      { namespace: namespaceOf(record), key: record.id, value: record, index: RECORD_INDEX_FIELDS },
      { namespace: coldNamespace(record.scope), key: record.id, value: null },
    ];
  return [
    { namespace: namespaceOf(record), key: record.id, value: record, index: false },
    { namespace: coldNamespace(record.scope), key: record.id, value: record, index: RECORD_COLD_INDEX_FIELDS },
  ];
}

export function scopeNamespace(scope: MemoryScope): string[] {
  return ["memory", scope.tenantId ?? DEFAULT_TENANT, scope.userId];
}

export function recordsNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "records"];
}

/**
 * The episodes of the conversation (`about: "conversation"`, src/write/episodes.ts): apart from the
 * user's memories, so a write's neighbour and key lookups never read them and the user's profile
 * stays as small as it is.
 */
export function episodesNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "episodes"];
}

/** The namespace a record lives in: its scope's records, or its episodes. */
export function namespaceOf(record: Pick<MemoryRecord, "about" | "scope">): string[] {
  return record.about === "conversation" ? episodesNamespace(record.scope) : recordsNamespace(record.scope);
}

/** Keyword copies of the scope's cold records (see {@link recordOperations}). */
export function coldNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "cold"];
}

export function historyNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "history"];
}

export function tracesNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "traces"];
}

/** The scope's sessions: one entry per session id it opened (src/threads/registry.ts). */
export function sessionsNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "sessions"];
}

/** The scope's tasks: one entry per task id it started (src/threads/registry.ts). */
export function tasksNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "tasks"];
}

/**
 * Who owns each session or task id. A thread id is global to its checkpointer, so the claim of
 * an id has to be visible to every scope; it lives outside `["memory", …]` so it is never taken
 * for a scope (src/maintain/maintainer.ts listScopes).
 */
export function threadOwnersNamespace(kind: "session" | "task"): string[] {
  return ["threads", kind === "session" ? "sessions" : "tasks"];
}

/**
 * A tenant's knowledge base. The tenant id is normalised like a scope's (so " acme" and "acme"
 * are one tenant, and "_default" is no tenant).
 * @throws {InvalidInputError} for a blank or malformed tenant id.
 */
export function knowledgeNamespace(tenantId?: string): string[] {
  const tenant = tenantId === undefined ? undefined : parseScope({ userId: "tenant", tenantId }).tenantId;
  return ["knowledge", tenant ?? DEFAULT_TENANT, "docs"];
}
