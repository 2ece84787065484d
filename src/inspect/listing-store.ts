/**
 * The listing over any store through the facade and the BaseStore API (PostgreSQL, a store
 * passed in): correct everywhere, each page a read of the whole section, so slower than the
 * embedded store's SQL listing (listing.ts) on a large scope.
 */
import type { Memory } from "../memory.js";
import { episodesNamespace, scopeNamespace, tracesNamespace } from "../namespaces.js";
import { type MemoryRecord, parseMemoryRecord } from "../schema.js";
import { scanNamespace } from "../store/scan.js";
import { COUNT_CAP, type Listing, PAGE_SIZE, type Page, type ScopeSummary, traceSummary } from "./listing.js";

function paged<T>(all: T[], page: number): Page<T> {
  return {
    items: all.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE),
    total: Math.min(all.length, COUNT_CAP),
    capped: all.length > COUNT_CAP,
    hasNext: all.length > (page + 1) * PAGE_SIZE,
  };
}
const newestFirst = (a: MemoryRecord, b: MemoryRecord) => b.updatedAt.localeCompare(a.updatedAt);

/**
 * @example
 * declare const memory: Memory;
 * const listing = openStoreListing(memory);
 * await listing.scopes();
 */
export function openStoreListing(memory: Memory): Listing {
  const { store } = memory;
  return {
    async scopes() {
      const out: ScopeSummary[] = [];
      for (let offset = 0; ; offset += 1000) {
        const page = await store.listNamespaces({ prefix: ["memory"], maxDepth: 3, limit: 1000, offset });
        for (const [, tenantId, userId] of page)
          if (tenantId && userId && !out.some((s) => s.tenantId === tenantId && s.userId === userId)) {
            const scope = { userId, ...(tenantId === "_default" ? {} : { tenantId }) };
            const counts = await this.counts(scope);
            out.push({ tenantId, userId, records: counts.records ?? 0, episodes: counts.episodes ?? 0 });
          }
        if (page.length < 1000) break;
      }
      return out.sort((a, b) => a.tenantId.localeCompare(b.tenantId) || a.userId.localeCompare(b.userId));
    },
    async records(scope, query) {
      const needle = query.q?.toLowerCase();
      const all = (
        await memory.list(scope, {
          ...(query.status ? { status: query.status as never } : {}),
          ...(query.kind ? { kind: query.kind as never } : {}),
        })
      )
        .filter((r) => !query.source || r.source.type === query.source)
        .filter((r) => !needle || r.content.toLowerCase().includes(needle) || r.key.includes(query.q!))
        .sort(newestFirst);
      return paged(all, query.page);
    },
    async pending(scope, page) {
      return paged(await memory.pending(scope), page);
    },
    history: (scope, id) => memory.history(scope, id),
    async episodeDays(scope) {
      const days = new Map<string, number>();
      for (const item of await scanNamespace(store, episodesNamespace(scope), { exact: true })) {
        const day = String((item.value as { observedAt?: string }).observedAt ?? "").slice(0, 10);
        days.set(day, (days.get(day) ?? 0) + 1);
      }
      return [...days].sort((a, b) => b[0].localeCompare(a[0])).map(([day, count]) => ({ day, count }));
    },
    async episodes(scope, day, page) {
      const items = await scanNamespace(store, episodesNamespace(scope), { exact: true });
      const all = items.map((i) => parseMemoryRecord(i.value)).filter((r) => r.observedAt.slice(0, 10) === day);
      return paged(all.sort(newestFirst), page);
    },
    async traces(scope, page, now) {
      const items = await scanNamespace(store, tracesNamespace(scope), { exact: true });
      const all = items
        .filter((i) => Number((i.value as { expiresAtMs?: number }).expiresAtMs) > now.getTime())
        .map((i) => traceSummary(i.key, i.value as Record<string, unknown>))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return paged(all, page);
    },
    async counts(scope) {
      const counts: Record<string, number> = {};
      const base = scopeNamespace(scope);
      for (const section of ["records", "episodes", "cold", "history", "traces", "sessions", "tasks", "conversation"]) {
        const n = (await scanNamespace(store, [...base, section], { exact: true })).length;
        if (n > 0) counts[section] = n;
      }
      return counts;
    },
    close() {},
  };
}
