/**
 * A memory candidate: what extraction proposes, before admission and conflict resolution.
 * Shared by the write graph's nodes (extract → redact → score → resolve conflict → persist).
 */
import type { MemoryKind, MemorySubject, Sensitivity, SourceType } from "../schema.js";

export interface MemoryCandidate {
  /** Stable within one run, e.g. `c1`; becomes nothing on its own (persist assigns record ids). */
  candidateId: string;
  kind: MemoryKind;
  /** Mergeable semantic key, e.g. `food.dislike`, `shipping.carrier` (see MemoryKeySchema). */
  key: string;
  /** One atomic fact in third person: 用户不吃香菜 / The user does not eat cilantro. */
  content: string;
  value?: string | number | boolean;
  /** "zh" or "en": the language of `content` (labels and questions follow it). */
  language: "zh" | "en";
  /** Polarity of the statement: false for negations (不吃, never, don't). */
  positive: boolean;
  sourceType: SourceType;
  /** Who said it when several people talk (the message's `name` or "Name: " prefix). */
  speaker?: string;
  messageIds: string[];
  /** ISO time of the message it came from (relative dates are resolved against it). */
  observedAt: string;
  /** Extraction's own confidence, 0–1, before source rules cap it. */
  confidence: number;
  /** 0–1: how much the memory matters if kept. */
  importance: number;
  sensitivity: Sensitivity;
  /** ISO due date for todos, expiry for time-bound facts. */
  expiresAt?: string;
  retrievalHints?: string[];
  /** Relations the model gave (MemoryRecord.facts); rule candidates leave them to the content. */
  facts?: Array<{ subject: string; predicate: string; object: string }>;
  /** Exact keyword terms (MemoryRecord.terms). */
  terms?: string[];
  /** What it is about: absent for the user; `conversation` for an episode of the session itself. */
  about?: MemorySubject;
  /** Which rule or "model" produced it, for the trace. */
  extractor: string;
  /** Signals the admission score reads (seed 002 §2): set by extraction when it knows. */
  signals?: {
    /** Marked explicitly: 记住 / remember / from now on / 以后都. */
    explicitMarker?: boolean;
    /** Transient: 这次 / 先 / for now / this time. */
    transient?: boolean;
    /** About personality, likes or moods (seed 003 §5.1: needs confidence ≥ 0.85). */
    personal?: boolean;
    /** One-off exception to a standing preference (这次打电话也行). */
    oneOffException?: boolean;
    /** A chat statement of what a business system records: kept as an inferred note (seed 004 §1). */
    businessHearsay?: boolean;
  };
}
