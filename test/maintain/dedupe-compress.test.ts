import { FakeListChatModel } from "@langchain/core/utils/testing";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_SOURCE_IDS } from "../../src/maintain/clusters.js";
import { MAX_MODEL_PARTS } from "../../src/maintain/compression.js";
import type { Memory } from "../../src/memory.js";
import { daysAgo, makeRecord, openMemory, SCOPE, seed, statuses } from "./helpers.js";

let memory: Memory | undefined;
afterEach(async () => {
  await memory?.close();
  memory = undefined;
});

describe("cluster dedupe", () => {
  it("merges near-duplicates into the most confident one, uses and sources added", async () => {
    ({ memory } = await openMemory());
    const plain = makeRecord({ key: "drink.coffee", content: "用户喜欢喝美式咖啡", confidence: 0.7, accessCount: 2 });
    const fuller = makeRecord({
      key: "drink.coffee",
      content: "用户喜欢喝美式咖啡不加糖",
      confidence: 0.9,
      accessCount: 3,
    });
    await seed(memory, [plain, fuller]);
    const report = await memory.maintain({ scope: SCOPE });
    expect(report.scopes[0]!.merged).toEqual([{ targetId: fuller.id, mergedIds: [plain.id] }]);
    const target = await memory.get(SCOPE, fuller.id);
    expect(target).toMatchObject({ status: "active", accessCount: 5, content: "用户喜欢喝美式咖啡不加糖" });
    expect(target!.source.messageIds.sort()).toEqual([...plain.source.messageIds, ...fuller.source.messageIds].sort());
    expect(await memory.get(SCOPE, plain.id)).toMatchObject({ status: "superseded", supersededBy: fuller.id });
    expect((await memory.history(SCOPE, plain.id)).at(-1)).toMatchObject({ action: "supersede", relatedId: fuller.id });
  });

  it("never merges across subjects, speakers or stances, however alike the words", async () => {
    ({ memory } = await openMemory());
    const anna = makeRecord({
      kind: "fact",
      key: "colleague.anna.city",
      content: "The colleague moved to Berlin last week",
    });
    const ben = makeRecord({
      kind: "fact",
      key: "colleague.ben.city",
      content: "The colleague moved to Berlin last week",
    });
    const mine = makeRecord({
      key: "drink.tea",
      content: "Likes green tea in the morning",
      source: { type: "explicit", messageIds: ["a"], speaker: "Mia" },
    });
    const theirs = makeRecord({
      key: "drink.tea",
      content: "Likes green tea in the morning",
      source: { type: "explicit", messageIds: ["b"], speaker: "Leo" },
    });
    const likes = makeRecord({ key: "food.like", content: "用户喜欢吃香菜" });
    const dislikes = makeRecord({ key: "food.dislike", content: "用户不喜欢吃香菜香菜" });
    await seed(memory, [anna, ben, mine, theirs, likes, dislikes]);
    const report = await memory.maintain({ scope: SCOPE });
    expect(report.scopes[0]!.merged).toEqual([]);
    expect(
      await statuses(
        memory,
        [anna, ben, mine, theirs, likes, dislikes].map((r) => r.id),
      ),
    ).toEqual(Array(6).fill("active"));
  });
});

describe("capacity with layered compression", () => {
  const details = () =>
    Array.from({ length: 8 }, (_, i) =>
      makeRecord({
        key: `travel.detail_${i}`,
        content: `The user once visited city number ${i} on a trip`,
        // The first four are the least sure and the longest unused.
        confidence: i < 4 ? 0.5 : 0.9,
        observedAt: daysAgo(i < 4 ? 60 : 5),
      }),
    );

  it("summarises the lowest-priority details of a topic: 8 → 4 + 1, sources united", async () => {
    ({ memory } = await openMemory({ maintenance: { maxActive: 4 } }));
    const records = details();
    await seed(memory, records);
    const report = await memory.maintain({ scope: SCOPE });
    const [compressed] = report.scopes[0]!.compressed;
    expect(compressed).toMatchObject({ topic: "travel", summarisedBy: "extractive" });
    expect(compressed!.compressedIds.sort()).toEqual(
      records
        .slice(0, 4)
        .map((r) => r.id)
        .sort(),
    );
    const active = await memory.list(SCOPE, { status: "active" });
    expect(active).toHaveLength(5);
    const summary = active.find((r) => r.id === compressed!.summaryId)!;
    expect(summary.key).toBe("travel._summary");
    expect(summary.content).toContain("city number 0");
    expect(summary.source.messageIds.sort()).toEqual(
      records
        .slice(0, 4)
        .flatMap((r) => r.source.messageIds)
        .sort(),
    );
    expect(
      await statuses(
        memory,
        records.slice(0, 4).map((r) => r.id),
      ),
    ).toEqual(Array(4).fill("superseded"));
  });

  it("does nothing at or under the cap", async () => {
    ({ memory } = await openMemory({ maintenance: { maxActive: 8 } }));
    await seed(memory, details());
    expect((await memory.maintain({ scope: SCOPE })).scopes[0]!.compressed).toEqual([]);
    expect(await memory.list(SCOPE, { status: "active" })).toHaveLength(8);
  });

  it("asks a configured model once per summary, and falls back when its answer is invalid", async () => {
    const model = new FakeListChatModel({ responses: ['{"summary":"The user visited cities 0 to 3."}'] });
    ({ memory } = await openMemory({ model, maintenance: { maxActive: 4 } }));
    await seed(memory, details());
    const [compressed] = (await memory.maintain({ scope: SCOPE })).scopes[0]!.compressed;
    expect(compressed!.summarisedBy).toBe("model");
    expect((await memory.get(SCOPE, compressed!.summaryId))!.content).toBe("The user visited cities 0 to 3.");
    await memory.close();

    const broken = new FakeListChatModel({ responses: ['{"summary":""}'] });
    ({ memory } = await openMemory({ model: broken, maintenance: { maxActive: 4 } }));
    await seed(memory, details());
    const [fallback] = (await memory.maintain({ scope: SCOPE })).scopes[0]!.compressed;
    expect(fallback!.summarisedBy).toBe("extractive");
  });

  it("keeps a summary within what recall injects, and a model call within MAX_MODEL_PARTS details", async () => {
    const many = Array.from({ length: MAX_MODEL_PARTS + 12 }, (_, i) =>
      makeRecord({
        key: `travel.detail_${i}`,
        content: `The user once visited the harbour town number ${i} on a long summer trip`,
        confidence: 0.5,
        observedAt: daysAgo(60),
      }),
    );
    const model = new FakeListChatModel({ responses: ['{"summary":"never asked"}'] });
    ({ memory } = await openMemory({ model, maintenance: { maxActive: 2 } }));
    await seed(memory, many);
    const [compressed] = (await memory.maintain({ scope: SCOPE })).scopes[0]!.compressed;
    expect(compressed!.compressedIds.length).toBeGreaterThan(MAX_MODEL_PARTS);
    expect(compressed!.summarisedBy).toBe("extractive");
    const summary = (await memory.get(SCOPE, compressed!.summaryId))!;
    expect(summary.content.length).toBeLessThanOrEqual(600);
    expect(summary.content).toMatch(/and \d+ more$/);
    // Every detail's source is kept, however short the sentence.
    expect(summary.source.messageIds).toHaveLength(compressed!.compressedIds.length);
  });

  it("lists at most MAX_SOURCE_IDS sources on a summary, counts the rest, and lists each pass's in its history", async () => {
    const harbour = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        makeRecord({
          key: `travel.detail_${from + i}`,
          content: `The user once visited the harbour town number ${from + i}`,
          confidence: 0.5,
          observedAt: daysAgo(60),
        }),
      );
    const first = harbour(0, MAX_SOURCE_IDS + 30);
    ({ memory } = await openMemory({ maintenance: { maxActive: 2 } }));
    await seed(memory, first);
    const [compressed] = (await memory.maintain({ scope: SCOPE })).scopes[0]!.compressed;
    const summary = (await memory.get(SCOPE, compressed!.summaryId))!;
    expect(summary.source.messageIds).toHaveLength(MAX_SOURCE_IDS);
    expect(summary.source.messageCount).toBe(compressed!.compressedIds.length);
    const added = (await memory.history(SCOPE, summary.id)).find((entry) => entry.action === "add")!;
    expect(added.messageIds).toHaveLength(compressed!.compressedIds.length);

    // A second pass folds the earlier summary in: its count carries, its head is not repeated.
    const second = harbour(1000, 10);
    await seed(memory, second);
    const [again] = (await memory.maintain({ scope: SCOPE })).scopes[0]!.compressed;
    const folded = (await memory.get(SCOPE, again!.summaryId))!;
    expect(folded.source.messageIds).toHaveLength(MAX_SOURCE_IDS);
    expect(folded.source.messageCount).toBe(compressed!.compressedIds.length + again!.compressedIds.length);
    expect(folded.content.match(/Summary of earlier memories/g)).toHaveLength(1);
    expect(folded.content).toContain("harbour town number 1000");
    const total = Number(/and (\d+) more$/.exec(folded.content)![1]);
    const quoted = folded.content.split("; ").length - 1;
    expect(quoted + total).toBe(compressed!.compressedIds.length + again!.compressedIds.length);
    expect(await memory.get(SCOPE, summary.id)).toMatchObject({ status: "superseded", supersededBy: folded.id });
  });
});
