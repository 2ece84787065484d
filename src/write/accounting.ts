/**
 * Every message of a write run accounted for: what became of it, in one word, with the records
 * it led to and, when nothing was remembered, why. Nothing a user said disappears without a word.
 *
 *   written     a new memory (a `supersededIds` list says which older ones it replaced)
 *   merged      detail added to a memory already held
 *   known       the same fact again: an existing memory reinforced
 *   pending     held for the user (a conflict to answer, an unconfirmed note)
 *   rejected    not remembered, with the reason (admission, a source rule, a question, small talk …)
 *   ignored     not read (a system or tool message)
 *
 * A message that yields several memories takes the strongest outcome, in that order.
 */
import type { ChatMessage } from "../messages.js";
import type { MemoryRecord } from "../schema.js";
import { detectLanguage } from "../text/tokenizer.js";
import type { IgnoredInput, MessageOutcome, MessageOutcomeKind, WriteResult } from "./conflict/decision.js";
import { isQuestion, isSmallTalk } from "./extract/markers.js";

/**
 * One outcome per message, in the order of `messages`.
 * @example
 * declare const messages: ChatMessage[];
 * declare const result: WriteResult;
 * declare const episodes: MemoryRecord[];
 * declare const ignored: IgnoredInput[];
 * const accounting = accountMessages(messages, { ...result, episodes, ignored });
 * accounting.every((m) => m.outcome !== "rejected" || m.reason !== undefined); // true
 */
export function accountMessages(
  messages: readonly ChatMessage[],
  out: WriteResult & { episodes: readonly MemoryRecord[]; ignored: readonly IgnoredInput[] },
): MessageOutcome[] {
  const cites = (record: MemoryRecord, id: string) => record.source.messageIds.includes(id);
  return messages.map((message) => {
    const id = message.id;
    const ignored = out.ignored.find((i) => i.messageId === id && i.reason === "role");
    if (ignored) return { messageId: id, outcome: "ignored", recordIds: [], reason: ignored.reason };
    const written = out.written.filter((r) => cites(r, id));
    const merged = out.merged.filter((r) => cites(r, id));
    const known = out.reinforced.filter((r) => cites(r, id));
    const pending = out.pending.filter((r) => cites(r, id));
    const recordIds = [...written, ...merged, ...known, ...pending].map((r) => r.id);
    const mine = new Set(written.map((r) => r.id));
    const superseded = out.superseded.filter((r) => r.supersededBy !== undefined && mine.has(r.supersededBy));
    const outcome: MessageOutcomeKind | undefined =
      written.length > 0
        ? "written"
        : merged.length > 0
          ? "merged"
          : pending.length > 0
            ? "pending"
            : known.length > 0
              ? "known"
              : undefined;
    if (outcome) {
      return {
        messageId: id,
        outcome,
        recordIds,
        ...(superseded.length > 0 ? { supersededIds: superseded.map((r) => r.id) } : {}),
      };
    }
    const episode = out.episodes.find((r) => cites(r, id));
    const rejection = out.rejected.find((r) => r.candidate.messageIds.includes(id));
    return {
      messageId: id,
      outcome: "rejected",
      recordIds: [],
      reason: rejection?.reason ?? unreadReason(message),
      ...(episode ? { episodeId: episode.id } : {}),
    };
  });
}

/** Why the rules read no memory from a message (they say nothing finer). */
function unreadReason(message: ChatMessage): string {
  if (message.role === "assistant") return "assistant_turn";
  const text = message.content.trim();
  if (isSmallTalk(text)) return "small_talk";
  if (isQuestion(text, detectLanguage(text))) return "question";
  return "no_statement";
}
