/** Shared fixtures of the write-path suites. */
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import type { MemoryRecord, MemoryScope } from "../../src/schema.js";
import { detectLanguage } from "../../src/text/tokenizer.js";
import type { MemoryCandidate } from "../../src/write/candidate.js";
import { recordFromCandidate } from "../../src/write/records.js";
import { suiteStore } from "../helpers/suite-store.js";

export const T0 = "2024-05-07T10:00:00.000Z";
export const SCOPE: MemoryScope = { userId: "u1" };

let counter = 0;

/** A candidate as extraction would produce it: explicit, confident, from one message. */
export function candidate(content: string, overrides: Partial<MemoryCandidate> = {}): MemoryCandidate {
  counter += 1;
  return {
    candidateId: `c${counter}`,
    kind: "preference",
    key: "misc.preference",
    content,
    language: detectLanguage(content),
    positive: true,
    sourceType: "explicit",
    messageIds: [`m${counter}`],
    observedAt: T0,
    confidence: 1,
    importance: 0.6,
    sensitivity: "low",
    extractor: "test",
    ...overrides,
  };
}

/** A stored record built from a candidate. */
export function record(
  content: string,
  overrides: Partial<MemoryCandidate> = {},
  fields: Partial<MemoryRecord> = {},
): MemoryRecord {
  const c = candidate(content, overrides);
  return {
    ...recordFromCandidate(
      c,
      { id: `r-${c.candidateId}`, confidence: 0.9, status: "active" },
      { scope: SCOPE, now: T0 },
    ),
    ...fields,
  };
}

/** An empty store indexed as the facade indexes records (test/helpers/suite-store.ts: in memory, or PostgreSQL). */
export function memoryStore(): BaseStore {
  return suiteStore();
}
