/**
 * Write graph, step 1: redact. The messages were normalised and redacted by the graph's input
 * schema before anything else saw them (seed 001 §6.4, seed 003 §3.2: no raw phone number, id,
 * card, address or secret reaches extraction, a model, the store or a checkpoint). This step
 * reports what was found, per message, as types only, read from the placeholders.
 */
import { REDACTION_PLACEHOLDERS, REDACTION_TYPES } from "../../src/redact.js";
import type { MessageRedactions, WriteNode } from "../../src/write/state.js";

/**
 * @example
 * const { redactions } = await redact({ messages: [{ id: "m1", role: "user", content: "我的手机号是 [PHONE]", at }] }, {});
 * redactions; // [{ messageId: "m1", types: ["phone_cn"] }]
 */
export const redact: WriteNode<"messages", "redactions"> = (state) => {
  const redactions: MessageRedactions[] = state.messages
    .map((m) => ({ messageId: m.id, types: typesIn(m.content) }))
    .filter((r) => r.types.length > 0);
  return { redactions };
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
