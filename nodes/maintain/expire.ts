/**
 * TTL per kind (seed 000 遗忘): an active memory past its due time (plus a todo's grace) or its
 * kind's TTL becomes `archived`, not deleted. The conversation's episodes are included. An
 * incremental pass judges its candidates only (src/maintain/incremental.ts).
 */

import { candidatesOf } from "../../src/maintain/incremental.js";
import { runStep } from "../../src/maintain/plan.js";
import { expiryReason } from "../../src/maintain/rules.js";
import type { ExpiredMemory } from "../../src/maintain/state.js";
import { type MaintainDeps, type MaintainNode, stepContext } from "../../src/maintain/state.js";

export function createExpireNode(deps: MaintainDeps): MaintainNode<"request" | "work", "expired" | "written"> {
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    const expired = await runStep(
      ctx,
      { statuses: ["active"], episodes: true, only: candidatesOf(state.work) },
      (records, plan) => {
        const out: ExpiredMemory[] = [];
        for (const record of records) {
          const reason = expiryReason(record, deps.config, ctx.now);
          if (!reason) continue;
          plan.archive(record, `expired: ${reason}`);
          out.push({ id: record.id, key: record.key, kind: record.kind, reason });
        }
        return out;
      },
    );
    return { expired, written: [...ctx.written] };
  };
}
