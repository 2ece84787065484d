/**
 * Cluster dedupe (seed 002 §4.2): near-duplicate memories of one key or subject merge into the
 * most confident one, their access counts and sources added to it, the others superseded by it
 * (src/maintain/clusters.ts). Without embeddings (a store with no index) nothing is merged.
 */
import { findClusters, mergedTarget } from "../../src/maintain/clusters.js";
import { candidatesOf, groupMembers } from "../../src/maintain/incremental.js";
import { runStep } from "../../src/maintain/plan.js";
import {
  dedupeEmbeddings,
  type MaintainDeps,
  type MaintainNode,
  type MergedCluster,
  stepContext,
} from "../../src/maintain/state.js";

export function createDedupeNode(deps: MaintainDeps): MaintainNode<"request" | "work", "merged" | "written"> {
  const threshold = deps.config.dedupeThreshold;
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    const embeddings = dedupeEmbeddings(deps, ctx.store);
    if (!embeddings) return { merged: [], written: [] };
    // An incremental pass compares within the groups something changed in (the others have no duplicates left).
    const only = candidatesOf(state.work) && groupMembers(state.work!);
    const merged = await runStep(ctx, { statuses: ["active"], episodes: false, only }, async (records, plan) => {
      const out: MergedCluster[] = [];
      const now = ctx.now.toISOString();
      for (const cluster of await findClusters(records, embeddings, threshold)) {
        const ids = cluster.duplicates.map((record) => record.id);
        plan.update(
          cluster.target,
          mergedTarget(cluster, now),
          "merge",
          `cluster dedupe: ${ids.length} near-duplicate(s) above ${threshold} merged in`,
          ids,
          cluster.duplicates.flatMap((record) => record.source.messageIds),
        );
        for (const duplicate of cluster.duplicates)
          plan.supersede(duplicate, cluster.target.id, `cluster dedupe: near-duplicate of ${cluster.target.id}`);
        out.push({ targetId: cluster.target.id, mergedIds: ids });
      }
      return out;
    });
    return { merged, written: [...ctx.written] };
  };
}
