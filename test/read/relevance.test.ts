/**
 * Relevance, not just rank (nodes/read/policy-budget.ts): a memory far less relevant than the
 * query's best match is not injected because the budget has room for it.
 */
import { describe, expect, it } from "vitest";
import { InvalidConfigError } from "../../src/errors.js";
import { createMemory } from "../../src/memory.js";
import { makeRecord, memoryStore, recallerWith } from "./helpers.js";

const scope = { userId: "u_relevance" };
const records = () => [
  makeRecord(scope, { id: "cilantro", key: "food.cilantro", content: "用户不吃香菜，点外卖要备注" }),
  makeRecord(scope, { id: "spicy", key: "food.spicy", content: "用户点外卖喜欢微辣" }),
  makeRecord(scope, {
    id: "release",
    key: "team.release",
    kind: "procedure",
    content: "发版前必须先跑 make gen 再跑 lint",
  }),
  makeRecord(scope, { id: "incident", key: "ops.incident", kind: "episode", content: "上周网关出现过一次 502 故障" }),
];

describe("the relevance floor", () => {
  it("leaves out memories far below the best match, and says so in the trace", async () => {
    const { recaller } = await recallerWith(records());
    const lunch = await recaller.recall({ scope, query: "帮我点个外卖午饭" });
    const ids = lunch.memories.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(["cilantro", "spicy"]));
    expect(ids).not.toContain("release");
    expect(ids).not.toContain("incident");
    const trace = await recaller.trace(scope, lunch.traceId);
    const release = trace.memories.find((c) => c.id === "release");
    // Found by a channel, but not relevant enough to inject.
    expect(release).toMatchObject({ outcome: "dropped", reason: "relevance.below_best" });
    await recaller.close();
  });

  it("keeps the best matches of a vague query, and injects by rank alone when turned off", async () => {
    const { recaller } = await recallerWith(records(), { relevanceFloor: 0 });
    const lunch = await recaller.recall({ scope, query: "帮我点个外卖午饭" });
    expect(lunch.memories.map((m) => m.id)).toEqual(expect.arrayContaining(["cilantro", "spicy", "release"]));
    await recaller.close();
    const { recaller: vague } = await recallerWith(records());
    expect((await vague.recall({ scope, query: "今天" })).memories.length).toBeGreaterThan(0);
    await vague.close();
  });

  it("refuses a floor outside [0, 1)", async () => {
    await expect(createMemory({ store: memoryStore(), env: {}, relevanceFloor: 1 })).rejects.toThrow(
      InvalidConfigError,
    );
    await expect(createMemory({ store: memoryStore(), env: {}, relevanceFloor: -0.1 })).rejects.toThrow(
      InvalidConfigError,
    );
  });
});
