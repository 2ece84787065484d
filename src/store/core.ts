/**
 * The part of a store's work that does not depend on its backend, written once for HNSWStore
 * and PostgresStore: a batch validated and planned before anything is touched (every put's
 * value serialised, its indexed texts chosen and hashed, its keyword body and structured rows
 * derived), the texts embedded whose stored vectors do not match them, and query vectors
 * embedded through one bounded cache. A backend executes the plan: reads, one transaction of
 * writes, search over its own tables.
 */
import type { ListNamespacesOperation, Operation, PutOperation } from "@langchain/langgraph-checkpoint";
import { InvalidOperationError, InvalidValueError } from "../errors.js";
import { yieldIfDue } from "../yield.js";
import type { ItemStructure, StoreIndexConfig, StructureOf } from "./contract.js";
import { textsAtPaths } from "./fields.js";
import { boundedStructure } from "./item-structure.js";
import { keywordBody } from "./keyword.js";
import { encodeNamespace } from "./namespace.js";
import { checkOperation, hashText } from "./operations.js";
import { DEFAULT_MAX_VALUE_BYTES, serializeValue } from "./values.js";
import type { SearchOp } from "./vector-search.js";
import { toUnitVector } from "./vectors.js";

/** Query embeddings kept: a recall embeds one query for several namespaces (records, knowledge). */
export const QUERY_CACHE_SIZE = 64;

/** An indexed text of a put: its field (path), the text, and the digest vectors are kept by. */
export interface IndexedText {
  field: string;
  text: string;
  textHash: string;
}

/** A put or delete of a batch, planned: everything the backend writes, computed before its transaction. */
export interface PlannedPut {
  namespace: string[];
  /** The namespace encoded (`a:b:`), as both backends key their rows. */
  path: string;
  key: string;
  /** Serialized JSON, or null for a delete. */
  json: string | null;
  /** The texts to embed, by field; empty without an index. */
  texts: IndexedText[];
  /** Digest of every keyword-indexed text: equal digests mean the same keyword body. */
  keywordHash: string;
  /** Pre-segmented keyword terms joined by spaces, built when first read; empty when nothing is indexed. */
  readonly keywordBody: string;
  /** The item's structured rows; undefined when the store keeps none, so its rows are left alone. */
  structure?: ItemStructure;
  /** Digest of `structure`: unchanged rows are not rewritten. */
  readonly structureHash: string;
  /**
   * Vectors embedded for this batch, one per text whose stored vector did not match it. The
   * backend keeps the stored vector of every other text of `texts` (same field, same digest)
   * and drops the item's other vectors.
   */
  vectors: Array<{ field: string; vec: Float32Array; textHash: string }>;
}

/** One operation of a batch, planned. */
export type PlannedOperation =
  | { kind: "get"; namespace: string[]; path: string; key: string }
  | { kind: "search"; search: SearchOp }
  | { kind: "list"; list: ListNamespacesOperation }
  | { kind: "put"; write: PlannedPut };

/** A batch, planned: its operations in order, its writes (last of a key wins) and its distinct queries. */
export interface PlannedBatch {
  operations: PlannedOperation[];
  writes: PlannedPut[];
  queries: string[];
}

/**
 * The digests of the vectors a backend holds for each write's item, by field. Called with the
 * writes that have texts to embed; a write missing from the map has none.
 */
export type StoredTextHashes = (writes: PlannedPut[]) => Promise<Map<PlannedPut, Map<string, string>>>;

/**
 * A write planned to keep stored vectors found them replaced by a concurrent batch: the store
 * embeds every text of its writes ({@link StoreCore.embedWrites} without `stored`) and retries.
 */
export class StaleVectorsError extends Error {}

export interface StoreCoreOptions {
  index?: StoreIndexConfig;
  /** Largest JSON value accepted, in bytes. @default 524288 */
  maxValueBytes?: number;
  structure?: StructureOf;
  /** Whether keys and values may hold the NUL character (SQLite can, PostgreSQL text cannot). */
  nulAllowed: boolean;
}

export class StoreCore {
  readonly index?: StoreIndexConfig;
  /** The paths a put without its own `index` embeds and keyword-indexes. */
  readonly fields: string[];
  private readonly keywordOnly: string[];
  private readonly maxValueBytes: number;
  /** Recent query embeddings, oldest first; promises, so searches started together share one call. */
  private readonly queryVectors = new Map<string, Promise<Float32Array>>();

  constructor(private readonly options: StoreCoreOptions) {
    this.index = options.index;
    this.fields = options.index?.fields ?? ["$"];
    this.keywordOnly = options.index?.keywordOnly ?? [];
    this.maxValueBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
  }

  /**
   * Validate and plan every operation of a batch before any is run: one bad operation leaves the
   * store untouched. Hands the event loop back between operations.
   * @throws {InvalidOperationError} (and the value errors of a put) naming the operation.
   */
  async plan(operations: Operation[]): Promise<PlannedBatch> {
    if (!Array.isArray(operations)) throw new InvalidOperationError("batch() expects an array of operations.");
    const planned: PlannedOperation[] = [];
    for (const [i, op] of operations.entries()) {
      planned.push(this.planOperation(op, i));
      await yieldIfDue();
    }
    // Last write of a key wins, as in a sequence of puts.
    const lastWrite = new Map<string, PlannedPut>();
    for (const p of planned) if (p.kind === "put") lastWrite.set(`${p.write.path}\u0000${p.write.key}`, p.write);
    const queries = this.index
      ? [...new Set(planned.flatMap((p) => (p.kind === "search" && p.search.query ? [p.search.query] : [])))]
      : [];
    return { operations: planned, writes: [...lastWrite.values()], queries };
  }

  private planOperation(op: Operation, i: number): PlannedOperation {
    const checked = checkOperation(op, i, { nulInKeys: this.options.nulAllowed });
    switch (checked.kind) {
      case "search": {
        const { prefix, filter, limit, offset, query } = checked;
        return { kind: "search", search: { namespacePrefix: prefix, filter, limit, offset, query } };
      }
      case "list":
        return checked;
      case "get":
        return {
          kind: "get",
          namespace: checked.namespace,
          path: encodeNamespace(checked.namespace),
          key: checked.key,
        };
      default:
        return { kind: "put", write: this.preparePut(checked.op, checked.namespace) };
    }
  }

  /** A put (or a delete: `value` null) planned: value serialised, texts chosen and hashed. */
  preparePut(op: PutOperation, namespace: string[]): PlannedPut {
    const where = `put ${JSON.stringify(namespace)}/${op.key}`;
    const json = op.value === null ? null : serializeValue(op.value, this.maxValueBytes, where);
    if (json !== null && !this.options.nulAllowed && holdsNul(op.value))
      throw new InvalidValueError(`${where}: this store cannot hold the NUL character (\\u0000) in a value.`, {
        key: op.key,
      });
    const value = (op.value ?? {}) as Record<string, unknown>;
    const paths = json === null || op.index === false ? [] : (op.index ?? this.fields);
    const textsOf = (selected: string[]) =>
      textsAtPaths(value, selected).map((t) => ({ ...t, textHash: hashText(t.text) }));
    // Embedded texts (vectors and keyword body) and keyword-only ones (keyword body alone).
    const embedded = textsOf(paths.filter((p) => !this.keywordOnly.includes(p)));
    const terms = this.keywordOnly.length ? textsOf(paths.filter((p) => this.keywordOnly.includes(p))) : [];
    const keywordTexts = terms.length ? [...embedded, ...terms] : embedded;
    const structure =
      this.options.structure && json !== null ? boundedStructure(this.options.structure(value)) : undefined;
    // Segmenting (the keyword body) and the structure's digest are built when a backend reads
    // them: a usage-counter update whose texts and rows did not change needs neither.
    let body: string | undefined;
    let structureHash: string | undefined;
    return {
      namespace,
      path: encodeNamespace(namespace),
      key: op.key,
      json,
      texts: this.index ? embedded : [],
      keywordHash: keywordTexts.length ? hashText(keywordTexts.map((t) => t.textHash).join("\n")) : "",
      get keywordBody() {
        body ??= keywordBody(keywordTexts.map((t) => t.text));
        return body;
      },
      ...(structure ? { structure } : {}),
      get structureHash() {
        structureHash ??= structure ? hashText(JSON.stringify(structure)) : "";
        return structureHash;
      },
      vectors: [],
    };
  }

  /** The unit vector of one query (cached); undefined without an index. */
  async queryVector(query: string): Promise<Float32Array | undefined> {
    return this.index ? (await this.embedQueries([query])).get(query) : undefined;
  }

  /**
   * Unit vectors of the queries, through a cache of the last {@link QUERY_CACHE_SIZE}: one recall
   * asks the same query of several namespaces, and two searches started together share one call.
   * Empty without an index.
   */
  async embedQueries(queries: string[]): Promise<Map<string, Float32Array>> {
    const index = this.index;
    const out = new Map<string, Float32Array>();
    if (!index || queries.length === 0) return out;
    // Collected here too: a batch of more queries than the cache holds evicts its own first ones.
    const pending = queries.map((q) => {
      const cached = this.queryVectors.get(q);
      if (cached) return cached;
      if (this.queryVectors.size >= QUERY_CACHE_SIZE) this.queryVectors.delete(this.queryVectors.keys().next().value!);
      const vector = index.embeddings
        .embedQuery(q)
        .then((v) => toUnitVector(v, index.dims, `query ${JSON.stringify(q.slice(0, 40))}`));
      // A failed embedding is not remembered: the next search tries again.
      vector.catch(() => this.queryVectors.get(q) === vector && this.queryVectors.delete(q));
      this.queryVectors.set(q, vector);
      return vector;
    });
    const vectors = await Promise.all(pending);
    for (const [i, q] of queries.entries()) out.set(q, vectors[i]!);
    return out;
  }

  /**
   * Embed the texts of the writes whose stored vector (same field, same digest, as `stored`
   * reports) is missing: a put whose indexed texts did not change (a usage-counter update)
   * costs no model call. Without `stored`, every text is embedded. Sets each write's `vectors`.
   */
  async embedWrites(writes: PlannedPut[], stored?: StoredTextHashes): Promise<void> {
    for (const write of writes) write.vectors = [];
    const index = this.index;
    const withTexts = writes.filter((w) => w.json !== null && w.texts.length > 0);
    if (!index || withTexts.length === 0) return;
    const have = stored ? await stored(withTexts) : new Map<PlannedPut, Map<string, string>>();
    const pending = withTexts.flatMap((write) =>
      write.texts.filter((t) => have.get(write)?.get(t.field) !== t.textHash).map((t) => ({ write, ...t })),
    );
    const unique = [...new Set(pending.map((t) => t.text))];
    if (unique.length === 0) return;
    const vectors = await index.embeddings.embedDocuments(unique);
    if (!Array.isArray(vectors) || vectors.length !== unique.length)
      throw new InvalidOperationError(`Embeddings returned ${vectors?.length} vectors for ${unique.length} texts.`);
    const byText = new Map(
      unique.map((text, i) => [
        text,
        toUnitVector(vectors[i], index.dims, `text ${JSON.stringify(text.slice(0, 40))}`),
      ]),
    );
    for (const t of pending) t.write.vectors.push({ field: t.field, vec: byText.get(t.text)!, textHash: t.textHash });
  }

  /**
   * Run `commit`; when it finds a vector the plan meant to keep replaced by a concurrent batch
   * ({@link StaleVectorsError}), embed every text of the writes and run it once more.
   */
  async commitFresh<T>(writes: PlannedPut[], commit: () => Promise<T>): Promise<T> {
    try {
      return await commit();
    } catch (error) {
      if (!(error instanceof StaleVectorsError)) throw error;
      await this.embedWrites(writes);
      return commit();
    }
  }
}

/** True when a string or key anywhere in the value holds the NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([k, v]) => k.includes("\u0000") || holdsNul(v));
  return false;
}
