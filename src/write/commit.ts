/**
 * The one way the write side changes the store: a {@link WritePlan} built from decisions (a
 * write run's, or the user's answer to a pending memory), committed as ONE `store.batch` with
 * its audit history (seed 002 §3.3), so a failure writes nothing partial.
 */
import type { BaseStore, Item, LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Operation } from "@langchain/langgraph-checkpoint";
import { recordsNamespace } from "../namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../schema.js";
import { yieldIfDue } from "../yield.js";
import { WritePlan } from "./conflict/apply.js";
import type { ConflictDecision, WriteResult } from "./conflict/decision.js";
import { runIds } from "./context.js";
import { episodeWrites } from "./episodes.js";
import { type ConversationContext, conversationOperation } from "./extract/context.js";
import type { UserDecision } from "./history.js";
import { newRecordId, type RecordContext } from "./records.js";
import type { Rejection } from "./scoring.js";

export interface RunOutcome {
  decisions: ConflictDecision[];
  rejected: Rejection[];
  sessionId?: string;
  taskId?: string;
  /** The conversation context to keep for the next call (named speakers only). */
  conversation?: ConversationContext;
  /**
   * Further operations committed in the same batch, given what the plan changed (the run's
   * episodes of the conversation, and those retired with a superseded memory).
   */
  extraOperations?: (planned: WriteResult) => Promise<Operation[]>;
}

/**
 * Apply a write run's decisions and rejections. Targets are re-read first: a record retired
 * since the decision (superseded by another run while a question waited on the user) is no
 * longer a target, and the candidate is then added on its own rather than merged into history.
 */
export async function commitDecisions(
  store: BaseStore,
  scope: MemoryScope,
  run: RunOutcome,
  config: LangGraphRunnableConfig,
  now: Date,
): Promise<WriteResult> {
  const namespace = recordsNamespace(scope);
  const targetIds = [...new Set(run.decisions.flatMap((d) => (d.existing ? [d.existing.id] : [])))];
  const current =
    targetIds.length > 0
      ? ((await store.batch(targetIds.map((key) => ({ namespace, key })))) as Array<Item | null>)
      : [];
  const existing: MemoryRecord[] = current
    .flatMap((item) => (item ? [parseMemoryRecord(item.value)] : []))
    .filter((record) => record.status === "active");

  await yieldIfDue();
  const plan = new WritePlan({ scope, now: now.toISOString(), ...runIds(run, config) }, existing);
  for (const rejection of run.rejected) plan.reject(rejection, newRecordId());
  for (const decision of run.decisions) {
    plan.apply(decision);
    await yieldIfDue();
  }
  const operations = plan.operations();
  if (run.conversation) operations.push(conversationOperation(scope, run.conversation));
  if (run.extraOperations) operations.push(...(await run.extraOperations(plan.result())));
  await yieldIfDue();
  if (operations.length > 0) await store.batch(operations);
  return plan.result();
}

/**
 * Apply the user's decision on a pending memory: `existing` is the memory it conflicts with
 * (still active), or undefined for an unconfirmed inference.
 */
export async function commitResolution(
  store: BaseStore,
  scope: MemoryScope,
  pending: MemoryRecord,
  decision: UserDecision,
  existing: MemoryRecord | undefined,
  now: Date,
): Promise<WriteResult> {
  const ctx = { scope, now: now.toISOString() };
  const plan = new WritePlan(ctx, existing ? [existing] : []);
  plan.resolvePending(pending, decision, existing);
  const planned = plan.result();
  // The episodes of the turns that stated a memory the answer supersedes step aside with it, as
  // in a write run (episodes.ts).
  const episodes = await episodeWrites(store, scope, [], planned, ctx);
  await store.batch([...plan.operations(), ...episodes.operations]);
  return planned;
}

/**
 * Supersede `target` by `by`, a memory the same revision wrote (`memory.revise`), with the
 * episodes of the turns that stated it, as a write run retires them (episodes.ts).
 */
export async function commitReplacement(
  store: BaseStore,
  target: MemoryRecord,
  by: MemoryRecord,
  reason: string,
  ctx: RecordContext,
): Promise<WriteResult> {
  const plan = new WritePlan(ctx, [target]);
  plan.replace(target, by, reason);
  const planned = plan.result();
  const episodes = await episodeWrites(store, ctx.scope, [], planned, ctx);
  await store.batch([...plan.operations(), ...episodes.operations]);
  return planned;
}
