/**
 * The end of the state flow (seed 003 §4.4: active → superseded → archived → deleted):
 * superseded and archived memories retired longer than the retention period, and not recalled
 * since, are physically deleted; the history keeps a content-free entry.
 */

import { runStep } from "../../src/maintain/plan.js";
import { type MaintainDeps, type MaintainNode, type PurgedMemory, stepContext } from "../../src/maintain/state.js";
import { DAY_MS } from "../../src/time.js";

export function createPurgeNode(deps: MaintainDeps): MaintainNode<"request", "purged"> {
  const { retentionDays } = deps.config;
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    const cutoff = ctx.now.getTime() - retentionDays * DAY_MS;
    const purged = await runStep(ctx, { statuses: ["superseded", "archived"], episodes: true }, (records, plan) => {
      const out: PurgedMemory[] = [];
      for (const record of records) {
        // `updatedAt` is when it was retired; a recall since (history questions) keeps it.
        const retired = Date.parse(record.updatedAt);
        if (retired > cutoff || Date.parse(record.lastAccessedAt) > retired) continue;
        plan.purge(record, `purged: ${record.status} for more than ${retentionDays} days, not recalled since`);
        out.push({ id: record.id, status: record.status });
      }
      return out;
    });
    return { purged };
  };
}
