/**
 * The facade's remember() runs the write graph's nodes through createWritePipeline instead of
 * LangGraph's runtime. Both must write the same memories with the same outcomes.
 */
import { describe, expect, it } from "vitest";
import { createWriteGraph, createWritePipeline } from "../../graphs/write.js";
import type { MemoryWriteOutput } from "../../src/write/conflict/decision.js";
import { memoryStore, SCOPE } from "./helpers.js";

const NOW = () => new Date("2024-05-07T10:00:00.000Z");
const turns = [
  [
    { role: "user", content: "我不吃香菜，点外卖记得备注。", id: "a1" },
    { role: "user", content: "这次先用 SQLite，上线再换 PG。", id: "a2" },
  ],
  [
    { role: "user", content: "我喜欢吃苹果", id: "b1" },
    { role: "user", content: "My project's codename is Phoenix and the demo is due by Friday.", id: "b2" },
  ],
  [
    { role: "user", content: "我最近不吃苹果了", id: "c1" },
    { role: "user", content: "我喜欢喝咖啡", id: "c2" },
    { role: "assistant", content: "You seem to like dark mode.", id: "c3" },
  ],
  [
    { role: "user", content: "我不用微信沟通", id: "d1" },
    { role: "user", content: "我的手机号是 13812345678", id: "d2" },
  ],
];

/** Outcomes without the generated ids and timestamps. */
function outcome(out: MemoryWriteOutput) {
  const brief = (r: { content: string; status: string; key: string; kind: string }) =>
    `${r.status}:${r.kind}:${r.key}:${r.content}`;
  return {
    written: out.written.map(brief).sort(),
    reinforced: out.reinforced.map(brief).sort(),
    superseded: out.superseded.map(brief).sort(),
    merged: out.merged.map(brief).sort(),
    pending: out.pending.map(brief).sort(),
    rejected: out.rejected.map((r) => `${r.reason}:${r.score.toFixed(3)}:${r.candidate.content}`).sort(),
  };
}

describe("createWritePipeline", () => {
  it("writes what the compiled graph writes, run after run", async () => {
    const graphStore = memoryStore();
    const pipelineStore = memoryStore();
    const graph = createWriteGraph({ store: graphStore, now: NOW, interactive: false });
    const pipeline = createWritePipeline({ store: pipelineStore, now: NOW });
    for (const messages of turns) {
      const viaGraph = await graph.invoke({ messages }, { configurable: { user_id: SCOPE.userId } });
      const viaPipeline = await pipeline({ messages }, { user_id: SCOPE.userId });
      expect(outcome(viaPipeline.memoryWrite)).toEqual(outcome(viaGraph.memoryWrite!));
    }
    const contents = async (store: ReturnType<typeof memoryStore>) =>
      (await store.search(["memory"], { limit: 1000 }))
        .map((i) => `${i.namespace.at(-1)}:${i.value.status ?? ""}:${i.value.content ?? i.value.action ?? ""}`)
        .sort();
    expect(await contents(pipelineStore)).toEqual(await contents(graphStore));
    expect((await contents(pipelineStore)).join("\n")).not.toContain("13812345678");
  });
});
