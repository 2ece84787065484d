/**
 * The sync graph's state, its input boundary and its report. Nodes are typed `SyncNode<reads,
 * writes>` over this state; graphs/sync.ts declares the steps.
 *
 *   input    system, facts, mode (upsert | snapshot), scope (else config.configurable.user_id / tenant_id)
 *   working  request (scope, system, mode, the run's clock) → current (active business facts,
 *            read at write generation `basis`) → plan
 *   output   sync: what happened to each fact
 */
import { Annotation, type BaseStore } from "@langchain/langgraph";
import { z } from "zod";
import { lastValue, type StepNode } from "../graph/pipeline.js";
import { type MemoryRecord, type MemoryScope, parseScope } from "../schema.js";
import { parseMode, parseSyncFacts, parseSystem, type SyncFact, type SyncFactInput, type SyncMode } from "./input.js";
import { SYNC_ACTIONS, type SyncAction, type SyncChange, type SyncPlan, type SyncRequest } from "./plan.js";

/** What one sync did. */
export interface SyncReport {
  scope: MemoryScope;
  system: string;
  mode: SyncMode;
  /** One entry per fact, in the order they were applied (by observation time), then a snapshot's retirements. */
  changes: SyncChange[];
  totals: Record<SyncAction, number>;
}

export const SyncStateAnnotation = Annotation.Root({
  /** Validated and redacted by the input schema. */
  facts: lastValue<SyncFact[]>(() => []),
  system: lastValue<string>(() => ""),
  mode: lastValue<SyncMode>(() => "upsert"),
  /** Explicit scope (the facade); otherwise `config.configurable.user_id` / `tenant_id`. */
  scope: lastValue<MemoryScope | undefined>(() => undefined),
  request: lastValue<SyncRequest | undefined>(() => undefined),
  current: lastValue<MemoryRecord[]>(() => []),
  /** The scope's write generation when `current` was read (see ScopeQueue.generation). */
  basis: lastValue<number | undefined>(() => undefined),
  plan: lastValue<SyncPlan | undefined>(() => undefined),
  sync: lastValue<SyncReport | undefined>(() => undefined),
});

export type SyncState = typeof SyncStateAnnotation.State;

/** Only the report leaves the graph. */
export const SyncOutputAnnotation = Annotation.Root({ sync: SyncStateAnnotation.spec.sync });

/** What sync nodes need besides state. */
export interface SyncDeps {
  /** Defaults to the store LangGraph passes in `config.store`. */
  store?: BaseStore;
  now: () => Date;
}

export type SyncNode<R extends keyof SyncState, W extends keyof SyncState> = StepNode<SyncState, R, W>;

/** What a sync run accepts, before the input schema cleans it. */
export interface SyncInput {
  /** The business system the facts come from: `crm`, `erp`. */
  system: string;
  facts: readonly SyncFactInput[];
  /** `snapshot`: the facts are everything the system holds for this user. @default "upsert" */
  mode?: SyncMode;
  scope?: MemoryScope;
}

/**
 * The sync graph's input schema: every fact validated and redacted before anything runs (and, in
 * the compiled graph, before LangGraph checkpoints the input), so a refused sync writes nothing.
 * `now` is the clock an observation may not lie more than a day past.
 * @throws {InvalidInputError} naming each bad fact, the system or the mode.
 */
export function syncInputSchema(now: () => Date) {
  return z.object({
    system: z.unknown().transform(parseSystem),
    facts: z.unknown().transform((facts) => parseSyncFacts(facts, now)),
    mode: z.unknown().optional().transform(parseMode),
    scope: z
      .unknown()
      .optional()
      .transform((scope) => (scope === undefined ? undefined : parseScope(scope))),
  });
}

/** The report of a plan. */
export function syncReport(request: SyncRequest, plan: SyncPlan): SyncReport {
  const totals = Object.fromEntries(SYNC_ACTIONS.map((action) => [action, 0])) as Record<SyncAction, number>;
  for (const change of plan.changes) totals[change.action] += 1;
  return { scope: request.scope, system: request.system, mode: request.mode, changes: plan.changes, totals };
}
