/**
 * The injection block (seed 001 §6.2): delimited, one labelled line per item, best items at
 * both ends (lost in the middle), personal memory and knowledge in separate sections, and
 * instruction-like memory text neutralised.
 */
import {
  buildContextBlock,
  lostInTheMiddleOrder,
  renderKnowledgeLine,
  renderMemoryLine,
} from "../../src/recall/injection.js";
import { type ReadNode, requestOf } from "../../src/recall/state.js";
import type { RecalledKnowledge, RecalledMemory } from "../../src/recall/types.js";

export function createInjectNode(): ReadNode<
  "request" | "candidates" | "knowledgeCandidates",
  "candidates" | "knowledgeCandidates" | "memories" | "knowledge" | "context"
> {
  return async (state) => {
    const request = requestOf(state);
    const candidates = state.candidates.map((candidate) => ({ ...candidate }));
    const knowledgeCandidates = state.knowledgeCandidates.map((candidate) => ({ ...candidate }));
    // Candidates are already best first (rank node); knowledge is sorted here by its relevance.
    const injectedMemories = candidates.filter((c) => c.decision?.outcome === "injected");
    const injectedKnowledge = knowledgeCandidates
      .filter((c) => c.decision?.outcome === "injected")
      .sort((a, b) => (b.score ?? 0) - (a.score ?? 0));

    const memoryLines = injectedMemories.map((candidate) => {
      const rendered = renderMemoryLine(candidate.value);
      candidate.neutralised = rendered.neutralised;
      return rendered.line;
    });
    const knowledgeLines = injectedKnowledge.map((candidate) => {
      const rendered = renderKnowledgeLine(candidate.value);
      candidate.neutralised = rendered.neutralised;
      return rendered.line;
    });
    const context = buildContextBlock({
      memoryLines: lostInTheMiddleOrder(memoryLines),
      knowledgeLines: lostInTheMiddleOrder(knowledgeLines),
      language: request.language,
    });

    const memories: RecalledMemory[] = injectedMemories.map((c) => ({
      ...c.value,
      score: c.score ?? 0,
      signals: c.signals!,
    }));
    const knowledge: RecalledKnowledge[] = injectedKnowledge.map((c) => ({
      ...c.value,
      id: c.id,
      score: c.score ?? 0,
    }));
    return { candidates, knowledgeCandidates, memories, knowledge, context };
  };
}
