/**
 * Multi-factor ranking (seed 000 检索): 0.55 semantic + 0.20 recency + 0.15 importance +
 * 0.10 usage, weights and half-life from the recaller's options.
 */
import { rankCandidates } from "../../src/recall/ranking.js";
import { type ReadDeps, type ReadNode, requestOf } from "../../src/recall/state.js";

export function createRankNode(deps: ReadDeps): ReadNode<"request" | "candidates" | "retrieval", "candidates"> {
  return async (state) => {
    const request = requestOf(state);
    const channelCount = state.retrieval?.channels.length ?? 0;
    const depth = state.retrieval?.depth ?? request.limit;
    return {
      candidates: rankCandidates(state.candidates, {
        now: new Date(request.now),
        ranking: deps.ranking,
        channelCount,
        depth,
      }),
    };
  };
}
