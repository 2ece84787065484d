/**
 * Write graph, step 1: redact. Runs before anything else, so neither extraction, a model, the
 * store, the indexes nor any trace ever sees a raw phone number, id, card, address or secret
 * (seed 001 §6.4, seed 003 §3.2). Input is validated here too: this is the graph's first node.
 */

import { REDACTION_PLACEHOLDERS, REDACTION_TYPES, redactMessages } from "../../src/redact.js";
import { type ChatMessage, normalizeMessages } from "../../src/write/messages.js";

export interface RedactNodeUpdate {
  /** The same messages, contents redacted (ids, roles, times and names unchanged). */
  messages: ChatMessage[];
  /** Which messages had what redacted; types only, never the values. */
  redactions: Array<{ messageId: string; types: string[] }>;
}

/**
 * Normalise and redact the run's messages. The graph's `messages` channel must replace its
 * value (a plain last-value channel): with an appending reducer the raw messages would stay.
 *
 * @throws {InvalidInputError} for no messages, an oversized message, an unknown role or a bad time.
 * @example
 * const { messages, redactions } = redact({ messages: [{ role: "user", content: "我的手机号是 13812345678" }] });
 * messages[0].content; // "我的手机号是 [PHONE]"
 * redactions;          // [{ messageId: "m0-…", types: ["phone_cn"] }]
 */
export function redact(state: { messages: ChatMessage[] }): RedactNodeUpdate {
  const { messages } = redactMessages(normalizeMessages(state.messages));
  // Read from the placeholders: the graph's input channel may already have redacted the text
  // (so raw secrets never reach a checkpoint), and this node still reports what was found.
  const redactions = messages
    .map((m) => ({ messageId: m.id, types: typesIn(m.content) }))
    .filter((r) => r.types.length > 0);
  return { messages, redactions };
}

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
