/**
 * The read graph's input boundary: who is asking (scope), what to search for (query), and
 * which policy applies. Scope comes from the caller (the facade) or from LangGraph's
 * `config.configurable` (`user_id`, `tenant_id`), never from message text or model output.
 */
import { z } from "zod";
import { InvalidInputError, zodProblem } from "../errors.js";
import { scopeFromConfig } from "../graph/runtime.js";
import { normalizeMessages } from "../messages.js";
import { quoteValue, redactText } from "../redact.js";
import { type MemoryKind, MemoryKindSchema, type MemoryScope, MemoryScopeSchema } from "../schema.js";
import { detectLanguage } from "../text/tokenizer.js";
import { isHistoryQuestion } from "./history-question.js";
import { resolvePolicy, type TaskPolicies, type TaskPolicy } from "./policies.js";

// The read path must not fail on a long paste; the write path has its own, tighter limit.
const MAX_READ_MESSAGE_BYTES = 4 * 1024 * 1024;

export const RecallInputSchema = z
  .object({
    scope: MemoryScopeSchema,
    /** What to search for, e.g. the latest user message. */
    query: z.string().trim().min(1).max(20_000),
    /** Task name for the task policy (seed 004 §3); unknown or absent → the default policy. */
    task: z.string().min(1).max(100).optional(),
    /** Upper bound on injected personal memories; defaults to the policy's `max_items`. */
    limit: z.number().int().min(1).max(100).optional(),
    /** Replace the policy's kinds for this call. */
    kinds: z.array(MemoryKindSchema).min(1).optional(),
    /** Recall domain knowledge too; defaults to the policy's `include_knowledge` (true). */
    includeKnowledge: z.boolean().optional(),
    /**
     * An explicit history question: superseded and archived versions are recalled too. Absent, a
     * query that asks about the past ("what did I say before about …", 我以前喜欢…) sets it.
     */
    includeHistory: z.boolean().optional(),
    /** The cold tier too: archived memories (expired, decayed) are recalled beside active ones. */
    includeArchived: z.boolean().optional(),
    /** This turn's instruction, checked against recalled preferences; defaults to `query`. */
    instruction: z.string().max(20_000).optional(),
  })
  .strict();
export type RecallInput = z.input<typeof RecallInputSchema>;

/** Everything later nodes need, settled once. */
export interface ResolvedRequest {
  scope: MemoryScope;
  query: string;
  /** Text checked for this turn's explicit preferences (the latest user message). */
  instruction: string;
  task: string | null;
  policy: TaskPolicy;
  limit: number;
  includeKnowledge: boolean;
  includeHistory: boolean;
  /** Archived memories are recalled too (the cold tier). */
  includeArchived: boolean;
  /** Language of the query: the block's headers follow it. */
  language: "zh" | "en";
  /** ISO time of this recall; every node uses this one clock reading. */
  now: string;
}

/**
 * Validate a facade `recall()` input.
 * @throws {InvalidInputError} naming the offending field.
 */
export function parseRecallInput(input: unknown): z.output<typeof RecallInputSchema> {
  const parsed = RecallInputSchema.safeParse(input);
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(input)");
    throw new InvalidInputError(
      `Invalid recall input: ${text}. Expected { scope: { userId, tenantId? }, query, task?, ` +
        `limit?, kinds?, includeKnowledge?, includeHistory?, includeArchived? }.`,
      { field },
    );
  }
  return parsed.data;
}

/** Text of the latest user message, or undefined when there is none. */
export function latestUserText(messages: unknown): string | undefined {
  if (!Array.isArray(messages) || messages.length === 0) return undefined;
  const normalized = normalizeMessages(messages, { maxMessageBytes: MAX_READ_MESSAGE_BYTES });
  for (let i = normalized.length - 1; i >= 0; i--) {
    const message = normalized[i]!;
    if (message.role === "user" && message.content.trim().length > 0) return message.content;
  }
  return undefined;
}

/**
 * Settle scope, query, policy and limits for one recall.
 * @throws {InvalidInputError} when there is neither an explicit query nor a user message.
 * @example
 * declare const policies: TaskPolicies;
 * resolveRequest({ query: "回复风格", task: "code_generation" }, { user_id: "u1" }, policies, new Date());
 */
export function resolveRequest(
  state: {
    scope?: MemoryScope;
    query?: string;
    messages?: unknown;
    task?: string;
    limit?: number;
    kinds?: MemoryKind[];
    includeKnowledge?: boolean;
    includeHistory?: boolean;
    includeArchived?: boolean;
    instruction?: string;
  },
  configurable: Record<string, unknown> | undefined,
  policies: TaskPolicies,
  now: Date,
): ResolvedRequest {
  const scope = scopeFromConfig({ configurable }, "read", state.scope);
  const userText = latestUserText(state.messages);
  const asked = (state.query ?? userText)?.trim();
  if (!asked) {
    throw new InvalidInputError(
      "The read graph needs something to search for: pass state.query or at least one user message.",
    );
  }
  if (state.task !== undefined && !z.string().min(1).max(100).safeParse(state.task).success) {
    // In a parent graph the read graph reads the parent's `task` channel as its policy name.
    throw new InvalidInputError(
      `Invalid task ${quoteValue(state.task)}: expected the task policy's name (1–100 characters). ` +
        `A parent graph's \`task\` state key is read as that name: keep other task state under ` +
        `another key.`,
      { field: "task" },
    );
  }
  const base = resolvePolicy(policies, state.task);
  const kinds = state.kinds !== undefined ? z.array(MemoryKindSchema).min(1).safeParse(state.kinds) : undefined;
  if (kinds && !kinds.success) {
    throw new InvalidInputError(
      `Invalid kinds ${JSON.stringify(state.kinds)}: expected a non-empty array of memory kinds.`,
      { field: "kinds" },
    );
  }
  const policy: TaskPolicy = kinds?.success ? { ...base, kinds: kinds.data } : base;
  const limit = state.limit ?? policy.maxItems;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new InvalidInputError(`Invalid limit ${String(state.limit)}: expected an integer from 1 to 100.`, {
      field: "limit",
    });
  }
  // The query is searched, embedded (perhaps by a hosted model) and kept in the trace: a secret in
  // it is replaced by its placeholder first, which is also how stored memories spell it.
  const query = redactText(asked).text;
  return {
    scope,
    query,
    instruction: state.instruction ?? userText ?? asked,
    task: state.task ?? null,
    policy,
    limit,
    includeKnowledge: state.includeKnowledge ?? policy.includeKnowledge,
    // A question about what used to hold asks for the old versions (src/recall/history-question.ts).
    includeHistory: state.includeHistory ?? isHistoryQuestion(query),
    includeArchived: state.includeArchived ?? false,
    language: detectLanguage(query),
    now: now.toISOString(),
  };
}
