/**
 * `npm run demo`: the whole module, offline, in one readable run.
 *
 *   1. remember — seed 002's four samples (written / rejected with score and reason), in Chinese and English
 *   2. conflicts — ask (pending → resolved), coexist, supersede, the WeChat one-off exception
 *   3. ask-user as a LangGraph interrupt inside an agent, resumed with Command
 *   4. recall — the injection block and its trace; the current instruction wins
 *   5. isolation, redaction, history and delete
 *   6. forget-me: export a user, forget them, and show that nothing of theirs remains
 *
 * Everything runs on the embedded defaults: rules for extraction, HashEmbeddings, HNSWStore in
 * a temporary directory (removed at the end). No API key, no network.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HumanMessage } from "@langchain/core/messages";
import {
  Annotation,
  Command,
  INTERRUPT,
  isInterrupted,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
} from "@langchain/langgraph";
import { createMemory, type MemoryConflictInterrupt, type MemoryRecord, type MemoryWriteOutput } from "./index.js";
import { recordsNamespace } from "./namespaces.js";
import { HNSWStore } from "./store/hnsw-store.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "langgraph-memory-demo-"));
const clock = { now: new Date("2026-03-10T09:00:00+08:00") };
const now = () => clock.now;
const at = () => clock.now.toISOString();

const wang = { userId: "wang", tenantId: "acme" };
const alice = { userId: "alice", tenantId: "acme" };

function title(text: string) {
  console.log(`\n━━ ${text} ${"━".repeat(Math.max(0, 72 - text.length))}`);
}

function show(out: MemoryWriteOutput) {
  for (const r of out.written)
    console.log(`  + written     ${r.content}   [${r.kind} · ${r.key} · confidence ${r.confidence}]`);
  for (const r of out.reinforced)
    console.log(`  = reinforced  ${r.content}   [confidence ${r.confidence}, ${r.source.messageIds.length} mentions]`);
  for (const r of out.superseded)
    console.log(`  ~ superseded  ${r.content}   → replaced by ${r.supersededBy?.slice(0, 8)}`);
  for (const r of out.merged) console.log(`  & merged      ${r.content}`);
  for (const r of out.pending) console.log(`  ? pending     ${r.content}`);
  for (const r of out.rejected)
    console.log(`  - rejected    ${r.candidate.content}   [${r.reason}, score ${r.score.toFixed(2)}]`);
}

const memory = await createMemory({ dir, now, env: {} });
console.log(`langgraph-memory demo — offline defaults, store in ${dir}`);

title("1. remember: seed 002's admission samples");
show(
  await memory.remember({
    scope: wang,
    messages: [
      { role: "user", content: "我不吃香菜，点外卖记得备注。", at: at() },
      { role: "user", content: "我们约定：所有数据库迁移必须先跑 make gen。", at: at() },
      { role: "user", content: "这次先用 SQLite，上线再换 PG。", at: at() },
      { role: "user", content: "上周排查过一个 502，是网关超时导致的。", at: at() },
      { role: "user", content: "谢谢你！", at: at() },
    ],
  }),
);
show(
  await memory.remember({
    scope: alice,
    messages: [
      { role: "user", content: "I don't eat cilantro, remember to note it when ordering takeout.", at: at() },
      { role: "user", content: "From now on, please reply in short bullet points.", at: at() },
      { role: "user", content: "My project's codename is Phoenix and I need the launch plan by Friday.", at: at() },
      { role: "assistant", content: "Got it. You seem to like dark mode.", at: at() },
    ],
  }),
);

title("2. conflicts: ask, coexist, supersede, one-off exception");
show(await memory.remember({ scope: wang, messages: [{ role: "user", content: "我喜欢吃苹果。", at: at() }] }));
console.log("  then 我喜欢喝咖啡 — same dimension, maybe a conflict: the module asks instead of guessing");
show(await memory.remember({ scope: wang, messages: [{ role: "user", content: "我喜欢喝咖啡。", at: at() }] }));
for (const p of await memory.pending(wang)) {
  console.log(`  ? question    ${p.question}   options: ${p.options.join(" / ")}`);
  const result = await memory.resolve(wang, p.record.id, "keep_both");
  console.log(`  ✓ resolved    keep_both → active: ${result.written.map((r) => r.content).join("; ")}`);
}
show(await memory.remember({ scope: wang, messages: [{ role: "user", content: "我偏好华为手机。", at: at() }] }));
clock.now = new Date("2026-03-20T09:00:00+08:00");
show(await memory.remember({ scope: wang, messages: [{ role: "user", content: "我最近不吃苹果了。", at: at() }] }));
for (let i = 0; i < 3; i += 1)
  await memory.remember({ scope: wang, messages: [{ role: "user", content: "我不用微信沟通。", at: at() }] });
console.log("  我不用微信沟通 ×3, then 这次发微信也行:");
show(await memory.remember({ scope: wang, messages: [{ role: "user", content: "这次发微信也行。", at: at() }] }));

title("3. ask-user as an interrupt inside your agent");
const Agent = Annotation.Root({ ...MessagesAnnotation.spec });
const agent = new StateGraph(Agent)
  .addNode("remember", memory.graphs.write)
  .addEdge(START, "remember")
  .compile({ checkpointer: new MemorySaver() });
const thread = { configurable: { thread_id: "demo-1", user_id: wang.userId, tenant_id: wang.tenantId } };
const paused = await agent.invoke({ messages: [new HumanMessage("我喜欢喝茶。")] }, thread);
if (isInterrupted<MemoryConflictInterrupt>(paused)) {
  const question = paused[INTERRUPT][0]!.value!;
  console.log(
    `  interrupt: ${JSON.stringify({ type: question.type, relation: question.relation, question: question.question, options: question.options })}`,
  );
  await agent.invoke(new Command({ resume: { decision: "supersede" } }), thread);
  console.log(
    `  resumed with { decision: "supersede" } → active food & drink: ${(await memory.list(wang, { status: "active" }))
      .filter((r) => r.key.startsWith("food."))
      .map((r) => r.content)
      .join("; ")}`,
  );
} else {
  console.log("  (no conflict to ask about)");
}

title("4. recall: the injection block and its trace");
clock.now = new Date("2026-03-21T12:00:00+08:00");
const lunch = await memory.recall({ scope: wang, query: "帮我点一份午餐外卖" });
console.log(lunch.context.replace(/^/gm, "  "));
const trace = await memory.trace(wang, lunch.traceId);
console.log(`  trace ${trace.traceId}: ${trace.memories.length} candidates, channels ${trace.channels.join(" + ")}`);
for (const m of trace.memories.slice(0, 4)) {
  const s = m.signals;
  const signals = s
    ? `semantic ${s.semantic.toFixed(2)} recency ${s.recency.toFixed(2)} importance ${s.importance.toFixed(2)} usage ${s.usage.toFixed(2)}`
    : "";
  console.log(`    ${m.outcome.padEnd(10)} ${(m.score ?? 0).toFixed(3)}  ${signals}  ${m.preview}`);
}
console.log("  alice, task write_email, asking for long paragraphs this time:");
const english = await memory.recall({
  scope: alice,
  query: "Draft an email to the team about the Phoenix launch plan, in long paragraphs this time",
  task: "write_email",
});
console.log(english.context.replace(/^/gm, "  "));
const overridden = (await memory.trace(alice, english.traceId)).memories.filter((m) => m.outcome === "overridden");
for (const m of overridden) console.log(`  overridden this turn (not deleted): ${m.preview} — ${m.reason}`);

title("5. isolation, redaction, history, delete");
const cross = await memory.recall({
  scope: { userId: "bob", tenantId: "acme" },
  query: "cilantro takeout Phoenix 香菜",
});
console.log(
  `  bob recalls ${cross.memories.length} memories (wang and alice have ${(await memory.list(wang)).length} and ${(await memory.list(alice)).length})`,
);
const secret = await memory.remember({
  scope: alice,
  messages: [{ role: "user", content: "Remember my phone is +86 138 1234 5678 and email alice@example.com", at: at() }],
});
console.log(`  stored as: ${[...secret.written, ...secret.pending].map((r) => r.content).join("; ") || "(nothing)"}`);
const apple = (await memory.list(wang, { status: "superseded" }))[0] as MemoryRecord | undefined;
if (apple) {
  console.log(`  history of "${apple.content}":`);
  for (const h of await memory.history(wang, apple.id)) console.log(`    ${h.at}  ${h.action.padEnd(10)} ${h.reason}`);
}
const cilantro = (await memory.list(alice)).find((r) => r.key.includes("cilantro"));
if (cilantro) {
  const deleted = await memory.delete(alice, cilantro.id, { reason: "the user asked" });
  const after = await memory.recall({ scope: alice, query: "cilantro" });
  console.log(
    `  deleted "${cilantro.content}" (and ${deleted.deleted.length - 1} episode of the same turn) → recalled again: ${after.memories.some((m) => m.id === cilantro.id)}`,
  );
  const tombstone = (await memory.history(alice, cilantro.id)).at(-1);
  console.log(`  its history keeps a tombstone only: ${tombstone?.action} ${tombstone?.key} "${tombstone?.reason}"`);
}

title("6. forget-me: export, then forget a user");
const exported = await memory.export(wang);
console.log(
  `  export of wang: ${exported.records.length} records, ${exported.history.length} history entries (version ${exported.version})`,
);
const forgotten = await memory.forget(wang);
console.log(
  `  forgot wang: memories ${forgotten.records} (pending ${forgotten.pending}), episodes ${forgotten.episodes}, history entries ${forgotten.history}, traces ${forgotten.traces}`,
);
const namespacesLeft = await memory.store.listNamespaces({ prefix: ["memory", "acme", "wang"] });
const afterForget = await memory.recall({ scope: wang, query: "香菜 外卖 Phoenix 苹果" });
console.log(
  `  wang now: ${namespacesLeft.length} namespaces, ${(await memory.list(wang, { about: "any" })).length} records, recall finds ${afterForget.memories.length}; alice still has ${(await memory.list(alice)).length} memories`,
);
await memory.close();

const reopened = new HNSWStore({ dir, flushIntervalMs: 0 });
const left = await reopened.search(recordsNamespace(alice), { limit: 100 });
console.log(`  reopened ${dir}: ${left.length} records for alice survive the restart`);
reopened.stop();
fs.rmSync(dir, { recursive: true, force: true });
console.log("\ndone — see README.md for the API.");
