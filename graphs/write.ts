/**
 * The write graph (`memory_write`): redact → extract → record_episodes → score → resolve_conflict →
 * ask_user → persist.
 *
 * Input: `messages` (LangChain BaseMessages or `{ role, content, id?, at?, name? }`), optional
 * `sessionId` / `taskId` and `recordEpisodes` (false: the messages leave no episodes); the input schema normalises and redacts the messages before anything
 * else sees them. Scope comes from `config.configurable` (`user_id`, `tenant_id`), never from
 * model output. Output: `memoryWrite` only, so a parent agent's own `messages` are never touched.
 *
 * The steps are declared once, below; the compiled graph and the facade's direct runner are
 * both derived from that declaration (src/graph/pipeline.ts).
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver, BaseStore } from "@langchain/langgraph";
import { createAskUserNode } from "../nodes/write/ask-user.js";
import { createEpisodesNode } from "../nodes/write/episodes.js";
import { createExtractNode } from "../nodes/write/extract.js";
import { createPersistNode } from "../nodes/write/persist.js";
import { redact } from "../nodes/write/redact.js";
import { createResolveConflictNode } from "../nodes/write/resolve-conflict.js";
import { createScoreNode } from "../nodes/write/score.js";
import { Pipeline, stepOf } from "../src/graph/pipeline.js";
import type { MemoryWriteOutput } from "../src/write/conflict/decision.js";
import { type AdmissionConfigInput, parseAdmissionConfig } from "../src/write/scoring.js";
import {
  type MessageLimits,
  type WriteInput,
  WriteOutputAnnotation,
  type WriteState,
  WriteStateAnnotation,
  writeInputSchema,
} from "../src/write/state.js";

export interface WriteGraphOptions extends MessageLimits {
  /** Where memories live; defaults to the store LangGraph passes in `config.store`. */
  store?: BaseStore;
  /**
   * Optional model: extraction (one structured call per batch) and the judgement of conflicts the
   * rules would ask about (one call per run); rules run without it.
   */
  model?: BaseChatModel;
  /** Clock for record and history times and for messages without `at`. @default () => new Date() */
  now?: () => Date;
  /** Admission score weights, threshold and source caps (seed 002 §2). */
  admission?: AdmissionConfigInput;
  /**
   * Record episodes of the conversation (seed 000 情景记忆, src/write/episodes.ts); false keeps only
   * the user's governed memories. @default true
   */
  episodes?: boolean;
}

export interface CreateWriteGraphOptions extends WriteGraphOptions {
  /** A checkpointer of its own; leave unset (or false) when the graph runs inside a parent that has one. */
  checkpointer?: BaseCheckpointSaver | false;
  /** Interrupt on conflicts (true) or keep them as pending records (false). @default true */
  interactive?: boolean;
}

const step = stepOf<WriteState>();

/** The write graph's one declaration: its steps in order, each with what it reads and writes. */
export function writePipeline(options: WriteGraphOptions & { interactive?: boolean } = {}) {
  const now = options.now ?? (() => new Date());
  const admission = parseAdmissionConfig(options.admission ?? {});
  const { store, model } = options;
  return new Pipeline({
    name: "memory_write",
    state: WriteStateAnnotation,
    input: writeInputSchema({
      now,
      maxMessageBytes: options.maxMessageBytes,
      maxMessages: options.maxMessages,
      maxFutureMs: options.maxFutureMs,
    }),
    output: WriteOutputAnnotation,
    stages: [
      step({ name: "redact", reads: ["messages"], writes: ["redactions", "ignored"], node: redact }),
      step({
        name: "extract",
        reads: ["messages"],
        writes: ["candidates", "extractionFailures", "conversation"],
        node: createExtractNode({ model, now, store }),
      }),
      step({
        name: "record_episodes",
        reads: ["messages", "recordEpisodes"],
        writes: ["episodes"],
        node: createEpisodesNode({ enabled: options.episodes }),
      }),
      step({
        name: "score",
        reads: ["candidates"],
        writes: ["admitted", "rejected", "basis"],
        node: createScoreNode({ store, admission }),
      }),
      step({
        name: "resolve_conflict",
        reads: ["admitted", "sessionId", "taskId"],
        writes: ["decisions"],
        node: createResolveConflictNode({ store, admission, now, model }),
      }),
      step({
        name: "ask_user",
        reads: ["decisions"],
        writes: ["decisions"],
        node: createAskUserNode({ interactive: options.interactive ?? true }),
      }),
      step({
        name: "persist",
        reads: [
          "messages",
          "ignored",
          "admitted",
          "decisions",
          "basis",
          "rejected",
          "extractionFailures",
          "sessionId",
          "taskId",
          "conversation",
          "episodes",
        ],
        writes: ["memoryWrite"],
        node: createPersistNode({ store, admission, now }),
      }),
    ],
  });
}

/**
 * Build and compile the write graph.
 * @example
 * declare const store: BaseStore;
 * const graph = createWriteGraph({ store, interactive: false });
 * const out = await graph.invoke(
 *   { messages: [{ role: "user", content: "我不吃香菜，订餐时记得备注。" }] },
 *   { configurable: { user_id: "u1" } },
 * );
 * out.memoryWrite?.written[0].content; // 用户不吃香菜…
 */
export function createWriteGraph(options: CreateWriteGraphOptions = {}) {
  return writePipeline(options).compile({ checkpointer: options.checkpointer, store: options.store });
}

export type WriteGraph = ReturnType<typeof createWriteGraph>;

/** The scope a direct write run is for, as the graph reads it from `config.configurable`. */
export interface WriteConfigurable {
  user_id: string;
  tenant_id?: string;
  session_id?: string;
  task_id?: string;
}

/**
 * The same steps without LangGraph's runtime, for non-interactive runs (the facade's
 * `remember()`): conflicts are deferred as pending records, so nothing needs to pause.
 * @example
 * declare const store: BaseStore;
 * const run = createWritePipeline({ store });
 * const { memoryWrite } = await run({ messages: [{ role: "user", content: "我不吃香菜" }] }, { user_id: "u1" });
 */
export function createWritePipeline(options: WriteGraphOptions = {}) {
  const run = writePipeline({ ...options, interactive: false }).runner<
    WriteInput,
    { memoryWrite: MemoryWriteOutput }
  >();
  return (input: WriteInput, configurable: WriteConfigurable) =>
    run(input, { configurable: { ...configurable, interactive: false } });
}
