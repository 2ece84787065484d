/**
 * persist: every record change and its audit history in ONE `store.batch` (seed 002 §3.3),
 * so a run that fails writes nothing partial. Targets are re-read here (a conflict question
 * may have waited on the user for a while) and every record is validated before it is written.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { BaseStore, Item } from "@langchain/langgraph-checkpoint";
import { recordsNamespace } from "../../src/namespaces.js";
import { type MemoryRecord, parseMemoryRecord } from "../../src/schema.js";
import { WritePlan } from "../../src/write/conflict/apply.js";
import type { ConflictDecision, MemoryWriteOutput } from "../../src/write/conflict/decision.js";
import { runIds, writeScopeFor, writeStoreFor } from "../../src/write/context.js";
import { type ConversationContext, conversationOperation } from "../../src/write/extract/index.js";
import { newRecordId } from "../../src/write/records.js";
import type { Rejection } from "../../src/write/scoring.js";

export interface PersistNodeOptions {
  store?: BaseStore;
  now: () => Date;
}

export interface PersistState {
  decisions: ConflictDecision[];
  rejected: Rejection[];
  extractionFailures?: MemoryWriteOutput["extractionFailures"];
  sessionId?: string;
  taskId?: string;
  /** The conversation context to keep for the next call (named speakers only). */
  conversation?: ConversationContext;
}

export function createPersistNode(options: PersistNodeOptions) {
  return async function persist(
    state: PersistState,
    config: LangGraphRunnableConfig,
  ): Promise<{ memoryWrite: MemoryWriteOutput }> {
    const scope = writeScopeFor(config);
    const store = writeStoreFor(options.store, config);
    const namespace = recordsNamespace(scope);
    const decisions = state.decisions ?? [];
    const targetIds = [...new Set(decisions.flatMap((d) => (d.existing ? [d.existing.id] : [])))];
    const current =
      targetIds.length > 0
        ? ((await store.batch(targetIds.map((key) => ({ namespace, key })))) as Array<Item | null>)
        : [];
    // A target retired since the decision (superseded by another run) is no longer one: the
    // candidate is then added on its own rather than reinforcing or merging into history.
    const existing: MemoryRecord[] = current
      .flatMap((item) => (item ? [parseMemoryRecord(item.value)] : []))
      .filter((record) => record.status === "active");

    const plan = new WritePlan({ scope, now: options.now().toISOString(), ...runIds(state, config) }, existing);
    for (const rejection of state.rejected ?? []) plan.reject(rejection, newRecordId());
    for (const decision of decisions) plan.apply(decision);
    const operations = plan.operations();
    if (state.conversation) operations.push(conversationOperation(scope, state.conversation));
    if (operations.length > 0) await store.batch(operations);
    return { memoryWrite: { ...plan.result(), extractionFailures: state.extractionFailures ?? [] } };
  };
}
