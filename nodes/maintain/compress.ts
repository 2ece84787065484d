/**
 * Capacity with layered compression (seed 002 §4.2): over the per-scope cap, the lowest-priority
 * details of a topic become one summary memory that supersedes them (src/maintain/compression.ts).
 */
import { planCompression, summarise, summaryRecord } from "../../src/maintain/compression.js";
import { compressionInput } from "../../src/maintain/incremental.js";
import { runStep } from "../../src/maintain/plan.js";
import { isSummary } from "../../src/maintain/rules.js";
import { type CompressedTopic, type MaintainDeps, type MaintainNode, stepContext } from "../../src/maintain/state.js";

export function createCompressNode(
  deps: MaintainDeps,
): MaintainNode<"request" | "work", "compressed" | "written" | "saturated"> {
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    if (!state.work) throw new Error("maintenance work missing: select runs first");
    const input = await compressionInput(ctx.store, ctx.scope, state.work);
    let saturated = false;
    const load = { statuses: ["active"] as const, episodes: false, only: input.only };
    const compressed = await runStep(ctx, load, async (records, plan) => {
      const out: CompressedTopic[] = [];
      const now = ctx.now.toISOString();
      const total = input.total?.(records);
      const groups = planCompression(records, deps.config, ctx.now, total);
      const details = total ?? records.filter((r) => r.about !== "conversation" && !isSummary(r)).length;
      // Still over the cap with every group given up: each keeps one compressible detail at most.
      saturated = details - deps.config.maxActive - groups.reduce((n, g) => n + g.details.length, 0) > 0;
      for (const group of groups) {
        const parts = [...group.details, ...(group.previous ? [group.previous] : [])];
        const { content, by } = await summarise(parts, deps.model);
        const summary = summaryRecord(group, content, now);
        const ids = parts.map((part) => part.id);
        plan.add(
          summary,
          `layered compression: ${group.details.length} low-priority details of '${group.topic}' summarised`,
          ids,
          group.details.flatMap((detail) => detail.source.messageIds),
        );
        for (const part of parts) plan.supersede(part, summary.id, `layered compression into summary ${summary.id}`);
        out.push({
          summaryId: summary.id,
          topic: group.topic,
          compressedIds: group.details.map((detail) => detail.id),
          summarisedBy: by,
        });
      }
      return out;
    });
    return { compressed, written: [...ctx.written], saturated };
  };
}
