/**
 * Shared shapes of the read path: candidates as they move through the read graph
 * (retrieve → rank → dedupe keys → override → policy/budget → inject), and what `recall()`
 * returns. One file so nodes, helpers and the facade agree on one vocabulary.
 */
import type { MemoryRecord } from "../schema.js";

/** Where one candidate stood in one retrieval channel. */
export interface ChannelHit {
  /** 1-based rank within the channel's result list. */
  rank: number;
  /** The channel's own score: cosine for vector, BM25 for keyword. Not comparable across channels. */
  score?: number;
}

/** The four signals of seed 000's retrieval score, each in [0, 1]. */
export interface SignalScores {
  /** Relevance from reciprocal rank fusion of both channels, rescaled to [0, 1] (`relevanceFromRrf`). */
  semantic: number;
  /** exp(−λ × days since last access); 30-day half-life by default (seed 001 §3.4). */
  recency: number;
  /** The record's stored importance. */
  importance: number;
  /** Saturating function of `accessCount`. */
  usage: number;
}

/** What happened to a candidate in this recall; recorded in the trace. */
export type Outcome = "injected" | "overridden" | "dropped";

export interface Decision {
  outcome: Outcome;
  /** Machine-readable reason, e.g. `budget.tokens`, `key.older_value`, `override.language`. */
  reason: string;
  /** Human-readable detail for the trace. */
  detail?: string;
}

/** A store hit on its way through the read graph. `T` is the validated value. */
export interface Candidate<T> {
  /** Store key (record id or knowledge chunk key). */
  id: string;
  value: T;
  channels: { vector?: ChannelHit; keyword?: ChannelHit };
  /** Raw reciprocal-rank-fusion score (sum of 1 / (k + rank)). */
  rrf: number;
  signals?: SignalScores;
  /** Weighted total of `signals` (personal memory) or the normalised relevance (knowledge). */
  score?: number;
  decision?: Decision;
  /** True when the rendered text was neutralised as instruction-like (see injection.ts). */
  neutralised?: boolean;
  /** Says a name the query says (currency.ts): relevant to it, however far its wording is. */
  named?: boolean;
}

/** One chunk of a knowledge document as stored under `knowledgeNamespace(tenantId)`. */
export interface KnowledgeChunk {
  /** The document id the chunk belongs to (seed 003 §2.1 `kb_id`). */
  docId: string;
  /** 0-based position of the chunk in its document version. */
  chunk: number;
  chunks: number;
  content: string;
  /** Where the document comes from, e.g. `help-center/return-policy`. */
  source: string;
  version: string;
  category?: string;
  /** Only active chunks are recalled; publishing a new version deactivates the previous one. */
  isActive: boolean;
  publishedAt: string;
  importedAt: string;
}

/** A memory as returned by `recall()`: the stored record plus how it scored. */
export type RecalledMemory = MemoryRecord & { score: number; signals: SignalScores };

/** A knowledge chunk as returned by `recall()`. */
export type RecalledKnowledge = KnowledgeChunk & { id: string; score: number };

export interface RecallResult {
  /** Personal memories that made it into the block, best first. */
  memories: RecalledMemory[];
  /** Knowledge chunks that made it into the block, best first. */
  knowledge: RecalledKnowledge[];
  /** The injection block (empty string when nothing was recalled). */
  context: string;
  /** Id of the stored trace; `recaller.trace(scope, traceId)` reads it back. */
  traceId: string;
}
