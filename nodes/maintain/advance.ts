/**
 * The pass's last word on its records: the ledger brought up to date with everything written
 * since the pass began, and the new watermark, in one batch (src/maintain/incremental.ts).
 */
import { finishPass } from "../../src/maintain/incremental.js";
import { dedupeEmbeddings, type MaintainDeps, type MaintainNode, stepContext } from "../../src/maintain/state.js";

export function createAdvanceNode(
  deps: MaintainDeps,
): MaintainNode<"request" | "work" | "written" | "saturated", "pass"> {
  return async (state, config) => {
    const ctx = stepContext(deps, state.request, config);
    if (!state.work) throw new Error("maintenance work missing: select runs first");
    const dedupe = dedupeEmbeddings(deps, ctx.store) !== undefined;
    const pass = await finishPass(ctx, deps.config, {
      work: state.work,
      written: state.written,
      saturated: state.saturated,
      dedupe,
    });
    return { pass };
  };
}
