/**
 * Settle whose business facts are synced (the explicit scope, else `config.configurable`), from
 * which system, how, and the run's one clock reading.
 */
import { scopeFromConfig } from "../../src/graph/runtime.js";
import type { SyncDeps, SyncNode } from "../../src/sync/state.js";

export function createResolveScopeNode(deps: SyncDeps): SyncNode<"scope" | "system" | "mode", "request"> {
  return (state, config) => ({
    request: {
      scope: scopeFromConfig(config, "sync", state.scope),
      system: state.system,
      mode: state.mode,
      now: deps.now().toISOString(),
    },
  });
}
