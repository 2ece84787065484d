/**
 * A pass in time proportional to what changed: `selectWork` picks the records a pass reads, and
 * `finishPass` brings the ledger (src/maintain/ledger.ts) up to date with what the pass and
 * everyone else wrote meanwhile, in one batch with the new watermark.
 *
 * An incremental pass reads the records written since the last pass's watermark (the store's
 * `changedSince`, an index on the write time), those the ledger lists as due on the days since,
 * those written by others during the last pass, and the groups all of these belong to. Every
 * rule is a function of one record and the time (expire, decay, purge, the cold tier) or of one
 * group (dedupe, and compression once the scope's count is known), and a group nothing touched
 * since the last pass is one that pass left without duplicates: so the pass changes exactly what
 * a full pass over the same data would. A full pass reads everything and rebuilds the ledger; it
 * runs when asked, when there is no ledger, under other rules, for a time before the last pass,
 * or when more changed than an incremental pass reads.
 */
import type { BaseStore, Item, Operation } from "@langchain/langgraph-checkpoint";
import { episodesNamespace, recordsNamespace } from "../namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../schema.js";
import { scopeKey } from "../scope-queue.js";
import { isChangeTracking, isScopeLocking } from "../store/contract.js";
import { scanNamespace } from "../store/scan.js";
import { yieldIfDue } from "../yield.js";
import { MAX_GROUP_SIZE } from "./clusters.js";
import type { MaintenanceConfig } from "./config.js";
import {
  dayOf,
  dayOperations,
  dueAt,
  dueDay,
  dueNamespace,
  type GroupEntry,
  getMany,
  groupKey,
  groupsNamespace,
  isDetail,
  LEDGER_VERSION,
  ledgerNamespace,
  parseGroup,
  parseWatermark,
  readDays,
  removedNamespace,
  rulesFingerprint,
  splitTags,
  tagOf,
  type Watermark,
} from "./ledger.js";
import type { StepContext } from "./plan.js";
import { groupOf, isSummary } from "./rules.js";
import type { MaintenanceWork, PassReport } from "./state.js";

const WATERMARK = "watermark";
/** Not from a seed: past this many candidates a full pass reads the scope about as fast. */
export const MAX_CANDIDATES = 50_000;
/** Ids one watermark carries over (its value stays far under the stores' size limit). */
const MAX_CARRIED = 10_000;
/** Not from a seed: ledger days one pass reads (ten years between two passes is a full pass). */
const MAX_DAYS = 3660;
/**
 * Processes sharing a store (PostgreSQL) stamp writes with their own clocks: a watermark this
 * much earlier reads again what a slightly slow clock wrote. One process (HNSWStore) needs none.
 */
const SHARED_CLOCK_SKEW_MS = 5_000;

function storeClock(store: BaseStore): number {
  return Date.now() - (isScopeLocking(store) ? SHARED_CLOCK_SKEW_MS : 0);
}

function tagOfItem(item: Item): string {
  return `${item.namespace.at(-1) === "episodes" ? "e" : "r"}:${item.key}`;
}

function parsed(item: Item | null | undefined): MemoryRecord | undefined {
  if (!item) return undefined;
  try {
    return parseMemoryRecord(item.value);
  } catch {
    return undefined;
  }
}

/** The current records of `tags`, read by id (a missing or invalid one is absent). */
async function readTagged(
  store: BaseStore,
  scope: MemoryScope,
  tags: Iterable<string>,
): Promise<Map<string, MemoryRecord>> {
  const { records, episodes } = splitTags(tags);
  const out = new Map<string, MemoryRecord>();
  for (const [namespace, ids] of [
    [recordsNamespace(scope), records],
    [episodesNamespace(scope), episodes],
  ] as const) {
    for (const item of await getMany(store, namespace, ids)) {
      const record = parsed(item);
      if (record) out.set(tagOf(record), record);
      await yieldIfDue();
    }
  }
  return out;
}

/** Records written at or after `since`, or undefined when more than MAX_CANDIDATES were. */
async function changedRecords(
  store: BaseStore,
  scope: MemoryScope,
  since: number,
): Promise<Map<string, MemoryRecord | undefined> | undefined> {
  if (!isChangeTracking(store)) return undefined;
  const out = new Map<string, MemoryRecord | undefined>();
  for (const namespace of [recordsNamespace(scope), episodesNamespace(scope)]) {
    const items = await store.changedSince(namespace, new Date(since), { limit: MAX_CANDIDATES + 1 });
    if (out.size + items.length > MAX_CANDIDATES) return undefined;
    for (const item of items) out.set(tagOfItem(item), parsed(item));
  }
  return out;
}

/** Every record of the scope, and those written at or after `since` (a full pass's end). */
async function scanScope(
  store: BaseStore,
  scope: MemoryScope,
  since: number,
): Promise<{ values: Map<string, MemoryRecord | undefined>; changed: Map<string, MemoryRecord | undefined> }> {
  const values = new Map<string, MemoryRecord | undefined>();
  const changed = new Map<string, MemoryRecord | undefined>();
  for (const namespace of [recordsNamespace(scope), episodesNamespace(scope)]) {
    for (const item of await scanNamespace(store, namespace, { pageSize: 1000, exact: true })) {
      const record = parsed(item);
      values.set(tagOfItem(item), record);
      if (item.updatedAt.getTime() >= since) changed.set(tagOfItem(item), record);
      await yieldIfDue();
    }
  }
  return { values, changed };
}

/**
 * The removals since the last pass: tag → group name ("" when unknown). A removal names its
 * group by digest (src/forget/remove.ts), read back from the group's entry.
 */
async function removals(store: BaseStore, scope: MemoryScope): Promise<Map<string, string>> {
  const byDigest = new Map<string, string>();
  for (const item of await scanNamespace(store, removedNamespace(scope), { pageSize: 1000, exact: true })) {
    const { group, tag } = item.value as { group?: unknown; tag?: unknown };
    byDigest.set(typeof tag === "string" ? tag : `r:${item.key}`, typeof group === "string" ? group : "");
  }
  const digests = [...new Set(byDigest.values())].filter((digest) => digest !== "");
  const entries = await getMany(store, groupsNamespace(scope), digests);
  const names = new Map(digests.map((digest, i) => [digest, parseGroup(entries[i])?.group ?? ""]));
  return new Map([...byDigest].map(([tag, digest]) => [tag, names.get(digest) ?? ""]));
}

/**
 * Choose what the pass reads. Runs in the scope's queue, so no commit of the scope is half-way
 * when the changes are listed.
 */
export async function selectWork(
  ctx: StepContext,
  config: MaintenanceConfig,
  dedupe: boolean,
  full: boolean,
): Promise<MaintenanceWork> {
  const { store, scope } = ctx;
  return ctx.queue.run(scopeKey(scope), async () => {
    const startedAt = storeClock(store);
    const fullPass = (reason: string): MaintenanceWork => ({
      mode: "full",
      reason,
      startedAt,
      candidates: [],
      groups: {},
      groupSizes: {},
      days: [],
    });
    if (full) return fullPass("asked for");
    if (!isChangeTracking(store)) return fullPass("the store cannot list what changed");
    const [item] = (await store.batch([{ namespace: ledgerNamespace(scope), key: WATERMARK }])) as Array<Item | null>;
    const previous = parseWatermark(item);
    if (!previous) return fullPass("no ledger of an earlier pass");
    if (previous.rules !== rulesFingerprint(config, dedupe)) return fullPass("other rules than the last pass");
    const firstDay = dayOf(Date.parse(previous.now));
    const lastDay = dayOf(ctx.now.getTime());
    if (ctx.now.getTime() < Date.parse(previous.now)) return fullPass("a time before the last pass");
    if (lastDay - firstDay > MAX_DAYS) return fullPass("years since the last pass");
    const changed = await changedRecords(store, scope, previous.since);
    if (!changed) return fullPass("more changes than an incremental pass reads");
    const days: number[] = [];
    for (let day = firstDay; day <= lastDay; day++) days.push(day);
    const due = [...(await readDays(store, scope, days)).values()].flatMap((listed) => listed.ids);
    const removed = await removals(store, scope);
    const tags = new Set<string>([...previous.carried, ...changed.keys(), ...due]);
    if (tags.size > MAX_CANDIDATES) return fullPass("more changes than an incremental pass reads");
    const unread = [...tags].filter((tag) => !changed.has(tag));
    const values = new Map<string, MemoryRecord | undefined>([...changed, ...(await readTagged(store, scope, unread))]);
    const names = new Set<string>([...previous.groups, ...[...removed.values()].filter((group) => group !== "")]);
    for (const record of values.values()) if (record && record.about !== "conversation") names.add(groupOf(record));
    const groups: Record<string, string[]> = {};
    const groupSizes: Record<string, number> = {};
    const ordered = [...names];
    const entries = await getMany(store, groupsNamespace(scope), ordered.map(groupKey));
    ordered.forEach((name, i) => {
      const entry = parseGroup(entries[i]);
      groups[name] = [...(entry?.details ?? []), ...(entry?.summaries ?? [])].map((id) => `r:${id}`);
      groupSizes[name] = entry?.details.length ?? 0;
    });
    for (const [tag, record] of values) {
      if (record && record.about !== "conversation" && record.status === "active") groups[groupOf(record)]!.push(tag);
    }
    for (const name of ordered) groups[name] = [...new Set(groups[name])];
    return { mode: "incremental", startedAt, candidates: [...tags], groups, groupSizes, days, previous };
  });
}

/** Details of the dirty groups now, against the ledger's count (compression's count in an incremental pass). */
export function detailCount(work: MaintenanceWork, members: readonly MemoryRecord[]): number {
  const before = Object.values(work.groupSizes).reduce((sum, n) => sum + n, 0);
  return (work.previous?.details ?? 0) - before + members.filter(isDetail).length;
}

/**
 * What compression reads in an incremental pass: when the last pass left the scope over its cap
 * (saturated), only the pass's groups, with the scope's count; otherwise every active detail,
 * which that pass brought under the cap.
 */
export async function compressionInput(
  store: BaseStore,
  scope: MemoryScope,
  work: MaintenanceWork,
): Promise<{ only?: string[]; total?: (records: readonly MemoryRecord[]) => number }> {
  if (work.mode === "full") return {};
  const members = groupMembers(work);
  if (work.previous?.saturated) return { only: members, total: (records) => detailCount(work, records) };
  const all = new Set(members);
  for (const item of await scanNamespace(store, groupsNamespace(scope), { pageSize: 1000, exact: true })) {
    const entry = parseGroup(item);
    for (const id of [...(entry?.details ?? []), ...(entry?.summaries ?? [])]) all.add(`r:${id}`);
  }
  return { only: [...all] };
}

/** The candidates of an incremental pass; undefined for a full pass (every record). */
export function candidatesOf(work: MaintenanceWork | undefined): string[] | undefined {
  if (!work) throw new Error("maintenance work missing: select runs first");
  return work.mode === "incremental" ? work.candidates : undefined;
}

/** Every tag of the pass's groups, once. */
export function groupMembers(work: MaintenanceWork): string[] {
  return [...new Set(Object.values(work.groups).flat())];
}

interface Finish {
  work: MaintenanceWork;
  written: readonly string[];
  saturated: boolean;
  dedupe: boolean;
}

/**
 * Bring the ledger up to date and write the new watermark, in one batch, in the scope's queue.
 * A pass stopped before this leaves the old watermark: the next pass reads its window again,
 * and every rule judged twice decides the same.
 */
export async function finishPass(ctx: StepContext, config: MaintenanceConfig, finish: Finish): Promise<PassReport> {
  const { store, scope } = ctx;
  const { work } = finish;
  return ctx.queue.run(scopeKey(scope), async () => {
    const finishedAt = storeClock(store);
    const now = ctx.now.toISOString();
    const ops: Operation[] = [];
    // A full pass reads every record again (its ledger is rebuilt), and with it what changed
    // during the pass; an incremental one asks the store what changed.
    const scan = work.mode === "full" ? await scanScope(store, scope, work.startedAt) : undefined;
    const changed = scan?.changed ?? (await changedRecords(store, scope, work.startedAt));
    const [stored] = (await store.batch([{ namespace: ledgerNamespace(scope), key: WATERMARK }])) as Array<Item | null>;
    const written = new Set(finish.written);
    // Written by the pass and not since (its time, or the cold copy a pass makes), or written by others.
    const carried = [...(changed ?? [])].flatMap(([tag, record]) =>
      written.has(tag) && (!record || record.updatedAt === now || record.tier === "cold") ? [] : [tag],
    );
    if (!changed || carried.length > MAX_CARRIED) {
      // More was written by others meanwhile than one watermark lists: the next pass is a full one.
      if (stored) await store.batch([{ namespace: ledgerNamespace(scope), key: WATERMARK, value: null }]);
      return report(work, 0);
    }
    const removed = await removals(store, scope);
    for (const tag of removed.keys()) ops.push({ namespace: removedNamespace(scope), key: tag.slice(2), value: null });
    let values: Map<string, MemoryRecord | undefined>;
    if (scan) values = scan.values;
    else {
      const tags = new Set([...work.candidates, ...written, ...removed.keys()]);
      const unread = [...tags].filter((tag) => !changed.has(tag));
      values = new Map([...[...tags].map((tag): [string, undefined] => [tag, undefined]), ...changed]);
      for (const [tag, record] of await readTagged(store, scope, unread)) values.set(tag, record);
    }
    ops.push(...(await dueOperations(store, scope, config, work, values, dayOf(ctx.now.getTime()))));
    const groups = await groupOperations(store, scope, work, values, removed);
    ops.push(...groups.operations);
    const previous = parseWatermark(stored) ?? work.previous;
    const details = work.mode === "full" ? groups.details : (previous?.details ?? 0) + groups.details;
    const watermark: Watermark = {
      version: LEDGER_VERSION,
      since: finishedAt,
      now,
      rules: rulesFingerprint(config, finish.dedupe),
      carried,
      groups: groups.moved,
      details,
      saturated: finish.saturated,
    };
    ops.push({ namespace: ledgerNamespace(scope), key: WATERMARK, value: { ...watermark }, index: false });
    await store.batch(ops);
    return report(work, scan ? scan.values.size : work.candidates.length);
  });
}

function report(work: MaintenanceWork, candidates: number): PassReport {
  return { mode: work.mode, ...(work.reason ? { reason: work.reason } : {}), candidates };
}

/**
 * The ledger days rewritten: each record judged or written lists on its due day; a day read by
 * the pass keeps only what the pass did not judge (listed meanwhile by another pass).
 */
async function dueOperations(
  store: BaseStore,
  scope: MemoryScope,
  config: MaintenanceConfig,
  work: MaintenanceWork,
  values: ReadonlyMap<string, MemoryRecord | undefined>,
  passDay: number,
): Promise<Operation[]> {
  const listed = new Map<number, string[]>();
  for (const [tag, record] of values) {
    const due = record ? dueAt(record, config) : undefined;
    if (due === undefined) continue;
    const day = dueDay(due, passDay);
    const ids = listed.get(day) ?? [];
    ids.push(tag);
    listed.set(day, ids);
  }
  const days = new Set<number>([...work.days, ...listed.keys()]);
  const ops: Operation[] = [];
  const stale = new Set<string>();
  if (work.mode === "full") {
    for (const item of await scanNamespace(store, dueNamespace(scope), { pageSize: 1000, exact: true })) {
      stale.add(item.key);
      if (/^\d+$/.test(item.key)) days.add(Number(item.key));
    }
  }
  const ordered = [...days].filter(Number.isFinite);
  const current = await readDays(store, scope, ordered);
  for (const day of ordered) {
    const before = current.get(day);
    const kept = work.mode === "full" ? [] : (before?.ids ?? []).filter((tag) => !values.has(tag));
    const ids = [...new Set([...kept, ...(listed.get(day) ?? [])])];
    const writes = dayOperations(scope, day, ids, before?.parts ?? 0);
    for (const op of writes) stale.delete((op as { key: string }).key);
    ops.push(...writes);
  }
  // A full pass rebuilds the days: items it did not write (parts of days gone) go.
  for (const key of stale) ops.push({ namespace: dueNamespace(scope), key, value: null });
  return ops;
}

/**
 * The group entries rewritten, the change in the scope's count of details (the whole count in
 * a full pass), and the groups whose dedupe window may have moved.
 */
async function groupOperations(
  store: BaseStore,
  scope: MemoryScope,
  work: MaintenanceWork,
  values: ReadonlyMap<string, MemoryRecord | undefined>,
  removed: ReadonlyMap<string, string>,
): Promise<{ operations: Operation[]; details: number; moved: string[] }> {
  const fresh = new Map<string, GroupEntry>();
  const entry = (group: string) => {
    let found = fresh.get(group);
    if (!found) {
      found = { group, details: [], summaries: [] };
      fresh.set(group, found);
    }
    return found;
  };
  const names = new Set<string>(Object.keys(work.groups));
  for (const group of removed.values()) if (group !== "") names.add(group);
  for (const [tag, record] of values) {
    if (!record || record.about === "conversation") continue;
    names.add(groupOf(record));
    if (record.status !== "active") continue;
    const target = entry(groupOf(record));
    (isSummary(record) ? target.summaries : target.details).push(tag.slice(2));
  }
  const namespace = groupsNamespace(scope);
  const operations: Operation[] = [];
  let details = 0;
  if (work.mode === "full") {
    const keep = new Set([...fresh.keys()].map(groupKey));
    for (const item of await scanNamespace(store, namespace, { pageSize: 1000, exact: true }))
      if (!keep.has(item.key)) operations.push({ namespace, key: item.key, value: null });
    for (const group of fresh.values()) {
      operations.push({ namespace, key: groupKey(group.group), value: { ...group }, index: false });
      details += group.details.length;
    }
    return { operations, details, moved: [] };
  }
  const ordered = [...names];
  const stored = await getMany(store, namespace, ordered.map(groupKey));
  const moved: string[] = [];
  ordered.forEach((group, i) => {
    const before = parseGroup(stored[i]);
    const judged = (id: string) => values.has(`r:${id}`);
    const now = fresh.get(group) ?? { group, details: [], summaries: [] };
    const next: GroupEntry = {
      group,
      details: [...new Set([...(before?.details ?? []).filter((id) => !judged(id)), ...now.details])],
      summaries: [...new Set([...(before?.summaries ?? []).filter((id) => !judged(id)), ...now.summaries])],
    };
    details += next.details.length - (before?.details.length ?? 0);
    if (next.details.length > MAX_GROUP_SIZE) moved.push(group);
    if (next.details.length + next.summaries.length > 0)
      operations.push({ namespace, key: groupKey(group), value: { ...next }, index: false });
    else if (before) operations.push({ namespace, key: groupKey(group), value: null });
  });
  return { operations, details, moved };
}
