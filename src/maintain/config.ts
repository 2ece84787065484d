/**
 * The rules of the maintenance graph and their defaults (createMemory's `maintenance` option).
 * Seed 000 遗忘 names the strategies (TTL, decay, a cap per user), seed 001 §3.4 and seed 003
 * §4.3 the decay and the cold tier, seed 002 §4.2 layered compression and cluster dedupe,
 * seed 003 §4.4 the state flow that ends in a physical purge.
 */
import { z } from "zod";
import { InvalidConfigError, zodProblem } from "../errors.js";
import { type MemoryKind, MemoryKindSchema } from "../schema.js";

const days = z.number().positive().max(36_500);

/**
 * Days a memory lives after it was last said or used, per kind; `null` is no TTL (decay still
 * applies). `conversation` is the conversation's episodes (seed 000 会话上下文).
 */
const TtlSchema = z
  .object({
    conversation: days.nullable(),
    preference: days.nullable(),
    fact: days.nullable(),
    episode: days.nullable(),
    procedure: days.nullable(),
    todo: days.nullable(),
    business_fact: days.nullable(),
  } satisfies Record<MemoryKind | "conversation", unknown>)
  .partial()
  .strict();

export const MaintenanceOptionsSchema = z
  .object({
    /** TTL per kind in days, merged over {@link DEFAULT_TTL_DAYS}. */
    ttlDays: TtlSchema.optional(),
    /** Days a todo stays after its due time (`expiresAt`). @default 7 */
    todoGraceDays: z.number().min(0).max(365).optional(),
    /** λ of decay = base × exp(−λ·days since last access); seed 003 §4.3 uses 0.01–0.05. @default 0.02 */
    lambda: z.number().min(0.01).max(0.05).optional(),
    /** A memory whose decay score falls below this is archived (the cold tier). @default 0.05 */
    archiveBelow: z.number().min(0).max(1).optional(),
    /** Kinds that neither decay nor are compressed. @default ["business_fact"] */
    protectedKinds: z.array(MemoryKindSchema).optional(),
    /** Active details per scope before layered compression starts (summaries do not count). @default 1000 */
    maxActive: z.number().int().min(2).max(10_000_000).optional(),
    /** Cosine similarity above which two memories of one key or subject are duplicates. @default 0.85 */
    dedupeThreshold: z.number().gt(0).max(1).optional(),
    /** Days a superseded or archived memory nobody revisited is kept before it is purged. @default 180 */
    retentionDays: days.optional(),
    /** Run maintenance for a scope after every N remember() calls of it; unset is off. */
    everyWrites: z.number().int().positive().optional(),
  })
  .strict();
export type MaintenanceOptions = z.input<typeof MaintenanceOptionsSchema>;

export interface MaintenanceConfig {
  ttlDays: Record<MemoryKind | "conversation", number | null>;
  todoGraceDays: number;
  lambda: number;
  archiveBelow: number;
  protectedKinds: ReadonlySet<MemoryKind>;
  maxActive: number;
  dedupeThreshold: number;
  retentionDays: number;
  everyWrites?: number;
}

/**
 * Seed 000 遗忘: "临时偏好、会话上下文 7–30 天过期"; the conversation's episodes take the long
 * end. The user's own events keep a year; preferences, facts, procedures and business facts
 * have no TTL (decay alone retires them). Todos expire at their due time, not by age.
 */
export const DEFAULT_TTL_DAYS: Readonly<Record<MemoryKind | "conversation", number | null>> = Object.freeze({
  conversation: 30,
  episode: 365,
  preference: null,
  fact: null,
  procedure: null,
  todo: null,
  business_fact: null,
});

/** Not from a seed: a week to mark a missed todo done before it leaves normal recall. */
export const DEFAULT_TODO_GRACE_DAYS = 7;
/** Seed 003 §4.3: "λ可以按场景调，我一般用0.01~0.05之间"; 0.02 halves a memory in about 35 days. */
export const DEFAULT_LAMBDA = 0.02;
/**
 * Not from a seed: at λ 0.02 a memory of confidence 0.8 and importance 0.6 reaches 0.05 after
 * about 130 unused days, one of 0.5 / 0.3 after about 105.
 */
export const DEFAULT_ARCHIVE_BELOW = 0.05;
/** Seed 000 容量上限 gives no number: a thousand one-fact memories is a large profile. */
export const DEFAULT_MAX_ACTIVE = 1000;
/** Seed 001 §5.3: "去重阈值…0.85 左右比较合适". */
export const DEFAULT_DEDUPE_THRESHOLD = 0.85;
/** Not from a seed: half a year in which a user may still ask for an old version. */
export const DEFAULT_RETENTION_DAYS = 180;

/**
 * Seed 000 遗忘 (TTL): "临时偏好、会话上下文 7–30 天过期"; a session takes the long end, so a user
 * back after three weeks still finds the conversation. Tasks have no TTL (seed 002 N9).
 */
export const DEFAULT_SESSION_TTL_DAYS = 30;

/** createMemory's `sessions` option. */
export const SessionOptionsSchema = z
  .object({
    /** Days a session may stay idle before maintenance deletes it; `null` keeps sessions. @default 30 */
    ttlDays: days.nullable().optional(),
  })
  .strict();
export type SessionOptions = z.input<typeof SessionOptionsSchema>;

/**
 * Validate the session options and fill in the default TTL.
 * @throws {InvalidConfigError} naming the offending field.
 * @example
 * parseSessionOptions({ ttlDays: 7 }).ttlDays; // 7
 */
export function parseSessionOptions(options: unknown = {}): { ttlDays: number | null } {
  const parsed = SessionOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(sessions)");
    throw new InvalidConfigError(`Invalid sessions options: ${text}.`, { field: `sessions.${field}` });
  }
  const ttlDays = parsed.data.ttlDays;
  return { ttlDays: ttlDays === undefined ? DEFAULT_SESSION_TTL_DAYS : ttlDays };
}

/**
 * Validate maintenance options and merge them over the defaults.
 * @throws {InvalidConfigError} naming the offending field.
 * @example
 * parseMaintenanceConfig({ lambda: 0.05, maxActive: 200 }).archiveBelow; // 0.05
 */
export function parseMaintenanceConfig(options: unknown = {}): MaintenanceConfig {
  const parsed = MaintenanceOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(maintenance)");
    throw new InvalidConfigError(`Invalid maintenance options: ${text}.`, { field: `maintenance.${field}` });
  }
  const o = parsed.data;
  return {
    ttlDays: { ...DEFAULT_TTL_DAYS, ...o.ttlDays },
    todoGraceDays: o.todoGraceDays ?? DEFAULT_TODO_GRACE_DAYS,
    lambda: o.lambda ?? DEFAULT_LAMBDA,
    archiveBelow: o.archiveBelow ?? DEFAULT_ARCHIVE_BELOW,
    protectedKinds: new Set(o.protectedKinds ?? ["business_fact"]),
    maxActive: o.maxActive ?? DEFAULT_MAX_ACTIVE,
    dedupeThreshold: o.dedupeThreshold ?? DEFAULT_DEDUPE_THRESHOLD,
    retentionDays: o.retentionDays ?? DEFAULT_RETENTION_DAYS,
    ...(o.everyWrites !== undefined ? { everyWrites: o.everyWrites } : {}),
  };
}
