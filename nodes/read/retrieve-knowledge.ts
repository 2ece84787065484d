/**
 * Hybrid retrieval of the tenant's domain knowledge (seed 003 §2.1): only active chunks, its
 * own namespace, its own budget later. Runs beside personal retrieval, never mixed with it.
 */
import { knowledgeNamespace } from "../../src/namespaces.js";
import { relevanceFromRrf } from "../../src/recall/fusion.js";
import { hybridSearch } from "../../src/recall/hybrid.js";
import { KNOWLEDGE_INDEX_FIELDS, KnowledgeChunkSchema } from "../../src/recall/knowledge.js";
import { type ReadDeps, type ReadNode, readStore, requestOf } from "../../src/recall/state.js";
import type { Candidate, KnowledgeChunk } from "../../src/recall/types.js";

// seed 001 §3.2: "融合之后取 top 5 到 top 8" — the knowledge item cap when its budget has none.
const DEFAULT_KNOWLEDGE_ITEMS = 5;

export function createRetrieveKnowledgeNode(deps: ReadDeps): ReadNode<"request", "knowledgeCandidates"> {
  return async (state, config) => {
    const request = requestOf(state);
    if (!request.includeKnowledge) return { knowledgeCandidates: [] };
    const store = readStore(deps, config);
    const { fused, channelsRun, depth } = await hybridSearch(
      store,
      knowledgeNamespace(request.scope.tenantId),
      request.query,
      {
        filter: { isActive: true },
        limit: deps.budgets.knowledge.maxItems ?? DEFAULT_KNOWLEDGE_ITEMS,
        fields: KNOWLEDGE_INDEX_FIELDS,
        embeddings: deps.embeddings,
        // Most tenants have no knowledge base: do not pay for a keyword query over nothing.
        keywordOnlyIfVectorHits: true,
      },
    );
    const knowledgeCandidates: Candidate<KnowledgeChunk>[] = [];
    for (const hit of fused) {
      const parsed = KnowledgeChunkSchema.safeParse(hit.value);
      if (!parsed.success || !parsed.data.isActive) continue;
      knowledgeCandidates.push({
        id: hit.id,
        value: parsed.data as KnowledgeChunk,
        channels: hit.channels,
        rrf: hit.rrf,
      });
    }
    // Knowledge is authoritative and shared: relevance alone ranks it (no per-user recency or usage).
    for (const candidate of knowledgeCandidates)
      candidate.score = relevanceFromRrf(candidate.rrf, channelsRun.length, depth);
    return { knowledgeCandidates };
  };
}
