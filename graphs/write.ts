/**
 * The write graph: redact → extract → score → resolve-conflict → ask-user → persist.
 *
 * Input: `messages` (LangChain BaseMessages or `{ role, content, id?, at?, name? }`), optional
 * `sessionId` / `taskId`. Scope comes from `config.configurable` (`user_id`, `tenant_id`),
 * never from model output. Output: `memoryWrite` (what was written, reinforced, superseded,
 * merged, left pending or rejected, plus extraction failures). Only that one key leaves the
 * graph, so a parent agent's own `messages` are never touched when it runs as a node.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver, BaseStore } from "@langchain/langgraph-checkpoint";
import { createAskUserNode } from "../nodes/write/ask-user.js";
import { createExtractNode } from "../nodes/write/extract.js";
import { createPersistNode } from "../nodes/write/persist.js";
import { redact } from "../nodes/write/redact.js";
import { createResolveConflictNode } from "../nodes/write/resolve-conflict.js";
import { createScoreNode } from "../nodes/write/score.js";
import { redactMessages } from "../src/redact.js";
import type { MemoryCandidate } from "../src/write/candidate.js";
import type { ConflictDecision, ExtractionFailure, MemoryWriteOutput } from "../src/write/conflict/decision.js";
import type { ConversationContext } from "../src/write/extract/index.js";
import { type ChatMessage, normalizeMessages } from "../src/write/messages.js";
import {
  type AdmissionConfigInput,
  type AdmittedCandidate,
  parseAdmissionConfig,
  type Rejection,
} from "../src/write/scoring.js";

export interface CreateWriteGraphOptions {
  /** Where memories live; defaults to the store LangGraph passes in `config.store`. */
  store?: BaseStore;
  /** Optional extraction model (one structured call per batch); rules run without it. */
  model?: BaseChatModel;
  /** Clock for record and history times and for messages without `at`. @default () => new Date() */
  now?: () => Date;
  /** Admission score weights, threshold and source caps (seed 002 §2). */
  admission?: AdmissionConfigInput;
  /** A checkpointer of its own; leave unset (or false) when the graph runs inside a parent that has one. */
  checkpointer?: BaseCheckpointSaver | false;
  /** Interrupt on conflicts (true) or keep them as pending records (false). @default true */
  interactive?: boolean;
  /** Largest accepted message, in UTF-8 bytes. @default 65536 */
  maxMessageBytes?: number;
}

const last = <T>(fallback: () => T) => Annotation<T>({ reducer: (_prev: T, next: T) => next, default: fallback });

/**
 * Build and compile the write graph.
 * @example
 * const graph = createWriteGraph({ store, interactive: false });
 * const out = await graph.invoke(
 *   { messages: [{ role: "user", content: "我不吃香菜，点外卖记得备注。" }] },
 *   { configurable: { user_id: "u1" } },
 * );
 * out.memoryWrite.written[0].content; // 用户不吃香菜…
 */
export function createWriteGraph(options: CreateWriteGraphOptions = {}) {
  const now = options.now ?? (() => new Date());

  const Input = Annotation.Root({
    // Normalised and redacted on the way in: every node sees ChatMessage[] whatever the caller
    // sent, and a checkpointer never stores a raw secret from the input.
    messages: Annotation<ChatMessage[], unknown>({
      reducer: (_prev, next) =>
        redactMessages(normalizeMessages(next, { now, maxMessageBytes: options.maxMessageBytes })).messages,
      default: () => [],
    }),
    sessionId: last<string | undefined>(() => undefined),
    taskId: last<string | undefined>(() => undefined),
  });
  const Output = Annotation.Root({ memoryWrite: last<MemoryWriteOutput | undefined>(() => undefined) });
  const State = Annotation.Root({
    ...Input.spec,
    ...Output.spec,
    redactions: last<unknown[]>(() => []),
    candidates: last<MemoryCandidate[]>(() => []),
    extractionFailures: last<ExtractionFailure[]>(() => []),
    conversation: last<ConversationContext | undefined>(() => undefined),
    admitted: last<AdmittedCandidate[]>(() => []),
    rejected: last<Rejection[]>(() => []),
    decisions: last<ConflictDecision[]>(() => []),
  });

  const nodes = writeNodes(options);
  const graph = new StateGraph({ stateSchema: State, input: Input, output: Output })
    .addNode("redact", nodes.redact)
    .addNode("extract", nodes.extract)
    .addNode("score", nodes.score)
    .addNode("resolve_conflict", nodes.resolve_conflict)
    .addNode("ask_user", nodes.ask_user)
    .addNode("persist", nodes.persist)
    .addEdge(START, "redact")
    .addEdge("redact", "extract")
    .addEdge("extract", "score")
    .addEdge("score", "resolve_conflict")
    .addEdge("resolve_conflict", "ask_user")
    .addEdge("ask_user", "persist")
    .addEdge("persist", END);

  return graph.compile({
    ...(options.checkpointer ? { checkpointer: options.checkpointer } : {}),
    ...(options.store ? { store: options.store } : {}),
    name: "memory_write",
  });
}

export type WriteGraph = ReturnType<typeof createWriteGraph>;

/** The write graph's nodes, built once per options; the graph and the pipeline share them. */
function writeNodes(options: CreateWriteGraphOptions) {
  const now = options.now ?? (() => new Date());
  const admission = parseAdmissionConfig(options.admission ?? {});
  return {
    redact,
    extract: createExtractNode({ model: options.model, now, store: options.store }),
    score: createScoreNode({ store: options.store, admission }),
    resolve_conflict: createResolveConflictNode({ store: options.store, admission, now }),
    ask_user: createAskUserNode({ interactive: options.interactive ?? true }),
    persist: createPersistNode({ store: options.store, now }),
  };
}

/**
 * The same nodes in the same order, called directly instead of through LangGraph's runtime,
 * for non-interactive runs (the facade's `remember()`): conflicts are deferred as pending
 * records, so nothing needs to pause, and LangGraph's per-step bookkeeping (about 5 ms per
 * invoke on this machine, a fifth of a batch's cost in bench:write) is skipped. A test keeps
 * its results equal to the graph's.
 * @example
 * const run = createWritePipeline({ store });
 * const { memoryWrite } = await run({ messages: [{ role: "user", content: "我不吃香菜" }] }, { user_id: "u1" });
 */
export function createWritePipeline(options: Omit<CreateWriteGraphOptions, "checkpointer" | "interactive"> = {}) {
  const now = options.now ?? (() => new Date());
  const nodes = writeNodes({ ...options, interactive: false });
  type Value = Record<string, unknown>;
  return async (
    input: { messages: unknown; sessionId?: string; taskId?: string },
    configurable: { user_id: string; tenant_id?: string; session_id?: string; task_id?: string },
  ): Promise<{ memoryWrite: MemoryWriteOutput }> => {
    const config = { configurable: { ...configurable, interactive: false } };
    let state: Value = {
      messages: redactMessages(normalizeMessages(input.messages, { now, maxMessageBytes: options.maxMessageBytes }))
        .messages,
      sessionId: input.sessionId,
      taskId: input.taskId,
      redactions: [],
      candidates: [],
      extractionFailures: [],
      conversation: undefined,
      admitted: [],
      rejected: [],
      decisions: [],
    };
    const steps = [
      nodes.redact,
      nodes.extract,
      nodes.score,
      nodes.resolve_conflict,
      nodes.ask_user,
      nodes.persist,
    ] as Array<(state: never, config: never) => unknown>;
    for (const node of steps) state = { ...state, ...((await node(state as never, config as never)) as Value) };
    return { memoryWrite: state.memoryWrite as MemoryWriteOutput };
  };
}

/** For `langgraph.json` (`memory_write`): store and checkpointer come from the LangGraph server. */
export const graph = createWriteGraph();
