/**
 * The facade: `createMemory()` validates its options, opens the store and the session and task
 * checkpointers (checkpoints/), builds the write, read, maintenance, task and sync graphs and their
 * direct runners, and hands them to the write side (src/write/writer.ts), the read side
 * (src/recall/reader.ts) and sessions and tasks (src/threads/), which share one per-scope queue
 * with forgetting (src/forget/), export/import (src/export/) and business-fact sync (src/sync/).
 * Everything else is delegation.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver, BaseStore } from "@langchain/langgraph";
import { z } from "zod";
import { openPostgresCheckpointers } from "../checkpoints/postgres.js";
import { openCheckpointers } from "../checkpoints/savers.js";
import { createMaintainGraph, createMaintainPipeline, type MaintainGraph } from "../graphs/maintain.js";
import { createReadGraph, createReadPipeline, type ReadGraph } from "../graphs/read.js";
import { createSyncGraph, createSyncPipeline, type SyncGraph } from "../graphs/sync.js";
import { createTaskGraph, type TaskGraph } from "../graphs/task.js";
import { createWriteGraph, createWritePipeline, type WriteGraph } from "../graphs/write.js";
import { InvalidConfigError, zodProblem } from "./errors.js";
import { createPorter, type Porter } from "./export/porter.js";
import { recordStructure } from "./facts/structure.js";
import { createForgetter, type Forgetter } from "./forget/forgetter.js";
import {
  type MaintenanceOptions,
  parseMaintenanceConfig,
  parseSessionOptions,
  type SessionOptions,
} from "./maintain/config.js";
import { createMaintainer, createWriteCounter, type Maintainer } from "./maintain/maintainer.js";
import { RECORD_INDEX_FIELDS, RECORD_KEYWORD_ONLY_FIELDS } from "./namespaces.js";
import { deferredBookkeeping } from "./recall/bookkeeping.js";
import type { ReadOptions } from "./recall/options.js";
import { resolveReadDeps } from "./recall/options.js";
import { createPreviewer, type Previewer } from "./recall/preview.js";
import { createReader, type Reader } from "./recall/reader.js";
import { parseScope } from "./schema.js";
import { scopeQueueFor } from "./scope-queue.js";
import { HNSWStore } from "./store/hnsw-store.js";
import { PostgresStore } from "./store/postgres-store.js";
import { createSyncer, type Syncer } from "./sync/syncer.js";
import { resolveChatModel, resolveEmbeddings } from "./text/models.js";
import { type Checkpointers, ThreadRegistry } from "./threads/registry.js";
import { createSessions, type Sessions } from "./threads/sessions.js";
import { createTasks, type Tasks } from "./threads/tasks.js";
import { parseAdmissionConfig } from "./write/scoring.js";
import type { MessageLimits } from "./write/state.js";
import { createWriter, type Writer } from "./write/writer.js";

const isFunction = (value: unknown): boolean => typeof value === "function";
const saverSchema = z.custom<BaseCheckpointSaver>(
  (s) =>
    isFunction((s as BaseCheckpointSaver)?.getTuple) &&
    isFunction((s as BaseCheckpointSaver)?.put) &&
    isFunction((s as BaseCheckpointSaver)?.deleteThread),
  "must be a LangGraph BaseCheckpointSaver (getTuple, put, deleteThread)",
);
const OptionsSchema = z
  .object({
    dir: z.string().min(1).optional(),
    postgres: z
      .union([
        z.string().min(1),
        z
          .object({
            connectionString: z.string().min(1),
            schema: z.string().optional(),
            poolMax: z.number().int().min(1).optional(),
            lockTimeoutMs: z.number().int().min(1).max(3_600_000).optional(),
          })
          .strict(),
      ])
      .optional(),
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
    maxMessages: z.number().int().positive().optional(),
    maxFutureMs: z.number().nonnegative().optional(),
    env: z.record(z.string(), z.string().optional()).optional(),
    policies: z.unknown().optional(),
    weights: z.record(z.string(), z.number()).optional(),
    halfLifeDays: z.number().positive().optional(),
    budgets: z.record(z.string(), z.unknown()).optional(),
    traceRetentionDays: z.number().positive().optional(),
    relevanceFloor: z.number().min(0).lt(1).optional(),
    structured: z.boolean().optional(),
    episodes: z.boolean().optional(),
    bookkeeping: z.enum(["background", "inline"]).optional(),
    maintenance: z.unknown().optional(),
    checkpointers: z.object({ sessions: saverSchema.optional(), tasks: saverSchema.optional() }).strict().optional(),
    sessions: z.unknown().optional(),
  })
  .strict();

export interface CreateMemoryOptions
  extends Pick<
      ReadOptions,
      "policies" | "weights" | "halfLifeDays" | "budgets" | "traceRetentionDays" | "relevanceFloor" | "structured"
    >,
    MessageLimits {
  /**
   * Directory of the default HNSWStore and of the default checkpointers
   * (`checkpoints/sessions.sqlite`, `checkpoints/tasks.sqlite`). With `store` and no `dir`, the
   * default checkpointers are LangGraph `MemorySaver`s, gone with the process: pass `dir` or
   * `checkpointers` to keep sessions and tasks. @default "./.memory"
   */
  dir?: string;
  /**
   * Run on PostgreSQL + pgvector instead of the embedded store: the long-term store
   * (PostgresStore, schema `langgraph_memory` unless `schema` says otherwise) and the session and
   * task checkpointers (PostgresSaver, schemas `<schema>_sessions` and `<schema>_tasks`). Many
   * processes may share the database: a user's commits are serialised across them by an
   * advisory lock per scope. When neither `dir`, `store` nor `postgres` is given, `DATABASE_URL`
   * (from `env`) selects it. See docs/store.md "Deploying on PostgreSQL".
   * `lockTimeoutMs` bounds the wait for a scope lock another process holds (`ScopeBusyError`
   * after it; default 30 s).
   * @example "postgres://app@db.internal:5432/agents"
   */
  postgres?: string | { connectionString: string; schema?: string; poolMax?: number; lockTimeoutMs?: number };
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
  /** Where to read OPENAI_* variables. @default process.env */
  env?: NodeJS.ProcessEnv;
  /**
   * When recall() writes its trace and usage counters: `"background"` queues the write behind
   * the answer (the scope's next write, `trace()`, `settled()` and `close()` wait for it, and a
   * failure is thrown by `settled()` / `close()`); `"inline"` writes before returning.
   * @default "background"
   */
  bookkeeping?: "background" | "inline";
  /**
   * Record episodes of the conversation (seed 000 情景记忆): what each turn said, attributed to
   * its speaker, so "what did you suggest last time?" has an answer. false keeps only the user's
   * governed memories. @default true
   */
  episodes?: boolean;
  /**
   * The maintenance graph's rules (TTL per kind, decay, cap, dedupe, purge) and `everyWrites`,
   * which runs maintenance for a scope after every N remember() calls of it (off by default).
   * Defaults: src/maintain/config.ts.
   */
  maintenance?: MaintenanceOptions;
  /**
   * The session and task checkpointers, each any LangGraph `BaseCheckpointSaver` (two different
   * ones). @default a SecureSqliteSaver each under `dir` (checkpoints/sqlite.ts)
   */
  checkpointers?: Partial<Checkpointers>;
  /**
   * Sessions: `ttlDays`, the idle days after which the maintenance graph deletes a session
   * (`null`: never). Tasks have no TTL. @default { ttlDays: 30 }
   */
  sessions?: SessionOptions;
}

export interface Memory extends Writer, Reader, Previewer, Maintainer, Forgetter, Porter, Syncer {
  /**
   * Wait for the recall bookkeeping still queued (traces, usage counters).
   * @throws the error of a background write that failed since the last call
   */
  settled(): Promise<void>;
  /** Waits for queued writes, then stops the store if the facade created it (even when a queued write failed, which it then throws). */
  close(): Promise<void>;
  readonly store: BaseStore;
  /**
   * The session checkpointer (thread id = session id) for your agent graph, and the task
   * checkpointer (thread id = task id) the task graph runs on.
   */
  readonly checkpointers: Checkpointers;
  /** Sessions: conversation containers, each a thread of the session checkpointer (src/threads/sessions.ts). */
  readonly sessions: Sessions;
  /** Tasks: entities that outlive sessions, each a thread of the task checkpointer (src/threads/tasks.ts). */
  readonly tasks: Tasks;
  /**
   * Compiled graphs. `write`, `read` and `maintain` are ready to add as nodes of your own graph
   * (they use its checkpointer); `task` is compiled with the task checkpointer and runs as a root
   * graph of its own (graphs/task.ts says why): use it through `memory.tasks`; `sync` is `memory.sync` as a graph.
   */
  readonly graphs: { write: WriteGraph; read: ReadGraph; maintain: MaintainGraph; task: TaskGraph; sync: SyncGraph };
}

/**
 * Open governed long-term memory.
 *
 * @example
 * import fs from "node:fs";
 * import os from "node:os";
 * import path from "node:path";
 * const memory = await createMemory({ dir: fs.mkdtempSync(path.join(os.tmpdir(), "memory-")) });
 * const scope = { userId: "u1" };
 * const out = await memory.remember({ scope, messages: [{ role: "user", content: "我不吃香菜，订餐时记得备注。" }] });
 * out.written;  // [{ content: "用户不吃香菜…", status: "active", ... }]
 * out.rejected; // [] — or { reason: "transient", score: 0.58, ... } for 这次先用 SQLite
 * for (const p of await memory.pending(scope)) await memory.resolve(scope, p.id, "keep_both");
 * const { context, traceId } = await memory.recall({ scope, query: "帮我点个外卖", task: "write_email" });
 * await memory.close();
 */
export async function createMemory(options: CreateMemoryOptions = {}): Promise<Memory> {
  const parsed = OptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const { field, text } = zodProblem(parsed.error, "(options)");
    throw new InvalidConfigError(`Invalid createMemory options: ${text}.`, { field });
  }
  if (options.postgres !== undefined && (options.dir !== undefined || options.store !== undefined))
    throw new InvalidConfigError(
      "Invalid createMemory options: postgres runs the store and checkpointers on PostgreSQL; pass it without dir and store.",
      { field: "postgres" },
    );
  const now = options.now ?? (() => new Date());
  const admission = parseAdmissionConfig(options.admission ?? {});
  const maintenance = parseMaintenanceConfig(options.maintenance ?? {});
  const sessionOptions = parseSessionOptions(options.sessions ?? {});
  const model = resolveChatModel({ model: options.model, env: options.env });
  // Read options are validated once (a policies file is read once) and shared by graph and runner.
  const readDeps = resolveReadDeps({ ...options, now });

  const owned = !options.store;
  const postgres = postgresOf(options);
  let store = options.store;
  if (!store) {
    const { embeddings, dims } = await resolveEmbeddings({
      embeddings: options.embeddings,
      dims: options.dims,
      env: options.env,
    });
    const index = { dims, embeddings, fields: RECORD_INDEX_FIELDS, keywordOnly: RECORD_KEYWORD_ONLY_FIELDS };
    store = postgres
      ? new PostgresStore({ ...postgres, index, structure: recordStructure })
      : new HNSWStore({ dir: options.dir ?? "./.memory", index, structure: recordStructure });
  }
  const stopStore = async () => {
    if (!owned) return;
    if (store instanceof PostgresStore) await store.end();
    else await store!.stop();
  };

  let savers: { sessions: BaseCheckpointSaver; tasks: BaseCheckpointSaver; close(): void | Promise<void> };
  try {
    if (owned && store instanceof PostgresStore) await store.migrate();
    savers =
      postgres && !(options.checkpointers?.sessions && options.checkpointers.tasks)
        ? await postgresSavers(postgres, options.checkpointers)
        : openCheckpointers({
            dir: owned ? (options.dir ?? "./.memory") : options.dir,
            ...options.checkpointers,
          });
  } catch (error) {
    await stopStore();
    throw error;
  }
  const checkpointers: Checkpointers = { sessions: savers.sessions, tasks: savers.tasks };

  // Commits to one scope run one at a time (remember's persist, resolve, recall bookkeeping),
  // on the store's queue, which the compiled graphs share: see ScopeQueue.
  const queue = scopeQueueFor(store);
  const { maxMessageBytes, maxMessages, maxFutureMs, episodes } = options;
  const writeOptions = { store, model, now, admission, maxMessageBytes, maxMessages, maxFutureMs, episodes };
  const readOptions: ReadOptions = { ...options, store, now, policies: readDeps.policies };
  const writer = createWriter({ store, queue, now, run: createWritePipeline(writeOptions) });
  const reader = createReader({
    store,
    queue,
    now,
    run: createReadPipeline(readOptions, options.bookkeeping === "inline" ? {} : deferredBookkeeping(queue)),
  });
  // The same read steps, their bookkeeping captured instead of written (src/recall/preview.ts).
  const { capture, previewer } = createPreviewer(queue);
  previewer.bind(createReadPipeline(readOptions, { deferBookkeeping: capture }));
  const theStore = store;
  const maintainOptions = {
    store,
    model,
    now,
    maintenance: options.maintenance ?? {},
    sessions: { ...sessionOptions, checkpointer: checkpointers.sessions },
  };
  const maintainer = createMaintainer({ store, queue, now, run: createMaintainPipeline(maintainOptions) });
  const writes = createWriteCounter(maintenance.everyWrites, maintainer.maintain);
  const registry = new ThreadRegistry(store, queue);
  const taskGraph = createTaskGraph({ checkpointer: checkpointers.tasks });

  return {
    ...writer,
    ...reader,
    previewRecall: previewer.previewRecall,
    ...maintainer,
    ...createForgetter({ store, queue, now, checkpointers }),
    ...createPorter({ store, queue, now }),
    ...createSyncer({ run: createSyncPipeline({ store, now }) }),
    async remember(input) {
      const out = await writer.remember(input);
      writes.wrote(parseScope((input as { scope: unknown }).scope));
      return out;
    },
    store: theStore,
    checkpointers,
    sessions: createSessions({ registry, queue, now, checkpointer: checkpointers.sessions }),
    tasks: createTasks({ registry, queue, now, graph: taskGraph, checkpointer: checkpointers.tasks }),
    graphs: {
      write: createWriteGraph(writeOptions),
      read: createReadGraph(readOptions),
      maintain: createMaintainGraph(maintainOptions),
      task: taskGraph,
      sync: createSyncGraph({ store, now }),
    },
    async settled() {
      await writer.settled();
      await writes.settled();
      await queue.settled();
    },
    async close() {
      try {
        await writer.settled();
        await writes.settled();
        await queue.settled();
      } finally {
        try {
          await savers.close();
        } finally {
          await stopStore();
        }
      }
    },
  };
}

/** The PostgreSQL connection `createMemory` runs on, if any: `postgres`, else `DATABASE_URL` when nothing else was chosen. */
function postgresOf(
  options: CreateMemoryOptions,
): { connectionString: string; schema?: string; poolMax?: number; lockTimeoutMs?: number } | undefined {
  if (options.postgres !== undefined)
    return typeof options.postgres === "string" ? { connectionString: options.postgres } : options.postgres;
  if (options.dir !== undefined || options.store !== undefined) return undefined;
  const url = (options.env ?? process.env).DATABASE_URL;
  return url ? { connectionString: url } : undefined;
}

/** The PostgreSQL savers, each unless passed in (a passed saver is never closed here). */
async function postgresSavers(
  postgres: { connectionString: string; schema?: string },
  given: Partial<Checkpointers> | undefined,
): Promise<{ sessions: BaseCheckpointSaver; tasks: BaseCheckpointSaver; close(): Promise<void> }> {
  const opened = await openPostgresCheckpointers({
    connectionString: postgres.connectionString,
    schema: postgres.schema,
  });
  const savers = { sessions: given?.sessions ?? opened.sessions, tasks: given?.tasks ?? opened.tasks };
  if (savers.sessions === savers.tasks) {
    await opened.close();
    throw new InvalidConfigError("checkpointers.sessions and checkpointers.tasks must be two savers.", {
      field: "checkpointers.tasks",
    });
  }
  return { ...savers, close: () => opened.close() };
}
