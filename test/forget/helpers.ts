/** Shared fixtures of the forgetting and export suites: a facade on a real store directory. */
import path from "node:path";
import { createMemory, type Memory } from "../../src/memory.js";
import { readAllFiles } from "../helpers/store.js";

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
