/**
 * The sync graph (`memory_sync`): business facts from a system of record (seed 004 §1–2: 业务事实
 * 只从系统同步), the one way a `business_fact` is written.
 *
 *   START → resolve_scope → read_current → plan_versions → persist → END
 *
 * Input: `system`, `facts` (`{ key, content, value?, reference?, observedAt, expiresAt?, retire? }`),
 * `mode` (`upsert`, or `snapshot`: what the system no longer reports is retired), optional
 * `scope`; scope otherwise comes from `config.configurable` (`user_id`, `tenant_id`). The input
 * schema validates and redacts every fact before anything runs. Output: `sync`, one change per
 * fact. persist commits one `store.batch` inside the scope's queue.
 *
 * The steps are declared once, below; the compiled graph and the facade's direct runner are
 * both derived from that declaration (src/graph/pipeline.ts).
 */
import type { BaseStore } from "@langchain/langgraph";
import { createPersistNode } from "../nodes/sync/persist.js";
import { planVersions } from "../nodes/sync/plan-versions.js";
import { createReadCurrentNode } from "../nodes/sync/read-current.js";
import { createResolveScopeNode } from "../nodes/sync/resolve-scope.js";
import { Pipeline, stepOf } from "../src/graph/pipeline.js";
import {
  type SyncDeps,
  type SyncInput,
  SyncOutputAnnotation,
  type SyncReport,
  type SyncState,
  SyncStateAnnotation,
  syncInputSchema,
} from "../src/sync/state.js";

export interface SyncGraphOptions {
  /** Where memories live; defaults to the store LangGraph passes in `config.store`. */
  store?: BaseStore;
  /** Clock for createdAt / updatedAt of what a sync writes. @default () => new Date() */
  now?: () => Date;
}

const step = stepOf<SyncState>();

/** The sync graph's one declaration: its steps in order, each with what it reads and writes. */
export function syncPipeline(options: SyncGraphOptions = {}) {
  const deps: SyncDeps = { store: options.store, now: options.now ?? (() => new Date()) };
  return new Pipeline({
    name: "memory_sync",
    state: SyncStateAnnotation,
    input: syncInputSchema(deps.now),
    output: SyncOutputAnnotation,
    stages: [
      step({
        name: "resolve_scope",
        reads: ["scope", "system", "mode"],
        writes: ["request"],
        node: createResolveScopeNode(deps),
      }),
      step({
        name: "read_current",
        reads: ["request", "facts"],
        writes: ["current", "basis"],
        node: createReadCurrentNode(deps),
      }),
      step({ name: "plan_versions", reads: ["request", "facts", "current"], writes: ["plan"], node: planVersions }),
      step({
        name: "persist",
        reads: ["request", "facts", "plan", "basis"],
        writes: ["sync"],
        node: createPersistNode(deps),
      }),
    ],
  });
}

/**
 * Build and compile the sync graph.
 * @example
 * declare const store: BaseStore;
 * const graph = createSyncGraph({ store });
 * const { sync } = await graph.invoke(
 *   { system: "erp", facts: [{ key: "order.a1029.status", content: "订单 A1029 已发货", value: "shipped", observedAt: "2026-03-01T09:00:00Z" }] },
 *   { configurable: { user_id: "u1" } },
 * );
 * sync?.totals.added; // 1
 */
export function createSyncGraph(options: SyncGraphOptions = {}) {
  return syncPipeline(options).compile({ store: options.store });
}

export type SyncGraph = ReturnType<typeof createSyncGraph>;

/**
 * The same steps without LangGraph's runtime, for the facade's `sync()`.
 * @example
 * import type { SyncFactInput } from "../src/sync/input.js";
 * declare const store: BaseStore;
 * declare const facts: SyncFactInput[];
 * const run = createSyncPipeline({ store });
 * const { sync } = await run({ scope: { userId: "u1" }, system: "crm", facts });
 */
export function createSyncPipeline(options: SyncGraphOptions = {}) {
  return syncPipeline(options).runner<SyncInput, { sync: SyncReport }>();
}
