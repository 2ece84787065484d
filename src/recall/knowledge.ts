/**
 * The knowledge layer (seed 003 §2.1): shared, read-only, versioned domain documents per
 * tenant — "教材", not "档案". Documents are imported through a publishing step, chunked, and
 * carry `source`, `version` and `isActive`; publishing a version deactivates the previous one
 * ("更新要走发布流程，不能像聊天日志一样往里乱写"). Nothing on the conversation path writes
 * here: the read graph only searches it, and the write graph never touches its namespace.
 */
import type { BaseStore, Operation } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { InvalidInputError, zodProblem } from "../errors.js";
import { knowledgeNamespace } from "../namespaces.js";
import { scanNamespace } from "../store/scan.js";
import { estimateTokens } from "./budget.js";
import type { KnowledgeChunk } from "./types.js";

/** Knowledge chunks are embedded and keyword-indexed on their content only. */
export const KNOWLEDGE_INDEX_FIELDS = ["content"];

// seed 003 §5.4: knowledge gets 1200 tokens per turn; 240-token chunks let five whole chunks fit.
export const DEFAULT_CHUNK_TOKENS = 240;

const SCAN_PAGE = 1000;
// Chunk keys are `<docId>#<version>#<n>`, so neither part may contain '#'.
const noHash = /^[^#]+$/;

export const KnowledgeDocSchema = z
  .object({
    id: z.string().trim().min(1).max(128).regex(noHash, "must not contain '#'"),
    content: z.string().trim().min(1).max(500_000),
    /** Where the document comes from, e.g. `help-center/return-policy`. */
    source: z.string().trim().min(1).max(500),
    version: z
      .union([z.string().trim().min(1).max(64).regex(noHash, "must not contain '#'"), z.number().finite()])
      .transform(String),
    category: z.string().trim().min(1).max(100).optional(),
    publishedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type KnowledgeDoc = z.input<typeof KnowledgeDocSchema>;

export const KnowledgeChunkSchema = z.object({
  docId: z.string(),
  chunk: z.number().int().min(0),
  chunks: z.number().int().min(1),
  content: z.string().min(1),
  source: z.string(),
  version: z.string(),
  category: z.string().optional(),
  isActive: z.boolean(),
  publishedAt: z.string(),
  importedAt: z.string(),
});

export interface KnowledgeImportReport {
  imported: { id: string; version: string; chunks: number }[];
  /** Previously active versions that this import deactivated. */
  deactivated: { id: string; version: string; chunks: number }[];
}

export interface KnowledgeDocSummary {
  id: string;
  version: string;
  source: string;
  category?: string;
  isActive: boolean;
  chunks: number;
  publishedAt: string;
}

/**
 * Split a document into chunks of at most `maxTokens` (estimated): paragraphs are packed
 * together, a long paragraph is split between sentences, and only a single over-long sentence
 * is cut by characters.
 * @example
 * chunkDocument("第一段。\n\n第二段。", 240); // ["第一段。\n\n第二段。"]
 */
export function chunkDocument(content: string, maxTokens = DEFAULT_CHUNK_TOKENS): string[] {
  const pieces = content
    .split(/\n\s*\n/u)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .flatMap((paragraph) =>
      estimateTokens(paragraph) <= maxTokens ? [paragraph] : splitParagraph(paragraph, maxTokens),
    );
  const chunks: string[] = [];
  let current = "";
  for (const piece of pieces) {
    const joined = current ? `${current}\n\n${piece}` : piece;
    if (current && estimateTokens(joined) > maxTokens) {
      chunks.push(current);
      current = piece;
    } else current = joined;
  }
  if (current) chunks.push(current);
  return chunks;
}

/**
 * Publish documents into a tenant's knowledge namespace. For each document, the chunks of the
 * imported version replace any earlier import of that same version, and every other active
 * version of the document is deactivated (kept for audit, never recalled). Re-publishing an
 * older version is how a rollback is done. All documents are validated before anything is
 * written; all writes go in one batch.
 * @throws {InvalidInputError} for an invalid document or a duplicate id in one call.
 * @example
 * declare const store: BaseStore;
 * await importKnowledge(store, [
 *   {
 *     id: "kb_ret_001",
 *     content: "消费者自收到商品之日起7日内…",
 *     source: "help-center/return-policy",
 *     version: "1.3",
 *     category: "after-sales",
 *   },
 * ]);
 */
export async function importKnowledge(
  store: BaseStore,
  docs: readonly KnowledgeDoc[],
  options: { tenantId?: string; now?: Date; maxChunkTokens?: number } = {},
): Promise<KnowledgeImportReport> {
  if (!Array.isArray(docs))
    throw new InvalidInputError(`knowledge.import expects an array of documents; received ${typeof docs}.`);
  const parsed = docs.map((doc, i) => {
    const result = KnowledgeDocSchema.safeParse(doc);
    if (result.success) return result.data;
    const { field, text } = zodProblem(result.error, "(document)");
    throw new InvalidInputError(
      `Invalid knowledge document at index ${i}: ${text}. Expected { id, content, source, version, category?, publishedAt? }.`,
      { index: i, field },
    );
  });
  const seen = new Set<string>();
  for (const doc of parsed) {
    if (seen.has(doc.id))
      throw new InvalidInputError(
        `Duplicate knowledge document id '${doc.id}' in one import; import one version per document at a time.`,
        { id: doc.id },
      );
    seen.add(doc.id);
  }

  const namespace = knowledgeNamespace(options.tenantId);
  const now = (options.now ?? new Date()).toISOString();
  const ops: Operation[] = [];
  const report: KnowledgeImportReport = { imported: [], deactivated: [] };
  for (const doc of parsed) {
    const existing = await scanNamespace(store, namespace, { filter: { docId: doc.id }, pageSize: SCAN_PAGE });
    const deactivated = new Map<string, number>();
    for (const item of existing) {
      const chunk = item.value as KnowledgeChunk;
      if (chunk.version === doc.version) ops.push({ namespace, key: item.key, value: null });
      else if (chunk.isActive) {
        // Not re-indexed: inactive chunks are filtered out of every search anyway.
        ops.push({ namespace, key: item.key, value: { ...chunk, isActive: false }, index: false });
        deactivated.set(chunk.version, (deactivated.get(chunk.version) ?? 0) + 1);
      }
    }
    const texts = chunkDocument(doc.content, options.maxChunkTokens);
    texts.forEach((text, i) => {
      const chunk: KnowledgeChunk = {
        docId: doc.id,
        chunk: i,
        chunks: texts.length,
        content: text,
        source: doc.source,
        version: doc.version,
        ...(doc.category !== undefined ? { category: doc.category } : {}),
        isActive: true,
        publishedAt: doc.publishedAt ?? now,
        importedAt: now,
      };
      ops.push({
        namespace,
        key: chunkKey(doc.id, doc.version, i),
        value: { ...chunk },
        index: KNOWLEDGE_INDEX_FIELDS,
      });
    });
    report.imported.push({ id: doc.id, version: doc.version, chunks: texts.length });
    for (const [version, chunks] of deactivated) report.deactivated.push({ id: doc.id, version, chunks });
  }
  if (ops.length > 0) await store.batch(ops);
  return report;
}

/**
 * The documents of a tenant's knowledge base, one entry per document version.
 * @example
 * declare const store: BaseStore;
 * const active = await listKnowledge(store, { tenantId: "acme" });
 */
export async function listKnowledge(
  store: BaseStore,
  options: { tenantId?: string; includeInactive?: boolean } = {},
): Promise<KnowledgeDocSummary[]> {
  const items = await scanNamespace(store, knowledgeNamespace(options.tenantId), {
    filter: options.includeInactive ? undefined : { isActive: true },
    pageSize: SCAN_PAGE,
  });
  const docs = new Map<string, KnowledgeDocSummary>();
  for (const item of items) {
    const parsed = KnowledgeChunkSchema.safeParse(item.value);
    if (!parsed.success) continue;
    const chunk = parsed.data;
    const key = `${chunk.docId}#${chunk.version}`;
    const entry = docs.get(key);
    if (entry) entry.chunks += 1;
    else {
      docs.set(key, {
        id: chunk.docId,
        version: chunk.version,
        source: chunk.source,
        ...(chunk.category !== undefined ? { category: chunk.category } : {}),
        isActive: chunk.isActive,
        chunks: 1,
        publishedAt: chunk.publishedAt,
      });
    }
  }
  return [...docs.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.version < b.version ? -1 : 1));
}

export function chunkKey(docId: string, version: string, index: number): string {
  return `${docId}#${version}#${index}`;
}

function splitParagraph(paragraph: string, maxTokens: number): string[] {
  const sentences = splitSentences(paragraph);
  const out: string[] = [];
  let current = "";
  for (const raw of sentences) {
    const sentence = raw.trim();
    if (!sentence) continue;
    if (estimateTokens(sentence) > maxTokens) {
      if (current) out.push(current);
      current = "";
      out.push(...hardSplit(sentence, maxTokens));
      continue;
    }
    const joined = current ? joinSentences(current, sentence) : sentence;
    if (current && estimateTokens(joined) > maxTokens) {
      out.push(current);
      current = sentence;
    } else current = joined;
  }
  if (current) out.push(current);
  return out;
}

/**
 * Sentences end after 。！？； (and runs of them), after . ! ? ; followed by whitespace (so 3.5
 * and v1.3 stay whole), and at line breaks.
 */
function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1];
    const ends =
      char === "\n" ||
      ("。！？；".includes(char) && !"。！？；".includes(next ?? "")) ||
      (".!?;".includes(char) && (next === undefined || /\s/u.test(next)));
    if (ends) {
      out.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

function joinSentences(a: string, b: string): string {
  // Chinese sentences join without a space; English ones with one.
  return /[\p{Script=Han}]$/u.test(a) || /[。！？；]$/u.test(a) ? a + b : `${a} ${b}`;
}

function hardSplit(sentence: string, maxTokens: number): string[] {
  // Rare (a run-on sentence longer than a chunk). No character estimates above 1.15 tokens
  // (a Han character), so slices of maxTokens / 1.2 characters always fit.
  const size = Math.max(1, Math.floor(maxTokens / 1.2));
  const chars = Array.from(sentence);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out;
}
