/**
 * Hybrid retrieval of the user's own memories: vector + BM25 over the user's records
 * namespace, status and kinds filtered inside the store query, fused with RRF (seed 001 §3.2);
 * the same over the episodes of the conversation (their own namespace), plus the `date` channel
 * there when the query names a day. Both are ranked as one: each channel's hits are merged by
 * score before fusion (hybridSearchAcross).
 *
 * The structured path (seed 001 §4.3, src/recall/conditions.ts) comes first when the query states
 * conditions: a day or period selects that time's memories through the store's relational
 * index and ranking runs inside them (none on those days: plain recall, said in the trace); a
 * two-step relation question adds the joined facts' memories as the `relation` list; "still
 * open" leaves out what a later status fact closed; "apart from X" leaves out what mentions X.
 */
import {
  coldNamespace,
  episodesNamespace,
  RECORD_INDEX_FIELDS,
  recordsNamespace,
  scopeNamespace,
} from "../../src/namespaces.js";
import { queryNames } from "../../src/recall/asked-names.js";
import { parseConditions } from "../../src/recall/conditions.js";
import { queryDayTerms } from "../../src/recall/dates.js";
import { reciprocalRankFusion } from "../../src/recall/fusion.js";
import {
  type HybridSearchOptions,
  type HybridSearchResult,
  hybridSearchAcross,
  OVERFETCH_FACTOR,
} from "../../src/recall/hybrid.js";
import { relatedWords } from "../../src/recall/related.js";
import { type ReadDeps, type ReadNode, readStore, requestOf } from "../../src/recall/state.js";
import {
  type ConditionNote,
  mentionsExcluded,
  rankOnDays,
  relationHits,
  statusesOf,
  statusOfEntities,
} from "../../src/recall/structured.js";
import type { Candidate } from "../../src/recall/types.js";
import { MEMORY_KINDS, type MemoryRecord, parseMemoryRecord } from "../../src/schema.js";
import { deepFreeze } from "../../src/store/row-cache.js";

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
    const related = relatedWords(request.query);
    const names = queryNames(request.query);
    const options: HybridSearchOptions = {
      filter,
      limit: request.limit,
      fields: RECORD_INDEX_FIELDS,
      embeddings: deps.embeddings,
      ...(related.length ? { relatedWords: related } : {}),
      ...(names.length ? { names } : {}),
    };
    const conditions = deps.structured ? parseConditions(request.query, new Date(request.now)) : undefined;
    const query = conditions?.rankingQuery || request.query;
    const notes: ConditionNote[] = [];
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
    // Where the structured path looks: the hot namespaces recall searches (the cold tier answers
    // by keyword only, for history questions).
    const hot = searches.filter((s) => !s.options.channels).map((s) => s.namespace);
    const extra = [];
    if (conditions) {
      const relation = await relationHits(store, scopeNamespace(request.scope), hot, conditions, filter);
      if (relation.list) extra.push(relation.list);
      if (relation.note) notes.push(relation.note);
    }
    let result: HybridSearchResult | undefined;
    if (conditions?.time.length) {
      const text = conditions.time.map((t) => t.text).join(", ");
      const period = conditions.time
        .map((t) => (t.anyYear ? `${t.from.slice(5)}..${t.to.slice(5)} (any year)` : `${t.from}..${t.to}`))
        .join(", ");
      const depth = Math.max(1, request.limit) * OVERFETCH_FACTOR;
      // Ranking inside the period applies this recall's filter (status, the task's kinds): a
      // period whose memories the task may not see ("本周周报" beside a pending chat remark of
      // this week) is no condition either, and recall runs without it.
      const { matched, lists } = await rankOnDays(store, scopeNamespace(request.scope), hot, conditions, query, {
        filter,
        limit: depth,
        fields: RECORD_INDEX_FIELDS,
        ...(deps.embeddings ? { embeddings: deps.embeddings } : {}),
      });
      const within = reciprocalRankFusion(lists);
      if (within.length > 0) {
        result = {
          fused: reciprocalRankFusion([...lists, ...extra]),
          channelsRun: [...lists, ...extra].map((list) => list.channel),
          fallbacks: [],
          depth,
        };
        notes.push({ kind: "time", text, applied: true, matched: within.length, detail: `ranked within ${period}` });
      } else {
        notes.push({
          kind: "time",
          text,
          applied: false,
          matched: 0,
          detail: matched
            ? `${matched} ${matched === 1 ? "memory" : "memories"} in ${period}, none this recall may use: recalled without it`
            : `no memory in ${period}: recalled without it`,
        });
      }
    }
    result ??= await hybridSearchAcross(store, searches, query, extra);
    let { fused } = result;
    const { channelsRun, fallbacks, depth } = result;
    if (conditions?.status) {
      const latest = await statusOfEntities(store, scopeNamespace(request.scope), hot);
      const want = conditions.status.want;
      const before = fused.length;
      fused = fused.filter((hit) => {
        const statuses = statusesOf(hit.value, latest);
        return want === "open" ? !statuses.includes("closed") : statuses.includes("closed");
      });
      notes.push({
        kind: "status",
        text: conditions.status.text,
        applied: true,
        matched: before - fused.length,
        detail: `kept what is ${want}; ${[...latest.values()].filter((s) => s.status === "closed").length} closed of ${latest.size} with a status`,
      });
    }
    if (conditions?.exclude.length) {
      const before = fused.length;
      fused = fused.filter((hit) => !mentionsExcluded(hit.value, conditions.exclude));
      notes.push({
        kind: "exclude",
        text: conditions.exclude.join(", "),
        applied: true,
        matched: before - fused.length,
      });
    }
    const candidates: Candidate<MemoryRecord>[] = [];
    const invalid: string[] = [];
    for (const hit of fused) {
      let record: MemoryRecord;
      try {
        record = recordOf(hit.value);
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
    return {
      candidates,
      retrieval: { channels: channelsRun, fallbacks, invalid, depth, ...(notes.length ? { conditions: notes } : {}) },
    };
  };
}

// A frozen value is the store's cached snapshot of a row (HNSWStore's row cache): it comes back
// the same object until the row is written again, so its record is parsed once. Frozen too, so
// no step can change what a later recall reads.
const parsedRecords = new WeakMap<object, MemoryRecord>();

function recordOf(value: Record<string, unknown>): MemoryRecord {
  if (!Object.isFrozen(value)) return parseMemoryRecord(value);
  let record = parsedRecords.get(value);
  if (!record) {
    record = deepFreeze(parseMemoryRecord(value));
    parsedRecords.set(value, record);
  }
  return record;
}
