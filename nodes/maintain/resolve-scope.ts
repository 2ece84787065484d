/**
 * Settle whose memory is maintained (the explicit scope, else `config.configurable`) and the
 * run's one clock reading, which every later step applies its rules at.
 */
import { InvalidInputError } from "../../src/errors.js";
import { scopeFromConfig } from "../../src/graph/runtime.js";
import type { MaintainDeps, MaintainNode } from "../../src/maintain/state.js";

export function createResolveScopeNode(deps: MaintainDeps): MaintainNode<"scope" | "now", "request"> {
  return (state, config) => {
    const scope = scopeFromConfig(config, "maintain", state.scope);
    const now = state.now === undefined ? deps.now() : new Date(state.now);
    if (Number.isNaN(now.getTime())) {
      throw new InvalidInputError(`Invalid maintenance time ${JSON.stringify(state.now)}: expected an ISO-8601 time.`, {
        field: "now",
      });
    }
    return { request: { scope, now: now.toISOString() } };
  };
}
