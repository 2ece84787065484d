/**
 * The end of the state flow (seed 003 §4.4: active → superseded → archived → deleted):
 * superseded and archived memories retired longer than the retention period, and not recalled
 * since, are physically deleted, as `memory.delete` deletes (src/forget/remove.ts): their
 * content leaves the history entries and traces that quoted it, the history keeps a
 * content-free tombstone, and the store's files are written so the bytes are gone. The
 * retired memories kept are moved to the cold tier if they are still hot (superseded by the
 * write graph since the last pass), so recall's hot indexes hold live memories only.
 */

import { writeDeletionsToDisk } from "../../src/forget/purge.js";
import { planRemoval } from "../../src/forget/remove.js";
import { candidatesOf } from "../../src/maintain/incremental.js";
import { runStep } from "../../src/maintain/plan.js";
import { type MaintainDeps, type MaintainNode, type PurgedMemory, stepContext } from "../../src/maintain/state.js";
import type { MemoryRecord } from "../../src/schema.js";
import { DAY_MS } from "../../src/time.js";

export function createPurgeNode(deps: MaintainDeps): MaintainNode<"request" | "work", "purged" | "written"> {
  const { retentionDays } = deps.config;
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    const cutoff = ctx.now.getTime() - retentionDays * DAY_MS;
    const purged = await runStep(
      ctx,
      { statuses: ["superseded", "archived"], episodes: true, only: candidatesOf(state.work) },
      async (records, plan) => {
        const removals: Array<{ record: MemoryRecord; reason: string }> = [];
        for (const record of records) {
          // `updatedAt` is when it was retired; a recall since (history questions) keeps it.
          const retired = Date.parse(record.updatedAt);
          if (retired > cutoff || Date.parse(record.lastAccessedAt) > retired) {
            // Kept for history questions, in the cold tier (seed 001 §3.4).
            plan.cool(record);
            continue;
          }
          removals.push({
            record,
            reason: `purged: ${record.status} for more than ${retentionDays} days, not recalled since`,
          });
        }
        if (removals.length > 0) plan.include((await planRemoval(ctx.store, ctx.scope, removals, ctx.now)).operations);
        return removals.map(({ record }): PurgedMemory => ({ id: record.id, status: record.status }));
      },
    );
    if (purged.length > 0) writeDeletionsToDisk(ctx.store);
    return { purged, written: [...ctx.written] };
  };
}
