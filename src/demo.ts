/**
 * `npm run demo` (`npx langgraph-memory demo`): the walkthrough a new user runs first, offline,
 * in Chinese and English, through the example agent and the facade:
 *
 *   1. remember — what is kept, what is not, and why
 *   2. a conflict — asked through the agent's interrupt, answered with a Command; a change supersedes
 *   3. recall — the block the model sees and the trace that explains it (rows left out counted,
 *      what a task policy filtered named with the reason)
 *   4. a task outlives its session — started on Monday, resumed on Tuesday after Monday is deleted
 *   5. forget-me — export a user, forget them, and show nothing of theirs remains
 *
 * Everything runs on the embedded defaults: rules for extraction, HashEmbeddings, HNSWStore and
 * the SQLite checkpointers in a temporary directory (removed at the end). No API key, no network.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { HumanMessage } from "@langchain/core/messages";
import { Command, INTERRUPT, isInterrupted } from "@langchain/langgraph";
import {
  createAgentGraph,
  createMemory,
  type Memory,
  type MemoryConflictInterrupt,
  type MemoryScope,
  type MemoryWriteOutput,
  type RecallTrace,
} from "./index.js";
import { recordsNamespace } from "./namespaces.js";
import { HNSWStore } from "./store/hnsw-store.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "langgraph-memory-demo-"));
const clock = { now: new Date("2026-03-09T09:00:00+08:00") };
const now = () => clock.now;

interface Person {
  name: string;
  scope: MemoryScope;
}
const wang: Person = { name: "王芳 (wang)", scope: { userId: "wang", tenantId: "acme" } };
const alice: Person = { name: "Alice (alice)", scope: { userId: "alice", tenantId: "acme" } };

/** Rows of a trace printed; the rest are counted. */
const TRACE_ROWS = 5;

function title(text: string) {
  console.log(`\n━━ ${text} ${"━".repeat(Math.max(0, 76 - text.length))}`);
}

/** A step that takes a moment says so before and how long it took after. */
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  process.stdout.write(`  … ${label}`);
  const start = performance.now();
  const out = await run();
  console.log(` (${Math.round(performance.now() - start)} ms)`);
  return out;
}

const indent = (text: string, by = "      ") => text.replace(/^/gm, by);

/** A record by what it says, not by its id. */
async function named(memory: Memory, person: Person, id: string | undefined): Promise<string> {
  if (!id) return "(nothing)";
  const record = await memory.get(person.scope, id).catch(() => null);
  return record ? `「${record.content}」` : "(a removed memory)";
}

async function show(memory: Memory, person: Person, out: MemoryWriteOutput) {
  for (const r of out.written) console.log(`    + kept        ${r.content}   [${r.kind}, confidence ${r.confidence}]`);
  for (const r of out.reinforced) console.log(`    = reinforced  ${r.content}   [confidence now ${r.confidence}]`);
  for (const r of out.superseded)
    console.log(`    ~ replaced    ${r.content} → by ${await named(memory, person, r.supersededBy)}`);
  for (const r of out.pending) console.log(`    ? asked       ${r.content}   (pending until the user answers)`);
  for (const r of out.rejected)
    console.log(`    - not kept    ${r.candidate.content}   [${r.reason}, score ${r.score.toFixed(2)}]`);
}

function printTrace(trace: RecallTrace) {
  const shown = trace.memories.filter((m) => m.reason !== "policy.kind").slice(0, TRACE_ROWS);
  const filtered = trace.memories.filter((m) => m.reason === "policy.kind");
  const rest = trace.memories.length - shown.length - filtered.length;
  console.log(
    `    trace: ${trace.memories.length} candidates (channels ${trace.channels.join(" + ")}, policy ${trace.policy}), ${trace.injected.length} injected`,
  );
  for (const m of shown) {
    const s = m.signals;
    const signals = s
      ? `semantic ${s.semantic.toFixed(2)} · recency ${s.recency.toFixed(2)} · importance ${s.importance.toFixed(2)}`
      : "";
    console.log(`      ${m.outcome.padEnd(10)} ${(m.score ?? 0).toFixed(3)}  ${m.preview}   ${signals}  (${m.reason})`);
  }
  if (rest > 0) console.log(`      … ${rest} more candidate${rest === 1 ? "" : "s"} not shown (all in memory.trace())`);
  for (const m of filtered) console.log(`      filtered   ${m.preview}   — ${m.detail}`);
}

async function recallAndExplain(memory: Memory, person: Person, query: string, task?: string) {
  console.log(`  ${person.name} asks${task ? ` (task ${task})` : ""}: "${query}"`);
  const result = await memory.recall({ scope: person.scope, query, ...(task ? { task } : {}) });
  console.log("    the block the model sees:");
  console.log(indent(result.context));
  await memory.settled();
  printTrace(await memory.trace(person.scope, result.traceId));
  return result;
}

const memory = await createMemory({ dir, now, env: {} });
const agent = createAgentGraph({ memory, env: {} });
const on = (person: Person, session: string) => ({
  configurable: { thread_id: session, user_id: person.scope.userId, tenant_id: person.scope.tenantId },
});
async function say(person: Person, session: string, text: string) {
  console.log(`  ${person.name}, session "${session}": ${text}`);
  const out = await agent.invoke({ messages: [new HumanMessage(text)] }, on(person, session));
  if (!isInterrupted(out)) console.log(indent(String(out.messages.at(-1)!.content), "    → "));
  return out;
}

console.log("langgraph-memory walkthrough: offline defaults (rules, HashEmbeddings, HNSWStore + SQLite checkpointers)");
console.log(`store: ${dir}`);
console.log(`two users of tenant acme: ${wang.name} speaks Chinese, ${alice.name} English. Neither sees the other.`);

title("1. remember: what is kept, what is not, and why");
console.log(`  ${wang.name} says five things in one conversation:`);
await show(
  memory,
  wang,
  await step("writing 5 messages through the write graph", () =>
    memory.remember({
      scope: wang.scope,
      messages: [
        { role: "user", content: "我不吃香菜，订餐时记得备注。" },
        { role: "user", content: "我们约定：每次发版前都要先跑 make check。" },
        { role: "user", content: "这次先用 SQLite，上线再换 PG。" },
        { role: "user", content: "我的手机号是 13812345678。" },
        { role: "user", content: "谢谢你！" },
      ],
    }),
  ),
);
console.log(`  ${alice.name} says:`);
await show(
  memory,
  alice,
  await step("writing 4 messages", () =>
    memory.remember({
      scope: alice.scope,
      messages: [
        { role: "user", content: "I don't eat cilantro, remember to note it when ordering takeout." },
        { role: "user", content: "From now on, please reply in short bullet points." },
        { role: "user", content: "My project's codename is Bluebird and I need the launch plan by Friday." },
        { role: "assistant", content: "Got it. You seem to like dark mode." },
      ],
    }),
  ),
);
console.log(
  `  (${wang.name}'s phone number was stored as [PHONE], never as digits; the assistant's guess about dark mode is not ${alice.name}'s word)`,
);

title("2. a conflict: asked, not guessed");
await say(wang, "s-monday", "我喜欢吃芒果。");
const paused = await say(wang, "s-monday", "我喜欢喝咖啡。");
if (isInterrupted<MemoryConflictInterrupt>(paused)) {
  const ask = paused[INTERRUPT][0]!.value!;
  console.log(`    → the agent pauses (interrupt): ${ask.question}`);
  console.log(`      options: ${ask.options.join(" / ")}; ${wang.name} answers keep_both`);
  const resumed = await agent.invoke(new Command({ resume: { decision: "keep_both" } }), on(wang, "s-monday"));
  await show(memory, wang, resumed.memoryWrite!);
  console.log(indent(String(resumed.messages.at(-1)!.content), "    → "));
}
clock.now = new Date("2026-03-12T09:00:00+08:00");
console.log(`  three days later ${wang.name} changes their mind:`);
await show(
  memory,
  wang,
  await memory.remember({ scope: wang.scope, messages: [{ role: "user", content: "我最近不吃芒果了。" }] }),
);

title("3. recall: the block the model sees, and the trace that explains it");
clock.now = new Date("2026-03-12T12:00:00+08:00");
await recallAndExplain(memory, wang, "给我订一份外卖当午饭");
console.log("");
await recallAndExplain(
  memory,
  alice,
  "Write the team an email about the Bluebird launch plan, in long paragraphs this time",
  "write_email",
);
console.log(
  "    (write_email sees preferences and business facts only: the codename and the launch todo are " +
    "named as filtered, not silently dropped;\n     the standing 'short bullet points' preference is " +
    "overridden for this turn by the explicit request, and kept)",
);

title("4. a task outlives the session that started it");
await say(alice, "monday", "Start task Launch Bluebird: write the plan, book the venue, send invites");
await say(alice, "monday", "task Launch Bluebird: done write the plan");
await say(wang, "s-monday", "开始任务：迁移账单库：导出、转换、校验");
await say(wang, "s-monday", "任务迁移账单库：完成导出");
await memory.sessions.delete(alice.scope, "monday");
await memory.sessions.delete(wang.scope, "s-monday");
console.log(
  "  both Monday sessions are deleted (their threads gone from checkpoints/sessions.sqlite); the tasks are not:",
);
clock.now = new Date("2026-03-13T09:00:00+08:00");
await say(alice, "tuesday", "How far did task Launch Bluebird get?");
await say(wang, "s-tuesday", "任务迁移账单库做到哪了？");
await say(wang, "s-tuesday", "订餐要注意什么？");

title("5. forget-me: export, then forget a user");
const exported = await memory.export(wang.scope);
console.log(
  `  export of ${wang.name}: ${exported.records.length} memories, ${exported.history.length} history entries (format ${exported.version})`,
);
const forgotten = await step(`forgetting ${wang.name}`, () => memory.forget(wang.scope));
console.log(
  `  removed: ${forgotten.records} memories (${forgotten.pending} pending), ${forgotten.episodes} ` +
    `episodes, ${forgotten.history} history entries, ${forgotten.traces} traces, ` +
    `${forgotten.sessions} sessions, ${forgotten.tasks} tasks`,
);
const afterForget = await memory.recall({ scope: wang.scope, query: "香菜 订餐 芒果 发版" });
console.log(
  `  ${wang.name} now: ${(await memory.list(wang.scope, { about: "any" })).length} memories, ` +
    `${(await memory.tasks.list(wang.scope)).length} tasks, recall finds ` +
    `${afterForget.memories.length}; ${alice.name} still has ` +
    `${(await memory.list(alice.scope)).length} memories and ` +
    `${(await memory.tasks.list(alice.scope)).length} task`,
);
await memory.close();

const reopened = new HNSWStore({ dir, flushIntervalMs: 0 });
const kept = await reopened.search(recordsNamespace(alice.scope), { limit: 100 });
console.log(`  reopened the store: ${kept.length} records of ${alice.name} survive the restart, none of ${wang.name}`);
reopened.stop();
fs.rmSync(dir, { recursive: true, force: true });
console.log("\ndone — see README.md for the API.");
