import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HNSWStore, type HNSWStoreOptions } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";

export const DIMS = 64;

export function tempDir(prefix = "lgm-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
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
