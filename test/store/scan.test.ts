import { InMemoryStore } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { scanNamespace } from "../../src/store/scan.js";

/** Counts the pages a scan asks for. */
class CountingStore extends InMemoryStore {
  limits: number[] = [];
  override async search(...args: Parameters<InMemoryStore["search"]>) {
    this.limits.push(args[1]?.limit ?? 10);
    return super.search(...args);
  }
}

describe("scanNamespace", () => {
  it("reads every item once, in pages that double, so a large namespace costs a few calls", async () => {
    const store = new CountingStore();
    await store.batch(
      Array.from({ length: 1_050 }, (_, i) => ({
        namespace: ["m", "u"],
        key: `k${i}`,
        value: { i, even: i % 2 === 0 },
      })),
    );
    await store.put(["m", "u", "deeper"], "x", { i: -1, even: true });
    const all = await scanNamespace(store, ["m", "u"], { exact: true });
    expect(all).toHaveLength(1_050);
    expect(new Set(all.map((item) => item.key)).size).toBe(1_050);
    expect(store.limits).toEqual([100, 200, 400, 800]);

    store.limits = [];
    const even = await scanNamespace(store, ["m", "u"], { filter: { even: true }, pageSize: 10 });
    expect(even.map((item) => item.value.i).sort((a, b) => a - b)).toEqual([
      -1,
      ...Array.from({ length: 525 }, (_, i) => i * 2),
    ]);
    expect(store.limits).toEqual([10, 20, 40, 80, 160, 320]);
  });
});
