import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { EXPORT_VERSION, type MemoryExport, MemoryExportSchema } from "../../src/export/document.js";
import type { Memory } from "../../src/memory.js";
import { scopeNamespace } from "../../src/namespaces.js";
import { indexedRecords } from "../../src/write/conflict/key-index.js";
import { ALICE, filesContaining, openedPerTest, said, WANG } from "../forget/helpers.js";
import { tempDir } from "../helpers/store.js";

const open = openedPerTest();

const API_KEY = "sk-proj-Ab3dEf9hIj2kLm4nOp6qRs8tUv0wXy1zAb3dEf9hIj2k";
const CARD = "4111 1111 1111 1111";

async function seed(memory: Memory) {
  await memory.remember({
    scope: WANG,
    messages: [
      said("我不吃香菜，点外卖记得备注。"),
      said("I prefer SF Express for shipping."),
      said(`My OpenAI key is ${API_KEY}, remember it for the deploy script.`),
      said(`Always pay with my card ${CARD} when you order.`),
    ],
  });
  await memory.remember({
    scope: WANG,
    messages: [said("Actually I switched, I now prefer JD Logistics for shipping.")],
  });
}

/** Through a file, as a user would move it. */
function viaFile(doc: unknown): unknown {
  const file = path.join(tempDir(), "export.json");
  fs.writeFileSync(file, JSON.stringify(doc));
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

describe("memory.export / memory.import", () => {
  it("round-trips a user: export → forget → import, recall finds the memories, history intact", async () => {
    const { memory } = await open();
    await seed(memory);
    const records = await memory.list(WANG, { about: "any" });
    const histories = new Map(
      await Promise.all(records.map(async (r) => [r.id, await memory.history(WANG, r.id)] as const)),
    );
    expect(records.some((r) => r.status === "superseded")).toBe(true);
    expect(records.some((r) => r.about === "conversation")).toBe(true);

    const doc = await memory.export(WANG);
    expect(MemoryExportSchema.parse(doc)).toEqual(doc);
    expect(doc).toMatchObject({ version: EXPORT_VERSION, scope: WANG });
    expect(byId(doc.records)).toEqual(byId(records));

    await memory.forget(WANG);
    expect(await memory.list(WANG, { about: "any" })).toEqual([]);
    const report = await memory.import(WANG, viaFile(doc));

    expect(report).toEqual({
      records: records.filter((r) => r.about !== "conversation").length,
      episodes: records.filter((r) => r.about === "conversation").length,
      history: doc.history.length,
    });
    expect(byId(await memory.list(WANG, { about: "any" }))).toEqual(byId(records));
    for (const r of records) expect(await memory.history(WANG, r.id)).toEqual(histories.get(r.id));
    const recalled = await memory.recall({ scope: WANG, query: "帮我点外卖" });
    expect(recalled.memories.some((m) => m.content.includes("香菜"))).toBe(true);
  });

  it("brings the key index back: a new value of an imported memory's key supersedes it", async () => {
    const { memory } = await open();
    const sf = (await memory.remember({ scope: WANG, messages: [said("I prefer SF Express for shipping.")] }))
      .written[0]!;
    const doc = await memory.export(WANG);
    await memory.forget(WANG);
    await memory.import(WANG, viaFile(doc));
    const [indexed] = await indexedRecords(memory.store, WANG, [{ prefix: sf.key, exact: true }], 5);
    expect(indexed!.map((r) => r.id)).toEqual([sf.id]);
    const next = await memory.remember({
      scope: WANG,
      messages: [said("Actually I switched, I now prefer JD Logistics for shipping.")],
    });
    expect(next.superseded.map((r) => r.id)).toEqual([sf.id]);
    expect(await memory.get(WANG, sf.id)).toMatchObject({ status: "superseded" });
  });

  it("imports into another scope of another deployment", async () => {
    const { memory } = await open();
    await seed(memory);
    const doc = await memory.export(WANG);
    const { memory: other, dir: otherDir } = await open();

    await other.import(ALICE, viaFile(doc));

    const imported = await other.list(ALICE, { about: "any" });
    expect(imported.length).toBe(doc.records.length);
    for (const r of imported) expect(r.scope).toEqual(ALICE);
    for (const entry of (await other.export(ALICE)).history) {
      if (entry.after) expect(entry.after.scope).toEqual(ALICE);
    }
    expect(await other.list(WANG, { about: "any" })).toEqual([]);
    expect((await other.recall({ scope: ALICE, query: "shipping carrier" })).memories.length).toBeGreaterThan(0);
    await other.close();
    expect(filesContaining(otherDir, "wang")).toEqual([]);
  });

  it("never exports a raw secret, and redacts one in an imported document", async () => {
    const { memory } = await open();
    await seed(memory);
    const text = JSON.stringify(await memory.export(WANG));
    expect(text).toContain("[API_KEY]");
    for (const secret of [API_KEY, "Ab3dEf9hIj2k", CARD, "4111111111111111", "4111 1111"])
      expect(text).not.toContain(secret);

    const doc = (await memory.export(WANG)) as MemoryExport;
    const forged = structuredClone(doc);
    forged.records[0]!.content = `The user's backup card is ${CARD}`;
    await memory.import(ALICE, forged);
    const stored = await memory.get(ALICE, forged.records[0]!.id);
    expect(stored?.content).toBe("The user's backup card is [BANK_CARD]");
  });

  it("refuses a malformed or newer document with a typed error and writes nothing", async () => {
    const { memory } = await open();
    await seed(memory);
    const doc = await memory.export(WANG);
    const target = { userId: "newcomer", tenantId: "acme" };
    const bad: Array<[string, unknown]> = [
      ["not an object", "hello"],
      ["wrong format", { ...doc, format: "mem0/export" }],
      ["newer version", { ...doc, version: EXPORT_VERSION + 1 }],
      ["missing history", { ...doc, history: undefined }],
      ["an unknown field", { ...doc, extra: true }],
      // The last record is broken: everything before it must not have been written either.
      ["a bad record", { ...doc, records: [...doc.records, { ...doc.records[0]!, id: "x", status: "exploded" }] }],
      [
        "superseded without supersededBy",
        { ...doc, records: [...doc.records, { ...doc.records[0]!, id: "y", status: "superseded" }] },
      ],
      ["a duplicate record id", { ...doc, records: [...doc.records, doc.records[0]] }],
      ["a duplicate history id", { ...doc, history: [...doc.history, doc.history[0]] }],
    ];
    for (const [label, document] of bad) {
      const error = await memory.import(target, document).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, label).toBeInstanceOf(InvalidInputError);
    }
    const newer = await memory.import(target, { ...doc, version: 2 }).catch((e: Error) => e.message);
    expect(newer).toMatch(/version 2 is newer/);
    expect(await memory.list(target, { about: "any" })).toEqual([]);
    expect(await memory.store.listNamespaces({ prefix: scopeNamespace(target) })).toEqual([]);
  });
});
