/**
 * Hybrid retrieval of the user's own memories: vector + BM25 over the user's records
 * namespace, status and kinds filtered inside the store query, fused with RRF (seed 001 §3.2);
 * the same over the episodes of the conversation (their own namespace), plus the `date` channel
 * there when the query names a day. Both answers are merged by fused score.
 */
import { episodesNamespace, RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { queryDayTerms } from "../../src/recall/dates.js";
import { hybridSearch } from "../../src/recall/hybrid.js";
import { type ReadDeps, type ReadNode, readStore, requestOf } from "../../src/recall/state.js";
import type { Candidate } from "../../src/recall/types.js";
import { MEMORY_KINDS, type MemoryRecord, parseMemoryRecord } from "../../src/schema.js";

// Seed 003 §4.3–4.4: superseded and archived versions answer history questions only.
const HISTORY_STATUSES = ["active", "superseded", "archived"];

export function createRetrieveNode(deps: ReadDeps): ReadNode<"request", "candidates" | "retrieval"> {
  return async (state, config) => {
    const request = requestOf(state);
    const store = readStore(deps, config);
    const filter: Record<string, unknown> = {
      status: request.includeHistory ? { $in: HISTORY_STATUSES } : "active",
      // A policy that allows every kind (the default one) needs no kind condition: one less
      // check per row the store reads.
      ...(MEMORY_KINDS.every((kind) => request.policy.kinds.includes(kind))
        ? {}
        : { kind: { $in: request.policy.kinds } }),
    };
    const options = { filter, limit: request.limit, fields: RECORD_INDEX_FIELDS, embeddings: deps.embeddings };
    const memories = await hybridSearch(store, recordsNamespace(request.scope), request.query, options);
    const episodes = request.policy.kinds.includes("episode")
      ? await hybridSearch(store, episodesNamespace(request.scope), request.query, {
          ...options,
          dayTerms: queryDayTerms(request.query, new Date(request.now)),
        })
      : undefined;
    // One ranking over both: each item's fused score counts the channels of its own namespace.
    const fused = [...memories.fused, ...(episodes?.fused ?? [])].sort((a, b) => b.rrf - a.rrf);
    const channelsRun = [...new Set([...memories.channelsRun, ...(episodes?.channelsRun ?? [])])];
    const fallbacks = [...new Set([...memories.fallbacks, ...(episodes?.fallbacks ?? [])])];
    const depth = memories.depth;
    const candidates: Candidate<MemoryRecord>[] = [];
    const invalid: string[] = [];
    for (const hit of fused) {
      let record: MemoryRecord;
      try {
        record = parseMemoryRecord(hit.value);
      } catch {
        // One malformed value must not break every recall of this user; the trace names it.
        invalid.push(hit.id);
        continue;
      }
      const sameScope =
        record.scope.userId === request.scope.userId &&
        (record.scope.tenantId ?? null) === (request.scope.tenantId ?? null);
      // Defence in depth: the namespace already is the scope, so this never fires unless a
      // writer put a record under the wrong user.
      if (!sameScope) {
        invalid.push(hit.id);
        continue;
      }
      candidates.push({ id: hit.id, value: record, channels: hit.channels, rrf: hit.rrf });
    }
    return { candidates, retrieval: { channels: channelsRun, fallbacks, invalid, depth } };
  };
}
