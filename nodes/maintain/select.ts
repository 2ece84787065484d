/**
 * Choose what the pass reads (src/maintain/incremental.ts): what changed since the last pass,
 * what fell due, and their groups; or, for a full pass, everything.
 */
import { selectWork } from "../../src/maintain/incremental.js";
import { dedupeEmbeddings, type MaintainDeps, type MaintainNode, stepContext } from "../../src/maintain/state.js";

export function createSelectNode(deps: MaintainDeps): MaintainNode<"request" | "full", "work"> {
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    const dedupe = dedupeEmbeddings(deps, ctx.store) !== undefined;
    return { work: await selectWork(ctx, deps.config, dedupe, state.full === true) };
  };
}
