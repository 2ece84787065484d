/**
 * An incremental pass changes what a full pass over the same data changes: two stores get the
 * same seeded writes, touches, removals and passes, one maintained incrementally, the other
 * with `full: true` every time, and after each pass they hold the same records (summary ids
 * aside, which are new each time).
 */
import { afterEach, describe, expect, it } from "vitest";
import { groupsNamespace, isDetail, ledgerNamespace } from "../../src/maintain/ledger.js";
import type { Memory } from "../../src/memory.js";
import { episodesNamespace, recordsNamespace } from "../../src/namespaces.js";
import { type MemoryRecord, parseMemoryRecord } from "../../src/schema.js";
import { isScopeLocking } from "../../src/store/contract.js";
import { scanNamespace } from "../../src/store/scan.js";
import { createRng } from "../bench/fixtures.js";
import { DAY_MS, makeRecord, NOW, openMemory, SCOPE, seed } from "./helpers.js";

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

const TOPICS = Array.from({ length: 30 }, (_, i) => `topic${i}`);
const WORDS = ["green", "quiet", "early", "spicy", "long", "small", "north", "warm", "blue", "slow", "bright", "old"];
const NOUNS = ["tea", "trains", "desks", "cats", "songs", "walks", "maps", "bread", "rivers", "lamps"];

/** A seeded stream of records: likes, events, todos, protected facts, some said twice. */
function generator(seedValue: number) {
  const rand = createRng(seedValue);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  let n = 0;
  const said: MemoryRecord[] = [];
  return (count: number, at: number): MemoryRecord[] => {
    const out: MemoryRecord[] = [];
    for (let i = 0; i < count; i++) {
      n += 1;
      const age = rand() * 200;
      const observed = new Date(at - age * DAY_MS).toISOString();
      const repeat = said.length > 0 && rand() < 0.15 ? pick(said) : undefined;
      const roll = rand();
      const kind = roll < 0.1 ? "todo" : roll < 0.2 ? "episode" : roll < 0.27 ? "business_fact" : "preference";
      const topic = repeat ? repeat.key.split(".")[0]! : pick(TOPICS);
      const record = makeRecord({
        id: `g${seedValue}-${n}`,
        kind: repeat ? repeat.kind : kind,
        key: repeat ? repeat.key : `${topic}.${pick(NOUNS)}`,
        content: repeat ? repeat.content : `The user likes ${pick(WORDS)} ${pick(WORDS)} ${pick(NOUNS)}`,
        confidence: Math.round((0.4 + rand() * 0.6) * 100) / 100,
        importance: Math.round((0.1 + rand() * 0.8) * 100) / 100,
        source: { type: "explicit", messageIds: [`m${seedValue}-${n}`] },
        observedAt: observed,
        createdAt: observed,
        updatedAt: observed,
        lastAccessedAt: new Date(at - rand() * age * DAY_MS).toISOString(),
        accessCount: Math.floor(rand() * 4),
        ...(kind === "todo" && !repeat ? { expiresAt: new Date(at + (rand() * 40 - 20) * DAY_MS).toISOString() } : {}),
      });
      said.push(record);
      out.push(record);
    }
    return out;
  };
}

/** Every record of the scope, summaries named by what they hold (their ids are new each pass). */
async function snapshot(memory: Memory): Promise<unknown[]> {
  const records: MemoryRecord[] = [];
  for (const namespace of [recordsNamespace(SCOPE), episodesNamespace(SCOPE)])
    for (const item of await scanNamespace(memory.store, namespace, { pageSize: 1000 }))
      records.push(parseMemoryRecord(item.value));
  const names = new Map(
    records.map((r) => [r.id, r.id.startsWith("g") ? r.id : `summary ${r.key} ${r.createdAt} ${r.content}`]),
  );
  const name = (id: string | undefined) => (id === undefined ? undefined : (names.get(id) ?? id));
  return records
    .map((r) => ({ ...r, id: name(r.id), supersededBy: name(r.supersededBy) }))
    .sort((a, b) => a.id!.localeCompare(b.id!));
}

/** The ledger's count of active details and its groups' members, against the records. */
async function ledger(
  memory: Memory,
): Promise<{ details: number; counted: number; saturated: boolean; groups: string[] }> {
  const [watermark] = (await memory.store.batch([{ namespace: ledgerNamespace(SCOPE), key: "watermark" }])) as Array<{
    value: { details: number; saturated: boolean };
  } | null>;
  const groups = await scanNamespace(memory.store, groupsNamespace(SCOPE), { pageSize: 1000 });
  const records = await scanNamespace(memory.store, recordsNamespace(SCOPE), { pageSize: 1000 });
  const active = records.map((item) => parseMemoryRecord(item.value)).filter(isDetail);
  // The ledger's groups list exactly the active details.
  expect(groups.flatMap((item) => (item.value as { details: string[] }).details).sort()).toEqual(
    active.map((r) => r.id).sort(),
  );
  return {
    details: watermark!.value.details,
    counted: active.length,
    saturated: watermark!.value.saturated,
    groups: groups.map((item) => (item.value as { group: string }).group).sort(),
  };
}

describe("incremental maintenance", () => {
  // maxActive 40: compression brings the scope under its cap; 12: the scope stays over it (saturated).
  it.each([40, 12])("ends each pass where a full pass over the same data ends (cap %i)", async (maxActive) => {
    const options = { maintenance: { maxActive, retentionDays: 20 } };
    const incremental = (await openMemory(options)).memory;
    const full = (await openMemory(options)).memory;
    opened.push(incremental, full);
    const next = generator(11);
    let at = NOW.getTime();
    const modes: string[] = [];
    const saturated: boolean[] = [];
    for (let step = 0; step < 6; step++) {
      const batch = next(step === 0 ? 120 : 25, at);
      // A writer's changes between passes: an older memory superseded, one recalled, one deleted.
      const before = (await snapshot(full)) as MemoryRecord[];
      const active = before.filter((r) => r.status === "active" && r.id.startsWith("g"));
      const touched = active.slice(0, 3).map((r) => ({ ...r, lastAccessedAt: new Date(at).toISOString() }));
      const retired = active.slice(3, 5).map((r) => ({
        ...r,
        status: "superseded" as const,
        supersededBy: batch[0]!.id,
        updatedAt: new Date(at).toISOString(),
      }));
      for (const memory of [incremental, full]) {
        await seed(memory, [...batch, ...touched, ...retired]);
        if (active[5]) await memory.delete(SCOPE, active[5].id);
      }
      const now = new Date(at);
      const a = await incremental.maintain({ scope: SCOPE, now });
      const b = await full.maintain({ scope: SCOPE, now, full: true });
      modes.push(a.scopes[0]!.pass!.mode);
      saturated.push((await ledger(incremental)).saturated);
      expect(await ledger(incremental)).toEqual(await ledger(full));
      expect(b.scopes[0]!.pass!.mode).toBe("full");
      expect(await snapshot(incremental)).toEqual(await snapshot(full));
      expect(a.totals).toEqual(b.totals);
      at += 12 * DAY_MS;
    }
    expect(modes).toEqual(["full", "incremental", "incremental", "incremental", "incremental", "incremental"]);
    expect(saturated.every((s) => s === maxActive < 20)).toBe(true);
  });

  it("reads only what changed and what fell due, yet a time rule still fires for an old record", async () => {
    const { memory } = await openMemory();
    opened.push(memory);
    const old = Array.from({ length: 30 }, (_, i) =>
      makeRecord({ key: `topic${i}.thing`, content: `Unrelated fact number ${i} about topic ${i}`, kind: "fact" }),
    );
    const todo = makeRecord({
      key: "errand.post",
      kind: "todo",
      content: "Post the parcel",
      expiresAt: new Date(NOW.getTime() + 3 * DAY_MS).toISOString(),
    });
    await seed(memory, [...old, todo]);
    const first = await memory.maintain({ scope: SCOPE, now: NOW });
    expect(first.scopes[0]!.pass).toMatchObject({ mode: "full", reason: "no ledger of an earlier pass" });
    // Nothing written since: a day later nothing is due, nothing is read.
    const quiet = await memory.maintain({ scope: SCOPE, now: new Date(NOW.getTime() + DAY_MS) });
    // A store shared by processes (PostgreSQL) reads again what was written in the seconds
    // before the last pass (clocks of processes differ): at most the records seeded above.
    const reread = isScopeLocking(memory.store) ? old.length + 1 : 0;
    expect(quiet.scopes[0]!.pass!.mode).toBe("incremental");
    expect(quiet.scopes[0]!.pass!.candidates).toBeLessThanOrEqual(reread);
    // Eleven days later the todo's due time and grace have passed: it is read through its due day.
    const late = await memory.maintain({ scope: SCOPE, now: new Date(NOW.getTime() + 11 * DAY_MS) });
    expect(late.scopes[0]!.pass!.mode).toBe("incremental");
    expect(late.scopes[0]!.pass!.candidates).toBeGreaterThanOrEqual(1);
    expect(late.scopes[0]!.pass!.candidates).toBeLessThanOrEqual(Math.max(1, reread));
    expect(late.scopes[0]!.expired.map((e) => e.id)).toEqual([todo.id]);
    // Other rules, a time before the last pass, or asking: a full pass.
    const again = await memory.maintain({ scope: SCOPE, now: NOW });
    expect(again.scopes[0]!.pass).toMatchObject({ mode: "full", reason: "a time before the last pass" });
    const asked = await memory.maintain({ scope: SCOPE, now: new Date(NOW.getTime() + 12 * DAY_MS), full: true });
    expect(asked.scopes[0]!.pass).toMatchObject({ mode: "full", reason: "asked for" });
  });
});
