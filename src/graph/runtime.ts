/**
 * What every graph node resolves from its options and LangGraph's config: the store (its own,
 * else the one LangGraph passes in `config.store`) and the scope (`config.configurable.user_id`
 * / `tenant_id`, never message text or model output). Errors name the graph that needs them.
 */
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { AsyncBatchedStore, type BaseStore, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { InvalidConfigError, InvalidInputError, zodProblem } from "../errors.js";
import { type MemoryScope, MemoryScopeSchema } from "../schema.js";

/** How errors name a graph: "The write graph", "The read graph". */
export type GraphLabel = "write" | "read" | "maintain" | "sync";

/**
 * The store a node uses: its own, else the graph's (`compile({ store })`, the parent graph's or
 * LangGraph Platform's). LangGraph hands nodes that store wrapped in an `AsyncBatchedStore`,
 * whose `batch()` throws and which hides capabilities such as `keywordSearch`; the store inside
 * it is used instead (one `batch()` is one transaction).
 * @throws {InvalidConfigError} when neither exists.
 */
export function storeFromConfig(
  own: BaseStore | undefined,
  config: LangGraphRunnableConfig,
  graph: GraphLabel,
): BaseStore {
  const store = own ?? config.store;
  if (!store) {
    throw new InvalidConfigError(
      `The ${graph} graph has no store: pass { store } to createMemory or ` +
        `create${graph[0]!.toUpperCase()}${graph.slice(1)}Graph, or compile the parent graph with { ` +
        `store }.`,
    );
  }
  return store instanceof AsyncBatchedStore ? (store as unknown as { store: BaseStore }).store : store;
}

/**
 * The scope of a run: `explicit` when given (the facade), else `config.configurable.user_id` /
 * `tenant_id` (camelCase `userId` / `tenantId` also accepted).
 * @throws {InvalidInputError} when no user id is available or an id is malformed.
 */
export function scopeFromConfig(
  config: LangGraphRunnableConfig,
  graph: GraphLabel,
  explicit?: MemoryScope,
): MemoryScope {
  const configurable = config.configurable;
  const tenantId = configurable?.tenant_id ?? configurable?.tenantId;
  const candidate = explicit ?? {
    userId: configurable?.user_id ?? configurable?.userId,
    ...(tenantId !== undefined ? { tenantId } : {}),
  };
  const parsed = MemoryScopeSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const { field, text } = zodProblem(parsed.error, "scope");
  const where = graph === "read" ? "state.scope or config.configurable.user_id" : "config.configurable.user_id";
  throw new InvalidInputError(`The ${graph} graph needs a scope: pass ${where} (and optionally tenant_id); ${text}.`, {
    field,
  });
}

/**
 * Run a graph invocation as a root run of its own, also when called from inside a node of
 * another graph. LangGraph treats a graph invoked inside a node as that node's subgraph: the
 * parent's checkpointer, thread and checkpoint namespace reach it through the ambient config and
 * take precedence over its own. A task graph must run on the task checkpointer with its own
 * thread, so it is invoked through here. Callbacks are kept: a trace still shows the run under
 * the node that started it.
 * @example
 * import type { TaskRequest } from "../threads/schema.js";
 * import type { TaskGraphRunner } from "../threads/tasks.js";
 * declare const taskGraph: TaskGraphRunner;
 * declare const request: TaskRequest;
 * // in a node of the session graph:
 * const { task } = await runAsRootGraph(() => taskGraph.invoke({ request }, { configurable: { thread_id: request.taskId } }));
 */
export function runAsRootGraph<T>(run: () => Promise<T>): Promise<T> {
  const ambient = AsyncLocalStorageProviderSingleton.getRunnableConfig() as { callbacks?: unknown } | undefined;
  return AsyncLocalStorageProviderSingleton.runWithConfig({ callbacks: ambient?.callbacks }, run, true);
}
