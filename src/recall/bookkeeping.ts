/**
 * Bookkeeping after a recall's block is built: the memory trace (seed 004 §4: every candidate
 * with its per-signal scores and what became of it, kept `traceRetentionDays`) and usage
 * counters (injected live memories get `lastAccessedAt` and `accessCount` bumped, feeding
 * recency and usage frequency next time). Both go to the store in ONE batch.
 *
 * Split in two so the trace id is known before anything is written: the read graph's `record`
 * node does both at once; the facade returns the recall first and gathers the writes of a few
 * recalls into one batch behind the answers ({@link deferredBookkeeping}).
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseStore, LangGraphRunnableConfig } from "@langchain/langgraph";
import { RECORD_INDEX_FIELDS, recordsNamespace } from "../namespaces.js";
import { MEMORY_KINDS, type MemoryRecord, parseMemoryRecord } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { hybridSearchAcross } from "./hybrid.js";
import { PendingUsage } from "./pending-usage.js";
import type { ResolvedRequest } from "./request.js";
import { type PreparedBookkeeping, type ReadDeps, type ReadState, readStore, requestOf } from "./state.js";
import { buildTrace, newTraceId, purgeExpiredTracesIfDue, traceWrite } from "./trace.js";
import type { Candidate } from "./types.js";
import { planUsage } from "./usage.js";

/** Memories a task policy kept out that a trace names (the best-matching ones). */
export const POLICY_FILTERED_SHOWN = 5;

/**
 * Name the trace of a finished recall; `commit()` builds it (redacting it is the costly part, so
 * it happens off the answer's path in background mode) and writes it with the usage counters.
 * The facade gathers several recalls' bookkeeping of one scope and commits them together
 * ({@link commitBookkeeping}).
 * @example
 * declare const deps: ReadDeps;
 * declare const state: ReadState;
 * declare const config: LangGraphRunnableConfig;
 * const { traceId, commit } = prepareBookkeeping(deps, state, config);
 * await commit();
 */
export function prepareBookkeeping(
  deps: ReadDeps,
  state: Pick<ReadState, "request" | "candidates" | "knowledgeCandidates" | "retrieval" | "context">,
  config: LangGraphRunnableConfig,
): PreparedBookkeeping {
  const request = requestOf(state);
  const store = readStore(deps, config);
  const now = new Date(request.now);
  const traceId = newTraceId();
  // History answers (superseded, archived) are not "used" preferences; only live ones count.
  const used = state.candidates
    .filter((c) => c.decision?.outcome === "injected" && c.value.status === "active")
    .map((c) => c.value);
  const prepared: PreparedBookkeeping = {
    traceId,
    scope: request.scope,
    store,
    used,
    now,
    async traceWrite() {
      const filtered = await filteredByPolicy(store, request, deps.embeddings);
      const candidates = [...state.candidates, ...filtered];
      return traceWrite(request.scope, buildTrace({ ...state, candidates, request }, deps.traceRetentionDays, traceId));
    },
    commit: () => commitBookkeeping([prepared]),
  };
  return prepared;
}

/**
 * Write the bookkeeping of several recalls of one scope and store in ONE batch: each recall's
 * trace, and each used memory's counters bumped once per recall that used it
 * (usage.ts `planUsage`: a memory changed since it was recalled is skipped). Expired traces are
 * purged when due.
 * @example
 * declare const gathered: PreparedBookkeeping[];
 * await commitBookkeeping(gathered);
 */
export async function commitBookkeeping(items: readonly PreparedBookkeeping[]): Promise<void> {
  const first = items[0];
  if (!first) return;
  const traces = [];
  for (const item of items) traces.push(await item.traceWrite());
  const usage = await planUsage(
    first.store,
    first.scope,
    items.flatMap((item) => item.used.map((record) => ({ record, at: item.now }))),
  );
  await first.store.batch([...traces, ...usage.puts]);
  const latest = new Date(Math.max(...items.map((item) => item.now.getTime())));
  await purgeExpiredTracesIfDue(first.store, first.scope, latest);
}

/**
 * Seed 004 §3: a task policy's kinds are a condition of the store query, so what it leaves out
 * never becomes a candidate and the block alone cannot tell "not remembered" from "not for this
 * task". The trace names the best {@link POLICY_FILTERED_SHOWN} of those (same query, the kinds
 * the policy leaves out), each dropped with reason `policy.kind`. Off the answer's path: it runs
 * when the trace is written, and only for a policy that leaves a kind out.
 */
async function filteredByPolicy(
  store: BaseStore,
  request: ResolvedRequest,
  embeddings: EmbeddingsInterface | undefined,
): Promise<Candidate<MemoryRecord>[]> {
  const left = MEMORY_KINDS.filter((kind) => !request.policy.kinds.includes(kind));
  if (left.length === 0 || request.query.trim() === "") return [];
  const { fused } = await hybridSearchAcross(
    store,
    [
      {
        namespace: recordsNamespace(request.scope),
        options: {
          filter: { status: "active", kind: { $in: left } },
          limit: POLICY_FILTERED_SHOWN,
          fields: RECORD_INDEX_FIELDS,
          embeddings,
        },
      },
    ],
    request.query,
  );
  const out: Candidate<MemoryRecord>[] = [];
  for (const hit of fused.slice(0, POLICY_FILTERED_SHOWN)) {
    const parsed = safeRecord(hit.value);
    if (!parsed) continue;
    out.push({
      id: hit.id,
      value: parsed,
      channels: hit.channels,
      rrf: hit.rrf,
      decision: {
        outcome: "dropped",
        reason: "policy.kind",
        detail: `task policy '${request.policy.name}' leaves out ${parsed.kind}`,
      },
    });
  }
  return out;
}

function safeRecord(value: unknown): MemoryRecord | undefined {
  try {
    return parseMemoryRecord(value);
  } catch {
    return undefined;
  }
}

/**
 * The facade's bookkeeping: each recall's trace and usage counters are gathered on the scope's
 * queue and committed a few recalls at a time behind the answers (ScopeQueue `gather`, within
 * GATHER_MS; before the scope's next write, `trace()`, `settled()` and `close()`); until they are
 * written, ranking counts their uses from `pendingUsage`.
 * @example
 * import { createReadPipeline } from "../../graphs/read.js";
 * import { scopeQueueFor } from "../scope-queue.js";
 * declare const store: BaseStore;
 * const run = createReadPipeline({ store }, deferredBookkeeping(scopeQueueFor(store)));
 */
export function deferredBookkeeping(queue: ScopeQueue): {
  deferBookkeeping: (bookkeeping: PreparedBookkeeping) => void;
  pendingUsage: PendingUsage;
} {
  const pendingUsage = new PendingUsage();
  const commit = async (items: PreparedBookkeeping[]) => {
    try {
      await commitBookkeeping(items);
    } finally {
      for (const item of items) pendingUsage.settle(item.scope, item.used);
    }
  };
  return {
    pendingUsage,
    deferBookkeeping(bookkeeping) {
      pendingUsage.add(bookkeeping.scope, bookkeeping.used, bookkeeping.now);
      queue.gather(scopeKey(bookkeeping.scope), bookkeeping, commit);
    },
  };
}
