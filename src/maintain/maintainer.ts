/**
 * The maintenance side of the facade: `maintain()` over the maintenance pipeline's direct
 * runner (built by the facade from graphs/maintain.ts) for one scope or every scope of the
 * store, `restore()`, and the opportunistic run after every N remember() calls of a scope
 * (`maintenance.everyWrites`, off by default).
 */
import type { BaseStore } from "@langchain/langgraph";
import { z } from "zod";
import { InvalidInputError, zodProblem } from "../errors.js";
import type { PipelineRunner } from "../graph/pipeline.js";
import { DEFAULT_TENANT, type MemoryRecord, type MemoryScope, MemoryScopeSchema, parseScope } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { HNSWStore } from "../store/hnsw-store.js";
import { yieldIfDue } from "../yield.js";
import { restoreRecord } from "./restore.js";
import type { MaintainInput, MaintainOutput, ScopeMaintenanceReport } from "./state.js";

export interface MaintainOptions {
  /** One scope; omitted: every scope of the store. */
  scope?: MemoryScope;
  /** When the rules are applied. @default the facade's clock */
  now?: Date;
  /**
   * Read every record and rebuild the maintenance ledger instead of reading only what changed
   * since the last pass (recovery; the outcome is the same). @default false
   */
  full?: boolean;
}

export interface MaintenanceReport {
  /** One report per scope maintained, with ids. */
  scopes: ScopeMaintenanceReport[];
  /** How many memories each step changed, over every scope. */
  totals: {
    expired: number;
    decayed: number;
    merged: number;
    compressed: number;
    purged: number;
    /** Sessions deleted by the session TTL. */
    expiredSessions: number;
  };
}

export interface Maintainer {
  /**
   * Run the maintenance graph: TTL, decay, cluster dedupe, layered compression, purge, and the
   * session TTL (idle sessions deleted from the session checkpointer; tasks never).
   * @throws {InvalidInputError} for a malformed scope or time.
   */
  maintain(options?: MaintainOptions): Promise<MaintenanceReport>;
  /**
   * Bring an archived memory back into normal recall; it becomes pending instead when its key
   * has another current value (src/maintain/restore.ts).
   * @throws {NotFoundError} for an unknown id. @throws {InvalidInputError} when it is not archived.
   */
  restore(scope: MemoryScope, id: string): Promise<MemoryRecord>;
}

export interface MaintainerOptions {
  store: BaseStore;
  queue: ScopeQueue;
  run: PipelineRunner<MaintainInput, MaintainOutput>;
  now: () => Date;
}

const MaintainOptionsSchema = z
  .object({
    scope: z.unknown().optional(),
    now: z
      .date()
      .refine((date) => !Number.isNaN(date.getTime()), "must be a valid Date")
      .optional(),
    full: z.boolean().optional(),
  })
  .strict();

export function createMaintainer({ store, queue, run, now }: MaintainerOptions): Maintainer {
  return {
    async maintain(options = {}) {
      const parsed = MaintainOptionsSchema.safeParse(options ?? {});
      if (!parsed.success) {
        throw new InvalidInputError(
          `maintain() expects { scope?, now?: Date, full?: boolean }: ${zodProblem(parsed.error, "(options)").text}.`,
        );
      }
      const at = (parsed.data.now ?? now()).toISOString();
      const scopes = parsed.data.scope !== undefined ? [parseScope(parsed.data.scope)] : await listScopes(store);
      const reports: ScopeMaintenanceReport[] = [];
      for (const scope of scopes) {
        reports.push({ scope, ...(await run({ scope, now: at, ...(parsed.data.full ? { full: true } : {}) })) });
        await yieldIfDue();
      }
      const totals = totalsOf(reports);
      // What was retired left the vector graphs (RECORD_COLD_INDEX_FIELDS): flushing rebuilds a
      // graph that many deletions left sparse now, not in the middle of a later recall.
      if (Object.values(totals).some((n) => n > 0) && store instanceof HNSWStore) await store.flushCommitted();
      return { scopes: reports, totals };
    },
    restore: async (scope, id) => {
      if (typeof id !== "string" || id.length === 0 || id.length > 128) {
        throw new InvalidInputError("restore() needs a record id (a string of 1–128 characters).", { field: "id" });
      }
      return restoreRecord(store, queue, parseScope(scope), id, now());
    },
  };
}

/**
 * Every scope with memories in the store: `["memory", tenant, user, …]` namespaces, listed
 * page by page.
 */
export async function listScopes(store: BaseStore): Promise<MemoryScope[]> {
  const scopes = new Map<string, MemoryScope>();
  const pageSize = 1000;
  for (let offset = 0; ; offset += pageSize) {
    const page = await store.listNamespaces({ prefix: ["memory"], maxDepth: 3, limit: pageSize, offset });
    for (const namespace of page) {
      if (namespace.length < 3) continue;
      const [, tenantId, userId] = namespace;
      const parsed = MemoryScopeSchema.safeParse(tenantId === DEFAULT_TENANT ? { userId } : { tenantId, userId });
      if (parsed.success) scopes.set(scopeKey(parsed.data), parsed.data);
    }
    if (page.length < pageSize) break;
  }
  return [...scopes.values()];
}

function totalsOf(reports: readonly ScopeMaintenanceReport[]): MaintenanceReport["totals"] {
  const sum = (pick: (report: ScopeMaintenanceReport) => number) => reports.reduce((n, r) => n + pick(r), 0);
  return {
    expired: sum((r) => r.expired.length),
    decayed: sum((r) => r.decayed.length),
    merged: sum((r) => r.merged.reduce((n, c) => n + c.mergedIds.length, 0)),
    compressed: sum((r) => r.compressed.reduce((n, c) => n + c.compressedIds.length, 0)),
    purged: sum((r) => r.purged.length),
    expiredSessions: sum((r) => r.expiredSessions.length),
  };
}

/**
 * Opportunistic maintenance: after every `everyWrites` remember() calls of a scope, one run for
 * that scope in the background; `settled()` waits for it and throws what it failed with.
 */
export function createWriteCounter(everyWrites: number | undefined, maintain: Maintainer["maintain"]) {
  const counts = new Map<string, number>();
  const running = new Set<Promise<unknown>>();
  const errors: unknown[] = [];
  return {
    wrote(scope: MemoryScope): void {
      if (everyWrites === undefined) return;
      const key = scopeKey(scope);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count % everyWrites);
      if (count < everyWrites) return;
      const task = maintain({ scope }).catch((error: unknown) => {
        errors.push(error);
      });
      running.add(task);
      void task.finally(() => running.delete(task));
    },
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
      const failed = errors.splice(0);
      if (failed.length === 1) throw failed[0];
      if (failed.length > 1) throw new AggregateError(failed, `${failed.length} background maintenance runs failed.`);
    },
  };
}
