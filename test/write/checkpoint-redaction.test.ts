/**
 * Invoked directly with a checkpointer (not through the facade), the write graph keeps raw
 * secrets out of every checkpoint: its input schema normalises and redacts the messages before
 * LangGraph records the run's input, so even the first (`__start__`) checkpoint holds
 * placeholders only.
 */
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createWriteGraph } from "../../graphs/write.js";
import { InvalidInputError } from "../../src/errors.js";
import { memoryStore, SCOPE } from "./helpers.js";

describe("write graph with its own checkpointer", () => {
  it("checkpoints redacted messages only", async () => {
    const checkpointer = new MemorySaver();
    const store = memoryStore();
    const graph = createWriteGraph({ store, checkpointer, now: () => new Date("2024-05-07T10:00:00Z") });
    const config = { configurable: { thread_id: "t-secret", user_id: SCOPE.userId } };
    const out = await graph.invoke(
      { messages: [{ role: "user", content: "记住我的手机号是 13812345678，邮箱 wang.lei@example.com，我不吃香菜" }] },
      config,
    );
    expect(out.memoryWrite!.written.length).toBeGreaterThan(0);
    const dump: string[] = [];
    const steps: number[] = [];
    for await (const tuple of checkpointer.list(config)) {
      steps.push(Number(tuple.metadata?.step));
      dump.push(JSON.stringify(tuple.checkpoint), JSON.stringify(tuple.pendingWrites ?? []));
    }
    // The raw-input checkpoint is among those read.
    expect(steps).toContain(-1);
    const storeDump = JSON.stringify(await store.search(["memory"], { limit: 1000 }));
    expect(dump.join("").length).toBeGreaterThan(100);
    // The placeholders made it in (so the check below looks at real content)...
    expect(dump.join("")).toContain("[PHONE]");
    for (const secret of ["13812345678", "wang.lei@example.com", "wang.lei"]) {
      expect(dump.join("")).not.toContain(secret);
      expect(storeDump).not.toContain(secret);
    }
  });
});

describe("write graph input that fails validation", () => {
  it("is refused with InvalidInputError before any checkpoint is written", async () => {
    const checkpointer = new MemorySaver();
    const graph = createWriteGraph({ store: memoryStore(), checkpointer });
    const config = { configurable: { thread_id: "t-bad", user_id: SCOPE.userId } };
    await expect(graph.invoke({ messages: [] }, config)).rejects.toThrow(InvalidInputError);
    await expect(graph.invoke({ messages: [{ role: "alien", content: "13812345678" }] }, config)).rejects.toThrow(
      /unknown role "alien"/,
    );
    await expect(
      graph.invoke({ messages: [{ role: "user", content: "hi" }], sessionId: 42 as never }, config),
    ).rejects.toThrow(/sessionId/);
    const written = [];
    for await (const tuple of checkpointer.list(config)) written.push(tuple);
    expect(written).toEqual([]);
  });
});
