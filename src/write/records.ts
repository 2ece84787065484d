/**
 * MemoryRecord transforms of the write path: candidate → record, reinforce, supersede, merge,
 * one-off exception, confirm. Pure functions; every result is validated with
 * `parseMemoryRecord`, so nothing malformed ever reaches `store.batch`.
 * Nothing here deletes: an outdated memory becomes `superseded` (seed 002 §3.3).
 */
import { randomUUID } from "node:crypto";
import {
  type MemoryRecord,
  type MemoryScope,
  type MemoryStatus,
  parseMemoryRecord,
  type SourceType,
} from "../schema.js";
import { DAY_MS } from "../time.js";
import type { MemoryCandidate } from "./candidate.js";
import { analyzeStatement, isStrictSuperset } from "./conflict/analyze.js";
import { sourceRank } from "./conflict/precedence.js";
import { AGENT_MAX_CONFIDENCE, INFERRED_MAX_CONFIDENCE } from "./scoring.js";

/** Where and when the write happens; never from model output. */
export interface RecordContext {
  scope: MemoryScope;
  /** ISO time of the write. */
  now: string;
  sessionId?: string;
  taskId?: string;
}

/** A fresh record id. */
export function newRecordId(): string {
  return randomUUID();
}

/** Seed 003 §4.2: a statement repeated moves confidence a third of the way to 1 each time. */
const REINFORCE_STEP = 1 / 3;
/** Never fully certain: the user may still change their mind. */
const MAX_CONFIDENCE = 0.99;
/** Seed 003 §5.6: once the user confirms, a candidate may rise to 0.8. */
const CONFIRMED_CONFIDENCE = 0.8;
/** Seed 003 §4.2: a one-off permission is worth 0.5 against a standing preference. */
const EXCEPTION_CONFIDENCE = 0.5;
/** Seed 000 forgetting table: temporary preferences expire after 7–30 days; a one-off gets the short end. */
const EXCEPTION_TTL_DAYS = 7;

/**
 * Build a record from an admitted candidate.
 * @example
 * declare const candidate: MemoryCandidate;
 * declare const ctx: RecordContext;
 * const record = recordFromCandidate(candidate, { id: newRecordId(), confidence: 0.9, status: "active" }, ctx);
 */
export function recordFromCandidate(
  candidate: MemoryCandidate,
  fields: { id: string; confidence: number; status: MemoryStatus },
  ctx: RecordContext,
): MemoryRecord {
  return parseMemoryRecord({
    id: fields.id,
    kind: candidate.kind,
    key: candidate.key,
    content: candidate.content,
    ...(candidate.value !== undefined ? { value: candidate.value } : {}),
    confidence: fields.confidence,
    importance: candidate.importance,
    source: {
      type: candidate.sourceType,
      messageIds: [...candidate.messageIds],
      ...(candidate.speaker ? { speaker: candidate.speaker } : {}),
      ...(ctx.sessionId ? { sessionId: ctx.sessionId } : {}),
      ...(ctx.taskId ? { taskId: ctx.taskId } : {}),
    },
    scope: ctx.scope,
    sensitivity: candidate.sensitivity,
    status: fields.status,
    observedAt: candidate.observedAt,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    lastAccessedAt: ctx.now,
    accessCount: 0,
    ...(candidate.expiresAt ? { expiresAt: candidate.expiresAt } : {}),
    ...(candidate.retrievalHints?.length ? { retrievalHints: candidate.retrievalHints.slice(0, 20) } : {}),
    ...(candidate.terms?.length ? { terms: candidate.terms.slice(0, 20) } : {}),
    ...(candidate.about ? { about: candidate.about } : {}),
    ...(candidate.facts?.length ? { facts: candidate.facts.slice(0, 8) } : {}),
  });
}

/**
 * The same fact said again: more confident, one more use, its messages added to the sources.
 * A more reliable source upgrades the record's source (the user confirming an inference).
 */
export function reinforceRecord(record: MemoryRecord, candidate: MemoryCandidate, ctx: RecordContext): MemoryRecord {
  const upgraded = sourceRank(candidate.sourceType) > sourceRank(record.source.type);
  const sourceType: SourceType = upgraded ? candidate.sourceType : record.source.type;
  const raised = record.confidence + (1 - record.confidence) * REINFORCE_STEP;
  return parseMemoryRecord({
    ...record,
    confidence: round3(Math.max(record.confidence, Math.min(capFor(sourceType, raised), MAX_CONFIDENCE))),
    source: { ...record.source, type: sourceType, messageIds: union(record.source.messageIds, candidate.messageIds) },
    observedAt: later(record.observedAt, candidate.observedAt),
    updatedAt: ctx.now,
    accessCount: record.accessCount + 1,
    retrievalHints: mergeHints(record.retrievalHints, candidate.retrievalHints),
  });
}

/** The old memory steps aside for `supersededBy`; it stays in the store for audit and undo. */
export function supersedeRecord(record: MemoryRecord, supersededBy: string, ctx: RecordContext): MemoryRecord {
  return parseMemoryRecord({ ...record, status: "superseded", supersededBy, updatedAt: ctx.now });
}

/**
 * One fuller memory from the existing one and a candidate on the same topic. When the
 * candidate already contains the old fact (喝美式咖啡 → 喝美式咖啡不加糖) its sentence is kept;
 * otherwise both sentences are joined.
 */
export function mergeRecord(record: MemoryRecord, candidate: MemoryCandidate, ctx: RecordContext): MemoryRecord {
  const fuller = isStrictSuperset(
    analyzeStatement(candidate.content).anchors,
    analyzeStatement(record.content).anchors,
  );
  const separator = candidate.language === "zh" ? "；" : "; ";
  const content = fuller ? candidate.content : `${stripEnd(record.content)}${separator}${candidate.content}`;
  // A joined sentence holds two values: keep a value only when it still describes the whole.
  const { value: _previous, ...rest } = record;
  const sameValue = record.value !== undefined && String(record.value) === String(candidate.value ?? record.value);
  const value = fuller ? (candidate.value ?? record.value) : sameValue ? record.value : undefined;
  return parseMemoryRecord({
    ...rest,
    ...(value !== undefined ? { value } : {}),
    content: content.slice(0, 2000),
    confidence: round3(Math.max(record.confidence, Math.min(candidate.confidence, MAX_CONFIDENCE))),
    importance: Math.max(record.importance, candidate.importance),
    source: { ...record.source, messageIds: union(record.source.messageIds, candidate.messageIds) },
    observedAt: later(record.observedAt, candidate.observedAt),
    updatedAt: ctx.now,
    retrievalHints: mergeHints(record.retrievalHints, candidate.retrievalHints),
  });
}

/**
 * Seed 003 §4.2 (the WeChat case): a one-off permission against a standing preference is kept
 * as a short-lived, low-confidence episode next to it; the preference itself is untouched.
 */
export function exceptionRecord(
  candidate: MemoryCandidate,
  standing: MemoryRecord,
  id: string,
  ctx: RecordContext,
): MemoryRecord {
  const expiresAt =
    candidate.expiresAt ?? new Date(Date.parse(candidate.observedAt) + EXCEPTION_TTL_DAYS * DAY_MS).toISOString();
  return recordFromCandidate(
    { ...candidate, kind: "episode", key: `${standing.key}.exception`, expiresAt },
    { id, confidence: Math.min(candidate.confidence, EXCEPTION_CONFIDENCE), status: "active" },
    ctx,
  );
}

/** A pending record the user confirmed or chose to keep: active, and at least 0.8 sure if confirmed. */
export function activateRecord(record: MemoryRecord, ctx: RecordContext, confirmed: boolean): MemoryRecord {
  return parseMemoryRecord({
    ...record,
    status: "active",
    confidence: confirmed ? Math.max(record.confidence, CONFIRMED_CONFIDENCE) : record.confidence,
    updatedAt: ctx.now,
  });
}

/** Seeds 003 §5.6 / 004 §2 caps hold while a record's source is unconfirmed. */
function capFor(source: SourceType, confidence: number): number {
  if (source === "agent_generated") return Math.min(confidence, AGENT_MAX_CONFIDENCE);
  if (source === "inferred") return Math.min(confidence, INFERRED_MAX_CONFIDENCE);
  return confidence;
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}

function mergeHints(a?: readonly string[], b?: readonly string[]): string[] | undefined {
  const merged = union(a ?? [], b ?? []).slice(0, 20);
  return merged.length > 0 ? merged : undefined;
}

function later(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function stripEnd(text: string): string {
  return text.replace(/(?<![。.!！；;\s])[。.!！；;\s]+$/u, "");
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
