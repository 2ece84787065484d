/**
 * Write graph, step 2: extract candidate memories from the (already redacted) messages.
 * Rules always run; a model, when configured, adds one structured call per batch. Model
 * trouble never fails the run: it is returned in `extractionFailures` next to the rule results.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseStore } from "@langchain/langgraph";
import { writeScope, writeStore } from "../../src/write/context.js";
import { extractCandidates, nextConversation, readConversation } from "../../src/write/extract/index.js";
import type { WriteNode } from "../../src/write/state.js";
import { readTranscript } from "../../src/write/transcript.js";

export interface ExtractNodeOptions {
  /** Optional model layer (seed 001 §5.2). Without it extraction is rules only and offline. */
  model?: BaseChatModel;
  /** Clock for model candidates that cite no message. @default () => new Date() */
  now?: () => Date;
  /** Read every message as this language instead of detecting it per sentence. */
  language?: "zh" | "en";
  /**
   * Where the conversation context of named speakers lives between calls (the graph's store, or
   * LangGraph's `config.store`). Without a store each call is read on its own.
   */
  store?: BaseStore;
}

/**
 * Build the extract node. The model call inherits the graph's config (callbacks, tracing) but is
 * tagged `langsmith:nostream` so its JSON never streams as chat.
 *
 * @example
 * import { ChatOpenAI } from "@langchain/openai";
 * const extract = createExtractNode({ model: new ChatOpenAI({ model: "gpt-4o-mini" }) });
 * // offline:
 * const { candidates } = await createExtractNode()(
 *   { messages: [{ id: "m1", role: "user", content: "我不吃香菜", at: "2024-05-07T10:00:00+08:00" }] },
 *   {},
 * );
 * candidates?.[0]; // { kind: "preference", key: "food.cilantro", content: "用户不吃香菜", positive: false, ... }
 */
export function createExtractNode(
  options: ExtractNodeOptions = {},
): WriteNode<"messages", "candidates" | "extractionFailures" | "conversation"> {
  return async (state, config) => {
    // Inside a graph with a store, earlier calls of the same conversation are context.
    const hasStore = options.store !== undefined || config.store !== undefined;
    const scope = hasStore ? writeScope(config) : undefined;
    const context = scope ? await readConversation(writeStore(options.store, config), scope) : undefined;
    // One turn of a named transcript sent on its own ("Tomasz: …" as the assistant): the stored
    // conversation shows people talking, so it is read as a named turn like a whole batch is.
    const messages = context?.speakers.length ? readTranscript(state.messages, { continues: true }) : state.messages;
    const { candidates, extractionFailures, knownNames } = await extractCandidates(messages, {
      model: options.model,
      now: options.now,
      language: options.language,
      config,
      ...(context ? { context } : {}),
    });
    // Known names are kept only where a store keeps them between calls (known-names.ts).
    const conversation = scope ? nextConversation(context, messages, knownNames) : undefined;
    return { candidates, extractionFailures, ...(conversation ? { conversation } : {}) };
  };
}
