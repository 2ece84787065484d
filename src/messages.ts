/**
 * The write graph's input boundary: LangChain `BaseMessage`s or plain `{ role, content, ... }`
 * objects in, validated {@link ChatMessage}s out. Every later step (redaction, extraction,
 * persistence) reads only this shape, so role names, content blocks, ids and times are settled
 * here once.
 */
import { createHash } from "node:crypto";
import { type BaseMessage, isBaseMessage } from "@langchain/core/messages";
import { z } from "zod";
import { InvalidConfigError, InvalidInputError, zodProblem } from "./errors.js";

/** One message of a conversation, as the write graph sees it. */
export interface ChatMessage {
  /** Stable id: the caller's, or a deterministic `m<index>-<hash>` when none was given. */
  id: string;
  role: "user" | "assistant" | "system" | "tool";
  /** Plain text; content blocks are joined, non-text blocks (images, audio) are skipped. */
  content: string;
  /** ISO-8601 time the message was said; relative dates ("yesterday") resolve against it. */
  at: string;
  /** The speaker when several people talk ("Priya"); content then names them. */
  name?: string;
}

export type ChatRole = ChatMessage["role"];

/** Roles accepted on input, LangChain's names (human, ai) included. */
export const MESSAGE_INPUT_ROLES = ["user", "human", "assistant", "ai", "system", "tool"] as const;
export const MessageInputRoleSchema = z.enum(MESSAGE_INPUT_ROLES);

const ROLE_ALIASES: Record<string, ChatRole> = {
  user: "user",
  human: "user",
  assistant: "assistant",
  ai: "assistant",
  system: "system",
  tool: "tool",
};

/** `at` may be an ISO string (with or without offset, or a bare date), a Date or epoch milliseconds. */
const AtInputSchema = z.union([z.string(), z.date(), z.number()]);

/**
 * The plain input form of one message. `type` is accepted as an alias of `role` because that is
 * how serialised LangChain messages (LangGraph Studio, JSON fixtures) name it.
 */
export const PlainMessageSchema = z.object({
  role: MessageInputRoleSchema,
  content: z.union([z.string(), z.array(z.unknown())]),
  id: z.string().min(1).optional(),
  at: AtInputSchema.optional(),
  name: z.string().min(1).optional(),
});
export type PlainMessage = z.input<typeof PlainMessageSchema>;

export interface NormalizeMessagesOptions {
  /** Clock for messages that carry no time. @default () => new Date() */
  now?: () => Date;
  /** Largest accepted message, in UTF-8 bytes of its text. @default 65536 (64 KiB) */
  maxMessageBytes?: number;
}

/** Default per-message size limit: a chat turn, not a document dump. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024;

const ISO_WITH_OFFSET = z.iso.datetime({ offset: true });
const ISO_LOCAL = z.iso.datetime({ local: true });
const ISO_DATE = z.iso.date();

/**
 * Validate and normalise the messages handed to the write graph.
 *
 * Accepts LangChain `BaseMessage` instances (HumanMessage, AIMessage, SystemMessage,
 * ToolMessage; the time is read from `additional_kwargs.at` or `response_metadata.at`) and plain
 * objects. Missing ids become `m<index>-<hash of role and content>`, so the same input always
 * gets the same ids; an existing {@link ChatMessage} passes through unchanged.
 *
 * @throws {InvalidInputError} when the input is not a non-empty array, a message is over
 *   `maxMessageBytes`, a role is unknown, content is not text, `at` is not a valid time or two
 *   messages share an id.
 * @example
 * const messages = normalizeMessages(
 *   [new HumanMessage("我不吃香菜"), { role: "ai", content: "好的，记住了。" }],
 *   { now: () => new Date("2024-05-07T10:00:00Z") },
 * );
 * messages[0]; // { id: "m0-…", role: "user", content: "我不吃香菜", at: "2024-05-07T10:00:00.000Z" }
 */
export function normalizeMessages(input: unknown, options: NormalizeMessagesOptions = {}): ChatMessage[] {
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) {
    throw new InvalidConfigError(`maxMessageBytes must be a positive integer; received ${String(maxBytes)}.`);
  }
  if (!Array.isArray(input)) {
    throw new InvalidInputError(`Expected an array of messages; received ${describeType(input)}.`, {
      received: describeType(input),
    });
  }
  if (input.length === 0) {
    throw new InvalidInputError("Expected at least one message; received no messages (an empty array).");
  }
  let fallbackAt: string | undefined;
  const defaultAt = (): string => (fallbackAt ??= (options.now ?? (() => new Date()))().toISOString());
  const seen = new Set<string>();
  const messages = input.map((item, index) => {
    const message = isBaseMessage(item) ? fromBaseMessage(item, index) : fromPlain(item, index);
    const bytes = Buffer.byteLength(message.content, "utf8");
    if (bytes > maxBytes) {
      throw new InvalidInputError(
        `Message ${index} is ${bytes} bytes of text; the limit is ${maxBytes} bytes (option maxMessageBytes).`,
        { index, bytes, limit: maxBytes },
      );
    }
    const id = message.id ?? `m${index}-${hashOf(`${message.role}\u0000${message.content}`)}`;
    if (seen.has(id)) {
      throw new InvalidInputError(`Message ${index} repeats id '${id}'; message ids must be unique within one call.`, {
        index,
        id,
      });
    }
    seen.add(id);
    const at = message.at === undefined ? defaultAt() : normalizeAt(message.at, index);
    const normalized: ChatMessage = { id, role: message.role, content: message.content, at };
    if (message.name !== undefined) normalized.name = message.name;
    return normalized;
  });
  return messages;
}

interface RawMessage {
  id?: string;
  role: ChatRole;
  content: string;
  at?: unknown;
  name?: string;
}

function fromBaseMessage(message: BaseMessage, index: number): RawMessage {
  const type = message.getType();
  const rawRole = type === "generic" ? String((message as unknown as { role?: unknown }).role) : type;
  const role = ROLE_ALIASES[rawRole];
  if (role === undefined) throw unknownRole(index, rawRole);
  const kwargs = (message.additional_kwargs ?? {}) as Record<string, unknown>;
  const metadata = (message.response_metadata ?? {}) as Record<string, unknown>;
  const raw: RawMessage = { role, content: contentText(message.content, index), at: kwargs.at ?? metadata.at };
  if (typeof message.id === "string" && message.id.length > 0) raw.id = message.id;
  if (typeof message.name === "string" && message.name.length > 0) raw.name = message.name;
  return raw;
}

function fromPlain(item: unknown, index: number): RawMessage {
  if (item === null || typeof item !== "object" || Array.isArray(item)) {
    throw new InvalidInputError(
      `Message ${index} must be an object with role and content; received ${describeType(item)}.`,
      {
        index,
      },
    );
  }
  const record = item as Record<string, unknown>;
  const role = record.role ?? record.type;
  if (typeof role !== "string" || ROLE_ALIASES[role] === undefined) throw unknownRole(index, role);
  const parsed = PlainMessageSchema.safeParse({ ...record, role });
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(message)");
    if (field === "content") {
      throw new InvalidInputError(
        `Message ${index} content must be text (a string or an array of text blocks); received ${describeType(record.content)}.`,
        { index, field },
      );
    }
    throw new InvalidInputError(`Message ${index}: ${text}.`, { index, field });
  }
  const raw: RawMessage = {
    role: ROLE_ALIASES[role]!,
    content: contentText(parsed.data.content, index),
    at: parsed.data.at,
  };
  if (parsed.data.id !== undefined) raw.id = parsed.data.id;
  if (parsed.data.name !== undefined) raw.name = parsed.data.name;
  return raw;
}

/** String content as is; content blocks joined by newlines, keeping only text blocks. */
function contentText(content: unknown, index: number): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) {
    throw new InvalidInputError(
      `Message ${index} content must be text (a string or an array of text blocks); received ${describeType(content)}.`,
      { index, field: "content" },
    );
  }
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === "string") parts.push(block);
    else if (block !== null && typeof block === "object" && (block as { type?: unknown }).type === "text") {
      const text = (block as { text?: unknown }).text;
      if (typeof text === "string") parts.push(text);
    }
  }
  return parts.join("\n");
}

function normalizeAt(at: unknown, index: number): string {
  if (at instanceof Date) {
    if (Number.isNaN(at.getTime())) throw invalidAt(index, "an invalid Date");
    return at.toISOString();
  }
  if (typeof at === "number") {
    if (!Number.isFinite(at) || Number.isNaN(new Date(at).getTime())) throw invalidAt(index, String(at));
    return new Date(at).toISOString();
  }
  if (typeof at === "string") {
    // An explicit offset is kept as written: calendar dates ("yesterday") depend on it.
    if (ISO_WITH_OFFSET.safeParse(at).success && !Number.isNaN(Date.parse(at))) return at;
    // No offset: read as UTC, the only choice that does not depend on the server's zone.
    if (ISO_LOCAL.safeParse(at).success) return checked(`${at}Z`, at, index);
    if (ISO_DATE.safeParse(at).success) return checked(`${at}T00:00:00Z`, at, index);
    throw invalidAt(index, JSON.stringify(at));
  }
  throw invalidAt(index, describeType(at));
}

function checked(iso: string, original: string, index: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw invalidAt(index, JSON.stringify(original));
  return new Date(time).toISOString();
}

function invalidAt(index: number, received: string): InvalidInputError {
  return new InvalidInputError(
    `Message ${index} field 'at' must be an ISO-8601 time such as "2024-05-07T10:00:00+08:00", a Date or epoch milliseconds; received ${received}.`,
    { index, field: "at" },
  );
}

function unknownRole(index: number, role: unknown): InvalidInputError {
  const what =
    role === undefined
      ? "has no role"
      : `has unknown role ${typeof role === "string" ? `'${role}'` : describeType(role)}`;
  return new InvalidInputError(`Message ${index} ${what}; expected one of ${MESSAGE_INPUT_ROLES.join(", ")}.`, {
    index,
    role: typeof role === "string" ? role : undefined,
  });
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value instanceof Date) return "a Date";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value) ?? ""}`.trim();
}

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 10);
}
