/**
 * One process per store directory, atomically: three processes opening one directory at the
 * same moment, 100 times, always leave exactly one holder; a holder killed with SIGKILL leaves
 * nothing that keeps the next process out; and a second store in the same process is refused.
 */
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoreLockedError } from "../../src/errors.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { tempDir } from "../helpers/store.js";

const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "lock-worker.ts");

type Reply = { ready?: true; ok?: boolean; code?: string; closed?: true };

function start(): Promise<{ child: ChildProcess; ask: (message: object) => Promise<Reply> }> {
  const child = fork(worker, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const waiting: Array<(reply: Reply) => void> = [];
  const ask = (message: object) =>
    new Promise<Reply>((resolve) => {
      waiting.push(resolve);
      child.send(message);
    });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.on("message", (reply: Reply) => {
      if (reply.ready) resolve({ child, ask });
      else waiting.shift()?.(reply);
    });
  });
}

const workers: Array<Awaited<ReturnType<typeof start>>> = [];
beforeAll(async () => {
  workers.push(...(await Promise.all([start(), start(), start()])));
}, 60_000);
afterAll(() => {
  for (const { child } of workers) child.kill("SIGKILL");
});

describe("the store directory lock", () => {
  it("lets exactly one of three processes opening together hold a directory, 100 trials", async () => {
    for (let trial = 0; trial < 100; trial += 1) {
      const dir = tempDir("lgm-lock-");
      // What an older store layout left behind after a crash: a LOCK naming a dead process.
      fs.writeFileSync(path.join(dir, "LOCK"), "999999");
      const replies = await Promise.all(workers.map(({ ask }) => ask({ cmd: "open", dir })));
      const holders = replies.filter((r) => r.ok);
      expect(holders, `trial ${trial}: ${JSON.stringify(replies)}`).toHaveLength(1);
      for (const reply of replies.filter((r) => !r.ok)) expect(reply.code).toBe("STORE_LOCKED");
      await Promise.all(workers.map(({ ask }) => ask({ cmd: "close" })));
    }
  }, 120_000);

  it("needs no takeover after its holder is killed, and still admits only one", async () => {
    for (let trial = 0; trial < 3; trial += 1) {
      const dir = tempDir("lgm-lock-dead-");
      const doomed = await start();
      expect((await doomed.ask({ cmd: "open", dir })).ok).toBe(true);
      const exited = new Promise((resolve) => doomed.child.once("exit", resolve));
      doomed.child.kill("SIGKILL");
      await exited;
      const replies = await Promise.all(workers.map(({ ask }) => ask({ cmd: "open", dir })));
      expect(
        replies.filter((r) => r.ok),
        `trial ${trial}`,
      ).toHaveLength(1);
      await Promise.all(workers.map(({ ask }) => ask({ cmd: "close" })));
    }
  }, 120_000);

  it("refuses a second open store of one directory in one process, and frees it on stop", () => {
    const dir = tempDir("lgm-lock-same-");
    const first = new HNSWStore({ dir, flushIntervalMs: 0 });
    expect(() => new HNSWStore({ dir, flushIntervalMs: 0 })).toThrow(StoreLockedError);
    expect(() => new HNSWStore({ dir: `${dir}/.`, flushIntervalMs: 0 })).toThrow(StoreLockedError);
    first.stop();
    const second = new HNSWStore({ dir, flushIntervalMs: 0 });
    second.stop();
  });
});
