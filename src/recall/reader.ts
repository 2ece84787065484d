/**
 * The read side of the facade: `recall`, `trace` and `knowledge`, over the read pipeline's
 * direct runner (built by the facade from graphs/read.ts). Reads wait for the scope's queued
 * writes, so a recall never sees a half-finished remember() of the same user.
 */
import type { BaseStore } from "@langchain/langgraph";
import { InvalidInputError } from "../errors.js";
import type { PipelineRunner } from "../graph/pipeline.js";
import { quoteValue } from "../redact.js";
import { type MemoryScope, parseScope } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import {
  importKnowledge,
  type KnowledgeDoc,
  type KnowledgeDocSummary,
  type KnowledgeImportReport,
  listKnowledge,
} from "./knowledge.js";
import { parseRecallInput, type RecallInput } from "./request.js";
import type { ReadInput, ReadOutput } from "./state.js";
import { type RecallTrace, readTrace } from "./trace.js";
import type { RecallResult } from "./types.js";

export interface ReaderOptions {
  store: BaseStore;
  /** The per-scope queue shared with the write side. */
  queue: ScopeQueue;
  /** The read pipeline's direct runner. */
  run: PipelineRunner<ReadInput, ReadOutput>;
  now: () => Date;
}

export interface Reader {
  /**
   * Recall for one turn: scoped hybrid search, ranking, task policy, budgets, the injection
   * block and a stored trace.
   * @throws {InvalidInputError} for a malformed input.
   */
  recall(input: RecallInput): Promise<RecallResult>;
  /**
   * A stored recall trace (a trace still queued is written first).
   * @throws {NotFoundError} when it does not exist in this scope or has expired.
   */
  trace(scope: MemoryScope, traceId: string): Promise<RecallTrace>;
  readonly knowledge: {
    /** Publish documents (chunked, versioned); the previous active version of each is deactivated. */
    import(docs: readonly KnowledgeDoc[], options?: { tenantId?: string }): Promise<KnowledgeImportReport>;
    /** Documents of a tenant's knowledge base, one entry per version. */
    list(options?: { tenantId?: string; includeInactive?: boolean }): Promise<KnowledgeDocSummary[]>;
  };
}

export function createReader({ store, queue, run, now }: ReaderOptions): Reader {
  return {
    async recall(input) {
      const parsed = parseRecallInput(input);
      // Read after the scope's queued changes (a remember() still running); earlier recalls'
      // bookkeeping is not waited for: their usage counters count while pending (pending-usage.ts).
      await queue.changes(scopeKey(parsed.scope));
      const { memories, knowledge, context, traceId } = await run(parsed);
      return { memories, knowledge, context, traceId };
    },
    async trace(scope, traceId) {
      const valid = parseScope(scope);
      if (typeof traceId !== "string" || traceId.length === 0 || traceId.length > 128) {
        throw new InvalidInputError(
          `trace() needs a traceId string as returned by recall(); received ${quoteValue(traceId)}.`,
          { field: "traceId" },
        );
      }
      await queue.idle(scopeKey(valid));
      return readTrace(store, valid, traceId, now());
    },
    knowledge: {
      import: (docs, options = {}) => importKnowledge(store, docs, { ...options, now: now() }),
      list: (options = {}) => listKnowledge(store, options),
    },
  };
}
