/**
 * What every write-graph node resolves from its options and the LangGraph config: the store
 * (the write graph's own, else the one LangGraph passes in `config.store`) and the scope
 * (`config.configurable.user_id` / `tenant_id`: never from model output).
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { AsyncBatchedStore, type BaseStore } from "@langchain/langgraph-checkpoint";
import { InvalidConfigError } from "../errors.js";
import { scopeFromConfig } from "../recall/request.js";
import type { MemoryScope } from "../schema.js";

/**
 * The store to write to. LangGraph hands nodes its store wrapped in an `AsyncBatchedStore`,
 * whose `batch()` throws; persist needs the real `batch()` (one transaction), so it is unwrapped.
 * @throws {InvalidConfigError} when neither the options nor the config provide a store.
 */
export function writeStoreFor(own: BaseStore | undefined, config: LangGraphRunnableConfig): BaseStore {
  const store = own ?? config.store;
  if (!store) {
    throw new InvalidConfigError(
      "The write graph has no store: pass { store } to createWriteGraph/createMemory, or compile the parent graph with { store }.",
    );
  }
  return store instanceof AsyncBatchedStore ? (store as unknown as { store: BaseStore }).store : store;
}

/**
 * The run's scope from `config.configurable` (`user_id`, optional `tenant_id`).
 * @throws {InvalidInputError} when `user_id` is missing or malformed.
 */
export function writeScopeFor(config: LangGraphRunnableConfig): MemoryScope {
  return scopeFromConfig(undefined, config.configurable);
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
