/** Shared fixtures of the write-path suites. */
import { InMemoryStore } from "@langchain/langgraph";
import { RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import type { MemoryRecord, MemoryScope } from "../../src/schema.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { detectLanguage } from "../../src/text/tokenizer.js";
import type { MemoryCandidate } from "../../src/write/candidate.js";
import { recordFromCandidate } from "../../src/write/records.js";

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

/** An in-memory store indexed like HNSWStore is by the facade. */
export function memoryStore(): InMemoryStore {
  return new InMemoryStore({ index: { dims: 256, embeddings: new HashEmbeddings(), fields: RECORD_INDEX_FIELDS } });
}
