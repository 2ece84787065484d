/**
 * Where things live in the long-term store. Scope is structural: every user's records sit
 * under their own namespace, so a search under it can never return another user's memory.
 *
 *   ["memory", <tenant>, <user>, "records"]   MemoryRecord values, key = record id
 *   ["memory", <tenant>, <user>, "history"]   append-only audit entries (never indexed)
 *   ["memory", <tenant>, <user>, "traces"]    recall traces (never indexed)
 *   ["knowledge", <tenant>, "docs"]           shared, read-only, versioned knowledge chunks
 */
import { DEFAULT_TENANT, type MemoryScope, parseScope } from "./schema.js";

export { DEFAULT_TENANT };

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

/**
 * A tenant's knowledge base. The tenant id is normalised like a scope's (so " acme" and "acme"
 * are one tenant, and "_default" is no tenant).
 * @throws {InvalidInputError} for a blank or malformed tenant id.
 */
export function knowledgeNamespace(tenantId?: string): string[] {
  const tenant = tenantId === undefined ? undefined : parseScope({ userId: "tenant", tenantId }).tenantId;
  return ["knowledge", tenant ?? DEFAULT_TENANT, "docs"];
}
