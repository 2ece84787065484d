/**
 * The example agent's stand-in for a model when none is configured (no OPENAI_API_KEY, no
 * LGM_CHAT_PROVIDER): a rule-based responder, labelled as such in every reply, so the agent runs
 * offline (demo, tests, Studio without a key) and nobody mistakes its words for a model's.
 *
 * It reads two things: the memory block the read graph built (`<memory_context>` in a system
 * message) and the user's last message. A question is answered with the remembered lines; any
 * other message is acknowledged, with the remembered lines that came with it. It never invents:
 * every sentence it says beyond the fixed phrases is a line of the block.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { detectLanguage } from "../text/tokenizer.js";

/**
 * Marks a reply made by rules (this responder, the agent's task commands): it repeats what memory
 * or a task already holds and says nothing the user did, so the agent does not write it back
 * (seed 003 §5.6: the agent's own words must not become memories or episodes of the user).
 */
export const RULE_REPLY = "langgraph-memory/rules";

/** Whether a message is a reply made by rules ({@link RULE_REPLY}). */
export function isRuleReply(message: BaseMessage): boolean {
  return message.additional_kwargs?.generated_by === RULE_REPLY;
}

export const OFFLINE_LABEL = {
  en: "[offline rule-based responder, no model configured]",
  zh: "【离线规则回复，未配置模型】",
};

/** Remembered lines shown in one reply. */
const MAX_LINES = 5;
const BLOCK = /<memory_context>\n([\s\S]{0,20000}?)\n<\/memory_context>/;
const EPISODE_TAG = /^\[(?:经历|episode)\]/;
const QUESTION =
  /[?？]\s{0,8}$|(?:吗|呢|什么|哪|几|多少|谁|怎么|如何)[^，。！？,.!?]{0,6}[?？。]?\s{0,8}$|^\s{0,8}(?:what|which|who|where|when|how|do|does|did|is|are|can|could)\b/i;

export class OfflineResponder extends BaseChatModel {
  static override lc_name() {
    return "OfflineResponder";
  }

  _llmType(): string {
    return "offline-rules";
  }

  async _generate(
    messages: BaseMessage[],
    _options: this["ParsedCallOptions"],
    _runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    const text = offlineReply(messages);
    return {
      generations: [
        { text, message: new AIMessage({ content: text, additional_kwargs: { generated_by: RULE_REPLY } }) },
      ],
    };
  }
}

/** The reply the rules give to a conversation (see the module comment). */
export function offlineReply(messages: readonly BaseMessage[]): string {
  const user = [...messages].reverse().find((m) => m.getType() === "human");
  const said = user ? textOf(user) : "";
  const lang = detectLanguage(said || "a");
  const lines = rememberedLines(messages);
  const label = OFFLINE_LABEL[lang];
  const listed = lines.map((line) => `- ${line}`).join("\n");
  if (QUESTION.test(said)) {
    if (lines.length === 0)
      return `${label} ${lang === "zh" ? "我没有相关的记忆。" : "I have nothing remembered about that."}`;
    return `${label} ${lang === "zh" ? "我记得：" : "What I remember:"}\n${listed}`;
  }
  const ack = lang === "zh" ? "好的，收到。" : "Got it.";
  if (lines.length === 0) return `${label} ${ack}`;
  return `${label} ${ack}${lang === "zh" ? "相关的记忆：" : " Related memories:"}\n${listed}`;
}

/**
 * The memory lines of the block in the system messages, without their kind/date tags. Episodes
 * (what was said when) are left out: they quote the conversation, earlier replies included, and
 * reciting them would make every reply quote the one before.
 */
function rememberedLines(messages: readonly BaseMessage[]): string[] {
  const lines: string[] = [];
  for (const message of messages) {
    if (message.getType() !== "system") continue;
    const block = BLOCK.exec(textOf(message))?.[1];
    if (!block) continue;
    for (const line of block.split("\n").slice(1)) {
      if (EPISODE_TAG.test(line)) continue;
      const content = line.replace(/^(?:\[[^\]\n]{1,40}\]){1,3}\s{0,4}/, "").trim();
      if (content !== "" && content !== line.trim()) lines.push(content);
    }
  }
  return lines.slice(0, MAX_LINES);
}

function textOf(message: BaseMessage): string {
  return typeof message.content === "string"
    ? message.content
    : message.content.map((part) => ("text" in part && typeof part.text === "string" ? part.text : "")).join("");
}
