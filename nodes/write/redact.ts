/**
 * Write graph, step 1: redact. The messages were normalised and redacted by the graph's input
 * schema before anything else saw them (seed 001 §6.4, seed 003 §3.2: no raw phone number, id,
 * card, address or secret reaches extraction, a model, the store or a checkpoint). This step
 * reports what was found, per message, as types only, read from the placeholders, and which
 * input will not be read for memories (system and tool messages, non-text content parts).
 */
import { REDACTION_PLACEHOLDERS, REDACTION_TYPES } from "../../src/redact.js";
import type { IgnoredInput } from "../../src/write/conflict/decision.js";
import type { MessageRedactions, WriteNode } from "../../src/write/state.js";

/**
 * @example
 * const { redactions } = await redact({ messages: [{ id: "m1", role: "user", content: "我的手机号是 [PHONE]", at: "2024-05-07T10:00:00Z" }] }, {});
 * redactions; // [{ messageId: "m1", types: ["phone_cn"] }]
 */
export const redact: WriteNode<"messages", "redactions" | "ignored"> = (state) => {
  const redactions: MessageRedactions[] = state.messages
    .map((m) => ({ messageId: m.id, types: typesIn(m.content) }))
    .filter((r) => r.types.length > 0);
  const ignored: IgnoredInput[] = [];
  for (const m of state.messages) {
    if (m.role === "system") {
      ignored.push({ messageId: m.id, reason: "role", detail: "system messages are instructions, not memories" });
    } else if (m.role === "tool") {
      ignored.push({ messageId: m.id, reason: "role", detail: "tool messages are not read for memories" });
    } else if (m.dropped?.length) {
      ignored.push({ messageId: m.id, reason: "non_text_parts", detail: `left out: ${m.dropped.join(", ")}` });
    }
  }
  return { redactions, ignored };
};

/** Redaction types whose placeholder is in the text; types sharing one placeholder count once. */
function typesIn(text: string): string[] {
  const seen = new Set<string>();
  return REDACTION_TYPES.filter((type) => {
    const placeholder = REDACTION_PLACEHOLDERS[type];
    if (seen.has(placeholder) || !text.includes(placeholder)) return false;
    seen.add(placeholder);
    return true;
  });
}
