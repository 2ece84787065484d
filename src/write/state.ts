/**
 * The write graph's state: its annotation, the types derived from it, and its input boundary.
 *
 *   input    messages (normalised and redacted on the way in), sessionId, taskId, recordEpisodes
 *   working  redactions → candidates → admitted / rejected → decisions (+ extractionFailures,
 *            the conversation context of named speakers)
 *   output   memoryWrite: what was written, reinforced, superseded, merged, left pending or rejected
 *
 * Nodes are typed `WriteNode<reads, writes>` over this state; graphs/write.ts declares the steps.
 */
import { Annotation } from "@langchain/langgraph";
import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { lastValue, type StepNode } from "../graph/pipeline.js";
import { type ChatMessage, type NormalizeMessagesOptions, normalizeMessages } from "../messages.js";
import { quoteValue, redactId, redactMessages } from "../redact.js";
import type { MemoryCandidate } from "./candidate.js";
import type { ConflictDecision, ExtractionFailure, IgnoredInput, MemoryWriteOutput } from "./conflict/decision.js";
import type { ConversationContext } from "./extract/context.js";
import type { AdmittedCandidate, Rejection } from "./scoring.js";
import { readTranscript } from "./transcript.js";

/** Which message had which kinds of secret redacted (types only, never the values). */
export interface MessageRedactions {
  messageId: string;
  types: string[];
}

export const WriteStateAnnotation = Annotation.Root({
  /** The run's messages, already normalised and redacted by the input schema. */
  messages: lastValue<ChatMessage[]>(() => []),
  sessionId: lastValue<string | undefined>(() => undefined),
  taskId: lastValue<string | undefined>(() => undefined),
  /** false: the run's messages leave no episodes (see {@link WriteInput.recordEpisodes}). */
  recordEpisodes: lastValue<boolean | undefined>(() => undefined),
  redactions: lastValue<MessageRedactions[]>(() => []),
  /** Messages and parts not read for memories (system and tool messages, non-text parts). */
  ignored: lastValue<IgnoredInput[]>(() => []),
  candidates: lastValue<MemoryCandidate[]>(() => []),
  /** Episodes of the conversation (src/write/episodes.ts): recorded as said, never scored as the user's. */
  episodes: lastValue<MemoryCandidate[]>(() => []),
  extractionFailures: lastValue<ExtractionFailure[]>(() => []),
  /** The conversation context of named speakers, kept for the next call. */
  conversation: lastValue<ConversationContext | undefined>(() => undefined),
  admitted: lastValue<AdmittedCandidate[]>(() => []),
  rejected: lastValue<Rejection[]>(() => []),
  decisions: lastValue<ConflictDecision[]>(() => []),
  /**
   * The scope's write generation when score read the neighbours every decision rests on (see
   * ScopeQueue.generation).
   */
  basis: lastValue<number | undefined>(() => undefined),
  memoryWrite: lastValue<MemoryWriteOutput | undefined>(() => undefined),
});

export type WriteState = typeof WriteStateAnnotation.State;

/** Only `memoryWrite` leaves the graph, so a parent agent's own `messages` are never touched. */
export const WriteOutputAnnotation = Annotation.Root({ memoryWrite: WriteStateAnnotation.spec.memoryWrite });

/** A write-graph node: reads `R`, returns an update of `W`. */
export type WriteNode<R extends keyof WriteState, W extends keyof WriteState> = StepNode<WriteState, R, W>;

/** What one write call may carry: message size, message count, and how far ahead a time may lie. */
export type MessageLimits = Pick<NormalizeMessagesOptions, "maxMessageBytes" | "maxMessages" | "maxFutureMs">;

export interface WriteInputOptions extends MessageLimits {
  /** Clock for messages without `at`. @default () => new Date() */
  now?: () => Date;
}

/** What a write run accepts, before the input schema cleans it. */
export interface WriteInput {
  /** LangChain BaseMessages or `{ role, content, id?, at?, name? }`. */
  messages: unknown;
  sessionId?: string;
  taskId?: string;
  /**
   * false: record no episodes of these messages, because they are not turns of the conversation
   * (a statement a memory tool writes for the user, an import); their memories are governed as
   * usual. @default the graph's `episodes` option
   */
  recordEpisodes?: boolean;
}

/**
 * The write graph's input schema. Messages are normalised and redacted HERE and nowhere else
 * (seed 001 §6.4, seed 003 §3.2): the compiled graph parses its input with this schema before
 * LangGraph checkpoints it, and the direct runner parses with the same schema, so no raw phone
 * number, id, card or secret reaches a checkpoint, a node, a model or the store.
 * @throws {InvalidInputError} for no messages, an oversized message, an unknown role, a bad time
 *   or a malformed session / task id.
 */
export function writeInputSchema(options: WriteInputOptions = {}) {
  return z.object({
    messages: z.unknown().transform((messages) => prepareMessages(messages, options)),
    sessionId: z
      .unknown()
      .transform((value) => optionalId("sessionId", value))
      .optional(),
    taskId: z
      .unknown()
      .transform((value) => optionalId("taskId", value))
      .optional(),
    recordEpisodes: z
      .unknown()
      .transform((value) => optionalFlag("recordEpisodes", value))
      .optional(),
  });
}

/**
 * The write side's one input boundary for messages: validated and normalised, a transcript of
 * two named people relayed as user/assistant ("Name: …") read as named turns, then redacted.
 * @throws {InvalidInputError} for no messages, an oversized message, an unknown role or a bad time.
 */
export function prepareMessages(messages: unknown, options: WriteInputOptions = {}): ChatMessage[] {
  return redactMessages(readTranscript(normalizeMessages(messages, options))).messages;
}

/**
 * A session or task id as the write side keeps it. It is kept in records, history and
 * checkpoints: one that holds a secret (a phone number, a card) is replaced by a stable digest of
 * it (redactId), like message ids.
 * @throws {InvalidInputError} for anything but a string of 1–256 characters (or nothing).
 */
export function optionalId(field: "sessionId" | "taskId", value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string" && value.length > 0 && value.length <= 256)
    return redactId(value, field === "sessionId" ? "s" : "t");
  throw new InvalidInputError(
    `The write graph's ${field} must be a non-empty string of at most 256 characters; received ${quoteValue(value)}.`,
    { field },
  );
}

function optionalFlag(field: "recordEpisodes", value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "boolean") return value;
  throw new InvalidInputError(`The write graph's ${field} must be true or false; received ${quoteValue(value)}.`, {
    field,
  });
}
