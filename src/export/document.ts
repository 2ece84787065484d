/**
 * The export document (seed 004 §4: a user may take their memory with them; GDPR portability,
 * and moving a user between deployments): every memory and episode of one user with its audit
 * history, as versioned JSON. Traces (kept days, for debugging), the key index (derived from the
 * records), the conversation window (a few turns of context) and the known names (derived from
 * what was said; an imported scope learns them again as names are introduced) are not part of it.
 */
import { z } from "zod";
import { MemoryRecordSchema } from "../schema.js";
import { HistoryEntrySchema } from "../write/history.js";

/** Identifies the document, whatever its version. */
export const EXPORT_FORMAT = "langgraph-memory/export";
/** The version this library writes, and the newest it reads. */
export const EXPORT_VERSION = 1;

/** What every version shares: enough to refuse a document before reading the rest of it. */
export const ExportHeaderSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1),
});

export const MemoryExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: z.iso.datetime({ offset: true }),
    /** The scope it was exported from (import may target another). */
    scope: z.object({ tenantId: z.string().optional(), userId: z.string() }),
    /** Memories of the user and episodes of the conversation, in any status. */
    records: z.array(MemoryRecordSchema),
    /** The audit history of the scope, oldest first, tombstones included. */
    history: z.array(HistoryEntrySchema),
  })
  .strict();
export type MemoryExport = z.infer<typeof MemoryExportSchema>;
