/**
 * Multi-factor ranking (seed 000 检索): 0.55 semantic + 0.20 recency + 0.15 importance +
 * 0.10 usage, weights and half-life from the recaller's options.
 */
import { BONUS_CHANNELS, type ChannelName } from "../../src/recall/fusion.js";
import { rankCandidates } from "../../src/recall/ranking.js";
import { type ReadDeps, type ReadNode, requestOf } from "../../src/recall/state.js";

export function createRankNode(deps: ReadDeps): ReadNode<"request" | "candidates" | "retrieval", "candidates"> {
  return async (state) => {
    const request = requestOf(state);
    // A relation answer and related words are lists of their own, not channels every item could
    // rank in: the relevance scale is that of the similarity channels.
    const channelCount =
      state.retrieval?.channels.filter((channel) => !BONUS_CHANNELS.has(channel as ChannelName)).length ?? 0;
    const depth = state.retrieval?.depth ?? request.limit;
    return {
      // Earlier recalls' usage counters still being written count as written.
      candidates: rankCandidates(deps.pendingUsage?.apply(request.scope, state.candidates) ?? state.candidates, {
        now: new Date(request.now),
        ranking: deps.ranking,
        channelCount,
        depth,
        query: request.query,
      }),
    };
  };
}
