/**
 * The short-term window's channels, to spread into an agent's state:
 *
 *   messages   the thread (LangGraph's messages channel); the node removes what it folds
 *   shortTerm  the rolling summary: facts, open items, how many rounds it covers, when it was refreshed
 *   leaving    the messages folded by this turn, for the next node (the write graph); empty between refreshes
 */
import type { BaseMessage } from "@langchain/core/messages";
import { Annotation, MessagesAnnotation } from "@langchain/langgraph";
import { lastValue } from "../graph/pipeline.js";
import type { ShortTermOptions } from "./options.js";
import type { ShortTermSummary } from "./summary.js";
import { viewWindow } from "./window.js";

/**
 * @example
 * const State = Annotation.Root({ ...ShortTermAnnotation.spec, context: Annotation<string> });
 */
export const ShortTermAnnotation = Annotation.Root({
  ...MessagesAnnotation.spec,
  /** The summary of the rounds folded out of the window; undefined until the first refresh. */
  shortTerm: lastValue<ShortTermSummary | undefined>(() => undefined),
  /** What left the window this turn (whole rounds, tool messages included), each message exactly once. */
  leaving: lastValue<BaseMessage[]>(() => []),
});

export type ShortTermState = typeof ShortTermAnnotation.State;
export type ShortTermUpdate = typeof ShortTermAnnotation.Update;

/**
 * The messages to give the model from a state the short-term node has run on: the summary as a
 * SystemMessage, the condensed rounds, the full rounds, within the budget. Pass the options the
 * node was built with (the budget and round counts must agree).
 * @example
 * import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
 * import { SystemMessage } from "@langchain/core/messages";
 * declare const model: BaseChatModel;
 * const prompt = "You are a helpful assistant.";
 * const options = { budget: 4000 };
 * const respond = async (state: ShortTermState) => ({
 *   messages: [await model.invoke([new SystemMessage(prompt), ...(await shortTermMessages(state, options))])],
 * });
 */
export async function shortTermMessages(
  state: Pick<ShortTermState, "messages" | "shortTerm">,
  options: ShortTermOptions = {},
): Promise<BaseMessage[]> {
  return (await viewWindow(state.messages, state.shortTerm, options)).messages;
}
