/**
 * Invoked directly with a checkpointer (not through the facade), the write graph keeps raw
 * secrets out of its state: the input channel redacts on the way in, so every checkpoint after
 * the input one holds placeholders only. LangGraph itself records a run's raw input (the
 * `__start__` write of the first checkpoint) before any node or reducer runs; the facade
 * redacts before invoking, and the README tells direct callers to do the same.
 */
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createWriteGraph } from "../../graphs/write.js";
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
    for await (const tuple of checkpointer.list(config)) {
      if (tuple.metadata?.step === -1) continue; // the raw-input checkpoint, see above
      dump.push(JSON.stringify(tuple.checkpoint), JSON.stringify(tuple.pendingWrites ?? []));
    }
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

describe("write graph fed through redactMessages first", () => {
  it("leaves no raw secret in any checkpoint, the input one included", async () => {
    const { redactMessages } = await import("../../src/redact.js");
    const { normalizeMessages } = await import("../../src/write/messages.js");
    const checkpointer = new MemorySaver();
    const graph = createWriteGraph({ store: memoryStore(), checkpointer });
    const config = { configurable: { thread_id: "t-clean", user_id: SCOPE.userId } };
    const { messages } = redactMessages(normalizeMessages([{ role: "user", content: "记住我的手机号是 13812345678" }]));
    await graph.invoke({ messages }, config);
    const dump: string[] = [];
    for await (const tuple of checkpointer.list(config))
      dump.push(JSON.stringify(tuple.checkpoint), JSON.stringify(tuple.pendingWrites ?? []));
    expect(dump.join("")).toContain("[PHONE]");
    expect(dump.join("")).not.toContain("13812345678");
  });
});
