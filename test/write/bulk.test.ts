/**
 * Bulk writing: a seeded generated transcript remembered turn by turn, and the same transcript
 * in one `remember({ bulk })` (graph inserts deferred by HNSWStore.bulkLoad, searched exactly
 * meanwhile), leave the same records and history; so do an export imported with and without
 * `bulk`. Record and entry ids are random, so they are compared through what they name.
 */
import { afterEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { recordStructure } from "../../src/facts/structure.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS, RECORD_KEYWORD_ONLY_FIELDS } from "../../src/namespaces.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { transcriptRuns } from "../../src/write/bulk.js";
import { generateConversation } from "../bench/write.js";
import { tempDir } from "../helpers/store.js";

const NOW = new Date("2024-06-20T12:00:00Z");
const SCOPE = { userId: "user-0" };
// A low threshold: the records get a graph early, so most of a bulk write waits beside it.
const THRESHOLD = 24;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

async function open(): Promise<Memory> {
  const dir = tempDir("lgm-bulk-write-");
  const store = new HNSWStore({
    dir,
    index: {
      dims: 256,
      embeddings: new HashEmbeddings({ dims: 256 }),
      fields: RECORD_INDEX_FIELDS,
      keywordOnly: RECORD_KEYWORD_ONLY_FIELDS,
    },
    structure: recordStructure,
    hnsw: { threshold: THRESHOLD },
    flushIntervalMs: 0,
  });
  const memory = await createMemory({ store, dir, env: {}, now: () => NOW });
  opened.push(memory);
  opened.push({ close: async () => store.stop() } as Memory);
  return memory;
}

/** One user's seeded conversation, as plain messages. */
function transcript(n: number, seed: number) {
  return generateConversation(n, 1, seed)[0]!.map((turn) => turn.message);
}

/** Turns as an agent would send them: a user message and the replies after it. */
function turnsOf(messages: ReturnType<typeof transcript>) {
  const turns: Array<typeof messages> = [];
  for (const message of messages) {
    if (message.role === "user" || turns.length === 0) turns.push([message]);
    else turns.at(-1)!.push(message);
  }
  return turns;
}

/** Records and history with every id replaced by what it names, sorted: comparable across stores. */
async function contents(memory: Memory): Promise<{ records: string[]; history: string[] }> {
  const doc = await memory.export(SCOPE);
  const names = new Map<string, string>();
  for (const record of doc.records)
    names.set(record.id, `${record.about}|${record.key}|${record.content}|${record.source.messageIds.join(",")}`);
  const rename = (value: unknown): unknown => {
    // A rejection's entry names the candidate's own random id, which no record keeps.
    if (typeof value === "string") return names.get(value) ?? (UUID.test(value) ? "(id)" : value);
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "id" ? undefined : rename(v)]));
    return value;
  };
  const canonical = (items: unknown[]) => items.map((item) => JSON.stringify(rename(item))).sort();
  return { records: canonical(doc.records), history: canonical(doc.history) };
}

describe("remember({ bulk })", () => {
  it("writes a transcript with the records and history of one remember per turn", async () => {
    const messages = transcript(160, 11);
    const turnByTurn = await open();
    for (const turn of turnsOf(messages)) await turnByTurn.remember({ scope: SCOPE, messages: turn });
    const bulk = await open();
    const out = await bulk.remember({ scope: SCOPE, messages, bulk: true });
    const expected = await contents(turnByTurn);
    expect(expected.records.length).toBeGreaterThan(THRESHOLD * 2);
    expect(expected.history.some((entry) => entry.includes("supersede"))).toBe(true);
    expect(await contents(bulk)).toEqual(expected);
    expect(out.messages.map((m) => m.messageId)).toEqual(messages.map((m) => m.id));
  });

  it("writes runs of several turns as remember calls of those runs", async () => {
    const messages = transcript(240, 12);
    const runs = transcriptRuns(messages, 20);
    expect(runs.flat()).toEqual(messages);
    expect(Math.max(...runs.map((r) => r.length))).toBeLessThanOrEqual(20);
    expect(transcriptRuns(messages, 1)).toEqual(turnsOf(messages));
    const byRun = await open();
    for (const run of runs) await byRun.remember({ scope: SCOPE, messages: run });
    const bulk = await open();
    await bulk.remember({ scope: SCOPE, messages, bulk: { messagesPerRun: 20 } });
    expect(await contents(bulk)).toEqual(await contents(byRun));
  });

  it("refuses a malformed bulk option or message before writing anything", async () => {
    const memory = await open();
    const messages = transcript(20, 13);
    await expect(memory.remember({ scope: SCOPE, messages, bulk: { messagesPerRun: 0 } })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(memory.remember({ scope: SCOPE, messages, bulk: "yes" as never })).rejects.toThrow(InvalidInputError);
    const broken = [...messages, { role: "robot", content: "beep" }];
    await expect(memory.remember({ scope: SCOPE, messages: broken, bulk: true })).rejects.toThrow(InvalidInputError);
    expect(await memory.list(SCOPE, { about: "any" })).toEqual([]);
  });
});

describe("import({ bulk })", () => {
  it("imports a document with the records and history of an import without it", async () => {
    const source = await open();
    await source.remember({ scope: SCOPE, messages: transcript(200, 14), bulk: { messagesPerRun: 40 } });
    const doc = await source.export(SCOPE);
    const plain = await open();
    const bulk = await open();
    const reports = [await plain.import(SCOPE, doc), await bulk.import(SCOPE, doc, { bulk: true })];
    expect(reports[1]).toEqual(reports[0]);
    expect(await contents(bulk)).toEqual(await contents(plain));
    await expect(bulk.import(SCOPE, doc, { bulk: 1 } as never)).rejects.toThrow(InvalidInputError);
  });
});
