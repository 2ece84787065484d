/**
 * The read side of the facade: `recall`, `trace` and `knowledge`, over the read graph's
 * nodes. The facade (src/memory.ts) exposes them as `memory.recall`, `memory.trace`,
 * `memory.knowledge` and `memory.graphs.read`.
 */
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { createReadGraph, createReadPipeline } from "../../graphs/read.js";
import { InvalidConfigError, InvalidInputError } from "../errors.js";
import { type MemoryScope, MemoryScopeSchema } from "../schema.js";
import { ScopeQueue, scopeKey } from "../scope-queue.js";
import {
  importKnowledge,
  type KnowledgeDoc,
  type KnowledgeDocSummary,
  type KnowledgeImportReport,
  listKnowledge,
} from "./knowledge.js";
import { type ReadOptions, resolveReadDeps } from "./options.js";
import { parseRecallInput, type RecallInput } from "./request.js";
import { type RecallTrace, readTrace } from "./trace.js";
import type { RecallResult } from "./types.js";

export interface RecallerOptions extends ReadOptions {
  store: BaseStore;
  /**
   * When recall() writes its trace and usage counters: `"background"` queues the write behind
   * the answer (the scope's next write, `trace()`, `settled()` and the facade's `close()` wait
   * for it; a failure is thrown by `settled()` / `close()`); `"inline"` writes before returning.
   * @default "background"
   */
  bookkeeping?: "background" | "inline";
  /** The per-scope queue shared with the facade's writes (one is created when omitted). */
  queue?: ScopeQueue;
}

export interface Recaller {
  /**
   * Recall for one turn: scoped hybrid search, ranking, task policy, budgets, the injection
   * block and a stored trace.
   * @throws {InvalidInputError} for a malformed input.
   */
  recall(input: RecallInput): Promise<RecallResult>;
  /**
   * A stored recall trace.
   * @throws {NotFoundError} when it does not exist in this scope or has expired.
   */
  trace(scope: MemoryScope, traceId: string): Promise<RecallTrace>;
  knowledge: {
    /** Publish documents (chunked, versioned); the previous active version of each is deactivated. */
    import(docs: readonly KnowledgeDoc[], options?: { tenantId?: string }): Promise<KnowledgeImportReport>;
    /** Documents of a tenant's knowledge base, one entry per version. */
    list(options?: { tenantId?: string; includeInactive?: boolean }): Promise<KnowledgeDocSummary[]>;
  };
  /** The compiled read graph, bound to this recaller's store and options. */
  graph: ReturnType<typeof createReadGraph>;
  /**
   * Wait for queued bookkeeping writes; throws what failed since the last call.
   * @throws the error of a failed background write (an AggregateError for several)
   */
  settled(): Promise<void>;
}

/**
 * Create the read side of the memory module.
 * @example
 * const store = new InMemoryStore({ index: { dims: 256, embeddings: new HashEmbeddings(), fields: RECORD_INDEX_FIELDS } });
 * const recaller = createRecaller({ store });
 * const { memories, context, traceId } = await recaller.recall({ scope: { userId: "u1" }, query: "回复风格", task: "code_generation" });
 * const trace = await recaller.trace({ userId: "u1" }, traceId);
 */
export function createRecaller(options: RecallerOptions): Recaller {
  if (!options || typeof options.store?.batch !== "function") {
    throw new InvalidConfigError(
      "createRecaller needs { store }: a LangGraph BaseStore (HNSWStore, InMemoryStore, …).",
      { field: "store" },
    );
  }
  const deps = resolveReadDeps(options);
  const store = options.store;
  if (options.bookkeeping !== undefined && options.bookkeeping !== "background" && options.bookkeeping !== "inline") {
    throw new InvalidConfigError(
      `bookkeeping must be "background" or "inline"; received ${JSON.stringify(options.bookkeeping)}.`,
      { field: "bookkeeping" },
    );
  }
  const queue = options.queue ?? new ScopeQueue();
  // The resolved policies are passed on so a policies file is read and validated once.
  const graph = createReadGraph({ ...options, policies: deps.policies });
  // recall() runs the graph's nodes directly: LangGraph's per-step overhead alone would exceed
  // the latency target (see createReadPipeline).
  const run = createReadPipeline(
    { ...options, policies: deps.policies },
    options.bookkeeping === "inline"
      ? {}
      : { deferBookkeeping: (bookkeeping) => queue.defer(scopeKey(bookkeeping.scope), () => bookkeeping.commit()) },
  );

  return {
    async recall(input) {
      const parsed = parseRecallInput(input);
      // Read after the scope's queued writes (a previous recall's usage counters, a remember()
      // still running): by the time an agent recalls again they are long done, so this rarely waits.
      await queue.idle(scopeKey(parsed.scope));
      const out = await run({
        scope: parsed.scope,
        query: parsed.query,
        task: parsed.task,
        limit: parsed.limit,
        kinds: parsed.kinds,
        includeKnowledge: parsed.includeKnowledge,
        includeHistory: parsed.includeHistory,
        instruction: parsed.instruction,
      });
      return { memories: out.memories, knowledge: out.knowledge, context: out.context, traceId: out.traceId };
    },
    async trace(scope, traceId) {
      const parsedScope = MemoryScopeSchema.safeParse(scope);
      if (!parsedScope.success) {
        throw new InvalidInputError(`trace() needs a scope { userId, tenantId? }; received ${JSON.stringify(scope)}.`, {
          field: "scope",
        });
      }
      if (typeof traceId !== "string" || traceId.length === 0) {
        throw new InvalidInputError(
          `trace() needs a traceId string as returned by recall(); received ${JSON.stringify(traceId)}.`,
          { field: "traceId" },
        );
      }
      // A trace still queued is written first.
      await queue.idle(scopeKey(parsedScope.data));
      return readTrace(store, parsedScope.data, traceId, deps.now());
    },
    knowledge: {
      import: (docs, importOptions = {}) => importKnowledge(store, docs, { ...importOptions, now: deps.now() }),
      list: (listOptions = {}) => listKnowledge(store, listOptions),
    },
    graph,
    settled: () => queue.settled(),
  };
}
