/**
 * The example agent (apps/agent.ts) end to end on a real memory directory: HNSWStore, the
 * SQLite session and task checkpointers, the offline responder (no model configured).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HumanMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { Command, INTERRUPT, isInterrupted } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { createAgentGraph } from "../../apps/agent.js";
import { OFFLINE_LABEL } from "../../src/agent/responder.js";
import { createMemory, type Memory } from "../../src/memory.js";
import type { MemoryConflictInterrupt } from "../../src/write/conflict/decision.js";

let memory: Memory | undefined;
let dir = "";
afterEach(async () => {
  await memory?.close();
  memory = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function open() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "agent-"));
  memory = await createMemory({ dir, env: {} });
  return { memory, agent: createAgentGraph({ memory, env: {} }) };
}

const turn = (text: string) => ({ messages: [new HumanMessage(text)] });
const on = (thread: string, user = "wang") => ({ configurable: { thread_id: thread, user_id: user } });
const lastText = (state: { messages: Array<{ content: unknown }> }) => String(state.messages.at(-1)!.content);

describe("the example agent", () => {
  it("remembers in one session and recalls in another, labelled as the offline responder", async () => {
    const { agent, memory } = await open();
    const first = await agent.invoke(turn("我不吃香菜，点外卖记得备注。"), on("s1"));
    expect(first.memoryWrite?.written.map((r) => r.content)).toContain("用户不吃香菜，点外卖记得备注");
    const later = await agent.invoke(turn("点外卖要注意什么？"), on("s2"));
    expect(lastText(later)).toContain(OFFLINE_LABEL.zh);
    expect(lastText(later)).toContain("用户不吃香菜");
    expect(later.context).toContain("用户不吃香菜");
    // The responder's replies repeat memory: never written back as memories or episodes.
    const stored = await memory.list({ userId: "wang" }, { about: "any" });
    expect(stored.some((r) => r.content.includes("用户说"))).toBe(true);
    expect(stored.some((r) => r.content.includes(OFFLINE_LABEL.zh))).toBe(false);
    // Both threads are the user's sessions; another user's recall sees nothing of them.
    expect((await memory.sessions.list({ userId: "wang" })).map((s) => s.sessionId).sort()).toEqual(["s1", "s2"]);
    const other = await agent.invoke(turn("点外卖要注意什么？"), on("s3", "li"));
    expect(lastText(other)).not.toContain("香菜");
  });

  it("surfaces a conflict's interrupt to its caller and resumes it with a Command", async () => {
    const { agent, memory } = await open();
    await agent.invoke(turn("我喜欢吃苹果。"), on("s1"));
    const paused = await agent.invoke(turn("我喜欢喝咖啡。"), on("s1"));
    expect(isInterrupted<MemoryConflictInterrupt>(paused)).toBe(true);
    const ask = (paused as unknown as Record<string, Array<{ value: MemoryConflictInterrupt }>>)[INTERRUPT]![0]!.value;
    expect(ask.type).toBe("memory_conflict");
    const done = await agent.invoke(new Command({ resume: { decision: "keep_both" } }), on("s1"));
    expect(done.memoryWrite?.written.map((r) => r.content)).toEqual(["用户喜欢喝咖啡"]);
    const active = (await memory.list({ userId: "wang" }, { status: "active" })).map((r) => r.content);
    expect(active).toEqual(expect.arrayContaining(["用户喜欢吃苹果", "用户喜欢喝咖啡"]));
  });

  it("starts a task in one session and resumes it from another after the first is deleted", async () => {
    const { agent, memory } = await open();
    const started = await agent.invoke(turn("开始任务：迁移账单库：导出、转换、校验"), on("s1"));
    expect(lastText(started)).toContain("已开始任务「迁移账单库」");
    await agent.invoke(turn("任务迁移账单库：完成导出"), on("s1"));
    await memory.sessions.delete({ userId: "wang" }, "s1");

    const resumed = await agent.invoke(turn("任务迁移账单库做到哪了？"), on("s2"));
    expect(lastText(resumed)).toContain("已完成 1/3：导出；待办：转换、校验");
    expect(resumed.currentTask).toMatchObject({ title: "迁移账单库", done: ["导出"], remaining: ["转换", "校验"] });
    // English too, and another user has no such task.
    await agent.invoke(turn("Start task Quarterly report: draft, review"), on("s2"));
    expect(lastText(await agent.invoke(turn("How far did task Quarterly report get?"), on("s3")))).toContain(
      "0 of 2 steps done",
    );
    expect(lastText(await agent.invoke(turn("任务迁移账单库做到哪了？"), on("s9", "li")))).toContain("没有名为");
  });

  it("keeps the thread bounded: old rounds fold into the summary", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "agent-"));
    memory = await createMemory({ dir, env: {} });
    const model = new FakeListChatModel({ responses: ["OK."] });
    const agent = createAgentGraph({ memory, model, window: { budget: 4000 } });
    let state: Awaited<ReturnType<typeof agent.invoke>> | undefined;
    for (let i = 0; i < 24; i += 1)
      state = await agent.invoke(turn(`Note ${i}: the weather is fine today.`), on("long"));
    expect(state!.shortTerm?.rounds).toBeGreaterThan(0);
    expect(state!.messages.length).toBeLessThan(2 * 20);
  });
});
