import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { HNSWStore, type HNSWStoreOptions } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";

export const DIMS = 64;

const madeDirs = new Set<string>();

// Registered when a test file first imports this module, so it runs after the file's own
// afterAll hooks (which stop the stores): nothing a test made is left in the temp directory.
afterAll(() => {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
  madeDirs.clear();
});

/** A fresh temporary directory, removed after the test file. */
export function tempDir(prefix = "lgm-test-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeDirs.add(dir);
  return dir;
}

export function testEmbeddings(): HashEmbeddings {
  return new HashEmbeddings({ dims: DIMS });
}

export function openStore(dir: string, extra: Partial<HNSWStoreOptions> = {}): HNSWStore {
  return new HNSWStore({
    dir,
    index: { dims: DIMS, embeddings: testEmbeddings(), fields: ["content"] },
    flushIntervalMs: 0,
    ...extra,
  });
}

/** Every file under dir, recursively, as one buffer per file. */
export function readAllFiles(dir: string): Array<{ file: string; bytes: Buffer }> {
  const out: Array<{ file: string; bytes: Buffer }> = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...readAllFiles(full));
    else out.push({ file: full, bytes: fs.readFileSync(full) });
  }
  return out;
}
