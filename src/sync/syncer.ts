/**
 * The sync side of the facade: `sync()` over the sync pipeline's direct runner (built by the
 * facade from graphs/sync.ts). Business facts enter memory only this way (seed 004 §2: 业务事实
 * 只接受系统同步，不接受模型猜); chat is refused by admission (src/write/scoring.ts).
 */
import { z } from "zod";
import { InvalidInputError, zodProblem } from "../errors.js";
import type { PipelineRunner } from "../graph/pipeline.js";
import { type MemoryScope, parseScope } from "../schema.js";
import type { SyncFactInput, SyncMode } from "./input.js";
import type { SyncInput, SyncReport } from "./state.js";

export interface SyncOptions {
  /** The business system the facts come from (`crm`, `erp-prod`): kept on each record and history entry. */
  system: string;
  /**
   * `upsert`: the facts given are applied, nothing else changes. `snapshot`: they are everything
   * the system holds for this user, so its active business facts not among them are retired.
   * @default "upsert"
   */
  mode?: SyncMode;
}

export interface Syncer {
  /**
   * Write business facts from a system of record: each a `business_fact` from `system_sync` at
   * confidence 1.0, versioned by key (src/sync/plan.ts). Every fact is validated first; one bad
   * fact refuses the call and nothing is written.
   * @throws {InvalidInputError} naming each bad fact (`facts.3.observedAt`), the scope, system or mode.
   * @example
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * const report = await memory.sync({ userId: "u1" }, [
   *   { key: "contract.acme.status", content: "与 Acme 的合同已签署", value: "signed", reference: "CRM-4711", observedAt: "2026-03-02T10:00:00Z" },
   * ], { system: "crm" });
   * report.totals; // { added: 1, updated: 0, refreshed: 0, unchanged: 0, retired: 0, skipped: 0 }
   */
  sync(scope: MemoryScope, facts: readonly SyncFactInput[], options: SyncOptions): Promise<SyncReport>;
}

export interface SyncerOptions {
  run: PipelineRunner<SyncInput, { sync: SyncReport }>;
}

const SyncOptionsSchema = z.object({ system: z.unknown(), mode: z.unknown().optional() }).strict();

export function createSyncer({ run }: SyncerOptions): Syncer {
  return {
    async sync(scope, facts, options) {
      const parsed = SyncOptionsSchema.safeParse(options ?? {});
      if (!parsed.success) {
        throw new InvalidInputError(
          `sync() expects options { system, mode? }: ${zodProblem(parsed.error, "(options)").text}.`,
          { field: "options" },
        );
      }
      const { system, mode } = parsed.data as SyncOptions;
      return (await run({ scope: parseScope(scope), facts, system, mode })).sync;
    },
  };
}
