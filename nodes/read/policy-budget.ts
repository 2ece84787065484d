/**
 * Task policy and budgets (seed 004 §3, seed 003 §5.4): post-store policy conditions, then
 * at most `limit` memories within the long-term token budget and at most N knowledge chunks
 * within the knowledge budget, filled by score, each item whole or not at all. Text aimed at the
 * assistant (an injection attempt) is withheld, so it takes no item's place. It is read wherever
 * it could change what is injected: the candidate that sets the relevance bar, the memories that
 * would cover an episode, and each candidate the budget reaches; a candidate below the cut, or
 * dropped for another reason first, keeps that reason (it is not injected either way).
 */
import { type BudgetDrop, fitToBudget } from "../../src/recall/budget.js";
import { instructionCue, renderKnowledgeLine, renderMemoryLine, withheldDecision } from "../../src/recall/injection.js";
import { policyRejects } from "../../src/recall/policies.js";
import { type ReadDeps, type ReadNode, requestOf } from "../../src/recall/state.js";
import type { Candidate } from "../../src/recall/types.js";
import type { MemoryRecord } from "../../src/schema.js";

export function createPolicyBudgetNode(
  deps: ReadDeps,
): ReadNode<"request" | "candidates" | "knowledgeCandidates", "candidates" | "knowledgeCandidates"> {
  return async (state) => {
    const request = requestOf(state);
    // Copies: decisions are set on these, never on the objects held in graph state.
    const candidates = state.candidates.map((candidate) => ({ ...candidate }));
    for (const candidate of candidates) {
      if (candidate.decision) continue;
      const reason = policyRejects(request.policy, candidate.value);
      if (reason) candidate.decision = { outcome: "dropped", reason, detail: `task policy '${request.policy.name}'` };
    }

    dropIrrelevant(candidates, deps.relevanceFloor);
    dropCoveredEpisodes(candidates);
    const open = candidates.filter((candidate) => !candidate.decision);
    const longTerm = deps.budgets.longTerm;
    const maxItems = Math.min(request.limit, longTerm.maxItems ?? Number.POSITIVE_INFINITY);
    const memoryFit = fitToBudget(
      open,
      { maxTokens: longTerm.maxTokens, maxItems },
      (c) => renderMemoryLine(c.value).line,
      admitted,
    );
    decide(memoryFit.kept, memoryFit.dropped, maxItems);

    const knowledgeCandidates = state.knowledgeCandidates.map((candidate) => ({ ...candidate }));
    const knowledgeFit = fitToBudget(
      knowledgeCandidates.filter((candidate) => !candidate.decision),
      deps.budgets.knowledge,
      (c) => renderKnowledgeLine(c.value).line,
      admitted,
    );
    decide(knowledgeFit.kept, knowledgeFit.dropped, deps.budgets.knowledge.maxItems);
    return { candidates, knowledgeCandidates };
  };
}

/**
 * Relevance, not just rank: a memory far less relevant than the query's best match is left out
 * even when the budget has room for it (a small scope would otherwise inject everything it
 * holds). Relative to the best candidate, so a vague query still gets its best matches. A memory
 * that says a name the query says ("ldap-21" in "ldap-21跑的是哪个版本？") is about what is asked,
 * however little else of its wording the query shares.
 */
function dropIrrelevant<T extends { content: string }>(candidates: Candidate<T>[], floor: number): void {
  if (floor <= 0) return;
  // The best candidate that is not withheld, read best first.
  const bySemantic = candidates
    .filter((c) => !c.decision)
    .sort((a, b) => (b.signals?.semantic ?? 0) - (a.signals?.semantic ?? 0));
  const best = bySemantic.find(admitted)?.signals?.semantic ?? 0;
  if (best <= 0) return;
  for (const candidate of candidates) {
    if (candidate.decision || candidate.named) continue;
    const relevance = candidate.signals?.semantic ?? 0;
    if (relevance < floor * best)
      candidate.decision = {
        outcome: "dropped",
        reason: "relevance.below_best",
        detail: `relevance ${relevance.toFixed(2)} < ${floor} × best ${best.toFixed(2)}`,
      };
  }
}

/**
 * An episode that only records the user's own turn says nothing a memory from that turn, still
 * in the running, does not already say ("用户不吃香菜" and "用户说：“我不吃香菜。”"): it takes no
 * item's place. An episode with the companion's reply is kept, since that is its point.
 */
function dropCoveredEpisodes(candidates: Candidate<MemoryRecord>[]): void {
  const said = new Set<string>();
  for (const c of candidates)
    if (!c.decision && c.value.about === "conversation" && c.value.source.type !== "agent_generated")
      for (const id of c.value.source.messageIds) said.add(id);
  if (said.size === 0) return;
  const cited = new Map<string, string>();
  for (const c of candidates)
    if (
      !c.decision &&
      c.value.about !== "conversation" &&
      c.value.source.messageIds.some((id) => said.has(id)) &&
      admitted(c)
    )
      for (const id of c.value.source.messageIds) if (!cited.has(id)) cited.set(id, c.id);
  for (const candidate of candidates) {
    const record = candidate.value;
    if (candidate.decision || record.about !== "conversation" || record.source.type === "agent_generated") continue;
    const by = record.source.messageIds.map((id) => cited.get(id));
    if (by.length > 0 && by.every((id) => id !== undefined))
      candidate.decision = { outcome: "dropped", reason: "episode.covered", detail: `said by ${by[0]}` };
  }
}

/**
 * Whether an undecided candidate may take a place: an instruction aimed at the assistant may not,
 * and is withheld (the record stays in the store).
 */
function admitted<T extends { content: string }>(candidate: Candidate<T>): boolean {
  if (candidate.decision) return false;
  const cue = instructionCue(candidate.value.content);
  if (!cue) return true;
  candidate.decision = withheldDecision(cue);
  candidate.neutralised = true;
  return false;
}

function decide<T>(kept: Candidate<T>[], dropped: BudgetDrop<Candidate<T>>[], maxItems: number | undefined): void {
  for (const candidate of kept) candidate.decision = { outcome: "injected", reason: "selected" };
  for (const drop of dropped) {
    const detail = drop.reason === "budget.tokens" ? `~${drop.tokens} tokens` : `at most ${maxItems} items`;
    drop.item.decision = { outcome: "dropped", reason: drop.reason, detail };
  }
}
