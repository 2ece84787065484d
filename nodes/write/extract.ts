/**
 * Write graph, step 2: extract candidate memories from the (already redacted) messages.
 * Rules always run; a model, when configured, adds one structured call per batch. Model
 * trouble never fails the run: it is returned in `extractionFailures` next to the rule results.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { MemoryCandidate } from "../../src/candidate.js";
import type { ChatMessage } from "../../src/messages.js";
import { extractCandidates, type ModelFailure } from "../../src/extract/index.js";

export interface ExtractNodeOptions {
  /** Optional model layer (seed 001 §5.2). Without it extraction is rules only and offline. */
  model?: BaseChatModel;
  /** Clock for model candidates that cite no message. @default () => new Date() */
  now?: () => Date;
  /** Read every message as this language instead of detecting it per sentence. */
  language?: "zh" | "en";
}

export interface ExtractNodeState {
  messages: ChatMessage[];
  sessionId?: string;
  taskId?: string;
}

export interface ExtractNodeUpdate {
  candidates: MemoryCandidate[];
  extractionFailures: ModelFailure[];
}

/**
 * Build the extract node. The model call inherits the graph's config (callbacks, tracing) but is
 * tagged `langsmith:nostream` so its JSON never streams as chat.
 *
 * @example
 * const extract = createExtractNode({ model: new ChatOpenAI({ model: "gpt-4o-mini" }) });
 * graph.addNode("extract", extract);
 * // offline:
 * const { candidates } = await createExtractNode()({
 *   messages: [{ id: "m1", role: "user", content: "我不吃香菜", at: "2024-05-07T10:00:00+08:00" }],
 * });
 * candidates[0]; // { kind: "preference", key: "food.cilantro", content: "用户不吃香菜", positive: false, ... }
 */
export function createExtractNode(
  options: ExtractNodeOptions = {},
): (state: ExtractNodeState, config?: LangGraphRunnableConfig) => Promise<ExtractNodeUpdate> {
  return async function extract(state, config) {
    const { candidates, extractionFailures } = await extractCandidates(state.messages, {
      model: options.model,
      now: options.now,
      language: options.language,
      config,
    });
    return { candidates, extractionFailures };
  };
}
