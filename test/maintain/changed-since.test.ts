/**
 * The store query an incremental maintenance pass stands on: what a namespace wrote since a
 * time, on the embedded store and on PostgreSQL (the graph suites run on both).
 */
import { afterEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import type { Memory } from "../../src/memory.js";
import { type ChangeTracking, isChangeTracking } from "../../src/store/contract.js";
import { openMemory } from "./helpers.js";

let memory: Memory | undefined;
afterEach(async () => {
  await memory?.close();
  memory = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("changedSince", () => {
  it("lists what exactly one namespace wrote at or after a time, oldest change first, at most limit", async () => {
    ({ memory } = await openMemory());
    const store = memory.store;
    expect(isChangeTracking(store)).toBe(true);
    const tracking = store as unknown as ChangeTracking;
    const ns = ["memory", "_default", "u9", "records"];
    await store.batch([
      { namespace: ns, key: "old", value: { n: 1 } },
      { namespace: [...ns, "deeper"], key: "other", value: { n: 2 } },
    ]);
    await pause(20);
    const since = new Date();
    await pause(20);
    await store.batch([{ namespace: ns, key: "new", value: { n: 3 } }]);
    await pause(20);
    await store.batch([
      { namespace: ns, key: "old", value: { n: 4 } },
      { namespace: ["memory", "_default", "u8", "records"], key: "elsewhere", value: { n: 5 } },
    ]);
    const changed = await tracking.changedSince(ns, since, { limit: 10 });
    expect(changed.map((item) => [item.key, item.value.n])).toEqual([
      ["new", 3],
      ["old", 4],
    ]);
    expect((await tracking.changedSince(ns, since, { limit: 1 })).map((item) => item.key)).toEqual(["new"]);
    expect(await tracking.changedSince(ns, new Date(Date.now() + 60_000), { limit: 10 })).toEqual([]);
    await expect(tracking.changedSince(ns, new Date(Number.NaN), { limit: 10 })).rejects.toThrow(InvalidInputError);
    await expect(tracking.changedSince(ns, since, { limit: 0 })).rejects.toThrow(InvalidInputError);
  });
});
