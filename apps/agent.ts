/**
 * The example agent (`agent` in langgraph.json): a session graph that embeds the memory graphs.
 *
 *   START → session → recall (memory_read, subgraph) → run_task | respond → remember (memory_write, subgraph) → window → END
 *
 * - `recall` runs the read graph on the thread's messages: the latest user message is the query,
 *   its `context` block goes into the model's system message.
 * - `run_task` answers the task commands of src/agent/intents.ts ("start task X: a, b", "how far did
 *   task X get?", "task X: done a"; 开始任务 / 做到哪了 / 完成) through `memory.tasks`: a task is a
 *   thread of the task checkpointer (graphs/task.ts), so any later session of the same user
 *   resumes it by its title or id (seed 002 N9). Anything else goes to `respond`.
 * - `session` registers the thread as the user's session (`memory.sessions.open`) first.
 * - `respond` calls the model: the one given, else ChatOpenAI (or another provider) when OPENAI_*
 *   / LGM_CHAT_* variables are set, else the offline rule-based responder (src/agent/responder.ts,
 *   which labels every reply). It reads the short-term window (summary + condensed + full rounds).
 * - `remember` runs the write graph on this turn's messages (the user's message and a model's
 *   reply; a reply made by rules, which only repeats memory or a task, is not written back):
 *   a memory is kept as soon as it is said, and a conflict's `interrupt()` reaches the caller of
 *   the agent, who resumes it with `Command({ resume: { decision } })`.
 * - `window` (src/short-term/) folds old rounds into the rolling summary and removes them from the
 *   thread. What leaves it was already written by `remember` on its own turn, so it is not sent
 *   again (a second pass would only find it already known).
 *
 * The scope is `config.configurable.user_id` / `tenant_id`; the session is the thread
 * (`thread_id`), registered with `memory.sessions` on every turn so forget-me and the session TTL
 * find it. Compiled with the session checkpointer (`memory.checkpointers.sessions`) by default.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, SystemMessage } from "@langchain/core/messages";
import {
  Annotation,
  type BaseCheckpointSaver,
  END,
  type LangGraphRunnableConfig,
  START,
  StateGraph,
} from "@langchain/langgraph";
import { createShortTermNode } from "../nodes/short-term/window.js";
import { type TaskIntent, taskIntent } from "../src/agent/intents.js";
import { isRuleReply, OfflineResponder, RULE_REPLY } from "../src/agent/responder.js";
import { scopeFromConfig } from "../src/graph/runtime.js";
import type { Memory } from "../src/memory.js";
import type { MemoryScope } from "../src/schema.js";
import type { ShortTermOptions } from "../src/short-term/options.js";
import { ShortTermAnnotation, shortTermMessages } from "../src/short-term/state.js";
import { resolveChatModel } from "../src/text/models.js";
import { detectLanguage } from "../src/text/tokenizer.js";
import type { TaskState } from "../src/threads/schema.js";
import type { MemoryWriteOutput } from "../src/write/conflict/decision.js";

export interface AgentGraphOptions {
  /** The memory the agent reads, writes and keeps tasks in. */
  memory: Memory;
  /** The chat model; default: from OPENAI_* / LGM_CHAT_* in `env`, else the offline responder. */
  model?: BaseChatModel;
  /** Where to read model variables. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** The short-term window (rounds kept, summary cadence, token budget). */
  window?: ShortTermOptions;
  /** The system prompt before the memory block. */
  instructions?: string;
  /** The session checkpointer; false compiles without one. @default memory.checkpointers.sessions */
  checkpointer?: BaseCheckpointSaver | false;
}

export const AgentAnnotation = Annotation.Root({
  ...ShortTermAnnotation.spec,
  /** The memory block of this turn's recall (memory_read's `context`). */
  context: Annotation<string>(),
  /** What this turn's write did (memory_write's output). */
  memoryWrite: Annotation<MemoryWriteOutput | undefined>(),
  /**
   * The task this session touched last, as it stands. Not `task`: the read graph, a subgraph
   * here, reads a `task` key as its task policy's name.
   */
  currentTask: Annotation<TaskState | undefined>(),
});
export type AgentState = typeof AgentAnnotation.State;

const INSTRUCTIONS = "You are a helpful assistant with long-term memory of this user.";

/**
 * Build the example agent.
 * @example
 * import { HumanMessage } from "@langchain/core/messages";
 * declare const memory: Memory;
 * const agent = createAgentGraph({ memory });
 * const config = { configurable: { thread_id: "session-1", user_id: "u1" } };
 * await agent.invoke({ messages: [new HumanMessage("我不吃香菜。")] }, config);
 */
export function createAgentGraph(options: AgentGraphOptions) {
  const { memory } = options;
  const model = options.model ?? resolveChatModel({ env: options.env }) ?? new OfflineResponder({});
  const windowOptions: ShortTermOptions = {
    ...options.window,
    ...(options.model || !(model instanceof OfflineResponder) ? { model } : {}),
  };
  const instructions = options.instructions ?? INSTRUCTIONS;

  const respond = async (state: AgentState) => {
    const system = new SystemMessage(state.context ? `${instructions}\n\n${state.context}` : instructions);
    const reply = await model.invoke([system, ...(await shortTermMessages(state, windowOptions))]);
    return { messages: [reply] };
  };

  const task = async (state: AgentState, config: LangGraphRunnableConfig) => {
    const intent = taskIntent(lastUserText(state.messages))!;
    const scope = scopeFromConfig(config, "write");
    const sessionId = sessionOf(config);
    const { reply, task } = await runTaskCommand(memory, scope, intent, sessionId);
    return {
      messages: [new AIMessage({ content: reply, additional_kwargs: { generated_by: RULE_REPLY } })],
      currentTask: task,
    };
  };

  const remember = async (state: AgentState, config: LangGraphRunnableConfig) => {
    // A reply made by rules repeats what memory or a task holds: not written back (src/agent/responder.ts).
    const turn = thisTurn(state.messages).filter((message) => !isRuleReply(message));
    if (turn.length === 0) return { memoryWrite: undefined };
    const out = await memory.graphs.write.invoke({ messages: turn, sessionId: sessionOf(config) }, config);
    return { memoryWrite: out.memoryWrite };
  };

  const session = async (_state: AgentState, config: LangGraphRunnableConfig) => {
    const sessionId = sessionOf(config);
    if (sessionId) await memory.sessions.open(scopeFromConfig(config, "write"), sessionId);
    return {};
  };

  const graph = new StateGraph(AgentAnnotation)
    .addNode("session", session)
    .addNode("recall", memory.graphs.read)
    .addNode("run_task", task)
    .addNode("respond", respond)
    .addNode("remember", remember)
    .addNode("window", createShortTermNode(windowOptions))
    .addEdge(START, "session")
    .addEdge("session", "recall")
    .addConditionalEdges("recall", (state) => (taskIntent(lastUserText(state.messages)) ? "run_task" : "respond"), [
      "run_task",
      "respond",
    ])
    .addEdge("run_task", "remember")
    .addEdge("respond", "remember")
    .addEdge("remember", "window")
    .addEdge("window", END);
  const checkpointer = options.checkpointer === undefined ? memory.checkpointers.sessions : options.checkpointer;
  return graph.compile({ checkpointer: checkpointer || undefined, name: "agent" });
}

export type AgentGraph = ReturnType<typeof createAgentGraph>;

/**
 * Carry out a task command for the scope and say what happened, in the user's language.
 * Titles are looked up among the scope's tasks (case-insensitively, the latest first).
 */
export async function runTaskCommand(
  memory: Memory,
  scope: MemoryScope,
  intent: TaskIntent,
  sessionId: string | undefined,
): Promise<{ reply: string; task?: TaskState }> {
  const zh = detectLanguage(intent.title + ("steps" in intent ? intent.steps.join(" ") : "")) === "zh";
  const session = sessionId ? { sessionId } : {};
  if (intent.type === "start") {
    const task = await memory.tasks.start(scope, { title: intent.title, steps: intent.steps, ...session });
    const steps = task.remaining.join(zh ? "、" : ", ");
    const reply = zh
      ? `已开始任务「${task.title}」${steps ? `，步骤：${steps}` : ""}。任何新的会话里问“任务${task.title}做到哪了”都能接着做。`
      : `Started task "${task.title}"${steps ? ` with steps: ${steps}` : ""}. Ask "how far did task ${task.title} get?" in any later session to pick it up.`;
    return { reply, task };
  }
  const [found] = await memory.tasks.list(scope, { title: intent.title });
  if (!found) {
    return {
      reply: zh
        ? `没有名为「${intent.title}」的任务。用“开始任务：${intent.title}”来新建。`
        : `There is no task named "${intent.title}". Say "start task ${intent.title}" to begin one.`,
    };
  }
  const task =
    intent.type === "done"
      ? await memory.tasks.update(scope, found.taskId, { done: [intent.step], ...session })
      : await memory.tasks.get(scope, found.taskId);
  return { reply: describeTask(task, zh, intent.type === "done" ? intent.step : undefined), task };
}

function describeTask(task: TaskState, zh: boolean, justDone?: string): string {
  const join = (items: string[]) => items.join(zh ? "、" : ", ") || (zh ? "无" : "none");
  const total = task.done.length + task.remaining.length;
  if (zh) {
    return [
      justDone ? `已记下任务「${task.title}」完成了「${justDone}」。` : `任务「${task.title}」（${task.status}）：`,
      `已完成 ${task.done.length}/${total}：${join(task.done)}；待办：${join(task.remaining)}。`,
      task.progress ? `进展：${task.progress}` : "",
    ]
      .filter(Boolean)
      .join("");
  }
  return [
    justDone ? `Noted "${justDone}" as done for task "${task.title}".` : `Task "${task.title}" (${task.status}):`,
    `${task.done.length} of ${total} steps done: ${join(task.done)}; remaining: ${join(task.remaining)}.`,
    task.progress ? `Progress: ${task.progress}` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function sessionOf(config: LangGraphRunnableConfig): string | undefined {
  const id = config.configurable?.thread_id;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/** The last user message and what followed it. */
function thisTurn(messages: readonly BaseMessage[]): BaseMessage[] {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i]!.getType() === "human") return messages.slice(i);
  return [];
}

function lastUserText(messages: readonly BaseMessage[]): string {
  const user = thisTurn(messages)[0];
  if (!user) return "";
  return typeof user.content === "string" ? user.content : "";
}
