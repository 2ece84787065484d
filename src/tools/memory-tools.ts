/**
 * The memory tools for tool-calling agents, LangMem's pair: `search_memory` (src/tools/search.ts)
 * and `manage_memory` (src/tools/manage.ts), over one memory facade. Add them to your model
 * (`model.bindTools(tools)`) and to a `ToolNode`; pass the user in `configurable` on every run.
 */
import { z } from "zod";
import { InvalidConfigError, zodProblem } from "../errors.js";
import { createManageMemoryTool, type ManageMemoryToolOptions } from "./manage.js";
import { createSearchMemoryTool, type SearchMemoryToolOptions } from "./search.js";

export interface MemoryToolsOptions {
  /** When the model should call manage_memory, after its description. @default MANAGE_MEMORY_INSTRUCTIONS */
  instructions?: ManageMemoryToolOptions["instructions"];
  /** The task policy search_memory recalls under (seed 004 §3). @default the default policy */
  task?: SearchMemoryToolOptions["task"];
}

// Each value is checked by the tool it configures.
const OptionsSchema = z.strictObject({ instructions: z.unknown().optional(), task: z.unknown().optional() });

/**
 * `[search_memory, manage_memory]` over a memory facade. The user is read from
 * `config.configurable.user_id` (and `tenant_id`) of each call, never from the arguments.
 * @throws {InvalidConfigError} for a value that is not a Memory, or unknown options.
 * @example
 * import { HumanMessage } from "@langchain/core/messages";
 * import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
 * import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
 * import { ChatOpenAI } from "@langchain/openai";
 * import { createMemory } from "../memory.js";
 * const model = new ChatOpenAI({ model: "gpt-4o-mini" });
 * const memory = await createMemory({ dir: "./.memory" });
 * const tools = createMemoryTools(memory);
 * const agent = new StateGraph(MessagesAnnotation)
 *   .addNode("agent", async (state) => ({ messages: [await model.bindTools(tools).invoke(state.messages)] }))
 *   .addNode("tools", new ToolNode(tools))
 *   .addEdge(START, "agent")
 *   .addConditionalEdges("agent", toolsCondition, ["tools", END])
 *   .addEdge("tools", "agent")
 *   .compile();
 * await agent.invoke({ messages: [new HumanMessage("I prefer dark mode")] }, { configurable: { user_id: "u1" } });
 */
export function createMemoryTools(memory: unknown, options: MemoryToolsOptions = {}) {
  const parsed = OptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(options)");
    throw new InvalidConfigError(`createMemoryTools options are { instructions?, task? }: ${text}.`, { field });
  }
  const { instructions, task } = parsed.data;
  const tools: [ReturnType<typeof createSearchMemoryTool>, ReturnType<typeof createManageMemoryTool>] = [
    createSearchMemoryTool(memory, task === undefined ? {} : { task: task as string }),
    createManageMemoryTool(memory, instructions === undefined ? {} : { instructions: instructions as string }),
  ];
  return tools;
}
