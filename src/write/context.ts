/**
 * What every write-graph node resolves from its options and the LangGraph config: the store,
 * the scope (`config.configurable.user_id` / `tenant_id`, never model output), whether it may
 * pause for the user, and the session and task of the run.
 */
import type { BaseStore, LangGraphRunnableConfig } from "@langchain/langgraph";
import { scopeFromConfig, storeFromConfig } from "../graph/runtime.js";
import type { MemoryScope } from "../schema.js";

/**
 * The store to write to: the write graph's own, else the one LangGraph passes in.
 * @throws {InvalidConfigError} when there is none.
 */
export function writeStore(own: BaseStore | undefined, config: LangGraphRunnableConfig): BaseStore {
  return storeFromConfig(own, config, "write");
}

/**
 * The run's scope from `config.configurable` (`user_id`, optional `tenant_id`).
 * @throws {InvalidInputError} when `user_id` is missing or malformed.
 */
export function writeScope(config: LangGraphRunnableConfig): MemoryScope {
  return scopeFromConfig(config, "write");
}

/** Where LangGraph puts the run's checkpointer (its own or a parent's) in `configurable`. */
const CHECKPOINTER_KEY = "__pregel_checkpointer";

/**
 * Whether conflicts may interrupt this run: `configurable.interactive` overrides the graph's
 * default (the facade runs with false), and a run without a checkpointer cannot pause at all,
 * so it defers instead of failing with LangGraph's "No checkpointer set".
 */
export function isInteractive(config: LangGraphRunnableConfig, fallback: boolean): boolean {
  const value = config.configurable?.interactive;
  const wanted = typeof value === "boolean" ? value : fallback;
  return wanted && config.configurable?.[CHECKPOINTER_KEY] !== undefined;
}

/** Session and task of the run: state first, then `configurable.session_id` / `task_id`. */
export function runIds(
  state: { sessionId?: string; taskId?: string },
  config: LangGraphRunnableConfig,
): { sessionId?: string; taskId?: string } {
  const configurable = config.configurable ?? {};
  const sessionId = state.sessionId ?? stringOr(configurable.session_id);
  const taskId = state.taskId ?? stringOr(configurable.task_id);
  return { ...(sessionId ? { sessionId } : {}), ...(taskId ? { taskId } : {}) };
}

function stringOr(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}
