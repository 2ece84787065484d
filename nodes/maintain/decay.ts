/**
 * Decay and the cold tier (seed 001 §3.4, seed 003 §4.3): a memory of the user whose
 * base × exp(−λ·days since last access) fell below the threshold is archived: out of normal
 * recall, still found by history questions and `includeArchived`, restorable.
 */

import { candidatesOf } from "../../src/maintain/incremental.js";
import { runStep } from "../../src/maintain/plan.js";
import { decayScore } from "../../src/maintain/rules.js";
import { type DecayedMemory, type MaintainDeps, type MaintainNode, stepContext } from "../../src/maintain/state.js";

export function createDecayNode(deps: MaintainDeps): MaintainNode<"request" | "work", "decayed" | "written"> {
  const { lambda, archiveBelow, protectedKinds } = deps.config;
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    const decayed = await runStep(
      ctx,
      { statuses: ["active"], episodes: false, only: candidatesOf(state.work) },
      (records, plan) => {
        const out: DecayedMemory[] = [];
        for (const record of records) {
          if (protectedKinds.has(record.kind)) continue;
          const score = decayScore(record, lambda, ctx.now);
          if (score >= archiveBelow) continue;
          const rounded = Math.round(score * 1000) / 1000;
          plan.archive(record, `decayed: score ${rounded} below ${archiveBelow} (λ ${lambda})`);
          out.push({ id: record.id, key: record.key, score: rounded });
        }
        return out;
      },
    );
    return { decayed, written: [...ctx.written] };
  };
}
