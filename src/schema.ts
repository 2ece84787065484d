/**
 * The memory record: one atomic, governed fact about a user (seeds 000, 003, 004).
 *
 * A record is distilled state, not a chat log: one sentence, a mergeable semantic `key`,
 * where it came from, how sure we are, who it belongs to and where it is in its lifecycle.
 * Records are stored as plain JSON values in the long-term store; every timestamp is an
 * ISO-8601 string so a record survives JSON round trips unchanged.
 */
import { z } from "zod";
import { InvalidInputError, InvalidRecordError, zodProblem } from "./errors.js";
import { idProblem } from "./ids.js";

/** Seed 000 四类记忆 and seed 003 §3.3: what kind of thing is remembered. */
export const MEMORY_KINDS = ["preference", "fact", "episode", "procedure", "todo", "business_fact"] as const;
export const MemoryKindSchema = z.enum(MEMORY_KINDS);
export type MemoryKind = z.infer<typeof MemoryKindSchema>;

/**
 * Kinds whose key holds one value at a time (`shipping.carrier`, `order.status`): a new value
 * replaces the old. Other kinds may keep several active records under one key (two episodes,
 * two coexisting preferences the user chose to keep both of).
 */
export const SINGLE_VALUED_KINDS: ReadonlySet<MemoryKind> = new Set<MemoryKind>(["fact", "business_fact"]);

/** Seed 004 §2: who said it. Only `explicit` is the user's own word. */
export const SOURCE_TYPES = ["explicit", "inferred", "system_sync", "agent_generated"] as const;
export const SourceTypeSchema = z.enum(SOURCE_TYPES);
export type SourceType = z.infer<typeof SourceTypeSchema>;

/**
 * What a memory is about. `user` (the default when absent): a fact, preference, plan or event
 * of the user's, which only the user's own word makes active (seed 003 §5.6). `conversation`:
 * seed 000's 情景记忆, a record that something was said in a session ("The assistant suggested
 * meditation"), attributed to its speaker; true as a record of the conversation whoever spoke,
 * never a fact about the user, never confirmed into the profile.
 */
export const MEMORY_SUBJECTS = ["user", "conversation"] as const;
export const MemorySubjectSchema = z.enum(MEMORY_SUBJECTS);
export type MemorySubject = z.infer<typeof MemorySubjectSchema>;

export const SENSITIVITIES = ["low", "medium", "high"] as const;
export const SensitivitySchema = z.enum(SENSITIVITIES);
export type Sensitivity = z.infer<typeof SensitivitySchema>;

/** Seed 003 §4.4: active → superseded → archived (→ deleted, which is physical and leaves no record). */
export const MEMORY_STATUSES = ["active", "pending", "superseded", "archived"] as const;
export const MemoryStatusSchema = z.enum(MEMORY_STATUSES);
export type MemoryStatus = z.infer<typeof MemoryStatusSchema>;

const isoDate = z.iso.datetime({ offset: true });
const unit = z.number().min(0).max(1);
/** Tenant label of a scope without a tenant (namespace labels may not be empty). */
export const DEFAULT_TENANT = "_default";

// A UTF-16 surrogate without its pair: not text, and not storable as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A scope id, normalised once so that one user has one spelling: Unicode NFC, surrounding
 * white space trimmed. Namespace labels may not contain `.` or `:` (LangGraph's rules), so scope
 * ids may not either; blank ids, lone surrogates and what the id grammar refuses (src/ids.ts:
 * wildcards, control, zero-width and bidi characters) are refused.
 */
const scopeId = z
  .string()
  .transform((id) => id.normalize("NFC").trim())
  .pipe(
    z
      .string()
      .min(1, "must not be blank")
      .max(256)
      .regex(/^[^.:]+$/, "must not contain '.' or ':'")
      .refine((id) => !LONE_SURROGATE.test(id), "must not contain a lone surrogate")
      .superRefine((id, ctx) => {
        const problem = idProblem(id);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  );

export const MemorySourceSchema = z.object({
  type: SourceTypeSchema,
  /** Ids of the messages this memory was distilled from; recall evaluation checks them. */
  messageIds: z.array(z.string().min(1)),
  /**
   * How many messages in all, when `messageIds` lists only some: a maintenance summary or merge
   * of many details lists at most MAX_SOURCE_IDS (src/maintain/clusters.ts); each pass's history
   * entry lists the ids it folded in, and the superseded details keep their own.
   */
  messageCount: z.number().int().min(1).optional(),
  /** Who said it when several people talk (a message's `name`): whose statement this is. */
  speaker: z.string().min(1).max(200).optional(),
  sessionId: z.string().min(1).optional(),
  taskId: z.string().min(1).optional(),
  /** The business system a `system_sync` memory came from (`crm`, `erp`): see src/sync/. */
  system: z.string().min(1).max(64).optional(),
  /** The system's own reference for the fact (an order number, a contract id, a revision). */
  reference: z.string().min(1).max(200).optional(),
});
export type MemorySource = z.infer<typeof MemorySourceSchema>;

/**
 * Who a memory belongs to. Normalised: ids as {@link scopeId}, and the default tenant spelled one
 * way only (`tenantId: "_default"` is the same scope as no tenant), so every queue, namespace and
 * record of a user derives from one spelling.
 */
export const MemoryScopeSchema = z
  .object({
    tenantId: scopeId.optional(),
    userId: scopeId,
  })
  .transform(({ tenantId, userId }): { tenantId?: string; userId: string } =>
    tenantId === undefined || tenantId === DEFAULT_TENANT ? { userId } : { tenantId, userId },
  );
export type MemoryScope = z.output<typeof MemoryScopeSchema>;

/**
 * A mergeable semantic key: lowercase dotted segments, e.g. `shipping.carrier`, `food.dislike`.
 * The key of every memory read from a conversation (the rules and the model write these); a
 * business fact's key is a {@link BusinessKeySchema} key.
 */
export const MemoryKeySchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/, "must be dotted lowercase segments such as 'food.dislike'");

/**
 * The key of a business fact a system syncs (src/sync/): dotted segments of ASCII letters of
 * either case, digits, `_` and `-`, so the ids systems send fit as they are
 * (`order.A1001.status`, `ticket.INC-2024-0042.state`, `account.0015g00000XyZab.tier`).
 *
 * Kept exactly as sent and compared exactly: never lowercased or otherwise normalised. A key is
 * the fact's identity (its next value supersedes it), and ids of many systems are case-sensitive
 * (Salesforce's 15-character ids, base62 ids): folding case would let `order.a1001.status`
 * silently supersede `order.A1001.status` of another order. So keys that differ only by case are
 * two facts, each with its own versions; a system that spells one id two ways has to settle on
 * one spelling, as for any other difference (test/sync/business-keys.test.ts).
 */
export const BusinessKeySchema = z
  .string()
  .min(1)
  .max(128)
  .regex(
    /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/,
    "must be dotted segments of letters, digits, '_' or '-' such as 'order.A1001.status'",
  );

/** One subject–predicate–object relation of a memory ("user" for the user). */
export const FactSchema = z.object({
  subject: z.string().trim().min(1).max(200),
  predicate: z.string().regex(/^[a-z][a-z_]{0,63}$/u, "lowercase words and underscores"),
  object: z.string().trim().min(1).max(200),
});

export const MemoryRecordSchema = z.object({
  id: z.string().min(1).max(128),
  kind: MemoryKindSchema,
  /** {@link MemoryKeySchema}, or for a `business_fact` {@link BusinessKeySchema} (checked by parseMemoryRecord). */
  key: BusinessKeySchema,
  /** One atomic fact, one sentence, third person ("The user does not eat cilantro"). */
  content: z.string().trim().min(1).max(2000),
  /** The bare value behind the key when there is one (e.g. "SF Express" for `shipping.carrier`). */
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
  confidence: unit,
  importance: unit,
  source: MemorySourceSchema,
  scope: MemoryScopeSchema,
  sensitivity: SensitivitySchema,
  status: MemoryStatusSchema,
  /** Id of the record that replaced this one; set exactly when `status` is `superseded`. */
  supersededBy: z.string().min(1).optional(),
  /** When the fact was true or said (message time), not when we stored it. */
  observedAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  lastAccessedAt: isoDate,
  accessCount: z.number().int().min(0),
  expiresAt: isoDate.optional(),
  /** What the memory is about; absent means the user (see {@link MEMORY_SUBJECTS}). */
  about: MemorySubjectSchema.optional(),
  /** Seed 003 §3.4: other phrasings that should find this memory ("咖啡", "coffee", "latte"). */
  retrievalHints: z.array(z.string().min(1).max(200)).max(20).optional(),
  /**
   * Seed 001 §4.2: the relations the memory states, when the model path gave them at extraction
   * (src/facts/structure.ts reads these instead of the rules' reading of `content`). Predicates
   * are lowercase words and underscores (src/facts/relations.ts RELATION_PREDICATES and others).
   */
  facts: z.array(FactSchema).max(8).optional(),
  /**
   * `cold`: retired by maintenance (archived, or superseded by a summary or a merge) into the
   * cold tier (seed 001 §3.4 冷存储): the record stays where it was, unindexed, and a copy in the
   * scope's `cold` namespace is what history questions and `includeArchived` search (by keyword).
   * Absent: hot, indexed where it lives. See src/namespaces.ts recordOperations.
   */
  tier: z.enum(["cold"]).optional(),
  /**
   * Exact search terms, keyword-indexed but never embedded (RECORD_KEYWORD_ONLY_FIELDS): the day
   * an episode happened as `date_0506` / `date_20240506` (src/time.ts dayTerms), found by a
   * question that names the date (src/recall/dates.ts).
   */
  terms: z
    .array(z.string().regex(/^[a-z0-9_]{1,64}$/u))
    .max(20)
    .optional(),
});
export type MemoryRecord = z.infer<typeof MemoryRecordSchema>;

/**
 * Validate a scope passed to the facade.
 * @throws {InvalidInputError} naming the offending field.
 * @example
 * parseScope({ userId: "u1", tenantId: "acme" });
 */
export function parseScope(scope: unknown): MemoryScope {
  const parsed = MemoryScopeSchema.safeParse(scope);
  if (parsed.success) return parsed.data;
  const { field, text } = zodProblem(parsed.error, "scope");
  throw new InvalidInputError(`Invalid scope: ${text}. Expected { userId, tenantId? }.`, { field });
}

/**
 * Validate an unknown value as a {@link MemoryRecord}.
 *
 * @throws {InvalidRecordError} naming the first offending field (`field` is a dotted path).
 * @example
 * declare const row: string; // a record stored as JSON
 * const record = parseMemoryRecord(JSON.parse(row));
 */
export function parseMemoryRecord(input: unknown): MemoryRecord {
  const result = MemoryRecordSchema.safeParse(input);
  if (!result.success) throw toRecordError(result.error);
  const record = result.data;
  if (record.kind !== "business_fact" && !MemoryKeySchema.safeParse(record.key).success) {
    throw new InvalidRecordError(
      "key",
      `Invalid memory record: field 'key' must be dotted lowercase segments such as 'food.dislike' ` +
        `(only a business_fact keeps a system's spelling); received ${describe(record.key)}.`,
    );
  }
  if (record.status === "superseded" && !record.supersededBy) {
    throw new InvalidRecordError(
      "supersededBy",
      "Invalid memory record: field 'supersededBy' is required when status is 'superseded'.",
    );
  }
  if (record.status !== "superseded" && record.supersededBy !== undefined) {
    throw new InvalidRecordError(
      "supersededBy",
      `Invalid memory record: field 'supersededBy' is only allowed when status is 'superseded' (status is '${record.status}').`,
    );
  }
  return record;
}

function toRecordError(error: z.ZodError): InvalidRecordError {
  const { field, text, issues } = zodProblem(error, "(record)");
  const first = error.issues[0];
  const received = first && "input" in first ? describe(first.input) : undefined;
  return new InvalidRecordError(field, `Invalid memory record: ${text}${received ? ` (received ${received})` : ""}.`, {
    issues,
  });
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value);
  return text === undefined ? typeof value : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
