/**
 * `manage_memory` (LangMem's `create_manage_memory_tool`: `content`, `action`, `id`): how a
 * tool-calling agent changes the long-term memory of the user it talks to, through the same
 * governed paths as everything else:
 *
 *   create  the content is remembered as the user's explicit statement (`memory.remember`): the
 *           rules may store it, reinforce or merge what is known, supersede an outdated memory,
 *           hold it for the user's decision, or refuse it
 *   update  a new statement for memory `id` (`memory.revise`): the old version is superseded,
 *           never overwritten, and its history shows both
 *   delete  the audited delete (`memory.delete`): a tombstone stays in the history
 *
 * The answer says which happened, with ids. Whose memory it is comes from the run's config,
 * never from the arguments, so no call can read or change another user's memory.
 */
import type { ToolMessage } from "@langchain/core/messages";
import { type ToolRunnableConfig, tool } from "@langchain/core/tools";
import { z } from "zod";
import { ErrorCode, InvalidConfigError, isMemoryError, zodProblem } from "../errors.js";
import { quoteValue } from "../redact.js";
import type { MemoryRecord, MemoryScope } from "../schema.js";
import { runIds } from "../write/context.js";
import { type MemoryToolsBackend, requireBackend } from "./backend.js";
import { answer, modelFacingSchema, readArguments, toolScope } from "./call.js";
import { nothingWritten, shown, writeLines } from "./outcome.js";

export const MANAGE_MEMORY = "manage_memory";

const ManageArgumentsSchema = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .optional()
    .describe(
      "The memory as the user's own statement, first person, one fact: 'I prefer dark mode', '我不吃香菜'. Required for create and update.",
    ),
  action: z.enum(["create", "update", "delete"]).default("create").describe("What to do. Default: create."),
  id: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe(
      "The memory's id, from search_memory or an earlier answer. Required for update and delete; omit for create.",
    ),
});
type ManageArguments = z.output<typeof ManageArgumentsSchema>;

const EXPECTED = '{ content?, action?: "create" | "update" | "delete", id? }';

/** When to call manage_memory, after LangMem's default instructions. */
export const MANAGE_MEMORY_INSTRUCTIONS = `Call it when you:
1. learn a new preference or lasting fact of the user's;
2. are asked by the user to remember something, or to behave differently from now on;
3. find that a stored memory is wrong or outdated (update it with the correct statement, or delete it when the user asks to forget it).`;

const DESCRIPTION =
  "Create, update or delete a long-term memory about the user you are talking to, carried over to " +
  "future conversations. Write content as the user's own statement in the first person, one fact " +
  "per call. A statement is checked like anything the user says: it may be stored, reinforce or " +
  "merge with what is known, replace an outdated memory, wait for the user to settle a conflict, " +
  "or be refused; the answer says which, with ids. Include the memory's id when updating or " +
  "deleting; omit it when creating.";

export interface ManageMemoryToolOptions {
  /** When the model should call the tool, after the description. @default MANAGE_MEMORY_INSTRUCTIONS */
  instructions?: string;
}

const OptionsSchema = z.strictObject({ instructions: z.string().max(4000).optional() });

type Backend = Pick<MemoryToolsBackend, "remember" | "revise" | "get" | "pending" | "delete">;

/**
 * The `manage_memory` tool over a memory facade.
 * @throws {InvalidConfigError} for options other than `{ instructions? }` or a value that is not a Memory.
 * @example
 * import type { Memory } from "../memory.js";
 * declare const memory: Memory;
 * const manage = createManageMemoryTool(memory);
 * await manage.invoke({ content: "I prefer dark mode" }, { configurable: { user_id: "u1" } });
 * // 'Stored memory 3c… (preference, key preference.dark_mode): "The user prefers dark mode".'
 */
export function createManageMemoryTool(memory: unknown, options: ManageMemoryToolOptions = {}) {
  const backend = requireBackend(memory, ["remember", "revise", "get", "pending", "delete"], "createManageMemoryTool");
  const parsed = OptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(options)");
    throw new InvalidConfigError(`createManageMemoryTool options are { instructions? }: ${text}.`, { field });
  }
  const instructions = parsed.data.instructions ?? MANAGE_MEMORY_INSTRUCTIONS;
  return tool(
    async (input, config): Promise<ToolMessage | string> => {
      const scope = toolScope(config, MANAGE_MEMORY);
      const args = readArguments(ManageArgumentsSchema, input, MANAGE_MEMORY, EXPECTED);
      if (!args.ok) return answer(config, MANAGE_MEMORY, args.problem, { status: "error" });
      const problem = missingArgument(args.value);
      if (problem) return answer(config, MANAGE_MEMORY, problem, { status: "error" });
      try {
        return await manage(backend, scope, args.value, config);
      } catch (error) {
        // What the facade refuses about this call (a memory changed since it was checked, a
        // statement over the configured message size) is the model's to act on; anything else
        // (a closed or broken store) is the application's.
        if (isMemoryError(error) && (error.code === ErrorCode.NOT_FOUND || error.code === ErrorCode.INVALID_INPUT)) {
          const text = `${error.message} Call search_memory to find the memory as it stands now, then retry.`;
          return answer(config, MANAGE_MEMORY, text, { status: "error" });
        }
        throw error;
      }
    },
    {
      name: MANAGE_MEMORY,
      description: instructions ? `${DESCRIPTION}\n${instructions}` : DESCRIPTION,
      schema: modelFacingSchema(ManageArgumentsSchema),
    },
  );
}

function missingArgument({ action, content, id }: ManageArguments): string | undefined {
  if (action === "create" && id !== undefined)
    return `Omit id when creating: a new memory gets its own id. To change memory ${quoteValue(id)}, call ${MANAGE_MEMORY} with action "update".`;
  if (action !== "delete" && content === undefined)
    return `${action} needs content: the user's statement in the first person, one fact (e.g. "I prefer dark mode"). Add it and call ${MANAGE_MEMORY} again.`;
  if (action !== "create" && id === undefined)
    return `${action} needs the memory's id. Call search_memory to find it, then call ${MANAGE_MEMORY} again with id.`;
  return undefined;
}

async function manage(
  memory: Backend,
  scope: MemoryScope,
  { action, content, id }: ManageArguments,
  config: ToolRunnableConfig | undefined,
): Promise<ToolMessage | string> {
  const reply = (text: string, status: "success" | "error" = "success") =>
    answer(config, MANAGE_MEMORY, text, { status });
  // The statement is the user's, as the model relays it: governed like what the user says, and
  // traced to the tool call, but it is not a turn of the conversation, so it leaves no episode.
  const statement = {
    messages: [{ role: "user", content: content!, ...(config?.toolCall?.id ? { id: config.toolCall.id } : {}) }],
    recordEpisodes: false,
    ...runIds({}, config ?? {}),
  };

  if (action === "create") {
    const out = await memory.remember({ scope, ...statement });
    const nothing = nothingWritten(out, MANAGE_MEMORY);
    if (nothing) return reply(nothing, "error");
    const waiting = out.pending.length > 0 ? await memory.pending(scope) : [];
    return reply(writeLines(out, waiting).join("\n"));
  }

  const target = await memory.get(scope, id!);
  const unusable = target ? notUpdatable(target, action) : notFound(id!);
  if (unusable) return reply(unusable, "error");

  if (action === "delete") {
    const report = await memory.delete(scope, id!, { reason: `deleted through ${MANAGE_MEMORY}` });
    const episodes = report.deleted.length - 1;
    const alongside =
      episodes > 0 ? `, with ${episodes} episode${episodes > 1 ? "s" : ""} of the conversation that quoted it` : "";
    return reply(
      `Deleted memory ${id} (${target!.kind}, key ${target!.key})${alongside}. Its history keeps a tombstone without the content.`,
    );
  }

  const out = await memory.revise({ scope, id: id!, ...statement });
  const revised = out.revised;
  const lines: string[] = [];
  if (revised?.status === "superseded") {
    lines.push(`Updated: memory ${id} is superseded by ${revised.supersededBy} and kept in its history.`);
  } else if (out.reinforced.some((r) => r.id === id)) {
    lines.push(`Memory ${id} already says this: reinforced, not changed.`);
  } else if (out.merged.some((r) => r.id === id)) {
    lines.push(`Updated: memory ${id} now reads ${shown(revised ?? target!)}; its history keeps the earlier wording.`);
  } else {
    const nothing = nothingWritten(out, MANAGE_MEMORY);
    if (nothing) return reply(`Memory ${id} is unchanged. ${nothing}`, "error");
    lines.push(`Memory ${id} is unchanged${revised ? "" : " (it was deleted meanwhile)"}:`);
  }
  const waiting = out.pending.length > 0 ? await memory.pending(scope) : [];
  lines.push(...writeLines(out, waiting, new Set([id!])));
  return reply(lines.join("\n"));
}

function notFound(id: string): string {
  return `No memory with id ${quoteValue(id)} for this user. Call search_memory to find the id, then retry.`;
}

function notUpdatable(record: MemoryRecord, action: "update" | "delete"): string | undefined {
  if (action === "delete") return undefined;
  if (record.about === "conversation")
    return (
      `Memory ${record.id} is an episode of the conversation (a record of what was said): it cannot ` +
      `be updated, only deleted. To record what holds now, call ${MANAGE_MEMORY} with action ` +
      `"create".`
    );
  if (record.status === "superseded")
    return `Memory ${record.id} was already replaced by ${record.supersededBy}. Update ${record.supersededBy} instead (search_memory shows what holds now).`;
  if (record.status === "pending")
    return `Memory ${record.id} is waiting for the user's decision on a conflict and cannot be updated until they decide. Ask the user.`;
  if (record.status === "archived")
    return `Memory ${record.id} is archived (expired or unused). To record it again, call ${MANAGE_MEMORY} with action "create".`;
  return undefined;
}
