import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { tracesNamespace } from "../../src/namespaces.js";

const scope = { userId: "u1" };
let memory: Memory | undefined;
let dir: string | undefined;
afterEach(async () => {
  await memory?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("previewRecall", () => {
  it("returns the block and the trace of a recall, and writes neither the trace nor usage counters", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-"));
    memory = await createMemory({ dir, env: {}, bookkeeping: "inline" });
    await memory.remember({ scope, messages: [{ role: "user", content: "I prefer concise replies" }] });
    const [before] = await memory.list(scope);
    const preview = await memory.previewRecall({ scope, query: "how should you reply?" });
    expect(preview.context).toContain("concise");
    expect(preview.trace.injected).toEqual([before!.id]);
    expect(preview.trace.memories[0]).toMatchObject({ id: before!.id, outcome: "injected" });
    await memory.settled();
    expect(await memory.store.search(tracesNamespace(scope), { limit: 10 })).toEqual([]);
    await expect(memory.trace(scope, preview.trace.traceId)).rejects.toThrow(/No recall trace/u);
    expect((await memory.get(scope, before!.id))?.accessCount).toBe(before!.accessCount);

    // The same query through recall() does both: the difference is the bookkeeping only.
    const real = await memory.recall({ scope, query: "how should you reply?" });
    expect(real.context).toBe(preview.context);
    expect((await memory.get(scope, before!.id))?.accessCount).toBe(before!.accessCount + 1);
  });

  it("validates its input as recall() does", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-"));
    memory = await createMemory({ dir, env: {} });
    await expect(memory.previewRecall({ scope: { userId: "*" }, query: "x" })).rejects.toThrow(InvalidInputError);
  });
});
