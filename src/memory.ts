/**
 * The facade: `createMemory()` wires store, embeddings, model, the write graph and the read
 * side, and exposes remember / pending / resolve / get / list / history / recall / trace /
 * knowledge / close plus the compiled graphs.
 * `remember()` runs non-interactively: conflicts it is unsure about become `pending` records,
 * listed by `pending()` and settled by `resolve()`.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { createWriteGraph, createWritePipeline, type WriteGraph } from "../graphs/write.js";
import { InvalidConfigError, InvalidInputError, NotFoundError } from "./errors.js";
import { RECORD_INDEX_FIELDS, recordsNamespace } from "./namespaces.js";
import type { ReadOptions } from "./recall/options.js";
import { createRecaller, type Recaller, type RecallerOptions } from "./recall/recaller.js";
import type { RecallInput } from "./recall/request.js";
import type { RecallTrace } from "./recall/trace.js";
import type { RecallResult } from "./recall/types.js";
import { redactMessages } from "./redact.js";
import {
  type MemoryKind,
  MemoryKindSchema,
  type MemoryRecord,
  type MemoryScope,
  MemoryScopeSchema,
  type MemoryStatus,
  MemoryStatusSchema,
  parseMemoryRecord,
} from "./schema.js";
import { ScopeQueue, scopeKey } from "./scope-queue.js";
import { HNSWStore } from "./store/hnsw-store.js";
import { resolveChatModel, resolveEmbeddings } from "./text/models.js";
import { WritePlan } from "./write/conflict/apply.js";
import type { MemoryWriteOutput, WriteResult } from "./write/conflict/decision.js";
import { type HistoryEntry, readHistory, type UserDecision, UserDecisionSchema } from "./write/history.js";
import { normalizeMessages } from "./write/messages.js";
import { parseAdmissionConfig } from "./write/scoring.js";

export { type CreateWriteGraphOptions, createWriteGraph, type WriteGraph } from "../graphs/write.js";

const isFunction = (value: unknown): boolean => typeof value === "function";
const OptionsSchema = z
  .object({
    dir: z.string().min(1).optional(),
    store: z
      .custom<BaseStore>(
        (s) => isFunction((s as BaseStore)?.batch) && isFunction((s as BaseStore)?.search),
        "must be a LangGraph BaseStore",
      )
      .optional(),
    embeddings: z
      .custom<EmbeddingsInterface>(
        (e) => isFunction((e as EmbeddingsInterface)?.embedQuery),
        "must implement embedQuery()",
      )
      .optional(),
    dims: z.number().int().min(1).max(65536).optional(),
    model: z
      .custom<BaseChatModel>((m) => isFunction((m as BaseChatModel)?.invoke), "must be a LangChain chat model")
      .optional(),
    now: z.custom<() => Date>(isFunction, "must be a function returning a Date").optional(),
    admission: z.unknown().optional(),
    maxMessageBytes: z.number().int().positive().optional(),
    env: z.record(z.string(), z.string().optional()).optional(),
    policies: z.unknown().optional(),
    weights: z.record(z.string(), z.number()).optional(),
    halfLifeDays: z.number().positive().optional(),
    budgets: z.record(z.string(), z.unknown()).optional(),
    traceRetentionDays: z.number().positive().optional(),
    bookkeeping: z.enum(["background", "inline"]).optional(),
  })
  .strict();

export interface CreateMemoryOptions
  extends Pick<ReadOptions, "policies" | "weights" | "halfLifeDays" | "budgets" | "traceRetentionDays">,
    Pick<RecallerOptions, "bookkeeping"> {
  /** Directory of the default HNSWStore (ignored when `store` is given). @default "./.memory" */
  dir?: string;
  /** Any LangGraph BaseStore; the facade then neither starts nor stops it. */
  store?: BaseStore;
  /** Embeddings for the default store's index. @default HashEmbeddings (offline) unless OPENAI_* is set */
  embeddings?: EmbeddingsInterface;
  /** Vector length of `embeddings`, when it should not be probed. */
  dims?: number;
  /** Extraction model. @default none (rules only) unless OPENAI_API_KEY is set */
  model?: BaseChatModel;
  /** Clock. @default () => new Date() */
  now?: () => Date;
  /** Admission score weights, threshold and source caps (seed 002 §2). */
  admission?: Parameters<typeof parseAdmissionConfig>[0];
  /** Largest accepted message, in UTF-8 bytes. @default 65536 */
  maxMessageBytes?: number;
  /** Where to read OPENAI_* variables. @default process.env */
  env?: NodeJS.ProcessEnv;
}

export interface RememberInput {
  scope: MemoryScope;
  /** LangChain BaseMessages or `{ role, content, id?, at?, name? }`. */
  messages: unknown[];
  sessionId?: string;
  taskId?: string;
}

/** A memory waiting for the user, with what to ask. */
export interface PendingMemory {
  record: MemoryRecord;
  /** `unconfirmed` for inferred / agent-generated memories, else the conflict relation. */
  relation: string;
  question: string;
  options: UserDecision[];
  /** The memory it conflicts with, when still there. */
  existing: MemoryRecord | null;
}

export interface Memory {
  remember(input: RememberInput): Promise<MemoryWriteOutput>;
  pending(scope: MemoryScope): Promise<PendingMemory[]>;
  resolve(scope: MemoryScope, pendingId: string, decision: UserDecision): Promise<WriteResult>;
  get(scope: MemoryScope, id: string): Promise<MemoryRecord | null>;
  list(scope: MemoryScope, filter?: { status?: MemoryStatus; kind?: MemoryKind }): Promise<MemoryRecord[]>;
  history(scope: MemoryScope, id: string): Promise<HistoryEntry[]>;
  /**
   * Recall for one turn: scoped hybrid search, ranking, task policy, budgets, the injection
   * block (`context`) and a stored trace (`traceId`).
   */
  recall(input: RecallInput): Promise<RecallResult>;
  /** A stored recall trace (kept `traceRetentionDays`, default 7). */
  trace(scope: MemoryScope, traceId: string): Promise<RecallTrace>;
  /** The shared, read-only, versioned knowledge layer (seed 003 §2.1). */
  readonly knowledge: Recaller["knowledge"];
  /**
   * Wait for the recall bookkeeping still queued (traces, usage counters).
   * @throws the error of a background write that failed since the last call
   */
  settled(): Promise<void>;
  /** Waits for queued writes, then stops the store if the facade created it (even when a queued write failed, which it then throws). */
  close(): Promise<void>;
  readonly store: BaseStore;
  /** Compiled graphs, ready to add as nodes of your own graph (they use its checkpointer). */
  readonly graphs: { write: WriteGraph; read: Recaller["graph"] };
}

const RememberSchema = z.object({
  scope: z.unknown(),
  messages: z.unknown(),
  sessionId: z.string().min(1).optional(),
  taskId: z.string().min(1).optional(),
});
const ListFilterSchema = z
  .object({ status: MemoryStatusSchema.optional(), kind: MemoryKindSchema.optional() })
  .strict();
const PAGE = 100;

/**
 * Open governed long-term memory.
 *
 * @example
 * const memory = await createMemory({ dir: "./.memory" });
 * const scope = { userId: "u1" };
 * const out = await memory.remember({ scope, messages: [{ role: "user", content: "我不吃香菜，点外卖记得备注。" }] });
 * out.written;  // [{ content: "用户不吃香菜…", status: "active", ... }]
 * out.rejected; // [] — or { reason: "transient", score: 0.58, ... } for 这次先用 SQLite
 * for (const p of await memory.pending(scope)) await memory.resolve(scope, p.record.id, "keep_both");
 * const { context, traceId } = await memory.recall({ scope, query: "帮我点个外卖", task: "write_email" });
 * await memory.close();
 */
export async function createMemory(options: CreateMemoryOptions = {}): Promise<Memory> {
  const parsed = OptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join(".") || "(options)";
    throw new InvalidConfigError(`createMemory option '${field}': ${issue.message}.`, { field });
  }
  const now = options.now ?? (() => new Date());
  const admission = parseAdmissionConfig(options.admission ?? {});
  const model = resolveChatModel({ model: options.model, env: options.env });

  let store = options.store;
  const owned = !store;
  if (!store) {
    const { embeddings, dims } = await resolveEmbeddings({
      embeddings: options.embeddings,
      dims: options.dims,
      env: options.env,
    });
    store = new HNSWStore({
      dir: options.dir ?? "./.memory",
      index: { dims, embeddings, fields: RECORD_INDEX_FIELDS },
    });
  }
  const theStore = store;
  const write = createWriteGraph({ store: theStore, model, now, admission, maxMessageBytes: options.maxMessageBytes });
  // remember() never interrupts, so it runs the graph's nodes without LangGraph's runtime.
  const runWrite = createWritePipeline({
    store: theStore,
    model,
    now,
    admission,
    maxMessageBytes: options.maxMessageBytes,
  });
  // Writes to one scope run one at a time (remember, resolve, recall bookkeeping): see ScopeQueue.
  const queue = new ScopeQueue();
  const recaller = createRecaller({
    store: theStore,
    queue,
    bookkeeping: options.bookkeeping,
    now,
    policies: options.policies,
    weights: options.weights,
    halfLifeDays: options.halfLifeDays,
    budgets: options.budgets,
    traceRetentionDays: options.traceRetentionDays,
  });

  const scopeOf = (scope: unknown): MemoryScope => {
    const result = MemoryScopeSchema.safeParse(scope);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    throw new InvalidInputError(
      `Invalid scope: field '${issue.path.map(String).join(".") || "scope"}' ${issue.message}. Expected { userId, tenantId? }.`,
      { field: issue.path.map(String).join(".") },
    );
  };
  const getRecord = async (scope: MemoryScope, id: string): Promise<MemoryRecord | null> => {
    const item = await theStore.get(recordsNamespace(scope), id);
    return item ? parseMemoryRecord(item.value) : null;
  };
  const listRecords = async (scope: MemoryScope, filter: Record<string, unknown>): Promise<MemoryRecord[]> => {
    const records: MemoryRecord[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const items = await theStore.search(recordsNamespace(scope), { filter, limit: PAGE, offset });
      records.push(...items.map((item) => parseMemoryRecord(item.value)));
      if (items.length < PAGE) return records;
    }
  };
  const pendingOf = async (scope: MemoryScope, record: MemoryRecord): Promise<PendingMemory> => {
    const conflict = (await readHistory(theStore, scope, record.id)).reverse().find((e) => e.conflict)?.conflict;
    const existing = conflict?.existingId ? await getRecord(scope, conflict.existingId) : null;
    return {
      record,
      relation: conflict?.relation ?? "unconfirmed",
      question: conflict?.question ?? record.content,
      options: (conflict?.options ?? ["confirm", "reject"]).map((o) => UserDecisionSchema.parse(o)),
      existing: existing?.status === "active" ? existing : null,
    };
  };

  return {
    store: theStore,
    graphs: { write, read: recaller.graph },
    knowledge: recaller.knowledge,
    recall: (input) => recaller.recall(input),
    trace: (scope, traceId) => recaller.trace(scope, traceId),

    async remember(input) {
      const fields = RememberSchema.safeParse(input ?? {});
      if (!fields.success)
        throw new InvalidInputError(
          `remember() expects { scope, messages, sessionId?, taskId? }: ${fields.error.issues[0]!.message}.`,
        );
      const scope = scopeOf(fields.data.scope);
      // Redacted before the nodes see them: raw secrets never reach a model, a record or a trace.
      const normalized = normalizeMessages(fields.data.messages, { now, maxMessageBytes: options.maxMessageBytes });
      const { messages } = redactMessages(normalized);
      const out = await queue.run(scopeKey(scope), () =>
        runWrite(
          { messages, sessionId: fields.data.sessionId, taskId: fields.data.taskId },
          { user_id: scope.userId, ...(scope.tenantId ? { tenant_id: scope.tenantId } : {}) },
        ),
      );
      return out.memoryWrite;
    },

    async pending(scope) {
      const valid = scopeOf(scope);
      const records = await listRecords(valid, { status: "pending" });
      return Promise.all(records.map((record) => pendingOf(valid, record)));
    },

    async resolve(scope, pendingId, decision) {
      const valid = scopeOf(scope);
      // Read and write under the scope's queue: nothing commits in between.
      return queue.run(scopeKey(valid), async () => {
        const choice = UserDecisionSchema.safeParse(decision);
        const record = await getRecord(valid, pendingId);
        if (record?.status !== "pending") {
          throw new NotFoundError(
            `No pending memory '${pendingId}' in this scope${record ? ` (it is ${record.status})` : ""}.`,
            { id: pendingId },
          );
        }
        const pending = await pendingOf(valid, record);
        if (!choice.success || !pending.options.includes(choice.data)) {
          throw new InvalidInputError(
            `Decision for pending memory '${pendingId}' must be one of ${pending.options.join(", ")}; received ${JSON.stringify(decision)}.`,
            { expected: pending.options, received: decision },
          );
        }
        const plan = new WritePlan(
          { scope: valid, now: now().toISOString() },
          pending.existing ? [pending.existing] : [],
        );
        plan.resolvePending(record, choice.data, pending.existing ?? undefined);
        await theStore.batch(plan.operations());
        return plan.result();
      });
    },

    async get(scope, id) {
      return getRecord(scopeOf(scope), id);
    },

    async list(scope, filter = {}) {
      const valid = scopeOf(scope);
      const parsedFilter = ListFilterSchema.safeParse(filter);
      if (!parsedFilter.success) {
        throw new InvalidInputError(
          `list() filter accepts { status?, kind? }: ${parsedFilter.error.issues[0]!.message}.`,
        );
      }
      const { status, kind } = parsedFilter.data;
      return listRecords(valid, { ...(status ? { status } : {}), ...(kind ? { kind } : {}) });
    },

    async history(scope, id) {
      return readHistory(theStore, scopeOf(scope), id);
    },

    settled: () => recaller.settled(),

    async close() {
      try {
        await recaller.settled();
      } finally {
        if (owned) await theStore.stop();
      }
    },
  };
}
