/** Conversations for the short-term suites: rounds with and without tools, in Chinese and English. */
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";

let counter = 0;
const next = (prefix: string) => `${prefix}${++counter}`;

/** One round without tools: the user's message and the reply. */
export function chatRound(user: string, reply?: string): BaseMessage[] {
  const round: BaseMessage[] = [new HumanMessage({ content: user, id: next("h") })];
  if (reply !== undefined) round.push(new AIMessage({ content: reply, id: next("a") }));
  return round;
}

/** One round with a tool call: the call, its result and (unless `reply` is undefined) the final reply. */
export function toolRound(
  user: string,
  tool: { name: string; args: Record<string, unknown>; result: string },
  reply?: string,
): BaseMessage[] {
  const callId = next("call");
  const round: BaseMessage[] = [
    new HumanMessage({ content: user, id: next("h") }),
    new AIMessage({ content: "", id: next("a"), tool_calls: [{ id: callId, name: tool.name, args: tool.args }] }),
    new ToolMessage({ content: tool.result, tool_call_id: callId, name: tool.name, id: next("t") }),
  ];
  if (reply !== undefined) round.push(new AIMessage({ content: reply, id: next("a") }));
  return round;
}

const SAID = [
  ["我的项目代号是 Phoenix。", "好的，记下了。"],
  ["今天天气怎么样？", "北京今天晴。"],
  ["My team uses Python.", "Noted."],
  ["Thanks, that helps.", "You're welcome."],
  ["下周再帮我看这个问题。", "好的，下周提醒你。"],
] as const;

/**
 * `n` rounds, one in three with a tool call and a long tool result, the rest plain chat, cycling
 * through Chinese and English statements, small talk included. Round `i` (1-based) says `(i)`.
 */
export function conversation(n: number, start = 1): BaseMessage[][] {
  const rounds: BaseMessage[][] = [];
  for (let i = start; i < start + n; i++) {
    const [user, reply] = SAID[i % SAID.length]!;
    rounds.push(
      i % 3 === 0
        ? toolRound(
            `${user} (${i})`,
            { name: "search_docs", args: { query: `q${i}` }, result: `Result ${i}: ${"lorem ipsum ".repeat(40)}` },
            `${reply} (${i})`,
          )
        : chatRound(`${user} (${i})`, `${reply} (${i})`),
    );
  }
  return rounds;
}

/**
 * Every AI tool call is answered by a ToolMessage before the next human or AI message, and every
 * ToolMessage answers a call made just before it: what OpenAI requires of a message list.
 */
export function toolPairsIntact(messages: readonly BaseMessage[]): boolean {
  let open = new Set<string>();
  for (const message of messages) {
    const type = message.getType();
    if (type === "tool") {
      const id = (message as ToolMessage).tool_call_id;
      if (!open.delete(id)) return false;
      continue;
    }
    if (open.size > 0) return false;
    if (type === "ai") open = new Set(((message as AIMessage).tool_calls ?? []).map((c) => c.id!));
  }
  return open.size === 0;
}

/** A scripted chat model that keeps every prompt it was sent. */
export class ScriptedModel extends FakeListChatModel {
  prompts: BaseMessage[][] = [];
  override async invoke(...args: Parameters<FakeListChatModel["invoke"]>) {
    this.prompts.push(args[0] as BaseMessage[]);
    return super.invoke(...args);
  }
}

/** The text of a message list, one `type: content` line per message. */
export function transcript(messages: readonly BaseMessage[]): string {
  return messages.map((m) => `${m.getType()}: ${typeof m.content === "string" ? m.content : "[parts]"}`).join("\n");
}
