/**
 * Deciding what each admitted candidate does to the scope's memories (seed 002 §3, seed 003
 * §4.2): find related ACTIVE memories (same key first, then vector neighbours, then keyword hits
 * when the store has a keyword channel), classify the relation and decide the action. Memories
 * about another subject never relate (classify.ts), so the run's own earlier decisions are only
 * looked at for the same subject. Decisions
 * are applied to a scratch plan as they are made, so a statement repeated within one
 * conversation reinforces the memory its first mention creates.
 *
 * The resolve-conflict step runs it once; persist runs it again, inside the scope's queue, when
 * another write committed to the scope in between (the decisions' basis is gone).
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseStore } from "@langchain/langgraph";
import { recordsNamespace } from "../../namespaces.js";
import type { MemoryScope } from "../../schema.js";
import { yieldIfDue } from "../../yield.js";
import { readDimension } from "../extract/dimensions.js";
import { keySubject } from "../extract/keys.js";
import { sameEntity } from "../extract/subject.js";
import { newRecordId } from "../records.js";
import type { AdmissionConfig, AdmittedCandidate } from "../scoring.js";
import { WritePlan } from "./apply.js";
import { decideConflict, mergeRelated, type RelatedMemory } from "./decide.js";
import type { ConflictDecision, ModelJudgement } from "./decision.js";
import { judgeConflicts } from "./judge.js";
import { keywordMatches, NEIGHBOURS, neighboursOf, unionById } from "./lookup.js";
import { dimensionsByMeaning, semanticEmbeddings } from "./meaning.js";

export interface ResolveContext {
  store: BaseStore;
  scope: MemoryScope;
  admission: AdmissionConfig;
  /** ISO time of the write. */
  now: string;
  sessionId?: string;
  taskId?: string;
  /** Look up neighbours afresh instead of using the ones admission found (the store changed since). */
  fresh?: boolean;
  /**
   * The model's earlier judgements, by candidate index (a decision's `judged`): applied again
   * where the rules still ask about the same pair, without another model call.
   */
  judged?: ReadonlyMap<number, ModelJudgement>;
  /** A chat model to judge the conflicts the rules would ask about (one call per run); without it, they are asked. */
  judge?: BaseChatModel;
  /** Passed to the judging call so callbacks and tracing follow the graph run. */
  judgeConfig?: RunnableConfig;
}

/**
 * One decision per admitted candidate, in order.
 * @example
 * import { parseAdmissionConfig } from "../scoring.js";
 * declare const store: BaseStore;
 * declare const admitted: AdmittedCandidate[];
 * const scope = { userId: "u1" };
 * const admission = parseAdmissionConfig();
 * const decisions = await resolveDecisions(admitted, { store, scope, admission, now: new Date().toISOString() });
 */
export async function resolveDecisions(
  admittedList: readonly AdmittedCandidate[],
  ctx: ResolveContext,
): Promise<ConflictDecision[]> {
  const { store, scope } = ctx;
  const namespace = recordsNamespace(scope);
  // The store does not change until persist, so every lookup of the run is made up front;
  // only the scratch plan (this run's own decisions) evolves candidate by candidate.
  const admitted = ctx.fresh
    ? admittedList.map(({ neighbours: _stale, vectorHits: _hits, ...rest }) => rest)
    : admittedList;
  const { found, vectorHits } = await missingNeighbours(store, scope, admitted);
  const seenAll = vectorHits.some((hits) => hits < NEIGHBOURS);
  const keyword = await keywordMatches(
    store,
    namespace,
    admitted.map((a) => a.candidate),
    seenAll,
  );
  const related = (i: number) => unionById(found[i]!, keyword[i]!);
  const meaning = await dimensionsOfRun(store, admitted, related, ctx.admission.dimensionSimilarity);
  const first = await decideAll(admitted, related, ctx, ctx.judged ?? new Map(), meaning);
  // Pairs the rules would ask about go to the model, all in one call; its verdicts are applied by
  // deciding the run again (a later candidate may depend on what an earlier one became).
  const asked = first.flatMap((d, i) =>
    d.action === "ask" && d.relation === "ask_user" && d.existing && d.admitted.status === "active" && !d.judged
      ? [i]
      : [],
  );
  if (!ctx.judge || asked.length === 0) return first;
  const outcome = await judgeConflicts(
    ctx.judge,
    asked.map((i) => ({
      candidate: first[i]!.admitted.candidate,
      existing: first[i]!.existing!,
      rules: first[i]!.reason,
    })),
    ctx.judgeConfig,
  );
  const judged = new Map(
    asked.map((i, n) => {
      const verdict = outcome.verdicts.get(n);
      return [i, { existingId: first[i]!.existing!.id, ...(verdict ? { verdict } : { failure: outcome.failure }) }];
    }),
  );
  return decideAll(admitted, related, ctx, new Map([...(ctx.judged ?? []), ...judged]), meaning);
}

const STATE_KINDS = new Set(["preference", "fact"]);

/**
 * Where an embeddings model is configured: the dimension, by meaning, of the run's statements
 * the vocabulary does not place, and of the memories they may relate to (one embedding call).
 */
async function dimensionsOfRun(
  store: BaseStore,
  admitted: readonly AdmittedCandidate[],
  related: (i: number) => RelatedMemory[],
  threshold: number,
): Promise<((content: string) => string | undefined) | undefined> {
  const embeddings = semanticEmbeddings(store);
  if (!embeddings) return undefined;
  const unplaced = (kind: string, content: string) => STATE_KINDS.has(kind) && !readDimension(content);
  const texts = new Set<string>();
  for (const [i, { candidate }] of admitted.entries()) {
    if (!unplaced(candidate.kind, candidate.content)) continue;
    texts.add(candidate.content);
    for (const { record } of related(i)) if (unplaced(record.kind, record.content)) texts.add(record.content);
  }
  if (texts.size === 0) return undefined;
  const list = [...texts];
  const dimensions = await dimensionsByMeaning(embeddings, list, threshold);
  const byText = new Map(list.map((text, i) => [text, dimensions[i]]));
  return (content) => byText.get(content);
}

/** One pass over the run's candidates, each decision applied to a scratch plan the next ones see. */
async function decideAll(
  admitted: readonly AdmittedCandidate[],
  found: (i: number) => RelatedMemory[],
  ctx: ResolveContext,
  judged: ReadonlyMap<number, ModelJudgement> = new Map(),
  meaning?: (content: string) => string | undefined,
): Promise<ConflictDecision[]> {
  const scratch = new WritePlan({
    scope: ctx.scope,
    now: ctx.now,
    ...(ctx.sessionId ? { sessionId: ctx.sessionId } : {}),
    ...(ctx.taskId ? { taskId: ctx.taskId } : {}),
  });
  const decisions: ConflictDecision[] = [];
  for (const [i, candidate] of admitted.entries()) {
    await yieldIfDue();
    const near = found(i);
    scratch.seed(near.map((m) => m.record));
    // Only this run's memories about the same subject can relate (classify.ts): a batch of a
    // hundred people's facts does not compare each with every other.
    const whom = keySubject(candidate.candidate.key).entity;
    const inRun = scratch
      .activeChanges()
      .filter((record) => sameEntity(keySubject(record.key).entity, whom))
      .map((record) => ({ record, similarity: 0 }));
    const related = mergeRelated([...near, ...inRun], (id) => scratch.get(id));
    const judgement = judged.get(i);
    const decision = decideConflict(candidate, related, {
      recordId: newRecordId(),
      duplicateSimilarity: ctx.admission.duplicateSimilarity,
      ...(judgement ? { judged: judgement } : {}),
      ...(meaning ? { meaning } : {}),
    });
    decisions.push(decision);
    scratch.apply(decision);
  }
  return decisions;
}

/**
 * The score node's neighbours, or, for candidates admitted without them (persist deciding
 * again), a fresh lookup.
 */
async function missingNeighbours(
  store: BaseStore,
  scope: MemoryScope,
  admitted: readonly AdmittedCandidate[],
): Promise<{ found: RelatedMemory[][]; vectorHits: number[] }> {
  const missing = admitted.flatMap((a, i) => (a.neighbours ? [] : [i]));
  const fresh = await neighboursOf(
    store,
    scope,
    missing.map((i) => admitted[i]!.candidate),
  );
  const positions = new Map(missing.map((i, n) => [i, n]));
  const at = (i: number) => positions.get(i) ?? -1;
  return {
    found: admitted.map((a, i) => a.neighbours ?? fresh.found[at(i)]!),
    vectorHits: admitted.map((a, i) => a.vectorHits ?? fresh.vectorHits[at(i)] ?? NEIGHBOURS),
  };
}
