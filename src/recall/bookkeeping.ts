/**
 * Bookkeeping after a recall's block is built: the memory trace (seed 004 §4: every candidate
 * with its per-signal scores and what became of it, kept `traceRetentionDays`) and usage
 * counters (injected live memories get `lastAccessedAt` and `accessCount` bumped, feeding
 * recency and usage frequency next time). Both go to the store in ONE batch: one write
 * transaction per recall instead of two.
 *
 * Split in two so the trace id is known before anything is written: the read graph's `record`
 * node does both at once; the facade returns the recall first and queues the write behind it
 * (see ScopeQueue), which takes ~1 ms off every recall.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseStore, LangGraphRunnableConfig } from "@langchain/langgraph";
import { RECORD_INDEX_FIELDS, recordsNamespace } from "../namespaces.js";
import { MEMORY_KINDS, type MemoryRecord, parseMemoryRecord } from "../schema.js";
import { hybridSearchAcross } from "./hybrid.js";
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
  return {
    traceId,
    scope: request.scope,
    async commit() {
      const filtered = await filteredByPolicy(store, request, deps.embeddings);
      const candidates = [...state.candidates, ...filtered];
      const trace = buildTrace({ ...state, candidates, request }, deps.traceRetentionDays, traceId);
      const usage = await planUsage(store, request.scope, used, now);
      await store.batch([traceWrite(request.scope, trace), ...usage.puts]);
      await purgeExpiredTracesIfDue(store, request.scope, now);
    },
  };
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
