/**
 * Rounds of a conversation (seed 001 §2.2): a round is one user message and everything up to the
 * next user message (the assistant's tool calls, the tool results, the final reply). Rounds are
 * what the short-term window keeps, condenses and folds, always whole, so a tool call is never
 * separated from its result.
 */
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { InvalidInputError } from "../errors.js";
import { estimateTokens } from "../recall/budget.js";
import { quoteValue } from "../redact.js";
import { detectLanguage } from "../text/tokenizer.js";

export interface Rounds {
  /** Messages before the first user message (a system prompt, a greeting): kept, never folded. */
  preamble: BaseMessage[];
  /** Oldest first; each starts with a user message. */
  rounds: BaseMessage[][];
}

/**
 * Split a conversation into rounds.
 * @throws {InvalidInputError} when `messages` is not an array of LangChain messages.
 * @example
 * import { HumanMessage } from "@langchain/core/messages";
 * splitRounds([new HumanMessage("hi"), new AIMessage("hello"), new HumanMessage("weather?")]).rounds.length; // 2
 */
export function splitRounds(messages: readonly BaseMessage[]): Rounds {
  checkMessages(messages);
  const preamble: BaseMessage[] = [];
  const rounds: BaseMessage[][] = [];
  for (const message of messages) {
    if (isUser(message)) rounds.push([message]);
    else if (rounds.length === 0) preamble.push(message);
    else rounds.at(-1)!.push(message);
  }
  return { preamble, rounds };
}

function checkMessages(messages: unknown): asserts messages is BaseMessage[] {
  if (!Array.isArray(messages)) {
    throw new InvalidInputError(`Expected an array of LangChain messages; received ${quoteValue(messages)}.`);
  }
  messages.forEach((message, index) => {
    if (message === null || typeof message !== "object" || typeof message.getType !== "function") {
      throw new InvalidInputError(
        `Message ${index} must be a LangChain message (HumanMessage, AIMessage, ToolMessage, SystemMessage); received ${quoteValue(message)}.`,
        { index },
      );
    }
  });
}

export function isUser(message: BaseMessage): boolean {
  return message.getType() === "human";
}

/** The text of a message: string content as is, the text parts of an array joined by newlines. */
export function textOf(message: BaseMessage): string {
  const { content } = message;
  if (typeof content === "string") return content;
  return content
    .map((part) =>
      typeof part === "string" ? part : part.type === "text" && typeof part.text === "string" ? part.text : "",
    )
    .filter((text) => text.length > 0)
    .join("\n");
}

function toolCallsOf(message: BaseMessage): ReadonlyArray<{ name: string; args: unknown }> {
  if (message.getType() !== "ai") return [];
  return (message as AIMessage).tool_calls ?? [];
}

/** The language a round is held in: that of its user message. */
export function roundLanguage(round: readonly BaseMessage[]): "zh" | "en" {
  return detectLanguage(textOf(round[0]!));
}

// seed 001 §2.2 "工具调用的中间过程只保留结论": one line of a tool result, no more.
const CONCLUSION_CHARS = 160;
const CONCLUSION = {
  zh: (tool: string, line: string) => `（工具 ${tool} 的结果：${line}）`,
  en: (tool: string, line: string) => `(Result of tool ${tool}: ${line})`,
};

/**
 * A round as the condensed tier keeps it (seed 001 §2.2, rounds 4–15): the user's message and the
 * final reply only. The reply is the last assistant message with text, re-made without its tool
 * calls; when the round ended in tool results with no reply after them, a one-line conclusion of
 * each result stands in for it. Tool calls, tool results and system messages inside the round
 * are left out, so a condensed round can never hold a tool call without its result.
 * @example
 * import { HumanMessage, ToolMessage } from "@langchain/core/messages";
 * const human = new HumanMessage("Weather in Paris?");
 * const call = new AIMessage({ content: "", tool_calls: [{ id: "t1", name: "weather", args: { city: "Paris" } }] });
 * const result = new ToolMessage({ tool_call_id: "t1", content: "18°C, sunny" });
 * condenseRound([human, call, result, new AIMessage("It is 18°C in Paris.")]);
 * // [human, AIMessage("It is 18°C in Paris.")]
 */
export function condenseRound(round: readonly BaseMessage[]): BaseMessage[] {
  const [user, ...rest] = round;
  const lastAi = rest.findLastIndex((message) => message.getType() === "ai");
  const after = rest.slice(lastAi + 1).filter((message) => message.getType() === "tool");
  if (after.length > 0) {
    const language = roundLanguage(round);
    const lines = after.map((result) => {
      const name = result.name ?? toolNameOf(rest, result) ?? "tool";
      return CONCLUSION[language](name, firstLine(textOf(result)));
    });
    return [user!, new AIMessage({ content: lines.join(" ") })];
  }
  const reply = rest.findLast((message) => message.getType() === "ai" && textOf(message).trim().length > 0);
  if (!reply) return [user!];
  // A new message without the original's id: handed back into the thread by mistake, it could
  // not replace the original (and orphan its tool results).
  return [user!, new AIMessage({ content: textOf(reply), ...(reply.name ? { name: reply.name } : {}) })];
}

function toolNameOf(round: readonly BaseMessage[], result: BaseMessage): string | undefined {
  const callId = (result as { tool_call_id?: string }).tool_call_id;
  for (const message of round) {
    const call = (message as AIMessage).tool_calls?.find((c) => c.id === callId);
    if (call) return call.name;
  }
  return undefined;
}

function firstLine(text: string): string {
  const line =
    text
      .split("\n")
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? "";
  return line.length > CONCLUSION_CHARS ? `${line.slice(0, CONCLUSION_CHARS - 1)}…` : line || "—";
}

// What a chat API adds around each message (role, separators): about 3–4 tokens with OpenAI's
// chat format. Not from a seed; it keeps a window of many short messages from overrunning.
const MESSAGE_OVERHEAD = 4;

/**
 * Estimated tokens of messages as a chat model receives them: each message's text, its tool
 * calls (name and JSON arguments) and a small per-message overhead, with the project's offline
 * estimate ({@link estimateTokens}). Non-text parts (images) are not counted.
 * @example
 * import { HumanMessage } from "@langchain/core/messages";
 * countTokens([new HumanMessage("用户偏好简洁回复")]); // 14
 */
export function countTokens(messages: readonly BaseMessage[]): number {
  let tokens = 0;
  for (const message of messages) {
    tokens += MESSAGE_OVERHEAD + estimateTokens(textOf(message));
    for (const call of toolCallsOf(message)) tokens += estimateTokens(`${call.name} ${JSON.stringify(call.args)}`);
  }
  return tokens;
}
