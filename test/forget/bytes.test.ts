/**
 * Deletion proven by reading bytes, for a user whose memories sit in a namespace large enough to
 * have its own HNSW graph file (≥ 2000 vectors, the store's default threshold).
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { NotFoundError } from "../../src/errors.js";
import type { Memory } from "../../src/memory.js";
import { recordsNamespace } from "../../src/namespaces.js";
import { HNSW_DEFAULTS } from "../../src/store/hnsw-defaults.js";
import { sessionGraph } from "../checkpoints/helpers.js";
import { readAllFiles, tempDir } from "../helpers/store.js";
import { record } from "../write/helpers.js";
import { ALICE, filesContaining, openMemory, said, WANG } from "./helpers.js";

const FILLERS = HNSW_DEFAULTS.threshold + 100;

const opened: Memory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

async function open(dir: string): Promise<Memory> {
  const memory = await openMemory(dir);
  opened.push(memory);
  return memory;
}

function graphFiles(dir: string): string[] {
  return fs.readdirSync(path.join(dir, "hnsw")).filter((f) => f.endsWith(".bin"));
}

/** The stored embedding of a record, read from SQLite beside the open store. */
function storedVector(dir: string, id: string): Buffer {
  const db = new Database(path.join(dir, "store.sqlite"), { readonly: true });
  try {
    const row = db.prepare("SELECT v.vec FROM vectors v JOIN items i ON i.id = v.item_id WHERE i.key = ?").get(id) as {
      vec: Buffer;
    };
    return Buffer.from(row.vec);
  } finally {
    db.close();
  }
}

describe("deleted memories leave no bytes in a large namespace", () => {
  it("after delete and after forget, no file holds the content, its vector, or the user's graph", async () => {
    const dir = tempDir();
    let memory = await open(dir);
    const out = await memory.remember({
      scope: WANG,
      messages: [
        said("My locker combination word is Quillwort, keep it in mind."),
        said("我的保险柜密语是青花瓷貔貅，帮我记住。"),
      ],
    });
    const [quillwort, chinese] = [
      out.written.find((r) => r.content.includes("Quillwort"))!,
      out.written.find((r) => r.content.includes("青花瓷"))!,
    ];
    expect(quillwort && chinese).toBeTruthy();
    const fillers = Array.from({ length: FILLERS }, (_, i) =>
      record(`Gardening note ${i}: water the bed number ${i} on day ${i % 7}`, {}, { scope: WANG, id: `filler-${i}` }),
    );
    for (let start = 0; start < fillers.length; start += 500)
      await memory.store.batch(
        fillers.slice(start, start + 500).map((r) => ({ namespace: recordsNamespace(WANG), key: r.id, value: r })),
      );
    await memory.remember({ scope: ALICE, messages: [said("I prefer window seats on flights.")] });
    (memory.store as unknown as { flush(): void }).flush();
    expect(graphFiles(dir)).toHaveLength(1);
    const vector = storedVector(dir, quillwort.id);
    const holding = () =>
      readAllFiles(dir)
        .filter(({ bytes }) => bytes.includes(vector))
        .map(({ file }) => path.relative(dir, file));
    // Sanity: both SQLite and the graph file hold the vector, so the scans below can fail.
    expect(holding()).toEqual(expect.arrayContaining(["store.sqlite", expect.stringMatching(/^hnsw\/ns-\d+\.bin$/)]));
    expect(filesContaining(dir, "Quillwort").length).toBeGreaterThan(0);

    // delete: the graph stays (the namespace is still large) but holds neither text nor vector.
    await memory.delete(WANG, quillwort.id, { reason: "asked" });
    expect(
      (await memory.recall({ scope: WANG, query: "locker combination word" })).memories.map((m) => m.id),
    ).not.toContain(quillwort.id);
    await memory.close();
    expect(filesContaining(dir, "Quillwort")).toEqual([]);
    expect(holding()).toEqual([]);
    expect(graphFiles(dir)).toHaveLength(1);
    expect(filesContaining(dir, "青花瓷").length).toBeGreaterThan(0);

    // forget: the user's graph file goes with everything else; alice stays.
    memory = await open(dir);
    const report = await memory.forget(WANG);
    expect(report.records).toBe(FILLERS + 1);
    await memory.close();
    expect(graphFiles(dir)).toEqual([]);
    for (const text of ["青花瓷貔貅", "青花瓷", "Gardening note", "water the bed"])
      expect(filesContaining(dir, text)).toEqual([]);
    expect(filesContaining(dir, "window seats").length).toBeGreaterThan(0);

    memory = await open(dir);
    expect(await memory.list(WANG, { about: "any" })).toEqual([]);
    expect((await memory.list(ALICE)).length).toBe(1);
  });
});

describe("forget takes the user's sessions and tasks out of the checkpoint files", () => {
  it("finds the phrases of a session checkpoint and a task state before forget, and in no file after it", async () => {
    const dir = tempDir();
    const memory = await open(dir);
    const sessionPhrase = "Velvet-Ostrich-4471";
    const taskPhrase = "Marzipan-Lantern-9052";
    const taskTitle = "Tamarind vault migration";
    const agent = sessionGraph(memory.checkpointers.sessions);
    await memory.sessions.open(WANG, "wang-monday");
    await agent.invoke(
      { notes: [`my vault word is ${sessionPhrase}`] },
      { configurable: { thread_id: "wang-monday" } },
    );
    const task = await memory.tasks.start(WANG, {
      title: taskTitle,
      sessionId: "wang-monday",
      steps: [`rotate ${taskPhrase}`],
      variables: { vaultWord: taskPhrase },
    });
    await memory.tasks.update(WANG, task.taskId, { progress: `half done with ${taskPhrase}` });
    await memory.remember({
      scope: WANG,
      messages: [said("My locker combination word is Quillwort, keep it in mind.")],
    });
    // Alice's session and task stay.
    await memory.sessions.open(ALICE, "alice-monday");
    await agent.invoke({ notes: ["alice keeps Periwinkle-Otter"] }, { configurable: { thread_id: "alice-monday" } });
    const alices = await memory.tasks.start(ALICE, { title: "Alice's task", variables: { word: "Saffron-Heron" } });

    const inCheckpoints = (text: string) => filesContaining(dir, text).filter((f) => f.startsWith("checkpoints/"));
    expect(inCheckpoints(sessionPhrase).length).toBeGreaterThan(0);
    expect(inCheckpoints(taskPhrase).length).toBeGreaterThan(0);
    expect(filesContaining(dir, taskTitle).length).toBeGreaterThan(0);

    const report = await memory.forget(WANG);
    expect(report).toMatchObject({ sessions: 1, tasks: 1 });
    // Still open: the -wal and -shm files are there, and hold none of it either.
    expect(fs.readdirSync(path.join(dir, "checkpoints"))).toEqual(
      expect.arrayContaining(["sessions.sqlite-wal", "tasks.sqlite-wal"]),
    );
    for (const text of [sessionPhrase, taskPhrase, taskTitle, "Quillwort"])
      expect(filesContaining(dir, text)).toEqual([]);
    await expect(memory.tasks.get(WANG, task.taskId)).rejects.toThrow(NotFoundError);
    expect(await memory.sessions.list(WANG)).toEqual([]);

    await memory.close();
    for (const text of [sessionPhrase, taskPhrase, taskTitle, "Quillwort"])
      expect(filesContaining(dir, text)).toEqual([]);
    for (const text of ["Periwinkle-Otter", "Saffron-Heron"])
      expect(filesContaining(dir, text).length).toBeGreaterThan(0);

    const again = await open(dir);
    expect((await again.tasks.get(ALICE, alices.taskId)).variables).toEqual({ word: "Saffron-Heron" });
    expect((await again.sessions.list(ALICE)).map((s) => s.sessionId)).toEqual(["alice-monday"]);
    // Wang's ids are free again: the owner rows went too.
    await expect(again.sessions.open(ALICE, "wang-monday")).resolves.toMatchObject({ sessionId: "wang-monday" });
  });
});
