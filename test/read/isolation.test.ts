import { describe, expect, it } from "vitest";
import { createReadGraph } from "../../graphs/read.js";
import { InvalidInputError, NotFoundError } from "../../src/errors.js";
import { RECORD_INDEX_FIELDS } from "../../src/namespaces.js";
import { HNSWStore } from "../../src/store/hnsw-store.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { tempDir } from "../helpers/store.js";
import { ON_POSTGRES } from "../helpers/suite-store.js";
import { makeRecord, recallerWith } from "./helpers.js";

// seed 003 §5.5: "用三个不同用户身份发起针对同一话题的查询，断言返回的个性化记忆与用户完全对应".
const users = [
  { userId: "alice", tenantId: "acme" },
  { userId: "bob", tenantId: "acme" },
  { userId: "carol", tenantId: "globex" },
];

function sameTopicRecords() {
  return users.flatMap((scope) => [
    makeRecord(scope, {
      id: `${scope.userId}_coffee`,
      key: "drink.coffee",
      content: `${scope.userId} 每天喝咖啡，偏好美式咖啡`,
    }),
    makeRecord(scope, {
      id: `${scope.userId}_reply`,
      key: "reply.style",
      content: `The user ${scope.userId} prefers coffee chats and short replies`,
    }),
    makeRecord(scope, {
      id: `${scope.userId}_ship`,
      key: "shipping.carrier",
      kind: "fact",
      content: "用户的咖啡豆快递用顺丰",
    }),
  ]);
}

describe("isolation: three users on the same topic", () => {
  it.each([
    // The suite's store: PostgreSQL in the graph suites' second run (LGM_TEST_STORE=postgres).
    [ON_POSTGRES ? "PostgresStore" : "InMemoryStore", () => undefined],
    [
      "HNSWStore",
      () =>
        new HNSWStore({
          dir: tempDir("lgm-read-"),
          index: { dims: 128, embeddings: new HashEmbeddings({ dims: 128 }), fields: RECORD_INDEX_FIELDS },
          flushIntervalMs: 0,
        }),
    ],
  ])("returns zero memories of another user (%s)", async (_name, makeStore) => {
    const store = makeStore();
    const { recaller } = await recallerWith(sameTopicRecords(), store ? { store } : {});
    for (const scope of users) {
      for (const query of ["咖啡", "coffee and short replies", "顺丰快递", "美式"]) {
        const result = await recaller.recall({ scope, query, limit: 10 });
        expect(result.memories.length).toBeGreaterThan(0);
        for (const memory of result.memories) {
          expect(memory.scope).toEqual(scope);
          expect(memory.id.startsWith(`${scope.userId}_`)).toBe(true);
        }
        const others = users.filter((u) => u !== scope).map((u) => u.userId);
        for (const other of others) expect(result.context).not.toContain(`${other} `);
        // Nothing outside the scope was even a candidate (scope is applied inside the store query).
        const trace = await recaller.trace(scope, result.traceId);
        expect(trace.memories.every((m) => m.id.startsWith(`${scope.userId}_`))).toBe(true);
      }
    }
    store?.stop();
  });

  it("keeps the same user id in two tenants apart", async () => {
    const a = { userId: "sam", tenantId: "acme" };
    const b = { userId: "sam", tenantId: "globex" };
    const { recaller } = await recallerWith([
      makeRecord(a, { id: "acme_sam", key: "drink.tea", content: "用户喜欢喝绿茶" }),
      makeRecord(b, { id: "globex_sam", key: "drink.tea", content: "用户喜欢喝红茶" }),
    ]);
    expect((await recaller.recall({ scope: a, query: "喝茶" })).memories.map((m) => m.id)).toEqual(["acme_sam"]);
    expect((await recaller.recall({ scope: b, query: "喝茶" })).memories.map((m) => m.id)).toEqual(["globex_sam"]);
  });

  it("a trace cannot be read from another user's scope", async () => {
    const { recaller } = await recallerWith(sameTopicRecords());
    const { traceId } = await recaller.recall({ scope: users[0]!, query: "咖啡" });
    await expect(recaller.trace(users[1]!, traceId)).rejects.toThrow(NotFoundError);
  });

  it("the read graph takes its scope from config.configurable and refuses to run without one", async () => {
    const { store } = await recallerWith(sameTopicRecords());
    const graph = createReadGraph({ store });
    const out = await graph.invoke({ query: "咖啡" }, { configurable: { user_id: "bob", tenant_id: "acme" } });
    expect(out.memories.length).toBeGreaterThan(0);
    expect(out.memories.every((m) => m.scope.userId === "bob")).toBe(true);
    await expect(graph.invoke({ query: "咖啡" }, { configurable: {} })).rejects.toThrow(InvalidInputError);
  });
});
