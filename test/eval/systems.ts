/**
 * The systems `npm run eval` compares on the same retrieval tasks, behind one small interface:
 * langgraph-memory through its public facade, and a store-everything BM25 yardstick (every turn
 * kept, ranked with the project's own BM25 and tokenizer). mem0 lives in test/eval/mem0.ts
 * because it is an optional peer.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type CreateMemoryOptions, createMemory, type Memory } from "../../src/memory.js";
import { episodesNamespace, RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { bm25Search } from "../../src/recall/bm25.js";
import { type MemoryRecord, parseMemoryRecord } from "../../src/schema.js";
import { scanNamespace } from "../../src/store/scan.js";
import { resolveEmbeddings } from "../../src/text/models.js";
import type { MemoryWriteOutput } from "../../src/write/conflict/decision.js";
import { KeywordFloorStore } from "./floor.js";
import type { EvalMessage, EvalSession, EvalUser } from "./sets.js";

/** One recalled item, best first. */
export interface Recalled {
  messageIds: string[];
  /** The user (scope) it belongs to. */
  owner: string;
  content: string;
}

/** One record the system keeps for a user, whatever its status. */
export interface Kept {
  messageIds: string[];
  active: boolean;
  /** `conversation`: an episodic record of the session, not a fact about the user. */
  about: "user" | "conversation";
  key?: string;
  kind?: string;
  value?: string | number | boolean;
  content: string;
}

export interface EvalSystem {
  readonly name: string;
  remember(user: EvalUser, session: EvalSession, messages: EvalMessage[]): Promise<void>;
  recall(user: EvalUser, query: string, limit: number): Promise<Recalled[]>;
  /** Everything kept for the user (active or not). */
  kept(user: EvalUser): Promise<Kept[]>;
  close(): Promise<void>;
}

/** What `remember` returned, added up: the write path's own account. */
export interface WriteCounts {
  written: number;
  reinforced: number;
  superseded: number;
  merged: number;
  pending: number;
  rejected: number;
  /** Rejections by reason. */
  reasons: Record<string, number>;
}

export const emptyCounts = (): WriteCounts => ({
  written: 0,
  reinforced: 0,
  superseded: 0,
  merged: 0,
  pending: 0,
  rejected: 0,
  reasons: {},
});

function count(counts: WriteCounts, out: MemoryWriteOutput): void {
  counts.written += out.written.length;
  counts.reinforced += out.reinforced.length;
  counts.superseded += out.superseded.length;
  counts.merged += out.merged.length;
  counts.pending += out.pending.length;
  counts.rejected += out.rejected.length;
  for (const r of out.rejected) counts.reasons[r.reason] = (counts.reasons[r.reason] ?? 0) + 1;
}

/** Recall-side variants measured next to the defaults (see floor.ts); they change no source file. */
export interface EvalOptions extends Pick<CreateMemoryOptions, "weights" | "structured"> {
  /** Drop keyword hits scoring under this share of the best one (KeywordFloorStore). */
  keywordFloor?: number;
}

export interface OurSystem extends EvalSystem {
  readonly memory: Memory;
  readonly counts: WriteCounts;
}

/** langgraph-memory with offline defaults over a temporary directory, removed by `close`. */
export async function ourSystem(
  now: (() => Date) | undefined,
  options: EvalOptions = {},
  name = "langgraph-memory",
): Promise<OurSystem> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-eval-"));
  const { keywordFloor, ...rest } = options;
  let store: KeywordFloorStore | undefined;
  if (keywordFloor !== undefined) {
    const { embeddings, dims } = await resolveEmbeddings({ env: {} });
    store = new KeywordFloorStore({ dir, index: { dims, embeddings, fields: RECORD_INDEX_FIELDS } });
    store.floor = keywordFloor;
  }
  const memory = await createMemory({ ...(store ? { store } : { dir }), env: {}, ...(now ? { now } : {}), ...rest });
  const counts = emptyCounts();
  return {
    name,
    memory,
    counts,
    async remember(user, session, messages) {
      count(counts, await memory.remember({ scope: { userId: user.id }, messages, sessionId: session.id }));
    },
    async recall(user, query, limit) {
      const { memories } = await memory.recall({ scope: { userId: user.id }, query, limit, includeKnowledge: false });
      return memories.map((m) => ({ messageIds: m.source.messageIds, owner: m.scope.userId, content: m.content }));
    },
    async kept(user) {
      // Straight from the store, every status and subject (the user's records and the episodes of
      // the conversation, each in its namespace), whatever list()'s defaults are.
      const scope = { userId: user.id };
      // After the background bookkeeping of the recalls: it reorders the pages a scan reads.
      await memory.settled();
      const items = [
        ...(await scanNamespace(memory.store, recordsNamespace(scope))),
        ...(await scanNamespace(memory.store, episodesNamespace(scope))),
      ];
      return items.map((item) => keptOf(parseMemoryRecord(item.value)));
    },
    async close() {
      await memory.close();
      store?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function keptOf(record: MemoryRecord): Kept {
  return {
    messageIds: record.source.messageIds,
    active: record.status === "active",
    about: record.about ?? "user",
    key: record.key,
    kind: record.kind,
    ...(record.value !== undefined ? { value: record.value } : {}),
    content: record.content,
  };
}

/**
 * Store everything, search with BM25: every turn is kept verbatim in its user's own index and a
 * question returns the top turns by the project's BM25 (src/recall/bm25.ts over
 * src/text/tokenizer.ts, so Chinese is segmented the same way). No admission, no conflicts, no
 * ranking beyond BM25: the yardstick a governed memory has to beat.
 */
export function bm25System(): EvalSystem {
  const turns = new Map<string, EvalMessage[]>();
  return {
    name: "store-everything BM25",
    async remember(user, _session, messages) {
      const list = turns.get(user.id) ?? [];
      list.push(...messages);
      turns.set(user.id, list);
    },
    async recall(user, query, limit) {
      const docs = (turns.get(user.id) ?? []).map((m) => ({ id: m.id, value: m, texts: [m.content] }));
      return bm25Search(docs, query, limit).map((hit) => ({
        messageIds: [hit.value.id],
        owner: user.id,
        content: hit.value.content,
      }));
    },
    async kept(user) {
      return (turns.get(user.id) ?? []).map((m) => ({
        messageIds: [m.id],
        active: true,
        about: "user" as const,
        content: m.content,
      }));
    },
    async close() {
      turns.clear();
    },
  };
}
