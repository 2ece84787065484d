import { describe, expect, it, vi } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { knowledgeNamespace, recordsNamespace } from "../../src/namespaces.js";
import { estimateTokens } from "../../src/recall/budget.js";
import { KNOWLEDGE_BLOCK_TAG, MEMORY_BLOCK_TAG } from "../../src/recall/injection.js";
import { chunkDocument } from "../../src/recall/knowledge.js";
import { makeRecord, recallerWith } from "./helpers.js";

const acme = { userId: "u_kb", tenantId: "acme" };

const returnPolicy = (version: string, days: number) => ({
  id: "kb_ret_001",
  content: `消费者自收到商品之日起${days}日内，可申请无理由退货。定制商品除外。`,
  source: "help-center/return-policy",
  version,
  category: "after-sales",
});

function section(context: string, tag: string): string {
  const start = context.indexOf(`<${tag}>`);
  return start < 0 ? "" : context.slice(start, context.indexOf(`</${tag}>`));
}

describe("the knowledge layer (seed 003 §2.1)", () => {
  it("publishes versions: the new one is recalled, the previous one deactivated but kept", async () => {
    const { store, recaller } = await recallerWith([]);
    const first = await recaller.knowledge.import([returnPolicy("1.2", 7)], { tenantId: "acme" });
    expect(first).toEqual({ imported: [{ id: "kb_ret_001", version: "1.2", chunks: 1 }], deactivated: [] });

    const v12 = await recaller.recall({ scope: acme, query: "无理由退货 几天" });
    expect(v12.knowledge.map((k) => k.version)).toEqual(["1.2"]);

    const second = await recaller.knowledge.import([returnPolicy("1.3", 15)], { tenantId: "acme" });
    expect(second.deactivated).toEqual([{ id: "kb_ret_001", version: "1.2", chunks: 1 }]);

    const v13 = await recaller.recall({ scope: acme, query: "无理由退货 几天" });
    expect(v13.knowledge).toHaveLength(1);
    expect(v13.knowledge[0]).toMatchObject({
      docId: "kb_ret_001",
      version: "1.3",
      source: "help-center/return-policy",
      isActive: true,
    });
    expect(v13.context).toContain("[知识][help-center/return-policy v1.3] 消费者自收到商品之日起15日内");
    expect(v13.context).not.toContain("7日内");

    const all = await recaller.knowledge.list({ tenantId: "acme", includeInactive: true });
    expect(all.map((d) => [d.version, d.isActive])).toEqual([
      ["1.2", false],
      ["1.3", true],
    ]);
    expect((await recaller.knowledge.list({ tenantId: "acme" })).map((d) => d.version)).toEqual(["1.3"]);
    expect((await store.search(knowledgeNamespace("acme"), { limit: 10 })).length).toBe(2);
  });

  it("re-importing the same version replaces its chunks; rollback re-publishes an older version", async () => {
    const { recaller } = await recallerWith([]);
    await recaller.knowledge.import([returnPolicy("1.2", 7)], { tenantId: "acme" });
    await recaller.knowledge.import([returnPolicy("1.3", 15)], { tenantId: "acme" });
    await recaller.knowledge.import([returnPolicy("1.3", 15)], { tenantId: "acme" });
    expect(await recaller.knowledge.list({ tenantId: "acme", includeInactive: true })).toHaveLength(2);
    const rollback = await recaller.knowledge.import([returnPolicy("1.2", 7)], { tenantId: "acme" });
    expect(rollback.deactivated).toEqual([{ id: "kb_ret_001", version: "1.3", chunks: 1 }]);
    expect((await recaller.recall({ scope: acme, query: "无理由退货" })).knowledge[0]!.version).toBe("1.2");
  });

  it("is labelled as knowledge, in its own section, never mixed with personal memory", async () => {
    const { store, recaller } = await recallerWith([
      makeRecord(acme, { key: "return.history", content: "用户上个月退过一次货，嫌麻烦" }),
    ]);
    await recaller.knowledge.import([returnPolicy("1.3", 15)], { tenantId: "acme" });
    const { memories, knowledge, context } = await recaller.recall({ scope: acme, query: "退货" });
    expect(memories).toHaveLength(1);
    expect(knowledge).toHaveLength(1);
    expect(section(context, MEMORY_BLOCK_TAG)).toContain("用户上个月退过一次货");
    expect(section(context, MEMORY_BLOCK_TAG)).not.toContain("[知识]");
    expect(section(context, KNOWLEDGE_BLOCK_TAG)).toContain("[知识]");
    expect(section(context, KNOWLEDGE_BLOCK_TAG)).not.toContain("用户上个月退过一次货");
    // Knowledge never lands in a user's records, and recall never writes knowledge.
    expect((await store.search(recordsNamespace(acme), { limit: 10 })).every((item) => !("docId" in item.value))).toBe(
      true,
    );
    const put = vi.spyOn(store, "put");
    const batch = vi.spyOn(store, "batch");
    await recaller.recall({ scope: acme, query: "退货" });
    await recaller.settled();
    const writes = [
      ...put.mock.calls.map((c) => c[0]),
      ...batch.mock.calls.flatMap((c) =>
        c[0].filter((op) => "value" in op).map((op) => (op as { namespace: string[] }).namespace),
      ),
    ];
    expect(writes.every((ns) => ns[0] !== "knowledge")).toBe(true);
  });

  it("is per tenant, and can be switched off per call", async () => {
    const { recaller } = await recallerWith([]);
    await recaller.knowledge.import([returnPolicy("1.3", 15)], { tenantId: "acme" });
    expect((await recaller.recall({ scope: { userId: "u_kb", tenantId: "globex" }, query: "退货" })).knowledge).toEqual(
      [],
    );
    expect((await recaller.recall({ scope: acme, query: "退货", includeKnowledge: false })).knowledge).toEqual([]);
  });

  it("chunks long documents and recalls chunks under the 1200-token knowledge budget", async () => {
    const paragraph = (i: number) =>
      `第${i}条退换货规则：商品在签收后若出现质量问题，用户可以在规定时间内联系客服申请换货或退款，客服需要在二十四小时内响应并给出处理方案，运费由商家承担。`;
    const content = Array.from({ length: 30 }, (_, i) => paragraph(i)).join("\n\n");
    const chunks = chunkDocument(content, 240);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.every((c) => estimateTokens(c) <= 240)).toBe(true);
    expect(chunks.join("\n\n")).toBe(content);

    const { recaller } = await recallerWith([]);
    const report = await recaller.knowledge.import(
      [{ id: "kb_rules", content, source: "policy/returns", version: 2 }],
      { tenantId: "acme" },
    );
    expect(report.imported[0]).toEqual({ id: "kb_rules", version: "2", chunks: chunks.length });
    const { knowledge, context } = await recaller.recall({ scope: acme, query: "质量问题 换货 退款 客服" });
    expect(knowledge.length).toBeGreaterThan(0);
    expect(knowledge.length).toBeLessThanOrEqual(5);
    const lines = section(context, KNOWLEDGE_BLOCK_TAG)
      .split("\n")
      .filter((l) => l.startsWith("["));
    expect(lines.reduce((sum, l) => sum + estimateTokens(l), 0)).toBeLessThanOrEqual(1200);
  });

  it("splits an over-long paragraph between sentences", () => {
    const sentence = "This sentence is about returns and refunds for damaged goods. ";
    const chunks = chunkDocument(sentence.repeat(40).trim(), 60);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.endsWith("goods.") && estimateTokens(c) <= 60)).toBe(true);
  });

  it("validates documents before writing anything", async () => {
    const { store, recaller } = await recallerWith([]);
    await expect(
      recaller.knowledge.import([returnPolicy("1.3", 15), { id: "bad", content: "", source: "x", version: "1" }]),
    ).rejects.toThrow(InvalidInputError);
    await expect(recaller.knowledge.import([{ id: "a#b", content: "x", source: "x", version: "1" }])).rejects.toThrow(
      InvalidInputError,
    );
    await expect(recaller.knowledge.import([returnPolicy("1", 7), returnPolicy("2", 8)])).rejects.toThrow(/Duplicate/);
    expect(await store.search(knowledgeNamespace(), { limit: 10 })).toEqual([]);
  });
});
