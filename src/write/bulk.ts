/**
 * `remember({ ..., bulk })`: a whole transcript written as the runs an agent calling
 * `remember` turn by turn would make (or runs of several whole turns), one after another, inside
 * the store's bulk load (contract.ts `BulkLoading`): the vector index is built once at the end,
 * and each run decides exactly as the same call outside a load would (the store's searches see
 * every committed vector meanwhile). A turn is a user message and the messages after it up to
 * the next user message; messages before the first user message make a turn of their own.
 */
import { z } from "zod";
import { InvalidInputError, zodProblem } from "../errors.js";
import { normalizeMessages } from "../messages.js";
import type { MemoryWriteOutput } from "./conflict/decision.js";

/** The bulk option of `remember`. */
export interface BulkRememberOptions {
  /**
   * Messages per run, in whole turns (a turn longer than this is a run of its own, cut at 1000
   * messages, the most one run takes): 1 writes turn by turn,
   * exactly as one `remember` per turn; larger runs cost less per message and decide as
   * `remember` calls of those runs would (a run compares its candidates with each other).
   * @default 1
   */
  messagesPerRun?: number;
}

/** Most messages of one run: a write run's own default limit (messages.ts DEFAULT_MAX_MESSAGES). */
const MAX_RUN = 1000;

const BulkSchema = z.union([
  z.boolean(),
  z.object({ messagesPerRun: z.number().int().min(1).max(MAX_RUN).optional() }).strict(),
]);

/**
 * Messages per run for a `bulk` option, or undefined when the call is not a bulk write.
 * @throws {InvalidInputError} for anything but a boolean or `{ messagesPerRun? }`.
 */
export function bulkRunSize(bulk: unknown): number | undefined {
  if (bulk === undefined) return undefined;
  const parsed = BulkSchema.safeParse(bulk);
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "bulk");
    throw new InvalidInputError(`remember() takes bulk: true or { messagesPerRun?: 1–${MAX_RUN} }: ${text}.`, {
      field: `bulk${field ? `.${field}` : ""}`,
    });
  }
  if (parsed.data === false) return undefined;
  return parsed.data === true ? 1 : (parsed.data.messagesPerRun ?? 1);
}

/**
 * The transcript cut into runs of whole turns, at most `size` messages each unless one turn is
 * longer (then it is a run of its own, cut at MAX_RUN messages); every message is
 * read once (role, content) so a malformed one is refused before anything is written. Each run
 * holds the caller's own message objects: ids and times are given to them by their run, as by
 * one `remember` call.
 * @throws {InvalidInputError} as `remember` does for messages it cannot read.
 */
export function transcriptRuns(messages: unknown, size: number): unknown[][] {
  const read = normalizeMessages(messages, {
    maxMessages: Number.MAX_SAFE_INTEGER,
    maxMessageBytes: Number.MAX_SAFE_INTEGER,
    maxFutureMs: Number.MAX_SAFE_INTEGER,
  });
  const raw = messages as unknown[];
  const turns: unknown[][] = [];
  for (const [i, message] of read.entries()) {
    const last = turns.at(-1);
    if (!last || message.role === "user" || last.length >= MAX_RUN) turns.push([raw[i]]);
    else last.push(raw[i]);
  }
  const runs: unknown[][] = [];
  for (const turn of turns) {
    const last = runs.at(-1);
    if (last && last.length + turn.length <= size) last.push(...turn);
    else runs.push([...turn]);
  }
  return runs;
}

/** The runs' outputs as one: every list concatenated in run order. */
export function joinOutputs(outputs: MemoryWriteOutput[]): MemoryWriteOutput {
  const joined: MemoryWriteOutput = {
    written: [],
    reinforced: [],
    superseded: [],
    merged: [],
    pending: [],
    rejected: [],
    exceptions: [],
    episodes: [],
    extractionFailures: [],
    ignored: [],
    messages: [],
  };
  for (const out of outputs)
    for (const field of Object.keys(joined) as Array<keyof MemoryWriteOutput>)
      (joined[field] as unknown[]).push(...(out[field] as unknown[]));
  return joined;
}
