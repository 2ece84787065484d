/**
 * End to end through LangGraph's own dev server (`langgraphjs dev`, what LangGraph Studio talks
 * to), driven by the real SDK: the graphs registered in langgraph.json run inside the server on
 * the project's HNSWStore (LANGGRAPH_MEMORY_DIR, held by closure: the server's own store stays
 * empty), threads and interrupts are the server's, the scope comes from `config.configurable`,
 * and a conflict pauses the write graph with `interrupt()` until a `Command` resumes it.
 *
 * The server serves this repository's graphs on a free port, in its own process group, from a
 * temporary directory (.langgraph-e2e-*, git-ignored, where it keeps its state), and is
 * stopped after the suite.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const STARTUP_MS = 120_000;

let server: ChildProcess | undefined;
let workDir = "";
let memoryDir = "";
let output = "";
let client: Client;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`langgraphjs dev exited (${server?.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/ok`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`langgraphjs dev did not answer within ${STARTUP_MS / 1000} s:\n${output}`);
}

beforeAll(async () => {
  const port = await freePort();
  // This repository's langgraph.json, copied into a fresh directory below the repository with
  // its graph paths rebased: the dev server keeps its state (.langgraph_api/) next to the config
  // and reloads it on start, so a run must neither see nor touch a developer's own.
  workDir = fs.mkdtempSync(path.join(ROOT, ".langgraph-e2e-"));
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, "langgraph.json"), "utf8")) as {
    graphs: Record<string, string>;
  };
  for (const [id, spec] of Object.entries(config.graphs)) config.graphs[id] = `../${spec.replace(/^\.\//, "")}`;
  fs.writeFileSync(path.join(workDir, "langgraph.json"), JSON.stringify(config));
  memoryDir = path.join(workDir, "memory");
  const args = [
    "dev",
    "--config",
    path.join(workDir, "langgraph.json"),
    "--port",
    String(port),
    "--host",
    "127.0.0.1",
    "--no-browser",
    "--no-reload",
  ];
  server = spawn(path.join(ROOT, "node_modules/.bin/langgraphjs"), args, {
    cwd: workDir,
    // Offline: no tracing, no telemetry calls out.
    env: {
      ...process.env,
      LANGSMITH_TRACING: "false",
      LANGCHAIN_TRACING_V2: "false",
      LANGGRAPH_CLI_NO_ANALYTICS: "1",
      LANGGRAPH_MEMORY_DIR: memoryDir,
      // Offline: the rules, never a hosted model, whatever the developer's shell has set.
      OPENAI_API_KEY: "",
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url);
  client = new Client({ apiUrl: url });
}, STARTUP_MS + 10_000);

afterAll(async () => {
  // The CLI starts the API server as a child: stop the whole process group.
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    process.kill(-server.pid, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const user = (userId: string, extra: Record<string, unknown> = {}) => ({
  configurable: { user_id: userId, tenant_id: "e2e", ...extra },
});

describe("the graphs in langgraph.json, served by langgraphjs dev and driven by the SDK", () => {
  it("registers the agent, memory_write, memory_read, memory_maintain and memory_sync", async () => {
    const graphs = (await client.assistants.search({ limit: 10 })).map((a) => a.graph_id).sort();
    expect(graphs).toEqual(["agent", "memory_maintain", "memory_read", "memory_sync", "memory_write"]);
  });

  it("syncs a business fact through memory_sync and recalls it through memory_read for query_order", async () => {
    const fact = {
      key: "order.a1029.status",
      content: "订单 A1029 已发货",
      value: "shipped",
      reference: "ERP-A1029",
      observedAt: "2026-03-01T09:00:00Z",
    };
    const synced = (await client.runs.wait(null, "memory_sync", {
      input: { system: "erp", facts: [fact] },
      config: user("dora"),
    })) as { sync: { totals: { added: number }; scope: { userId: string } } };
    expect(synced.sync).toMatchObject({ totals: { added: 1 }, scope: { userId: "dora", tenantId: "e2e" } });
    const recalled = (await client.runs.wait(null, "memory_read", {
      input: { query: "我的订单发货了吗", task: "query_order" },
      config: user("dora"),
    })) as { context: string };
    expect(recalled.context).toContain("[业务事实]");
    expect(recalled.context).toContain("订单 A1029 已发货");
  });

  it("writes through memory_write and recalls through memory_read, scoped by config.configurable", async () => {
    const thread = await client.threads.create();
    const written = (await client.runs.wait(thread.thread_id, "memory_write", {
      input: { messages: [{ role: "user", content: "我不吃香菜，点外卖记得备注。我的手机号是 13812345678。" }] },
      config: user("alice"),
    })) as { memoryWrite: { written: Array<{ content: string; scope: { userId: string } }> } };
    expect(written.memoryWrite.written.map((r) => r.content)).toContain("用户不吃香菜，点外卖记得备注");
    expect(written.memoryWrite.written.every((r) => r.scope.userId === "alice")).toBe(true);
    // Redacted before anything was stored or checkpointed.
    const state = await client.threads.getState(thread.thread_id);
    expect(JSON.stringify(state.values)).not.toContain("13812345678");
    // Not in any checkpoint either, the run's input one included (the input schema redacts first).
    const history = await client.threads.getHistory(thread.thread_id, { limit: 50 });
    expect(history.length).toBeGreaterThan(2);
    expect(JSON.stringify(history)).toContain("[PHONE]");
    expect(JSON.stringify(history)).not.toContain("13812345678");

    const recall = async (userId: string) =>
      (await client.runs.wait(null, "memory_read", { input: { query: "帮我点个外卖" }, config: user(userId) })) as {
        context: string;
        memories: Array<{ content: string }>;
        traceId: string;
      };
    const alice = await recall("alice");
    // The output schema, not the working state (request, candidates, retrieval …).
    expect(Object.keys(alice).sort()).toEqual(["context", "knowledge", "memories", "traceId"]);
    expect(alice.context).toContain("用户不吃香菜");
    expect(alice.traceId).toMatch(/^tr_/);
    // Another user of the same tenant sees nothing of Alice's.
    const bob = await recall("bob");
    expect(bob.memories).toEqual([]);
    expect(bob.context).not.toContain("香菜");
  });

  it("pauses a conflict with interrupt() and resumes it with a Command", async () => {
    const thread = await client.threads.create();
    // The graph interacts by default (configurable.interactive: false would defer to pending).
    const config = user("carol");
    await client.runs.wait(thread.thread_id, "memory_write", {
      input: { messages: [{ role: "user", content: "我喜欢吃苹果。" }] },
      config,
    });
    const paused = (await client.runs.wait(thread.thread_id, "memory_write", {
      input: { messages: [{ role: "user", content: "我喜欢喝咖啡。" }] },
      config,
    })) as { __interrupt__?: Array<{ value: { type: string; question: string; options: string[] } }> };
    const ask = paused.__interrupt__?.[0]?.value;
    expect(ask?.type).toBe("memory_conflict");
    expect(ask?.options).toEqual(expect.arrayContaining(["supersede", "keep_both"]));
    expect((await client.threads.getState(thread.thread_id)).next).toEqual(["ask_user"]);

    const resumed = (await client.runs.wait(thread.thread_id, "memory_write", {
      command: { resume: { decision: "keep_both" } },
      config,
    })) as {
      memoryWrite: { written: Array<{ content: string; status: string }> };
    };
    expect(resumed.memoryWrite.written).toEqual([
      expect.objectContaining({ content: "用户喜欢喝咖啡", status: "active" }),
    ]);
    const recalled = (await client.runs.wait(null, "memory_read", {
      input: { query: "喜欢吃什么喝什么" },
      config: user("carol"),
    })) as { context: string };
    expect(recalled.context).toContain("用户喜欢喝咖啡");
    expect(recalled.context).toContain("用户喜欢吃苹果");
  });

  it("runs the example agent: a conflict asked and resumed, a memory recalled in a new thread, a task resumed from another thread", async () => {
    type AgentOut = {
      messages: Array<{ type: string; content: string }>;
      __interrupt__?: Array<{ value: { type: string; options: string[] } }>;
      memoryWrite?: { written: Array<{ content: string }> };
    };
    const reply = (out: AgentOut) => out.messages.at(-1)!.content;
    const config = user("dora");
    const first = await client.threads.create();
    const say = (thread: string, content: string) =>
      client.runs.wait(thread, "agent", {
        input: { messages: [{ role: "user", content }] },
        config,
      }) as Promise<AgentOut>;

    await say(first.thread_id, "我喜欢吃苹果。");
    const paused = await say(first.thread_id, "我喜欢喝咖啡。");
    expect(paused.__interrupt__?.[0]?.value.type).toBe("memory_conflict");
    expect((await client.threads.getState(first.thread_id)).next).toEqual(["remember"]);
    const resumed = (await client.runs.wait(first.thread_id, "agent", {
      command: { resume: { decision: "keep_both" } },
      config,
    })) as AgentOut;
    expect(resumed.memoryWrite?.written.map((r) => r.content)).toEqual(["用户喜欢喝咖啡"]);

    const started = await say(first.thread_id, "开始任务：迁移账单库：导出、转换、校验");
    expect(reply(started)).toContain("已开始任务「迁移账单库」");
    await say(first.thread_id, "任务迁移账单库：完成导出");

    // A new thread: the memories and the task are the user's, not the thread's.
    const second = await client.threads.create();
    const recalled = await say(second.thread_id, "我喜欢喝什么？");
    expect(reply(recalled)).toContain("用户喜欢喝咖啡");
    expect(reply(recalled)).toContain("离线规则回复");
    const progress = await say(second.thread_id, "任务迁移账单库做到哪了？");
    expect(reply(progress)).toContain("已完成 1/3：导出；待办：转换、校验");
    // Another user of the tenant has no such task.
    const stranger = (await client.runs.wait(null, "agent", {
      input: { messages: [{ role: "user", content: "任务迁移账单库做到哪了？" }] },
      config: user("erin"),
    })) as AgentOut;
    expect(reply(stranger)).toContain("没有名为");
  });

  it("keeps the memories in the HNSWStore directory, not in the server's store", async () => {
    // Read-only beside the server, which holds the store: SQLite (WAL) is its source of truth.
    const db = new Database(path.join(memoryDir, "store.sqlite"), { readonly: true, fileMustExist: true });
    try {
      const values = db.prepare("SELECT value FROM items").all() as Array<{ value: string }>;
      const stored = values.map((row) => row.value).join("\n");
      expect(stored).toContain("用户不吃香菜");
      expect(stored).toContain("用户喜欢喝咖啡");
      // The agent's task, on the project's task checkpointer beside the store.
      expect(fs.existsSync(path.join(memoryDir, "checkpoints", "tasks.sqlite"))).toBe(true);
      expect(stored).not.toContain("13812345678");
    } finally {
      db.close();
    }
    // The server's own store saw none of them.
    const { namespaces } = await client.store.listNamespaces({ prefix: ["memory"] });
    expect(namespaces).toEqual([]);
  });
});
