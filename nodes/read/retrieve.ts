/**
 * Hybrid retrieval of the user's own memories: vector + BM25 over the user's records
 * namespace, status and kinds filtered inside the store query, fused with RRF (seed 001 §3.2);
 * the same over the episodes of the conversation (their own namespace), plus the `date` channel
 * there when the query names a day. Both are ranked as one: each channel's hits are merged by
 * score before fusion (hybridSearchAcross).
 */
import { coldNamespace, episodesNamespace, RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { queryDayTerms } from "../../src/recall/dates.js";
import { type HybridSearchOptions, hybridSearchAcross } from "../../src/recall/hybrid.js";
import { type ReadDeps, type ReadNode, readStore, requestOf } from "../../src/recall/state.js";
import type { Candidate } from "../../src/recall/types.js";
import { MEMORY_KINDS, type MemoryRecord, parseMemoryRecord } from "../../src/schema.js";

// Seed 003 §4.3–4.4: superseded and archived versions answer history questions only.
const HISTORY_STATUSES = ["active", "superseded", "archived"];
// Seed 003 §4.3: the cold tier answers when asked for, beside the active memories.
const COLD_TIER_STATUSES = ["active", "archived"];

export function createRetrieveNode(deps: ReadDeps): ReadNode<"request", "candidates" | "retrieval"> {
  return async (state, config) => {
    const request = requestOf(state);
    const store = readStore(deps, config);
    const filter: Record<string, unknown> = {
      status: request.includeHistory
        ? { $in: HISTORY_STATUSES }
        : request.includeArchived
          ? { $in: COLD_TIER_STATUSES }
          : "active",
      // A policy that allows every kind (the default one) needs no kind condition: one less
      // check per row the store reads.
      ...(MEMORY_KINDS.every((kind) => request.policy.kinds.includes(kind))
        ? {}
        : { kind: { $in: request.policy.kinds } }),
    };
    const options: HybridSearchOptions = {
      filter,
      limit: request.limit,
      fields: RECORD_INDEX_FIELDS,
      embeddings: deps.embeddings,
    };
    const dayTerms = queryDayTerms(request.query, new Date(request.now));
    const searches = [{ namespace: recordsNamespace(request.scope), options }];
    if (request.policy.kinds.includes("episode"))
      searches.push({ namespace: episodesNamespace(request.scope), options: { ...options, dayTerms } });
    // The cold tier (seed 001 §3.4) answers history questions and includeArchived, by its words.
    if (request.includeHistory || request.includeArchived)
      searches.push({
        namespace: coldNamespace(request.scope),
        options: { ...options, channels: ["keyword"], ...(dayTerms.length ? { dayTerms } : {}) },
      });
    const { fused, channelsRun, fallbacks, depth } = await hybridSearchAcross(store, searches, request.query);
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
