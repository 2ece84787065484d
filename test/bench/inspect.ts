/**
 * Inspector benchmark: `npm run bench:inspect [-- --memories=<n>]` (default 100,000).
 *
 * One scope is loaded straight into an HNSWStore (HashEmbeddings, 256 dims, the rows and history
 * in one `bulkLoad`, the vector index built once after): n generated memories (bilingual, ~10%
 * superseded, some inferred), an `add` history entry each, 300 pending conflicts with their
 * conflict entry, and 2,000 episodes. Then `startInspector({ dir, allowWrite: true })` serves it
 * and each page is requested over HTTP, 1 warm-up + 5 timed, the median printed with the load
 * average. Progress to stderr, the table to stdout; the temp directory is removed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { recordStructure } from "../../src/facts/structure.js";
import { startInspector } from "../../src/inspect/server.js";
import { episodesNamespace, historyNamespace, RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { type MemoryRecord, parseMemoryRecord } from "../../src/schema.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { DAY_MS } from "../../src/time.js";
import { createRng, generateMemories } from "./fixtures.js";

const arg = process.argv.find((a) => a.startsWith("--memories="));
const COUNT = arg ? Number(arg.split("=")[1]) : 100_000;
const PENDING = 300;
const EPISODES = 2_000;
const scope = { userId: "bench" };
const progress = (text: string) => process.stderr.write(`${text}\n`);

function record(i: number, content: string, kind: MemoryRecord["kind"], key: string, rand: () => number): MemoryRecord {
  const at = new Date(Date.now() - rand() * 365 * DAY_MS).toISOString();
  const pending = i < PENDING;
  const superseded = !pending && rand() < 0.1;
  return parseMemoryRecord({
    id: `m${i}`,
    kind,
    key: `${key}.m${i}`,
    content,
    confidence: 0.8,
    importance: 0.5,
    source: { type: rand() < 0.15 ? "inferred" : "explicit", messageIds: [`msg${i}`] },
    scope,
    sensitivity: "low",
    status: pending ? "pending" : superseded ? "superseded" : "active",
    ...(superseded ? { supersededBy: `m${i + 1}` } : {}),
    observedAt: at,
    createdAt: at,
    updatedAt: at,
    lastAccessedAt: at,
    accessCount: 0,
  });
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-inspect-"));
  try {
    const store = new HNSWStore({
      dir,
      index: { dims: 256, embeddings: new HashEmbeddings({ dims: 256 }), fields: RECORD_INDEX_FIELDS },
      flushIntervalMs: 0,
      structure: recordStructure,
    });
    const rand = createRng(7);
    const fixtures = generateMemories(COUNT, { seed: 11, idPrefix: "f" });
    const started = performance.now();
    await store.bulkLoad(async () => {
      for (let start = 0; start < COUNT; start += 1000) {
        const ops = [];
        for (let i = start; i < Math.min(COUNT, start + 1000); i++) {
          const f = fixtures[i]!;
          const r = record(i, f.value.content, f.value.kind, f.value.key, rand);
          ops.push({
            namespace: recordsNamespace(scope),
            key: r.id,
            value: r,
            index: r.status === "superseded" ? false : undefined,
          });
          ops.push({
            namespace: historyNamespace(scope),
            key: `${r.createdAt}#${i}`,
            value: {
              id: `h${i}`,
              action: "add",
              recordId: r.id,
              at: r.createdAt,
              seq: 0,
              reason: "bench",
              messageIds: [],
              key: r.key,
              ...(i < PENDING
                ? {
                    conflict: {
                      existingId: `m${i + PENDING}`,
                      relation: "ask_user",
                      question: `Keep m${i}?`,
                      options: ["supersede", "keep_both", "merge", "reject"],
                    },
                  }
                : {}),
            },
            index: false as const,
          });
          if (i < EPISODES) {
            const e = {
              ...r,
              id: `episode-${i}`,
              kind: "episode" as const,
              key: `episode.e${i}`,
              status: "active" as const,
              about: "conversation" as const,
            };
            delete (e as { supersededBy?: string }).supersededBy;
            ops.push({ namespace: episodesNamespace(scope), key: e.id, value: e, index: false as const });
          }
        }
        await store.batch(ops);
      }
    });
    progress(`loaded ${COUNT.toLocaleString("en")} memories in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await store.stop();

    const inspector = await startInspector({ dir, allowWrite: true });
    const q = "tenant=_default&user=bench";
    const pages: [string, string][] = [
      ["scopes", "/"],
      ["table, first page", `/memories?${q}`],
      ["table, page 100", `/memories?${q}&page=100`],
      ["filter status=pending", `/memories?${q}&status=pending`],
      ["filter kind=preference", `/memories?${q}&kind=preference`],
      ["filter source=inferred", `/memories?${q}&source=inferred`],
      ["three filters", `/memories?${q}&status=active&kind=fact&source=explicit`],
      ["search (common word)", `/memories?${q}&q=the`],
      ["search (rare)", `/memories?${q}&q=zzzz`],
      ["memory + timeline", `/memory?${q}&id=m${Math.floor(COUNT / 2)}`],
      ["pending (300)", `/pending?${q}`],
      ["episodes", `/episodes?${q}`],
      ["traces", `/traces?${q}`],
      ["try a recall", `/recall?${q}&q=${encodeURIComponent("what coffee do I like")}`],
      ["sessions and tasks", `/sessions?${q}`],
      ["forget confirmation", `/forget?${q}`],
    ];
    const rows: string[] = [];
    for (const [label, target] of pages) {
      const times: number[] = [];
      let status = 0;
      for (let run = 0; run < 6; run++) {
        const t0 = performance.now();
        const reply = await fetch(new URL(target, inspector.url));
        await reply.text();
        status = reply.status;
        if (run > 0) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      rows.push(`| ${label} | ${status} | ${times[2]!.toFixed(0)} | ${times[4]!.toFixed(0)} |`);
    }
    await inspector.close();
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    process.stdout.write(
      `bench:inspect — ${COUNT.toLocaleString("en")} memories in one scope (${PENDING} pending, ${EPISODES.toLocaleString("en")} episodes), ` +
        `HNSWStore, ${os.cpus().length} cores, load average ${load}\n\n| page | status | median ms | max ms |\n| --- | --- | --- | --- |\n${rows.join("\n")}\n`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
