/** Shared fixtures of the forgetting and export suites: a facade on a real store directory. */
import path from "node:path";
import { afterEach } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { readAllFiles, tempDir } from "../helpers/store.js";

export const NOW = new Date("2026-03-10T09:00:00.000Z");
export const WANG = { userId: "wang", tenantId: "acme" };
export const ALICE = { userId: "alice", tenantId: "acme" };

export function openMemory(dir: string): Promise<Memory> {
  return createMemory({ dir, now: () => NOW, env: {} });
}

let messageCounter = 0;

/** One user turn with an id and time, as an application would send it. */
export function said(content: string, extra: { name?: string; role?: string } = {}) {
  messageCounter += 1;
  return { id: `msg-${messageCounter}`, role: extra.role ?? "user", content, at: NOW.toISOString(), ...extra };
}

/** Files of `dir` (relative paths) whose bytes contain `text` as UTF-8. */
export function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  return readAllFiles(dir)
    .filter(({ bytes }) => bytes.includes(needle))
    .map(({ file }) => path.relative(dir, file));
}

/** `open(dir?)` for a test file: a memory on a store directory (a new one by default), closed after each test. */
export function openedPerTest(): (dir?: string) => Promise<{ memory: Memory; dir: string }> {
  const opened: Memory[] = [];
  afterEach(async () => {
    for (const memory of opened.splice(0)) await memory.close();
  });
  return async (dir = tempDir()) => {
    const memory = await openMemory(dir);
    opened.push(memory);
    return { memory, dir };
  };
}
