/**
 * The facade's remember() runs the write graph's nodes through createWritePipeline instead of
 * LangGraph's runtime. Both must write the same memories with the same outcomes, and those
 * outcomes are pinned too: two runners sharing one bug would still agree with each other.
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

/**
 * What the seeds' rules say each turn must do, independent of either runner: who is written,
 * what steps aside, what waits for the user and what is turned away, by key, status and message.
 */
const expected = [
  {
    // A standing food preference is kept; a task's "this time" choice is transient (score < 0.62).
    written: ["active:food.cilantro:a1"],
    superseded: [],
    pending: [],
    rejected: ["transient:explicit:a2"],
  },
  {
    // A like, and a dated plan about the user's project (an event of theirs, not a task).
    written: ["active:episode.project:b2", "active:food.apple:b1"],
    superseded: [],
    pending: [],
    rejected: [],
  },
  {
    // The change of mind about apples supersedes the old like on the same key; the coffee
    // like then has no like left to be asked about; the assistant's guess about a like is
    // capped at 0.5 and falls under the 0.85 bar for personal statements.
    written: ["active:food.apple:c1", "active:food.coffee:c2"],
    superseded: ["superseded:food.apple:b1"],
    pending: [],
    rejected: ["personal_low_confidence:agent_generated:c3"],
  },
  {
    // Two plain statements; the phone number is stored redacted.
    written: ["active:communication.channel:d1", "active:contact.phone:d2"],
    superseded: [],
    pending: [],
    rejected: [],
  },
];

function pinned(out: MemoryWriteOutput) {
  const brief = (r: { status: string; key: string; source: { messageIds: string[] } }) =>
    `${r.status}:${r.key}:${r.source.messageIds.join(",")}`;
  return {
    written: out.written.map(brief).sort(),
    superseded: out.superseded.map(brief).sort(),
    pending: out.pending.map(brief).sort(),
    rejected: out.rejected
      .map((r) => `${r.reason}:${r.candidate.sourceType}:${r.candidate.messageIds.join(",")}`)
      .sort(),
  };
}

describe("createWritePipeline", () => {
  it("writes what the compiled graph writes, run after run", async () => {
    const graphStore = memoryStore();
    const pipelineStore = memoryStore();
    const graph = createWriteGraph({ store: graphStore, now: NOW, interactive: false });
    const pipeline = createWritePipeline({ store: pipelineStore, now: NOW });
    const outs: MemoryWriteOutput[] = [];
    for (const [i, messages] of turns.entries()) {
      const viaGraph = await graph.invoke({ messages }, { configurable: { user_id: SCOPE.userId } });
      const viaPipeline = await pipeline({ messages }, { user_id: SCOPE.userId });
      expect(outcome(viaPipeline.memoryWrite)).toEqual(outcome(viaGraph.memoryWrite!));
      // Equal is not enough: both must do what the rules say.
      const out = viaPipeline.memoryWrite;
      expect(pinned(out), `turn ${i + 1}`).toEqual(expected[i]);
      expect([...out.reinforced, ...out.merged, ...out.exceptions], `turn ${i + 1}`).toEqual([]);
      outs.push(out);
    }
    const [, second, third, fourth] = outs;
    const liked = second!.written.find((r) => r.key === "food.apple")!;
    const changed = third!.written.find((r) => r.key === "food.apple")!;
    expect(third!.superseded[0]).toMatchObject({ id: liked.id, supersededBy: changed.id });
    expect(changed.content).toBe("用户最近不吃苹果了");
    expect(fourth!.written.find((r) => r.key === "contact.phone")!.content).toBe("用户的手机号是 [PHONE]");
    const contents = async (store: ReturnType<typeof memoryStore>) =>
      (await store.search(["memory"], { limit: 1000 }))
        .map((i) => `${i.namespace.at(-1)}:${i.value.status ?? ""}:${i.value.content ?? i.value.action ?? ""}`)
        .sort();
    expect(await contents(pipelineStore)).toEqual(await contents(graphStore));
    expect((await contents(pipelineStore)).join("\n")).not.toContain("13812345678");
  });
});
