/**
 * A recall that writes nothing: the read pipeline up to the block, then the trace built as the
 * record step would build it, returned instead of stored, and no usage counters bumped. For a
 * person looking at what a recall would do (the inspector's "try a recall"), which must not
 * change what the next real recall ranks.
 */

import { InvalidConfigError } from "../errors.js";
import type { PipelineRunner } from "../graph/pipeline.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { parseRecallInput, type RecallInput } from "./request.js";
import type { PreparedBookkeeping, ReadInput, ReadOutput } from "./state.js";
import { type RecallTrace, RecallTraceSchema } from "./trace.js";
import type { RecallResult } from "./types.js";

/** What a preview returns: the recall's answer and its trace, neither stored. */
export interface RecallPreview extends Omit<RecallResult, "traceId"> {
  trace: RecallTrace;
}

export interface Previewer {
  /**
   * Run recall without its bookkeeping: no trace stored, no usage counter bumped.
   * @throws {InvalidInputError} for a malformed input.
   */
  previewRecall(input: RecallInput): Promise<RecallPreview>;
}

/**
 * The previewer over a read pipeline built with `hooks.deferBookkeeping` set to the `capture`
 * this returns: the record step then hands its bookkeeping here instead of writing it.
 * @example
 * declare const queue: ScopeQueue;
 * declare const readPipelineWith: (hook: (b: PreparedBookkeeping) => void) => PipelineRunner<ReadInput, ReadOutput>;
 * const { capture, previewer } = createPreviewer(queue);
 * previewer.bind(readPipelineWith(capture));
 * const { trace, context } = await previewer.previewRecall({ scope: { userId: "u1" }, query: "coffee" });
 */
export function createPreviewer(queue: ScopeQueue): {
  capture: (bookkeeping: PreparedBookkeeping) => void;
  previewer: Previewer & { bind(run: PipelineRunner<ReadInput, ReadOutput>): void };
} {
  const captured = new Map<string, PreparedBookkeeping>();
  let run: PipelineRunner<ReadInput, ReadOutput> | undefined;
  return {
    capture: (bookkeeping) => captured.set(bookkeeping.traceId, bookkeeping),
    previewer: {
      bind(runner) {
        run = runner;
      },
      async previewRecall(input) {
        if (!run) throw new InvalidConfigError("previewRecall() has no read pipeline bound.");
        const parsed = parseRecallInput(input);
        await queue.changes(scopeKey(parsed.scope));
        const { memories, knowledge, context, traceId } = await run(parsed);
        const bookkeeping = captured.get(traceId);
        captured.delete(traceId);
        if (!bookkeeping) throw new InvalidConfigError("previewRecall(): the read pipeline recorded no trace.");
        // The write the record step would have made, never batched: its value is the trace.
        const trace = RecallTraceSchema.parse((await bookkeeping.traceWrite()).value);
        return { memories, knowledge, context, trace };
      },
    },
  };
}
