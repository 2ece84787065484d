/**
 * The memory trace (seed 004 §4): every candidate with its per-signal scores and what became
 * of it, stored for `traceRetentionDays` under the user's traces namespace.
 */
import { estimateTokens } from "../../src/recall/budget.js";
import { newTraceId, traceExpiry, writeTrace, type RecallTrace } from "../../src/recall/trace.js";
import { requestOf, storeFor, type ReadDeps, type ReadNode } from "../../src/recall/state.js";

const PREVIEW_CHARS = 80;

export function createTraceNode(deps: ReadDeps): ReadNode {
  return async (state, config) => {
    const request = requestOf(state);
    const now = new Date(request.now);
    const traceId = newTraceId();
    const memories: RecallTrace["memories"] = state.candidates.map((c) => ({
      id: c.id,
      key: c.value.key,
      kind: c.value.kind,
      status: c.value.status,
      sourceType: c.value.source.type,
      messageIds: c.value.source.messageIds,
      preview: Array.from(c.value.content).slice(0, PREVIEW_CHARS).join(""),
      channels: c.channels,
      rrf: c.rrf,
      ...(c.signals ? { signals: c.signals } : {}),
      ...(c.score !== undefined ? { score: c.score } : {}),
      outcome: c.decision?.outcome ?? "dropped",
      reason: c.decision?.reason ?? "undecided",
      ...(c.decision?.detail ? { detail: c.decision.detail } : {}),
      ...(c.neutralised ? { neutralised: true } : {}),
    }));
    const knowledge: RecallTrace["knowledge"] = state.knowledgeCandidates.map((c) => ({
      id: c.id,
      docId: c.value.docId,
      version: c.value.version,
      source: c.value.source,
      channels: c.channels,
      rrf: c.rrf,
      ...(c.score !== undefined ? { score: c.score } : {}),
      outcome: c.decision?.outcome ?? "dropped",
      reason: c.decision?.reason ?? "undecided",
      ...(c.neutralised ? { neutralised: true } : {}),
    }));
    const trace: RecallTrace = {
      traceId,
      ...traceExpiry(now, deps.traceRetentionDays),
      scope: request.scope,
      query: request.query,
      task: request.task,
      policy: request.policy.name,
      includeHistory: request.includeHistory,
      channels: state.retrieval?.channels ?? [],
      fallbacks: state.retrieval?.fallbacks ?? [],
      limit: request.limit,
      memories,
      knowledge,
      injected: [...memories, ...knowledge].filter((m) => m.outcome === "injected").map((m) => m.id),
      overridden: memories.filter((m) => m.outcome === "overridden").map((m) => m.id),
      contextTokens: estimateTokens(state.context),
    };
    await writeTrace(storeFor(deps, config), request.scope, trace, now);
    return { traceId };
  };
}
