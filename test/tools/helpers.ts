/** Shared fixtures of the memory-tools suites: a facade on a real store, tool calls, a scripted model. */
import { BaseChatModel, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, isToolMessage, type ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { afterEach } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { tempDir } from "../helpers/store.js";

export const NOW = new Date("2026-03-10T09:00:00.000Z");
export const ALICE = { user_id: "alice", tenant_id: "acme" };
export const BOB = { user_id: "bob", tenant_id: "acme" };
export const ALICE_SCOPE = { userId: "alice", tenantId: "acme" };
export const BOB_SCOPE = { userId: "bob", tenantId: "acme" };

/** `open()` for a test file: a memory on a fresh store directory, closed after each test. */
export function openedPerTest(): () => Promise<{ memory: Memory; dir: string }> {
  const opened: Memory[] = [];
  afterEach(async () => {
    for (const memory of opened.splice(0)) await memory.close();
  });
  return async () => {
    const dir = tempDir("lgm-tools-");
    const memory = await createMemory({ dir, now: () => NOW, env: {} });
    opened.push(memory);
    return { memory, dir };
  };
}

let calls = 0;

/** A tool call as a model emits it (unique ids, as providers give them). */
export function toolCall(name: string, args: Record<string, unknown>) {
  calls += 1;
  return { id: `call_${calls}`, name, args, type: "tool_call" as const };
}

/** The id of the n-th memory a search_memory answer lists (what a model reads off the text). */
export function listedId(text: string, n = 1): string {
  const ids = [...text.matchAll(/^\s+id (\S+) ·/gm)].map((m) => m[1]!);
  if (!ids[n - 1]) throw new Error(`no memory #${n} in: ${text}`);
  return ids[n - 1]!;
}

/** The latest tool answer in a conversation. */
export function lastToolMessage(messages: BaseMessage[]): ToolMessage {
  const found = [...messages].reverse().find(isToolMessage);
  if (!found) throw new Error("no tool message yet");
  return found;
}

/** One turn of a script: what the model says next, given the conversation so far. */
export type Turn = (messages: BaseMessage[]) => AIMessage;

/** A turn that calls tools. */
export function callTools(...requested: Array<ReturnType<typeof toolCall>>): AIMessage {
  return new AIMessage({ content: "", tool_calls: requested });
}

/**
 * A chat model that plays a script, one turn per call. Each turn reads the conversation so far
 * (the tools' answers included), as a tool-calling model would: the ids it passes to
 * manage_memory are the ones search_memory printed. `offered` keeps the tool schemas the agent
 * bound, as a provider would receive them.
 */
export class ScriptedChatModel extends BaseChatModel {
  offered: Array<{ name: string; description: string; parameters: Record<string, unknown> }> = [];
  private next = 0;

  constructor(private readonly script: Turn[]) {
    super({});
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(tools: BindToolsInput[]): this {
    this.offered = tools.map((t) => {
      const tool = t as { name: string; description: string; schema: unknown };
      return {
        name: tool.name,
        description: tool.description,
        parameters: toJsonSchema(tool.schema as never) as Record<string, unknown>,
      };
    });
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const turn = this.script[this.next];
    if (!turn) throw new Error(`the script has ${this.script.length} turns; the agent asked for another`);
    this.next += 1;
    const message = turn(messages);
    return { generations: [{ message, text: typeof message.content === "string" ? message.content : "" }] };
  }

  /** Turns played so far. */
  get played(): number {
    return this.next;
  }
}
