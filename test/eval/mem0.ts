/**
 * mem0's OSS TypeScript SDK (`mem0ai/oss`, pinned in eval/peers/package.json) as a yardstick:
 * `infer: false` (every turn stored as it is, no LLM), the same embedder as ours (the project's
 * offline HashEmbeddings through mem0's `langchain` embedder provider), its in-memory vector
 * store (SQLite `:memory:`), no history, telemetry off, no network.
 *
 * mem0ai declares some forty peer dependencies (vector databases, LLM SDKs), none of which this
 * configuration loads, so it is not a dependency of the project: it is installed on demand into
 * eval/peers (`npm install --prefix eval/peers --legacy-peer-deps`), and the column is skipped
 * with the reason when it cannot be installed or loaded.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolveEmbeddings } from "../../src/text/models.js";
import type { EvalSystem, Kept } from "./systems.js";

export const PEERS_DIR = fileURLToPath(new URL("../../eval/peers/", import.meta.url));
const ENTRY = path.join(PEERS_DIR, "node_modules", "mem0ai", "dist", "oss", "index.mjs");

/** The part of mem0's `Memory` this yardstick calls. */
interface Mem0Memory {
  add(
    messages: Array<{ role: string; content: string }>,
    config: { userId: string; infer: boolean; metadata: Record<string, unknown> },
  ): Promise<unknown>;
  search(
    query: string,
    config: { filters: { user_id: string }; topK: number; threshold: number },
  ): Promise<{ results: Array<{ memory: string; user_id?: string; metadata?: Record<string, unknown> }> }>;
}
type Mem0Constructor = new (config: Record<string, unknown>) => Mem0Memory;

/** Install the peer when it is missing; returns why it cannot be had, or undefined. */
export function installMem0(log: (line: string) => void): string | undefined {
  if (fs.existsSync(ENTRY)) return undefined;
  log("installing mem0ai into eval/peers (once, about 10 s)…");
  try {
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        PEERS_DIR,
        "--no-save",
        "--no-package-lock",
        "--legacy-peer-deps",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
      ],
      { stdio: ["ignore", "ignore", "pipe"], timeout: 300_000 },
    );
  } catch (error) {
    return `npm install --prefix eval/peers failed: ${String((error as { stderr?: Buffer }).stderr ?? error)
      .trim()
      .split("\n")
      .at(-1)}`;
  }
  return fs.existsSync(ENTRY) ? undefined : "mem0ai is not in eval/peers/node_modules after npm install";
}

/** A mem0 system, or the reason it cannot run. */
export async function mem0System(): Promise<EvalSystem | string> {
  if (!fs.existsSync(ENTRY)) return "mem0ai is not installed in eval/peers";
  // Read when mem0's module is evaluated: no telemetry, and its id file in a temporary directory.
  process.env.MEM0_TELEMETRY = "false";
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mem0-eval-"));
  process.env.MEM0_DIR = home;
  let Memory: Mem0Constructor;
  try {
    ({ Memory } = (await import(pathToFileURL(ENTRY).href)) as { Memory: Mem0Constructor });
  } catch (error) {
    return `mem0ai/oss does not load: ${(error as Error).message.split("\n")[0]}`;
  }
  const { embeddings, dims } = await resolveEmbeddings({ env: {} });
  const memory = new Memory({
    embedder: { provider: "langchain", config: { model: embeddings } },
    vectorStore: { provider: "memory", config: { collectionName: "eval", dimension: dims, dbPath: ":memory:" } },
    // Never called with infer: false; mem0 builds its LLM client eagerly and wants a key.
    llm: { provider: "openai", config: { apiKey: "unused-offline", baseURL: "http://127.0.0.1:9/unused" } },
    disableHistory: true,
  });
  const stored = new Map<string, Kept[]>();
  return {
    name: "mem0 OSS",
    async remember(user, _session, messages) {
      const kept = stored.get(user.id) ?? [];
      // One add per turn, so each memory carries its message id.
      for (const message of messages) {
        await memory.add([{ role: message.role, content: message.content }], {
          userId: user.id,
          infer: false,
          metadata: { messageId: message.id },
        });
        kept.push({ messageIds: [message.id], active: true, about: "user", content: message.content });
      }
      stored.set(user.id, kept);
    },
    async recall(user, query, limit) {
      // No score threshold, as for the other columns: mem0's default (0.1) is set for model
      // embeddings and would cut hashing-embedder hits that rank correctly.
      const { results } = await memory.search(query, { filters: { user_id: user.id }, topK: limit, threshold: 0 });
      return results.map((r) => ({
        messageIds: typeof r.metadata?.messageId === "string" ? [r.metadata.messageId] : [],
        owner: r.user_id ?? "(none)",
        content: r.memory,
      }));
    },
    async kept(user) {
      return stored.get(user.id) ?? [];
    },
    async close() {
      stored.clear();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
