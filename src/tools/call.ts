/**
 * What every memory tool reads of its call: whose memory (`config.configurable`, never the
 * arguments), the arguments themselves (validated here, so a model's mistake is answered, not
 * thrown), and how to answer (a ToolMessage for a tool call, plain text otherwise).
 */
import { ToolMessage } from "@langchain/core/messages";
import type { ToolRunnableConfig } from "@langchain/core/tools";
import { z } from "zod";
import { InvalidConfigError, InvalidInputError, zodProblem } from "../errors.js";
import { scopeFromConfig } from "../graph/runtime.js";
import { quoteValue } from "../redact.js";
import type { MemoryScope } from "../schema.js";

/**
 * The user a tool call acts for: `config.configurable.user_id` (and `tenant_id`), as the graphs
 * read it. A missing user is the application's mistake, not the model's: it is thrown, never
 * answered, and no argument can stand in for it.
 * @throws {InvalidConfigError} when `user_id` is missing or malformed.
 */
export function toolScope(config: ToolRunnableConfig | undefined, tool: string): MemoryScope {
  try {
    return scopeFromConfig({ configurable: config?.configurable ?? {} }, "write");
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    const field = String(error.details?.field ?? "userId");
    throw new InvalidConfigError(
      `${tool} acts for the user in config.configurable.user_id (with tenant_id when tenants are ` +
        `used), which the application sets on every run; it is missing or malformed (field ` +
        `'${field}'). Tool arguments never choose the user.`,
      { field },
    );
  }
}

/**
 * The schema LangChain is given for a tool. LangChain parses a tool's arguments before the tool
 * runs and throws on any mismatch, so a model's typo would surface as an exception (under
 * ToolNode: a generic "Please fix your mistakes"). This schema shows the model exactly the JSON
 * Schema of `schema` (LangChain renders every object strict, so no extra key is offered) but lets
 * every value through; the tool validates with `schema` itself ({@link readArguments}) and
 * answers a mistake with what was wrong and how to retry.
 */
export function modelFacingSchema(schema: z.ZodObject) {
  const json = z.toJSONSchema(schema, { io: "input" }) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  const shape = Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([key, property]) => [key, z.unknown().meta(property).optional()]),
  );
  return z.looseObject(shape).meta({ required: json.required ?? [] });
}

export type ReadArguments<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * A tool call's arguments, validated with the tool's real schema. Keys the schema does not know
 * (`user_id`, `scope`, …) are refused by name: whose memory is used is never an argument.
 */
export function readArguments<T>(
  schema: z.ZodType<T>,
  input: unknown,
  tool: string,
  expected: string,
): ReadArguments<T> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const unknown = parsed.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key].join(".")) : [],
  );
  if (unknown.length > 0) {
    const names = unknown.map((key) => quoteValue(key, 60)).join(", ");
    return {
      ok: false,
      problem:
        `${tool} has no argument ${names}; it takes ${expected}. Whose memories these are is set by ` +
        `the application for this conversation, never by arguments. Remove ` +
        `${unknown.length > 1 ? "them" : "it"} and call ${tool} again.`,
    };
  }
  const { text } = zodProblem(parsed.error, "(arguments)");
  return {
    ok: false,
    problem: `Invalid ${tool} arguments: ${text}. It takes ${expected}. Fix that and call ${tool} again.`,
  };
}

/**
 * A tool's answer: for a tool call, a ToolMessage with its status (and artifact, for programs);
 * invoked with plain arguments, the text alone.
 */
export function answer(
  config: ToolRunnableConfig | undefined,
  tool: string,
  text: string,
  options: { status?: "success" | "error"; artifact?: unknown } = {},
): ToolMessage | string {
  const id = config?.toolCall?.id;
  if (!id) return text;
  return new ToolMessage({
    content: text,
    name: tool,
    tool_call_id: id,
    status: options.status ?? "success",
    ...(options.artifact !== undefined ? { artifact: options.artifact } : {}),
  });
}
