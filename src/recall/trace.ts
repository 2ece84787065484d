/**
 * The memory trace (seed 004 §4): "召回了哪些记忆、分数多少、是否进入 prompt…trace 不需要存太久，
 * 但最近 N 天的一定要能查". One trace per recall, under the user's own traces namespace (not
 * indexed), kept `retentionDays` (default 7); expired traces are purged when a new one is
 * written and are never returned.
 */
import { randomUUID } from "node:crypto";
import type { BaseStore, PutOperation } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { NotFoundError } from "../errors.js";
import { tracesNamespace } from "../namespaces.js";
import { quoteValue, redactId, redactText } from "../redact.js";
import type { MemoryRecord, MemoryScope, MemorySource } from "../schema.js";
import { DAY_MS } from "../time.js";
import { estimateTokens } from "./budget.js";
import type { ResolvedRequest } from "./request.js";
import type { Candidate, KnowledgeChunk } from "./types.js";

// seed 004 §4: "最近 N 天的一定要能查" — a week covers a complaint about yesterday's answer.
export const DEFAULT_TRACE_RETENTION_DAYS = 7;

// Purging scans the traces namespace; once a minute per scope is plenty for a 7-day window.
const PURGE_INTERVAL_MS = 60_000;
const PURGE_PAGE = 500;

const HitSchema = z.object({ rank: z.number().int().min(1), score: z.number().optional() });
const ChannelsSchema = z.object({
  vector: HitSchema.optional(),
  keyword: HitSchema.optional(),
  date: HitSchema.optional(),
  relation: HitSchema.optional(),
});
const OutcomeSchema = z.enum(["injected", "overridden", "dropped"]);

export const TraceMemorySchema = z.object({
  id: z.string(),
  key: z.string(),
  kind: z.string(),
  status: z.string(),
  sourceType: z.string(),
  /** The memory's first {@link TRACE_MESSAGE_IDS} source messages (the record holds them all). */
  messageIds: z.array(z.string()),
  /** How many source messages the memory has, when more than the trace lists. */
  messageCount: z.number().int().optional(),
  /** First 80 characters of the memory, enough to recognise it in a review. */
  preview: z.string(),
  channels: ChannelsSchema,
  rrf: z.number(),
  signals: z
    .object({ semantic: z.number(), recency: z.number(), importance: z.number(), usage: z.number() })
    .optional(),
  score: z.number().optional(),
  outcome: OutcomeSchema,
  reason: z.string(),
  detail: z.string().optional(),
  neutralised: z.boolean().optional(),
});
export type TraceMemory = z.infer<typeof TraceMemorySchema>;

export const TraceKnowledgeSchema = z.object({
  id: z.string(),
  docId: z.string(),
  version: z.string(),
  source: z.string(),
  channels: ChannelsSchema,
  rrf: z.number(),
  score: z.number().optional(),
  outcome: OutcomeSchema,
  reason: z.string(),
  neutralised: z.boolean().optional(),
});
export type TraceKnowledge = z.infer<typeof TraceKnowledgeSchema>;

export const RecallTraceSchema = z.object({
  traceId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Numeric copy of `expiresAt`: store filters compare numbers, not ISO strings. */
  expiresAtMs: z.number(),
  scope: z.object({ tenantId: z.string().optional(), userId: z.string() }),
  query: z.string(),
  task: z.string().nullable(),
  /** The policy that applied (`default` for an unknown or absent task). */
  policy: z.string(),
  includeHistory: z.boolean(),
  /** Channels that ran, and which of them used an in-process fallback. */
  channels: z.array(z.string()),
  fallbacks: z.array(z.string()),
  /**
   * The query's conditions and relations (seed 001 §4.3) and what each did: a time range that
   * selected the memories ranked, a status or exclusion that left some out, a relation join
   * that added some (src/recall/structured.ts).
   */
  conditions: z
    .array(
      z.object({
        kind: z.enum(["time", "status", "exclude", "relation"]),
        text: z.string(),
        applied: z.boolean(),
        matched: z.number().int(),
        detail: z.string().optional(),
      }),
    )
    .optional(),
  limit: z.number().int(),
  /** Every candidate with its per-signal scores and what happened to it. */
  memories: z.array(TraceMemorySchema),
  knowledge: z.array(TraceKnowledgeSchema),
  /** Ids of the records and chunks that went into the block. */
  injected: z.array(z.string()),
  overridden: z.array(z.string()),
  contextTokens: z.number().int(),
});
export type RecallTrace = z.infer<typeof RecallTraceSchema>;

const PREVIEW_CHARS = 80;

/** What one recall decided, as the trace needs it (read-graph state after the inject node). */
export interface TraceInput {
  request: ResolvedRequest;
  candidates: readonly Candidate<MemoryRecord>[];
  knowledgeCandidates: readonly Candidate<KnowledgeChunk>[];
  retrieval?: { channels: string[]; fallbacks: string[]; conditions?: RecallTrace["conditions"] };
  context: string;
}

/**
 * Source messages a trace lists per memory. A summary of maintenance (src/maintain/compression.ts)
 * lists up to MAX_SOURCE_IDS of the details it replaced: each would be redacted and
 * stored again by every recall that ranked it, for a review that needs only to see where it came from.
 */
export const TRACE_MESSAGE_IDS = 20;

/** How many messages a memory came from (a summary may list fewer than it counts). */
function messageCount(source: MemorySource): number {
  return source.messageCount ?? source.messageIds.length;
}

/**
 * The trace of one recall: every candidate with its channels, per-signal scores and outcome.
 * @example
 * declare const input: TraceInput; // the recall's request, candidates, retrieval and context
 * const trace = buildTrace(input, 7);
 */
export function buildTrace(input: TraceInput, retentionDays: number, traceId = newTraceId()): RecallTrace {
  const { request } = input;
  const memories: RecallTrace["memories"] = input.candidates.map((c) => ({
    id: c.id,
    key: c.value.key,
    kind: c.value.kind,
    status: c.value.status,
    sourceType: c.value.source.type,
    messageIds: c.value.source.messageIds.slice(0, TRACE_MESSAGE_IDS),
    ...(messageCount(c.value.source) > TRACE_MESSAGE_IDS ? { messageCount: messageCount(c.value.source) } : {}),
    preview: Array.from(c.value.content).slice(0, PREVIEW_CHARS).join(""),
    channels: c.channels,
    rrf: c.rrf,
    ...(c.signals ? { signals: c.signals } : {}),
    ...(c.score !== undefined ? { score: c.score } : {}),
    outcome: c.decision?.outcome ?? "dropped",
    reason: c.decision?.reason ?? "undecided",
    ...(c.decision?.detail ? { detail: c.decision.detail } : {}),
    ...(c.neutralised ? { neutralised: true } : {}),
  }));
  const knowledge: RecallTrace["knowledge"] = input.knowledgeCandidates.map((c) => ({
    id: c.id,
    docId: c.value.docId,
    version: c.value.version,
    source: c.value.source,
    channels: c.channels,
    rrf: c.rrf,
    ...(c.score !== undefined ? { score: c.score } : {}),
    outcome: c.decision?.outcome ?? "dropped",
    reason: c.decision?.reason ?? "undecided",
    ...(c.neutralised ? { neutralised: true } : {}),
  }));
  return redactTrace({
    traceId,
    ...traceExpiry(new Date(request.now), retentionDays),
    scope: request.scope,
    query: request.query,
    task: request.task,
    policy: request.policy.name,
    includeHistory: request.includeHistory,
    channels: input.retrieval?.channels ?? [],
    fallbacks: input.retrieval?.fallbacks ?? [],
    ...(input.retrieval?.conditions?.length ? { conditions: input.retrieval.conditions } : {}),
    limit: request.limit,
    memories,
    knowledge,
    injected: [...memories, ...knowledge].filter((m) => m.outcome === "injected").map((m) => m.id),
    overridden: memories.filter((m) => m.outcome === "overridden").map((m) => m.id),
    contextTokens: estimateTokens(input.context),
  });
}

/**
 * The trace with every piece of free text redacted (seed 001 §6.4): the query (a question can
 * carry a phone or card number), the task name, memory previews, decision details and knowledge
 * sources go through {@link redactText}; message and document ids through {@link redactId}. The
 * instruction is not part of a trace. Applied when a trace is built and again when one is read,
 * so a trace stored before this rule is never returned raw.
 */
export function redactTrace(trace: RecallTrace): RecallTrace {
  const text = (value: string): string => redactText(value).text;
  return {
    ...trace,
    query: text(trace.query),
    ...(trace.conditions
      ? {
          conditions: trace.conditions.map((c) => ({
            ...c,
            text: text(c.text),
            ...(c.detail !== undefined ? { detail: text(c.detail) } : {}),
          })),
        }
      : {}),
    task: trace.task === null ? null : text(trace.task),
    memories: trace.memories.map((m) => ({
      ...m,
      messageIds: m.messageIds.map((id) => redactId(id)),
      preview: text(m.preview),
      ...(m.detail !== undefined ? { detail: text(m.detail) } : {}),
    })),
    knowledge: trace.knowledge.map((k) => ({
      ...k,
      docId: redactId(k.docId, "d"),
      version: text(k.version),
      source: text(k.source),
    })),
  };
}

/** A fresh trace id: `tr_` + UUID. */
export function newTraceId(): string {
  return `tr_${randomUUID()}`;
}

/** Expiry fields for a trace created at `now`. */
export function traceExpiry(
  now: Date,
  retentionDays: number,
): { createdAt: string; expiresAt: string; expiresAtMs: number } {
  const expiresAtMs = now.getTime() + retentionDays * DAY_MS;
  return { createdAt: now.toISOString(), expiresAt: new Date(expiresAtMs).toISOString(), expiresAtMs };
}

/** The store write of one trace: under the user's traces namespace, never indexed. */
export function traceWrite(scope: MemoryScope, trace: RecallTrace): PutOperation {
  return { namespace: tracesNamespace(scope), key: trace.traceId, value: trace, index: false };
}

const lastPurge = new WeakMap<BaseStore, Map<string, number>>();

/**
 * Purge the scope's expired traces, at most once a minute per scope and store, so a busy agent
 * does not rescan on every turn. Returns how many were deleted (0 when not due).
 */
export async function purgeExpiredTracesIfDue(store: BaseStore, scope: MemoryScope, now: Date): Promise<number> {
  const scopeKey = tracesNamespace(scope).join("\u0000");
  const purged = lastPurge.get(store) ?? new Map<string, number>();
  lastPurge.set(store, purged);
  const last = purged.get(scopeKey);
  if (last !== undefined && Math.abs(now.getTime() - last) < PURGE_INTERVAL_MS) return 0;
  purged.set(scopeKey, now.getTime());
  return purgeExpiredTraces(store, scope, now);
}

/** Delete every trace of `scope` that expired before `now`; returns how many. */
export async function purgeExpiredTraces(store: BaseStore, scope: MemoryScope, now: Date): Promise<number> {
  const namespace = tracesNamespace(scope);
  let deleted = 0;
  for (;;) {
    const expired = await store.search(namespace, {
      filter: { expiresAtMs: { $lt: now.getTime() } },
      limit: PURGE_PAGE,
    });
    if (expired.length === 0) return deleted;
    await store.batch(expired.map((item) => ({ namespace: item.namespace, key: item.key, value: null })));
    deleted += expired.length;
    if (expired.length < PURGE_PAGE) return deleted;
  }
}

/**
 * Read a trace back.
 * @throws {NotFoundError} when no trace with that id exists in this scope or it has expired.
 * @example
 * declare const store: BaseStore;
 * declare const traceId: string; // as a recall returned it
 * const trace = await readTrace(store, { userId: "u1" }, traceId, new Date());
 */
export async function readTrace(
  store: BaseStore,
  scope: MemoryScope,
  traceId: string,
  now: Date,
): Promise<RecallTrace> {
  const item = await store.get(tracesNamespace(scope), traceId);
  const parsed = item ? RecallTraceSchema.safeParse(item.value) : undefined;
  if (!parsed?.success || parsed.data.expiresAtMs <= now.getTime()) {
    throw new NotFoundError(
      `No recall trace ${quoteValue(traceId)} for user ` +
        `'${scope.userId}'${scope.tenantId ? ` in tenant '${scope.tenantId}'` : ""}: it never ` +
        `existed in this scope or is older than the retention window.`,
      { traceId: redactId(traceId, "tr"), scope },
    );
  }
  return redactTrace(parsed.data);
}
