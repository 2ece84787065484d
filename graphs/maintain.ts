/**
 * The maintenance graph (`memory_maintain`): forgetting as a graph of its own (seed 000 遗忘).
 *
 *   START → resolve_scope → select → expire → decay → dedupe → compress → purge → advance
 *         → expire_sessions → END
 *
 * select: what the pass reads: what changed since the last pass, what fell due since, and their
 * groups (src/maintain/incremental.ts), or every record in a full pass (`full: true`, the first
 * pass, other rules); advance: the scope's maintenance ledger and watermark brought up to date
 * in one batch, so the next pass reads only what changes after this one.
 * expire: TTL per kind, archived (seed 000); decay: the cold tier (seed 001 §3.4, seed 003 §4.3);
 * dedupe: near-duplicates merged (seed 002 §4.2); compress: over the cap, layered compression
 * (seed 002 §4.2); purge: long-retired memories physically deleted (seed 003 §4.4);
 * expire_sessions: sessions idle past their TTL deleted from the session checkpointer (seed 000
 * TTL; tasks never, seed 002 N9).
 *
 * Input: optional `scope`, `now` (ISO) and `full`; scope otherwise comes from `config.configurable`
 * (`user_id`, `tenant_id`). Output: one report per step, with ids. Each step reads and commits
 * one `store.batch` inside the scope's queue, so it is safe beside remember() and recall(), and
 * a run stopped between steps leaves every memory valid; a second run finds nothing to do.
 *
 * The steps are declared once, below; the compiled graph and the facade's direct runner are
 * both derived from that declaration (src/graph/pipeline.ts).
 */

import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAdvanceNode } from "../nodes/maintain/advance.js";
import { createCompressNode } from "../nodes/maintain/compress.js";
import { createDecayNode } from "../nodes/maintain/decay.js";
import { createDedupeNode } from "../nodes/maintain/dedupe.js";
import { createExpireNode } from "../nodes/maintain/expire.js";
import { createExpireSessionsNode } from "../nodes/maintain/expire-sessions.js";
import { createPurgeNode } from "../nodes/maintain/purge.js";
import { createResolveScopeNode } from "../nodes/maintain/resolve-scope.js";
import { createSelectNode } from "../nodes/maintain/select.js";
import { Pipeline, stepOf } from "../src/graph/pipeline.js";
import { parseMaintenanceConfig, parseSessionOptions, type SessionOptions } from "../src/maintain/config.js";
import {
  type MaintainDeps,
  type MaintainInput,
  MaintainInputAnnotation,
  type MaintainOutput,
  MaintainOutputAnnotation,
  type MaintainState,
  MaintainStateAnnotation,
} from "../src/maintain/state.js";

export interface MaintainGraphOptions extends Partial<Omit<MaintainDeps, "config" | "now" | "sessions">> {
  /** Rules and defaults (src/maintain/config.ts). */
  maintenance?: unknown;
  /**
   * The session TTL: the session checkpointer (`memory.checkpointers.sessions`) and `ttlDays`
   * (@default 30). Without a checkpointer, no session is deleted.
   */
  sessions?: SessionOptions & { checkpointer?: BaseCheckpointSaver };
  /** Clock for runs without `now`. @default () => new Date() */
  now?: () => Date;
}

const step = stepOf<MaintainState>();

/** The maintenance graph's one declaration: its steps in order, each with what it reads and writes. */
export function maintainPipeline(options: MaintainGraphOptions = {}) {
  const { checkpointer, ...sessionOptions } = options.sessions ?? {};
  const deps: MaintainDeps = {
    ...options,
    config: parseMaintenanceConfig(options.maintenance ?? {}),
    now: options.now ?? (() => new Date()),
    sessions: { checkpointer, ...parseSessionOptions(sessionOptions) },
  };
  return new Pipeline({
    name: "memory_maintain",
    state: MaintainStateAnnotation,
    input: MaintainInputAnnotation,
    output: MaintainOutputAnnotation,
    stages: [
      step({ name: "resolve_scope", reads: ["scope", "now"], writes: ["request"], node: createResolveScopeNode(deps) }),
      step({ name: "select", reads: ["request", "full"], writes: ["work"], node: createSelectNode(deps) }),
      step({
        name: "expire",
        reads: ["request", "work"],
        writes: ["expired", "written"],
        node: createExpireNode(deps),
      }),
      step({ name: "decay", reads: ["request", "work"], writes: ["decayed", "written"], node: createDecayNode(deps) }),
      step({ name: "dedupe", reads: ["request", "work"], writes: ["merged", "written"], node: createDedupeNode(deps) }),
      step({
        name: "compress",
        reads: ["request", "work"],
        writes: ["compressed", "written", "saturated"],
        node: createCompressNode(deps),
      }),
      step({ name: "purge", reads: ["request", "work"], writes: ["purged", "written"], node: createPurgeNode(deps) }),
      step({
        name: "advance",
        reads: ["request", "work", "written", "saturated"],
        writes: ["pass"],
        node: createAdvanceNode(deps),
      }),
      step({
        name: "expire_sessions",
        reads: ["request"],
        writes: ["expiredSessions"],
        node: createExpireSessionsNode(deps),
      }),
    ],
  });
}

/**
 * Build and compile the maintenance graph.
 * @example
 * import type { BaseStore } from "@langchain/langgraph";
 * declare const store: BaseStore;
 * const maintain = createMaintainGraph({ store, maintenance: { maxActive: 500 } });
 * const report = await maintain.invoke({}, { configurable: { user_id: "u1" } });
 * report.expired; // [{ id, key, kind: "todo", reason: "due …, 7 days of grace passed" }]
 */
export function createMaintainGraph(options: MaintainGraphOptions = {}) {
  return maintainPipeline(options).compile({ store: options.store });
}

export type MaintainGraph = ReturnType<typeof createMaintainGraph>;

/**
 * The same steps without LangGraph's runtime, for the facade's `maintain()`.
 * @example
 * import type { BaseStore } from "@langchain/langgraph";
 * declare const store: BaseStore;
 * const run = createMaintainPipeline({ store });
 * const report = await run({ scope: { userId: "u1" } });
 */
export function createMaintainPipeline(options: MaintainGraphOptions = {}) {
  return maintainPipeline(options).runner<MaintainInput, MaintainOutput>();
}
