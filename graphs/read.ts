/**
 * The read graph (`memory_read`): scoped hybrid recall → ranking → one value per key →
 * current instruction wins → task policy and budgets → injection block → trace and usage.
 *
 *   START → resolve_scope ─┬─ retrieve ───────────┬─ rank → dedupe_keys → override → policy_budget → inject → record → END
 *                          └─ retrieve_knowledge ─┘
 *
 * Input: `messages` (the latest user message is the query) or an explicit `query`, plus
 * optional `task`, `limit`, `kinds`, `includeKnowledge`, `includeHistory`, `includeArchived`, `scope`. Scope
 * otherwise comes from `config.configurable.user_id` / `tenant_id`. Output: `context` (the
 * block), `memories`, `knowledge` and `traceId`, nothing of the working state, so it drops into
 * a parent graph as a node before the model call, whose prompt puts `context` after the system
 * prompt.
 *
 * The steps are declared once, below; the compiled graph and the facade's direct runner are
 * both derived from that declaration (src/graph/pipeline.ts).
 */
import { createDedupeKeysNode } from "../nodes/read/dedupe-keys.js";
import { createInjectNode } from "../nodes/read/inject.js";
import { createOverrideNode } from "../nodes/read/override.js";
import { createPolicyBudgetNode } from "../nodes/read/policy-budget.js";
import { createRankNode } from "../nodes/read/rank.js";
import { createRecordNode } from "../nodes/read/record.js";
import { createRetrieveNode } from "../nodes/read/retrieve.js";
import { createRetrieveKnowledgeNode } from "../nodes/read/retrieve-knowledge.js";
import { createScopeNode } from "../nodes/read/scope.js";
import { Pipeline, type RunnerHooks, stepOf } from "../src/graph/pipeline.js";
import { type ReadOptions, resolveReadDeps } from "../src/recall/options.js";
import type { PendingUsage } from "../src/recall/pending-usage.js";
import {
  type PreparedBookkeeping,
  type ReadInput,
  ReadInputAnnotation,
  type ReadOutput,
  ReadOutputAnnotation,
  type ReadState,
  ReadStateAnnotation,
} from "../src/recall/state.js";

const step = stepOf<ReadState>();

/** The read graph's one declaration: its steps in order, each with what it reads and writes. */
export function readPipeline(options: ReadOptions = {}, hooks: Omit<ReadPipelineHooks, keyof RunnerHooks> = {}) {
  const { deferBookkeeping, pendingUsage } = hooks;
  const deps = {
    ...resolveReadDeps(options),
    ...(deferBookkeeping ? { deferBookkeeping } : {}),
    ...(pendingUsage ? { pendingUsage } : {}),
  };
  return new Pipeline({
    name: "memory_read",
    state: ReadStateAnnotation,
    input: ReadInputAnnotation,
    output: ReadOutputAnnotation,
    stages: [
      step({
        name: "resolve_scope",
        reads: [
          "messages",
          "query",
          "task",
          "limit",
          "kinds",
          "includeKnowledge",
          "includeHistory",
          "includeArchived",
          "scope",
          "instruction",
        ],
        writes: ["request", "candidates", "knowledgeCandidates", "memories", "knowledge", "context", "traceId"],
        node: createScopeNode(deps),
      }),
      [
        step({
          name: "retrieve",
          reads: ["request"],
          writes: ["candidates", "retrieval"],
          node: createRetrieveNode(deps),
        }),
        step({
          name: "retrieve_knowledge",
          reads: ["request"],
          writes: ["knowledgeCandidates"],
          node: createRetrieveKnowledgeNode(deps),
        }),
      ],
      step({
        name: "rank",
        reads: ["request", "candidates", "retrieval"],
        writes: ["candidates"],
        node: createRankNode(deps),
      }),
      step({
        name: "dedupe_keys",
        reads: ["request", "candidates"],
        writes: ["candidates"],
        node: createDedupeKeysNode(),
      }),
      step({ name: "override", reads: ["request", "candidates"], writes: ["candidates"], node: createOverrideNode() }),
      step({
        name: "policy_budget",
        reads: ["request", "candidates", "knowledgeCandidates"],
        writes: ["candidates", "knowledgeCandidates"],
        node: createPolicyBudgetNode(deps),
      }),
      step({
        name: "inject",
        reads: ["request", "candidates", "knowledgeCandidates"],
        writes: ["candidates", "knowledgeCandidates", "memories", "knowledge", "context"],
        node: createInjectNode(),
      }),
      step({
        name: "record",
        reads: ["request", "candidates", "knowledgeCandidates", "retrieval", "context"],
        writes: ["traceId"],
        node: createRecordNode(deps),
      }),
    ],
  });
}

/**
 * Build and compile the read graph.
 * @example
 * import { HumanMessage } from "@langchain/core/messages";
 * import type { BaseStore } from "@langchain/langgraph";
 * declare const store: BaseStore;
 * const read = createReadGraph({ store });
 * const out = await read.invoke(
 *   { messages: [new HumanMessage("帮我写封邮件给王总")], task: "write_email" },
 *   { configurable: { user_id: "u1", tenant_id: "acme" } },
 * );
 * out.context; // "<memory_context>\n…\n[偏好][2026-03] 用户偏好简洁回复\n</memory_context>"
 */
export function createReadGraph(options: ReadOptions = {}) {
  return readPipeline(options).compile({ store: options.store });
}

export type ReadGraph = ReturnType<typeof createReadGraph>;

export interface ReadPipelineHooks extends RunnerHooks {
  /**
   * Take over the bookkeeping write (trace + usage counters): the record step builds the trace,
   * hands the write here instead of awaiting it, and returns. The facade queues it per scope.
   */
  deferBookkeeping?: (bookkeeping: PreparedBookkeeping) => void;
  /** Usage counters of deferred bookkeeping not yet written, which ranking counts as written. */
  pendingUsage?: PendingUsage;
}

/**
 * The same steps without LangGraph's runtime, which costs about 0.8 ms per step, more than a
 * whole recall; the facade's `recall()` uses this, parent graphs use {@link createReadGraph}.
 * @example
 * import type { BaseStore } from "@langchain/langgraph";
 * declare const store: BaseStore;
 * const run = createReadPipeline({ store });
 * const out = await run({ query: "回复风格" }, { configurable: { user_id: "u1" } });
 */
export function createReadPipeline(options: ReadOptions = {}, hooks: ReadPipelineHooks = {}) {
  return readPipeline(options, hooks).runner<ReadInput, ReadOutput>(hooks);
}
