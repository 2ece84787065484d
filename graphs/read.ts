/**
 * The read graph (`memory_read`): scoped hybrid recall → ranking → one value per key →
 * current instruction wins → task policy and budgets → injection block → trace and usage.
 *
 *   START → resolve_scope ─┬─ retrieve ───────────┬─ rank → dedupe_keys → override → policy_budget → inject → record → END
 *                          └─ retrieve_knowledge ─┘
 *
 * `record` writes the trace and the usage counters in one store batch (one transaction). The
 * facade's recall() runs the same nodes without LangGraph and queues that write behind its
 * answer (createReadPipeline's `deferBookkeeping`).
 *
 * Input: `messages` (the latest user message is the query) or an explicit `query`, plus
 * optional `task`, `limit`, `kinds`, `includeKnowledge`, `includeHistory`, `scope`. Scope
 * otherwise comes from `config.configurable.user_id` / `tenant_id`. Output: `memories`,
 * `knowledge`, `context` (the block) and `traceId` — so it drops into a parent graph as a node
 * before the model call, whose prompt puts `context` after the system prompt.
 */
import { performance } from "node:perf_hooks";
import type { BaseMessage } from "@langchain/core/messages";
import {
  Annotation,
  END,
  type LangGraphRunnableConfig,
  type Messages,
  messagesStateReducer,
  START,
  StateGraph,
} from "@langchain/langgraph";
import { createDedupeKeysNode } from "../nodes/read/dedupe-keys.js";
import { createInjectNode } from "../nodes/read/inject.js";
import { createOverrideNode } from "../nodes/read/override.js";
import { createPolicyBudgetNode } from "../nodes/read/policy-budget.js";
import { createRankNode } from "../nodes/read/rank.js";
import { createRecordNode } from "../nodes/read/record.js";
import { createRetrieveNode } from "../nodes/read/retrieve.js";
import { createRetrieveKnowledgeNode } from "../nodes/read/retrieve-knowledge.js";
import { createScopeNode } from "../nodes/read/scope.js";
import { type PreparedBookkeeping, prepareBookkeeping } from "../src/recall/bookkeeping.js";
import type { ChannelName } from "../src/recall/fusion.js";
import { type ReadOptions, resolveReadDeps } from "../src/recall/options.js";
import type { ResolvedRequest } from "../src/recall/request.js";
import type { Candidate, KnowledgeChunk, RecalledKnowledge, RecalledMemory } from "../src/recall/types.js";
import type { MemoryKind, MemoryRecord, MemoryScope } from "../src/schema.js";

export const ReadInputAnnotation = Annotation.Root({
  messages: Annotation<BaseMessage[], Messages>({ reducer: messagesStateReducer, default: () => [] }),
  query: Annotation<string | undefined>,
  task: Annotation<string | undefined>,
  limit: Annotation<number | undefined>,
  kinds: Annotation<MemoryKind[] | undefined>,
  includeKnowledge: Annotation<boolean | undefined>,
  includeHistory: Annotation<boolean | undefined>,
  scope: Annotation<MemoryScope | undefined>,
  instruction: Annotation<string | undefined>,
});

export const ReadOutputAnnotation = Annotation.Root({
  memories: Annotation<RecalledMemory[]>({ reducer: (_, next) => next, default: () => [] }),
  knowledge: Annotation<RecalledKnowledge[]>({ reducer: (_, next) => next, default: () => [] }),
  context: Annotation<string>({ reducer: (_, next) => next, default: () => "" }),
  traceId: Annotation<string>({ reducer: (_, next) => next, default: () => "" }),
});

export const ReadStateAnnotation = Annotation.Root({
  ...ReadInputAnnotation.spec,
  ...ReadOutputAnnotation.spec,
  request: Annotation<ResolvedRequest | undefined>,
  candidates: Annotation<Candidate<MemoryRecord>[]>({ reducer: (_, next) => next, default: () => [] }),
  knowledgeCandidates: Annotation<Candidate<KnowledgeChunk>[]>({ reducer: (_, next) => next, default: () => [] }),
  retrieval: Annotation<
    { channels: ChannelName[]; fallbacks: ChannelName[]; invalid: string[]; depth: number } | undefined
  >,
});

type ReadStateValue = typeof ReadStateAnnotation.State;
type ReadInputValue = typeof ReadInputAnnotation.Update;
type ReadOutputValue = typeof ReadOutputAnnotation.State;

/** The nodes of the read graph, built once per options. Graph and pipeline share them. */
function readNodes(options: ReadOptions) {
  const deps = resolveReadDeps(options);
  return {
    deps,
    resolve_scope: createScopeNode(deps),
    retrieve: createRetrieveNode(deps),
    retrieve_knowledge: createRetrieveKnowledgeNode(deps),
    rank: createRankNode(deps),
    dedupe_keys: createDedupeKeysNode(),
    override: createOverrideNode(),
    policy_budget: createPolicyBudgetNode(deps),
    inject: createInjectNode(),
    record: createRecordNode(deps),
  };
}

/**
 * Build and compile the read graph.
 * @example
 * const read = createReadGraph({ store });
 * const out = await read.invoke(
 *   { messages: [new HumanMessage("帮我写封邮件给王总")], task: "write_email" },
 *   { configurable: { user_id: "u1", tenant_id: "acme" } },
 * );
 * out.context; // "<memory_context>\n…\n[偏好][2026-03] 用户偏好简洁回复\n</memory_context>"
 */
export function createReadGraph(options: ReadOptions = {}) {
  const nodes = readNodes(options);
  return new StateGraph({ stateSchema: ReadStateAnnotation, input: ReadInputAnnotation, output: ReadOutputAnnotation })
    .addNode("resolve_scope", nodes.resolve_scope)
    .addNode("retrieve", nodes.retrieve)
    .addNode("retrieve_knowledge", nodes.retrieve_knowledge)
    .addNode("rank", nodes.rank)
    .addNode("dedupe_keys", nodes.dedupe_keys)
    .addNode("override", nodes.override)
    .addNode("policy_budget", nodes.policy_budget)
    .addNode("inject", nodes.inject)
    .addNode("record", nodes.record)
    .addEdge(START, "resolve_scope")
    .addEdge("resolve_scope", "retrieve")
    .addEdge("resolve_scope", "retrieve_knowledge")
    .addEdge(["retrieve", "retrieve_knowledge"], "rank")
    .addEdge("rank", "dedupe_keys")
    .addEdge("dedupe_keys", "override")
    .addEdge("override", "policy_budget")
    .addEdge("policy_budget", "inject")
    .addEdge("inject", "record")
    .addEdge("record", END)
    .compile({ name: "memory_read" });
}

/** Instrumentation for {@link createReadPipeline} (benchmarks, profiling). */
export interface ReadPipelineHooks {
  /**
   * Called after each step with its wall time in milliseconds. Nodes that run side by side form
   * one step, named `retrieve+retrieve_knowledge`.
   */
  onStep?: (step: string, ms: number) => void;
  /**
   * Take over the bookkeeping write (trace + usage counters): the pipeline builds the trace,
   * hands the write here instead of awaiting it, and returns. The facade queues it per scope.
   */
  deferBookkeeping?: (bookkeeping: PreparedBookkeeping) => void;
}

/**
 * The same nodes in the same order, called directly instead of through LangGraph's runtime,
 * which costs about 0.8 ms per node step — more than the whole recall budget (issue 4: p50 ≤
 * 5 ms). The facade's `recall()` uses this; parent graphs use {@link createReadGraph}. A test
 * keeps the two in agreement.
 * @example
 * const run = createReadPipeline({ store });
 * const out = await run({ query: "回复风格" }, { configurable: { user_id: "u1" } });
 */
export function createReadPipeline(options: ReadOptions = {}, hooks: ReadPipelineHooks = {}) {
  const nodes = readNodes(options);
  const onStep = hooks.onStep;
  return async (input: ReadInputValue, config: LangGraphRunnableConfig = {}): Promise<ReadOutputValue> => {
    let state = { ...emptyReadState(), ...input } as ReadStateValue;
    const step = async (
      name: string,
      ...run: ((s: ReadStateValue, c: LangGraphRunnableConfig) => Promise<Partial<ReadStateValue>>)[]
    ) => {
      const started = onStep ? performance.now() : 0;
      const updates =
        run.length === 1 ? [await run[0]!(state, config)] : await Promise.all(run.map((node) => node(state, config)));
      for (const update of updates) state = { ...state, ...update };
      if (onStep) onStep(name, performance.now() - started);
    };
    await step("resolve_scope", nodes.resolve_scope);
    await step("retrieve+retrieve_knowledge", nodes.retrieve, nodes.retrieve_knowledge);
    await step("rank", nodes.rank);
    await step("dedupe_keys", nodes.dedupe_keys);
    await step("override", nodes.override);
    await step("policy_budget", nodes.policy_budget);
    await step("inject", nodes.inject);
    if (hooks.deferBookkeeping) {
      const bookkeeping = prepareBookkeeping(nodes.deps, state, config);
      hooks.deferBookkeeping(bookkeeping);
      state = { ...state, traceId: bookkeeping.traceId };
    } else {
      await step("record", nodes.record);
    }
    return { memories: state.memories, knowledge: state.knowledge, context: state.context, traceId: state.traceId };
  };
}

function emptyReadState(): Pick<
  ReadStateValue,
  "messages" | "memories" | "knowledge" | "context" | "traceId" | "candidates" | "knowledgeCandidates"
> {
  return {
    messages: [],
    memories: [],
    knowledge: [],
    context: "",
    traceId: "",
    candidates: [],
    knowledgeCandidates: [],
  };
}

/** `memory_read` for langgraph.json: default policies, the store from the LangGraph runtime. */
export const graph = createReadGraph();
