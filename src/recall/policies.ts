/**
 * Task-based recall policies (seed 004 §3): which kinds of memory a task may see, how many,
 * and whether business facts must come from a system of record. Policies are configuration,
 * not model judgement ("不要把'哪些记忆该用'完全交给模型自己判断"), so they live in a JSON file
 * validated here. The file keeps the article's snake_case field names.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { InvalidConfigError, zodProblem } from "../errors.js";
import examplePolicies from "../policies/tasks.example.json" with { type: "json" };
import { MEMORY_KINDS, type MemoryKind, MemoryKindSchema, type MemoryRecord } from "../schema.js";
import { POLICY_TOPICS, type PolicyTopic, topicsOf } from "./topics.js";

/**
 * `session` is the article's name for temporary task context. Long-term records that are
 * temporary carry an `expiresAt` (seed 000 遗忘: TTL 7–30 days for temporary preferences and
 * session context), so `exclude_kind: ["session"]` leaves out every record that has one, except
 * business facts: their `expiresAt` is their system's word on how long they hold (src/sync/).
 */
export const SESSION_KIND = "session";

const PolicyFileEntrySchema = z
  .object({
    /** Kinds the task may see; omitted = every kind. */
    include: z.array(MemoryKindSchema).min(1).optional(),
    /** Kinds (or `session`) the task must not see, applied after `include`. */
    exclude_kind: z.array(z.union([MemoryKindSchema, z.literal(SESSION_KIND)])).optional(),
    /** At most this many personal memories are injected. */
    max_items: z.number().int().min(1).max(100).optional(),
    /** Only `system_sync` records (seed 004 §2: business facts only from the system of record). */
    require_system_sync: z.boolean().optional(),
    /** Whether domain knowledge is recalled for this task. @default true */
    include_knowledge: z.boolean().optional(),
    /**
     * Only memories about these topics (src/recall/topics.ts), whatever their kind: a coding
     * convention reaches code generation as a preference, a fact or a procedure alike.
     */
    topics: z.array(z.enum(POLICY_TOPICS)).min(1).optional(),
  })
  .strict();

export const TaskPoliciesFileSchema = z
  .object({
    /** Per task name, as in seed 004 §3. */
    memory_policy: z.record(z.string().min(1), PolicyFileEntrySchema),
    /** Policy for a task that is absent or not listed. */
    default: PolicyFileEntrySchema.optional(),
  })
  .strict();
export type TaskPoliciesFile = z.infer<typeof TaskPoliciesFileSchema>;

/** A resolved policy, as the read graph uses it. */
export interface TaskPolicy {
  /** Task name, or `default` when the default policy applied. */
  name: string;
  /** Kinds the store query asks for (include minus excluded kinds). */
  kinds: MemoryKind[];
  /** True when `session` (records with an `expiresAt`) is excluded. */
  excludeSession: boolean;
  maxItems: number;
  requireSystemSync: boolean;
  includeKnowledge: boolean;
  /** Only memories about one of these topics; absent = any topic. */
  topics?: PolicyTopic[];
}

export interface TaskPolicies {
  /** Named task policies. */
  tasks: Record<string, TaskPolicy>;
  /** Used for a missing or unknown task. */
  fallback: TaskPolicy;
}

// seed 001 §3.2: "融合之后取 top 5 到 top 8 条记忆注入上下文" — the default takes the upper end.
export const DEFAULT_MAX_ITEMS = 8;

/** The default policy: every kind, up to 8 items, knowledge on. */
export const DEFAULT_POLICY: TaskPolicy = Object.freeze({
  name: "default",
  kinds: [...MEMORY_KINDS],
  excludeSession: false,
  maxItems: DEFAULT_MAX_ITEMS,
  requireSystemSync: false,
  includeKnowledge: true,
}) as TaskPolicy;

/**
 * The four policies of seed 004 §3: write_email, query_order, code_generation, weekly_report.
 * Used when no `policies` are given. They live in one place, the JSON file shipped with the
 * package (`langgraph-memory/policies/tasks.example.json`), which is also a template for your own.
 */
export const EXAMPLE_POLICIES_FILE: TaskPoliciesFile = examplePolicies as TaskPoliciesFile;

/**
 * Validate a policies object (the parsed JSON file) and resolve it.
 * @throws {InvalidConfigError} naming the offending field.
 * @example
 * const policies = parseTaskPolicies({ memory_policy: { code_generation: { include: ["preference"], max_items: 3 } } });
 * resolvePolicy(policies, "code_generation").maxItems; // 3
 */
export function parseTaskPolicies(input: unknown, origin = "task policies"): TaskPolicies {
  const parsed = TaskPoliciesFileSchema.safeParse(input);
  if (!parsed.success) {
    const { field, text, issues } = zodProblem(parsed.error, "(root)");
    throw new InvalidConfigError(
      `Invalid ${origin}: ${text}. Expected { memory_policy: { <task>: { include?, exclude_kind?, ` +
        `max_items?, require_system_sync?, include_knowledge?, topics? } }, default? } with kinds from ` +
        `${MEMORY_KINDS.join(", ")} (exclude_kind may also name "${SESSION_KIND}").`,
      { field, issues },
    );
  }
  const fallback = parsed.data.default ? resolveEntry("default", parsed.data.default, DEFAULT_POLICY) : DEFAULT_POLICY;
  const tasks: Record<string, TaskPolicy> = {};
  for (const [name, entry] of Object.entries(parsed.data.memory_policy))
    tasks[name] = resolveEntry(name, entry, fallback);
  return { tasks, fallback };
}

/**
 * Read and validate a JSON policies file.
 * @throws {InvalidConfigError} when the file is missing, not JSON, or invalid.
 * @example
 * const policies = loadTaskPolicies("src/policies/tasks.example.json");
 */
export function loadTaskPolicies(path: string): TaskPolicies {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new InvalidConfigError(`Cannot read task policies file '${path}': ${(error as Error).message}.`, { path });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InvalidConfigError(`Task policies file '${path}' is not valid JSON: ${(error as Error).message}.`, {
      path,
    });
  }
  return parseTaskPolicies(json, `task policies file '${path}'`);
}

/** Accept an already resolved set, a parsed file object, or a path to a JSON file. */
export function toTaskPolicies(input: TaskPolicies | TaskPoliciesFile | string | undefined): TaskPolicies {
  if (input === undefined) return parseTaskPolicies(EXAMPLE_POLICIES_FILE);
  if (typeof input === "string") return loadTaskPolicies(input);
  if ("tasks" in input && "fallback" in input) return input;
  return parseTaskPolicies(input);
}

/** The policy for `task`, or the fallback when the task is absent or unknown. */
export function resolvePolicy(policies: TaskPolicies, task: string | undefined): TaskPolicy {
  return (
    (task !== undefined && Object.hasOwn(policies.tasks, task) ? policies.tasks[task] : undefined) ?? policies.fallback
  );
}

/** Why a record fails the policy's post-store conditions (`session`, `require_system_sync`, `topics`), if it does. */
export function policyRejects(policy: TaskPolicy, record: MemoryRecord): string | undefined {
  if (policy.requireSystemSync && record.source.type !== "system_sync") return "policy.require_system_sync";
  // A business fact's expiry is when its system says it stops holding (a quote valid until …), not task context.
  if (policy.excludeSession && record.expiresAt !== undefined && record.kind !== "business_fact")
    return "policy.exclude_session";
  if (policy.topics && !topicsOf(record).some((topic) => policy.topics!.includes(topic))) return "policy.topic";
  return undefined;
}

function resolveEntry(name: string, entry: z.infer<typeof PolicyFileEntrySchema>, base: TaskPolicy): TaskPolicy {
  const excluded = new Set<string>(entry.exclude_kind ?? []);
  const kinds = (entry.include ?? base.kinds).filter((kind) => !excluded.has(kind));
  return {
    name,
    kinds,
    excludeSession: excluded.has(SESSION_KIND) || (entry.exclude_kind === undefined && base.excludeSession),
    maxItems: entry.max_items ?? base.maxItems,
    requireSystemSync: entry.require_system_sync ?? false,
    includeKnowledge: entry.include_knowledge ?? base.includeKnowledge,
    ...(entry.topics ? { topics: [...entry.topics] } : {}),
  };
}
