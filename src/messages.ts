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
import { quoteValue, redactId } from "./redact.js";

/** One message of a conversation, as the write graph sees it. */
export interface ChatMessage {
  /** Stable id: the caller's, or a deterministic `m<index>-<hash>` when none was given. */
  id: string;
  role: "user" | "assistant" | "system" | "tool";
  /** Plain text; content blocks are joined, non-text blocks (images, audio) are skipped. */
  content: string;
  /** ISO-8601 time the message was said; relative dates ("yesterday") resolve against it. */
  at: string;
  /** The speaker when several people talk ("Ingrid"); content then names them. */
  name?: string;
  /** Content parts that are not text (`image_url`, `audio`, …), left out of `content`, by type. */
  dropped?: string[];
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
  /** Most messages accepted in one call. @default 1000 */
  maxMessages?: number;
  /**
   * How far past `now()` a message's `at` may lie (clocks drift; a replay with a fixed clock may
   * need more). Times before 1970 are refused whatever this says. @default 86_400_000 (one day)
   */
  maxFutureMs?: number;
}

/** Default limit of messages per call: a conversation's worth; more is a bulk import. */
export const DEFAULT_MAX_MESSAGES = 1000;
const DAY_MS = 86_400_000;
// A UTF-16 surrogate without its pair: not text, and not storable as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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
 * objects. Missing ids become `m<index>-<hash of role, content and the given time>`, so the same input always
 * gets the same ids; an existing {@link ChatMessage} passes through unchanged.
 *
 * @throws {InvalidInputError} when the input is not a non-empty array, a message is over
 *   `maxMessageBytes`, a role is unknown, content is not text, `at` is not a valid time or two
 *   messages share an id.
 * @example
 * import { HumanMessage } from "@langchain/core/messages";
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
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES;
  if (input.length > maxMessages) {
    throw new InvalidInputError(
      `Expected at most ${maxMessages} messages in one call (option maxMessages); received ${input.length}. Send a long history in several calls.`,
      { count: input.length, limit: maxMessages },
    );
  }
  const now = (options.now ?? (() => new Date()))();
  const latest = now.getTime() + (options.maxFutureMs ?? DAY_MS);
  const defaultAt = now.toISOString();
  const seen = new Set<string>();
  const messages = input.map((item, index) => {
    const message = isBaseMessage(item) ? fromBaseMessage(item, index) : fromPlain(item, index);
    for (const field of ["content", "id", "name"] as const) checkText(message[field], field, index);
    const bytes = Buffer.byteLength(message.content, "utf8");
    if (bytes > maxBytes) {
      throw new InvalidInputError(
        `Message ${index} is ${bytes} bytes of text; the limit is ${maxBytes} bytes (option maxMessageBytes).`,
        { index, bytes, limit: maxBytes },
      );
    }
    // The caller's time is part of a generated id: the same sentence said on another day is
    // another message, while the same input read again keeps its ids (a replay is not a mention).
    const id = message.id ?? `m${index}-${hashOf(`${message.role}\u0000${message.content}\u0000${message.at ?? ""}`)}`;
    if (seen.has(id)) {
      throw new InvalidInputError(
        `Message ${index} repeats id ${quoteValue(id)}; message ids must be unique within one call.`,
        { index, id: redactId(id) },
      );
    }
    seen.add(id);
    const at = message.at === undefined ? defaultAt : normalizeAt(message.at, index, latest);
    const normalized: ChatMessage = { id, role: message.role, content: message.content, at };
    if (message.name !== undefined) normalized.name = message.name;
    if (message.dropped.length > 0) normalized.dropped = message.dropped;
    return normalized;
  });
  return messages;
}

interface RawMessage {
  id?: string;
  role: ChatRole;
  content: string;
  /** Types of the content parts left out. */
  dropped: string[];
  at?: unknown;
  name?: string;
}

/** NUL and lone surrogates are not text: refused, naming the field. */
function checkText(value: string | undefined, field: string, index: number): void {
  if (value === undefined) return;
  const problem = value.includes("\u0000")
    ? "a NUL character"
    : LONE_SURROGATE.test(value)
      ? "a lone UTF-16 surrogate"
      : undefined;
  if (problem) {
    throw new InvalidInputError(`Message ${index} field '${field}' contains ${problem}; send well-formed text.`, {
      index,
      field,
    });
  }
}

function fromBaseMessage(message: BaseMessage, index: number): RawMessage {
  const type = message.getType();
  const rawRole = type === "generic" ? String((message as unknown as { role?: unknown }).role) : type;
  const role = ROLE_ALIASES[rawRole];
  if (role === undefined) throw unknownRole(index, rawRole);
  const kwargs = (message.additional_kwargs ?? {}) as Record<string, unknown>;
  const metadata = (message.response_metadata ?? {}) as Record<string, unknown>;
  const raw: RawMessage = { role, ...contentText(message.content, index), at: kwargs.at ?? metadata.at };
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
    ...contentText(parsed.data.content, index),
    at: parsed.data.at,
  };
  if (parsed.data.id !== undefined) raw.id = parsed.data.id;
  if (parsed.data.name !== undefined) raw.name = parsed.data.name;
  return raw;
}

/**
 * String content as is; multimodal content (an array of parts, as LangChain sends it) keeps its
 * text parts, joined by newlines, and records the types of the parts it leaves out.
 */
function contentText(content: unknown, index: number): { content: string; dropped: string[] } {
  if (typeof content === "string") return { content, dropped: [] };
  if (!Array.isArray(content)) {
    throw new InvalidInputError(
      `Message ${index} content must be text (a string or an array of content parts); received ${describeType(content)}.`,
      { index, field: "content" },
    );
  }
  const parts: string[] = [];
  const dropped: string[] = [];
  content.forEach((block, part) => {
    if (typeof block === "string") {
      parts.push(block);
      return;
    }
    const type = block !== null && typeof block === "object" ? (block as { type?: unknown }).type : undefined;
    if (typeof type !== "string") {
      throw new InvalidInputError(
        `Message ${index} content part ${part} must be a string or a content object with a type; received ${describeType(block)}.`,
        { index, field: `content.${part}` },
      );
    }
    const text = (block as { text?: unknown }).text;
    if (type === "text" && typeof text === "string") parts.push(text);
    else dropped.push(type);
  });
  return { content: parts.join("\n"), dropped };
}

/** A message time as ISO-8601: not before 1970, not more than the allowed skew past `latest`. */
function normalizeAt(at: unknown, index: number, latest: number): string {
  const iso = readAt(at, index);
  const time = Date.parse(iso);
  if (time < 0 || time > latest) {
    const when = time < 0 ? "is before 1970" : "lies in the future (more than option maxFutureMs past now)";
    throw new InvalidInputError(`Message ${index} field 'at' ${when}; received ${quoteValue(at)}.`, {
      index,
      field: "at",
    });
  }
  return iso;
}

function readAt(at: unknown, index: number): string {
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
    throw invalidAt(index, quoteValue(at));
  }
  throw invalidAt(index, describeType(at));
}

function checked(iso: string, original: string, index: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw invalidAt(index, quoteValue(original));
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
      : `has unknown role ${typeof role === "string" ? quoteValue(role, 60) : describeType(role)}`;
  return new InvalidInputError(`Message ${index} ${what}; expected one of ${MESSAGE_INPUT_ROLES.join(", ")}.`, {
    index,
    role: typeof role === "string" ? role : undefined,
  });
}

/** What a received value is, for an error message: its type, and a short redacted quote of a primitive. */
function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value instanceof Date) return "a Date";
  if (typeof value === "object") return "an object";
  return value === undefined ? "undefined" : `${typeof value} ${quoteValue(value)}`;
}

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 10);
}
