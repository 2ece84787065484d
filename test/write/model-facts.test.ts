/**
 * Structured facts from the model path (seed 001 §4.2): a scripted model gives the relations of
 * a memory the rules cannot read ("shepherds" is no verb of theirs); they are stored on the
 * record, indexed by the store and joined by a two-step recall. Bad relations are dropped, an
 * assistant's claim keeps none, and a rule candidate the model restates keeps the model's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { afterAll, describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import type { ChatMessage } from "../../src/messages.js";
import { scopeNamespace } from "../../src/namespaces.js";
import type { HNSWStore } from "../../src/store/hnsw-store.js";
import { extractCandidates } from "../../src/write/extract/index.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const reply = (...memories: object[]) => JSON.stringify({ memories });
const AT = "2026-05-01T09:00:00Z";

describe("facts from the model path", () => {
  it("stores the model's relations on the record and joins them in a two-step recall", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lgm-model-facts-"));
    dirs.push(dir);
    const model = new FakeListChatModel({
      responses: [
        reply({
          kind: "fact",
          key: "colleague.ines.project",
          content: "Ines shepherds the Larkspur rollout",
          confidence: 0.9,
          messageIds: ["m1"],
          stated: true,
          facts: [
            { subject: "Ines", predicate: "leads", object: "Larkspur" },
            { subject: "Ines", predicate: "Not A Predicate!", object: "x" },
            { subject: "", predicate: "uses", object: "y" },
          ],
        }),
        reply({
          kind: "fact",
          key: "project.larkspur.database",
          content: "Larkspur keeps its data in CockroachDB",
          confidence: 0.9,
          messageIds: ["m2"],
          stated: true,
          facts: [{ subject: "Larkspur", predicate: "uses", object: "CockroachDB" }],
        }),
      ],
    });
    const memory = await createMemory({ dir, env: {}, model });
    const scope = { userId: "u1" };
    await memory.remember({
      scope,
      messages: [{ id: "m1", role: "user", content: "Ines shepherds the Larkspur rollout.", at: AT }],
    });
    await memory.remember({
      scope,
      messages: [{ id: "m2", role: "user", content: "Larkspur keeps its data in CockroachDB.", at: AT }],
    });
    const facts = await (memory.store as HNSWStore).factsAbout(scopeNamespace(scope), ["larkspur"], { limit: 10 });
    expect(facts.map((f) => `${f.subjectKey} ${f.predicate} ${f.objectKey}`).sort()).toEqual([
      "ines leads larkspur",
      "larkspur uses cockroachdb",
    ]);
    const { memories, traceId } = await memory.recall({
      scope,
      query: "Which database does the project Ines leads use?",
    });
    expect(memories.some((m) => /CockroachDB/.test(m.content))).toBe(true);
    const trace = await memory.trace(scope, traceId);
    expect(trace.conditions?.find((c) => c.kind === "relation")?.detail).toMatch(/Larkspur uses CockroachDB/);
    await memory.close();
  });

  it("keeps no relation of an assistant's claim, and gives a restated rule candidate the model's", async () => {
    const messages: ChatMessage[] = [
      { id: "u1", role: "user", content: "I don't eat cilantro.", at: AT },
      { id: "a1", role: "assistant", content: "Atlas probably runs on Redis.", at: AT },
    ];
    const model = new FakeListChatModel({
      responses: [
        reply(
          {
            kind: "preference",
            key: "food.cilantro",
            content: "The user does not eat cilantro",
            positive: false,
            confidence: 0.9,
            messageIds: ["u1"],
            stated: true,
            facts: [{ subject: "user", predicate: "avoids", object: "cilantro" }],
          },
          {
            kind: "fact",
            key: "project.atlas.stack",
            content: "Atlas runs on Redis",
            confidence: 0.6,
            messageIds: ["a1"],
            facts: [{ subject: "Atlas", predicate: "uses", object: "Redis" }],
          },
        ),
      ],
    });
    const { candidates } = await extractCandidates(messages, { model });
    const cilantro = candidates.filter((c) => /cilantro/.test(c.content));
    expect(cilantro).toHaveLength(1);
    expect(cilantro[0]!.extractor).not.toBe("model");
    expect(cilantro[0]!.facts).toEqual([{ subject: "user", predicate: "avoids", object: "cilantro" }]);
    const atlas = candidates.find((c) => /Redis/.test(c.content));
    expect(atlas?.sourceType).toBe("agent_generated");
    expect(atlas?.facts).toBeUndefined();
  });
});
