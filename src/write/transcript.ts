/**
 * A conversation between named people relayed through chat roles: every turn is prefixed with
 * its speaker's name, one person sent as `user` and the other as `assistant`
 * (`{ role: "assistant", content: "Tomasz: I signed up for a rowing club" }`). That is how
 * evaluation harnesses (mem0's among them) feed a two-person conversation.
 *
 * The `assistant` role there is a transport, not an AI: read literally, half the conversation
 * would become agent-generated text that waits for confirmation (seed 003 §5.6) and is never
 * recalled. So a batch that is unmistakably such a transcript is read as named turns —
 * `{ role: "user", name: "Tomasz", content: "I signed up for a rowing club" }` — exactly
 * what a caller sending `name` gets. Unmistakable means: at least two turns, every user and
 * assistant turn opens with a person-like name and a colon, at least one is an assistant turn,
 * and no name speaks in both roles (one turn is enough when the scope's stored conversation is
 * already between named people: a harness may call `remember` once per turn). A real assistant does not prefix every reply with a
 * person's name while the user prefixes every message with another, so ordinary chats are
 * left exactly as they are; labels such as "Note:" or "Answer:" never count as names.
 */
import type { ChatMessage } from "../messages.js";
import { wordList } from "../text/patterns.js";

// "Ingrid: …", "Mary Ann: …", "小王：…". Up to three capitalised words, or 1–4 Han characters.
const NAME_PREFIX = /^\s*((?:\p{Lu}[\p{L}'’.-]*)(?:\s\p{Lu}[\p{L}'’.-]*){0,2}|\p{Script=Han}{1,4})\s*[:：]\s*(?=\S)/u;

// Words that open a line as a label, not as a speaker.
const LABELS = new Set(
  [
    ...wordList(`note | notes | summary | answer | question | q | a | step | tip | tips | warning | example |
      assistant | ai | bot | user | system | human | update | error | result | results | output | input | reply |
      response | translation | title | subject | re | fwd | ps | p.s | important | reminder | todo | done | status |
      source | context | goal | task | plan | conclusion | overview | details | hint | caution | info | edit | edited |
      yes | no | ok | okay | sure | thanks | hi | hello | dear | agent | model | me | you | 注意 | 总结 | 回答 | 问题 |
      提示 | 答 | 问 | 用户 | 助手 | 系统 | 备注 | 结论 | 步骤 | 示例 | 警告 | 更新`),
  ].map((label) => label.toLowerCase()),
);

/**
 * The messages with a named-speaker transcript read as named turns; any other batch unchanged.
 * @example
 * const at = "2024-05-01T10:00:00Z";
 * readTranscript([
 *   { id: "1", role: "user", content: "Ingrid: I moved to Lisbon", at },
 *   { id: "2", role: "assistant", content: "Tomasz: I started rowing", at },
 * ]);
 * // [{ id: "1", role: "user", name: "Ingrid", content: "I moved to Lisbon", at },
 * //  { id: "2", role: "user", name: "Tomasz", content: "I started rowing", at }]
 */
export function readTranscript(messages: ChatMessage[], options: { continues?: boolean } = {}): ChatMessage[] {
  const turns = messages.filter((m) => m.role === "user" || m.role === "assistant");
  // `continues`: the scope's stored conversation is already between named people, so one turn
  // sent on its own (a harness calling remember per turn) is judged as part of it.
  if (turns.length < (options.continues ? 1 : 2) || !turns.some((m) => m.role === "assistant")) return messages;
  const speakers = new Map<ChatMessage, string>();
  const roleOf = new Map<string, ChatMessage["role"]>();
  for (const message of turns) {
    if (message.name !== undefined) return messages;
    const name = NAME_PREFIX.exec(message.content)?.[1];
    if (!name || LABELS.has(name.toLowerCase())) return messages;
    // One person, one role: the same name on both sides is not two people talking.
    if ((roleOf.get(name) ?? message.role) !== message.role) return messages;
    roleOf.set(name, message.role);
    speakers.set(message, name);
  }
  return messages.map((message) => {
    const name = speakers.get(message);
    if (name === undefined) return message;
    return { ...message, role: "user", name, content: message.content.replace(NAME_PREFIX, "") };
  });
}
