/**
 * What extraction carries from one `remember` call to the next of the same conversation, when
 * people are named: who has spoken (so one turn sent on its own is still read as part of a
 * conversation between people) and the last few turns (the question a reply answers, whom "she"
 * means). A harness may send a whole session per call or one turn per call; both should read
 * "Now she wants to become a marine biologist" the same way.
 *
 * Turns are kept only for named speakers (a conversation between people), never for a plain
 * assistant chat; they are the already-redacted text, a handful of them. The same item holds the
 * names the scope has introduced (known-names.ts), for every scope that introduced one. It lives
 * under the scope's own namespace, is read once per write run and written in the same
 * `store.batch` as the run's records.
 */
import type { BaseStore, Item, PutOperation } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import type { ChatMessage } from "../../messages.js";
import { scopeNamespace } from "../../namespaces.js";
import type { MemoryScope } from "../../schema.js";
import { KnownNameSchema, MAX_KNOWN_NAMES } from "./known-names.js";
import { resolveSpeakers } from "./speakers.js";

/** Turns kept: enough for "statement — question — answer" and the names just before it. */
export const CONTEXT_TURNS = 4;
/** Older turns than this (before the first new message) are another conversation. */
const CONTEXT_MAX_GAP_MS = 6 * 60 * 60 * 1000;
const CONTEXT_KEY = "latest";

const TurnSchema = z.object({
  id: z.string().min(1),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  at: z.string(),
  name: z.string().min(1).optional(),
});

export const ConversationContextSchema = z.object({
  /** Everyone named so far in this scope's conversation. */
  speakers: z.array(z.string().min(1)).max(50),
  recent: z.array(TurnSchema).max(CONTEXT_TURNS),
  /** Names the scope introduced, oldest first (known-names.ts). */
  names: z.array(KnownNameSchema).max(MAX_KNOWN_NAMES).default([]),
});
export type ConversationContext = z.infer<typeof ConversationContextSchema>;

export function conversationNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "conversation"];
}

/** The stored context of a scope, or undefined (none yet, or unreadable: then it is rebuilt). */
export async function readConversation(store: BaseStore, scope: MemoryScope): Promise<ConversationContext | undefined> {
  const [item] = (await store.batch([
    { namespace: conversationNamespace(scope), key: CONTEXT_KEY },
  ])) as Array<Item | null>;
  const parsed = ConversationContextSchema.safeParse(item?.value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The prior turns still relevant to `messages` (same conversation: recent enough).
 * @example
 * declare const context: ConversationContext | undefined; // as readConversation returned it
 * declare const messages: ChatMessage[];
 * priorTurns(context, messages); // the last turns before this call, as ChatMessages
 */
export function priorTurns(
  context: ConversationContext | undefined,
  messages: readonly ChatMessage[],
): ConversationContext["recent"] {
  if (!context || messages.length === 0) return [];
  const first = Math.min(...messages.map((m) => Date.parse(m.at)));
  const ids = new Set(messages.map((m) => m.id));
  return context.recent.filter(
    (turn) => !ids.has(turn.id) && first - Date.parse(turn.at) <= CONTEXT_MAX_GAP_MS && Date.parse(turn.at) <= first,
  );
}

/**
 * The context after this call, or undefined when it has nothing new to keep: nobody in the call
 * is named (an assistant chat keeps no turns) and the known names are the stored ones.
 */
export function nextConversation(
  previous: ConversationContext | undefined,
  messages: readonly ChatMessage[],
  names: ConversationContext["names"] = previous?.names ?? [],
): ConversationContext | undefined {
  const spoken = messages.filter(
    (m): m is ChatMessage & { role: "user" | "assistant" } => m.role === "user" || m.role === "assistant",
  );
  const views = resolveSpeakers(spoken);
  const named = views.flatMap((v) => (v.speaker ? [v.speaker] : []));
  const namesChanged = JSON.stringify(names) !== JSON.stringify(previous?.names ?? []);
  if (named.length === 0) {
    if (!namesChanged) return undefined;
    return { speakers: previous?.speakers ?? [], recent: previous?.recent ?? [], names };
  }
  const speakers = [...new Set([...(previous?.speakers ?? []), ...named])].slice(-50);
  const turns = spoken.map((m) => ({
    id: m.id,
    role: m.role,
    content: m.content,
    at: m.at,
    ...(m.name ? { name: m.name } : {}),
  }));
  const recent = [...priorTurns(previous, spoken), ...turns].slice(-CONTEXT_TURNS);
  return { speakers, recent, names };
}

/** The put that stores the context with the run's other writes (not indexed for search). */
export function conversationOperation(scope: MemoryScope, context: ConversationContext): PutOperation {
  return { namespace: conversationNamespace(scope), key: CONTEXT_KEY, value: context, index: false };
}
