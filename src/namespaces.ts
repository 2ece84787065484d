/**
 * Where things live in the long-term store. Scope is structural: every user's records sit
 * under their own namespace, so a search under it can never return another user's memory.
 *
 *   ["memory", <tenant>, <user>, "records"]   MemoryRecord values, key = record id
 *   ["memory", <tenant>, <user>, "history"]   append-only audit entries (never indexed)
 *   ["memory", <tenant>, <user>, "traces"]    recall traces (never indexed)
 *   ["knowledge", <tenant>, "docs"]           shared, read-only, versioned knowledge chunks
 */
import type { MemoryScope } from "./schema.js";

/** Tenant label used when a scope has no tenantId (labels may not be empty). */
export const DEFAULT_TENANT = "_default";

/** Fields of a MemoryRecord that are embedded and keyword-indexed. */
export const RECORD_INDEX_FIELDS = ["content", "retrievalHints[*]"];

export function scopeNamespace(scope: MemoryScope): string[] {
  return ["memory", scope.tenantId ?? DEFAULT_TENANT, scope.userId];
}

export function recordsNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "records"];
}

export function historyNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "history"];
}

export function tracesNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "traces"];
}

export function knowledgeNamespace(tenantId?: string): string[] {
  return ["knowledge", tenantId ?? DEFAULT_TENANT, "docs"];
}
