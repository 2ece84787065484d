/**
 * Write graph, step 3: the episodes of the conversation (seed 000 情景记忆). Every exchange of
 * the run that says something becomes one episode record about the session, condensed and
 * attributed to its speakers (src/write/episodes.ts); persist commits them with the run.
 * A run whose messages are not turns of the conversation (`recordEpisodes: false`) records none.
 * They go around score and resolve-conflict: they are a record of what was said, not a claim
 * about the user, so admission and conflicts (which govern the user's profile) do not apply.
 */
import type { MemoryCandidate } from "../../src/write/candidate.js";
import { eachEpisode } from "../../src/write/episodes.js";
import type { WriteNode } from "../../src/write/state.js";
import { yieldIfDue } from "../../src/yield.js";

export interface EpisodesNodeOptions {
  /** Record episodes of the conversation. @default true */
  enabled?: boolean;
}

/**
 * @example
 * const { episodes } = await createEpisodesNode()(
 *   {
 *     messages: [
 *       { id: "q1", role: "user", content: "Any book tips?", at: "2024-05-01T10:00:00Z" },
 *       { id: "r1", role: "assistant", content: "I recommend The Little Prince.", at: "2024-05-01T10:00:30Z" },
 *     ],
 *     recordEpisodes: true,
 *   },
 *   {},
 * );
 * episodes?.[0]?.content; // 'On 2024-05-01 the user said: "Any book tips?" The assistant replied: "I recommend The Little Prince."'
 */
export function createEpisodesNode(
  options: EpisodesNodeOptions = {},
): WriteNode<"messages" | "recordEpisodes", "episodes"> {
  const enabled = options.enabled ?? true;
  return async (state) => {
    const episodes: MemoryCandidate[] = [];
    if (!enabled || state.recordEpisodes === false) return { episodes };
    for (const episode of eachEpisode(state.messages)) {
      episodes.push(episode);
      await yieldIfDue();
    }
    return { episodes };
  };
}
