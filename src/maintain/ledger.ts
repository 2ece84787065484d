/**
 * The maintenance ledger of a scope: what lets a pass read only what changed since the last one.
 *
 *   ["memory", <tenant>, <user>, "maintenance"]             key "watermark": the last pass (Watermark)
 *   ["memory", <tenant>, <user>, "maintenance", "due"]      key = epoch day: records a time rule may
 *                                                           retire that day (TTL, due time, decay, purge)
 *   ["memory", <tenant>, <user>, "maintenance", "groups"]   key = digest of a group (rules.ts groupOf):
 *                                                           its active details and summaries
 *   ["memory", <tenant>, <user>, "maintenance", "removed"]  key = record id: removed since the last
 *                                                           pass (src/forget/remove.ts), with its group's digest
 *
 * Ids only, never content. The ledger is a hint that errs one way: a record is listed on a day
 * no later than the one a rule can first retire it (touching a memory only postpones its rules),
 * and every record listed is read back and judged by the same rules as a full pass.
 */
import { createHash } from "node:crypto";
import type { BaseStore, Item, Operation } from "@langchain/langgraph-checkpoint";
import { scopeNamespace } from "../namespaces.js";
import type { MemoryRecord, MemoryScope } from "../schema.js";
import { DAY_MS } from "../time.js";
import type { MaintenanceConfig } from "./config.js";
import { decayScoreFloorDays, groupOf, isSummary, lastTouchedMs } from "./rules.js";

export const LEDGER_VERSION = 1;

export function ledgerNamespace(scope: MemoryScope): string[] {
  return [...scopeNamespace(scope), "maintenance"];
}
export function dueNamespace(scope: MemoryScope): string[] {
  return [...ledgerNamespace(scope), "due"];
}
export function groupsNamespace(scope: MemoryScope): string[] {
  return [...ledgerNamespace(scope), "groups"];
}
export function removedNamespace(scope: MemoryScope): string[] {
  return [...ledgerNamespace(scope), "removed"];
}

/** What the last pass of a scope left for the next one. */
export interface Watermark {
  version: number;
  /** Store-clock ms: what was written at or after it is the next pass's to read. */
  since: number;
  /** The time the pass applied its rules at (ISO). */
  now: string;
  /** The rules it applied (rulesFingerprint): other rules need a full pass. */
  rules: string;
  /** Records written during the pass by others than the pass ("r:" / "e:" tagged ids). */
  carried: string[];
  /** Groups whose dedupe window may have moved (more members than it compares). */
  groups: string[];
  /** Active details of the records namespace (compression's count). */
  details: number;
  /**
   * The pass's compression ended with the scope still over the cap: every group then holds at
   * most one compressible detail, so the next compression needs only the groups that changed.
   */
  saturated: boolean;
}

export interface GroupEntry {
  group: string;
  details: string[];
  summaries: string[];
}

/** A record as the ledger names it: `r:<id>` in the records namespace, `e:<id>` an episode. */
export function tagOf(record: Pick<MemoryRecord, "id" | "about">): string {
  return `${record.about === "conversation" ? "e" : "r"}:${record.id}`;
}

export function splitTags(tags: Iterable<string>): { records: string[]; episodes: string[] } {
  const out = { records: [] as string[], episodes: [] as string[] };
  for (const tag of tags) (tag.startsWith("e:") ? out.episodes : out.records).push(tag.slice(2));
  return out;
}

export function groupKey(group: string): string {
  return createHash("sha256").update(group).digest("hex").slice(0, 32);
}

/** Whether a record counts as a group's member for dedupe and compression. */
export function isDetail(record: MemoryRecord): boolean {
  return record.status === "active" && record.about !== "conversation" && !isSummary(record);
}

/** The rules a pass applies, as one string: a watermark written under other rules is not used. */
export function rulesFingerprint(config: MaintenanceConfig, dedupe: boolean): string {
  return JSON.stringify([
    config.ttlDays,
    config.todoGraceDays,
    config.lambda,
    config.archiveBelow,
    [...config.protectedKinds].sort(),
    config.maxActive,
    config.dedupeThreshold,
    config.retentionDays,
    dedupe,
  ]);
}

/**
 * Reading a day a little early is harmless (the record is judged and listed again); reading it
 * late is not, so a due time rounded by floating point is listed a minute early.
 */
const EARLY_MS = 60_000;

/**
 * The first time a time rule may retire `record` (TTL or due time, decay, purge), or undefined
 * when none ever will unless the record changes. Mirrors rules.ts and nodes/maintain/purge.ts.
 */
export function dueAt(record: MemoryRecord, config: MaintenanceConfig): number | undefined {
  if (record.status === "active") {
    const times: number[] = [];
    if (record.expiresAt !== undefined) {
      const grace = record.kind === "todo" ? config.todoGraceDays : 0;
      times.push(Date.parse(record.expiresAt) + grace * DAY_MS);
    } else {
      const ttl = config.ttlDays[record.about === "conversation" ? "conversation" : record.kind];
      if (ttl !== null && ttl !== undefined) times.push(lastTouchedMs(record) + ttl * DAY_MS);
    }
    // Decay reads the records namespace only (nodes/maintain/decay.ts).
    if (record.about !== "conversation" && !config.protectedKinds.has(record.kind)) {
      const days = decayScoreFloorDays(record, config.lambda, config.archiveBelow);
      if (days === 0) times.push(Number.NEGATIVE_INFINITY);
      else if (Number.isFinite(days)) times.push(lastTouchedMs(record) + days * DAY_MS);
    }
    return times.length > 0 ? Math.min(...times) : undefined;
  }
  if (record.status === "superseded" || record.status === "archived") {
    const retired = Date.parse(record.updatedAt);
    if (Date.parse(record.lastAccessedAt) > retired) return undefined;
    return retired + config.retentionDays * DAY_MS;
  }
  return undefined;
}

/** The ledger day a record is listed on: its due day, never before the pass's own day. */
export function dueDay(due: number, passDay: number): number {
  return Math.max(passDay, Math.floor((due - EARLY_MS) / DAY_MS));
}

export function dayOf(time: number): number {
  return Math.floor(time / DAY_MS);
}

export function parseWatermark(item: Item | null | undefined): Watermark | undefined {
  const value = item?.value as Partial<Watermark> | undefined;
  if (!value || value.version !== LEDGER_VERSION) return undefined;
  if (typeof value.since !== "number" || typeof value.now !== "string" || typeof value.rules !== "string")
    return undefined;
  if (!Array.isArray(value.carried) || !Array.isArray(value.groups) || typeof value.details !== "number")
    return undefined;
  return value as Watermark;
}

export function parseGroup(item: Item | null | undefined): GroupEntry | undefined {
  const value = item?.value as Partial<GroupEntry> | undefined;
  if (!value || typeof value.group !== "string" || !Array.isArray(value.details) || !Array.isArray(value.summaries))
    return undefined;
  return value as GroupEntry;
}

export function dueIds(item: Item | null | undefined): string[] {
  const ids = (item?.value as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

/**
 * Ids one ledger day item holds, so a value stays far under the stores' size limit: a day with
 * more (a pass that retired 100k details lists them all on one purge day) continues in
 * `<day>+1`, `<day>+2`, … and its first item counts the parts.
 */
export const DAY_CHUNK = 10_000;

function partKey(day: number, part: number): string {
  return part === 0 ? String(day) : `${day}+${part}`;
}

/** The ids listed on each of `days`, with how many items hold them. */
export async function readDays(
  store: BaseStore,
  scope: MemoryScope,
  days: readonly number[],
): Promise<Map<number, { ids: string[]; parts: number }>> {
  const namespace = dueNamespace(scope);
  const heads = await getMany(
    store,
    namespace,
    days.map((day) => partKey(day, 0)),
  );
  const out = new Map<number, { ids: string[]; parts: number }>();
  const more: Array<{ day: number; key: string }> = [];
  days.forEach((day, i) => {
    const head = heads[i];
    if (!head) return;
    const parts = Math.max(1, Math.min(10_000, Number((head.value as { parts?: unknown }).parts) || 1));
    out.set(day, { ids: dueIds(head), parts });
    for (let part = 1; part < parts; part++) more.push({ day, key: partKey(day, part) });
  });
  const rest = await getMany(
    store,
    namespace,
    more.map((m) => m.key),
  );
  more.forEach(({ day }, i) => {
    out.get(day)!.ids.push(...dueIds(rest[i]));
  });
  return out;
}

/** The writes that list `ids` on `day`, replacing the `previousParts` items it had. */
export function dayOperations(
  scope: MemoryScope,
  day: number,
  ids: readonly string[],
  previousParts: number,
): Operation[] {
  const namespace = dueNamespace(scope);
  const parts = Math.ceil(ids.length / DAY_CHUNK);
  const ops: Operation[] = [];
  for (let part = 0; part < parts; part++) {
    const chunk = ids.slice(part * DAY_CHUNK, (part + 1) * DAY_CHUNK);
    ops.push({
      namespace,
      key: partKey(day, part),
      value: { day, ids: chunk, ...(part === 0 ? { parts } : {}) },
      index: false,
    });
  }
  for (let part = parts; part < previousParts; part++) ops.push({ namespace, key: partKey(day, part), value: null });
  return ops;
}

/**
 * What a removal leaves for the next pass: the id and group of each record deleted, so the
 * ledger's groups and count drop it (src/forget/remove.ts commits it with the removal).
 */
export function removedOperations(scope: MemoryScope, records: readonly MemoryRecord[]): Operation[] {
  return records.map((record) => ({
    namespace: removedNamespace(scope),
    key: record.id,
    // The group's digest, not its name: a name holds a speaker's name, which a removal must not keep.
    value: { group: groupKey(groupOf(record)), tag: tagOf(record) },
    index: false,
  }));
}

/** `store.batch` of gets, a thousand at a time. */
export async function getMany(
  store: BaseStore,
  namespace: string[],
  keys: readonly string[],
): Promise<Array<Item | null>> {
  const out: Array<Item | null> = [];
  for (let start = 0; start < keys.length; start += 1000) {
    const page = keys.slice(start, start + 1000).map((key) => ({ namespace, key }));
    out.push(...((await store.batch(page)) as Array<Item | null>));
  }
  return out;
}
