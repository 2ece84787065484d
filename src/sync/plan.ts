/**
 * How a system's facts become versions of business facts (seed 004 §2: 业务事实, system_sync,
 * confidence 1.0), decided as data first and committed as ONE `store.batch` with its history:
 *
 * - a key with no active business fact: a new record (`added`);
 * - the same content and value, from the same system: the active record refreshed, its
 *   observation time, expiry and reference moved on (`refreshed`), or nothing at all when none
 *   of them changed (`unchanged`: a sync run twice writes nothing the second time);
 * - anything else: a new record, and the active one `superseded` by it (`updated`), never
 *   overwritten: the old version stays for audit and history questions;
 * - `retire: true`, or a key the system's snapshot no longer reports: the active record
 *   `archived` (`retired`);
 * - an observation older than the active version: nothing (`skipped`), so a late or replayed
 *   message cannot roll a fact back.
 *
 * Every history entry names the system and its reference (`sync`).
 */
import type { Operation } from "@langchain/langgraph-checkpoint";
import { recordOperations } from "../namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../schema.js";
import { keyIndexOperations } from "../write/conflict/key-index.js";
import { importanceOf } from "../write/extract/rules.js";
import { type HistoryAction, HistoryLog } from "../write/history.js";
import { newRecordId, supersedeRecord } from "../write/records.js";
import type { SyncFact, SyncMode } from "./input.js";

/** Seed 004 §2 Validate(): "业务事实，置信度默认 1.0". */
export const SYNC_CONFIDENCE = 1;
/** Seed 000's importance formula for a business fact stated by its source (src/write/extract/rules.ts). */
const SYNC_IMPORTANCE = importanceOf("business_fact", true, false);

/** Who syncs what, where, and the run's one clock reading. */
export interface SyncRequest {
  scope: MemoryScope;
  system: string;
  mode: SyncMode;
  /** ISO time of the run: createdAt / updatedAt of what it writes. */
  now: string;
}

export const SYNC_ACTIONS = ["added", "updated", "refreshed", "unchanged", "retired", "skipped"] as const;
export type SyncAction = (typeof SYNC_ACTIONS)[number];

/** What happened to one fact (or, in a snapshot, to a fact the system no longer reports). */
export interface SyncChange {
  action: SyncAction;
  key: string;
  /** The record that now holds the key (added, updated, refreshed, unchanged) or was retired. */
  id?: string;
  /** The versions this one replaced (`updated`). */
  supersededIds?: string[];
  reason: string;
  /** Which input it was (`facts.3`, `line 4`); absent for a snapshot's retirement. */
  where?: string;
}

/** One record change and its history entry. */
export interface RecordWrite {
  action: Extract<HistoryAction, "add" | "supersede" | "reinforce" | "archive">;
  after: MemoryRecord;
  before?: MemoryRecord;
  relatedId?: string;
  reason: string;
  /** The system's reference for the fact, kept in the history entry. */
  reference?: string;
}

/** A decided sync: what to report, and what to write. Plain data (it is checkpointed). */
export interface SyncPlan {
  changes: SyncChange[];
  writes: RecordWrite[];
}

/**
 * Decide a sync against the active business facts of its keys (and, for a snapshot, every
 * active business fact of the system). Pure: the ids of new records come from `newId`.
 * @example
 * import type { BaseStore } from "@langchain/langgraph-checkpoint";
 * import { readCurrent } from "./current.js";
 * declare const store: BaseStore;
 * declare const request: SyncRequest;
 * declare const facts: SyncFact[];
 * const plan = planSync(facts, await readCurrent(store, request, facts), request);
 * plan.changes; // [{ action: "updated", key: "order.a1029.status", id, supersededIds: [oldId], … }]
 */
export function planSync(
  facts: readonly SyncFact[],
  current: readonly MemoryRecord[],
  request: SyncRequest,
  newId: () => string = newRecordId,
): SyncPlan {
  const plan: SyncPlan = { changes: [], writes: [] };
  const active = activeByKey(current);
  for (const fact of facts) {
    const versions = active.get(fact.key) ?? [];
    const latest = versions[0];
    if (latest && Date.parse(fact.observedAt) < Date.parse(latest.observedAt)) {
      plan.changes.push(
        change(fact, "skipped", `observed ${fact.observedAt}, before the active ${latest.observedAt}`, latest.id),
      );
    } else if (fact.retire) {
      if (!latest) plan.changes.push(change(fact, "skipped", "nothing active to retire"));
      else {
        for (const version of versions) archive(plan, version, `retired by ${request.system}`, request, fact.reference);
        active.delete(fact.key);
        plan.changes.push(change(fact, "retired", `retired by ${request.system}`, latest.id));
      }
    } else {
      active.set(fact.key, [apply(plan, fact, versions, request, newId)]);
    }
  }
  if (request.mode === "snapshot") {
    const reported = new Set(facts.map((fact) => fact.key));
    const reason = `not in ${request.system}'s snapshot of ${request.now}`;
    for (const [key, versions] of active) {
      if (reported.has(key)) continue;
      for (const version of versions.filter((v) => v.source.system === request.system)) {
        archive(plan, version, reason, request);
        plan.changes.push({ action: "retired", key, id: version.id, reason });
      }
    }
  }
  return plan;
}

/** A new value or the same one: the record that holds the key afterwards. */
function apply(
  plan: SyncPlan,
  fact: SyncFact,
  versions: readonly MemoryRecord[],
  request: SyncRequest,
  newId: () => string,
): MemoryRecord {
  const same = versions.find((version) => sameFact(version, fact, request.system));
  const holder = same ? (refresh(plan, same, fact, request) ?? same) : add(plan, fact, request, newId(), versions);
  const replaced = versions.filter((version) => version.id !== holder.id);
  for (const version of replaced) {
    plan.writes.push({
      action: "supersede",
      before: version,
      after: supersedeRecord(version, holder.id, request),
      relatedId: holder.id,
      reason: `new value from ${request.system}`,
      reference: fact.reference,
    });
  }
  const action: SyncAction =
    replaced.length > 0 ? "updated" : !same ? "added" : holder === same ? "unchanged" : "refreshed";
  plan.changes.push({
    ...change(fact, action, reasonOf(action, request.system), holder.id),
    ...(replaced.length > 0 ? { supersededIds: replaced.map((version) => version.id) } : {}),
  });
  return holder;
}

function add(
  plan: SyncPlan,
  fact: SyncFact,
  request: SyncRequest,
  id: string,
  replacing: readonly MemoryRecord[],
): MemoryRecord {
  const record = parseMemoryRecord({
    id,
    kind: "business_fact",
    key: fact.key,
    content: fact.content,
    ...(fact.value !== undefined ? { value: fact.value } : {}),
    confidence: SYNC_CONFIDENCE,
    importance: SYNC_IMPORTANCE,
    source: {
      type: "system_sync",
      messageIds: [],
      system: request.system,
      ...(fact.reference ? { reference: fact.reference } : {}),
    },
    scope: request.scope,
    sensitivity: fact.sensitivity,
    status: "active",
    observedAt: fact.observedAt,
    createdAt: request.now,
    updatedAt: request.now,
    lastAccessedAt: request.now,
    accessCount: 0,
    ...(fact.expiresAt ? { expiresAt: fact.expiresAt } : {}),
  });
  plan.writes.push({
    action: "add",
    after: record,
    ...(replacing.length > 0 ? { relatedId: replacing.map((r) => r.id).join(",") } : {}),
    reason: `synced from ${request.system}`,
    reference: fact.reference,
  });
  return record;
}

/**
 * The same fact observed again: the later observation, the latest expiry and reference. Undefined
 * when none of them moved (nothing to write).
 */
function refresh(plan: SyncPlan, record: MemoryRecord, fact: SyncFact, request: SyncRequest): MemoryRecord | undefined {
  const { expiresAt: _expiry, ...rest } = record;
  const observedAt = Date.parse(fact.observedAt) > Date.parse(record.observedAt) ? fact.observedAt : record.observedAt;
  const reference = fact.reference ?? record.source.reference;
  const after = parseMemoryRecord({
    ...rest,
    observedAt,
    ...(fact.expiresAt ? { expiresAt: fact.expiresAt } : {}),
    source: { ...record.source, ...(reference ? { reference } : {}) },
    updatedAt: request.now,
  });
  const moved =
    after.observedAt !== record.observedAt ||
    after.expiresAt !== record.expiresAt ||
    after.source.reference !== record.source.reference;
  if (!moved) return undefined;
  plan.writes.push({
    action: "reinforce",
    before: record,
    after,
    reason: `the same value from ${request.system}`,
    reference: fact.reference,
  });
  return after;
}

function archive(plan: SyncPlan, record: MemoryRecord, reason: string, request: SyncRequest, reference?: string): void {
  const after = parseMemoryRecord({ ...record, status: "archived", updatedAt: request.now });
  plan.writes.push({ action: "archive", before: record, after, reason, reference });
}

/** Same content and value, synced by the same system: not a new version. */
function sameFact(record: MemoryRecord, fact: SyncFact, system: string): boolean {
  return (
    record.source.type === "system_sync" &&
    record.source.system === system &&
    record.content === fact.content &&
    record.value === fact.value
  );
}

/** The active business facts per key, newest observation first. */
function activeByKey(current: readonly MemoryRecord[]): Map<string, MemoryRecord[]> {
  const byKey = new Map<string, MemoryRecord[]>();
  const seen = new Set<string>();
  for (const record of current) {
    if (record.kind !== "business_fact" || record.status !== "active" || seen.has(record.id)) continue;
    seen.add(record.id);
    byKey.set(record.key, [...(byKey.get(record.key) ?? []), record]);
  }
  for (const versions of byKey.values()) versions.sort((a, b) => Date.parse(b.observedAt) - Date.parse(a.observedAt));
  return byKey;
}

function change(fact: SyncFact, action: SyncAction, reason: string, id?: string): SyncChange {
  return { action, key: fact.key, ...(id ? { id } : {}), reason, where: fact.where };
}

function reasonOf(action: SyncAction, system: string): string {
  switch (action) {
    case "added":
      return `synced from ${system}`;
    case "updated":
      return `a new value from ${system} supersedes the active one`;
    case "refreshed":
      return `the same value from ${system}, observed again`;
    default:
      return `the same value from ${system}, nothing new`;
  }
}

/**
 * The plan as store operations: each record where it lives, its key-index entry, and one
 * history entry per change naming the system and its reference.
 */
export function syncOperations(plan: SyncPlan, request: SyncRequest): Operation[] {
  const history = new HistoryLog();
  // A record changed twice in one sync (two versions of a key in one file) is stored as it ends.
  const final = new Map(plan.writes.map((write) => [write.after.id, write.after]));
  const ops: Operation[] = [...final.values()].flatMap((record) => recordOperations(record));
  ops.push(
    ...keyIndexOperations(
      request.scope,
      [...final.values()].map((record) => ({ record, deleted: false })),
    ),
  );
  for (const write of plan.writes) {
    history.append({
      action: write.action,
      recordId: write.after.id,
      at: request.now,
      reason: write.reason,
      messageIds: [],
      key: write.after.key,
      ...(write.relatedId ? { relatedId: write.relatedId } : {}),
      ...(write.before ? { before: write.before } : {}),
      after: write.after,
      sync: { system: request.system, ...(write.reference ? { reference: write.reference } : {}) },
    });
  }
  ops.push(...history.operations(request.scope));
  return ops;
}
