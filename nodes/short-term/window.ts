/**
 * The short-term window as a node (seed 001 §2.2–2.3). Once per turn, before the model: when
 * `refreshEvery` rounds have gathered beyond the window it folds them into the `shortTerm`
 * summary, removes their messages from the thread (`RemoveMessage`), so a checkpointed thread
 * stays bounded, and hands them to the next node in `leaving` (send them through the write graph:
 * it keeps only what its rules admit). Between refreshes it only clears `leaving`.
 * The model then reads `shortTermMessages(state, options)`.
 */
import { RemoveMessage } from "@langchain/core/messages";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { parseShortTermOptions, type ShortTermOptions } from "../../src/short-term/options.js";
import type { ShortTermState, ShortTermUpdate } from "../../src/short-term/state.js";
import { foldRounds } from "../../src/short-term/window.js";

/**
 * Build the short-term node.
 * @throws {InvalidConfigError} for invalid options, when the node is built (not on a turn).
 * @example
 * import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
 * import { MemorySaver, START, StateGraph } from "@langchain/langgraph";
 * import { ShortTermAnnotation, shortTermMessages } from "../../src/short-term/state.js";
 * declare const model: BaseChatModel;
 * const options = { budget: 4000 };
 * const graph = new StateGraph(ShortTermAnnotation)
 *   .addNode("window", createShortTermNode(options))
 *   .addNode("respond", async (state) => ({ messages: [await model.invoke(await shortTermMessages(state, options))] }))
 *   .addEdge(START, "window")
 *   .addEdge("window", "respond")
 *   .compile({ checkpointer: new MemorySaver() });
 */
export function createShortTermNode(options: ShortTermOptions = {}) {
  parseShortTermOptions(options);
  return async (
    state: Pick<ShortTermState, "messages" | "shortTerm">,
    config: LangGraphRunnableConfig,
  ): Promise<ShortTermUpdate> => {
    const { summary, leaving, refreshed } = await foldRounds(state.messages, state.shortTerm, options, config);
    if (!refreshed) return { leaving: [] };
    const removals = leaving.flatMap((message) => (message.id ? [new RemoveMessage({ id: message.id })] : []));
    return { shortTerm: summary, leaving, messages: removals };
  };
}
