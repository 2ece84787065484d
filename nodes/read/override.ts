/**
 * The current instruction wins (seed 004 §4): a recalled preference that this turn's message
 * contradicts (这次用中文 vs 输出用英文) is left out of this turn's block and marked
 * `overridden`; the stored record is untouched.
 */
import { conflictWithCurrent, currentStatements } from "../../src/recall/override.js";
import { type ReadNode, requestOf } from "../../src/recall/state.js";

export function createOverrideNode(): ReadNode<"request" | "candidates", "candidates"> {
  return async (state) => {
    const request = requestOf(state);
    const current = currentStatements(request.instruction);
    if (current.size === 0) return {};
    return {
      candidates: state.candidates.map((candidate) => {
        // History answers are asked for explicitly; only live preferences are overridden.
        if (candidate.decision || candidate.value.status !== "active") return candidate;
        const finding = conflictWithCurrent(candidate.value, current);
        if (!finding) return candidate;
        return {
          ...candidate,
          decision: {
            outcome: "overridden",
            reason: `override.${finding.dimension}`,
            detail: `stored ${finding.stored}; this turn asks ${finding.current}`,
          },
        };
      }),
    };
  };
}
