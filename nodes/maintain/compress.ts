/**
 * Capacity with layered compression (seed 002 §4.2): over the per-scope cap, the lowest-priority
 * details of a topic become one summary memory that supersedes them (src/maintain/compression.ts).
 */
import { planCompression, summarise, summaryRecord } from "../../src/maintain/compression.js";
import { runStep } from "../../src/maintain/plan.js";
import { type CompressedTopic, type MaintainDeps, type MaintainNode, stepContext } from "../../src/maintain/state.js";

export function createCompressNode(deps: MaintainDeps): MaintainNode<"request", "compressed"> {
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    const compressed = await runStep(ctx, { statuses: ["active"], episodes: false }, async (records, plan) => {
      const out: CompressedTopic[] = [];
      const now = ctx.now.toISOString();
      for (const group of planCompression(records, deps.config, ctx.now)) {
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
    return { compressed };
  };
}
