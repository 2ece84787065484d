/**
 * The injection block (seed 001 §6.2): delimited, one labelled line per item, best items at
 * both ends (lost in the middle), personal memory and knowledge in separate sections. Text that
 * speaks to the assistant (instructions, a faked turn, a request for the prompt) is withheld:
 * the candidate is dropped with reason `injection.withheld` and stays in the store.
 */
import {
  buildContextBlock,
  lostInTheMiddleOrder,
  type RenderedLine,
  renderKnowledgeLine,
  renderMemoryLine,
  withheldDecision,
} from "../../src/recall/injection.js";
import { type ReadNode, requestOf } from "../../src/recall/state.js";
import type { Candidate, RecalledKnowledge, RecalledMemory } from "../../src/recall/types.js";

export function createInjectNode(): ReadNode<
  "request" | "candidates" | "knowledgeCandidates",
  "candidates" | "knowledgeCandidates" | "memories" | "knowledge" | "context"
> {
  return async (state) => {
    const request = requestOf(state);
    const candidates = state.candidates.map((candidate) => ({ ...candidate }));
    const knowledgeCandidates = state.knowledgeCandidates.map((candidate) => ({ ...candidate }));
    // Candidates are already best first (rank node); knowledge is sorted here by its relevance.
    const memoryBlock = renderInjected(
      candidates.filter((c) => c.decision?.outcome === "injected"),
      (c) => renderMemoryLine(c.value),
    );
    const knowledgeBlock = renderInjected(
      knowledgeCandidates
        .filter((c) => c.decision?.outcome === "injected")
        .sort((a, b) => (b.score ?? 0) - (a.score ?? 0)),
      (c) => renderKnowledgeLine(c.value),
    );
    const context = buildContextBlock({
      memoryLines: lostInTheMiddleOrder(memoryBlock.lines),
      knowledgeLines: lostInTheMiddleOrder(knowledgeBlock.lines),
      language: request.language,
    });

    const memories: RecalledMemory[] = memoryBlock.kept.map((c) => ({
      ...c.value,
      score: c.score ?? 0,
      signals: c.signals!,
    }));
    const knowledge: RecalledKnowledge[] = knowledgeBlock.kept.map((c) => ({
      ...c.value,
      id: c.id,
      score: c.score ?? 0,
    }));
    return { candidates, knowledgeCandidates, memories, knowledge, context };
  };
}

/**
 * The lines of the selected candidates, in their order. A candidate whose text is withheld gets
 * no line: its decision becomes `dropped` / `injection.withheld` and it is marked neutralised.
 */
function renderInjected<T>(
  selected: Candidate<T>[],
  render: (candidate: Candidate<T>) => RenderedLine,
): { kept: Candidate<T>[]; lines: string[] } {
  const kept: Candidate<T>[] = [];
  const lines: string[] = [];
  for (const candidate of selected) {
    const rendered = render(candidate);
    if (rendered.withheld) {
      candidate.decision = withheldDecision(rendered.withheld);
      candidate.neutralised = true;
      continue;
    }
    kept.push(candidate);
    lines.push(rendered.line);
  }
  return { kept, lines };
}
