/**
 * The default saver deletes for real: a deleted thread's bytes are in no file (database, -wal,
 * -shm), while a plain SqliteSaver on the same writes leaves them in the database file.
 */
import fs from "node:fs";
import path from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { describe, expect, it } from "vitest";
import { SecureSqliteSaver } from "../../checkpoints/sqlite.js";
import { StoreCorruptError } from "../../src/errors.js";
import { filesContaining } from "../forget/helpers.js";
import { tempDir } from "../helpers/store.js";
import { latest, sessionGraph } from "./helpers.js";

const PHRASE = "Halcyon-Quokka-7731";

/** Thirty turns of thread t1 that quote the phrase, and one of t2 that does not. */
async function writeTurns(saver: SqliteSaver): Promise<void> {
  const graph = sessionGraph(saver);
  for (let turn = 0; turn < 30; turn += 1)
    await graph.invoke({ notes: [`${PHRASE} turn ${turn} `.repeat(20)] }, { configurable: { thread_id: "t1" } });
  await graph.invoke({ notes: ["an unrelated conversation"] }, { configurable: { thread_id: "t2" } });
}

describe("SecureSqliteSaver", () => {
  it("leaves no byte of a deleted thread in any file, and keeps the other threads", async () => {
    const dir = tempDir();
    const saver = SecureSqliteSaver.open(path.join(dir, "nested", "sessions.sqlite"));
    await writeTurns(saver);
    expect(filesContaining(dir, PHRASE).length).toBeGreaterThan(0);

    await saver.deleteThread("t1");
    expect(filesContaining(dir, PHRASE)).toEqual([]);
    expect(await latest(saver, "t1")).toBeUndefined();
    expect((await latest(saver, "t2"))?.checkpoint.channel_values).toMatchObject({
      notes: ["an unrelated conversation", "reply to turn 1"],
    });
    saver.close();
    saver.close();
    expect(filesContaining(dir, PHRASE)).toEqual([]);
    expect(filesContaining(dir, "an unrelated conversation")).toEqual(["nested/sessions.sqlite"]);
  });

  it("is needed: LangGraph's SqliteSaver on its own leaves the deleted bytes in the database file", async () => {
    const dir = tempDir();
    const saver = SqliteSaver.fromConnString(path.join(dir, "plain.sqlite"));
    await writeTurns(saver);
    await saver.deleteThread("t1");
    expect(await latest(saver, "t1")).toBeUndefined();
    saver.db.close();
    expect(filesContaining(dir, PHRASE)).toEqual(["plain.sqlite"]);
  });

  it("refuses a file that is not a database with StoreCorruptError", () => {
    const dir = tempDir();
    const file = path.join(dir, "broken.sqlite");
    fs.writeFileSync(file, "this is not a database, only text long enough to fill a header".repeat(20));
    expect(() => SecureSqliteSaver.open(file)).toThrow(StoreCorruptError);
  });
});
