/**
 * `memory.export(scope)` and `memory.import(scope, doc)`: a user's memories and history out as a
 * {@link MemoryExport} document, and back in, into the same scope or another one, in this
 * deployment or another. Import validates the whole document before its one `store.batch`, so a
 * refused document writes nothing. Texts pass through redaction both ways: stored texts were
 * redacted before storage, and a document from elsewhere is not trusted to be.
 */
import type { BaseStore, Operation } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { InvalidInputError, isMemoryError, zodProblem } from "../errors.js";
import { historyNamespace, recordOperations } from "../namespaces.js";
import { redactText } from "../redact.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord, parseScope } from "../schema.js";
import { type ScopeQueue, scopeKey } from "../scope-queue.js";
import { isBulkLoading } from "../store/contract.js";
import { scanNamespace } from "../store/scan.js";
import { keyIndexOperations } from "../write/conflict/key-index.js";
import { type HistoryEntry, HistoryEntrySchema } from "../write/history.js";
import { listRecords } from "../write/review.js";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportHeaderSchema,
  type MemoryExport,
  MemoryExportSchema,
} from "./document.js";

/** How `import` writes. */
export interface ImportOptions {
  /**
   * Write through the store's bulk load (contract.ts `BulkLoading`): HNSWStore inserts the
   * document's vectors into its graph once, after the rows; PostgresStore drops its vector
   * index for the load and rebuilds it (every scope's searches are exact scans meanwhile: for
   * loading before serving). The same records and history either way; a store without bulk
   * loading writes as usual. @default false
   */
  bulk?: boolean;
}

const ImportOptionsSchema = z.object({ bulk: z.boolean().optional() }).strict();

/** What `import` wrote. */
export interface ImportReport {
  records: number;
  episodes: number;
  history: number;
}

export interface Porter {
  /**
   * Every memory and episode of the user, in any status, with the scope's history, as a
   * versioned JSON document ({@link MemoryExportSchema}).
   * @example
   * import fs from "node:fs";
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * fs.writeFileSync("u1.json", JSON.stringify(await memory.export({ userId: "u1" })));
   */
  export(scope: MemoryScope): Promise<MemoryExport>;
  /**
   * Restore an exported document into `scope` (records take that scope; a record with the same
   * id there is replaced). Nothing is written unless the whole document is valid.
   * @throws {InvalidInputError} for a malformed document or one of a newer version.
   * @example
   * import fs from "node:fs";
   * import type { Memory } from "../memory.js";
   * declare const memory: Memory;
   * await memory.import({ userId: "u1" }, JSON.parse(fs.readFileSync("u1.json", "utf8")));
   * await memory.import({ userId: "u2" }, JSON.parse(fs.readFileSync("u2.json", "utf8")), { bulk: true });
   */
  import(scope: MemoryScope, document: unknown, options?: ImportOptions): Promise<ImportReport>;
}

export interface PorterOptions {
  store: BaseStore;
  queue: ScopeQueue;
  now: () => Date;
}

export function createPorter({ store, queue, now }: PorterOptions): Porter {
  return {
    async export(scope) {
      const valid = parseScope(scope);
      // In the queue: records and history are read with no commit of the scope in between.
      return queue.run(scopeKey(valid), async () => {
        const records = await listRecords(store, valid, { about: "any" });
        const items = await scanNamespace(store, historyNamespace(valid), { pageSize: 500, exact: true });
        const history = items
          .map((item) => HistoryEntrySchema.parse(item.value))
          .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
        return MemoryExportSchema.parse({
          format: EXPORT_FORMAT,
          version: EXPORT_VERSION,
          exportedAt: now().toISOString(),
          scope: valid,
          records: records.map(redactRecord),
          history: history.map(redactEntry),
        });
      });
    },

    async import(scope, document, options = {}) {
      const parsedOptions = ImportOptionsSchema.safeParse(options ?? {});
      if (!parsedOptions.success) {
        const { field, text } = zodProblem(parsedOptions.error, "(options)");
        throw new InvalidInputError(`import() options are { bulk?: boolean }: ${text}.`, { field });
      }
      const valid = parseScope(scope);
      const doc = parseExport(document);
      const records = doc.records.map((record, i) => {
        try {
          return parseMemoryRecord(redactRecord({ ...record, scope: valid }));
        } catch (error) {
          if (!isMemoryError(error)) throw error;
          throw new InvalidInputError(`Invalid export document: records.${i}: ${error.message}`, {
            field: `records.${i}`,
          });
        }
      });
      const history = doc.history.map((entry) => redactEntry(rescopeEntry(entry, valid)));
      refuseDuplicates(
        records.map((r) => r.id),
        "records",
      );
      refuseDuplicates(
        history.map((e) => e.id),
        "history",
      );
      const memories = records.filter((r) => r.about !== "conversation");
      const operations: Operation[] = [
        ...records.flatMap((record) => recordOperations({ ...record, scope: valid })),
        ...keyIndexOperations(
          valid,
          memories.map((record) => ({ record, deleted: false })),
        ),
        ...history.map((entry) => ({
          namespace: historyNamespace(valid),
          key: entry.id,
          value: entry,
          index: false as const,
        })),
      ];
      const key = scopeKey(valid);
      const write = () =>
        queue.run(key, async () => {
          if (operations.length > 0) await store.batch(operations);
          queue.bump(key);
        });
      await (parsedOptions.data.bulk && isBulkLoading(store) ? store.bulkLoad(write) : write());
      return { records: memories.length, episodes: records.length - memories.length, history: history.length };
    },
  };
}

/**
 * Validate a document: its header first (a newer version is refused as such, not as malformed),
 * then all of it.
 * @throws {InvalidInputError}
 */
export function parseExport(document: unknown): MemoryExport {
  const header = ExportHeaderSchema.safeParse(document);
  if (!header.success) {
    const { field, text } = zodProblem(header.error, "(document)");
    throw new InvalidInputError(
      `Not a langgraph-memory export: ${text}. Expected { format: "${EXPORT_FORMAT}", version, ... } as returned by export().`,
      { field },
    );
  }
  if (header.data.version > EXPORT_VERSION) {
    throw new InvalidInputError(
      `Export document version ${header.data.version} is newer than this langgraph-memory reads (up to ${EXPORT_VERSION}); upgrade the library to import it.`,
      { field: "version", expected: EXPORT_VERSION, received: header.data.version },
    );
  }
  const parsed = MemoryExportSchema.safeParse(document);
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(document)");
    throw new InvalidInputError(`Invalid export document: ${text}.`, { field });
  }
  return parsed.data;
}

function refuseDuplicates(ids: string[], field: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id))
      throw new InvalidInputError(`Invalid export document: ${field} holds id '${id}' twice.`, { field });
    seen.add(id);
  }
}

const redact = (text: string): string => redactText(text).text;

/** A record (or a record's copy in a history entry) with its free texts redacted. */
function redactRecord<T extends Partial<Pick<MemoryRecord, "content" | "retrievalHints">>>(record: T): T {
  return {
    ...record,
    ...(typeof record.content === "string" ? { content: redact(record.content) } : {}),
    ...(Array.isArray(record.retrievalHints) ? { retrievalHints: record.retrievalHints.map(redact) } : {}),
  };
}

function redactEntry(entry: HistoryEntry): HistoryEntry {
  return {
    ...entry,
    reason: redact(entry.reason),
    ...(entry.before ? { before: redactRecord(entry.before) } : {}),
    ...(entry.after ? { after: redactRecord(entry.after) } : {}),
    ...(entry.conflict ? { conflict: { ...entry.conflict, question: redact(entry.conflict.question) } } : {}),
  };
}

/** Record copies in an entry take the scope they are imported into. */
function rescopeEntry(entry: HistoryEntry, scope: MemoryScope): HistoryEntry {
  const rescope = (copy: Record<string, unknown> | undefined) => (copy && "scope" in copy ? { ...copy, scope } : copy);
  return {
    ...entry,
    ...(entry.before ? { before: rescope(entry.before) } : {}),
    ...(entry.after ? { after: rescope(entry.after) } : {}),
  };
}
