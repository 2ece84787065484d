/**
 * `search_memory` (LangMem's `create_search_memory_tool`: `query`, `limit`, `offset`, `filter`):
 * the read path for a tool-calling agent. It runs `memory.recall` for the user of the run, so
 * the answer follows the project's rules: only that user's memories (and no knowledge-base
 * chunks), what holds now unless the query asks about the past or `filter.include_history` is
 * set, the task policy's kinds, instruction-like text withheld. Each recall leaves its trace.
 */
import type { ToolMessage } from "@langchain/core/messages";
import { type ToolRunnableConfig, tool } from "@langchain/core/tools";
import { z } from "zod";
import { InvalidConfigError, zodProblem } from "../errors.js";
import { quoteValue } from "../redact.js";
import { MemoryKindSchema, type MemoryScope } from "../schema.js";
import { type MemoryToolsBackend, requireBackend } from "./backend.js";
import { answer, modelFacingSchema, readArguments, toolScope } from "./call.js";
import { memoryLine } from "./outcome.js";

export const SEARCH_MEMORY = "search_memory";

/** Recall ranks at most this many memories (RecallInputSchema's `limit`), so paging stops there. */
const MAX_RANKED = 100;

const SearchArgumentsSchema = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .describe("What to look for, in a few words or the user's question: 'reply style', '饮食忌口'."),
  // 10 is LangMem's page; 50 at most keeps one answer readable (the project's choice, not a seed's).
  limit: z.number().int().min(1).max(50).default(10).describe("How many memories to return at most."),
  offset: z
    .number()
    .int()
    .min(0)
    .max(MAX_RANKED - 1)
    .default(0)
    .describe("How many of the best matches to skip, to see the next ones."),
  filter: z
    .strictObject({
      kind: z
        .union([MemoryKindSchema, z.array(MemoryKindSchema).min(1)])
        .optional()
        .describe("Only memories of this kind, or of these kinds."),
      include_history: z
        .boolean()
        .optional()
        .describe(
          "true: also earlier versions that were superseded or archived. Default: only what holds now, unless the query asks about the past.",
        ),
    })
    .optional()
    .describe("Narrow the search."),
});
type SearchArguments = z.output<typeof SearchArgumentsSchema>;

const EXPECTED = "{ query, limit?: 1–50, offset?: 0–99, filter?: { kind?, include_history? } }";

export interface SearchMemoryToolOptions {
  /**
   * Added to the tool's description: when the model should search.
   * @default "" (the description alone)
   */
  instructions?: string;
  /** The task policy recall runs under (seed 004 §3), e.g. `"write_email"`. @default the default policy */
  task?: string;
}

const OptionsSchema = z.strictObject({
  instructions: z.string().max(4000).optional(),
  task: z.string().min(1).max(100).optional(),
});

const DESCRIPTION =
  "Search the long-term memory about the user you are talking to: preferences, facts, plans and " +
  "what was said in earlier conversations. Returns the best matches first, each with the id that " +
  "manage_memory takes to update or delete it.";

/** One recalled memory as the tool's artifact carries it (the text answer shows the same). */
export interface SearchedMemory {
  id: string;
  content: string;
  kind: string;
  key: string;
  /** When it was said or held (`observedAt`, ISO). */
  when: string;
  score: number;
  status: string;
  supersededBy?: string;
}

/**
 * The `search_memory` tool over a memory facade.
 * @throws {InvalidConfigError} for options other than `{ instructions?, task? }` or a value that is not a Memory.
 * @example
 * import type { Memory } from "../memory.js";
 * declare const memory: Memory;
 * const search = createSearchMemoryTool(memory);
 * await search.invoke({ query: "reply style" }, { configurable: { user_id: "u1" } });
 * // 1 memory for "reply style", best first:
 * // 1. "The user wants replies in short bullet points"
 * //    id 9f… · preference · key reply.length · 2026-03-01 · score 0.74
 */
export function createSearchMemoryTool(memory: unknown, options: SearchMemoryToolOptions = {}) {
  const backend = requireBackend(memory, ["recall"], "createSearchMemoryTool");
  const { instructions, task } = parseOptions(options);
  return tool(
    async (input, config): Promise<ToolMessage | string> => {
      const scope = toolScope(config, SEARCH_MEMORY);
      const args = readArguments(SearchArgumentsSchema, input, SEARCH_MEMORY, EXPECTED);
      if (!args.ok) return answer(config, SEARCH_MEMORY, args.problem, { status: "error" });
      return search(backend, scope, args.value, task, config);
    },
    {
      name: SEARCH_MEMORY,
      description: instructions ? `${DESCRIPTION}\n${instructions}` : DESCRIPTION,
      schema: modelFacingSchema(SearchArgumentsSchema),
    },
  );
}

async function search(
  memory: Pick<MemoryToolsBackend, "recall">,
  scope: MemoryScope,
  { query, limit, offset, filter }: SearchArguments,
  task: string | undefined,
  config: ToolRunnableConfig | undefined,
): Promise<ToolMessage | string> {
  if (offset + limit > MAX_RANKED) {
    const problem =
      `offset + limit may be at most ${MAX_RANKED} (recall ranks at most ${MAX_RANKED} memories); ` +
      `received offset ${offset} and limit ${limit}. Lower one of them and call ${SEARCH_MEMORY} ` +
      `again.`;
    return answer(config, SEARCH_MEMORY, problem, { status: "error" });
  }
  const kind = filter?.kind;
  const recalled = await memory.recall({
    scope,
    query,
    limit: offset + limit,
    includeKnowledge: false,
    ...(kind ? { kinds: Array.isArray(kind) ? kind : [kind] } : {}),
    ...(filter?.include_history !== undefined ? { includeHistory: filter.include_history } : {}),
    ...(task ? { task } : {}),
  });
  const page = recalled.memories.slice(offset, offset + limit);
  const asked = quoteValue(query, 120);
  const artifact = {
    traceId: recalled.traceId,
    memories: page.map(
      (m): SearchedMemory => ({
        id: m.id,
        content: m.content,
        kind: m.kind,
        key: m.key,
        when: m.observedAt,
        score: m.score,
        status: m.status,
        ...(m.supersededBy ? { supersededBy: m.supersededBy } : {}),
      }),
    ),
  };
  if (page.length === 0) {
    const text =
      offset > 0 && recalled.memories.length > 0
        ? `No memories for ${asked} beyond the first ${recalled.memories.length}.`
        : `No memories found for ${asked}. Nothing stored about this user matches; try other words or a wider filter.`;
    return answer(config, SEARCH_MEMORY, text, { artifact });
  }
  const header = `${page.length} ${page.length === 1 ? "memory" : "memories"} for ${asked}, best first${offset > 0 ? ` (from #${offset + 1})` : ""}:`;
  const lines = page.map((m, i) => memoryLine(offset + i + 1, m));
  return answer(config, SEARCH_MEMORY, [header, ...lines].join("\n"), { artifact });
}

function parseOptions(options: unknown): z.output<typeof OptionsSchema> {
  const parsed = OptionsSchema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  const { field, text } = zodProblem(parsed.error, "(options)");
  throw new InvalidConfigError(`createSearchMemoryTool options are { instructions?, task? }: ${text}.`, { field });
}
